//! The append-only audit log: who changed what, when, before and after.
//! The event is stored under its name ([`Event::name`]) and read back by
//! [`Event::parse`], which keeps a name this build does not know.

use serde_json::Value;
use sqlx::PgExecutor;
use time::OffsetDateTime;
use uuid::Uuid;

use crate::core::audit::Event;

/// One entry as shown to organisers; `who` is the account's display name.
#[derive(Debug)]
pub struct AuditEntry {
    pub at: OffsetDateTime,
    pub who: Option<String>,
    pub event: Event,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

/// Appends an entry; call it inside the transaction that makes the change.
pub async fn record(
    db: impl PgExecutor<'_>,
    tournament_id: Option<Uuid>,
    account_id: Option<Uuid>,
    event: &Event,
    before: Option<Value>,
    after: Option<Value>,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into audit_log (tournament_id, account_id, action, before, after) values ($1, $2, $3, $4, $5)",
        tournament_id,
        account_id,
        event.name(),
        before,
        after
    )
    .execute(db)
    .await?;
    Ok(())
}

/// A tournament's log, newest first.
pub async fn for_tournament(
    db: impl PgExecutor<'_>,
    tournament_id: Uuid,
) -> sqlx::Result<Vec<AuditEntry>> {
    let rows = sqlx::query!(
        r#"select l.at, coalesce(a.display_name, l.actor_name) as "who?", l.action, l.before, l.after
           from audit_log l left join account a using (account_id)
           where l.tournament_id = $1 order by l.audit_log_id desc"#,
        tournament_id
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| AuditEntry {
            at: row.at,
            who: row.who,
            event: Event::parse(&row.action),
            before: row.before,
            after: row.after,
        })
        .collect())
}
