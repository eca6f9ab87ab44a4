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
pub enum Command {}

/// Runs the command line and returns the process exit code.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        None => Ok(()),
        Some(command) => match command {},
    }
}
