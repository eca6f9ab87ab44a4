//! A tournament's document (players, games, settings) as stored: in parts
//! ([`crate::core::tournament::Part`]), so that a write stores the parts a
//! command changed and a read puts them back together in order.

use sqlx::postgres::PgRow;
use sqlx::{PgConnection, PgExecutor, Row};
use uuid::Uuid;

use crate::core::Tournament;

/// The select-list items that bring a tournament's parts with its row
/// (the row aliased `t`), read by [`from_row`]: one statement, so the
/// document belongs to the version and book read beside it.
pub const PARTS: &str = "coalesce((select array_agg(p.part order by p.part, p.chunk)
                                   from tournament_part p where p.tournament_id = t.tournament_id),
                                  '{}') as part_names,
                         coalesce((select array_agg(p.body::text order by p.part, p.chunk)
                                   from tournament_part p where p.tournament_id = t.tournament_id),
                                  '{}') as part_bodies";

/// The document of a row read with [`PARTS`]. A tournament without parts
/// reads as an empty one with default settings.
pub fn from_row(row: &PgRow) -> sqlx::Result<Tournament> {
    let names: Vec<String> = row.try_get("part_names")?;
    let bodies: Vec<String> = row.try_get("part_bodies")?;
    Tournament::from_parts(
        names
            .iter()
            .map(String::as_str)
            .zip(bodies.iter().map(String::as_str)),
    )
    .map_err(|e| sqlx::Error::Decode(Box::new(e)))
}

/// One tournament's document, `None` for no such tournament.
pub async fn read(db: impl PgExecutor<'_>, id: Uuid) -> sqlx::Result<Option<Tournament>> {
    let sql = format!("select {PARTS} from tournament t where t.tournament_id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(db).await?;
    row.as_ref().map(from_row).transpose()
}

/// Stores `after` where `before` is what is stored now (`None` for a new
/// tournament): the changed parts are written, the chunks past a list's new
/// end deleted. Call under the tournament's row lock.
pub async fn write(
    db: &mut PgConnection,
    id: Uuid,
    before: Option<&Tournament>,
    after: &Tournament,
) -> sqlx::Result<()> {
    let changed = after.changed_parts(before);
    if !changed.is_empty() {
        let mut names = Vec::with_capacity(changed.len());
        let mut chunks = Vec::with_capacity(changed.len());
        let mut bodies = Vec::with_capacity(changed.len());
        for part in &changed {
            names.push(part.name);
            chunks.push(part.chunk as i32);
            bodies.push(
                serde_json::to_string(&part.piece).map_err(|e| sqlx::Error::Encode(Box::new(e)))?,
            );
        }
        sqlx::query(
            "insert into tournament_part (tournament_id, part, chunk, body)
             select $1, p, c, b::jsonb from unnest($2::text[], $3::int4[], $4::text[]) as u(p, c, b)
             on conflict (tournament_id, part, chunk) do update set body = excluded.body",
        )
        .bind(id)
        .bind(&names)
        .bind(&chunks)
        .bind(&bodies)
        .execute(&mut *db)
        .await?;
    }
    let counts = after.chunk_counts();
    let shrank: Vec<_> = counts
        .iter()
        .filter(|(name, count)| {
            before.is_some_and(|b| b.chunk_counts().iter().any(|(n, c)| n == name && c > count))
        })
        .collect();
    if !shrank.is_empty() {
        let names: Vec<&str> = shrank.iter().map(|(n, _)| *n).collect();
        let counts: Vec<i32> = shrank.iter().map(|(_, c)| *c as i32).collect();
        sqlx::query(
            "delete from tournament_part t using unnest($2::text[], $3::int4[]) as k(p, n)
             where t.tournament_id = $1 and t.part = k.p and t.chunk >= k.n",
        )
        .bind(id)
        .bind(&names)
        .bind(&counts)
        .execute(&mut *db)
        .await?;
    }
    Ok(())
}
