//! Results: entering or changing the result on one board, or a round's
//! results at once, as the entry page takes them.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::access::{Based, Version, ran, run};
use super::errors::{ApiBody, ApiPath, WriteErrors};
use super::rounds::round_no;
use crate::core::command::{Command, Done, ResultEntry};
use crate::core::{BoardNo, results};
use crate::web::AppState;
use crate::web::auth::ApiAccount;
use crate::web::error::{WebError, WebResult};

/// A result as the API takes it: an entry-page code.
#[derive(Deserialize, ToSchema)]
pub(super) struct ResultBody {
    /// The tournament version this write is based on.
    version: i32,
    /// `w`, `b`, `=` (jigo), `0` (both lose), `1` (both win), `?`; a
    /// trailing `!` means by default. A game won on the board may say how
    /// it ended: `b+3.5` (counted), `w+r` (resigned), `w+t` (on time).
    #[schema(
        examples("w", "b!", "=", "b+3.5", "w+r"),
        pattern = r"^\s*(?:(?:[wW]|1-0|[wW]\+|[bB]|0-1|[bB]\+|=|[jJ]|½-½|1/2|0|0-0|1|1-1)\s*!?|\?|-|[wWbB]\s*\+\s*(?:[rR]|[rR][eE][sS]|[rR][eE][sS][iI][gG][nN]|[tT]|[tT][iI][mM][eE]|[0-9]+(?:[.,](?:50*|0*))?)|)\s*$"
    )]
    result: String,
}

/// A result code as the core takes it; one that is no code is refused.
fn entry(board: BoardNo, code: &str) -> WebResult<ResultEntry> {
    let (result, origin, method) = results::parse_entry_code(code)
        .ok_or_else(|| WebError::Invalid(format!("result: {code:?} is not a result code")))?;
    Ok(ResultEntry {
        board,
        result,
        origin,
        method,
        seen: None,
    })
}

/// Enter or change a result: it replaces the one on the board unless the
/// board changed since `version`.
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
    ApiBody(new): ApiBody<ResultBody>,
) -> WebResult<Json<Version>> {
    let board = BoardNo::new(board).ok_or(WebError::NotFound)?;
    let command = Command::EnterResults {
        round: round_no(n)?,
        entries: vec![entry(board, &new.result)?],
        replace: true,
    };
    let based = Based {
        version: new.version,
    };
    ran(&app, account, &short, based, command).await
}

/// One board's result in a batch.
#[derive(Deserialize, ToSchema)]
pub(super) struct BoardResult {
    #[schema(minimum = 1)]
    board: u32,
    /// A result code, as for one board.
    #[schema(examples("w", "b!", "="))]
    result: String,
}

/// Results of a round, all or none.
#[derive(Deserialize, ToSchema)]
pub(super) struct ResultsBody {
    /// The tournament version this write is based on.
    version: i32,
    results: Vec<BoardResult>,
    /// Replace known results; otherwise a board with another result known
    /// is refused.
    #[serde(default)]
    replace: bool,
}

/// Which boards a write changed.
#[derive(Serialize, ToSchema)]
pub(super) struct Entered {
    version: i32,
    /// The boards whose result changed.
    boards: Vec<u32>,
}

/// Enter a round's results at once: all are checked before any is saved.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/rounds/{n}/results",
    tag = "rounds",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("n" = u32, Path, minimum = 1, description = "the round, from 1"),
    ),
    request_body = ResultsBody,
    security(("bearer" = [])),
    responses((status = 200, description = "entered", body = Entered), WriteErrors)
)]
pub(super) async fn enter_results(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, n)): ApiPath<(String, u32)>,
    ApiBody(new): ApiBody<ResultsBody>,
) -> WebResult<Json<Entered>> {
    let entries = new
        .results
        .iter()
        .map(|r| entry(BoardNo::new(r.board).ok_or(WebError::NotFound)?, &r.result))
        .collect::<WebResult<Vec<_>>>()?;
    let command = Command::EnterResults {
        round: round_no(n)?,
        entries,
        replace: new.replace,
    };
    let ran = run(&app, account, &short, Some(new.version), command).await?;
    let boards = match ran.outcome.done {
        Done::Results(boards) => boards.iter().map(|b| b.get()).collect(),
        _ => Vec::new(),
    };
    Ok(Json(Entered {
        version: ran.version,
        boards,
    }))
}
