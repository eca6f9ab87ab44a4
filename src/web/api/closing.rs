//! The acts that close a tournament: a tournament supervisor verifies the
//! final result list (EGF GTR "Officials"), and the tournament director
//! declares the winners, refused while an appeal that can change titles or
//! prizes is open (GTR "EGF rules commission"). Both need the tournament
//! over: every round paired and every result in; so does the organiser's
//! record that the results went to the EGF ratings commission (GTR
//! "Guidelines of organization"). The standings (`GET …/standings`) say who
//! did each and when; the tournament (`GET /tournaments/{short}`) says when
//! the results were submitted.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use super::access::{Based, Version, ran};
use super::errors::{ApiBody, ApiPath, WriteErrors};
use crate::core::command::Command;
use crate::core::discipline::Signed;
use crate::web::AppState;
use crate::web::auth::ApiAccount;
use crate::web::error::WebResult;

/// A closing act: who, when, and whether it still holds.
#[derive(Serialize, ToSchema)]
pub(super) struct ClosingAct {
    /// The name the act is signed with.
    by: String,
    /// When, in seconds since the Unix epoch (UTC).
    at: i64,
    /// Done on the final list (and prizes) as they stand now; `false` when
    /// a later correction or ruling changed them.
    current: bool,
}

impl ClosingAct {
    pub(super) fn of(act: Option<(&Signed, bool)>) -> Option<ClosingAct> {
        act.map(|(signed, current)| ClosingAct {
            by: signed.by.as_str().to_string(),
            at: signed.at.unix_seconds(),
            current,
        })
    }
}

/// A tournament supervisor marks the final standings verified; only a
/// supervisor may (the owner gives the role on the staff).
#[utoipa::path(
    post,
    path = "/tournaments/{short}/standings/verify",
    tag = "standings",
    params(("short" = String, Path, description = "the tournament's short name")),
    request_body = Based,
    security(("bearer" = [])),
    responses((status = 200, description = "verified", body = Version), WriteErrors)
)]
pub(super) async fn verify_standings(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath(short): ApiPath<String>,
    ApiBody(based): ApiBody<Based>,
) -> WebResult<Json<Version>> {
    ran(&app, account, &short, based, Command::VerifyStandings).await
}

/// The tournament director declares the winners: the prize list is final.
/// Refused (409, `discipline.error.prizes_held`, naming them) while an
/// appeal that can change titles or prizes is open.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/winners/declare",
    tag = "standings",
    params(("short" = String, Path, description = "the tournament's short name")),
    request_body = Based,
    security(("bearer" = [])),
    responses((status = 200, description = "declared", body = Version), WriteErrors)
)]
pub(super) async fn declare_winners(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath(short): ApiPath<String>,
    ApiBody(based): ApiBody<Based>,
) -> WebResult<Json<Version>> {
    ran(&app, account, &short, based, Command::DeclareWinners).await
}

/// The organiser records that the final results (the h9 file, with the
/// colours and handicap actually played) went to the EGF ratings
/// commission: who and when are kept, and shown with the standings and the
/// tournament. Refused (422) before the last result is in.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/results/submitted",
    tag = "standings",
    params(("short" = String, Path, description = "the tournament's short name")),
    request_body = Based,
    security(("bearer" = [])),
    responses((status = 200, description = "recorded", body = Version), WriteErrors)
)]
pub(super) async fn submit_results(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath(short): ApiPath<String>,
    ApiBody(based): ApiBody<Based>,
) -> WebResult<Json<Version>> {
    ran(&app, account, &short, based, Command::SubmitResults).await
}

/// A tournament supervisor confirms the supergroup as formed (GTR
/// "Officials"); only a supervisor may, and only a supergroup with members.
/// The tournament (`GET /tournaments/{short}`) says who did and whether the
/// group is still as confirmed.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/supergroup/confirm",
    tag = "players",
    params(("short" = String, Path, description = "the tournament's short name")),
    request_body = Based,
    security(("bearer" = [])),
    responses((status = 200, description = "confirmed", body = Version), WriteErrors)
)]
pub(super) async fn confirm_supergroup(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath(short): ApiPath<String>,
    ApiBody(based): ApiBody<Based>,
) -> WebResult<Json<Version>> {
    ran(&app, account, &short, based, Command::ConfirmSupergroup).await
}
