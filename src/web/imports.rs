//! Whole tournaments in and out as OpenGotha files.
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /tournaments/import`, `POST /tournaments/import?csrf=` | [`show_import`], [`import_tournament`] | organisers |
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
use super::page::{Ctx, Layout, render, render_invalid};
use super::tournaments::{authorise, json};
use crate::core::access::Action;
use crate::core::formats::opengotha;
use crate::core::{RoundNo, Tournament};
use crate::store::tournaments::{self, Header};
use crate::store::{audit, rounds as round_store};

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
        time_zone: "Europe/Moscow".into(),
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
    let mut time_zone = String::from("UTC");
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
    if jiff::tz::TimeZone::get(time_zone.trim()).is_err() {
        return refuse(ctx.lang.t("tournament.error.time_zone"), &time_zone);
    }
    let mut state = match opengotha::import_bytes(&file) {
        Ok(state) => state,
        Err(e) => {
            return refuse(
                format!(
                    "{} {}: {}",
                    ctx.lang.t("import.error_line"),
                    e.line,
                    e.problem
                ),
                &time_zone,
            );
        }
    };
    let mut settings = state.settings().clone();
    if !short_name.trim().is_empty() {
        settings.general.short_name = short_name.trim().to_string();
    }
    let short = settings.general.short_name.clone();
    let short_ok = !short.is_empty()
        && short.len() <= 40
        && short
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric())
        && short
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !short_ok {
        return refuse(ctx.lang.t("import.error_short_name"), &time_zone);
    }
    state.set_settings(settings);
    let header = Header {
        time_zone: time_zone.trim(),
        registration_open: false,
        is_public: true,
        late_forfeit_minutes: 60,
    };
    let mut tx = app.store.begin().await?;
    let created = match tournaments::insert(&mut *tx, me.account_id, &header, &state).await {
        Err(sqlx::Error::Database(e)) if e.constraint() == Some("tournament_short_name_key") => {
            return refuse(ctx.lang.t("import.error_short_name_taken"), &time_zone);
        }
        other => other?,
    };
    // Rounds that already have games were played and shown: publish them.
    for round in played_rounds(&state) {
        round_store::publish(&mut *tx, created.tournament_id, round as i32).await?;
    }
    let summary = serde_json::json!({
        "players": state.players().len(),
        "games": state.games().len(),
        "settings": json(state.settings())?,
    });
    audit::record(
        &mut *tx,
        Some(created.tournament_id),
        Some(me.account_id),
        "tournament.import",
        None,
        Some(summary),
    )
    .await?;
    tx.commit().await?;
    Ok(Redirect::to(&format!("/t/{}", created.short_name)).into_response())
}

fn played_rounds(state: &Tournament) -> Vec<u32> {
    (1..=state.settings().number_of_rounds)
        .filter_map(RoundNo::new)
        .filter(|r| state.is_paired(*r))
        .map(RoundNo::get)
        .collect()
}

/// The tournament as an OpenGotha file, to open in OpenGotha or keep as a backup.
async fn export_opengotha(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::EditSettings).await?;
    let state = tournaments::load_state(&app.store.pool, access.tournament.tournament_id)
        .await?
        .ok_or(WebError::NotFound)?;
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
