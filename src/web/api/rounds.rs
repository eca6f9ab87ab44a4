//! Rounds: a published round's games and bye (any round for the staff);
//! pairing the next round, changing a pairing by hand, publishing, locking
//! and unpairing a round; a round's official start (and so its assembly,
//! RFG 16.6.1). Results are entered through `results.rs`.

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::access::{Based, Version, ran, readable};
use super::errors::{ApiBody, ApiPath, ReadErrors, WriteErrors, body};
use crate::core::command::{Command, Done};
use crate::core::discipline::{GameRef, adjourned};
use crate::core::pairing::manual::Edit;
use crate::core::schedule::Start;
use crate::core::{PlayerId, RoundNo, Tournament, results};
use crate::web::AppState;
use crate::web::access::open;
use crate::web::auth::ApiAccount;
use crate::web::error::{WebError, WebResult};

/// A player as a game names them.
#[derive(Serialize, ToSchema)]
pub(super) struct PlayerRef {
    no: u32,
    /// The full name; null if the player is no longer registered.
    name: Option<String>,
}

impl PlayerRef {
    fn of(state: &Tournament, id: PlayerId) -> Self {
        PlayerRef {
            no: id.0,
            name: state.player(id).map(|p| p.full_name()),
        }
    }
}

/// A game of the round.
#[derive(Serialize, ToSchema)]
pub(super) struct GameOut {
    board: u32,
    white: PlayerRef,
    black: PlayerRef,
    handicap: u8,
    /// Komi given to White, e.g. `6.5`.
    komi: String,
    /// The result as the entry page writes it: `w`, `b!`, `=`, `?` …
    #[schema(example = "w")]
    result: String,
    /// The result for people: `1-0`, `0-1!` …
    #[schema(example = "1-0")]
    notation: String,
    /// When the game resumes if it is adjourned and still has no result
    /// (`2026-05-10 10:00`, the tournament's time zone); the sealed move is
    /// never Tengen's to give.
    adjourned: Option<String>,
}

/// A round's games and bye, with the tournament's version.
#[derive(Serialize, ToSchema)]
pub(super) struct RoundOut {
    version: i32,
    round: u32,
    published: bool,
    games: Vec<GameOut>,
    bye: Option<PlayerRef>,
    /// The official start, `2026-05-10 10:00` in the tournament's time
    /// zone; null until the organiser sets it.
    start: Option<String>,
    /// When the players assemble: under the RFG Code 5 minutes before the
    /// start (16.6.1); null when the rule text fixes none.
    assembly: Option<String>,
}

/// A published round's games and bye (for the staff, any paired round).
#[utoipa::path(
    get,
    path = "/tournaments/{short}/rounds/{n}",
    tag = "rounds",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("n" = u32, Path, minimum = 1, description = "the round, from 1"),
    ),
    security((), ("bearer" = [])),
    responses((status = 200, description = "the round", body = RoundOut), ReadErrors)
)]
pub(super) async fn show_round(
    State(app): State<AppState>,
    headers: HeaderMap,
    ApiPath((short, n)): ApiPath<(String, u32)>,
) -> WebResult<Json<RoundOut>> {
    let opened = readable(&app, &headers, &short).await?;
    let view = opened.view().await?;
    let time = crate::web::view::round_times(opened.state().await?, view.book.settings.ruleset)
        .into_iter()
        .find(|time| time.round == n);
    let state = view.effective.tournament;
    let adjourned = adjourned(&state, &view.book.log);
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    if !opened.sees_round(round).await? {
        return Err(WebError::NotFound);
    }
    let is_published = opened.published(round).await?;
    let mut games: Vec<_> = state.games().iter().filter(|g| g.round == round).collect();
    games.sort_by_key(|g| g.board);
    let games = games
        .iter()
        .map(|g| GameOut {
            board: g.board.get(),
            white: PlayerRef::of(&state, g.white),
            black: PlayerRef::of(&state, g.black),
            handicap: g.handicap,
            komi: g.komi.to_string(),
            result: results::entry_code(g.result, g.origin, g.method),
            notation: results::game_notation(g),
            adjourned: adjourned
                .get(&GameRef {
                    round,
                    board: g.board,
                })
                .map(ToString::to_string),
        })
        .collect();
    let bye = state
        .byes()
        .iter()
        .find(|b| b.round == round)
        .map(|b| PlayerRef::of(&state, b.player));
    Ok(Json(RoundOut {
        version: opened.tournament.version,
        round: n,
        published: is_published,
        games,
        bye,
        start: time.map(|time| time.start.to_string()),
        assembly: time.and_then(|time| time.assembly).map(|a| a.to_string()),
    }))
}

/// A round number from the path; one that is no round is not found.
pub(super) fn round_no(n: u32) -> WebResult<RoundNo> {
    RoundNo::new(n).ok_or(WebError::NotFound)
}

/// The round paired.
#[derive(Serialize, ToSchema)]
pub(super) struct Paired {
    version: i32,
    round: u32,
}

/// Pair the next round (the engine reads results as they stand after
/// sanctions and appeal decisions).
#[utoipa::path(
    post,
    path = "/tournaments/{short}/rounds",
    tag = "rounds",
    params(("short" = String, Path, description = "the tournament's short name")),
    security(("bearer" = [])),
    responses((status = 201, description = "paired", body = Paired), WriteErrors)
)]
pub(super) async fn pair_round(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath(short): ApiPath<String>,
) -> WebResult<(StatusCode, Json<Paired>)> {
    let ran = open(&app, &short, account).await?.pair_next().await?;
    let round = match ran.outcome.done {
        Done::Round(r) => r.get(),
        _ => 0,
    };
    Ok((
        StatusCode::CREATED,
        Json(Paired {
            version: ran.version,
            round,
        }),
    ))
}

