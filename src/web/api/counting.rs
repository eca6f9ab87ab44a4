//! The referee's count at the board, as the board page has it: what the
//! counting shows (a WMSG fill-in, both areas, or territories and
//! prisoners) gives the result with its margin under the tournament's rules
//! of play, or the check that failed; with `record`, the result goes into
//! the referees' log as the referee's correction of the board.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::access::{readable, run};
use super::errors::{ApiBody, ApiPath, WriteErrors};
use crate::core::command::{Command, Done};
use crate::core::discipline::GameRef;
use crate::core::round::Colour;
use crate::core::rules::counting::{Board, Sheet, count};
use crate::core::rules::fill_in::stones_to_review;
use crate::core::{BoardNo, RoundNo};
use crate::web::AppState;
use crate::web::acts::{counting_message, recorded_count};
use crate::web::auth::ApiAccount;
use crate::web::error::{WebError, WebResult, discipline_message};
use crate::web::i18n::Lang;

/// What the referee counted at a board.
#[derive(Deserialize, ToSchema)]
pub(super) struct CountIn {
    /// The tournament version the count is based on (and, with `record`,
    /// the write's).
    version: i32,
    /// What the board shows, as `core::rules::counting::Sheet` serializes
    /// it: `{"FillIn": {"owner": "Black", "empty_points": 1,
    /// "losing_stones": 12, "seki_point_unfilled": false,
    /// "black_moved_last": false}}`, `{"Area": {"black": 184, "white": 177,
    /// "black_moved_last": true}}` or `{"Territory": {"black": {"territory":
    /// 60, "prisoners": 3, "passes": 1}, "white": {…},
    /// "white_passed_last": true}}`.
    #[schema(value_type = Object)]
    sheet: Sheet,
    /// Black's stones counted at the start or after counting, when counted
    /// (WMSG: 180; another number is noted for review).
    black_stones: Option<u32>,
    /// White's stones, likewise.
    white_stones: Option<u32>,
    /// Record the result in the referees' log; without it, only count.
    #[serde(default)]
    record: bool,
}

/// The result of the count.
#[derive(Serialize, ToSchema)]
pub(super) struct CountOut {
    /// The tournament's version (after the write, when recorded).
    version: i32,
    /// The result with its margin as the result sheets record it
    /// (RFG 11.3): `B+3.5`, `W+0.5`, `Jigo`, `B+0` where the tie rule
    /// gives an equal count to Black.
    result: String,
    /// Whether the count was equal and the tie rule named the winner.
    tie_broken: bool,
    /// Stone counts that are not 180, to review before the result stands
    /// (WMSG Proc. 9): `"⚫ 179"`.
    review: String,
    /// The log entry, when recorded.
    entry: Option<u32>,
}

/// Count a game under the tournament's rules of play and, with `record`,
/// log the result as the referee's correction of the board (a referee's
/// act). A count that cannot be right is refused (422) with the check that
/// failed, in the request's language.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/rounds/{n}/boards/{b}/count",
    tag = "discipline",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("n" = u32, Path, minimum = 1, description = "the round, from 1"),
        ("b" = u32, Path, minimum = 1, description = "the board, from 1"),
    ),
    request_body = CountIn,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "counted, not recorded", body = CountOut),
        (status = 201, description = "counted and recorded", body = CountOut),
        WriteErrors
    )
)]
pub(super) async fn count_board(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    headers: HeaderMap,
    ApiPath((short, n, b)): ApiPath<(String, u32, u32)>,
    ApiBody(input): ApiBody<CountIn>,
) -> WebResult<(StatusCode, Json<CountOut>)> {
    let lang = Lang::negotiate(&headers);
    let opened = readable(&app, &headers, &short).await?;
    // A referee's tool: the count of a game is the officials' business.
    if !opened.is_staff() {
        return Err(WebError::Forbidden);
    }
    let view = opened.view().await?;
    let t = &view.entered;
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let board = BoardNo::new(b).ok_or(WebError::NotFound)?;
    let g = t.game_on(round, board).ok_or(WebError::NotFound)?;
    let outcome = count(&Board::of(&t.settings().rules, g), &input.sheet)
        .map_err(|e| WebError::Invalid(counting_message(&e, lang)))?;
    let off: Vec<(Colour, u32)> = stones_to_review(input.black_stones, input.white_stones);
    let mut out = CountOut {
        version: opened.tournament.version,
        result: outcome.to_string(),
        tie_broken: outcome.tie_broken,
        review: crate::web::acts::stones_off(&off),
        entry: None,
    };
    if !input.record {
        return Ok((StatusCode::OK, Json(out)));
    }
    let act = recorded_count(GameRef { round, board }, outcome, &off, lang).map_err(|e| {
        let (key, args) = discipline_message(&e);
        WebError::Invalid(lang.tf(key, &args))
    })?;
    let ran = run(
        &app,
        account,
        &short,
        Some(input.version),
        Command::LogAct {
            act,
            replace: false,
        },
    )
    .await?;
    out.version = ran.version;
    out.entry = match &ran.outcome.done {
        Done::Entry(e) => Some(e.id.0),
        _ => None,
    };
    Ok((StatusCode::CREATED, Json(out)))
}
