//! The page cache in front of the tournament pages that visitors read
//! without signing in: one render per page, language and change, however
//! many phones ask at once ([`super::live`] keeps the pages and counts the
//! changes).

use axum::body::Bytes;
use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use uuid::Uuid;

use super::AppState;
use super::live::Lookup;

/// Said by a page (a response extension) that every visitor without a
/// session who asks for its address in the same language gets the same
/// bytes until its tournament changes: the page cache may keep it.
#[derive(Clone, Copy, Debug)]
pub struct Cacheable(pub Uuid);

/// A page response that may be kept for every visitor without a session.
pub fn cacheable(tournament_id: Uuid, page: impl IntoResponse) -> Response {
    let mut response = page.into_response();
    response.extensions_mut().insert(Cacheable(tournament_id));
    response
}

/// The largest page the cache keeps (egc2013's pairings page is 56 kB).
const MAX_PAGE_BYTES: usize = 4 << 20;

/// Middleware: serves the tournament pages of visitors without a session
/// from the cache, one render per page, language and change. A visitor
/// with a session, or a notice of their own to see, gets their own render.
pub async fn serve_cached(State(app): State<AppState>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let anonymous = request.method() == Method::GET
        && request.uri().path().starts_with("/t/")
        && super::cookies::get(headers, super::auth::SESSION_COOKIE).is_none()
        && !super::flash::carried(headers);
    if !anonymous {
        return next.run(request).await;
    }
    let key = format!(
        "{} {}",
        super::i18n::Lang::negotiate(headers).code(),
        request.uri()
    );
    let ticket = match app.live.lookup::<Bytes>(&key).await {
        Lookup::Hit(html) => return html_response(html),
        Lookup::Make(ticket) => ticket,
    };
    let response = next.run(request).await;
    let marked = response.extensions().get::<Cacheable>().copied();
    let keepable =
        response.status() == StatusCode::OK && !response.headers().contains_key(header::SET_COOKIE);
    // A page too large to keep is sent as it is (its readers make their own).
    let fits = axum::body::HttpBody::size_hint(response.body())
        .upper()
        .is_some_and(|n| n <= MAX_PAGE_BYTES as u64);
    match marked {
        Some(Cacheable(tournament_id)) if keepable && fits => {
            let (parts, body) = response.into_parts();
            match axum::body::to_bytes(body, MAX_PAGE_BYTES).await {
                Ok(html) => {
                    ticket.keep(tournament_id, html.clone());
                    Response::from_parts(parts, axum::body::Body::from(html))
                }
                Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
            }
        }
        // A page that does not say it may be kept never will be; an error
        // or a page with a form (which sets a cookie) may be kept next time.
        None if response.status() == StatusCode::OK => {
            ticket.refuse();
            response
        }
        _ => response,
    }
}

/// A page from the cache, with the same headers as a rendered one.
fn html_response(html: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response()
}
