//! Server-sent events that tell an open page its tournament changed.

use crate::web::AppState;
use crate::web::access::viewable;
use crate::web::error::WebResult;
use crate::web::page::Ctx;
use axum::extract::{Path, Query, State};

/// Server-sent events: `changed` whenever this tournament changes, so open
/// pairing and standings pages reload themselves.
/// The version the page that listens shows.
#[derive(serde::Deserialize)]
pub(super) struct Since {
    since: Option<i32>,
}

pub(super) async fn events(
    State(app): State<AppState>,
    ctx: Ctx,
    Path(short): Path<String>,
    Query(since): Query<Since>,
) -> WebResult<
    axum::response::sse::Sse<
        impl futures_util::Stream<Item = Result<axum::response::sse::Event, std::convert::Infallible>>,
    >,
> {
    use axum::response::sse::{Event, KeepAlive, Sse};
    // Listening starts before the version is read, so no change falls between.
    let notices = app.live.subscribe();
    let tournament = viewable(&app, ctx.user, &short).await?.tournament;
    let id = tournament.tournament_id;
    let stale = since.since.is_some_and(|v| v != tournament.version);
    let stream =
        futures_util::stream::unfold((notices, stale), move |(mut notices, stale)| async move {
            if stale {
                return Some((
                    Ok(Event::default().event("changed").data("reload")),
                    (notices, false),
                ));
            }
            loop {
                match notices.recv().await {
                    Ok(stopping) if stopping.is_nil() => return None,
                    Ok(changed) if changed == id => {
                        return Some((
                            Ok(Event::default().event("changed").data("reload")),
                            (notices, false),
                        ));
                    }
                    Ok(_) => continue,
                    // Missed notices may include ours: tell the page to reload.
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        return Some((
                            Ok(Event::default().event("changed").data("reload")),
                            (notices, false),
                        ));
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
                }
            }
        });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}
