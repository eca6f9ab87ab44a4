//! The `tengen` command line: one binary, one subcommand per job. `serve`
//! (the default) runs the web server; the others work offline or on the
//! database directly.

use std::io::BufRead;

use clap::{Parser, Subcommand};

use crate::config::{DatabaseArgs, ServeArgs};
use crate::core::formats::text::Charset;
use crate::store::{Database, Store, accounts};

/// Tengen, a Go tournament server.
#[derive(Debug, Parser)]
#[command(name = "tengen", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// How log lines are written to stderr: `text` for a person, `json`
    /// (one object a line) for a log collector.
    #[arg(long, global = true, env = "TENGEN_LOG_FORMAT", default_value = "text")]
    pub log_format: LogFormat,
}

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

/// What to do; `serve` when nothing is named.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the web server (the default).
    Serve(ServeArgs),
    /// Print the standings of a tournament file (OpenGotha, MacMahon or
    /// AutoKorsak, h9, Tengen) as tab-separated text.
    Standings {
        /// The tournament file; its format is told from its content.
        file: std::path::PathBuf,
        /// Standings after this round (default: the last round with a game).
        #[arg(long)]
        round: Option<u32>,
    },
    /// Print the team standings of a team tournament's file as
    /// tab-separated text, by the file's team placement criteria.
    TeamStandings {
        /// The tournament file; its format is told from its content.
        file: std::path::PathBuf,
        /// Standings after this round (default: the last round with a game).
        #[arg(long)]
        round: Option<u32>,
    },
    /// Pair a round of a tournament file as OpenGotha would, forgetting that
    /// round and later ones, and print the boards as tab-separated text.
    Pair {
        /// The tournament file; its format is told from its content.
        file: std::path::PathBuf,
        /// The round to pair, from 1.
        #[arg(long)]
        round: u32,
    },
    /// Print the EGF results file (h9) of a tournament file, as OpenGotha
    /// 3.51 writes it, with each player's EGD PIN when known.
    H9 {
        /// The tournament file; its format is told from its content.
        file: std::path::PathBuf,
        /// Keep games won by default, marked `!` (default: written `0=`).
        #[arg(long)]
        keep_by_default: bool,
        /// `utf-8`, or `iso-8859-15` byte for byte as OpenGotha writes it.
        #[arg(long, default_value = "utf-8")]
        encoding: Charset,
    },
    /// Print the FFG results file (tou) of a tournament file, as OpenGotha
    /// 3.51 writes it.
    Tou {
        /// The tournament file; its format is told from its content.
        file: std::path::PathBuf,
        /// `iso-8859-15`, what the FFG reads and OpenGotha writes, or `utf-8`.
        #[arg(long, default_value = "iso-8859-15")]
        encoding: Charset,
    },
    /// Create a tournament from an OpenGotha, MacMahon (AutoKorsak), EGF
    /// results (h9) or Tengen file, owned by an account.
    Import {
        /// The file; its format is told from its content.
        file: std::path::PathBuf,
        /// The account that will own the tournament.
        #[arg(long)]
        owner: String,
        /// Short name for the tournament's address (default: the file's).
        #[arg(long)]
        short_name: Option<String>,
        /// Time zone the tournament's times are shown in (default: the
        /// country of its location or of most players, else UTC).
        #[arg(long, default_value = "")]
        time_zone: String,
        #[command(flatten)]
        database: DatabaseArgs,
    },
    /// Save the whole site (every tournament, account and log) to FILE, as
    /// one consistent snapshot; the server may keep running.
    Backup {
        file: std::path::PathBuf,
        #[command(flatten)]
        database: DatabaseArgs,
    },
    /// Replace the whole site with the backup in FILE; stop the server first.
    Restore {
        file: std::path::PathBuf,
        #[command(flatten)]
        database: DatabaseArgs,
    },
    /// Manage accounts and API tokens.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
        #[command(flatten)]
        database: DatabaseArgs,
    },
}

/// `tengen admin …`
#[derive(Debug, Subcommand)]
pub enum AdminCommand {
    /// Create an account; the password is read from standard input.
    CreateUser {
        username: String,
        /// Name shown to others (defaults to the user name).
        #[arg(long, default_value = "")]
        display_name: String,
        /// Site administrator (the first account should be one).
        #[arg(long)]
        admin: bool,
        /// May create tournaments.
        #[arg(long)]
        organiser: bool,
    },
    /// Create an API token for an account and print it (shown only once).
    Token {
        username: String,
        #[arg(long, default_value = "cli")]
        label: String,
    },
    /// List accounts and their site roles.
    ListUsers,
}

