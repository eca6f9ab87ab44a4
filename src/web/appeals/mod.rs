//! Appeals: the committee fixed before round 1, appeals filed by a referee
//! or by the player through a private link, the committee's review and
//! decision, and the referral to the federation's rules commission (EGF GTR
//! "Arbitration", RFG Code art. 26, Ukrainian rules VI).
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /t/{short}/appeals` | [`list`] | staff: appeals, the committee, filing |
//! | `POST /t/{short}/appeals` | [`file_for_player`] | referees, organisers |
//! | `POST /t/{short}/appeals/committee` | [`fix_committee`] | organisers, before round 1 |
//! | `POST /t/{short}/appeals/committee/co-opt` | [`co_opt`] | organisers, committee |
//! | `GET /t/{short}/appeals/{id}` | [`show`] | staff |
//! | `POST /t/{short}/appeals/{id}/review`, `/decide` | [`review`], [`decide`] | the committee |
//! | `POST /t/{short}/appeals/{id}/escalate`, `/rule` | [`escalate`], [`rule`] | organisers |
//! | `POST /t/{short}/appeals/link` | [`issue_link`] | referees, organisers |
//! | `GET /p/{token}`, `POST /p/{token}` | [`player_page`], [`player_files`] | the player holding the link |

mod committee;
mod filing;
mod list;
mod player;

use super::AppState;
use axum::Router;
use axum::routing::{get, post};
use committee::decide;
use committee::escalate;
use committee::review;
use committee::rule;
use committee::show;
use filing::file_for_player;
use list::co_opt;
use list::fix_committee;
use list::issue_link;
use list::list;
use player::player_files;
use player::player_page;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/t/{short}/appeals", get(list).post(file_for_player))
        .route("/t/{short}/appeals/committee", post(fix_committee))
        .route("/t/{short}/appeals/committee/co-opt", post(co_opt))
        .route("/t/{short}/appeals/{id}", get(show))
        .route("/t/{short}/appeals/{id}/review", post(review))
        .route("/t/{short}/appeals/{id}/decide", post(decide))
        .route("/t/{short}/appeals/{id}/escalate", post(escalate))
        .route("/t/{short}/appeals/{id}/rule", post(rule))
        .route("/t/{short}/appeals/link", post(issue_link))
        .route("/p/{token}", get(player_page).post(player_files))
}
