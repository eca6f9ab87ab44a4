//! The append-only audit log: who changed what, when, before and after.

use serde_json::Value;
use sqlx::PgExecutor;
use time::OffsetDateTime;
use uuid::Uuid;

/// One entry as shown to organisers; `who` is the account's display name.
#[derive(Debug)]
pub struct AuditEntry {
    pub at: OffsetDateTime,
    pub who: Option<String>,
    pub action: String,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

/// Appends an entry; call it inside the transaction that makes the change.
pub async fn record(
    db: impl PgExecutor<'_>,
    tournament_id: Option<Uuid>,
    account_id: Option<Uuid>,
    action: &str,
    before: Option<Value>,
    after: Option<Value>,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into audit_log (tournament_id, account_id, action, before, after) values ($1, $2, $3, $4, $5)",
        tournament_id,
        account_id,
        action,
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
    sqlx::query_as!(
        AuditEntry,
        r#"select l.at, coalesce(a.display_name, l.actor_name) as "who?", l.action, l.before, l.after
           from audit_log l left join account a using (account_id)
           where l.tournament_id = $1 order by l.audit_log_id desc"#,
        tournament_id
    )
    .fetch_all(db)
    .await
}