/// What a hand change of a pairing does.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(super) enum EditAction {
    /// Pair `first` and `second`, both unpaired, on a new board.
    Pair,
    /// Exchange `first`'s and `second`'s places.
    Swap,
    /// Take `first`'s game or bye away.
    Unpair,
    /// Give `first` the bye.
    Bye,
    /// Exchange White and Black in `first`'s even game.
    Colours,
}

/// A hand change of a paired round.
#[derive(Deserialize, ToSchema)]
pub(super) struct PairingEdit {
    /// The tournament version this write is based on.
    version: i32,
    action: EditAction,
    /// A player's number.
    first: u32,
    /// The other player's number, for `pair` and `swap`.
    second: Option<u32>,
}

/// Change a paired round by hand.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/rounds/{n}/edits",
    tag = "rounds",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("n" = u32, Path, minimum = 1, description = "the round, from 1"),
    ),
    request_body = PairingEdit,
    security(("bearer" = [])),
    responses((status = 200, description = "changed", body = Version), WriteErrors)
)]
pub(super) async fn adjust_pairing(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, n)): ApiPath<(String, u32)>,
    ApiBody(new): ApiBody<PairingEdit>,
) -> WebResult<Json<Version>> {
    let first = PlayerId(new.first);
    let second = || {
        new.second
            .map(PlayerId)
            .ok_or_else(|| WebError::Invalid("second: required for pair and swap".into()))
    };
    let edit = match new.action {
        EditAction::Pair => Edit::Pair(first, second()?),
        EditAction::Swap => Edit::Swap(first, second()?),
        EditAction::Unpair => Edit::Unpair(first),
        EditAction::Bye => Edit::Bye(first),
        EditAction::Colours => Edit::Colours(first),
    };
    let command = Command::AdjustPairing {
        round: round_no(n)?,
        edit,
    };
    let based = Based {
        version: new.version,
    };
    ran(&app, account, &short, based, command).await
}

/// Publish a round: players may see its pairing.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/rounds/{n}/publish",
    tag = "rounds",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("n" = u32, Path, minimum = 1, description = "the round, from 1"),
    ),
    request_body = Based,
    security(("bearer" = [])),
    responses((status = 200, description = "published", body = Version), WriteErrors)
)]
pub(super) async fn publish_round(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, n)): ApiPath<(String, u32)>,
    payload: Result<Json<serde_json::Value>, JsonRejection>,
) -> WebResult<Json<Version>> {
    let command = Command::Publish {
        round: round_no(n)?,
    };
    ran(&app, account, &short, body::<Based>(payload)?, command).await
}

/// Lock a round: its results change afterwards only by correction or appeal.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/rounds/{n}/lock",
    tag = "rounds",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("n" = u32, Path, minimum = 1, description = "the round, from 1"),
    ),
    request_body = Based,
    security(("bearer" = [])),
    responses((status = 200, description = "locked", body = Version), WriteErrors)
)]
pub(super) async fn lock_round(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, n)): ApiPath<(String, u32)>,
    payload: Result<Json<serde_json::Value>, JsonRejection>,
) -> WebResult<Json<Version>> {
    let command = Command::Lock {
        round: round_no(n)?,
    };
    ran(&app, account, &short, body::<Based>(payload)?, command).await
}

/// Undo a round's pairing while no result is in.
#[utoipa::path(
    delete,
    path = "/tournaments/{short}/rounds/{n}",
    tag = "rounds",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("n" = u32, Path, minimum = 1, description = "the round, from 1"),
    ),
    request_body = Based,
    security(("bearer" = [])),
    responses((status = 200, description = "unpaired", body = Version), WriteErrors)
)]
pub(super) async fn unpair_round(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, n)): ApiPath<(String, u32)>,
    payload: Result<Json<serde_json::Value>, JsonRejection>,
) -> WebResult<Json<Version>> {
    let command = Command::Unpair {
        round: round_no(n)?,
    };
    ran(&app, account, &short, body::<Based>(payload)?, command).await
}

/// A round's official start, or none.
#[derive(Deserialize, ToSchema)]
pub(super) struct StartIn {
    /// The tournament version this write is based on.
    version: i32,
    /// `2026-05-10 10:00`, in the tournament's time zone; null clears it.
    #[schema(value_type = Option<String>, example = "2026-05-10 10:00")]
    start: Option<Start>,
}

/// Set a round's official start (any round of the tournament, paired or
/// not); the round shows its assembly from it (RFG 16.6.1: 5 minutes before).
#[utoipa::path(
    put,
    path = "/tournaments/{short}/rounds/{n}/start",
    tag = "rounds",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("n" = u32, Path, minimum = 1, description = "the round, from 1"),
    ),
    request_body = StartIn,
    security(("bearer" = [])),
    responses((status = 200, description = "set", body = Version), WriteErrors)
)]
pub(super) async fn schedule_round(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, n)): ApiPath<(String, u32)>,
    ApiBody(new): ApiBody<StartIn>,
) -> WebResult<Json<Version>> {
    let command = Command::ScheduleRound {
        round: round_no(n)?,
        start: new.start,
    };
    let based = Based {
        version: new.version,
    };
    ran(&app, account, &short, based, command).await
}
