//! A tournament's staff: who may organise, referee or sit on its committee.

use crate::web::access::{Staff, may};
use askama::Template;
use axum::Form;
use axum::extract::State;
use axum::response::{Html, IntoResponse, Redirect, Response};
use uuid::Uuid;

use crate::core::access::StaffRole;
use crate::core::command::Refusal;
use crate::desk::DeskError;
use crate::desk::{StaffMember, TournamentRow};
use crate::web::AppState;
use crate::web::access::Access;
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
    Staff(access, _): Staff<may::ManageStaff>,
    ctx: Ctx,
) -> WebResult<Html<String>> {
    let staff = access.staff().await?;
    render(&StaffPage {
        layout: Layout::titled(&ctx, &access.tournament.name),
        tournament: access.tournament,
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
    Staff(access, _): Staff<may::ManageStaff>,
    ctx: Ctx,
    Form(form): Form<StaffForm>,
) -> WebResult<Response> {
    let (tournament, me) = (&access.tournament, &access.me);
    let granted = match StaffRole::from_key(&form.role) {
        Some(role) => {
            app.desk
                .grant(
                    tournament.tournament_id,
                    me.account_id,
                    &form.username,
                    role,
                )
                .await
        }
        None => Err(Refusal::field("role", "staff.error.role").into()),
    };
    let key = match granted {
        Ok(account) => {
            return Ok((
                Flash::new("notice.staff_added").arg("name", account.display_name),
                Redirect::to(&urls::page(&tournament.short_name, "staff")),
            )
                .into_response());
        }
        Err(DeskError::Refused(Refusal::Fields(problems))) => problems[0].key,
        Err(e) => return Err(e.into()),
    };
    let staff = access.staff().await?;
    let page = StaffPage {
        layout: Layout::titled(&ctx, &tournament.name),
        tournament: tournament.clone(),
        staff,
        error: ctx.lang.t(key),
    };
    Ok(render_invalid(&page)?.into_response())
}

#[derive(serde::Deserialize)]
pub(super) struct RemoveStaffForm {
    account_id: Uuid,
    role: String,
}

pub(super) async fn remove_staff(
    State(app): State<AppState>,
    Staff(Access { tournament, me, .. }, _): Staff<may::ManageStaff>,
    Form(form): Form<RemoveStaffForm>,
) -> WebResult<(Flash, Redirect)> {
    let role = StaffRole::from_key(&form.role).ok_or(WebError::NotFound)?;
    app.desk
        .revoke(
            tournament.tournament_id,
            me.account_id,
            form.account_id,
            role,
        )
        .await?;
    Ok((
        Flash::new("notice.staff_removed"),
        Redirect::to(&urls::page(&tournament.short_name, "staff")),
    ))
}
