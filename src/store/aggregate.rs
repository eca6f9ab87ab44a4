//! A tournament's aggregate ([`State`]) read and written as one: the
//! document (in parts, [`super::document`]), the discipline book, the round
//! marks, the change scopes and the header columns. A save writes what
//! changed since the state it started from: the document's changed parts,
//! the book and `round_state` (the marks as an index for queries) only when
//! they changed.
//!
//! These statements are checked at run time (`sqlx::query`), not by the
//! offline query data: the door's tests run each of them.

use sqlx::types::Json;
use sqlx::{PgConnection, PgExecutor, Row};
use uuid::Uuid;

use super::document;
use crate::core::access::StaffRole;
use crate::core::command::{Changes, Header, Rounds, State};
use crate::core::discipline::Book;
use crate::store::tournaments;

const COLUMNS: &str = "version, discipline, rounds, changes, time_zone, registration_open,
                       is_public, late_forfeit_minutes, schedule";

fn state_of(row: &sqlx::postgres::PgRow) -> sqlx::Result<(i32, State)> {
    let doc = document::from_row(row)?;
    let book: Option<Json<Book>> = row.try_get("discipline")?;
    let rounds: Json<Rounds> = row.try_get("rounds")?;
    let changes: Json<Changes> = row.try_get("changes")?;
    let state = State {
        doc,
        book: book.map(|b| b.0).unwrap_or_default(),
        rounds: rounds.0,
        header: Header {
            time_zone: row.try_get("time_zone")?,
            registration_open: row.try_get("registration_open")?,
            is_public: row.try_get("is_public")?,
            late_forfeit_minutes: row.try_get("late_forfeit_minutes")?,
            schedule: row.try_get("schedule")?,
        },
        changes: changes.0,
    };
    Ok((row.try_get("version")?, state))
}

/// The aggregate and its version, for reading.
pub async fn read(db: impl PgExecutor<'_>, id: Uuid) -> sqlx::Result<Option<(i32, State)>> {
    let sql = format!(
        "select {COLUMNS}, {} from tournament t where t.tournament_id = $1",
        document::PARTS
    );
    let row = sqlx::query(&sql).bind(id).fetch_optional(db).await?;
    row.as_ref().map(state_of).transpose()
}

/// The version a tournament is at, with its row locked for the rest of the
/// transaction (every change to one tournament is serialised), and the
/// roles `account` holds in it; `None` for no such tournament.
pub async fn lock_version(
    db: &mut PgConnection,
    id: Uuid,
    account: Option<Uuid>,
) -> sqlx::Result<Option<(i32, Vec<StaffRole>)>> {
    // One statement for the lock and the caller's roles (as
    // `tournaments::roles_of` reads them): the lock is held for one round
    // trip less, which every write of a busy tournament waits behind.
    let sql = format!(
        "select t.version, {} from tournament t where t.tournament_id = $1 for update of t",
        tournaments::ROLES
    );
    let row: Option<(i32, Vec<String>)> = sqlx::query_as(&sql)
        .bind(id)
        .bind(account)
        .fetch_optional(db)
        .await?;
    Ok(row.map(|(version, roles)| (version, tournaments::staff_roles(&roles))))
}

/// Writes the aggregate at `version` (call under the row lock), with the
/// columns and index rows derived from it. `before` is the state stored now
/// (`None`: a new tournament, all of it written).
pub async fn save(
    db: &mut PgConnection,
    id: Uuid,
    version: i32,
    before: Option<&State>,
    state: &State,
) -> sqlx::Result<()> {
    document::write(db, id, before.map(|b| &b.doc), &state.doc).await?;
    let general = &state.doc.settings().general;
    let h = &state.header;
    let book = before.is_none_or(|b| b.book != state.book);
    sqlx::query(
        "update tournament set discipline = coalesce($2, discipline), rounds = $3, changes = $4,
                name = $5, short_name = $6, time_zone = $7, registration_open = $8,
                is_public = $9, late_forfeit_minutes = $10, schedule = $11, version = $12
         where tournament_id = $1",
    )
    .bind(id)
    .bind(book.then_some(Json(&state.book)))
    .bind(Json(&state.rounds))
    .bind(Json(&state.changes))
    .bind(&general.name)
    .bind(&general.short_name)
    .bind(&h.time_zone)
    .bind(h.registration_open)
    .bind(h.is_public)
    .bind(h.late_forfeit_minutes)
    .bind(&h.schedule)
    .bind(version)
    .execute(&mut *db)
    .await?;
    if before.is_some_and(|b| b.rounds == state.rounds) {
        return Ok(());
    }
    let rounds: Vec<i32> = state.rounds.keys().map(|r| *r as i32).collect();
    let seconds = |m: Option<crate::core::discipline::Moment>| m.map(|m| m.unix_seconds());
    let published: Vec<Option<i64>> = state
        .rounds
        .values()
        .map(|m| seconds(m.published))
        .collect();
    let locked: Vec<Option<i64>> = state.rounds.values().map(|m| seconds(m.locked)).collect();
    sqlx::query("delete from round_state where tournament_id = $1")
        .bind(id)
        .execute(&mut *db)
        .await?;
    sqlx::query(
        "insert into round_state (tournament_id, round_no, published_at, locked_at)
         select $1, r, to_timestamp(p), to_timestamp(l)
         from unnest($2::int4[], $3::int8[], $4::int8[]) as m(r, p, l)",
    )
    .bind(id)
    .bind(&rounds)
    .bind(&published)
    .bind(&locked)
    .execute(&mut *db)
    .await?;
    Ok(())
}
