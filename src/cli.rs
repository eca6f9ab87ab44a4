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
    /// Pair a round of an OpenGotha file as OpenGotha would, forgetting that
    /// round and later ones, and print the boards as tab-separated text.
    Pair {
        /// The OpenGotha XML file.
        file: std::path::PathBuf,
        /// The round to pair, from 1.
        #[arg(long)]
        round: u32,
    },
}

/// Runs the command line and returns the process exit code.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        None => Ok(()),
        Some(Command::Standings { file, round }) => standings(&file, round),
        Some(Command::Pair { file, round }) => pair(&file, round),
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

/// `tengen pair FILE.xml --round N`: forget rounds N and later, pair round N,
/// print the boards and the time the pairing took.
fn pair(file: &std::path::Path, round: u32) -> anyhow::Result<()> {
    use crate::core::formats::opengotha;
    use crate::core::pairing;
    use anyhow::Context as _;
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    let tournament =
        opengotha::import_bytes(&bytes).with_context(|| format!("{}", file.display()))?;
    let rounds = tournament.settings().number_of_rounds;
    let round = crate::core::RoundNo::new(round)
        .filter(|r| r.get() <= rounds)
        .with_context(|| format!("--round {round}: the tournament has rounds 1 to {rounds}"))?;
    let tournament = pairing::before_round(&tournament, round);
    let start = std::time::Instant::now();
    let paired = pairing::pair_round(&tournament, round)?;
    let ms = start.elapsed().as_millis();
    let players = 2 * paired.games.len() + usize::from(paired.bye.is_some());
    print!("{}", pairing_tsv(&tournament, &paired));
    println!("# pairing_ms={ms} players={players}");
    Ok(())
}

/// A round's pairing as OpenGotha's expected files write it: one
/// `board, white, black, handicap, komi` line per game, then `# bye=`.
pub fn pairing_tsv(
    tournament: &crate::core::Tournament,
    pairing: &crate::core::pairing::RoundPairing,
) -> String {
    use std::fmt::Write as _;
    let name = |id| {
        tournament
            .player(id)
            .map(|p| p.full_name())
            .unwrap_or_default()
    };
    // The file's komi, as OpenGotha has no per-game komi.
    let komi = tournament.settings().rules.komi;
    let mut out = String::new();
    for g in &pairing.games {
        let (white, black) = (name(g.white), name(g.black));
        let _ = writeln!(out, "{}\t{white}\t{black}\t{}\t{komi}", g.board, g.handicap);
    }
    let bye = pairing.bye.map(name).unwrap_or_default();
    let _ = writeln!(out, "# bye={bye}");
    out
}
