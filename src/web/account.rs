//! Signing in and out, the first-run setup, and one's own account page.
//!
//! | route | handler |
//! |---|---|
//! | `GET /login`, `POST /login` | [`show_login`], [`log_in`] |
//! | `POST /logout` | [`log_out`] |
//! | `GET /setup`, `POST /setup` | [`show_setup`], [`set_up`] — loopback only, while no account exists |
//! | `GET /account` | [`show_account`] |
//! | `POST /account/tokens` | [`create_token`] |
//! | `GET /account/tokens/{id}/delete`, `POST` | [`confirm_revoke`], [`delete_token`] |

use std::net::SocketAddr;

use askama::Template;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use uuid::Uuid;

use super::AppState;
use super::auth::{self, SignedIn};
use super::error::{WebError, WebResult};
use super::flash::Flash;
use super::page::{ConfirmPage, Ctx, FieldErrors, Layout, render, render_invalid};
use crate::core::command::Refusal;
use crate::desk::accounts as credentials;
use crate::store::accounts::{self, ApiToken};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/login", get(show_login).post(log_in))
        .route("/logout", post(log_out))
        .route("/setup", get(show_setup).post(set_up))
        .route("/account", get(show_account))
        .route("/account/tokens", post(create_token))
        .route(
            "/account/tokens/{id}/delete",
            get(confirm_revoke).post(delete_token),
        )
}

#[derive(Template)]
#[template(path = "account/login.html")]
struct LoginPage {
    layout: Layout,
    username: String,
    next: String,
    error: String,
}

#[derive(serde::Deserialize, Default)]
struct NextQuery {
    next: Option<String>,
}

/// Only paths of this site, so `?next=` cannot send anyone to another.
fn local_path(next: Option<String>) -> String {
    super::urls::local_path(next.as_deref(), "/")
}

async fn show_login(ctx: Ctx, Query(q): Query<NextQuery>) -> WebResult<Html<String>> {
    render(&LoginPage {
        layout: Layout::new(&ctx, "login.title"),
        username: String::new(),
        next: local_path(q.next),
        error: String::new(),
    })
}

#[derive(serde::Deserialize)]
struct LoginForm {
    username: String,
    password: String,
    next: Option<String>,
}

async fn log_in(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ctx: Ctx,
    Form(form): Form<LoginForm>,
) -> WebResult<Response> {
    let username = form.username.trim().to_lowercase();
    let ip = auth::client_ip(&app, peer.ip(), &headers);
    if let Err(seconds) = auth::sign_in_allowed(&app, &username, ip).await? {
        let page = LoginPage {
            error: ctx
                .lang
                .tf("login.wait", &[("seconds", seconds.to_string())]),
            layout: Layout::new(&ctx, "login.title"),
            username,
            next: local_path(form.next),
        };
        return Ok(super::error::too_many_attempts(seconds, render(&page)?));
    }
    let credentials = accounts::credentials(&app.store.pool, &username).await?;
    let hash = credentials.as_ref().map(|c| c.password_hash.clone());
    let ok = credentials::verify_password(form.password, hash).await?;
    match credentials {
        Some(c) if ok => {
            auth::signed_in(&app, &username, ip).await?;
            let cookie = auth::start_session(&app, &headers, &c.account).await?;
            Ok((
                [(header::SET_COOKIE, cookie)],
                Redirect::to(&local_path(form.next)),
            )
                .into_response())
        }
        _ => {
            let page = LoginPage {
                error: ctx.lang.t("login.failed"),
                layout: Layout::new(&ctx, "login.title"),
                username,
                next: local_path(form.next),
            };
            Ok(render_invalid(&page)?.into_response())
        }
    }
}

async fn log_out(State(app): State<AppState>, headers: HeaderMap) -> WebResult<impl IntoResponse> {
    let cookie = auth::end_session(&app, &headers).await?;
    Ok(([(header::SET_COOKIE, cookie)], Redirect::to("/")))
}

#[derive(Template)]
#[template(path = "account/setup.html")]
struct SetupPage {
    layout: Layout,
    username: String,
    display_name: String,
    errors: FieldErrors,
}

/// The page `/setup` shows once an account exists: the site is set up,
/// and whoever came for it is sent to sign in.
#[derive(Template)]
#[template(path = "account/set_up.html")]
struct SetUpPage {
    layout: Layout,
}

