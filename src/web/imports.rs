//! Whole tournaments in as Tengen, OpenGotha, MacMahon (AutoKorsak) or EGF
//! results (h9) files, and out as Tengen, OpenGotha and MacMahon files.
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /tournaments/import`, `POST /tournaments/import` | [`show_import`], [`import_tournament`] | organisers |
//! | `GET /t/{short}/export/opengotha.xml` | [`export_opengotha`] | organisers |
//! | `GET /t/{short}/export/macmahon.xml` | [`export_macmahon`] | organisers |
//! | `GET /t/{short}/export/tournament.json` | [`export_tengen`] | organisers |

use askama::Template;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;

use super::AppState;
use super::access::authorise;
use super::auth::SignedIn;
use super::error::{WebError, WebResult};
use super::files::{self, FileKind, FileOptions};
use super::flash::Flash;
use super::import_words::{problem_words, unread_message};
use super::page::{Ctx, Layout, render, render_invalid};
use super::urls;
use crate::core::access::Action;
use crate::desk::Account;
use crate::desk::imports;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/tournaments/import",
            get(show_import).post(import_tournament),
        )
        .layer(DefaultBodyLimit::max(super::security::IMPORT_MAX))
        .route("/t/{short}/export/opengotha.xml", get(export_opengotha))
        .route("/t/{short}/export/macmahon.xml", get(export_macmahon))
        .route("/t/{short}/export/tournament.json", get(export_tengen))
}

#[derive(Template)]
#[template(path = "tournaments/import.html")]
struct ImportPage {
    layout: Layout,
    error: String,
    /// One message per malformed line (an h9 file names them all).
    problems: Vec<String>,
    time_zone: String,
}

/// An import that went through with things of the file not carried over.
#[derive(Template)]
#[template(path = "tournaments/imported.html")]
struct ImportedPage {
    layout: Layout,
    done: String,
    unread: Vec<String>,
    link: String,
}

fn may_organise(ctx: &Ctx) -> WebResult<()> {
    match &ctx.user {
        Some(u) if u.may_create_tournament() => Ok(()),
        _ => Err(WebError::Forbidden),
    }
}

async fn show_import(SignedIn(_): SignedIn, ctx: Ctx) -> WebResult<Html<String>> {
    may_organise(&ctx)?;
    render(&ImportPage {
        layout: Layout::new(&ctx, "import.title"),
        error: String::new(),
        problems: Vec::new(),
        // Empty: the import takes it from the file (see `imports::import_tournament`).
        time_zone: String::new(),
    })
}

/// Creates a tournament from an OpenGotha, MacMahon, h9 or Tengen file:
/// everything or, on any problem, nothing, with the file's lines named.
/// What the file holds that Tengen has no place for is listed on a page
/// of its own before the tournament.
async fn import_tournament(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    mut multipart: Multipart,
) -> WebResult<Response> {
    may_organise(&ctx)?;
    let mut file = Vec::new();
    let mut time_zone = String::new();
    let mut short_name = String::new();
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|_| WebError::BadUpload)?
    {
        match field.name() {
            Some("file") => {
                file = field
                    .bytes()
                    .await
                    .map_err(|_| WebError::BadUpload)?
                    .to_vec()
            }
            Some("time_zone") => time_zone = field.text().await.map_err(|_| WebError::BadUpload)?,
            Some("short_name") => {
                short_name = field.text().await.map_err(|_| WebError::BadUpload)?
            }
            _ => {}
        }
    }
    let refuse = |error: String, problems: Vec<String>, time_zone: &str| -> WebResult<Response> {
        let page = ImportPage {
            layout: Layout::new(&ctx, "import.title"),
            error,
            problems,
            time_zone: time_zone.to_string(),
        };
        Ok(render_invalid(&page)?.into_response())
    };
    let created = match imports::import_tournament(
        &app.store,
        app.config.limits,
        me.account_id,
        file,
        Some(&short_name),
        time_zone.trim(),
    )
    .await?
    {
        Ok(created) => created,
        Err(problem) => {
            let (message, problems) = problem_words(ctx.lang, &problem);
            return refuse(message, problems, &time_zone);
        }
    };
    let state = super::view::load(&app, created.row.tournament_id).await?;
    let (players, rounds) = (state.players().len(), state.settings().number_of_rounds);
    let link = urls::tournament(&created.row.short_name);
    if !created.unread.is_empty() {
        let page = ImportedPage {
            layout: Layout::new(&ctx, "import.title"),
            done: ctx.lang.tf(
                "import.done.title",
                &[
                    ("players", players.to_string()),
                    ("rounds", rounds.to_string()),
                ],
            ),
            unread: created
                .unread
                .iter()
                .map(|u| unread_message(ctx.lang, u))
                .collect(),
            link,
        };
        return Ok(render(&page)?.into_response());
    }
    Ok((
        Flash::new("notice.imported")
            .arg("players", players)
            .arg("rounds", rounds),
        Redirect::to(&link),
    )
        .into_response())
}

/// The tournament as a whole file (OpenGotha, MacMahon or Tengen's own).
async fn whole_file(
    app: &AppState,
    short: &str,
    me: Account,
    kind: FileKind,
) -> WebResult<Response> {
    let access = authorise(app, short, me, Action::EditSettings).await?;
    let file = files::export(app, &access, kind, FileOptions::default()).await?;
    Ok(file.into_response())
}

/// The tournament as an OpenGotha file, to open in OpenGotha or keep as a backup.
async fn export_opengotha(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
) -> WebResult<Response> {
    whole_file(&app, &short, me, FileKind::OpenGotha).await
}

/// The tournament as a MacMahon 3.10 file, to go back to MacMahon or
/// AutoKorsak mid-event.
async fn export_macmahon(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
) -> WebResult<Response> {
    whole_file(&app, &short, me, FileKind::MacMahon).await
}

/// The whole tournament in Tengen's own format, sanctions, appeals, staff
/// and log included.
async fn export_tengen(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
) -> WebResult<Response> {
    whole_file(&app, &short, me, FileKind::Tengen).await
}
