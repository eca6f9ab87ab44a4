//! What players may see of each round: published or not, locked or not.
//! Each change bumps the tournament's version too: what a page shows has
//! changed, and live pages compare versions (`web::page::Layout::live`).

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

pub async fn publish(
    db: impl PgExecutor<'_>,
    tournament_id: Uuid,
    round_no: i32,
) -> sqlx::Result<()> {
    sqlx::query!(
        "with bump as (update tournament set version = version + 1 where tournament_id = $1)
         insert into round_state (tournament_id, round_no, published_at) values ($1, $2, now())
         on conflict (tournament_id, round_no) do update set published_at = coalesce(round_state.published_at, now())",
        tournament_id,
        round_no
    )
    .execute(db)
    .await?;
    Ok(())
}

pub async fn lock(db: impl PgExecutor<'_>, tournament_id: Uuid, round_no: i32) -> sqlx::Result<()> {
    sqlx::query!(
        "with bump as (update tournament set version = version + 1 where tournament_id = $1)
         insert into round_state (tournament_id, round_no, locked_at) values ($1, $2, now())
         on conflict (tournament_id, round_no) do update set locked_at = coalesce(round_state.locked_at, now())",
        tournament_id,
        round_no
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Forgets a round's state, when its pairing is undone.
pub async fn clear(
    db: impl PgExecutor<'_>,
    tournament_id: Uuid,
    round_no: i32,
) -> sqlx::Result<()> {
    sqlx::query!(
        "with bump as (update tournament set version = version + 1 where tournament_id = $1)
         delete from round_state where tournament_id = $1 and round_no = $2",
        tournament_id,
        round_no
    )
    .execute(db)
    .await?;
    Ok(())
}
