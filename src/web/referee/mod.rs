//! The referees' desk, made for a phone in a noisy hall: the round by board,
//! one page per board to log a sanction, a late arrival, a protest, a
//! confirmation or a correction in a tap or two, player sanctions, the
//! incident log and the chief referee's report.
//!
//! Referees never edit results here: every form appends an act to the
//! discipline log (`core::discipline`), and the pages show its effect.
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /t/{short}/referee` | [`desk`] | referees, organisers: the latest paired round |
//! | `GET /t/{short}/referee/rounds/{n}` | [`show_round`] | the round by board |
//! | `POST /t/{short}/referee/rounds/{n}/start` | [`start_round`] | starts the clocks (lateness counts from here) |
//! | `GET`, `POST /t/{short}/referee/rounds/{n}/boards/{b}` | [`show_board`], [`act_on_board`] | one board |
//! | `GET`, `POST /t/{short}/referee/players` | [`show_player_acts`], [`act_on_player`] | removals, withdrawal, bans |
//! | `GET /t/{short}/referee/log` | [`show_log`] | the incident log, per round |
//! | `GET /t/{short}/referee/report` | [`show_report`] | the chief referee's report (`?format=text` downloads it) |

mod board;
mod desk;
mod log;
mod player_acts;
mod report;

use super::AppState;
use super::access::Access;
use super::acts::{FormError, now, official};
use super::change::{json, mutate_with_book};
use super::error::{WebError, WebResult};
use crate::core::discipline::{Act, Entry, SanctionKind, result_changes};
use axum::Router;
use axum::routing::{get, post};
use board::act_on_board;
use board::show_board;
use desk::desk;
use desk::show_round;
use desk::start_round;
use log::show_log;
use player_acts::act_on_player;
use player_acts::show_player_acts;
use report::show_report;

pub(super) fn routes() -> axum::Router<AppState> {
    Router::new()
        .route("/t/{short}/referee", get(desk))
        .route("/t/{short}/referee/rounds/{n}", get(show_round))
        .route("/t/{short}/referee/rounds/{n}/start", post(start_round))
        .route(
            "/t/{short}/referee/rounds/{n}/boards/{b}",
            get(show_board).post(act_on_board),
        )
        .route(
            "/t/{short}/referee/players",
            get(show_player_acts).post(act_on_player),
        )
        .route("/t/{short}/referee/log", get(show_log))
        .route("/t/{short}/referee/report", get(show_report))
}

/// Records one act in its own transaction; the audit log gets the act and,
/// when it changed results, each result before and after.
async fn record(app: &AppState, access: &Access, act: Act) -> WebResult<Entry> {
    let by = official(&access.me)?;
    let action = format!("referee.{}", act_key(&act));
    mutate_with_book(app, access, None, &action, |t, book| {
        let before = book.effective(t)?.tournament;
        let entry = book.record(t, now(), by, act)?;
        let after = book.effective(t)?.tournament;
        let changes = result_changes(&before, &after);
        let was: Vec<_> = changes.iter().map(|c| (c.game, c.before)).collect();
        let is: Vec<_> = changes.iter().map(|c| (c.game, c.after)).collect();
        let logged = serde_json::json!({ "entry": entry, "results": is });
        Ok((entry, Some(json(&was)?), Some(logged)))
    })
    .await
}

/// A short name of the act for the audit log's action column.
fn act_key(act: &Act) -> &'static str {
    match act {
        Act::StartRound { .. } => "start_round",
        Act::Sanction(s) => match s.kind {
            SanctionKind::Remark { .. } => "remark",
            SanctionKind::Warning { .. } => "warning",
            SanctionKind::PenaltyPoints { .. } => "penalty",
            SanctionKind::GameForfeit { .. } => "forfeit",
            SanctionKind::TimeChange { .. } => "time_change",
            SanctionKind::RemovalFromRound { .. } => "removal_from_round",
            SanctionKind::RemovalFromTournament { .. } => "removal_from_tournament",
            SanctionKind::SupergroupBan { .. } => "supergroup_ban",
            SanctionKind::RatingReduction { .. } => "rating_reduction",
        },
        Act::Absence { .. } => "absence",
        Act::Withdrawal { .. } => "withdrawal",
        Act::Protest { .. } => "protest",
        Act::Confirmation { .. } => "confirmation",
        Act::Correction { .. } => "correction",
        Act::Decision { .. } => "decision",
    }
}

/// Runs `record`, turning a refusal by the rules into a message for the form.
async fn record_or_explain(
    app: &AppState,
    access: &Access,
    act: Act,
) -> WebResult<Result<Entry, FormError>> {
    match record(app, access, act).await {
        Ok(entry) => Ok(Ok(entry)),
        Err(WebError::Discipline(e)) => Ok(Err(FormError::Discipline(e))),
        Err(e) => Err(e),
    }
}
