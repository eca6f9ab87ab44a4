//! Use cases shared by the web and the command line: creating accounts and
//! API tokens. Passwords are hashed with argon2id; tokens are random and only
//! their SHA-256 is stored.

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

/// Why a tournament file could not become a tournament.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ImportProblem {
    /// An OpenGotha file's problem.
    #[error("line {line}: {problem}")]
    BadFile {
        line: usize,
        problem: crate::core::formats::opengotha::Problem,
    },
    /// Every malformed line of an EGF results file.
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    BadH9(Vec<crate::core::formats::h9_read::H9Error>),
    /// A MacMahon or AutoKorsak file's first problem.
    #[error(transparent)]
    BadMacMahon(crate::core::formats::macmahon::MacMahonError),
    /// A file of no program Tengen reads, and what it looks like.
    #[error(
        "not a tournament file Tengen reads ({0:?}): OpenGotha, MacMahon or AutoKorsak, EGF results (h9) or Tengen"
    )]
    NotATournament(crate::core::formats::Foreign),
    /// Another program's file that holds no players: imported, it would be
    /// an empty tournament that looks like a successful import.
    #[error("the file holds no players")]
    NoPlayers,
    #[error("the short name cannot be used in an address (Latin letters, digits, '-', '_')")]
    BadShortName,
    #[error("another tournament already uses this short name")]
    ShortNameTaken,
    #[error("unknown time zone")]
    BadTimeZone,
    /// Settings the file gives that break a rule of the settings (the
    /// floor above the bar…), as any change of them would.
    #[error("settings: {0:?}")]
    Settings(Vec<crate::core::command::FieldProblem>),
    /// A file in Tengen's format this build cannot read.
    #[error(transparent)]
    BadArchive(crate::core::formats::archive::ArchiveError),
    /// A Tengen file whose discipline book names what its document lacks.
    #[error("the discipline book does not match the players and games: {0}")]
    Inconsistent(crate::core::discipline::DisciplineError),
}

impl ImportProblem {
    /// The settings of a file refused by the door: a short name another
    /// tournament holds is told apart, as the form can offer another.
    fn of_settings(problems: Vec<crate::core::command::FieldProblem>) -> Self {
        if problems
            .iter()
            .any(|p| p.key == "tournament.error.short_name_taken")
        {
            ImportProblem::ShortNameTaken
        } else {
            ImportProblem::Settings(problems)
        }
    }
}

/// What a tournament file held: another program's document with what of
/// it Tengen does not hold, or a whole tournament in Tengen's own format.
enum Read {
    Document(Box<crate::core::Tournament>, Vec<Unread>),
    Archive(Box<crate::core::formats::archive::Archive>),
}

/// What of a MacMahon file its tournament does not hold.
pub use crate::core::formats::macmahon::Unread;

/// A tournament file read whole, whichever of the four kinds it is; a file
/// of no program Tengen reads, or another program's file without players,
/// is refused.
fn read_tournament_file(file: &[u8]) -> Result<Read, ImportProblem> {
    use crate::core::formats::archive::Archive;
    use crate::core::formats::{TournamentFile, h9_read, macmahon, opengotha, sniff};
    let (document, unread) = match sniff(file) {
        TournamentFile::OpenGotha => {
            let t = opengotha::import_bytes(file).map_err(|e| ImportProblem::BadFile {
                line: e.line,
                problem: e.problem,
            })?;
            (t, Vec::new())
        }
        TournamentFile::MacMahon => {
            let read = macmahon::import_bytes(file).map_err(ImportProblem::BadMacMahon)?;
            (read.tournament, read.unread)
        }
        TournamentFile::H9 => (
            h9_read::import_bytes(file).map_err(ImportProblem::BadH9)?,
            Vec::new(),
        ),
        TournamentFile::Tengen => {
            let archive = Archive::read(file).map_err(ImportProblem::BadArchive)?;
            return Ok(Read::Archive(Box::new(archive)));
        }
        TournamentFile::Unknown(foreign) => return Err(ImportProblem::NotATournament(foreign)),
    };
    if document.players().is_empty() {
        return Err(ImportProblem::NoPlayers);
    }
    Ok(Read::Document(Box::new(document), unread))
}

/// Another program's tournament file, or the tournament of a Tengen file,
/// read for the CLI's reports, with what of it Tengen does not hold.
pub fn read_tournament(
    file: &[u8],
) -> Result<(crate::core::Tournament, Vec<Unread>), ImportProblem> {
    Ok(match read_tournament_file(file)? {
        Read::Document(t, unread) => (*t, unread),
        Read::Archive(archive) => (archive.doc, Vec::new()),
    })
}

/// A tournament created from a file, and what of the file it does not hold.
pub struct Imported {
    pub row: crate::store::tournaments::TournamentRow,
    pub unread: Vec<Unread>,
}

