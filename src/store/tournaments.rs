//! Tournaments and their staff.

use sqlx::PgExecutor;
use uuid::Uuid;

use crate::core::Tournament;
use crate::core::access::StaffRole;

/// The stored header of a tournament.
#[derive(Clone, Debug, serde::Serialize)]
pub struct TournamentRow {
    pub tournament_id: Uuid,
    pub short_name: String,
    pub name: String,
    pub time_zone: String,
    pub owner_id: Uuid,
    pub version: i32,
    pub registration_open: bool,
    pub is_public: bool,
    pub late_forfeit_minutes: i32,
    pub schedule: String,
}

/// What is stored beside the document: settings no OpenGotha file carries.
pub struct Header<'a> {
    pub time_zone: &'a str,
    pub registration_open: bool,
    pub is_public: bool,
    pub late_forfeit_minutes: i32,
    pub schedule: &'a str,
}

/// A staff member as listed on the staff page.
#[derive(Debug)]
pub struct StaffMember {
    pub account_id: Uuid,
    pub username: String,
    pub display_name: String,
    pub role: StaffRole,
}

pub async fn insert(
    db: impl PgExecutor<'_>,
    owner_id: Uuid,
    header: &Header<'_>,
    state: &Tournament,
) -> sqlx::Result<TournamentRow> {
    let general = &state.settings().general;
    sqlx::query_as!(
        TournamentRow,
        "insert into tournament (tournament_id, short_name, name, time_zone, owner_id,
                                 registration_open, is_public, late_forfeit_minutes, schedule)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         returning tournament_id, short_name, name, time_zone, owner_id, version,
                   registration_open, is_public, late_forfeit_minutes, schedule",
        Uuid::new_v4(),
        general.short_name,
        general.name,
        header.time_zone,
        owner_id,
        header.registration_open,
        header.is_public,
        header.late_forfeit_minutes,
        header.schedule
    )
    .fetch_one(db)
    .await
}

pub async fn by_short_name(
    db: impl PgExecutor<'_>,
    short_name: &str,
) -> sqlx::Result<Option<TournamentRow>> {
    sqlx::query_as!(
        TournamentRow,
        "select tournament_id, short_name, name, time_zone, owner_id, version,
                registration_open, is_public, late_forfeit_minutes, schedule
         from tournament where short_name = $1",
        short_name
    )
    .fetch_optional(db)
    .await
}

/// The roles account `$2` holds in tournament `t` (the owner first), as
/// [`roles_of`] reads them, for statements that read them beside the row.
pub(crate) const ROLES: &str = "array(select 'owner' where t.owner_id = $2
      union all
      select s.role::text from tournament_staff s
       where s.tournament_id = t.tournament_id and s.account_id = $2)";

/// The roles named by their keys, unknown ones left out.
pub(crate) fn staff_roles(keys: &[String]) -> Vec<StaffRole> {
    keys.iter().filter_map(|r| StaffRole::from_key(r)).collect()
}

/// The tournament `short_name` with the roles `account_id` holds in it, as
/// [`by_short_name`] and [`roles_of`] give them, in one statement: every
/// signed-in request to a tournament asks both.
pub async fn with_roles(
    db: impl PgExecutor<'_>,
    short_name: &str,
    account_id: Uuid,
) -> sqlx::Result<Option<(TournamentRow, Vec<StaffRole>)>> {
    use sqlx::Row;
    let sql = format!(
        "select t.tournament_id, t.short_name, t.name, t.time_zone, t.owner_id, t.version,
                t.registration_open, t.is_public, t.late_forfeit_minutes, t.schedule,
                {ROLES} as roles
         from tournament t where t.short_name = $1"
    );
    let row = sqlx::query(&sql)
        .bind(short_name)
        .bind(account_id)
        .fetch_optional(db)
        .await?;
    let Some(row) = row else { return Ok(None) };
    let tournament = TournamentRow {
        tournament_id: row.try_get("tournament_id")?,
        short_name: row.try_get("short_name")?,
        name: row.try_get("name")?,
        time_zone: row.try_get("time_zone")?,
        owner_id: row.try_get("owner_id")?,
        version: row.try_get("version")?,
        registration_open: row.try_get("registration_open")?,
        is_public: row.try_get("is_public")?,
        late_forfeit_minutes: row.try_get("late_forfeit_minutes")?,
        schedule: row.try_get("schedule")?,
    };
    let roles: Vec<String> = row.try_get("roles")?;
    let roles = roles
        .iter()
        .filter_map(|r| StaffRole::from_key(r))
        .collect();
    Ok(Some((tournament, roles)))
}

pub async fn by_id(
    db: impl PgExecutor<'_>,
    tournament_id: Uuid,
) -> sqlx::Result<Option<TournamentRow>> {
    sqlx::query_as!(
        TournamentRow,
        "select tournament_id, short_name, name, time_zone, owner_id, version,
                registration_open, is_public, late_forfeit_minutes, schedule
         from tournament where tournament_id = $1",
        tournament_id
    )
    .fetch_optional(db)
    .await
}

