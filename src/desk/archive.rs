//! Tournaments out of and into Tengen's own format
//! (`core::formats::archive`), whole, in one transaction each.

use sqlx::PgConnection;
use uuid::Uuid;

use super::{Desk, DeskError, check_new, insert, now};
use crate::core::audit::Event;
use crate::core::command::{Refusal, State};
use crate::core::formats::archive::Archive;
use crate::store::{aggregate, archives, audit, tournaments};

/// A tournament created from an archive, and the staff it named whom this
/// server has no account for (their roles are not granted).
#[derive(Debug)]
pub struct Imported {
    pub row: tournaments::TournamentRow,
    pub missing_staff: Vec<String>,
}

/// The archive of `state` with its staff and contacts, not its audit log:
/// what a snapshot keeps.
pub(super) async fn without_audit(
    db: &mut PgConnection,
    tournament_id: Uuid,
    state: &State,
) -> sqlx::Result<Archive> {
    let staff = archives::staff(&mut *db, tournament_id).await?;
    let contacts = archives::contacts(&mut *db, tournament_id).await?;
    Ok(Archive::of(state, now(), staff, contacts, Vec::new()))
}

impl Desk {
    /// The whole tournament as one archive, read in one transaction so that
    /// its parts agree.
    pub async fn export(&self, tournament_id: Uuid) -> Result<Archive, DeskError> {
        let mut tx = self.store.begin().await?;
        let (_, state) = aggregate::read(&mut *tx, tournament_id)
            .await?
            .ok_or(DeskError::NotFound)?;
        let mut archive = without_audit(&mut tx, tournament_id, &state).await?;
        archive.audit = archives::audit(&mut *tx, tournament_id).await?;
        tx.commit().await?;
        Ok(archive)
    }

    /// A new tournament owned by `owner` from an archive, under its own
    /// short name or `short_name`: the document, book, round marks and
    /// header as they were, the audit log with its moments, the roles of
    /// the accounts of the same names, the contacts; then one audit entry
    /// saying where it came from. All of it or, on any refusal, nothing.
    pub async fn import_archive(
        &self,
        owner: Uuid,
        archive: &Archive,
        short_name: Option<&str>,
    ) -> Result<Imported, DeskError> {
        let mut state = archive.state();
        if let Some(short) = short_name {
            let mut settings = state.doc.settings().clone();
            settings.general.short_name = short.to_string();
            state.doc.set_settings(settings);
        }
        check_new(&state)?;
        // What the archive holds beside the state (staff, contacts, the
        // audit log) goes into tables too, under the same rule of text.
        let beside = serde_json::json!([archive.staff, archive.contacts, archive.audit]);
        crate::core::command::text::check_value(&beside)?;
        // A role the database does not know would fail its cast there.
        let known = |role: &str| {
            crate::core::access::StaffRole::from_key(role)
                .is_some_and(|r| r != crate::core::access::StaffRole::Owner)
        };
        if !archive.staff.iter().all(|entry| known(&entry.role)) {
            return Err(Refusal::field("role", "staff.error.role").into());
        }
        // A book naming what the document lacks would make every page of
        // the tournament unreadable: such a file is refused whole.
        state
            .book
            .check_references(&state.doc)
            .map_err(Refusal::from)?;
        let mut tx = self.store.begin().await?;
        let row = insert(&mut tx, owner, &state).await?;
        for record in &archive.audit {
            archives::append_audit(&mut *tx, row.tournament_id, record).await?;
        }
        let mut missing_staff = Vec::new();
        for entry in &archive.staff {
            if !archives::grant(&mut *tx, row.tournament_id, entry).await? {
                missing_staff.push(format!("{} ({})", entry.username, entry.role));
            }
        }
        for contact in &archive.contacts {
            tournaments::save_contact(
                &mut *tx,
                row.tournament_id,
                contact.player as i32,
                &contact.email,
            )
            .await?;
        }
        let summary = serde_json::json!({
            "format": "tengen",
            "exported_at": archive.exported_at.unix_seconds(),
            "players": state.doc.players().len(),
            "games": state.doc.games().len(),
            "log": state.book.log.entries().len(),
            "appeals": state.book.appeals.len(),
            "staff_without_account": missing_staff,
        });
        audit::record(
            &mut *tx,
            Some(row.tournament_id),
            Some(owner),
            &Event::ImportTournament,
            None,
            Some(summary),
        )
        .await?;
        tx.commit().await?;
        Ok(Imported { row, missing_staff })
    }
}
