//! Creating a tournament, its public page, settings, staff and audit log:
//! [`form`] (creating, settings), [`overview`] (the public page, the
//! poster), [`staff`], [`audit`].
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /tournaments/new`, `POST /tournaments` | [`new_tournament`], [`create_tournament`] | organisers |
//! | `GET /t/{short}` | [`show_tournament`] | everyone |
//! | `GET /t/{short}/settings`, `POST` | [`edit_settings`], [`update_settings`] | owner, co-organisers |
//! | `GET /t/{short}/staff`, `POST` | [`show_staff`], [`add_staff`] | owner |
//! | `POST /t/{short}/staff/remove` | [`remove_staff`] | owner |
//! | `GET /t/{short}/audit` | [`show_audit`] | owner, co-organisers |
//! | `GET /t/{short}/snapshots` | [`show_snapshots`] | owner, co-organisers: the tournament at each publication |
//! | `GET /t/{short}/snapshots/{id}/restore`, `POST` | [`confirm_restore`], [`restore_snapshot`] | owner, co-organisers |
//! | `POST /t/{short}/snapshots/{id}/copy` | [`copy_snapshot`] | owner, co-organisers |
//! | `GET /time-summary?…` | [`time_summary`] | everyone: the time fields' EGF class, for the form's live line |
//! | `GET /t/{short}/poster` | [`show_poster`] | everyone: A4 poster with a QR code to the tournament page |
//! | `GET /t/{short}/final`, `POST` | [`stage_form`], [`create_final`] | organisers: the final stage from qualifying groups |

mod audit;
mod form;
mod overview;
mod snapshots;
mod staff;
mod stage;

use axum::Router;
use axum::routing::{get, post};

use super::AppState;
use audit::show_audit;
use form::{create_tournament, edit_settings, new_tournament, time_summary, update_settings};
use overview::{show_poster, show_tournament};
use snapshots::{confirm_restore, copy_snapshot, restore_snapshot, show_snapshots};
use staff::{add_staff, remove_staff, show_staff};
use stage::{create_final, stage_form};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/tournaments/new", get(new_tournament))
        .route("/tournaments", post(create_tournament))
        .route("/t/{short}", get(show_tournament))
        .route(
            "/t/{short}/settings",
            get(edit_settings).post(update_settings),
        )
        .route("/t/{short}/staff", get(show_staff).post(add_staff))
        .route("/t/{short}/staff/remove", post(remove_staff))
        .route("/t/{short}/audit", get(show_audit))
        .route("/t/{short}/snapshots", get(show_snapshots))
        .route(
            "/t/{short}/snapshots/{id}/restore",
            get(confirm_restore).post(restore_snapshot),
        )
        .route("/t/{short}/snapshots/{id}/copy", post(copy_snapshot))
        .route("/t/{short}/poster", get(show_poster))
        .route("/time-summary", get(time_summary))
        .route("/t/{short}/final", get(stage_form).post(create_final))
}
