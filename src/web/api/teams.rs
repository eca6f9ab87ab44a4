//! The teams of a team event: the list with each round's line-up,
//! registering, changing and deleting a team, and a round's line-up from the
//! staff. The rules are the core's (`core::command::teams`): a bad line-up
//! is refused here with the article the form shows. A captain submits
//! through their private link, not through the API.

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::access::{Based, Version, ran, readable, run};
use super::errors::{ApiBody, ApiPath, ReadErrors, WriteErrors, body};
use crate::core::command::{Command, Done, TeamDraft};
use crate::core::teams::roster::recorded;
use crate::core::tournament::Team;
use crate::core::{PlayerId, RoundNo, Tournament};
use crate::desk::Ran;
use crate::web::AppState;
use crate::web::auth::ApiAccount;
use crate::web::error::{WebError, WebResult};

/// When a line-up came in.
#[derive(Serialize, ToSchema)]
pub(super) struct FiledOut {
    /// By the captain through their link (else by the staff).
    by_captain: bool,
    /// Minutes past the deadline; null when on time or when the round's
    /// start was not logged.
    late_minutes: Option<u32>,
}

/// A team's line-up for a round.
#[derive(Serialize, ToSchema)]
pub(super) struct LineUpOut {
    round: u32,
    /// Player numbers, board 1 first; null for an empty board.
    boards: Vec<Option<u32>>,
    /// When it was submitted; null for one recorded at pairing (the team
    /// submitted none) and, for readers who are not staff, always.
    filed: Option<FiledOut>,
}

/// A team.
#[derive(Serialize, ToSchema)]
pub(super) struct TeamOut {
    number: u32,
    name: String,
    /// Player numbers of every member, reserves included.
    members: Vec<u32>,
    /// The members who are reserves.
    reserves: Vec<u32>,
    /// The captain's player number.
    captain: Option<u32>,
    /// The line-ups, by round.
    line_ups: Vec<LineUpOut>,
}

/// The teams, with the tournament's version.
#[derive(Serialize, ToSchema)]
pub(super) struct TeamList {
    version: i32,
    teams: Vec<TeamOut>,
}

/// What a reader of the list may see.
struct Sight<'a> {
    state: &'a Tournament,
    is_staff: bool,
    /// The last round whose line-ups are shown: a line-up is public once its
    /// round is published, so an opposing captain cannot read it sooner.
    last_round: u32,
}

impl Sight<'_> {
    /// Members hidden as the players list hides them.
    fn player(&self, id: PlayerId) -> Option<u32> {
        let shown = self.is_staff
            || self
                .state
                .player(id)
                .is_some_and(|p| self.state.is_public(p));
        shown.then_some(id.0)
    }

    fn players(&self, ids: &[PlayerId]) -> Vec<u32> {
        ids.iter().filter_map(|id| self.player(*id)).collect()
    }

    fn line_up(&self, team: &Team, round: RoundNo) -> Option<LineUpOut> {
        let boards = recorded(team, round)?.boards;
        // Lateness is the referee's to weigh (RFG App. 4 §1.2 sets the
        // deadline, not what follows), so only the staff see it, as on
        // the referee's round page.
        let filed = team
            .filed
            .iter()
            .filter(|_| self.is_staff)
            .find(|f| f.round == round)
            .map(|f| FiledOut {
                by_captain: f.by_captain,
                late_minutes: f.late_minutes,
            });
        Some(LineUpOut {
            round: round.get(),
            // A hidden player's seat reads as empty, as the players list hides them.
            boards: boards
                .iter()
                .map(|b| b.and_then(|p| self.player(p)))
                .collect(),
            filed,
        })
    }

    fn team(&self, team: &Team) -> TeamOut {
        let mut rounds: Vec<RoundNo> = team.boards.iter().map(|b| b.round).collect();
        rounds.sort();
        rounds.dedup();
        TeamOut {
            number: team.number,
            name: team.name.clone(),
            members: self.players(&Tournament::members_of(team)),
            reserves: self.players(&team.reserves),
            captain: team.captain.and_then(|c| self.player(c)),
            line_ups: rounds
                .into_iter()
                .filter(|r| self.is_staff || r.get() <= self.last_round)
                .filter_map(|r| self.line_up(team, r))
                .collect(),
        }
    }
}

/// The teams and their line-ups: for the staff every line-up submitted
/// and when it came in, for others those of published rounds.
#[utoipa::path(
    get,
    path = "/tournaments/{short}/teams",
    tag = "teams",
    params(("short" = String, Path, description = "the tournament's short name")),
    security((), ("bearer" = [])),
    responses((status = 200, description = "the teams", body = TeamList), ReadErrors)
)]
pub(super) async fn list_teams(
    State(app): State<AppState>,
    headers: HeaderMap,
    ApiPath(short): ApiPath<String>,
) -> WebResult<Json<TeamList>> {
    let opened = readable(&app, &headers, &short).await?;
    let t = &opened.tournament;
    let state = opened.view().await?.effective.tournament;
    let sight = Sight {
        state: &state,
        is_staff: opened.is_staff(),
        last_round: opened.last_visible_round().await?,
    };
    let teams = state.teams().iter().map(|team| sight.team(team)).collect();
    Ok(Json(TeamList {
        version: t.version,
        teams,
    }))
}

