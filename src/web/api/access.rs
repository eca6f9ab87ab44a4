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

use crate::core::command::Command;
use crate::desk::{Account, Ran};
use crate::web::AppState;
use crate::web::access::Reading;
use crate::web::auth::ApiAccount;
use crate::web::error::WebResult;

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

/// A tournament the caller may read: public, or the bearer's as staff.
pub(super) async fn readable(
    app: &AppState,
    headers: &HeaderMap,
    short: &str,
) -> WebResult<Reading> {
    let account = optional_account(app, headers).await?;
    Ok(app.desk.open(&app.store.pool, short, account).await?)
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
    let opened = crate::web::access::open(app, short, account).await?;
    Ok(opened.run(seen, command).await?)
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
