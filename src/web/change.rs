//! The pages' side of the door: a signed-in person's command goes to
//! [`crate::desk::Desk::run`] as the tournament they opened; what comes back
//! is the outcome or a refusal the page says in its reader's language.

use super::access::Access;
use super::error::WebResult;
use crate::core::command::Command;
use crate::desk::Ran;

/// Runs a staff member's command on the tournament they opened.
pub(crate) async fn run(access: &Access, seen: Option<i32>, command: Command) -> WebResult<Ran> {
    Ok(access.run(seen, command).await?)
}
