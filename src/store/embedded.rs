//! The embedded default database: a private PostgreSQL cluster in a data
//! directory, run with the machine's own server binaries.
//!
//! It listens on a Unix socket inside the data directory only (no TCP), so
//! nothing but this program (and root) can reach it. As root, the cluster runs
//! as the unprivileged `postgres` user, because `initdb` and `postgres` refuse
//! to run as root.

use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use sqlx::postgres::PgConnectOptions;

/// The role and database the embedded cluster is created with.
const ROLE: &str = "tengen";
const DATABASE: &str = "tengen";
/// The file in the data directory that the process running the cluster
/// holds locked for its life (and names, for a person reading it).
const OWNER_FILE: &str = "tengen.owner";

/// Unix sockets have a path limit of 107 bytes on Linux.
const MAX_SOCKET_PATH: usize = 107;

/// Why the embedded database could not be used.
#[derive(Debug, thiserror::Error)]
pub enum EmbeddedError {
    #[error(
        "no PostgreSQL server programs (initdb, pg_ctl, postgres) found; install them \
         (Debian/Ubuntu: `sudo apt install postgresql`; Fedora: `sudo dnf install postgresql-server`; \
         macOS: `brew install postgresql@17`) or set DATABASE_URL to use an existing server"
    )]
    NoBinaries,
    #[error(
        "running as root, but there is no unprivileged `postgres` user to run the database as; \
         install the `postgresql` package (it creates one) or set DATABASE_URL"
    )]
    NoUnprivilegedUser,
    #[error(
        "the data directory path {0} is too long for a Unix socket; choose a shorter --data-dir"
    )]
    PathTooLong(PathBuf),
    #[error("{action} failed: {detail}")]
    Command { action: String, detail: String },
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// A private cluster: where it lives and who runs it.
#[derive(Debug)]
pub struct EmbeddedCluster {
    data_dir: PathBuf,
    bin_dir: PathBuf,
    run_as: Option<(u32, u32)>,
    /// True when this process started the server, so it also stops it.
    started_here: bool,
    /// The owner file, locked while this process owns the cluster.
    owner: Option<std::fs::File>,
}

impl EmbeddedCluster {
    /// Initialises the cluster on first use, then starts it unless it already runs.
    pub fn start(data_dir: &Path) -> Result<Self, EmbeddedError> {
        let bin_dir = find_bin_dir().ok_or(EmbeddedError::NoBinaries)?;
        std::fs::create_dir_all(data_dir)?;
        let data_dir = data_dir.canonicalize()?;
        if data_dir.join(".s.PGSQL.5432").as_os_str().len() > MAX_SOCKET_PATH {
            return Err(EmbeddedError::PathTooLong(data_dir));
        }
        let run_as = if is_root() {
            Some(unprivileged_user().ok_or(EmbeddedError::NoUnprivilegedUser)?)
        } else {
            None
        };
        let mut cluster = EmbeddedCluster {
            data_dir,
            bin_dir,
            run_as,
            started_here: false,
            owner: None,
        };
        if !cluster.data_dir.join("PG_VERSION").exists() {
            cluster.init()?;
        }
        let running = cluster.is_running()?;
        // The owner's lock goes with its process, however it ended: a
        // cluster whose file nobody holds was left by a Tengen that was
        // killed, and is adopted, so that this process stops it in turn.
        // (A process number would not do: the dead owner's may be reused.)
        let owner = cluster.lock_owner()?;
        if !running {
            cluster.run(
                "starting PostgreSQL",
                &["start", "-w", "-t", "60", "-l"],
                Some(&cluster.data_dir.join("server.log")),
            )?;
        }
        if let Some(mut file) = owner {
            use std::io::{Seek, Write};
            file.set_len(0)?;
            file.rewind()?;
            write!(file, "{}", std::process::id())?;
            cluster.owner = Some(file);
            cluster.started_here = true;
        }
        Ok(cluster)
    }

    /// The file naming the process that stops the cluster.
    fn owner_file(&self) -> PathBuf {
        self.data_dir.join(OWNER_FILE)
    }

