//! The web shell: routes, shared state and the middleware around them.
//!
//! | route | module |
//! |---|---|
//! | `GET /healthz` | here: 200 while the process serves |
//! | `GET /readyz` | here: 200 only when the database answers, migrated as this build knows |
//! | `GET /`, `GET /language/{code}` | [`home`] |
//! | `/login`, `/logout`, `/setup`, `/account…` | [`account`] |
//! | `/admin/accounts…` | [`admin`] |
//! | `/tournaments/new`, `/t/{short}`, settings, staff, audit | [`tournaments`] |
//! | `/t/{short}/players…`, `/t/{short}/register` | [`players`] |
//! | `/t/{short}/rounds…` | [`rounds`] |
//! | `/tournaments/import`, `/t/{short}/export/…` | [`imports`] |
//! | `/rating-list…` | [`ratings`] |
//! | `/t/{short}/standings`, `/t/{short}/crosstable` | [`standings`] |
//! | `/t/{short}/teams` | [`teams`] |
//! | `/t/{short}/protocol`, `/t/{short}/protocol.csv`, `…/protocol/verify`, `…/protocol/declare` | [`protocol`] |
//! | `/api/v1/…` | [`api`] |
//! | `/static/…` | files from `static/`, compiled in |
//!
//! Visitors without a session read the tournament pages through
//! [`page_cache`]: one render per page, language and change.

pub mod access;
pub mod account;
pub mod act_effects;
pub mod acts;
pub mod admin;
pub mod api;
pub mod appeal_words;
pub mod appeals;
pub mod audit_words;
pub mod auth;
pub mod bracket;
pub mod change;
pub mod closing;
pub mod cookies;
pub mod discipline_words;
pub mod encodings;
pub mod error;
pub mod explain;
pub mod exports;
pub mod files;
pub mod flash;
mod gor;
pub mod home;
pub mod hygiene;
pub mod i18n;
pub mod import_words;
pub mod imports;
pub mod incidents;
pub mod live;
pub mod page;
pub mod page_cache;
pub mod play_offs;
pub mod players;
pub mod protocol;
pub mod rating_cache;
pub mod ratings;
pub mod referee;
pub mod refusals;
pub mod rounds;
pub mod rule_words;
pub mod security;
pub mod series;
pub mod settings_form;
pub mod standings;
pub mod supergroup;
pub mod teams;
pub mod throttle;
pub mod tournaments;
pub mod urls;
pub mod view;

use std::sync::Arc;

use askama::Template;
use axum::Router;
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::{DefaultOnResponse, TraceLayer};

use crate::config::WebConfig;
use crate::store::Store;
use error::{ErrorPage, WebError};
use i18n::Lang;

/// What every handler can reach. Every middleware layer and handler of
/// every request takes its own copy, so the copy is one shared pointer:
/// a struct of a dozen `Arc`s cloned and dropped six times a request cost
/// a public page nearly half its time in contended reference counts.
#[derive(Clone)]
pub struct AppState(Arc<App>);

/// The application's parts, behind [`AppState`].
pub struct App {
    pub store: Store,
    pub config: Arc<WebConfig>,
    pub live: Arc<live::Live>,
    pub ratings: Arc<rating_cache::RatingCache>,
    /// The one door every change goes through.
    pub desk: crate::desk::Desk,
    /// The pace of players registering themselves, per address.
    pub registrations: Arc<throttle::Pace>,
}

impl std::ops::Deref for AppState {
    type Target = App;

    fn deref(&self) -> &App {
        &self.0
    }
}

impl AppState {
    pub fn new(store: Store, config: WebConfig) -> Self {
        let live: Arc<live::Live> = Arc::default();
        AppState(Arc::new(App {
            desk: crate::desk::Desk::new(store.for_changes(), Some(live.clone()))
                .with_limits(config.limits),
            store,
            config: Arc::new(config),
            live,
            ratings: Arc::default(),
            registrations: Arc::new(throttle::Pace::registrations()),
        }))
    }
}

/// The whole application as one router.
pub fn router(app: AppState) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/static/{*file}", get(static_file))
        .route("/favicon.ico", get(favicon))
        .merge(home::routes())
        .merge(account::routes())
        .merge(admin::routes())
        .merge(tournaments::routes())
        .merge(players::routes())
        .merge(imports::routes())
        .merge(exports::routes())
        .merge(ratings::routes())
        .merge(rounds::routes())
        .merge(explain::routes())
        .merge(standings::routes())
        .merge(bracket::routes())
        .merge(teams::routes())
        .merge(series::routes())
        .merge(play_offs::routes())
        .merge(protocol::routes())
        .merge(referee::routes())
        .merge(appeals::routes())
        .merge(api::routes())
        .fallback(|| async { WebError::NotFound })
        .layer(middleware::from_fn_with_state(app.clone(), auth::csrf))
        .layer(middleware::from_fn(hygiene::refuse_control_characters))
        .layer(middleware::from_fn_with_state(app.clone(), error_pages))
        .layer(middleware::from_fn_with_state(
            app.clone(),
            flash::middleware,
        ))
        .layer(middleware::from_fn(security::declared_length))
        .layer(middleware::from_fn_with_state(
            app.clone(),
            security::forwarded_from_proxy,
        ))
        // A page a visitor without a session reads is served from here,
        // past every layer within: a page of the cache was rendered through
        // them once (its path checked, its errors rendered), and a hit
        // costs no more than the bytes it sends.
        .layer(middleware::from_fn_with_state(
            app.clone(),
            page_cache::serve_cached,
        ))
        .layer(middleware::from_fn(security::headers))
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(request_span)
                .on_response(DefaultOnResponse::new().level(tracing::Level::INFO)),
        )
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
        .with_state(app)
}