/// A team as the API takes it: the fields of the organiser's form.
#[derive(Deserialize, ToSchema)]
pub(super) struct TeamIn {
    /// The tournament version this write is based on.
    version: i32,
    name: String,
    /// Player numbers of every member, reserves included; at least the
    /// team size (`settings.teams.team_size`).
    members: Vec<u32>,
    /// The members who are reserves.
    #[serde(default)]
    reserves: Vec<u32>,
    /// A member, who submits the line-ups through their private link.
    captain: Option<u32>,
}

impl TeamIn {
    fn draft(self) -> (i32, TeamDraft) {
        let ids = |ns: Vec<u32>| ns.into_iter().map(PlayerId).collect();
        let draft = TeamDraft {
            name: self.name,
            members: ids(self.members),
            reserves: ids(self.reserves),
            captain: self.captain.map(PlayerId),
        };
        (self.version, draft)
    }
}

/// The team's number and the new version.
#[derive(Serialize, ToSchema)]
pub(super) struct TeamSaved {
    number: u32,
    version: i32,
}

fn saved(ran: &Ran) -> TeamSaved {
    let number = match &ran.outcome.done {
        Done::Team { number, .. } => *number,
        _ => 0,
    };
    TeamSaved {
        number,
        version: ran.version,
    }
}

/// Register a team of registered players.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/teams",
    tag = "teams",
    params(("short" = String, Path, description = "the tournament's short name")),
    request_body = TeamIn,
    security(("bearer" = [])),
    responses((status = 201, description = "registered", body = TeamSaved), WriteErrors)
)]
pub(super) async fn add_team(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath(short): ApiPath<String>,
    payload: Result<Json<serde_json::Value>, JsonRejection>,
) -> WebResult<(StatusCode, Json<TeamSaved>)> {
    let (version, draft) = body::<TeamIn>(payload)?.draft();
    let command = Command::RegisterTeam { draft };
    let ran = run(&app, account, &short, Some(version), command).await?;
    Ok((StatusCode::CREATED, Json(saved(&ran))))
}

/// Change a team's name, members, reserves or captain; a member who has
/// played a paired round stays.
#[utoipa::path(
    put,
    path = "/tournaments/{short}/teams/{n}",
    tag = "teams",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("n" = u32, Path, description = "the team's number"),
    ),
    request_body = TeamIn,
    security(("bearer" = [])),
    responses((status = 200, description = "changed", body = TeamSaved), WriteErrors)
)]
pub(super) async fn edit_team(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, n)): ApiPath<(String, u32)>,
    payload: Result<Json<serde_json::Value>, JsonRejection>,
) -> WebResult<Json<TeamSaved>> {
    let (version, draft) = body::<TeamIn>(payload)?.draft();
    let command = Command::EditTeam { team: n, draft };
    let ran = run(&app, account, &short, Some(version), command).await?;
    Ok(Json(saved(&ran)))
}

/// Delete a team that has played no paired round.
#[utoipa::path(
    delete,
    path = "/tournaments/{short}/teams/{n}",
    tag = "teams",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("n" = u32, Path, description = "the team's number"),
    ),
    request_body = Based,
    security(("bearer" = [])),
    responses((status = 200, description = "deleted", body = Version), WriteErrors)
)]
pub(super) async fn delete_team(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, n)): ApiPath<(String, u32)>,
    payload: Result<Json<serde_json::Value>, JsonRejection>,
) -> WebResult<Json<Version>> {
    let command = Command::DeleteTeam { team: n };
    ran(&app, account, &short, body::<Based>(payload)?, command).await
}

/// A round's line-up as the API takes it.
#[derive(Deserialize, ToSchema)]
pub(super) struct LineUpIn {
    /// The tournament version this write is based on.
    version: i32,
    /// Player numbers, board 1 first; null leaves a board empty, which the
    /// line-up rules refuse.
    #[schema(example = json!([3, 1, null]))]
    boards: Vec<Option<u32>>,
}

/// Submit a team's line-up for a round (RFG App. 4 §1.2), before or after
/// the round is paired; after, its members take the boards of the old
/// line-up while none of the team's games has a result.
#[utoipa::path(
    put,
    path = "/tournaments/{short}/teams/{n}/lineups/{round}",
    tag = "teams",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("n" = u32, Path, description = "the team's number"),
        ("round" = u32, Path, minimum = 1, description = "the round, from 1"),
    ),
    request_body = LineUpIn,
    security(("bearer" = [])),
    responses((status = 200, description = "submitted", body = Version), WriteErrors)
)]
pub(super) async fn submit_line_up(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, n, round)): ApiPath<(String, u32, u32)>,
    ApiBody(new): ApiBody<LineUpIn>,
) -> WebResult<Json<Version>> {
    let command = Command::SubmitLineUp {
        team: n,
        round: RoundNo::new(round).ok_or(WebError::NotFound)?,
        boards: new.boards.into_iter().map(|b| b.map(PlayerId)).collect(),
    };
    let based = Based {
        version: new.version,
    };
    ran(&app, account, &short, based, command).await
}
