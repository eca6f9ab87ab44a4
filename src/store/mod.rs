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
pub mod embedded;
pub mod rating_lists;
pub mod rounds;
pub mod sign_in;
pub mod tournaments;

use std::path::Path;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{PgPool, Postgres, Transaction};

use embedded::EmbeddedCluster;

/// A database connection pool with the schema migrated.
#[derive(Clone, Debug)]
pub struct Store {
    pub pool: PgPool,
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
    /// Connects and applies pending migrations.
    pub async fn connect(database: &Database) -> anyhow::Result<Self> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            // A database that does not answer is told within a second
            // (503), not after the ten a request waited before.
            .acquire_timeout(std::time::Duration::from_secs(1))
            .connect_with(database.connect_options()?)
            .await?;
        Self::migrated(pool).await
    }

    /// Applies pending migrations to a pool's database.
    pub async fn migrated(pool: PgPool) -> anyhow::Result<Self> {
        sqlx::migrate!().run(&pool).await?;
        Ok(Store { pool })
    }

    /// Starts a transaction.
    pub async fn begin(&self) -> sqlx::Result<Tx> {
        self.pool.begin().await
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
