//! What a tournament's archive (`core::formats::archive`) holds beside its
//! aggregate: staff, contacts and the audit log, read for an export and
//! written for an import; and the snapshots taken at each publication.
//!
//! These statements are checked at run time (`sqlx::query`), not by the
//! offline query data: the archive tests run each of them.

use sqlx::{PgExecutor, Row};
use time::OffsetDateTime;
use uuid::Uuid;

use crate::core::audit::Event;
use crate::core::discipline::Moment;
use crate::core::formats::archive::{Archive, AuditRecord, Contact, StaffEntry};

fn moment(at: OffsetDateTime) -> Moment {
    Moment::from_unix_seconds(at.unix_timestamp())
}

fn timestamp(at: Moment) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp(at.unix_seconds()).unwrap_or(OffsetDateTime::UNIX_EPOCH)
}

/// The staff by account name.
pub async fn staff(db: impl PgExecutor<'_>, tournament_id: Uuid) -> sqlx::Result<Vec<StaffEntry>> {
    let rows = sqlx::query(
        "select a.username, a.display_name, s.role::text as role
         from tournament_staff s join account a using (account_id)
         where s.tournament_id = $1 order by s.role, a.username",
    )
    .bind(tournament_id)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(StaffEntry {
                username: r.try_get("username")?,
                display_name: r.try_get("display_name")?,
                role: r.try_get("role")?,
            })
        })
        .collect()
}

/// The self-registered players' contacts.
pub async fn contacts(db: impl PgExecutor<'_>, tournament_id: Uuid) -> sqlx::Result<Vec<Contact>> {
    let rows = sqlx::query(
        "select player_no, email from player_contact where tournament_id = $1 order by player_no",
    )
    .bind(tournament_id)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(Contact {
                player: r.try_get::<i32, _>("player_no")? as u32,
                email: r.try_get("email")?,
            })
        })
        .collect()
}

/// The audit log, oldest first.
pub async fn audit(db: impl PgExecutor<'_>, tournament_id: Uuid) -> sqlx::Result<Vec<AuditRecord>> {
    let rows = sqlx::query(
        "select l.at, a.username, coalesce(a.display_name, l.actor_name) as who,
                l.action, l.before, l.after
         from audit_log l left join account a using (account_id)
         where l.tournament_id = $1 order by l.audit_log_id",
    )
    .bind(tournament_id)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(AuditRecord {
                at: moment(r.try_get("at")?),
                username: r.try_get("username")?,
                who: r.try_get("who")?,
                event: Event::parse(r.try_get("action")?),
                before: r.try_get("before")?,
                after: r.try_get("after")?,
            })
        })
        .collect()
}

/// Appends an imported audit record at its own moment, under the name it
/// had, linked to no account: an account of the same name on this server
/// may be someone else, who must not be shown doing what they never did.
pub async fn append_audit(
    db: impl PgExecutor<'_>,
    tournament_id: Uuid,
    record: &AuditRecord,
) -> sqlx::Result<()> {
    sqlx::query(
        "insert into audit_log (tournament_id, account_id, actor_name, at, action, before, after)
         values ($1, null, $2, $3, $4, $5, $6)",
    )
    .bind(tournament_id)
    .bind(record.who.as_ref().or(record.username.as_ref()))
    .bind(timestamp(record.at))
    .bind(record.event.name())
    .bind(&record.before)
    .bind(&record.after)
    .execute(db)
    .await?;
    Ok(())
}

/// Grants an archived role to the account of the same name; false when
/// this server has no such account.
pub async fn grant(
    db: impl PgExecutor<'_>,
    tournament_id: Uuid,
    entry: &StaffEntry,
) -> sqlx::Result<bool> {
    let granted = sqlx::query(
        "insert into tournament_staff (tournament_id, account_id, role)
         select $1, account_id, $3::text::staff_role from account where username = $2
         on conflict do nothing",
    )
    .bind(tournament_id)
    .bind(&entry.username)
    .bind(&entry.role)
    .execute(db)
    .await?;
    Ok(granted.rows_affected() > 0)
}

/// A snapshot as listed for the organiser.
#[derive(Debug, Clone)]
pub struct Snapshot {
    pub id: i64,
    pub round: u32,
    pub taken_at: OffsetDateTime,
}

/// Keeps the tournament as it is now, at the publication of `round`.
pub async fn take_snapshot(
    db: impl PgExecutor<'_>,
    tournament_id: Uuid,
    round: u32,
    archive: &Archive,
) -> sqlx::Result<()> {
    sqlx::query(
        "insert into tournament_snapshot (tournament_id, round_no, archive) values ($1, $2, $3)",
    )
    .bind(tournament_id)
    .bind(round as i32)
    .bind(sqlx::types::Json(archive))
    .execute(db)
    .await?;
    Ok(())
}

/// The tournament's snapshots, newest first.
pub async fn snapshots(
    db: impl PgExecutor<'_>,
    tournament_id: Uuid,
) -> sqlx::Result<Vec<Snapshot>> {
    let rows = sqlx::query(
        "select snapshot_id, round_no, taken_at from tournament_snapshot
         where tournament_id = $1 order by snapshot_id desc",
    )
    .bind(tournament_id)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(Snapshot {
                id: r.try_get("snapshot_id")?,
                round: r.try_get::<i32, _>("round_no")? as u32,
                taken_at: r.try_get("taken_at")?,
            })
        })
        .collect()
}

/// One snapshot of the tournament, with its archive.
pub async fn snapshot(
    db: impl PgExecutor<'_>,
    tournament_id: Uuid,
    id: i64,
) -> sqlx::Result<Option<(Snapshot, Archive)>> {
    let row = sqlx::query(
        "select snapshot_id, round_no, taken_at, archive from tournament_snapshot
         where tournament_id = $1 and snapshot_id = $2",
    )
    .bind(tournament_id)
    .bind(id)
    .fetch_optional(db)
    .await?;
    row.map(|r| {
        let archive: sqlx::types::Json<Archive> = r.try_get("archive")?;
        Ok((
            Snapshot {
                id: r.try_get("snapshot_id")?,
                round: r.try_get::<i32, _>("round_no")? as u32,
                taken_at: r.try_get("taken_at")?,
            },
            archive.0,
        ))
    })
    .transpose()
}