/// A request's log span: its id (the proxy's `X-Request-Id`, or a new one,
/// returned in the response), method and path. A player's private link is
/// a secret, so its token stays out of the logs.
fn request_span(request: &axum::http::Request<axum::body::Body>) -> tracing::Span {
    let id = request
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let path = request.uri().path();
    let path = match path.strip_prefix("/p/") {
        Some(rest) => format!("/p/…{}", rest.find('/').map_or("", |i| &rest[i..])),
        None => path.to_string(),
    };
    tracing::info_span!("request", request_id = %id, method = %request.method(), path = %path)
}

/// The process is up and serving (a supervisor restarts it otherwise).
async fn healthz() -> impl IntoResponse {
    (StatusCode::OK, "ok")
}

/// The instance can serve: its database answers, migrated as far as this
/// build knows (a proxy sends it requests only then).
async fn readyz(State(app): State<AppState>) -> impl IntoResponse {
    if app.store.is_ready().await {
        (StatusCode::OK, "ready")
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "database unavailable or not migrated",
        )
    }
}

/// Static assets are compiled into the binary, so a deployment is one file.
/// Every file of `static/` is listed here: `tests/browser/crawl.rs` fetches each
/// asset a page names and fails on any that is not served.
const STATIC_FILES: &[(&str, &str, &str)] = &[
    (
        "tengen.css",
        "text/css; charset=utf-8",
        include_str!("../../static/tengen.css"),
    ),
    (
        "live.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/live.js"),
    ),
    (
        "lookup.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/lookup.js"),
    ),
    (
        "opens.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/opens.js"),
    ),
    (
        "print.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/print.js"),
    ),
    (
        "time.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/time.js"),
    ),
    (
        "a4.css",
        "text/css; charset=utf-8",
        include_str!("../../static/a4.css"),
    ),
    (
        "landscape.css",
        "text/css; charset=utf-8",
        include_str!("../../static/landscape.css"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../../static/favicon.svg"),
    ),
];

async fn static_file(axum::extract::Path(file): axum::extract::Path<String>) -> Response {
    let Some((_, mime, body)) = STATIC_FILES.iter().find(|(name, _, _)| *name == file) else {
        return WebError::NotFound.into_response();
    };
    (
        [
            (header::CONTENT_TYPE, *mime),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        *body,
    )
        .into_response()
}

/// Browsers ask for `/favicon.ico` whatever the page says.
async fn favicon() -> Response {
    static_file(axum::extract::Path("favicon.svg".to_string())).await
}

/// The error page, in the layout and the request's language.
#[derive(Template)]
#[template(path = "error.html")]
struct ErrorTemplate {
    layout: page::Layout,
    status: u16,
    message: String,
}

/// Middleware: turns an [`ErrorPage`] marker into a page (or JSON under `/api`).
async fn error_pages(State(app): State<AppState>, request: Request, next: Next) -> Response {
    let lang = Lang::negotiate(request.headers());
    let is_api = request.uri().path().starts_with("/api/");
    let path = request.uri().path().to_string();
    // The page reads only cookies (session, notice, token): a visitor's
    // request has none or one, so every answer does not pay for a copy
    // of all its headers.
    let headers: axum::http::HeaderMap = request
        .headers()
        .get_all(header::COOKIE)
        .iter()
        .map(|v| (header::COOKIE, v.clone()))
        .collect();
    let response = next.run(request).await;
    let Some(marker) = response.extensions().get::<ErrorPage>().cloned() else {
        return response;
    };
    // The detail in the reader's language where a refusal has one; the
    // API's `detail` field stays in English for programs.
    let detail = match &marker.refusal {
        Some(refusal) => Some(refusals::detail(lang, refusal)),
        None => marker.detail.clone(),
    };
    let message = match &detail {
        Some(detail) => format!("{} ({detail})", lang.tf(marker.message_key, &marker.args)),
        None => lang.tf(marker.message_key, &marker.args),
    };
    if is_api {
        // A conflict always says what conflicted, in English as `detail` is:
        // the message's own words when the refusal carries nothing more.
        let detail = marker.detail.or_else(|| {
            (marker.status == StatusCode::CONFLICT)
                .then(|| Lang::En.tf(marker.message_key, &marker.args))
        });
        let body = api::ApiError {
            error: marker.message_key,
            message,
            detail,
        };
        return (marker.status, axum::Json(body)).into_response();
    }
    // The signed-in person keeps their header (not "Sign in"); the lookup
    // failing, as when the database is the error, shows the visitor's one.
    let user = auth::session_account(&headers, &app).await.ok().flatten();
    let page = ErrorTemplate {
        layout: page::Layout {
            title: message.clone(),
            lang,
            user,
            csrf: auth::Csrf::from_cookie(cookies::get(&headers, auth::CSRF_COOKIE)),
            path,
            live: String::new(),
            notice: flash::notice(&headers, lang),
        },
        status: marker.status.as_u16(),
        message,
    };
    match page.render() {
        Ok(html) => (marker.status, Html(html)).into_response(),
        Err(_) => marker.status.into_response(),
    }
}
