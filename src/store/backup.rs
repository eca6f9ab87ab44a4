//! The whole site saved to one file and read back, by PostgreSQL's own
//! `pg_dump` and `pg_restore`: the dump is one consistent snapshot, so it
//! may be taken while the server runs.

use std::path::Path;
use std::process::Command;

use super::Database;
use super::embedded::postgres_program;

/// The `pg_dump`/`pg_restore` arguments that reach `database`.
fn target(database: &Database) -> Vec<String> {
    match database {
        Database::Url(url) => vec![format!("--dbname={url}")],
        Database::Embedded(cluster) => cluster.client_args(),
    }
}

fn run(program: &str, database: &Database, args: &[&str]) -> anyhow::Result<()> {
    let path = match database {
        Database::Embedded(cluster) => cluster.program(program),
        Database::Url(_) => postgres_program(program),
    }
    .ok_or_else(|| anyhow::anyhow!("{program} not found: install PostgreSQL's client programs"))?;
    let out = Command::new(&path)
        .args(args)
        .args(target(database))
        .env_remove("PGDATABASE")
        .output()?;
    anyhow::ensure!(
        out.status.success(),
        "{program}: {}",
        String::from_utf8_lossy(&out.stderr).trim()
    );
    Ok(())
}

/// Writes every tournament, account and log of the site to `file`.
pub fn backup(database: &Database, file: &Path) -> anyhow::Result<()> {
    let file = file.to_string_lossy();
    run("pg_dump", database, &["--format=custom", "--file", &file])
}

/// Replaces the whole site with the one `file` holds, in one transaction:
/// a file that cannot be read whole leaves the site as it was. The server
/// must be stopped, or its pages would show what it held before.
pub fn restore(database: &Database, file: &Path) -> anyhow::Result<()> {
    if let Database::Embedded(cluster) = database {
        anyhow::ensure!(
            !cluster.is_served(),
            "a Tengen server is running on this database: stop it, then restore"
        );
    }
    anyhow::ensure!(file.is_file(), "no backup file {}", file.display());
    let file = file.to_string_lossy();
    run(
        "pg_restore",
        database,
        &[
            "--clean",
            "--if-exists",
            "--no-owner",
            "--single-transaction",
            "--exit-on-error",
            &file,
        ],
    )
}
