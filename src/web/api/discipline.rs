//! The referees' log and appeals: logging an act (a sanction, an absence, a
//! correction …), the appeals committee, filing an appeal for a player and
//! the committee's and the federation's steps on it. Acts, filings and
//! decisions are the core's types as JSON (`core::discipline`); the core
//! checks them.

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::access::{Based, Version, ran, run};
use super::errors::{ApiBody, ApiPath, WriteErrors, body};
use crate::core::PlayerId;
use crate::core::command::{Command, Done};
use crate::core::discipline::{
    Act, AppealId, Appealed, Decision, FiledBy, Filing, Member, Official, Outcome, Party, Reason,
    Remedy,
};
use crate::desk::{Caller, actor, now};
use crate::web::AppState;
use crate::web::auth::ApiAccount;
use crate::web::error::WebResult;

/// A referee's act.
#[derive(Deserialize, ToSchema)]
pub(super) struct ActIn {
    /// The tournament version this write is based on.
    version: i32,
    /// The act as `core::discipline::Act` serializes it, e.g.
    /// `{"Sanction": {"kind": {"Warning": {"game": {"round": 1, "board": 2},
    /// "players": {"One": 7}}}, "reason": "talking", "violation": 3}}`
    /// (`violation`, optional: the entry recording the violation it
    /// punishes; one sanction per violation), or an incident at the board:
    /// `{"Neutralisation": {"game": …, "reason": "Toilet", "player": 7}}`,
    /// `{"PrematurePasses": {"game": …}}`, `{"IllegalMove": {"game": …,
    /// "player": 7, "time": {"players": {"One": 8}, "seconds": 120}}}`,
    /// `{"Disturbance": {"game": …, "remedy": "Unwind", "justification":
    /// "…"}}`, `{"ClockCorrection": {"game": …, "player": 7,
    /// "before_seconds": 2400, "after_seconds": 1800, "reason": "…"}}`,
    /// `{"Violation": {"game": …, "players": {"One": 7}, "what": "…"}}`,
    /// a case closed without a judgement (mediated or clarified; no appeal
    /// lies against it): `{"Mediated": {"game": …, "note": "…"}}`, a count
    /// referred to the chief referee, who alone then records the game's
    /// result: `{"CountDisputed": {"game": …, "dispute": "…"}}`; an
    /// earlier act annulled, by its author or the chief referee (a slip,
    /// not a decision to overturn: that is an appeal's):
    /// `{"Annulment": {"entry": 3, "reason": "tapped the wrong side"}}`.
    act: Act,
    /// A forfeit or an absence on a board that already has a result
    /// replaces it only when this is true; otherwise 409, saying so.
    #[serde(default, alias = "confirm")]
    replace: bool,
}

/// The entry the act got in the log.
#[derive(Serialize, ToSchema)]
pub(super) struct Logged {
    version: i32,
    /// Its number in the log, from 1.
    entry: u32,
}

/// Log a referee's act: a sanction, an absence, a protest, a confirmation,
/// a correction, the start of a round, an adjournment (`{"Adjourned":
/// {"game": {"round": 1, "board": 2}, "resumes": "2026-05-10 10:00"}}`, to
/// one of the published times; the sealed move stays in its envelope), an
/// incident at the board (a neutralised clock, premature passes, an illegal
/// move, a disturbed position, a clock correction, a violation).
#[utoipa::path(
    post,
    path = "/tournaments/{short}/log",
    tag = "discipline",
    params(("short" = String, Path, description = "the tournament's short name")),
    request_body = ActIn,
    security(("bearer" = [])),
    responses((status = 201, description = "logged", body = Logged), WriteErrors)
)]
pub(super) async fn log_act(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath(short): ApiPath<String>,
    ApiBody(new): ApiBody<ActIn>,
) -> WebResult<(StatusCode, Json<Logged>)> {
    let command = Command::LogAct {
        act: new.act,
        replace: new.replace,
    };
    let ran = run(&app, account, &short, Some(new.version), command).await?;
    let entry = match &ran.outcome.done {
        Done::Entry(e) => e.id.0,
        _ => 0,
    };
    Ok((
        StatusCode::CREATED,
        Json(Logged {
            version: ran.version,
            entry,
        }),
    ))
}

