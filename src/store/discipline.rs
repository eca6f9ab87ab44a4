//! The discipline book beside each tournament, and players' private links.

use sqlx::PgExecutor;
use uuid::Uuid;

use crate::core::Tournament;
use crate::core::discipline::Book;

/// The tournament as entered, its discipline book and the version both are
/// at, read in one statement so they belong together.
pub struct Snapshot {
    pub version: i32,
    pub state: Tournament,
    pub book: Book,
}

pub async fn load(db: impl PgExecutor<'_>, tournament_id: Uuid) -> sqlx::Result<Option<Snapshot>> {
    let row = sqlx::query!(
        r#"select version,
                  state as "state: sqlx::types::Json<Tournament>",
                  discipline as "discipline: sqlx::types::Json<Book>"
           from tournament where tournament_id = $1"#,
        tournament_id
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map(|r| Snapshot {
        version: r.version,
        state: r
            .state
            .map(|s| s.0)
            .unwrap_or_else(|| Tournament::new(Default::default())),
        book: r.discipline.map(|b| b.0).unwrap_or_default(),
    }))
}

/// Stores the hash of a player's new private link, replacing any older one.
pub async fn set_player_link(
    db: impl PgExecutor<'_>,
    tournament_id: Uuid,
    player_no: i32,
    token_hash: &[u8],
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into player_link (tournament_id, player_no, token_hash) values ($1, $2, $3)
         on conflict (tournament_id, player_no)
         do update set token_hash = excluded.token_hash, created_at = now()",
        tournament_id,
        player_no,
        token_hash
    )
    .execute(db)
    .await?;
    Ok(())
}

/// The tournament and player a private link belongs to.
pub async fn by_player_link(
    db: impl PgExecutor<'_>,
    token_hash: &[u8],
) -> sqlx::Result<Option<(Uuid, i32)>> {
    let row = sqlx::query!(
        "select tournament_id, player_no from player_link where token_hash = $1",
        token_hash
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map(|r| (r.tournament_id, r.player_no)))
}
