//! Accounts, sessions and API tokens.

use sqlx::PgExecutor;
use time::OffsetDateTime;
use uuid::Uuid;

/// A signed-in person as the web layer sees them (and `GET /api/v1/me`).
#[derive(Clone, Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Account {
    pub account_id: Uuid,
    pub username: String,
    pub display_name: String,
    pub is_admin: bool,
    pub is_organiser: bool,
}

impl Account {
    /// Whether this account may create tournaments (the core's rule).
    pub fn may_create_tournament(&self) -> bool {
        crate::core::access::may_create_tournament(self.is_admin, self.is_organiser)
    }
}

/// What a login needs: the account and its password hash.
#[derive(Debug)]
pub struct Credentials {
    pub account: Account,
    pub password_hash: String,
}

/// A listed API token (never the token itself).
#[derive(Debug)]
pub struct ApiToken {
    pub api_token_id: Uuid,
    pub label: String,
    pub created_at: OffsetDateTime,
    pub last_used_at: Option<OffsetDateTime>,
}

/// The fields of a new account.
pub struct NewAccount<'a> {
    pub username: &'a str,
    pub display_name: &'a str,
    pub password_hash: &'a str,
    pub is_admin: bool,
    pub is_organiser: bool,
}

pub async fn count(db: impl PgExecutor<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar!(r#"select count(*) as "count!" from account"#)
        .fetch_one(db)
        .await
}

pub async fn insert(db: impl PgExecutor<'_>, new: &NewAccount<'_>) -> sqlx::Result<Account> {
    sqlx::query_as!(
        Account,
        r#"insert into account (account_id, username, display_name, password_hash, is_admin, is_organiser)
           values ($1, $2, $3, $4, $5, $6)
           returning account_id, username, display_name, is_admin, is_organiser"#,
        Uuid::new_v4(),
        new.username,
        new.display_name,
        new.password_hash,
        new.is_admin,
        new.is_organiser,
    )
    .fetch_one(db)
    .await
}

/// Whether the account `account_id` may create tournaments; `false` for
/// no such account.
pub async fn may_create_tournament(
    db: impl PgExecutor<'_>,
    account_id: Uuid,
) -> sqlx::Result<bool> {
    let roles: Option<(bool, bool)> =
        sqlx::query_as("select is_admin, is_organiser from account where account_id = $1")
            .bind(account_id)
            .fetch_optional(db)
            .await?;
    Ok(roles.is_some_and(|(admin, organiser)| {
        crate::core::access::may_create_tournament(admin, organiser)
    }))
}

pub async fn by_username(db: impl PgExecutor<'_>, username: &str) -> sqlx::Result<Option<Account>> {
    sqlx::query_as!(
        Account,
        r#"select account_id, username, display_name, is_admin, is_organiser
           from account where username = $1"#,
        username
    )
    .fetch_optional(db)
    .await
}

pub async fn credentials(
    db: impl PgExecutor<'_>,
    username: &str,
) -> sqlx::Result<Option<Credentials>> {
    let row = sqlx::query!(
        r#"select account_id, username, display_name, is_admin, is_organiser, password_hash
           from account where username = $1"#,
        username
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map(|r| Credentials {
        account: Account {
            account_id: r.account_id,
            username: r.username,
            display_name: r.display_name,
            is_admin: r.is_admin,
            is_organiser: r.is_organiser,
        },
        password_hash: r.password_hash,
    }))
}

pub async fn list(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<Account>> {
    sqlx::query_as!(
        Account,
        r#"select account_id, username, display_name, is_admin, is_organiser
           from account order by username"#
    )
    .fetch_all(db)
    .await
}

pub async fn set_roles(
    db: impl PgExecutor<'_>,
    account_id: Uuid,
    is_admin: bool,
    is_organiser: bool,
) -> sqlx::Result<()> {
    sqlx::query!(
        "update account set is_admin = $2, is_organiser = $3 where account_id = $1",
        account_id,
        is_admin,
        is_organiser
    )
    .execute(db)
    .await?;
    Ok(())
}

pub async fn set_password_hash(
    db: impl PgExecutor<'_>,
    account_id: Uuid,
    hash: &str,
) -> sqlx::Result<()> {
    sqlx::query!(
        "update account set password_hash = $2 where account_id = $1",
        account_id,
        hash
    )
    .execute(db)
    .await?;
    Ok(())
}

pub async fn insert_session(
    db: impl PgExecutor<'_>,
    token_hash: &[u8],
    account_id: Uuid,
    expires_at: OffsetDateTime,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into session (token_hash, account_id, expires_at) values ($1, $2, $3)",
        token_hash,
        account_id,
        expires_at
    )
    .execute(db)
    .await?;
    Ok(())
}

/// The account behind a session cookie, if the session has not expired.
pub async fn by_session(
    db: impl PgExecutor<'_>,
    token_hash: &[u8],
) -> sqlx::Result<Option<Account>> {
    sqlx::query_as!(
        Account,
        r#"select a.account_id, a.username, a.display_name, a.is_admin, a.is_organiser
           from session s join account a using (account_id)
           where s.token_hash = $1 and s.expires_at > now()"#,
        token_hash
    )
    .fetch_optional(db)
    .await
}

pub async fn delete_session(db: impl PgExecutor<'_>, token_hash: &[u8]) -> sqlx::Result<()> {
    sqlx::query!("delete from session where token_hash = $1", token_hash)
        .execute(db)
        .await?;
    Ok(())
}

/// Drops expired sessions; run now and then so the table does not grow forever.
pub async fn delete_expired_sessions(db: impl PgExecutor<'_>) -> sqlx::Result<u64> {
    Ok(
        sqlx::query!("delete from session where expires_at <= now()")
            .execute(db)
            .await?
            .rows_affected(),
    )
}

pub async fn insert_api_token(
    db: impl PgExecutor<'_>,
    account_id: Uuid,
    label: &str,
    token_hash: &[u8],
) -> sqlx::Result<Uuid> {
    sqlx::query_scalar!(
        "insert into api_token (api_token_id, account_id, label, token_hash) values ($1, $2, $3, $4)
         returning api_token_id",
        Uuid::new_v4(),
        account_id,
        label,
        token_hash
    )
    .fetch_one(db)
    .await
}

/// The account behind a bearer token; marks the token as used.
pub async fn by_api_token(
    db: impl PgExecutor<'_>,
    token_hash: &[u8],
) -> sqlx::Result<Option<Account>> {
    sqlx::query_as!(
        Account,
        r#"with used as (
               update api_token set last_used_at = now() where token_hash = $1 returning account_id
           )
           select a.account_id, a.username, a.display_name, a.is_admin, a.is_organiser
           from used join account a using (account_id)"#,
        token_hash
    )
    .fetch_optional(db)
    .await
}

pub async fn api_tokens(db: impl PgExecutor<'_>, account_id: Uuid) -> sqlx::Result<Vec<ApiToken>> {
    sqlx::query_as!(
        ApiToken,
        "select api_token_id, label, created_at, last_used_at from api_token
         where account_id = $1 order by created_at",
        account_id
    )
    .fetch_all(db)
    .await
}

/// Revokes one of the account's own tokens; false when there was none.
pub async fn delete_api_token(
    db: impl PgExecutor<'_>,
    account_id: Uuid,
    api_token_id: Uuid,
) -> sqlx::Result<bool> {
    Ok(sqlx::query!(
        "delete from api_token where api_token_id = $1 and account_id = $2",
        api_token_id,
        account_id
    )
    .execute(db)
    .await?
    .rows_affected()
        > 0)
}
