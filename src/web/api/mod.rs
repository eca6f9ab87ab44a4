//! The JSON API, `/api/v1`. Reads of public data need no token; everything
//! else takes `Authorization: Bearer <token>` (tokens from the account page
//! or `tengen admin token`).
//!
//! | route | handler |
//! |---|---|
//! | `GET /api/v1/me` | [`me`] |
//! | `GET /api/v1/tournaments` | [`list_tournaments`] |

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};

use super::AppState;
use super::auth::ApiAccount;
use super::error::WebResult;
use crate::store::accounts::Account;
use crate::store::tournaments;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/me", get(me))
        .route("/tournaments", get(list_tournaments))
}

async fn me(ApiAccount(account): ApiAccount) -> Json<Account> {
    Json(account)
}

/// A tournament as the API shows it publicly.
#[derive(serde::Serialize)]
struct TournamentSummary {
    short_name: String,
    name: String,
    time_zone: String,
}

async fn list_tournaments(State(app): State<AppState>) -> WebResult<Json<Vec<TournamentSummary>>> {
    let rows = tournaments::list(&app.store.pool).await?;
    Ok(Json(
        rows.into_iter()
            .map(|t| TournamentSummary {
                short_name: t.short_name,
                name: t.name,
                time_zone: t.time_zone,
            })
            .collect(),
    ))
}
