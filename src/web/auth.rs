//! Who is asking: session cookies, bearer tokens, CSRF protection and the
//! login rate limit.
//!
//! CSRF uses a double-submit token: a random `tengen_csrf` cookie that every
//! state-changing form must echo in a `csrf` field (for uploads, the first
//! part of the multipart body, so the token never appears in a URL), plus a
//! same-origin check on the `Origin` header when a browser sends one.

use std::net::IpAddr;
use std::sync::{Arc, OnceLock};

use axum::body::Body;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::{WebError, WebResult};
use super::{AppState, cookies};
use crate::desk::accounts as credentials;
use crate::store::accounts::{self, Account};
use crate::store::sign_in;

pub const SESSION_COOKIE: &str = "tengen_session";
pub const CSRF_COOKIE: &str = "tengen_csrf";
/// Sessions last a tournament week and a bit.
pub const SESSION_DAYS: i64 = 14;
/// How much of an upload the CSRF check reads to find its first part, the
/// token; the rest of the file streams on to the handler unread.
const MAX_UPLOAD_HEAD: usize = 8 << 10;

/// The request's CSRF token, for forms to echo. A visitor who has none is
/// given one only when the page shown holds a form that needs it: a page
/// without a form sets no cookie, so it costs no random token and stays the
/// same bytes for every visitor (the page cache keeps only such pages).
#[derive(Clone, Debug, Default)]
pub struct Csrf(Arc<CsrfToken>);

#[derive(Debug, Default)]
struct CsrfToken {
    /// The token of the visitor's cookie, when it is well formed.
    existing: Option<String>,
    /// A new token, made the first time a form asks for one.
    minted: OnceLock<String>,
}

impl Csrf {
    /// The token of a request carrying `cookie` (minted when used, if none).
    pub fn from_cookie(cookie: Option<&str>) -> Self {
        let existing = cookie
            .filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()))
            .map(str::to_string);
        Csrf(Arc::new(CsrfToken {
            existing,
            minted: OnceLock::new(),
        }))
    }

    /// The token a form echoes; using it gives a visitor without one a new one.
    pub fn value(&self) -> &str {
        match &self.0.existing {
            Some(token) => token,
            None => self.0.minted.get_or_init(|| credentials::random_hex(32)),
        }
    }

    /// A token made for this response, which the visitor must be sent.
    fn minted(&self) -> Option<&str> {
        self.0.minted.get().map(String::as_str)
    }

    /// Whether the response shows this visitor's token in a form.
    pub fn used(&self) -> bool {
        self.0.existing.is_none() && self.minted().is_some()
    }
}

impl std::fmt::Display for Csrf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.value())
    }
}

/// The account behind the request's session cookie, if any.
pub async fn session_account(headers: &HeaderMap, app: &AppState) -> WebResult<Option<Account>> {
    let Some(token) = cookies::get(headers, SESSION_COOKIE) else {
        return Ok(None);
    };
    Ok(accounts::by_session(&app.store.pool, &credentials::token_hash(token)).await?)
}

/// [`session_account`], looked up once per request however many of its
/// extractors ask (the page context, the opened tournament).
pub async fn session_of(parts: &mut Parts, app: &AppState) -> WebResult<Option<Account>> {
    #[derive(Clone)]
    struct Session(Option<Account>);
    if let Some(Session(account)) = parts.extensions.get::<Session>() {
        return Ok(account.clone());
    }
    let account = session_account(&parts.headers, app).await?;
    parts.extensions.insert(Session(account.clone()));
    Ok(account)
}

/// A handler argument that requires a signed-in person.
pub struct SignedIn(pub Account);

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &AppState,
    ) -> Result<Self, Self::Rejection> {
        match session_of(parts, app).await {
            Ok(Some(account)) => Ok(SignedIn(account)),
            Ok(None) => {
                let back = parts
                    .uri
                    .path_and_query()
                    .map(|p| p.as_str())
                    .unwrap_or("/");
                let target = format!(
                    "/login?next={}",
                    form_urlencoded::byte_serialize(back.as_bytes()).collect::<String>()
                );
                Err(axum::response::Redirect::to(&target).into_response())
            }
            Err(e) => Err(e.into_response()),
        }
    }
}

/// A handler argument for `/api/v1`: the account behind an
/// `Authorization: Bearer` token.
pub struct ApiAccount(pub Account);

impl FromRequestParts<AppState> for ApiAccount {
    type Rejection = WebError;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let token = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .ok_or(WebError::Unauthorized)?;
        accounts::by_api_token(&app.store.pool, &credentials::token_hash(token.trim()))
            .await?
            .map(ApiAccount)
            .ok_or(WebError::Unauthorized)
    }
}

