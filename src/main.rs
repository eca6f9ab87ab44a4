use clap::Parser;
use tengen::cli::{Cli, Command, LogFormat};

/// A failure is one line on stderr and a non-zero status, never a stack
/// trace: what a newcomer reads when, say, PostgreSQL is not installed.
fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tengen: {error:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let logs = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sqlx=warn".into()),
        )
        .with_writer(std::io::stderr);
    match cli.log_format {
        LogFormat::Json => logs.json().init(),
        LogFormat::Text => logs
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
            .init(),
    }
    let runtime = || tokio::runtime::Runtime::new();
    match cli.command {
        None => runtime()?.block_on(tengen::server::run(default_serve_args())),
        Some(Command::Serve(args)) => runtime()?.block_on(tengen::server::run(args)),
        Some(Command::Admin { command, database }) => {
            runtime()?.block_on(tengen::cli::run_admin(command, database))
        }
        Some(Command::Backup { file, database }) => {
            runtime()?.block_on(tengen::cli::backup_or_restore(&file, database, false))
        }
        Some(Command::Restore { file, database }) => {
            runtime()?.block_on(tengen::cli::backup_or_restore(&file, database, true))
        }
        Some(Command::Standings { file, round }) => tengen::cli::standings(&file, round),
        Some(Command::TeamStandings { file, round }) => tengen::cli::team_standings(&file, round),
        Some(Command::Import {
            file,
            owner,
            short_name,
            time_zone,
            database,
        }) => runtime()?.block_on(tengen::cli::import(
            &file,
            &owner,
            short_name.as_deref(),
            &time_zone,
            database,
        )),
        Some(Command::Pair { file, round }) => tengen::cli::pair(&file, round),
        Some(Command::H9 {
            file,
            keep_by_default,
            encoding,
        }) => tengen::cli::h9(&file, keep_by_default, encoding),
        Some(Command::Tou { file, encoding }) => tengen::cli::tou(&file, encoding),
    }
}

/// `tengen` alone behaves as `tengen serve` with its flags' defaults and env.
fn default_serve_args() -> tengen::config::ServeArgs {
    #[derive(Parser)]
    struct Serve {
        #[command(flatten)]
        args: tengen::config::ServeArgs,
    }
    Serve::parse_from(["tengen"]).args
}
