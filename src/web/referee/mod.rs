//! The referees' desk, made for a phone in a noisy hall: the round by board,
//! one page per board to log a sanction, a late arrival, a protest, a
//! confirmation, a correction or an adjournment in a tap or two, player
//! sanctions, the incident log and the chief referee's report.
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
//! | `GET /t/{short}/referee/rounds/{n}/boards/{b}/label` | [`show_label`] | an adjourned game's sealing label, to print |
//! | `GET`, `POST /t/{short}/referee/players` | [`show_player_acts`], [`act_on_player`] | removals, withdrawal, bans |
//! | `GET /t/{short}/referee/log` | [`show_log`] | the incident log, per round |
//! | `POST /t/{short}/referee/annul` | [`annul_act`] | an act annulled with a reason (its author, the chief referee) |
//! | `GET /t/{short}/referee/report` | [`show_report`] | the chief referee's report (`?format=text` downloads it) |

mod board;
mod desk;
mod log;
mod player_acts;
mod report;

use super::AppState;
use super::access::Access;
use super::acts::FormError;
use super::change::run;
use super::error::{WebError, WebResult};
use crate::core::command::{Command, Done};
use crate::core::discipline::{Act, Entry, effects};
use crate::web::act_effects::effect_words;
use crate::web::flash::Flash;
use crate::web::i18n::Lang;
use crate::web::view::view;
use axum::Router;
use axum::routing::{get, post};
use board::act_on_board;
use board::show_board;
use board::show_label;
use desk::desk;
use desk::show_round;
use desk::start_round;
use log::{annul_act, show_log};
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
            "/t/{short}/referee/rounds/{n}/boards/{b}/label",
            get(show_label),
        )
        .route(
            "/t/{short}/referee/players",
            get(show_player_acts).post(act_on_player),
        )
        .route("/t/{short}/referee/log", get(show_log))
        .route("/t/{short}/referee/annul", post(annul_act))
        .route("/t/{short}/referee/report", get(show_report))
}

/// Records one act through the door; the audit log gets the act and,
/// when it changed results, each result before and after. `replace`: the
/// referee confirmed that a forfeit or an absence replaces the board's result.
async fn record(_app: &AppState, access: &Access, act: Act, replace: bool) -> WebResult<Entry> {
    let ran = run(access, None, Command::LogAct { act, replace }).await?;
    match ran.outcome.done {
        Done::Entry(entry) => Ok(*entry),
        _ => Err(WebError::NotFound),
    }
}

/// Runs `record`, turning a refusal by the rules into a message for the form.
async fn record_or_explain(
    app: &AppState,
    access: &Access,
    act: Act,
    replace: bool,
) -> WebResult<Result<Entry, FormError>> {
    match record(app, access, act, replace).await {
        Ok(entry) => Ok(Ok(entry)),
        Err(WebError::Discipline(e)) => Ok(Err(FormError::Discipline(e))),
        Err(e) => Err(e),
    }
}

/// The notice after an act: what it did, where it did anything ("second
/// warning — the game is lost by Black (…)"), else that it was recorded.
async fn saved_notice(app: &AppState, access: &Access, lang: Lang, entry: &Entry) -> Flash {
    let Ok(current) = view(app, access.tournament.tournament_id).await else {
        return Flash::new("notice.referee_saved");
    };
    let log = &current.book.log;
    let effect = effects(&current.entered, log, &current.book.settings, |e| {
        e.id == entry.id
    })
    .ok()
    .and_then(|all| all.get(&entry.id).cloned())
    .map(|e| effect_words(&current.effective.tournament, lang, log, entry, &e))
    .unwrap_or_default();
    if effect.is_empty() {
        Flash::new("notice.referee_saved")
    } else {
        Flash::new("notice.referee_saved_effect").arg("effect", effect)
    }
}
