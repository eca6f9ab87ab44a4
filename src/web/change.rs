//! The pages' side of the door: a signed-in person's command goes to
//! [`crate::desk::Desk::run`] with who they are; what comes back is the
//! outcome or a refusal the page says in its reader's language.

use super::AppState;
use super::access::Access;
use super::error::WebResult;
use crate::core::command::Command;
use crate::desk::{Caller, Ran};

/// Runs a staff member's command on the tournament they were authorised for.
pub(crate) async fn run(
    app: &AppState,
    access: &Access,
    seen: Option<i32>,
    command: Command,
) -> WebResult<Ran> {
    let caller = Caller::Account(access.me.clone());
    Ok(app
        .desk
        .run(&caller, access.tournament.tournament_id, seen, command)
        .await?)
}
