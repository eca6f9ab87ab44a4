//! Who may read or write a tournament through the API: reads of public
//! tournaments need no token (a sent one must be valid, and makes the staff's
//! view); writes need the token of an account with the action's role.

use axum::extract::FromRequestParts;
use axum::http::HeaderMap;

use crate::core::access::{self, Action};
use crate::store::accounts::Account;
use crate::store::tournaments::{self, TournamentRow};
use crate::web::AppState;
use crate::web::auth::ApiAccount;
use crate::web::error::{WebError, WebResult};
use crate::web::tournaments::{Access, View};

/// The bearer's account when a token is sent; an invalid token is refused.
async fn optional_account(app: &AppState, headers: &HeaderMap) -> WebResult<Option<Account>> {
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
    let is_staff = !roles.is_empty() || account.as_ref().is_some_and(|a| a.is_admin);
    if !tournament.is_public && !is_staff {
        return Err(WebError::NotFound);
    }
    let view = crate::web::tournaments::view(app, tournament.tournament_id).await?;
    Ok((tournament, view, is_staff))
}

/// The bearer may do `action` in the tournament.
pub(super) async fn writer(
    app: &AppState,
    account: Account,
    short: &str,
    action: Action,
) -> WebResult<Access> {
    let tournament = tournaments::by_short_name(&app.store.pool, short)
        .await?
        .ok_or(WebError::NotFound)?;
    let roles = tournaments::roles_of(
        &app.store.pool,
        tournament.tournament_id,
        account.account_id,
    )
    .await?;
    if !access::may(&roles, account.is_admin, action) {
        return Err(WebError::Forbidden);
    }
    Ok(Access {
        tournament,
        me: account,
    })
}

/// The tournament's version now, after a write.
pub(super) async fn current_version(app: &AppState, short: &str) -> WebResult<i32> {
    Ok(tournaments::by_short_name(&app.store.pool, short)
        .await?
        .ok_or(WebError::NotFound)?
        .version)
}
