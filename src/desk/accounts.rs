//! Accounts and API tokens, for the web and the command line alike.
//! Passwords are hashed with argon2id; tokens are random and only their
//! SHA-256 is stored.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::core::command::{FieldProblem, text};
use crate::store::Store;
use crate::store::accounts::{self, Account, NewAccount};

/// Why an account could not be created; each names the field at fault.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum AccountError {
    #[error("user names are 2–40 characters: lower-case letters, digits, '.', '_' or '-'")]
    BadUsername,
    #[error("that user name is taken")]
    UsernameTaken,
    #[error("passwords need at least 10 characters")]
    ShortPassword,
    #[error(
        "display names are one line of at most 80 visible characters, without control characters"
    )]
    BadDisplayName,
}

impl AccountError {
    /// The form field the error belongs to.
    pub fn field(&self) -> &'static str {
        match self {
            AccountError::BadUsername | AccountError::UsernameTaken => "username",
            AccountError::ShortPassword => "password",
            AccountError::BadDisplayName => "display_name",
        }
    }

    /// The translation key of the message.
    pub fn message_key(&self) -> &'static str {
        match self {
            AccountError::BadUsername => "account.error.bad_username",
            AccountError::UsernameTaken => "account.error.username_taken",
            AccountError::ShortPassword => "account.error.short_password",
            AccountError::BadDisplayName => "account.error.bad_display_name",
        }
    }
}

/// The longest display name and token label: one line, as every name.
pub const MAX_LABEL: usize = 80;

/// Minimum password length; long passphrases beat composition rules (NIST SP 800-63B).
pub const MIN_PASSWORD_CHARS: usize = 10;

/// Checks the fields of a new account before any hashing or SQL.
pub fn validate_account(
    username: &str,
    display_name: &str,
    password: &str,
) -> Result<(), AccountError> {
    let ok_chars = username
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '.' | '_' | '-'));
    let first_ok = username
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric());
    if !(2..=40).contains(&username.len()) || !ok_chars || !first_ok {
        return Err(AccountError::BadUsername);
    }
    if password.chars().count() < MIN_PASSWORD_CHARS {
        return Err(AccountError::ShortPassword);
    }
    if text::problem(display_name, text::Shape::Line(MAX_LABEL)).is_some() {
        return Err(AccountError::BadDisplayName);
    }
    Ok(())
}

/// Validates, hashes and stores a new account.
pub async fn create_account(
    store: &Store,
    username: &str,
    display_name: &str,
    password: &str,
    is_admin: bool,
    is_organiser: bool,
) -> anyhow::Result<Result<Account, AccountError>> {
    let display_name = match text::name(display_name) {
        name if name.is_empty() => username.to_string(),
        name => name,
    };
    if let Err(e) = validate_account(username, &display_name, password) {
        return Ok(Err(e));
    }
    let hash = hash_password(password.to_string()).await?;
    let display_name = display_name.as_str();
    let inserted = accounts::insert(
        &store.pool,
        &NewAccount {
            username,
            display_name,
            password_hash: &hash,
            is_admin,
            is_organiser,
        },
    )
    .await;
    match inserted {
        Ok(account) => Ok(Ok(account)),
        Err(sqlx::Error::Database(e)) if e.constraint() == Some("account_username_key") => {
            Ok(Err(AccountError::UsernameTaken))
        }
        Err(e) => Err(e.into()),
    }
}

/// Creates an API token for the account and returns it; only its hash is
/// kept. A label is a name: refused as one ([`text::problem`]).
pub async fn create_api_token(
    store: &Store,
    account: &Account,
    label: &str,
) -> anyhow::Result<Result<String, FieldProblem>> {
    let label = text::name(label);
    if let Some(problem) = text::field_problem("label", &label, text::Shape::Line(MAX_LABEL)) {
        return Ok(Err(problem));
    }
    let token = format!("tgn_{}", random_hex(32));
    accounts::insert_api_token(&store.pool, account.account_id, &label, &token_hash(&token))
        .await?;
    Ok(Ok(token))
}

/// Password hashes computed at once: one per core. Each takes 19 MB and
/// ~50 ms of CPU by design; unbounded, 40 parallel sign-ins took the server
/// from 22 MB to 894 MB.
fn password_checks() -> &'static tokio::sync::Semaphore {
    static CHECKS: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
    CHECKS.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        tokio::sync::Semaphore::new(cores)
    })
}

/// Hashes a password with argon2id off the async threads (it takes ~50 ms of CPU by design).
pub async fn hash_password(password: String) -> anyhow::Result<String> {
    let _permit = password_checks().acquire().await?;
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut rand::rngs::OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("hashing the password: {e}"))
    })
    .await?
}

/// Checks a password against a stored hash; with no hash it still spends the
/// time of one check, so response times do not reveal which user names exist.
pub async fn verify_password(password: String, hash: Option<String>) -> anyhow::Result<bool> {
    let _permit = password_checks().acquire().await?;
    tokio::task::spawn_blocking(move || {
        let hash = hash.unwrap_or_else(|| DUMMY_HASH.to_string());
        let parsed = PasswordHash::new(&hash).map_err(|e| anyhow::anyhow!("stored hash: {e}"))?;
        Ok(Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
            && hash != DUMMY_HASH)
    })
    .await?
}

/// An argon2id hash of a password nobody knows, for timing-equal failures.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$3bS0U2aeq1D0Z4WjB1M6AXjCnZ5GWWHv0qz9p8o2rB0";

/// Random bytes as lower-case hex, for session and API tokens.
pub fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    rand::rngs::OsRng.fill_bytes(&mut buf);
    hex::encode(buf)
}

/// What the database stores in place of a token.
pub fn token_hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_names_are_checked_before_anything_is_stored() {
        assert_eq!(validate_account("anna", "Anna", "long enough pw"), Ok(()));
        assert_eq!(
            validate_account("Anna", "Anna", "long enough pw"),
            Err(AccountError::BadUsername)
        );
        assert_eq!(
            validate_account("a", "Anna", "long enough pw"),
            Err(AccountError::BadUsername)
        );
        assert_eq!(
            validate_account("-anna", "Anna", "long enough pw"),
            Err(AccountError::BadUsername)
        );
        assert_eq!(
            validate_account("anna", "Anna", "short"),
            Err(AccountError::ShortPassword)
        );
        for display_name in ["An\u{202E}na", "An\tna", "\u{200B}", &"A".repeat(81)] {
            assert_eq!(
                validate_account("anna", display_name, "long enough pw"),
                Err(AccountError::BadDisplayName),
                "{display_name:?}"
            );
        }
    }

    #[tokio::test]
    async fn a_hashed_password_verifies_and_a_wrong_one_does_not() {
        let hash = hash_password("correct horse".into()).await.unwrap();
        assert!(
            verify_password("correct horse".into(), Some(hash.clone()))
                .await
                .unwrap()
        );
        assert!(
            !verify_password("wrong horse".into(), Some(hash))
                .await
                .unwrap()
        );
        assert!(!verify_password("anything".into(), None).await.unwrap());
    }
}
