//! The acts the Ukrainian rules give to named officials (V.3–V.7): the
//! chief referee's cancellation of a round with its reason, the doctor's
//! medical clearance of a player; and a play-off game between tied players
//! (III.3.5).

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use super::access::{Version, ran};
use super::errors::{ApiBody, ApiPath, WriteErrors};
use crate::core::command::Command;
use crate::core::discipline::Reason;
use crate::core::{PlayerId, RoundNo};
use crate::web::AppState;
use crate::web::auth::ApiAccount;
use crate::web::error::{WebError, WebResult};

/// Why the round is cancelled.
#[derive(Deserialize, ToSchema)]
pub(super) struct CancelIn {
    /// The tournament version this write is based on.
    version: i32,
    reason: Reason,
}

/// The chief referee cancels the last paired round, results and all; the
/// reason goes into the referees' log and the round can be paired again.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/rounds/{n}/cancel",
    tag = "rounds",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("n" = u32, Path, minimum = 1, description = "the round, from 1"),
    ),
    request_body = CancelIn,
    security(("bearer" = [])),
    responses((status = 200, description = "cancelled", body = Version), WriteErrors)
)]
pub(super) async fn cancel_round(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, n)): ApiPath<(String, u32)>,
    ApiBody(cancel): ApiBody<CancelIn>,
) -> WebResult<Json<Version>> {
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let command = Command::CancelRound {
        round,
        reason: cancel.reason,
    };
    let based = super::access::Based {
        version: cancel.version,
    };
    ran(&app, account, &short, based, command).await
}

/// The doctor's clearance.
#[derive(Deserialize, ToSchema)]
pub(super) struct MedicalIn {
    /// The tournament version this write is based on.
    version: i32,
    /// Cleared to play (`false` takes the clearance back).
    cleared: bool,
}

/// The doctor clears a player to play, or takes the clearance back.
#[utoipa::path(
    put,
    path = "/tournaments/{short}/players/{no}/medical",
    tag = "players",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("no" = u32, Path, description = "the player's number"),
    ),
    request_body = MedicalIn,
    security(("bearer" = [])),
    responses((status = 200, description = "saved", body = Version), WriteErrors)
)]
pub(super) async fn set_medical(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, no)): ApiPath<(String, u32)>,
    ApiBody(medical): ApiBody<MedicalIn>,
) -> WebResult<Json<Version>> {
    let command = Command::SetMedical {
        player: PlayerId(no),
        cleared: medical.cleared,
    };
    let based = super::access::Based {
        version: medical.version,
    };
    ran(&app, account, &short, based, command).await
}

/// A play-off game between tied players.
#[derive(Deserialize, ToSchema)]
pub(super) struct PlayOffIn {
    /// The tournament version this write is based on.
    version: i32,
    /// The winner's number.
    winner: u32,
    /// The loser's number.
    loser: u32,
}

/// Record a play-off game after the rounds (Ukrainian rules III.3.5): the
/// two must share a place by the criteria before `PLAYOFF`, which must be
/// among the placement criteria.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/play-offs",
    tag = "rounds",
    params(("short" = String, Path, description = "the tournament's short name")),
    request_body = PlayOffIn,
    security(("bearer" = [])),
    responses((status = 200, description = "recorded", body = Version), WriteErrors)
)]
pub(super) async fn record_play_off(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath(short): ApiPath<String>,
    ApiBody(game): ApiBody<PlayOffIn>,
) -> WebResult<Json<Version>> {
    let command = Command::RecordPlayOff {
        game: crate::core::tournament::PlayOff {
            winner: PlayerId(game.winner),
            loser: PlayerId(game.loser),
        },
    };
    let based = super::access::Based {
        version: game.version,
    };
    ran(&app, account, &short, based, command).await
}