/// The first administrator may only be created from the machine itself, and
/// only while there is no account at all. A request relayed by a proxy
/// counts as remote even though it arrives over loopback. Whether the site
/// still needs setting up.
async fn needs_setup(app: &AppState, peer: SocketAddr, headers: &HeaderMap) -> WebResult<bool> {
    let relayed = headers.contains_key("x-forwarded-for") || headers.contains_key("forwarded");
    if !peer.ip().is_loopback() || relayed {
        return Err(WebError::Forbidden);
    }
    Ok(accounts::count(&app.store.pool).await? == 0)
}

fn already_set_up(ctx: &Ctx) -> WebResult<Html<String>> {
    render(&SetUpPage {
        layout: Layout::new(ctx, "setup.title"),
    })
}

async fn show_setup(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ctx: Ctx,
) -> WebResult<Html<String>> {
    if !needs_setup(&app, peer, &headers).await? {
        return already_set_up(&ctx);
    }
    render(&SetupPage {
        layout: Layout::new(&ctx, "setup.title"),
        username: String::new(),
        display_name: String::new(),
        errors: FieldErrors::default(),
    })
}

#[derive(serde::Deserialize)]
struct SetupForm {
    username: String,
    display_name: String,
    password: String,
}

async fn set_up(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ctx: Ctx,
    Form(form): Form<SetupForm>,
) -> WebResult<Response> {
    if !needs_setup(&app, peer, &headers).await? {
        let page = already_set_up(&ctx)?;
        return Ok((axum::http::StatusCode::CONFLICT, page).into_response());
    }
    let username = form.username.trim().to_lowercase();
    match credentials::create_account(
        &app.store,
        &username,
        &form.display_name,
        &form.password,
        true,
        true,
    )
    .await?
    {
        Ok(account) => {
            let cookie = auth::start_session(&app, &headers, &account).await?;
            Ok(([(header::SET_COOKIE, cookie)], Redirect::to("/")).into_response())
        }
        Err(e) => {
            let mut errors = FieldErrors::default();
            errors.add(e.field(), ctx.lang.t(e.message_key()));
            let page = SetupPage {
                layout: Layout::new(&ctx, "setup.title"),
                username,
                display_name: form.display_name,
                errors,
            };
            Ok(render_invalid(&page)?.into_response())
        }
    }
}

#[derive(Template)]
#[template(path = "account/show.html")]
struct AccountPage {
    layout: Layout,
    tokens: Vec<ApiToken>,
    /// A token just created, shown once.
    new_token: String,
}

async fn show_account(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
) -> WebResult<Html<String>> {
    let tokens = accounts::api_tokens(&app.store.pool, me.account_id).await?;
    render(&AccountPage {
        layout: Layout::new(&ctx, "account.title"),
        tokens,
        new_token: String::new(),
    })
}

#[derive(serde::Deserialize)]
struct TokenForm {
    label: String,
}

/// Shows the new token on the page itself (not after a redirect): it is
/// never stored, so this response is the only time it can be seen.
async fn create_token(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Form(form): Form<TokenForm>,
) -> WebResult<Html<String>> {
    let label = match form.label.trim() {
        "" => "API",
        label => label,
    };
    let new_token = credentials::create_api_token(&app.store, &me, label)
        .await?
        .map_err(|p| WebError::Refused(Box::new(Refusal::Fields(vec![p]))))?;
    let tokens = accounts::api_tokens(&app.store.pool, me.account_id).await?;
    render(&AccountPage {
        layout: Layout::new(&ctx, "account.title"),
        tokens,
        new_token,
    })
}

/// Asks before [`delete_token`]: scripts using the token stop working.
async fn confirm_revoke(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(id): Path<Uuid>,
) -> WebResult<Html<String>> {
    let token = accounts::api_tokens(&app.store.pool, me.account_id)
        .await?
        .into_iter()
        .find(|t| t.api_token_id == id)
        .ok_or(WebError::NotFound)?;
    render(&ConfirmPage {
        layout: Layout::new(&ctx, "account.token_revoke"),
        question: ctx
            .lang
            .tf("confirm.revoke_token", &[("label", token.label)]),
        consequence: ctx.lang.t("confirm.revoke_consequence"),
        action: format!("/account/tokens/{id}/delete"),
        button: ctx.lang.t("account.token_revoke"),
        cancel: "/account".into(),
    })
}

async fn delete_token(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(id): Path<Uuid>,
) -> WebResult<(Flash, Redirect)> {
    if !accounts::delete_api_token(&app.store.pool, me.account_id, id).await? {
        return Err(WebError::NotFound);
    }
    Ok((Flash::new("notice.token_revoked"), Redirect::to("/account")))
}
