//! Registration: the organisers' player list and form, and players'
//! self-registration while it is open.
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /t/{short}/players` | [`list_players`] | everyone (actions for organisers) |
//! | `GET /t/{short}/players/{no}/games` | [`show_player`] | everyone: the player's games in published rounds |
//! | `GET /t/{short}/players/new`, `POST /t/{short}/players` | [`new_player`], [`add_player`] | organisers |
//! | `GET /t/{short}/players/{no}/edit`, `POST /t/{short}/players/{no}` | [`edit_player`], [`update_player`] | organisers |
//! | `POST /t/{short}/players/import` | [`import_players`] | organisers: CSV or vbar file, all or nothing |
//! | `GET /t/{short}/players/ratings`, `POST` | [`preview_ratings`], [`update_ratings`] | organisers, before round 1 is paired: ratings from the newest rating list |
//! | `GET /t/{short}/players.csv` | [`export_players`] | organisers |
//! | `POST /t/{short}/players/{no}/confirm` | [`confirm_player`] | organisers |
//! | `POST /t/{short}/players/{no}/medical` | [`set_medical`] | the doctor (and organisers, chief referee) |
//! | `POST /t/{short}/supergroup/confirm` | [`confirm_supergroup`] | a tournament supervisor |
//! | `GET /t/{short}/players/{no}/delete`, `POST` | [`confirm_delete`], [`delete_player`] | organisers |
//! | `GET /t/{short}/players/{no}/withdraw`, `POST` | [`confirm_withdraw`], [`withdraw_player`] | organisers: leaves from the next round to pair (a discipline-log act) |
//! | `GET /t/{short}/register`, `POST` | [`show_registration`], [`register`] | everyone, while open |
//! | `GET /t/{short}/registered/{no}` | [`show_registered`] | everyone |

mod edit;
mod form;
mod games;
mod list;
mod ratings;
mod registration;
mod steps;

use axum::Router;
use axum::routing::{get, post};
// Repeated fields (the participation boxes) need serde_html_form's decoder.
use super::AppState;
use edit::add_player;
use edit::edit_player;
use edit::new_player;
use edit::update_player;
use games::show_player;
use list::export_players;
use list::import_players;
use list::list_players;
use ratings::preview_ratings;
use ratings::update_ratings;
use registration::register;
use registration::show_registered;
use registration::show_registration;
use steps::confirm_delete;
use steps::confirm_player;
use steps::confirm_withdraw;
use steps::delete_player;
use steps::withdraw_player;
use steps::{confirm_supergroup, set_medical};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/t/{short}/players", get(list_players).post(add_player))
        .route("/t/{short}/players/new", get(new_player))
        .route("/t/{short}/players/import", post(import_players))
        .route(
            "/t/{short}/players/ratings",
            get(preview_ratings).post(update_ratings),
        )
        .route("/t/{short}/players.csv", get(export_players))
        .route("/t/{short}/players/{no}/games", get(show_player))
        .route("/t/{short}/players/{no}", post(update_player))
        .route("/t/{short}/players/{no}/edit", get(edit_player))
        .route("/t/{short}/players/{no}/confirm", post(confirm_player))
        .route("/t/{short}/players/{no}/medical", post(set_medical))
        .route("/t/{short}/supergroup/confirm", post(confirm_supergroup))
        .route(
            "/t/{short}/players/{no}/delete",
            get(confirm_delete).post(delete_player),
        )
        .route(
            "/t/{short}/players/{no}/withdraw",
            get(confirm_withdraw).post(withdraw_player),
        )
        .route("/t/{short}/register", get(show_registration).post(register))
        .route("/t/{short}/registered/{no}", get(show_registered))
}
