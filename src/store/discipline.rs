//! The discipline book beside each tournament, and players' private links.

use sqlx::types::Json;
use sqlx::{PgExecutor, Row};
use uuid::Uuid;

use super::document::{PARTS, from_row};

use crate::core::Tournament;
use crate::core::discipline::Book;

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

/// Another tournament whose book holds a supergroup ban, and whether the
/// reader may see it (the rule of [`super::tournaments::visible`]).
pub struct BanSource {
    pub name: String,
    pub time_zone: String,
    pub visible: bool,
    pub state: Tournament,
    pub book: Book,
}

/// The site's tournaments other than `except` whose book records a
/// supergroup ban: one server may hold every tournament of a country, and
/// the ban is for a later one (RFG 21(S).2 г). The path only narrows the
/// rows; which bans stand is the core's (`core::discipline::bans::recorded`).
pub async fn with_supergroup_bans(
    db: impl PgExecutor<'_>,
    except: Uuid,
    viewer: Option<Uuid>,
    admin: bool,
) -> sqlx::Result<Vec<BanSource>> {
    let sql = format!(
        "select t.name, t.time_zone, t.discipline,
                (t.is_public or $3 or t.owner_id = $2
                 or exists (select 1 from tournament_staff s
                            where s.tournament_id = t.tournament_id and s.account_id = $2))
                    as visible,
                {PARTS}
         from tournament t
         where t.tournament_id <> $1
           and jsonb_path_exists(t.discipline, '$.log[*].act.Sanction.kind.SupergroupBan')
         order by t.created_at"
    );
    let rows = sqlx::query(&sql)
        .bind(except)
        .bind(viewer)
        .bind(admin)
        .fetch_all(db)
        .await?;
    rows.iter()
        .map(|r| {
            let book: Json<Book> = r.try_get("discipline")?;
            Ok(BanSource {
                name: r.try_get("name")?,
                time_zone: r.try_get("time_zone")?,
                visible: r.try_get("visible")?,
                state: from_row(r)?,
                book: book.0,
            })
        })
        .collect()
}
