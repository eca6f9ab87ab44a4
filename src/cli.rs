//! The `tengen` command line: one binary, one subcommand per job. `serve`
//! (the default) runs the web server; the others work offline or on the
//! database directly.

use std::io::BufRead;

use clap::{Parser, Subcommand};

use crate::config::{DatabaseArgs, ServeArgs};
use crate::store::{Database, Store, accounts};

/// Tengen, a Go tournament server.
#[derive(Debug, Parser)]
#[command(name = "tengen", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// What to do; `serve` when nothing is named.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the web server (the default).
    Serve(ServeArgs),
    /// Manage accounts and API tokens.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
        #[command(flatten)]
        database: DatabaseArgs,
    },
    /// Print the standings of an OpenGotha file as tab-separated text.
    Standings {
        /// The OpenGotha XML file.
        file: std::path::PathBuf,
        /// Standings after this round (default: the last round with a game).
        #[arg(long)]
        round: Option<u32>,
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

/// Runs a command other than `serve`.
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
            let account = crate::ops::create_account(
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
            println!(
                "{}",
                crate::ops::create_api_token(store, &account, &label).await?
            );
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

/// The first line of standard input, so scripts can pipe a password in
/// without it showing up in the process list.
fn read_password() -> anyhow::Result<String> {
    if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        eprintln!(
            "password (at least {} characters):",
            crate::ops::MIN_PASSWORD_CHARS
        );
    }
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line)?;
    Ok(line.trim_end_matches(['\r', '\n']).to_string())
}

/// `tengen standings FILE.xml [--round N]`: read the file, print the table.
pub fn standings(file: &std::path::Path, round: Option<u32>) -> anyhow::Result<()> {
    use crate::core::formats::{opengotha, standings_tsv};
    use anyhow::Context as _;
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    let tournament =
        opengotha::import_bytes(&bytes).with_context(|| format!("{}", file.display()))?;
    let rounds = tournament.settings().number_of_rounds;
    let round = match round {
        Some(r) if r == 0 || r > rounds => {
            anyhow::bail!("--round {r}: the tournament has rounds 1 to {rounds}")
        }
        Some(r) => r,
        None => tournament.last_round_with_game().map_or(0, |r| r.get()),
    };
    print!("{}", standings_tsv::render(&tournament, round));
    Ok(())
}
