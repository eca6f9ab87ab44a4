//! Sign-in attempts per key (an account, an address, or the two together),
//! counted before the password is checked, in one statement so that
//! parallel attempts are counted one by one; and the addresses each account
//! has signed in from.

use sqlx::PgExecutor;

/// How long attempts are remembered, and the longest wait between two.
pub const WINDOW_SECONDS: f64 = 15.0 * 60.0;

/// How long an address stays known to an account after its last sign-in.
pub const KNOWN_SECONDS: f64 = 90.0 * 86_400.0;

/// A free attempt leaves `next_allowed` as it was, and the first sets it a
/// minute back: set to its own `now()`, the start of its transaction, it
/// could block an attempt whose transaction began a moment earlier and
/// waited for the row (forty sign-ins at once let four through, not five).
///
/// Counts an attempt for `key` and returns how many it has made in the
/// window, or `None` when the key must wait: the first `free` attempts
/// follow each other freely, then each waits twice as long as the one
/// before (5 s, 10 s, 20 s … up to the window).
pub async fn reserve(db: impl PgExecutor<'_>, key: &str, free: i32) -> sqlx::Result<Option<i32>> {
    sqlx::query_scalar!(
        r#"insert into sign_in_attempt as s (key, attempts, next_allowed, last_at)
           values ($1, 1, now() - interval '1 minute', now())
           on conflict (key) do update set
               attempts = case when s.last_at < now() - make_interval(secs => $3)
                               then 1 else s.attempts + 1 end,
               next_allowed = case
                   when s.last_at < now() - make_interval(secs => $3) then s.next_allowed
                   when s.attempts + 1 < $2 then s.next_allowed
                   else now() + make_interval(secs => least(5 * power(2, s.attempts + 1 - $2), $3))
               end,
               last_at = now()
           where s.next_allowed <= now()
           returning attempts"#,
        key,
        free,
        WINDOW_SECONDS
    )
    .fetch_optional(db)
    .await
}

/// The whole seconds `key` must still wait (at least 1), for `Retry-After`.
pub async fn wait_seconds(db: impl PgExecutor<'_>, key: &str) -> sqlx::Result<u64> {
    let seconds = sqlx::query_scalar!(
        r#"select ceil(extract(epoch from next_allowed - now()))::bigint as "seconds!"
           from sign_in_attempt where key = $1"#,
        key
    )
    .fetch_optional(db)
    .await?;
    Ok(seconds.unwrap_or(1).max(1) as u64)
}

/// Whether the account has signed in from the address lately.
pub async fn is_known(
    db: impl PgExecutor<'_>,
    account_key: &str,
    address_key: &str,
) -> sqlx::Result<bool> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from sign_in_known
                         where account_key = $1 and address_key = $2
                           and last_at > now() - make_interval(secs => $3)) as "known!""#,
        account_key,
        address_key,
        KNOWN_SECONDS
    )
    .fetch_one(db)
    .await
}

/// A correct password: the pair's failures are forgotten, the address
/// becomes known to the account, and the address gives back the attempt it
/// just made, so a club signing in from one address does not slow itself
/// down. The account's count stays: a guesser elsewhere gains nothing
/// from the owner's sign-in.
pub async fn succeeded(
    db: impl PgExecutor<'_>,
    account_key: &str,
    address_key: &str,
    pair_key: &str,
) -> sqlx::Result<()> {
    sqlx::query!(
        "with pair as (delete from sign_in_attempt where key = $3),
              known as (insert into sign_in_known (account_key, address_key, last_at)
                        values ($1, $2, now())
                        on conflict (account_key, address_key) do update set last_at = now())
         update sign_in_attempt set attempts = greatest(attempts - 1, 0) where key = $2",
        account_key,
        address_key,
        pair_key
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Forgets keys idle for longer than the window, and addresses unused
/// for longer than [`KNOWN_SECONDS`].
pub async fn sweep(db: impl PgExecutor<'_>) -> sqlx::Result<u64> {
    let done = sqlx::query!(
        "with known as (delete from sign_in_known
                        where last_at < now() - make_interval(secs => $2))
         delete from sign_in_attempt where last_at < now() - make_interval(secs => $1)",
        WINDOW_SECONDS,
        KNOWN_SECONDS
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected())
}
