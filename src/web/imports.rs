//! Whole tournaments in and out as OpenGotha files.
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /tournaments/import`, `POST /tournaments/import` | [`show_import`], [`import_tournament`] | organisers |
//! | `GET /t/{short}/export/opengotha.xml` | [`export_opengotha`] | organisers |

use askama::Template;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;

use super::AppState;
use super::auth::SignedIn;
use super::error::{WebError, WebResult};
use super::flash::Flash;
use super::page::{Ctx, Layout, render, render_invalid};
use super::tournaments::authorise;
use crate::core::access::Action;
use crate::core::formats::opengotha;
use crate::ops::{self, ImportProblem};

/// The largest file accepted; egc2013.xml, 594 players and 10 rounds, is under 1 MB.
const MAX_UPLOAD: usize = 32 << 20;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/tournaments/import",
            get(show_import).post(import_tournament),
        )
        .layer(DefaultBodyLimit::max(MAX_UPLOAD))
        .route("/t/{short}/export/opengotha.xml", get(export_opengotha))
}

#[derive(Template)]
#[template(path = "tournaments/import.html")]
struct ImportPage {
    layout: Layout,
    error: String,
    time_zone: String,
}

fn may_organise(ctx: &Ctx) -> WebResult<()> {
    match &ctx.user {
        Some(u) if u.is_organiser || u.is_admin => Ok(()),
        _ => Err(WebError::Forbidden),
    }
}

async fn show_import(SignedIn(_): SignedIn, ctx: Ctx) -> WebResult<Html<String>> {
    may_organise(&ctx)?;
    render(&ImportPage {
        layout: Layout::new(&ctx, "import.title"),
        error: String::new(),
        // Empty: the import takes it from the file (see `ops::import_opengotha`).
        time_zone: String::new(),
    })
}

/// Creates a tournament from an OpenGotha file: everything or, on any
/// problem, nothing, with the file's line named.
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
    let refuse = |error: String, time_zone: &str| -> WebResult<Response> {
        let page = ImportPage {
            layout: Layout::new(&ctx, "import.title"),
            error,
            time_zone: time_zone.to_string(),
        };
        Ok(render_invalid(&page)?.into_response())
    };
    let created = match ops::import_opengotha(
        &app.store,
        me.account_id,
        &file,
        Some(&short_name),
        time_zone.trim(),
    )
    .await?
    {
        Ok(created) => created,
        Err(problem) => {
            let message = match &problem {
                ImportProblem::BadFile { line, problem } => {
                    format!("{} {line}: {problem}", ctx.lang.t("import.error_line"))
                }
                ImportProblem::BadShortName => ctx.lang.t("import.error_short_name"),
                ImportProblem::ShortNameTaken => ctx.lang.t("import.error_short_name_taken"),
                ImportProblem::BadTimeZone => ctx.lang.t("tournament.error.time_zone"),
            };
            return refuse(message, &time_zone);
        }
    };
    let state = super::tournaments::load(&app, created.tournament_id).await?;
    Ok((
        Flash::new("notice.imported")
            .arg("players", state.players().len())
            .arg("rounds", state.settings().number_of_rounds),
        Redirect::to(&format!("/t/{}", created.short_name)),
    )
        .into_response())
}

/// The tournament as an OpenGotha file, to open in OpenGotha or keep as a backup.
async fn export_opengotha(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::EditSettings).await?;
    // Federations rate the results as they stand after sanctions and appeals.
    let state = super::tournaments::view(&app, access.tournament.tournament_id)
        .await?
        .effective
        .tournament;
    let disposition = format!(
        "attachment; filename=\"{}.xml\"",
        access.tournament.short_name
    );
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/xml; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        opengotha::export(&state),
    )
        .into_response())
}