/// Creates a tournament owned by `owner` from an OpenGotha, MacMahon (or
/// AutoKorsak) or EGF results (h9) file, or a Tengen file, told apart by
/// content ([`crate::core::formats::sniff`]):
/// all of it, or nothing. Rounds that already have games come published. An
/// empty `time_zone` is taken from the file ([`crate::core::zones::likely`]).
pub async fn import_tournament(
    store: &Store,
    limits: crate::core::command::Limits,
    owner: uuid::Uuid,
    file: Vec<u8>,
    short_name: Option<&str>,
    time_zone: &str,
) -> anyhow::Result<Result<Imported, ImportProblem>> {
    // Off the async workers: a large file must not hold up other requests
    // while it is read (two of them on a 2-core machine). The bytes move
    // there and are freed once read, not kept through the database work.
    let read = tokio::task::spawn_blocking(move || read_tournament_file(&file)).await?;
    let (mut state, unread) = match read {
        Ok(Read::Archive(archive)) => {
            if let Err(problem) = limits.check_players(archive.doc.players().len(), 0) {
                return Ok(Err(ImportProblem::Settings(vec![problem])));
            }
            let created = import_archive(store, limits, owner, &archive, short_name).await?;
            return Ok(created.map(|row| Imported {
                row,
                unread: Vec::new(),
            }));
        }
        // Before any work on a file of more players than a tournament holds.
        Ok(Read::Document(state, unread)) => match limits.check_players(state.players().len(), 0) {
            Ok(()) => (crate::core::command::cleaned(&state)?, unread),
            Err(problem) => return Ok(Err(ImportProblem::Settings(vec![problem]))),
        },
        Err(problem) => return Ok(Err(problem)),
    };
    let mut settings = state.settings().clone();
    if let Some(short) = short_name.map(str::trim).filter(|s| !s.is_empty()) {
        settings.general.short_name = short.to_string();
    }
    if !crate::core::command::is_valid_short_name(&settings.general.short_name) {
        return Ok(Err(ImportProblem::BadShortName));
    }
    state.set_settings(settings);
    // No zone given: the file's country, else UTC, which the organiser sees
    // and changes in the settings; never a zone the file gives no hint of.
    let time_zone = match time_zone.trim() {
        "" => crate::core::zones::likely(&state).unwrap_or("UTC"),
        given => given,
    };
    if jiff::tz::TimeZone::get(time_zone).is_err() {
        return Ok(Err(ImportProblem::BadTimeZone));
    }
    let header = crate::core::command::Header {
        time_zone: time_zone.to_string(),
        registration_open: false,
        is_public: true,
        late_forfeit_minutes: 60,
        schedule: String::new(),
    };
    let summary = serde_json::json!({
        "players": state.players().len(),
        "games": state.games().len(),
        "settings": serde_json::to_value(state.settings())?,
    });
    let desk = crate::desk::Desk::new(store.clone(), None).with_limits(limits);
    let aggregate = crate::core::command::State::new(state, header);
    let created = match desk
        .create(owner, aggregate, "tournament.import", summary)
        .await
    {
        Ok(row) => row,
        Err(crate::desk::DeskError::Refused(crate::core::command::Refusal::Fields(problems))) => {
            return Ok(Err(ImportProblem::of_settings(problems)));
        }
        Err(e) => return Err(e.into()),
    };
    Ok(Ok(Imported {
        row: created,
        unread,
    }))
}

/// Creates a tournament from a file in Tengen's own format: everything it
/// holds (sanctions, appeals, staff, audit log) or nothing.
async fn import_archive(
    store: &Store,
    limits: crate::core::command::Limits,
    owner: uuid::Uuid,
    archive: &crate::core::formats::archive::Archive,
    short_name: Option<&str>,
) -> anyhow::Result<Result<crate::store::tournaments::TournamentRow, ImportProblem>> {
    use crate::core::command::Refusal;
    use crate::desk::DeskError;
    let short_name = short_name.map(str::trim).filter(|s| !s.is_empty());
    let short = short_name.unwrap_or(&archive.doc.settings().general.short_name);
    if !crate::core::command::is_valid_short_name(short) {
        return Ok(Err(ImportProblem::BadShortName));
    }
    let desk = crate::desk::Desk::new(store.clone(), None).with_limits(limits);
    match desk.import_archive(owner, archive, short_name).await {
        Ok(imported) => Ok(Ok(imported.row)),
        Err(DeskError::Refused(Refusal::Fields(problems))) => {
            Ok(Err(ImportProblem::of_settings(problems)))
        }
        Err(DeskError::Refused(Refusal::Discipline(e))) => Ok(Err(ImportProblem::Inconsistent(e))),
        Err(e) => Err(e.into()),
    }
}