/// The appeals committee as fixed before round 1.
#[derive(Deserialize, ToSchema)]
pub(super) struct CommitteeIn {
    /// The tournament version this write is based on.
    version: i32,
    /// Members, chair first: `{"name": "…", "player": null}` (`player`:
    /// the member's number when they play).
    members: Vec<Member>,
    /// Reserves, in the order they step in.
    #[serde(default)]
    reserves: Vec<Member>,
}

/// Fix the appeals committee (before round 1).
#[utoipa::path(
    put,
    path = "/tournaments/{short}/committee",
    tag = "discipline",
    params(("short" = String, Path, description = "the tournament's short name")),
    request_body = CommitteeIn,
    security(("bearer" = [])),
    responses((status = 200, description = "fixed", body = Version), WriteErrors)
)]
pub(super) async fn fix_committee(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath(short): ApiPath<String>,
    ApiBody(new): ApiBody<CommitteeIn>,
) -> WebResult<Json<Version>> {
    let command = Command::FixCommittee {
        members: new.members,
        reserves: new.reserves,
    };
    let based = Based {
        version: new.version,
    };
    ran(&app, account, &short, based, command).await
}

/// A reserve who joins the committee.
#[derive(Deserialize, ToSchema)]
pub(super) struct CoOptIn {
    /// The tournament version this write is based on.
    version: i32,
    /// `{"name": "…", "player": null}`.
    member: Member,
}

/// A reserve joins the committee.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/committee/co-opt",
    tag = "discipline",
    params(("short" = String, Path, description = "the tournament's short name")),
    request_body = CoOptIn,
    security(("bearer" = [])),
    responses((status = 200, description = "co-opted", body = Version), WriteErrors)
)]
pub(super) async fn co_opt(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath(short): ApiPath<String>,
    ApiBody(new): ApiBody<CoOptIn>,
) -> WebResult<Json<Version>> {
    let command = Command::CoOpt {
        members: vec![new.member],
    };
    let based = Based {
        version: new.version,
    };
    ran(&app, account, &short, based, command).await
}

/// An appeal a referee files for a player or a team; when and by whom are
/// the server's.
#[derive(Deserialize, ToSchema)]
pub(super) struct AppealIn {
    /// The tournament version this write is based on.
    version: i32,
    /// On whose behalf: `{"Player": 7}` or `{"Captain": {"team": 2}}`.
    appellant: Party,
    /// The player who signed the written appeal. A team's appeal needs it,
    /// and it must be the team's captain (RFG App. 4 §1.7): refused with
    /// `discipline.error.unsigned_team_appeal` or `…not_captain` otherwise.
    #[serde(default)]
    signatory: Option<u32>,
    /// The decision appealed: `{"Entry": 3}`, `{"Result": {"round": 1,
    /// "board": 2}}` or `{"Pairing": 2}`.
    appealed: Appealed,
    /// The grounds, in writing: blank is refused
    /// (`discipline.error.unwritten_appeal`).
    grounds: String,
    /// The outcome can change titles or prizes.
    #[serde(default)]
    affects_prizes: bool,
}

/// The appeal's number.
#[derive(Serialize, ToSchema)]
pub(super) struct AppealOut {
    version: i32,
    /// Its number in the tournament, from 1.
    appeal: u32,
}

fn appeal_of(done: &Done) -> u32 {
    match done {
        Done::Appeal(id) => id.0,
        _ => 0,
    }
}

/// File an appeal for a player, or for a team signed by its captain.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/appeals",
    tag = "discipline",
    params(("short" = String, Path, description = "the tournament's short name")),
    request_body = AppealIn,
    security(("bearer" = [])),
    responses((status = 201, description = "filed", body = AppealOut), WriteErrors)
)]
pub(super) async fn file_appeal(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath(short): ApiPath<String>,
    ApiBody(new): ApiBody<AppealIn>,
) -> WebResult<(StatusCode, Json<AppealOut>)> {
    let caller = Caller::Account(account.clone());
    let filing = Filing {
        appellant: new.appellant,
        filed_by: FiledBy::Referee(actor(&caller, Vec::new()).official()?),
        appealed: new.appealed,
        grounds: Filing::written(&new.grounds)?,
        signatory: new.signatory.map(PlayerId),
        at: now(),
        affects_prizes: new.affects_prizes,
    };
    let command = Command::FileAppeal { filing };
    let ran = run(&app, account, &short, Some(new.version), command).await?;
    Ok((
        StatusCode::CREATED,
        Json(AppealOut {
            version: ran.version,
            appeal: appeal_of(&ran.outcome.done),
        }),
    ))
}