/// Runs `tengen backup FILE` or, with `restore`, `tengen restore FILE`.
pub async fn backup_or_restore(
    file: &std::path::Path,
    database: DatabaseArgs,
    restore: bool,
) -> anyhow::Result<()> {
    let db = Database::open_configured(&database).await?;
    let file = file.to_path_buf();
    let done = tokio::task::spawn_blocking(move || {
        let done = if restore {
            crate::store::backup::restore(&db, &file)
        } else {
            crate::store::backup::backup(&db, &file)
        };
        drop(db);
        done
    })
    .await?;
    done?;
    eprintln!("{}", if restore { "restored" } else { "saved" });
    Ok(())
}

/// Runs `tengen admin …` on the configured database.
pub async fn run_admin(command: AdminCommand, database: DatabaseArgs) -> anyhow::Result<()> {
    let db = Database::open_configured(&database).await?;
    let store = Store::connect(&db).await?;
    let result = admin(&store, command).await;
    store.pool.close().await;
    drop(db);
    result
}

async fn admin(store: &Store, command: AdminCommand) -> anyhow::Result<()> {
    match command {
        AdminCommand::CreateUser {
            username,
            display_name,
            admin,
            organiser,
        } => {
            let password = read_password()?;
            let account = crate::desk::accounts::create_account(
                store,
                &username,
                &display_name,
                &password,
                admin,
                organiser || admin,
            )
            .await?
            .map_err(|e| anyhow::anyhow!("{e}"))?;
            println!("created {}", account.username);
        }
        AdminCommand::Token { username, label } => {
            let account = accounts::by_username(&store.pool, &username)
                .await?
                .ok_or_else(|| anyhow::anyhow!("no account named {username}"))?;
            let token = crate::desk::accounts::create_api_token(store, &account, &label)
                .await?
                .map_err(|p| anyhow::anyhow!("the label is refused: {}", p.key))?;
            println!("{token}");
        }
        AdminCommand::ListUsers => {
            for a in accounts::list(&store.pool).await? {
                let roles = [(a.is_admin, "admin"), (a.is_organiser, "organiser")]
                    .iter()
                    .filter(|(on, _)| *on)
                    .map(|(_, r)| *r)
                    .collect::<Vec<_>>()
                    .join(",");
                println!("{}\t{}\t{}", a.username, a.display_name, roles);
            }
        }
    }
    Ok(())
}

/// `tengen import FILE --owner NAME`: the web's import (OpenGotha, MacMahon
/// or AutoKorsak, h9, Tengen), from a shell; what of the file the tournament
/// does not hold is listed after it.
pub async fn import(
    file: &std::path::Path,
    owner: &str,
    short_name: Option<&str>,
    time_zone: &str,
    database: DatabaseArgs,
) -> anyhow::Result<()> {
    use anyhow::Context as _;
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    let db = Database::open_configured(&database).await?;
    let store = Store::connect(&db).await?;
    let result = async {
        let owner = accounts::by_username(&store.pool, owner)
            .await?
            .ok_or_else(|| anyhow::anyhow!("no account named {owner}"))?;
        let created = crate::desk::imports::import_tournament(
            &store,
            crate::core::command::Limits::default(),
            owner.account_id,
            bytes,
            short_name,
            time_zone,
        )
        .await?
        .map_err(|problem| {
            anyhow::anyhow!("{}: {problem}; nothing was imported", file.display())
        })?;
        println!("imported /t/{}", created.row.short_name);
        if !created.unread.is_empty() {
            println!("not carried over from {}:", file.display());
            for unread in &created.unread {
                println!("  - {}", unread_words(unread));
            }
        }
        anyhow::Ok(())
    }
    .await;
    store.pool.close().await;
    drop(db);
    result
}

/// What of a file its tournament does not hold, in the web's English words.
fn unread_words(unread: &crate::desk::imports::Unread) -> String {
    crate::web::import_words::unread_message(crate::web::i18n::Lang::En, unread)
}

