//! Players' private links: issued by the staff, each with its audit entry,
//! in one transaction. A link lives beside the aggregate (only its hash is
//! kept), so issuing one is not a core command.

use uuid::Uuid;

use super::accounts::{random_hex, token_hash};
use super::{Desk, DeskError};
use crate::core::PlayerId;
use crate::core::audit::Event;
use crate::core::command::Refusal;
use crate::store::{audit, discipline};

impl Desk {
    /// Issues the player's private link, replacing any older one, and
    /// returns its token: shown once, never stored.
    pub async fn issue_link(
        &self,
        tournament_id: Uuid,
        by: Uuid,
        player: PlayerId,
    ) -> Result<String, DeskError> {
        let (_, state) = self.read(tournament_id).await?;
        state.doc.player(player).ok_or(Refusal::NotFound)?;
        let token = random_hex(16);
        let mut tx = self.store.begin().await?;
        discipline::set_player_link(
            &mut *tx,
            tournament_id,
            player.0 as i32,
            &token_hash(&token),
        )
        .await?;
        audit::record(
            &mut *tx,
            Some(tournament_id),
            Some(by),
            &Event::IssuePlayerLink(player),
            None,
            None,
        )
        .await?;
        tx.commit().await?;
        Ok(token)
    }
}
