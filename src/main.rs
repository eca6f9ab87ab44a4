use clap::Parser;

fn main() -> anyhow::Result<()> {
    tengen::cli::run(tengen::cli::Cli::parse())
}
