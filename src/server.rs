//! `tengen serve`: open the database, apply migrations, serve HTTP until
//! SIGINT or SIGTERM, then stop the embedded cluster cleanly.

use std::net::SocketAddr;

use tokio::net::TcpListener;

use crate::config::{ServeArgs, WebConfig};
use crate::store::{Database, Store};
use crate::web::{self, AppState};

/// Runs the server until a shutdown signal arrives.
pub async fn run(args: ServeArgs) -> anyhow::Result<()> {
    let database = Database::open_configured(&args.database).await?;
    let store = Store::connect(&database).await?;
    let app = AppState::new(
        store.clone(),
        WebConfig {
            secure_cookies: args.secure_cookies,
            trusted_proxy: args.trusted_proxy,
            limits: crate::core::command::Limits {
                players: args.max_players,
            },
        },
    );
    let listener =
        listen(args.listen).map_err(|e| anyhow::anyhow!("listening on {}: {e}", args.listen))?;
    tracing::info!(address = %listener.local_addr()?, "Tengen is serving");
    let sweeper = tokio::spawn(sweep_sessions(store.clone()));
    // Changes made through other instances on the same database.
    let live = app.live.clone();
    let notices = tokio::spawn(crate::store::changes::listen(
        store.pool.clone(),
        move |tournament_id| live.changed(tournament_id),
    ));
    let live = app.live.clone();
    let stopping = async move {
        shutdown_signal().await;
        // Open pages' event streams would keep the shutdown waiting forever.
        live.shut_down();
    };
    axum::serve(
        listener,
        web::router(app).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(stopping)
    .await?;
    sweeper.abort();
    notices.abort();
    // Closing says goodbye to the database on every connection and waits
    // for its answer: a database that has stopped answering (a cut line)
    // would keep the server from ever exiting on SIGTERM.
    if tokio::time::timeout(std::time::Duration::from_secs(5), store.pool.close())
        .await
        .is_err()
    {
        tracing::warn!("the database did not answer the goodbye within 5 s");
    }
    drop(database);
    tracing::info!("stopped");
    Ok(())
}

async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}

/// Deletes expired sessions hourly.
async fn sweep_sessions(store: Store) {
    let mut tick = tokio::time::interval(std::time::Duration::from_secs(3600));
    loop {
        tick.tick().await;
        if let Err(error) = crate::store::accounts::delete_expired_sessions(&store.pool).await {
            tracing::warn!(%error, "could not delete expired sessions");
        }
        if let Err(error) = crate::store::sign_in::sweep(&store.pool).await {
            tracing::warn!(%error, "could not forget old sign-in attempts");
        }
    }
}

/// Connections the kernel may hold for us before they are accepted. When a
/// round is published thousands of phones reconnect at once; the standard
/// 128 made the kernel drop their SYNs, and each dropped phone waited a
/// second, then three, then seven before it tried again. The kernel still
/// caps this at `net.core.somaxconn`.
const BACKLOG: u32 = 8192;

/// Listens on `address` with room for a crowd arriving at once ([`BACKLOG`]).
fn listen(address: std::net::SocketAddr) -> std::io::Result<TcpListener> {
    let socket = match address {
        std::net::SocketAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
        std::net::SocketAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
    };
    // As std's bind does, so a restarted server takes its port back at once.
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    socket.listen(BACKLOG)
}
