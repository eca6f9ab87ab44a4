//! A tournament's staff: who holds which role (`core::access`). Only the
//! owner (and a site administrator) manages it, as on the staff page; a
//! role is given to an account by its user name.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::errors::{ApiBody, ApiPath, WriteErrors};
use crate::core::access::{Action, StaffRole};
use crate::web::AppState;
use crate::web::access::{Access, authorise};
use crate::web::auth::ApiAccount;
use crate::web::error::{WebError, WebResult};

/// A role given in a tournament.
#[derive(Serialize, Deserialize, ToSchema)]
pub(super) struct Grant {
    /// The account's user name.
    username: String,
    /// `co_organiser`, `chief_referee`, `referee`, `secretary`, `doctor`,
    /// `appeals_member` or `supervisor`.
    #[schema(
        pattern = "^(co_organiser|chief_referee|referee|secretary|doctor|appeals_member|supervisor)$"
    )]
    role: String,
}

fn role_of(key: &str) -> WebResult<StaffRole> {
    StaffRole::from_key(key)
        .filter(|r| StaffRole::GIVEN.contains(r))
        .ok_or_else(|| WebError::Invalid(format!("no role {key:?} can be given")))
}

/// Who holds which role (the owner's own role is not listed).
#[utoipa::path(
    get,
    path = "/tournaments/{short}/staff",
    tag = "tournaments",
    params(("short" = String, Path, description = "the tournament's short name")),
    security(("bearer" = [])),
    responses((status = 200, description = "the staff", body = Vec<Grant>), WriteErrors)
)]
pub(super) async fn list_staff(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath(short): ApiPath<String>,
) -> WebResult<Json<Vec<Grant>>> {
    let staff = authorise(&app, &short, account, Action::ManageStaff)
        .await?
        .staff()
        .await?;
    Ok(Json(
        staff
            .into_iter()
            .map(|m| Grant {
                username: m.username,
                role: m.role.key().into(),
            })
            .collect(),
    ))
}

/// Give an account a role (giving it twice changes nothing).
#[utoipa::path(
    post,
    path = "/tournaments/{short}/staff",
    tag = "tournaments",
    params(("short" = String, Path, description = "the tournament's short name")),
    request_body = Grant,
    security(("bearer" = [])),
    responses((status = 201, description = "given", body = Grant), WriteErrors)
)]
pub(super) async fn grant_role(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath(short): ApiPath<String>,
    ApiBody(grant): ApiBody<Grant>,
) -> WebResult<(StatusCode, Json<Grant>)> {
    let Access { tournament, me, .. } =
        authorise(&app, &short, account, Action::ManageStaff).await?;
    let role = role_of(&grant.role)?;
    let account = app
        .desk
        .grant(
            tournament.tournament_id,
            me.account_id,
            &grant.username,
            role,
        )
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(Grant {
            username: account.username,
            role: role.key().into(),
        }),
    ))
}

/// Take a role back.
#[utoipa::path(
    delete,
    path = "/tournaments/{short}/staff/{username}/{role}",
    tag = "tournaments",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("username" = String, Path, description = "the account's user name"),
        ("role" = String, Path, description = "the role taken back",
            pattern = "^(co_organiser|chief_referee|referee|secretary|doctor|appeals_member|supervisor)$"),
    ),
    security(("bearer" = [])),
    responses((status = 204, description = "taken back"), WriteErrors)
)]
pub(super) async fn revoke_role(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, username, role)): ApiPath<(String, String, String)>,
) -> WebResult<StatusCode> {
    let access = authorise(&app, &short, account, Action::ManageStaff).await?;
    let (tournament, me) = (&access.tournament, &access.me);
    let role = role_of(&role)?;
    let held = access
        .staff()
        .await?
        .into_iter()
        .find(|m| m.username == username && m.role == role)
        .ok_or(WebError::NotFound)?;
    app.desk
        .revoke(
            tournament.tournament_id,
            me.account_id,
            held.account_id,
            role,
        )
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
