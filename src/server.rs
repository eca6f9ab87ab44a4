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
    let listener = TcpListener::bind(args.listen)
        .await
        .map_err(|e| anyhow::anyhow!("listening on {}: {e}", args.listen))?;
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
    store.pool.close().await;
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
