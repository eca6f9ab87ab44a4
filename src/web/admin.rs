//! Site administration: accounts and their site-wide roles.
//!
//! | route | handler |
//! |---|---|
//! | `GET /admin/accounts` | [`list_accounts`] |
//! | `POST /admin/accounts` | [`create_account`] |
//! | `POST /admin/accounts/{username}/roles` | [`set_roles`] |

use askama::Template;
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};

use super::AppState;
use super::auth::SignedIn;
use super::error::{WebError, WebResult};
use super::flash::Flash;
use super::page::{Ctx, FieldErrors, Layout, render, render_invalid};
use crate::desk::accounts as credentials;
use crate::store::accounts::{self, Account};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/admin/accounts", get(list_accounts).post(create_account))
        .route("/admin/accounts/{username}/roles", post(set_roles))
}

#[derive(Template)]
#[template(path = "admin/accounts.html")]
struct AccountsPage {
    layout: Layout,
    accounts: Vec<Account>,
    username: String,
    display_name: String,
    /// Whether the new account may create tournaments: unticked until the
    /// administrator ticks it (a referee's or committee member's account
    /// needs no more), kept as ticked on a refusal.
    organiser: bool,
    errors: FieldErrors,
}

fn require_admin(me: &Account) -> WebResult<()> {
    if me.is_admin {
        Ok(())
    } else {
        Err(WebError::Forbidden)
    }
}

async fn list_accounts(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
) -> WebResult<Html<String>> {
    require_admin(&me)?;
    render(&AccountsPage {
        layout: Layout::new(&ctx, "admin.accounts.title"),
        accounts: accounts::list(&app.store.pool).await?,
        username: String::new(),
        display_name: String::new(),
        organiser: false,
        errors: FieldErrors::default(),
    })
}

#[derive(serde::Deserialize)]
struct NewAccountForm {
    username: String,
    display_name: String,
    password: String,
    organiser: Option<String>,
}

async fn create_account(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Form(form): Form<NewAccountForm>,
) -> WebResult<Response> {
    require_admin(&me)?;
    let username = form.username.trim().to_lowercase();
    let organiser = form.organiser.is_some();
    match credentials::create_account(
        &app.store,
        &username,
        &form.display_name,
        &form.password,
        false,
        organiser,
    )
    .await?
    {
        Ok(account) => {
            let after = serde_json::json!({ "username": account.username, "organiser": organiser });
            crate::store::audit::record(
                &app.store.pool,
                None,
                Some(me.account_id),
                &crate::core::audit::Event::CreateAccount,
                None,
                Some(after),
            )
            .await?;
            Ok((
                Flash::new("notice.account_created").arg("name", account.display_name),
                Redirect::to("/admin/accounts"),
            )
                .into_response())
        }
        Err(e) => {
            let mut errors = FieldErrors::default();
            errors.add(e.field(), ctx.lang.t(e.message_key()));
            let page = AccountsPage {
                layout: Layout::new(&ctx, "admin.accounts.title"),
                accounts: accounts::list(&app.store.pool).await?,
                username,
                display_name: form.display_name,
                organiser,
                errors,
            };
            Ok(render_invalid(&page)?.into_response())
        }
    }
}

#[derive(serde::Deserialize)]
struct RolesForm {
    admin: Option<String>,
    organiser: Option<String>,
}

async fn set_roles(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(username): Path<String>,
    Form(form): Form<RolesForm>,
) -> WebResult<(Flash, Redirect)> {
    require_admin(&me)?;
    let mut tx = app.store.begin().await?;
    let account = accounts::by_username(&mut *tx, &username)
        .await?
        .ok_or(WebError::NotFound)?;
    // Keeps at least one administrator: nobody can lock the site out by accident.
    let is_admin = form.admin.is_some() || account.account_id == me.account_id;
    let is_organiser = form.organiser.is_some();
    accounts::set_roles(&mut *tx, account.account_id, is_admin, is_organiser).await?;
    let before =
        serde_json::json!({ "admin": account.is_admin, "organiser": account.is_organiser });
    let after = serde_json::json!({ "admin": is_admin, "organiser": is_organiser });
    crate::store::audit::record(
        &mut *tx,
        None,
        Some(me.account_id),
        &crate::core::audit::Event::SetAccountRoles(username),
        Some(before),
        Some(after),
    )
    .await?;
    tx.commit().await?;
    Ok((
        Flash::new("notice.roles_saved").arg("name", account.display_name),
        Redirect::to("/admin/accounts"),
    ))
}
