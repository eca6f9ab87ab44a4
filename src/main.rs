use clap::Parser;
use tengen::cli::{Cli, Command};

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sqlx=warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let runtime = tokio::runtime::Runtime::new()?;
    match cli.command {
        None => runtime.block_on(tengen::server::run(default_serve_args())),
        Some(Command::Serve(args)) => runtime.block_on(tengen::server::run(args)),
        Some(Command::Admin { command, database }) => {
            runtime.block_on(tengen::cli::run_admin(command, database))
        }
        Some(Command::Standings { file, round }) => tengen::cli::standings(&file, round),
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
