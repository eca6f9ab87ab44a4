//! The `tengen` command line: one binary, one subcommand per job.

use clap::{Parser, Subcommand};

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
    /// Print the standings of an OpenGotha file as tab-separated text.
    Standings {
        /// The OpenGotha XML file.
        file: std::path::PathBuf,
        /// Standings after this round (default: the last round with a game).
        #[arg(long)]
        round: Option<u32>,
    },
}

/// Runs the command line and returns the process exit code.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        None => Ok(()),
        Some(Command::Standings { file, round }) => standings(&file, round),
    }
}

/// `tengen standings FILE.xml [--round N]`: read the file, print the table.
fn standings(file: &std::path::Path, round: Option<u32>) -> anyhow::Result<()> {
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
