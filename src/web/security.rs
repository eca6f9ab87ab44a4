//! Answers every response carries, and a body refused by its declared size.
//!
//! The policy allows only the site's own scripts and styles (no inline
//! code: every script is a file of `static/`), no framing by other sites,
//! and no referrer beyond the site, since a player's private link is a path.

use super::error::WebError;
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

const POLICY: &str = "default-src 'self'; img-src 'self' data:; script-src 'self'; \
     style-src 'self'; connect-src 'self'; frame-ancestors 'none'; form-action 'self'; \
     base-uri 'none'; object-src 'none'";

/// Adds the security headers to every response that does not set its own.
pub(super) async fn headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "same-origin"),
    ] {
        headers
            .entry(name)
            .or_insert(HeaderValue::from_static(value));
    }
    response
}

/// axum's limit for a body its extractors read: every form and API call;
/// the CSRF check and `web::hygiene` read forms up to it too, so a form
/// under it is never refused as forged, and one over it gets 413.
pub(super) const FORM_MAX: usize = 2 << 20;

/// The largest tournament file taken; egc2013.xml, 594 players and 10
/// rounds, is under 1 MB.
pub(super) const IMPORT_MAX: usize = 32 << 20;

/// The largest rating list taken: egf_db.txt is about 4 MB.
pub(super) const RATING_LIST_MAX: usize = 64 << 20;

/// The largest body an address takes: a tournament file, a rating list,
/// else a form or an API call.
pub(super) fn body_limit(path: &str) -> usize {
    match path {
        "/tournaments/import" | "/api/v1/tournaments/import" => IMPORT_MAX,
        "/rating-list" => RATING_LIST_MAX,
        _ => FORM_MAX,
    }
}

/// Refuses with 413 a request whose `Content-Length` is over its address's
/// [`body_limit`], before a byte of the body is read (an upload otherwise
/// got 400 once the limit had been read and the rest thrown away).
pub(super) async fn declared_length(request: Request, next: Next) -> Response {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > body_limit(request.uri().path()) as u64) {
        return WebError::TooLarge.into_response();
    }
    next.run(request).await
}

/// Drops `X-Forwarded-Host` and `X-Forwarded-Proto` unless the request
/// comes from the configured reverse proxy (`--trusted-proxy`): from anyone
/// else they are the client's own word, and would name the site in links
/// and the CSRF origin check, or mark plain http as secure.
pub(super) async fn forwarded_from_proxy(
    axum::extract::State(app): axum::extract::State<super::AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let peer = request
        .extensions()
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|c| c.0.ip());
    if peer.is_none() || peer != app.config.trusted_proxy {
        let headers = request.headers_mut();
        headers.remove("x-forwarded-host");
        headers.remove("x-forwarded-proto");
    }
    next.run(request).await
}