/// The first line of standard input, so scripts can pipe a password in
/// without it showing up in the process list.
fn read_password() -> anyhow::Result<String> {
    if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        eprintln!(
            "password (at least {} characters):",
            crate::desk::accounts::MIN_PASSWORD_CHARS
        );
    }
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line)?;
    Ok(line.trim_end_matches(['\r', '\n']).to_string())
}

/// `tengen standings FILE.xml [--round N]`: read the file, print the table.
pub fn standings(file: &std::path::Path, round: Option<u32>) -> anyhow::Result<()> {
    let tournament = read_tournament(file)?;
    let round = standings_round(&tournament, round)?;
    print!(
        "{}",
        crate::core::formats::standings_tsv::render(&tournament, round)
    );
    Ok(())
}

/// `tengen team-standings FILE.xml [--round N]`: the team standings.
pub fn team_standings(file: &std::path::Path, round: Option<u32>) -> anyhow::Result<()> {
    let tournament = read_tournament(file)?;
    if tournament.teams().is_empty() {
        anyhow::bail!("{}: the file has no teams", file.display());
    }
    let round = standings_round(&tournament, round)?;
    print!(
        "{}",
        crate::core::formats::team_standings_tsv::render(&tournament, round)
    );
    Ok(())
}

/// The round asked for, checked, or the last round with a game.
fn standings_round(
    tournament: &crate::core::Tournament,
    round: Option<u32>,
) -> anyhow::Result<u32> {
    let rounds = tournament.settings().number_of_rounds;
    Ok(match round {
        Some(r) if r == 0 || r > rounds => {
            anyhow::bail!("--round {r}: the tournament has rounds 1 to {rounds}")
        }
        Some(r) => r,
        None => tournament.last_round_with_game().map_or(0, |r| r.get()),
    })
}

/// `tengen h9 FILE.xml`: read the file, print its EGF results file.
pub fn h9(file: &std::path::Path, keep_by_default: bool, encoding: Charset) -> anyhow::Result<()> {
    use crate::core::formats::h9;
    let tournament = read_tournament(file)?;
    let text = h9::export(
        &tournament,
        h9::Options {
            keep_by_default,
            latin_names: false,
        },
    );
    print_bytes(&encoding.encode(&text))
}

/// `tengen tou FILE.xml`: read the file, print its FFG results file.
pub fn tou(file: &std::path::Path, encoding: Charset) -> anyhow::Result<()> {
    let tournament = read_tournament(file)?;
    print_bytes(&encoding.encode(&crate::core::formats::tou::export(&tournament)))
}

/// A tournament file of any kind the import takes; what of a MacMahon
/// file the reports cannot show is said on standard error.
fn read_tournament(file: &std::path::Path) -> anyhow::Result<crate::core::Tournament> {
    use anyhow::Context as _;
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    let (tournament, unread) = crate::desk::imports::read_tournament(&bytes)
        .map_err(|problem| anyhow::anyhow!("{}: {problem}", file.display()))?;
    for unread in &unread {
        eprintln!(
            "{}: not carried over: {}",
            file.display(),
            unread_words(unread)
        );
    }
    Ok(tournament)
}

/// A reader that stops early (`| head`) is not an error.
fn print_bytes(bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write as _;
    match std::io::stdout().lock().write_all(bytes) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

/// `tengen pair FILE.xml --round N`: forget rounds N and later, pair round N,
/// print the boards and the time the pairing took.
pub fn pair(file: &std::path::Path, round: u32) -> anyhow::Result<()> {
    use crate::core::pairing;
    use anyhow::Context as _;
    let tournament = read_tournament(file)?;
    let rounds = tournament.settings().number_of_rounds;
    let round = crate::core::RoundNo::new(round)
        .filter(|r| r.get() <= rounds)
        .with_context(|| format!("--round {round}: the tournament has rounds 1 to {rounds}"))?;
    let tournament = pairing::before_round(&tournament, round);
    let start = std::time::Instant::now();
    let paired = pairing::pair_round(&tournament, round)?;
    let ms = start.elapsed().as_millis();
    let players = 2 * paired.games.len() + usize::from(paired.bye.is_some());
    print!(
        "{}",
        crate::core::formats::pairing_tsv::render(&tournament, &paired)
    );
    println!("# pairing_ms={ms} players={players}");
    Ok(())
}
