//! A tournament's staff: roles given and taken back, each with its audit
//! entry, in one transaction. The roles themselves are `core::access`'s;
//! the staff list lives beside the aggregate, so this is the one change
//! that is not a core command.

use uuid::Uuid;

use super::{Desk, DeskError};
use crate::core::access::StaffRole;
use crate::core::audit::Event;
use crate::core::command::Refusal;
use crate::core::command::text::{MAX_LINE, Shape};
use crate::store::accounts::{self, Account};
use crate::store::{audit, tournaments};

impl Desk {
    /// Gives the account `username` a role in the tournament (giving it
    /// twice changes nothing); the owner's role is never given.
    pub async fn grant(
        &self,
        tournament_id: Uuid,
        by: Uuid,
        username: &str,
        role: StaffRole,
    ) -> Result<Account, DeskError> {
        if role == StaffRole::Owner {
            return Err(Refusal::field("role", "staff.error.role").into());
        }
        let unknown = || Refusal::field("username", "staff.error.unknown_user");
        // No account's name breaks the rule of names; such text is never
        // sent to the database, which refuses a NUL with an error.
        let username = username.trim();
        if crate::core::command::text::problem(username, Shape::Line(MAX_LINE)).is_some() {
            return Err(unknown().into());
        }
        let account = accounts::by_username(&self.store.pool, username)
            .await?
            .ok_or_else(unknown)?;
        let mut tx = self.store.begin().await?;
        tournaments::add_staff(&mut *tx, tournament_id, account.account_id, role).await?;
        let after = serde_json::json!({
            "username": account.username,
            "display_name": account.display_name,
            "role": role.key(),
        });
        audit::record(
            &mut *tx,
            Some(tournament_id),
            Some(by),
            &Event::GrantRole,
            None,
            Some(after),
        )
        .await?;
        tx.commit().await?;
        Ok(account)
    }

    /// Takes a role back from the account.
    pub async fn revoke(
        &self,
        tournament_id: Uuid,
        by: Uuid,
        account_id: Uuid,
        role: StaffRole,
    ) -> Result<(), DeskError> {
        let removed = tournaments::staff(&self.store.pool, tournament_id)
            .await?
            .into_iter()
            .find(|m| m.account_id == account_id && m.role == role);
        let mut tx = self.store.begin().await?;
        tournaments::remove_staff(&mut *tx, tournament_id, account_id, role).await?;
        let before = serde_json::json!({
            "account_id": account_id,
            "username": removed.as_ref().map(|m| &m.username),
            "display_name": removed.as_ref().map(|m| &m.display_name),
            "role": role.key(),
        });
        audit::record(
            &mut *tx,
            Some(tournament_id),
            Some(by),
            &Event::RevokeRole,
            Some(before),
            None,
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }
}
