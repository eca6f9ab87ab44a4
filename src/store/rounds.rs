//! What players may see of each round: published or not, locked or not.
//! An index written by the door from the aggregate's round marks
//! (`store::aggregate::save`), read by the pages.

use sqlx::PgExecutor;
use time::OffsetDateTime;
use uuid::Uuid;

/// A round's visibility and lock, when set.
#[derive(Clone, Debug, Default)]
pub struct RoundState {
    pub round_no: i32,
    pub published_at: Option<OffsetDateTime>,
    pub locked_at: Option<OffsetDateTime>,
}

pub async fn states(db: impl PgExecutor<'_>, tournament_id: Uuid) -> sqlx::Result<Vec<RoundState>> {
    sqlx::query_as!(
        RoundState,
        "select round_no, published_at, locked_at from round_state where tournament_id = $1 order by round_no",
        tournament_id
    )
    .fetch_all(db)
    .await
}
