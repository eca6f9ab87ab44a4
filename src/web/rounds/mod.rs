//! Rounds: pairing, publishing, the pairing lists players read on their
//! phones, and result entry.
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /t/{short}/rounds` | [`list_rounds`] | everyone |
//! | `GET /t/{short}/events` | [`events`] | everyone: server-sent `changed` events |
//! | `POST /t/{short}/rounds/pair` | [`pair_next_round`] | organisers |
//! | `GET /t/{short}/rounds/{n}?q=` | [`show_round`] | everyone once published; `q` finds a player |
//! | `POST /t/{short}/rounds/{n}/publish` | [`publish_round`] | organisers |
//! | `POST /t/{short}/rounds/{n}/start` | [`schedule_round`] | organisers: the official start (RFG 16.6.1) |
//! | `GET /t/{short}/rounds/{n}/unpair`, `POST` | [`confirm_unpair`], [`unpair_round`] | organisers |
//! | `POST /t/{short}/rounds/{n}/cancel` | [`cancel_round`] | the chief referee, with a reason |
//! | `POST /t/{short}/rounds/{n}/edit` | [`edit_pairing`] | organisers: pair, unpair, swap, bye by hand |
//! | `GET /t/{short}/rounds/{n}/results`, `POST` | [`show_results`], [`enter_results`] | organisers, referees |
//! | `POST /t/{short}/rounds/{n}/lock` | [`lock_round`] | organisers |
//! | `GET /t/{short}/rounds/{n}/print?by=name` | [`print_pairings`] | organisers: by board, or alphabetical |
//! | `GET /t/{short}/rounds/{n}/slips` | [`print_slips`] | organisers: result slips, four per A4 page |

mod boards;
mod events;
mod lists;
mod pairing;
mod print;
mod results;
mod round;

use super::AppState;
use axum::Router;
use axum::routing::{get, post};
use events::events;
use lists::list_rounds;
use pairing::cancel_round;
use pairing::confirm_unpair;
use pairing::edit_pairing;
use pairing::lock_round;
use pairing::pair_next_round;
use pairing::publish_round;
use pairing::schedule_round;
use pairing::unpair_round;
use print::print_pairings;
use print::print_slips;
use results::enter_results;
use results::show_results;
use round::show_round;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/t/{short}/rounds", get(list_rounds))
        .route("/t/{short}/events", get(events))
        .route("/t/{short}/rounds/pair", post(pair_next_round))
        .route("/t/{short}/rounds/{n}", get(show_round))
        .route("/t/{short}/rounds/{n}/publish", post(publish_round))
        .route("/t/{short}/rounds/{n}/start", post(schedule_round))
        .route(
            "/t/{short}/rounds/{n}/unpair",
            get(confirm_unpair).post(unpair_round),
        )
        .route("/t/{short}/rounds/{n}/lock", post(lock_round))
        .route("/t/{short}/rounds/{n}/cancel", post(cancel_round))
        .route(
            "/t/{short}/rounds/{n}/results",
            get(show_results).post(enter_results),
        )
        .route("/t/{short}/rounds/{n}/print", get(print_pairings))
        .route("/t/{short}/rounds/{n}/edit", post(edit_pairing))
        .route("/t/{short}/rounds/{n}/slips", get(print_slips))
}
