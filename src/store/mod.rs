//! All SQL lives here: the pool, migrations, and one file per aggregate.
//!
//! Store functions take a connection or transaction and return
//! `sqlx::Result`; a missing row is `Option`, never an error. The store never
//! decides anything: rules live in `crate::core`.

pub mod accounts;
pub mod aggregate;
pub mod archives;
pub mod audit;
pub mod backup;
pub mod changes;
pub mod discipline;
pub mod document;
pub mod embedded;
pub mod rating_lists;
pub mod rounds;
pub mod sign_in;
pub mod tournaments;

use std::path::Path;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{PgPool, Postgres, Transaction};

use embedded::EmbeddedCluster;

/// Database connections with the schema migrated: one pool for reading
/// and, apart, the connections kept for changes, so that a storm of readers
/// never makes a referee's result wait for a connection.
#[derive(Clone, Debug)]
pub struct Store {
    pub pool: PgPool,
    /// The connections of [`Store::begin`]: every change runs on one.
    writes: PgPool,
}

/// An open transaction; every user action runs in one.
pub type Tx = Transaction<'static, Postgres>;

/// Where the database is: a server named by URL, or the embedded cluster.
pub enum Database {
    Url(String),
    Embedded(EmbeddedCluster),
}

impl Database {
    /// `DATABASE_URL` when given, else the embedded cluster in `data_dir`.
    pub fn open(url: Option<&str>, data_dir: &Path) -> anyhow::Result<Self> {
        match url {
            Some(url) => Ok(Database::Url(url.to_string())),
            None => Ok(Database::Embedded(EmbeddedCluster::start(data_dir)?)),
        }
    }

    /// Opens the database the flags name; the embedded cluster starts off
    /// the async threads, since it waits for `pg_ctl`.
    pub async fn open_configured(args: &crate::config::DatabaseArgs) -> anyhow::Result<Self> {
        let url = args.database_url.clone();
        let data_dir = args.data_dir.clone();
        if url.is_none() {
            tracing::info!(data_dir = %data_dir.display(), "using the embedded PostgreSQL cluster");
        }
        tokio::task::spawn_blocking(move || Database::open(url.as_deref(), &data_dir)).await?
    }

    fn connect_options(&self) -> anyhow::Result<PgConnectOptions> {
        Ok(match self {
            Database::Url(url) => url.parse()?,
            Database::Embedded(cluster) => cluster.connect_options(),
        })
    }
}

impl Store {
    /// Connections for reading pages and the API.
    pub const READ_CONNECTIONS: u32 = 12;
    /// Connections kept for changes. Changes to one tournament queue on its
    /// row lock anyway, so a few serve many referees.
    pub const WRITE_CONNECTIONS: u32 = 6;

    /// Connects and applies pending migrations.
    pub async fn connect(database: &Database) -> anyhow::Result<Self> {
        let options = database.connect_options()?;
        // A database that does not answer is told within a second (503),
        // not after the ten a request waited before.
        let pool = |size| {
            PgPoolOptions::new()
                .max_connections(size)
                .acquire_timeout(std::time::Duration::from_secs(1))
                .connect_with(options.clone())
        };
        let reads = pool(Self::READ_CONNECTIONS).await?;
        let writes = pool(Self::WRITE_CONNECTIONS).await?;
        let store = Self::migrated(reads).await?;
        Ok(Store { writes, ..store })
    }

    /// Applies pending migrations to a pool's database; reads and changes
    /// then share that pool (tests, and the command line's one-off work).
    pub async fn migrated(pool: PgPool) -> anyhow::Result<Self> {
        sqlx::migrate!().run(&pool).await?;
        Ok(Self::on(pool))
    }

    /// A store whose reads and changes share `pool`, migrated already.
    pub fn on(pool: PgPool) -> Self {
        Store {
            writes: pool.clone(),
            pool,
        }
    }

    /// The store every change of a command takes its connections from,
    /// reads included, so that a change waits for no reader.
    pub fn for_changes(&self) -> Self {
        Store {
            pool: self.writes.clone(),
            writes: self.writes.clone(),
        }
    }

    /// Starts a transaction.
    pub async fn begin(&self) -> sqlx::Result<Tx> {
        self.writes.begin().await
    }

    /// True when the database answers a trivial query.
    /// The database answers and has every migration this build knows
    /// applied (another instance may have migrated it further).
    pub async fn is_ready(&self) -> bool {
        let latest = sqlx::migrate!()
            .iter()
            .map(|m| m.version)
            .max()
            .unwrap_or(0);
        let applied: sqlx::Result<Option<i64>> =
            sqlx::query_scalar("select max(version) from _sqlx_migrations where success")
                .fetch_one(&self.pool)
                .await;
        matches!(applied, Ok(Some(v)) if v >= latest)
    }
}
