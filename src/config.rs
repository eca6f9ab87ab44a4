//! Settings from flags and environment variables.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Args;

/// Where the database is; shared by every command that needs one.
#[derive(Clone, Debug, Args)]
pub struct DatabaseArgs {
    /// PostgreSQL server to use; when unset, Tengen runs its own private
    /// cluster in --data-dir with the machine's PostgreSQL binaries.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,

    /// Directory of the embedded PostgreSQL cluster (used without DATABASE_URL).
    #[arg(long, env = "TENGEN_DATA_DIR", default_value = "./data/postgres")]
    pub data_dir: PathBuf,
}

/// Settings of `tengen serve`.
#[derive(Clone, Debug, Args)]
pub struct ServeArgs {
    /// Address and port to listen on.
    #[arg(long, env = "TENGEN_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,

    /// Mark cookies Secure even without an `X-Forwarded-Proto: https` header.
    #[arg(long, env = "TENGEN_SECURE_COOKIES")]
    pub secure_cookies: bool,

    /// The reverse proxy's address: only from it is `X-Forwarded-For`
    /// believed, for the sign-in throttle's count per address.
    #[arg(long, env = "TENGEN_TRUSTED_PROXY")]
    pub trusted_proxy: Option<std::net::IpAddr>,

    /// The most players one tournament may hold on this site (imports,
    /// forms, self-registration and the API alike).
    #[arg(long, env = "TENGEN_MAX_PLAYERS", default_value_t = crate::core::command::Limits::PLAYERS)]
    pub max_players: usize,

    #[command(flatten)]
    pub database: DatabaseArgs,
}

/// What the web layer needs to know of the configuration.
#[derive(Clone, Debug, Default)]
pub struct WebConfig {
    pub secure_cookies: bool,
    pub trusted_proxy: Option<std::net::IpAddr>,
    pub limits: crate::core::command::Limits,
}
