//! Change notices between Tengen instances that share a database, through
//! PostgreSQL's LISTEN/NOTIFY: a result entered on one instance refreshes
//! the pages open on every other.

use sqlx::PgExecutor;
use sqlx::postgres::PgListener;
use uuid::Uuid;

/// The channel every instance listens on.
pub const CHANNEL: &str = "tengen_change";

/// This process, so that it can tell its own notices from the others'.
pub fn instance() -> Uuid {
    static INSTANCE: std::sync::OnceLock<Uuid> = std::sync::OnceLock::new();
    *INSTANCE.get_or_init(Uuid::new_v4)
}

/// Announces, at the commit of the transaction `tx` belongs to, that
/// `tournament_id` changed: a rolled-back change announces nothing.
pub async fn announce(db: impl PgExecutor<'_>, tournament_id: Uuid) -> sqlx::Result<()> {
    sqlx::query("select pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(format!("{} {tournament_id}", instance()))
        .execute(db)
        .await?;
    Ok(())
}

/// The tournament a notice from another instance names; `None` for this
/// instance's own notices (already heard directly) or a payload not ours.
pub fn from_elsewhere(payload: &str) -> Option<Uuid> {
    let (from, tournament) = payload.split_once(' ')?;
    let from: Uuid = from.parse().ok()?;
    (from != instance())
        .then(|| tournament.parse().ok())
        .flatten()
}

/// Listens for other instances' notices and hands each changed tournament
/// to `changed`, forever. The listener reconnects by itself after an
/// outage; a notice lost meanwhile costs at most the page cache's TTL.
pub async fn listen(pool: sqlx::PgPool, changed: impl Fn(Uuid)) {
    loop {
        let listener = async {
            let mut listener = PgListener::connect_with(&pool).await?;
            listener.listen(CHANNEL).await?;
            loop {
                let notice = listener.recv().await?;
                if let Some(id) = from_elsewhere(notice.payload()) {
                    changed(id);
                }
            }
        };
        let error: sqlx::Error = match listener.await {
            Ok(()) => continue,
            Err(e) => e,
        };
        tracing::warn!(%error, "change notices: listening again in a second");
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
}