    /// The owner file locked for this process, or `None` while a living
    /// process holds it (a server while `tengen admin` runs beside it, say).
    fn lock_owner(&self) -> Result<Option<std::fs::File>, EmbeddedError> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(self.owner_file())?;
        match file.try_lock() {
            Ok(()) => Ok(Some(file)),
            Err(std::fs::TryLockError::WouldBlock) => Ok(None),
            Err(std::fs::TryLockError::Error(e)) => Err(e.into()),
        }
    }

    /// Connection options for the cluster's socket.
    pub fn connect_options(&self) -> PgConnectOptions {
        PgConnectOptions::new()
            .socket(&self.data_dir)
            .username(ROLE)
            .database(DATABASE)
    }

    /// The arguments that connect `pg_dump`, `pg_restore` or `psql` to the
    /// cluster: its socket directory, role and database.
    pub fn client_args(&self) -> Vec<String> {
        vec![
            "--host".into(),
            self.data_dir.display().to_string(),
            "--username".into(),
            ROLE.into(),
            "--dbname".into(),
            DATABASE.into(),
        ]
    }

    /// The PostgreSQL program `name`: beside the cluster's server programs,
    /// else wherever [`postgres_program`] finds it (a PATH holding only the
    /// server programs, say).
    pub fn program(&self, name: &str) -> Option<PathBuf> {
        let beside = self.bin_dir.join(name);
        if beside.is_file() {
            Some(beside)
        } else {
            postgres_program(name)
        }
    }

    /// True when another living process (a server) runs the cluster.
    pub fn is_served(&self) -> bool {
        !self.started_here
    }

    /// Where the cluster keeps its files.
    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    /// Stops the server if this process started it; a fast shutdown, which
    /// rolls back open transactions and loses nothing committed.
    pub fn stop(&mut self) -> Result<(), EmbeddedError> {
        if self.started_here {
            self.run("stopping PostgreSQL", &["stop", "-w", "-m", "fast"], None)?;
            self.started_here = false;
            let _ = std::fs::remove_file(self.owner_file());
            self.owner = None;
        }
        Ok(())
    }

    fn init(&self) -> Result<(), EmbeddedError> {
        self.hand_over(&self.data_dir)?;
        let out = self
            .command("initdb")
            .args([
                "--auth=trust",
                "--encoding=UTF8",
                "--locale=C",
                "--username",
                ROLE,
                "-D",
            ])
            .arg(&self.data_dir)
            .output()?;
        check("initialising the database cluster (initdb)", &out)?;
        // Sockets only, in the data directory, which only its owner can enter.
        let conf = format!(
            "\n# Tengen's embedded cluster\nlisten_addresses = ''\nunix_socket_directories = '{}'\nunix_socket_permissions = 0700\n",
            self.data_dir.display()
        );
        let path = self.data_dir.join("postgresql.conf");
        let mut text = std::fs::read_to_string(&path)?;
        text.push_str(&conf);
        std::fs::write(&path, text)?;
        // Single-user mode creates the database before any socket exists.
        let mut child = self
            .command("postgres")
            .args(["--single", "-D"])
            .arg(&self.data_dir)
            .arg("postgres")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()?;
        {
            use std::io::Write;
            let mut stdin = child.stdin.take().expect("stdin is piped");
            writeln!(stdin, "create database {DATABASE};")?;
        }
        let out = child.wait_with_output()?;
        check("creating the database", &out)
    }

    fn is_running(&self) -> Result<bool, EmbeddedError> {
        let out = self.pg_ctl().arg("status").output()?;
        // pg_ctl status: 0 running, 3 not running, 4 no accessible data directory.
        match out.status.code() {
            Some(0) => Ok(true),
            Some(3) => Ok(false),
            _ => Err(command_error("checking the database status", &out)),
        }
    }

    fn run(&self, action: &str, args: &[&str], log: Option<&Path>) -> Result<(), EmbeddedError> {
        let mut command = self.pg_ctl();
        command.args(args);
        if let Some(log) = log {
            command.arg(log);
        }
        check(action, &command.output()?)
    }

    fn pg_ctl(&self) -> Command {
        let mut command = self.command("pg_ctl");
        command.arg("-D").arg(&self.data_dir);
        command
    }

    fn command(&self, program: &str) -> Command {
        let mut command = Command::new(self.bin_dir.join(program));
        command
            .current_dir(&self.data_dir)
            .env("LC_ALL", "C")
            .env_remove("PGDATA")
            .env_remove("PGHOST")
            .env_remove("PGPORT");
        if let Some((uid, gid)) = self.run_as {
            command.uid(uid).gid(gid);
        }
        command
    }

    /// As root, gives the data directory to the unprivileged user, and makes
    /// sure that user can reach it through its parents.
    fn hand_over(&self, dir: &Path) -> Result<(), EmbeddedError> {
        let Some((uid, gid)) = self.run_as else {
            return Ok(());
        };
        std::os::unix::fs::chown(dir, Some(uid), Some(gid))?;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
        for parent in dir.ancestors().skip(1) {
            let mode = std::fs::metadata(parent)?.permissions().mode();
            if mode & 0o001 == 0 {
                // Search permission only: the user can pass through, not list.
                eprintln!(
                    "tengen: allowing the postgres user to pass through {} (chmod o+x)",
                    parent.display()
                );
                std::fs::set_permissions(parent, std::fs::Permissions::from_mode(mode | 0o001))?;
            }
        }
        Ok(())
    }
}

