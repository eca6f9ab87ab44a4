//! Rounds: a published round's games and bye (any round for the staff), and
//! entering a result on a board.

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::access::{current_version, readable, writer};
use super::errors::{ApiPath, ReadErrors, WriteErrors, body};
use crate::core::access::Action;
use crate::core::discipline::GameRef;
use crate::core::{BoardNo, PlayerId, RoundNo, Tournament, results};
use crate::store::rounds as round_store;
use crate::store::tournaments::TournamentRow;
use crate::web::AppState;
use crate::web::auth::ApiAccount;
use crate::web::error::{WebError, WebResult};
use crate::web::tournaments::{json as to_json, mutate_with_book};

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
}

/// A round's games and bye, with the tournament's version.
#[derive(Serialize, ToSchema)]
pub(super) struct RoundOut {
    version: i32,
    round: u32,
    published: bool,
    games: Vec<GameOut>,
    bye: Option<PlayerRef>,
}

async fn published(app: &AppState, t: &TournamentRow, round: u32) -> WebResult<bool> {
    let states = round_store::states(&app.store.pool, t.tournament_id).await?;
    Ok(states
        .iter()
        .any(|s| s.round_no as u32 == round && s.published_at.is_some()))
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
    let (t, view, is_staff) = readable(&app, &headers, &short).await?;
    let state = view.effective.tournament;
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let is_published = published(&app, &t, n).await?;
    if !state.is_paired(round) || !(is_published || is_staff) {
        return Err(WebError::NotFound);
    }
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
            result: results::code(g.result, g.origin),
            notation: results::notation(g.result, g.origin),
        })
        .collect();
    let bye = state
        .byes()
        .iter()
        .find(|b| b.round == round)
        .map(|b| PlayerRef::of(&state, b.player));
    Ok(Json(RoundOut {
        version: t.version,
        round: n,
        published: is_published,
        games,
        bye,
    }))
}

/// A result as the API takes it: an entry-page code.
#[derive(Deserialize, ToSchema)]
pub(super) struct ResultBody {
    /// The tournament version this write is based on.
    version: i32,
    /// `w`, `b`, `=` (jigo), `0` (both lose), `1` (both win), `?`; a
    /// trailing `!` means by default.
    #[schema(examples("w", "b!", "="))]
    result: String,
}

/// The tournament's version after a write.
#[derive(Serialize, ToSchema)]
pub(super) struct Version {
    version: i32,
}

/// Enter or change a result.
#[utoipa::path(
    put,
    path = "/tournaments/{short}/rounds/{n}/boards/{board}/result",
    tag = "rounds",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("n" = u32, Path, minimum = 1, description = "the round, from 1"),
        ("board" = u32, Path, minimum = 1, description = "the board, from 1"),
    ),
    request_body = ResultBody,
    security(("bearer" = [])),
    responses((status = 200, description = "entered: the new version", body = Version), WriteErrors)
)]
pub(super) async fn set_result(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, n, board)): ApiPath<(String, u32, u32)>,
    payload: Result<Json<ResultBody>, JsonRejection>,
) -> WebResult<Json<Version>> {
    let new = body(payload)?;
    let access = writer(&app, account, &short, Action::EnterResults).await?;
    let (round, board) = RoundNo::new(n)
        .zip(BoardNo::new(board))
        .ok_or(WebError::NotFound)?;
    let (result, origin) = results::parse_code(&new.result).ok_or_else(|| {
        WebError::Invalid(format!("result: {:?} is not a result code", new.result))
    })?;
    let states = round_store::states(&app.store.pool, access.tournament.tournament_id).await?;
    if states
        .iter()
        .any(|s| s.round_no as u32 == n && s.locked_at.is_some())
    {
        return Err(WebError::Invalid(
            "the results of this round are locked".into(),
        ));
    }
    mutate_with_book(
        &app,
        &access,
        Some(new.version),
        &format!("results:{n}"),
        |t, book| {
            book.check_plain_change(GameRef { round, board })?;
            let before = t.enter_result(round, board, result, origin)?;
            let after = t.game_on(round, board).cloned();
            Ok(((), Some(to_json(&before)?), Some(to_json(&after)?)))
        },
    )
    .await?;
    Ok(Json(Version {
        version: current_version(&app, &short).await?,
    }))
}
