//! Who may read or write a tournament through the API: reads of public
//! tournaments need no token (a sent one must be valid, and makes the staff's
//! view); writes need the token of an account with the action's role.
//!
//! A write is one command through the door ([`run`]): the core checks the
//! role, the version and every rule, and the handler only parses.

use axum::Json;
use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::core::command::Command;
use crate::desk::{Caller, Ran};
use crate::store::accounts::Account;
use crate::store::tournaments::{self, TournamentRow};
use crate::web::AppState;
use crate::web::auth::ApiAccount;
use crate::web::error::{WebError, WebResult};
use crate::web::view::{View, view};

/// The bearer's account when a token is sent; an invalid token is refused.
pub(super) async fn optional_account(
    app: &AppState,
    headers: &HeaderMap,
) -> WebResult<Option<Account>> {
    if !headers.contains_key(axum::http::header::AUTHORIZATION) {
        return Ok(None);
    }
    let mut request = axum::http::Request::new(());
    *request.headers_mut() = headers.clone();
    let (mut head, ()) = request.into_parts();
    let ApiAccount(account) = ApiAccount::from_request_parts(&mut head, app).await?;
    Ok(Some(account))
}

/// A tournament the caller may read, with whether they are its staff.
pub(super) async fn readable(
    app: &AppState,
    headers: &HeaderMap,
    short: &str,
) -> WebResult<(TournamentRow, View, bool)> {
    let account = optional_account(app, headers).await?;
    let tournament = tournaments::by_short_name(&app.store.pool, short)
        .await?
        .ok_or(WebError::NotFound)?;
    let roles = match &account {
        Some(a) => {
            tournaments::roles_of(&app.store.pool, tournament.tournament_id, a.account_id).await?
        }
        None => Vec::new(),
    };
    let admin = account.as_ref().is_some_and(|a| a.is_admin);
    if !crate::web::access::may_see(&tournament, &roles, admin) {
        return Err(WebError::NotFound);
    }
    let is_staff = !roles.is_empty() || admin;
    let view = view(app, tournament.tournament_id).await?;
    Ok((tournament, view, is_staff))
}

/// The id of the tournament `short`, for a write by `account`; 404 where
/// the account may not know it exists ([`crate::web::access::may_see`]).
pub(super) async fn tournament_id(
    app: &AppState,
    short: &str,
    account: &Account,
) -> WebResult<Uuid> {
    let (tournament, roles) = tournaments::with_roles(&app.store.pool, short, account.account_id)
        .await?
        .ok_or(WebError::NotFound)?;
    if !crate::web::access::may_see(&tournament, &roles, account.is_admin) {
        return Err(WebError::NotFound);
    }
    Ok(tournament.tournament_id)
}

/// Runs a command for the bearer's account through the door; `seen` is the
/// version the write was based on.
pub(super) async fn run(
    app: &AppState,
    account: Account,
    short: &str,
    seen: Option<i32>,
    command: Command,
) -> WebResult<Ran> {
    let id = tournament_id(app, short, &account).await?;
    Ok(app
        .desk
        .run(&Caller::Account(account), id, seen, command)
        .await?)
}

/// Runs a command whose body is only the version, answering the new one.
pub(super) async fn ran(
    app: &AppState,
    account: Account,
    short: &str,
    based: Based,
    command: Command,
) -> WebResult<Json<Version>> {
    let ran = run(app, account, short, Some(based.version), command).await?;
    Ok(Json(Version {
        version: ran.version,
    }))
}

/// A write that needs nothing but the version it was based on.
#[derive(Deserialize, ToSchema)]
pub(super) struct Based {
    /// The tournament version this write is based on.
    pub(super) version: i32,
}

/// The tournament's version after a write.
#[derive(Serialize, ToSchema)]
pub(super) struct Version {
    pub(super) version: i32,
}