impl Drop for EmbeddedCluster {
    fn drop(&mut self) {
        if let Err(error) = self.stop() {
            eprintln!("tengen: {error}");
        }
    }
}

fn check(action: &str, out: &Output) -> Result<(), EmbeddedError> {
    if out.status.success() {
        Ok(())
    } else {
        Err(command_error(action, out))
    }
}

fn command_error(action: &str, out: &Output) -> EmbeddedError {
    let detail = String::from_utf8_lossy(&out.stderr).trim().to_string();
    let detail = if detail.is_empty() {
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    } else {
        detail
    };
    EmbeddedError::Command {
        action: action.to_string(),
        detail,
    }
}

/// Where packages put PostgreSQL's server programs when not on PATH, one
/// directory per major version: Debian and Ubuntu, the PGDG packages for
/// Fedora and RHEL, and Homebrew's versioned formulae (keg-only, so never
/// on PATH) on Apple silicon and on Intel Macs.
const VERSIONED_DIRS: [(&str, &str, &str); 4] = [
    ("/usr/lib/postgresql", "", "bin"),
    ("/usr", "pgsql-", "bin"),
    ("/opt/homebrew/opt", "postgresql@", "bin"),
    ("/usr/local/opt", "postgresql@", "bin"),
];

/// A PostgreSQL program, from PATH or the newest versioned directory.
pub fn postgres_program(name: &str) -> Option<PathBuf> {
    find_dir_with(&[name]).map(|dir| dir.join(name))
}

/// The directory holding `initdb`, `pg_ctl` and `postgres`.
fn find_bin_dir() -> Option<PathBuf> {
    find_dir_with(&["initdb", "pg_ctl", "postgres"])
}

/// The first directory on PATH holding all of `programs`, else the newest
/// major version of [`VERSIONED_DIRS`] that does.
fn find_dir_with(programs: &[&str]) -> Option<PathBuf> {
    let has_all = |dir: &Path| programs.iter().all(|b| dir.join(b).is_file());
    let from_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .find(|dir| has_all(dir));
    from_path.or_else(|| {
        let mut versions: Vec<(u32, PathBuf)> = VERSIONED_DIRS
            .iter()
            .flat_map(|(parent, prefix, bin)| {
                let entries = std::fs::read_dir(parent).into_iter().flatten();
                entries.filter_map(move |entry| {
                    let entry = entry.ok()?;
                    let name = entry.file_name();
                    let version = name.to_str()?.strip_prefix(prefix)?;
                    let major = version.split('.').next()?.parse().ok()?;
                    let bin = entry.path().join(bin);
                    has_all(&bin).then_some((major, bin))
                })
            })
            .collect();
        versions.sort();
        versions.pop().map(|(_, bin)| bin)
    })
}

fn is_root() -> bool {
    // The owner of /proc/self is the effective user; no libc call needed.
    std::fs::metadata("/proc/self").is_ok_and(|m| std::os::unix::fs::MetadataExt::uid(&m) == 0)
}

/// The uid and gid of the `postgres` system user, from /etc/passwd.
fn unprivileged_user() -> Option<(u32, u32)> {
    let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
    passwd.lines().find_map(|line| {
        let fields: Vec<&str> = line.split(':').collect();
        (fields.len() > 3 && fields[0] == "postgres")
            .then(|| Some((fields[2].parse().ok()?, fields[3].parse().ok()?)))
            .flatten()
    })
}