/// Starts a session for the account and returns its `Set-Cookie` value.
pub async fn start_session(
    app: &AppState,
    headers: &HeaderMap,
    account: &Account,
) -> WebResult<header::HeaderValue> {
    let token = credentials::random_hex(32);
    let expires = time::OffsetDateTime::now_utc() + time::Duration::days(SESSION_DAYS);
    accounts::insert_session(
        &app.store.pool,
        &credentials::token_hash(&token),
        account.account_id,
        expires,
    )
    .await?;
    Ok(cookies::set(
        SESSION_COOKIE,
        &token,
        SESSION_DAYS * 86_400,
        is_secure(app, headers),
    ))
}

/// Ends the request's session, if any, and returns the clearing cookie.
pub async fn end_session(app: &AppState, headers: &HeaderMap) -> WebResult<header::HeaderValue> {
    if let Some(token) = cookies::get(headers, SESSION_COOKIE) {
        accounts::delete_session(&app.store.pool, &credentials::token_hash(token)).await?;
    }
    Ok(cookies::set(SESSION_COOKIE, "", 0, is_secure(app, headers)))
}

/// Whether cookies must be Secure: configured so, or the request came over https.
pub(super) fn is_secure(app: &AppState, headers: &HeaderMap) -> bool {
    app.config.secure_cookies || cookies::is_https(headers)
}

/// Middleware: gives every visitor who is shown a form a CSRF token, and
/// refuses state-changing requests that do not echo it. `/api` is exempt:
/// it takes bearer tokens, which a browser never sends by itself.
pub async fn csrf(State(app): State<AppState>, request: Request, next: Next) -> Response {
    let token = Csrf::from_cookie(cookies::get(request.headers(), CSRF_COOKIE));
    let needs_check = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    ) && !request.uri().path().starts_with("/api/");
    let request = if needs_check {
        match checked(request, token.0.existing.as_deref()).await {
            Ok(request) => request,
            Err(e) => return e.into_response(),
        }
    } else {
        request
    };
    let secure = is_secure(&app, request.headers());
    let mut request = request;
    request.extensions_mut().insert(token.clone());
    let mut response = next.run(request).await;
    if let Some(minted) = token.minted() {
        response.headers_mut().append(
            header::SET_COOKIE,
            cookies::set(CSRF_COOKIE, minted, 365 * 86_400, secure),
        );
    }
    response
}

/// Passes the request on when its CSRF token matches the cookie.
async fn checked(request: Request, cookie: Option<&str>) -> Result<Request, WebError> {
    let cookie = cookie.ok_or(WebError::Csrf)?;
    if !same_origin(request.headers()) {
        return Err(WebError::Csrf);
    }
    let content_type = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    if let Some(boundary) = multipart_boundary(&content_type) {
        return checked_upload(request, &boundary, cookie).await;
    }
    if !content_type.starts_with("application/x-www-form-urlencoded") {
        return Err(WebError::Csrf);
    }
    let (parts, body) = request.into_parts();
    let bytes = axum::body::to_bytes(body, super::security::FORM_MAX)
        .await
        .map_err(|_| WebError::TooLarge)?;
    let token = form_urlencoded::parse(&bytes)
        .find(|(k, _)| k == "csrf")
        .map(|(_, v)| v.into_owned());
    match token {
        Some(token) if constant_time_eq(token.as_bytes(), cookie.as_bytes()) => {
            Ok(Request::from_parts(parts, Body::from(bytes)))
        }
        _ => Err(WebError::Csrf),
    }
}

/// The boundary of a `multipart/form-data` body, from its content type.
fn multipart_boundary(content_type: &str) -> Option<String> {
    let (kind, params) = content_type.split_once(';')?;
    if !kind.trim().eq_ignore_ascii_case("multipart/form-data") {
        return None;
    }
    params.split(';').find_map(|p| {
        let (k, v) = p.trim().split_once('=')?;
        k.eq_ignore_ascii_case("boundary")
            .then(|| v.trim_matches('"').to_string())
    })
}

/// Checks an upload's token, which every upload form sends as its first
/// part (browsers send fields in the form's order), reading only that part;
/// the body then goes on whole, as received.
async fn checked_upload(
    request: Request,
    boundary: &str,
    cookie: &str,
) -> Result<Request, WebError> {
    use futures_util::StreamExt;
    let (parts, body) = request.into_parts();
    let mut stream = body.into_data_stream();
    let mut head = Vec::new();
    let token = loop {
        if let Some(token) = first_part(&head, boundary, "csrf") {
            break token;
        }
        if head.len() > MAX_UPLOAD_HEAD {
            return Err(WebError::Csrf);
        }
        match stream.next().await {
            Some(Ok(chunk)) => head.extend_from_slice(&chunk),
            _ => return Err(WebError::Csrf),
        }
    };
    if !constant_time_eq(&token, cookie.as_bytes()) {
        return Err(WebError::Csrf);
    }
    let head = futures_util::stream::once(async move { Ok(axum::body::Bytes::from(head)) });
    Ok(Request::from_parts(
        parts,
        Body::from_stream(head.chain(stream)),
    ))
}

