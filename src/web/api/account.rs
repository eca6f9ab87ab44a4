//! The token's own account: `GET /api/v1/me`.

use axum::Json;

use super::errors::TokenErrors;
use crate::store::accounts::Account;
use crate::web::auth::ApiAccount;

/// The account the bearer token belongs to.
#[utoipa::path(
    get,
    path = "/me",
    tag = "account",
    security(("bearer" = [])),
    responses((status = 200, description = "the account", body = Account), TokenErrors)
)]
pub(super) async fn me(ApiAccount(account): ApiAccount) -> Json<Account> {
    Json(account)
}
