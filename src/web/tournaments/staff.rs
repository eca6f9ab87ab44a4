//! A tournament's staff: who may organise, referee or sit on its committee.

use askama::Template;
use axum::Form;
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Redirect, Response};
use uuid::Uuid;

use crate::core::access::{Action, StaffRole};
use crate::store::accounts;
use crate::store::audit;
use crate::store::tournaments::{self, StaffMember, TournamentRow};
use crate::web::AppState;
use crate::web::access::{Access, authorise};
use crate::web::auth::SignedIn;
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::page::{Ctx, Layout, render, render_invalid};
use crate::web::urls;

#[derive(Template)]
#[template(path = "tournaments/staff.html")]
struct StaffPage {
    layout: Layout,
    tournament: TournamentRow,
    staff: Vec<StaffMember>,
    error: String,
}

pub(super) async fn show_staff(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
) -> WebResult<Html<String>> {
    let Access { tournament, .. } = authorise(&app, &short, me, Action::ManageStaff).await?;
    let staff = tournaments::staff(&app.store.pool, tournament.tournament_id).await?;
    render(&StaffPage {
        layout: Layout::titled(&ctx, &tournament.name),
        tournament,
        staff,
        error: String::new(),
    })
}

#[derive(serde::Deserialize)]
pub(super) struct StaffForm {
    username: String,
    role: String,
}

pub(super) async fn add_staff(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
    Form(form): Form<StaffForm>,
) -> WebResult<Response> {
    let Access { tournament, me, .. } = authorise(&app, &short, me, Action::ManageStaff).await?;
    let role = StaffRole::from_key(&form.role).filter(|r| *r != StaffRole::Owner);
    let account = accounts::by_username(&app.store.pool, form.username.trim()).await?;
    let (Some(role), Some(account)) = (role, account) else {
        let staff = tournaments::staff(&app.store.pool, tournament.tournament_id).await?;
        let page = StaffPage {
            layout: Layout::titled(&ctx, &tournament.name),
            tournament,
            staff,
            error: ctx.lang.t("staff.error.unknown_user"),
        };
        return Ok(render_invalid(&page)?.into_response());
    };
    let mut tx = app.store.begin().await?;
    tournaments::add_staff(&mut *tx, tournament.tournament_id, account.account_id, role).await?;
    let after = serde_json::json!({
        "username": account.username,
        "display_name": account.display_name,
        "role": role.key(),
    });
    audit::record(
        &mut *tx,
        Some(tournament.tournament_id),
        Some(me.account_id),
        "staff.add",
        None,
        Some(after),
    )
    .await?;
    tx.commit().await?;
    Ok((
        Flash::new("notice.staff_added").arg("name", account.display_name),
        Redirect::to(&urls::page(&tournament.short_name, "staff")),
    )
        .into_response())
}

#[derive(serde::Deserialize)]
pub(super) struct RemoveStaffForm {
    account_id: Uuid,
    role: String,
}

pub(super) async fn remove_staff(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
    Form(form): Form<RemoveStaffForm>,
) -> WebResult<(Flash, Redirect)> {
    let Access { tournament, me, .. } = authorise(&app, &short, me, Action::ManageStaff).await?;
    let role = StaffRole::from_key(&form.role).ok_or(WebError::NotFound)?;
    let removed = tournaments::staff(&app.store.pool, tournament.tournament_id)
        .await?
        .into_iter()
        .find(|m| m.account_id == form.account_id);
    let mut tx = app.store.begin().await?;
    tournaments::remove_staff(&mut *tx, tournament.tournament_id, form.account_id, role).await?;
    let before = serde_json::json!({
        "account_id": form.account_id,
        "username": removed.as_ref().map(|m| &m.username),
        "display_name": removed.as_ref().map(|m| &m.display_name),
        "role": role.key(),
    });
    audit::record(
        &mut *tx,
        Some(tournament.tournament_id),
        Some(me.account_id),
        "staff.remove",
        Some(before),
        None,
    )
    .await?;
    tx.commit().await?;
    Ok((
        Flash::new("notice.staff_removed"),
        Redirect::to(&urls::page(&tournament.short_name, "staff")),
    ))
}