/// The tournaments `viewer` may see, newest first: the public ones, those
/// the account is staff of, and every one for a site administrator. The
/// same rule as [`crate::desk::Desk::open`] for one tournament.
pub async fn visible(
    db: impl PgExecutor<'_>,
    viewer: Option<Uuid>,
    admin: bool,
) -> sqlx::Result<Vec<TournamentRow>> {
    sqlx::query_as!(
        TournamentRow,
        "select tournament_id, short_name, name, time_zone, owner_id, version,
                registration_open, is_public, late_forfeit_minutes, schedule
         from tournament t
         where t.is_public or $2
            or t.owner_id = $1
            or exists (select 1 from tournament_staff s
                       where s.tournament_id = t.tournament_id and s.account_id = $1)
         order by created_at desc",
        viewer,
        admin
    )
    .fetch_all(db)
    .await
}

/// A tournament as the front page lists it: its dates as the organiser wrote
/// them (`yyyy-mm-dd`, "" when unset), its rounds and how many are out.
pub struct Listed {
    pub short_name: String,
    pub name: String,
    pub begin_date: String,
    pub end_date: String,
    pub rounds: i32,
    pub published: i32,
}

/// The tournaments the viewer may read (as [`visible`]), the latest to
/// begin first: a tournament without dates counts from when it was made,
/// so an old event imported today does not head the list.
pub async fn listed(
    db: impl PgExecutor<'_>,
    viewer: Option<Uuid>,
    admin: bool,
) -> sqlx::Result<Vec<Listed>> {
    sqlx::query_as!(
        Listed,
        r#"select t.short_name, t.name,
                  coalesce(p.body -> 'general' ->> 'begin_date', '') as "begin_date!",
                  coalesce(p.body -> 'general' ->> 'end_date', '') as "end_date!",
                  coalesce((p.body ->> 'number_of_rounds')::int, 0) as "rounds!",
                  (select count(*) from jsonb_each(t.rounds) r
                    where r.value ->> 'published' is not null)::int as "published!"
           from tournament t
           left join tournament_part p
             on p.tournament_id = t.tournament_id and p.part = 'settings' and p.chunk = 0
           where t.is_public or $2
              or t.owner_id = $1
              or exists (select 1 from tournament_staff s
                         where s.tournament_id = t.tournament_id and s.account_id = $1)
           order by coalesce(nullif(p.body -> 'general' ->> 'begin_date', ''),
                             to_char(t.created_at, 'YYYY-MM-DD')) desc,
                    t.created_at desc"#,
        viewer,
        admin
    )
    .fetch_all(db)
    .await
}

/// The roles an account holds in a tournament, owner included.
pub async fn roles_of(
    db: impl PgExecutor<'_>,
    tournament_id: Uuid,
    account_id: Uuid,
) -> sqlx::Result<Vec<StaffRole>> {
    let rows = sqlx::query_scalar!(
        r#"select 'owner' as "role!" from tournament where tournament_id = $1 and owner_id = $2
           union all
           select role::text as "role!" from tournament_staff where tournament_id = $1 and account_id = $2"#,
        tournament_id,
        account_id
    )
    .fetch_all(db)
    .await?;
    Ok(staff_roles(&rows))
}

pub async fn staff(db: impl PgExecutor<'_>, tournament_id: Uuid) -> sqlx::Result<Vec<StaffMember>> {
    let rows = sqlx::query!(
        r#"select a.account_id, a.username, a.display_name, s.role::text as "role!"
           from tournament_staff s join account a using (account_id)
           where s.tournament_id = $1 order by s.role, a.username"#,
        tournament_id
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            Some(StaffMember {
                account_id: r.account_id,
                username: r.username,
                display_name: r.display_name,
                role: StaffRole::from_key(&r.role)?,
            })
        })
        .collect())
}

/// Grants a role; granting it twice changes nothing.
pub async fn add_staff(
    db: impl PgExecutor<'_>,
    tournament_id: Uuid,
    account_id: Uuid,
    role: StaffRole,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into tournament_staff (tournament_id, account_id, role) values ($1, $2, $3::text::staff_role)
         on conflict do nothing",
        tournament_id,
        account_id,
        role.key()
    )
    .execute(db)
    .await?;
    Ok(())
}

pub async fn remove_staff(
    db: impl PgExecutor<'_>,
    tournament_id: Uuid,
    account_id: Uuid,
    role: StaffRole,
) -> sqlx::Result<()> {
    sqlx::query!(
        "delete from tournament_staff where tournament_id = $1 and account_id = $2 and role = $3::text::staff_role",
        tournament_id,
        account_id,
        role.key()
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Keeps a self-registered player's e-mail, visible to organisers only.
pub async fn save_contact(
    db: impl PgExecutor<'_>,
    tournament_id: Uuid,
    player_no: i32,
    email: &str,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into player_contact (tournament_id, player_no, email) values ($1, $2, $3)
         on conflict (tournament_id, player_no) do update set email = excluded.email",
        tournament_id,
        player_no,
        email
    )
    .execute(db)
    .await?;
    Ok(())
}

/// The version a tournament is at, `None` for no such tournament.
pub async fn version_of(db: impl PgExecutor<'_>, tournament_id: Uuid) -> sqlx::Result<Option<i32>> {
    sqlx::query_scalar("select version from tournament where tournament_id = $1")
        .bind(tournament_id)
        .fetch_optional(db)
        .await
}