/// The value of the first part of a multipart body when that part is the
/// field `name`: `Some` only once the whole part has arrived.
fn first_part(body: &[u8], boundary: &str, name: &str) -> Option<Vec<u8>> {
    let opening = format!("--{boundary}\r\n");
    let rest = body.strip_prefix(opening.as_bytes())?;
    let headers_end = find(rest, b"\r\n\r\n")?;
    let headers = std::str::from_utf8(&rest[..headers_end]).ok()?;
    let wanted = format!("name=\"{name}\"");
    let is_field = headers.lines().any(|line| {
        line.split_once(':').is_some_and(|(header, value)| {
            header.trim().eq_ignore_ascii_case("content-disposition")
                && value.split(';').any(|param| param.trim() == wanted)
        })
    });
    if !is_field {
        return None;
    }
    let value = &rest[headers_end + 4..];
    let end = find(value, format!("\r\n--{boundary}").as_bytes())?;
    Some(value[..end].to_vec())
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// A browser's `Origin`, when present, must name the host it is talking to.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return true;
    };
    let host = headers
        .get("x-forwarded-host")
        .or_else(|| headers.get(header::HOST))
        .and_then(|v| v.to_str().ok());
    let origin_host = origin.split_once("://").map(|(_, rest)| rest);
    matches!((origin_host, host), (Some(o), Some(h)) if o == h)
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Failures one account may have from one address freely; then each
/// attempt waits twice as long as the one before (5 s, 10 s, 20 s … up to
/// 15 minutes), so guessing from one place is slow.
pub const FREE_PER_PAIR: i32 = 5;

/// Attempts at one account from addresses it has not signed in from: a
/// ceiling on guessing from many places, far above [`FREE_PER_PAIR`]. An
/// address the account signed in from before is not held by it, so a
/// stranger cannot lock the owner out.
pub const FREE_PER_ACCOUNT: i32 = 50;

/// Attempts an address makes freely: a club signs in from one address.
pub const FREE_PER_ADDRESS: i32 = 20;

/// Counts a sign-in attempt for `username` from `ip`, before its password
/// is checked (a check counted after it let 40 parallel guesses all run);
/// `Err(seconds)` when it must wait that long. The counts are in the
/// database: a restart forgets none, and every instance shares them.
pub async fn sign_in_allowed(
    app: &AppState,
    username: &str,
    ip: IpAddr,
) -> WebResult<Result<(), u64>> {
    let pool = &app.store.pool;
    let (account, address) = (account_key(username), address_key(ip));
    let mut keys = vec![
        (pair_key(username, ip), FREE_PER_PAIR),
        (address, FREE_PER_ADDRESS),
    ];
    if !sign_in::is_known(pool, &account, &keys[1].0).await? {
        keys.push((account, FREE_PER_ACCOUNT));
    }
    for (key, free) in keys {
        if sign_in::reserve(pool, &key, free).await?.is_none() {
            return Ok(Err(sign_in::wait_seconds(pool, &key).await?));
        }
    }
    Ok(Ok(()))
}

/// A correct password: see [`sign_in::succeeded`].
pub async fn signed_in(app: &AppState, username: &str, ip: IpAddr) -> WebResult<()> {
    sign_in::succeeded(
        &app.store.pool,
        &account_key(username),
        &address_key(ip),
        &pair_key(username, ip),
    )
    .await?;
    Ok(())
}

/// The address a request comes from: the connection's, or, when that is
/// the configured reverse proxy, the one the proxy appended last to
/// `X-Forwarded-For` (any earlier entry is the client's own word).
pub fn client_ip(app: &AppState, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
    if app.config.trusted_proxy != Some(peer) {
        return peer;
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .next_back()
        .and_then(|ip| ip.trim().parse().ok())
        .unwrap_or(peer)
}

fn account_key(username: &str) -> String {
    format!("user:{}", username.to_lowercase())
}

fn address_key(ip: IpAddr) -> String {
    format!("ip:{ip}")
}

fn pair_key(username: &str, ip: IpAddr) -> String {
    format!("pair:{ip}:{}", username.to_lowercase())
}