/// The committee takes an appeal up.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/appeals/{id}/review",
    tag = "discipline",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("id" = u32, Path, description = "the appeal's number"),
    ),
    request_body = Based,
    security(("bearer" = [])),
    responses((status = 200, description = "under review", body = Version), WriteErrors)
)]
pub(super) async fn take_up_appeal(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, id)): ApiPath<(String, u32)>,
    payload: Result<Json<serde_json::Value>, JsonRejection>,
) -> WebResult<Json<Version>> {
    let command = Command::TakeUpAppeal {
        appeal: AppealId(id),
    };
    ran(&app, account, &short, body::<Based>(payload)?, command).await
}

/// A decision on an appeal; its moment is the server's.
#[derive(Deserialize, ToSchema)]
pub(super) struct DecisionIn {
    /// The tournament version this write is based on.
    version: i32,
    /// `Upheld`, `Rejected`, `Modified` or `Declined`.
    outcome: Outcome,
    /// The reasons, in clear language.
    reasons: Reason,
    /// The names of who decided.
    signed_by: Vec<Official>,
    /// What changes: `{"Revoke": 3}` or `{"SetResult": {"game": {"round":
    /// 1, "board": 2}, "result": "WhiteWins", "origin": "Played"}}`.
    #[serde(default)]
    remedies: Vec<Remedy>,
    /// Fewer than three signed because the committee could not meet in
    /// full before the next round (GTR "Appeals committee").
    #[serde(default)]
    could_not_meet: bool,
}

impl DecisionIn {
    fn decision(self) -> (i32, Decision) {
        let decision = Decision {
            outcome: self.outcome,
            reasons: self.reasons,
            signed_by: self.signed_by,
            at: now(),
            remedies: self.remedies,
            could_not_meet: self.could_not_meet,
        };
        (self.version, decision)
    }
}

/// The committee decides an appeal under review.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/appeals/{id}/decision",
    tag = "discipline",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("id" = u32, Path, description = "the appeal's number"),
    ),
    request_body = DecisionIn,
    security(("bearer" = [])),
    responses((status = 200, description = "decided", body = Version), WriteErrors)
)]
pub(super) async fn decide_appeal(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, id)): ApiPath<(String, u32)>,
    payload: Result<Json<serde_json::Value>, JsonRejection>,
) -> WebResult<Json<Version>> {
    let (version, decision) = body::<DecisionIn>(payload)?.decision();
    let command = Command::DecideAppeal {
        appeal: AppealId(id),
        decision,
    };
    ran(&app, account, &short, Based { version }, command).await
}

/// A decided appeal goes to the federation's rules commission.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/appeals/{id}/escalate",
    tag = "discipline",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("id" = u32, Path, description = "the appeal's number"),
    ),
    request_body = Based,
    security(("bearer" = [])),
    responses((status = 200, description = "referred", body = Version), WriteErrors)
)]
pub(super) async fn escalate_appeal(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, id)): ApiPath<(String, u32)>,
    payload: Result<Json<serde_json::Value>, JsonRejection>,
) -> WebResult<Json<Version>> {
    let command = Command::EscalateAppeal {
        appeal: AppealId(id),
    };
    ran(&app, account, &short, body::<Based>(payload)?, command).await
}

/// The rules commission's ruling on a referred appeal.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/appeals/{id}/ruling",
    tag = "discipline",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("id" = u32, Path, description = "the appeal's number"),
    ),
    request_body = DecisionIn,
    security(("bearer" = [])),
    responses((status = 200, description = "ruled", body = Version), WriteErrors)
)]
pub(super) async fn rule_on_appeal(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, id)): ApiPath<(String, u32)>,
    payload: Result<Json<serde_json::Value>, JsonRejection>,
) -> WebResult<Json<Version>> {
    let (version, ruling) = body::<DecisionIn>(payload)?.decision();
    let command = Command::RuleOnAppeal {
        appeal: AppealId(id),
        ruling,
    };
    ran(&app, account, &short, Based { version }, command).await
}
