//! What pages read beside one opened tournament: the lists of tournaments a
//! caller may see (the rule of [`Desk::open`] for many), and what belongs to
//! an opened tournament but not to its state: its staff, its audit log,
//! its snapshots, the bans of the site's other tournaments.

use uuid::Uuid;

use super::open::{Account, Listed, Opened, StaffMember, TournamentRow, Who};
use super::{Desk, DeskError};
use crate::core::access::{self, Action};
use crate::core::formats::archive::Archive;
use crate::store::archives::{self, Snapshot};
use crate::store::audit::{self, AuditEntry};
use crate::store::discipline::{self, BanSource};
use crate::store::tournaments;

impl Desk {
    /// The tournaments `viewer` may see, newest first: the public ones,
    /// those the account is staff of, and every one for a site administrator.
    pub async fn visible(
        &self,
        db: &sqlx::PgPool,
        viewer: Option<&Account>,
    ) -> Result<Vec<TournamentRow>, DeskError> {
        let (id, admin) = viewer_of(viewer);
        Ok(tournaments::visible(db, id, admin).await?)
    }

    /// [`Desk::visible`] as the home page lists them.
    pub async fn listed(
        &self,
        db: &sqlx::PgPool,
        viewer: Option<&Account>,
    ) -> Result<Vec<Listed>, DeskError> {
        let (id, admin) = viewer_of(viewer);
        Ok(tournaments::listed(db, id, admin).await?)
    }

    /// The tournaments whose settings `me` may change. No rule text keeps
    /// that to one role, so the table alone answers.
    pub async fn organised(
        &self,
        db: &sqlx::PgPool,
        me: &Account,
    ) -> Result<Vec<TournamentRow>, DeskError> {
        let mut out = Vec::new();
        for row in tournaments::visible(db, Some(me.account_id), me.is_admin).await? {
            let roles = tournaments::roles_of(db, row.tournament_id, me.account_id).await?;
            if access::may(&roles, me.is_admin, Action::EditSettings) {
                out.push(row);
            }
        }
        Ok(out)
    }

    /// Whether the site has no account yet (the first is its administrator).
    pub async fn needs_setup(&self, db: &sqlx::PgPool) -> Result<bool, DeskError> {
        Ok(crate::store::accounts::count(db).await? == 0)
    }
}

fn viewer_of(viewer: Option<&Account>) -> (Option<Uuid>, bool) {
    (
        viewer.map(|a| a.account_id),
        viewer.is_some_and(|a| a.is_admin),
    )
}

impl<W: Who> Opened<W> {
    /// The staff and their roles, as the staff page lists them.
    pub async fn staff(&self) -> Result<Vec<StaffMember>, DeskError> {
        Ok(tournaments::staff(&self.db, self.tournament.tournament_id).await?)
    }

    /// The audit log, newest first.
    pub async fn audit_log(&self) -> Result<Vec<AuditEntry>, DeskError> {
        Ok(audit::for_tournament(&self.db, self.tournament.tournament_id).await?)
    }

    /// The snapshots kept at each round's publication, newest first.
    pub async fn snapshots(&self) -> Result<Vec<Snapshot>, DeskError> {
        Ok(archives::snapshots(&self.db, self.tournament.tournament_id).await?)
    }

    /// One kept snapshot and the tournament as it was then.
    pub async fn snapshot(&self, id: i64) -> Result<(Snapshot, Archive), DeskError> {
        archives::snapshot(&self.db, self.tournament.tournament_id, id)
            .await?
            .ok_or(DeskError::NotFound)
    }

    /// The other tournaments of the site with supergroup bans, each said
    /// visible or not to the caller.
    pub async fn other_bans(&self) -> Result<Vec<BanSource>, DeskError> {
        let (id, admin) = viewer_of(self.me.account());
        Ok(
            discipline::with_supergroup_bans(&self.db, self.tournament.tournament_id, id, admin)
                .await?,
        )
    }
}
