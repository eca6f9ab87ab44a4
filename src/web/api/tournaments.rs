//! Tournaments: the public list, and one tournament with its settings and
//! the `version` every write is based on.

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::Serialize;
use utoipa::ToSchema;

use super::access::readable;
use super::errors::{ApiPath, ReadErrors};
use crate::store::tournaments;
use crate::web::AppState;
use crate::web::error::WebResult;
use crate::web::tournaments::json as to_json;

/// A tournament as the API lists it.
#[derive(Serialize, ToSchema)]
pub(super) struct TournamentSummary {
    /// The tournament's name in URLs.
    short_name: String,
    name: String,
    /// IANA time zone, e.g. `Europe/Prague`.
    time_zone: String,
}

/// The public tournaments.
#[utoipa::path(
    get,
    path = "/tournaments",
    tag = "tournaments",
    responses((status = 200, description = "the public tournaments", body = Vec<TournamentSummary>))
)]
pub(super) async fn list_tournaments(
    State(app): State<AppState>,
) -> WebResult<Json<Vec<TournamentSummary>>> {
    let rows = tournaments::list(&app.store.pool).await?;
    Ok(Json(
        rows.into_iter()
            .filter(|t| t.is_public)
            .map(|t| TournamentSummary {
                short_name: t.short_name,
                name: t.name,
                time_zone: t.time_zone,
            })
            .collect(),
    ))
}

/// One tournament.
#[derive(Serialize, ToSchema)]
pub(super) struct TournamentDetail {
    short_name: String,
    name: String,
    time_zone: String,
    /// The version a write must be based on.
    version: i32,
    registration_open: bool,
    /// The settings, as the tournament file stores them.
    #[schema(value_type = Object)]
    settings: serde_json::Value,
}

/// A tournament, its settings and version.
#[utoipa::path(
    get,
    path = "/tournaments/{short}",
    tag = "tournaments",
    params(("short" = String, Path, description = "the tournament's short name")),
    security((), ("bearer" = [])),
    responses((status = 200, description = "the tournament", body = TournamentDetail), ReadErrors)
)]
pub(super) async fn show_tournament(
    State(app): State<AppState>,
    headers: HeaderMap,
    ApiPath(short): ApiPath<String>,
) -> WebResult<Json<TournamentDetail>> {
    let (t, view, _) = readable(&app, &headers, &short).await?;
    let state = view.effective.tournament;
    Ok(Json(TournamentDetail {
        short_name: t.short_name,
        name: t.name,
        time_zone: t.time_zone,
        version: t.version,
        registration_open: t.registration_open,
        settings: to_json(state.settings())?,
    }))
}
