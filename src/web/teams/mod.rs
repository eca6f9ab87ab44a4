//! Team events: the team standings and matches everyone reads, the teams
//! the organiser registers, and each round's line-ups, from the staff or
//! the team's captain through their private link.
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /t/{short}/teams?round=N` | [`show_teams`] | everyone |
//! | `GET /t/{short}/teams/manage`, `POST` | [`manage_teams`], [`add_team`] | organisers |
//! | `POST /t/{short}/teams/settings` | [`save_team_settings`] | organisers: boards, reserves, order, deadline |
//! | `GET /t/{short}/teams/{n}/edit`, `POST` | [`edit_team`], [`save_team`] | organisers |
//! | `POST /t/{short}/teams/{n}/delete` | [`delete_team`] | organisers |
//! | `GET /t/{short}/teams/{n}/lineup?round=N`, `POST` | [`staff_line_up`], [`staff_submits`] | organisers |
//! | `GET /p/{token}/lineup`, `POST` | [`captain_line_up`], [`captain_submits`] | the team's captain |
//! | `GET /t/{short}/teams/sheets?round=N` | [`match_sheets`] | organisers: one match sheet per match, to print |

mod lineup;
mod manage;
mod sheets;
mod show;

use super::AppState;
use axum::Router;
use axum::routing::{get, post};
use lineup::{captain_line_up, captain_submits, staff_line_up, staff_submits};
use manage::{add_team, delete_team, edit_team, manage_teams, save_team, save_team_settings};
use sheets::match_sheets;
use show::show_teams;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/t/{short}/teams", get(show_teams))
        .route("/t/{short}/teams/manage", get(manage_teams).post(add_team))
        .route("/t/{short}/teams/settings", post(save_team_settings))
        .route("/t/{short}/teams/sheets", get(match_sheets))
        .route("/t/{short}/teams/{n}/edit", get(edit_team).post(save_team))
        .route("/t/{short}/teams/{n}/delete", post(delete_team))
        .route(
            "/t/{short}/teams/{n}/lineup",
            get(staff_line_up).post(staff_submits),
        )
        .route(
            "/p/{token}/lineup",
            get(captain_line_up).post(captain_submits),
        )
}
