//! One step on one player, each behind a confirmation: confirm a preliminary
//! registration, delete, withdraw.

use crate::web::access::{Staff, may};
use axum::extract::Path;
use axum::response::{Html, Redirect};
// Repeated fields (the participation boxes) need serde_html_form's decoder.
use super::edit::done_name;
use crate::core::PlayerId;
use crate::core::access::Action;
use crate::core::command::Command;
use crate::core::command::players::deletable;
use crate::web::access::{Access, Signed};
use crate::web::change::run;
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::page::{ConfirmPage, Ctx, Layout, render};
use crate::web::urls;

pub(super) async fn confirm_player(
    Signed(access): Signed,
    Path((_, no)): Path<(String, u32)>,
) -> WebResult<(Flash, Redirect)> {
    player_step(
        access,
        Command::ConfirmPlayer {
            player: PlayerId(no),
        },
        "notice.player_confirmed",
    )
    .await
}

/// Asks before [`delete_player`]: a registration, once deleted, is gone.
/// A deletion the step would refuse is refused here, before the question.
pub(super) async fn confirm_delete(
    Staff(access, _): Staff<may::ManagePlayers>,
    ctx: Ctx,
    Path((short, no)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let step = PlayerStep {
        title_key: "player.delete",
        question_key: "confirm.delete_player",
        consequence_key: "confirm.irreversible",
        path: "delete",
        cancel: format!("{}/edit", urls::player(&short, no)),
    };
    confirm_player_step(access, &ctx, no, step, |view| may_delete(view, no)).await
}

/// Refuses as [`delete_player`] would, changing nothing.
pub(super) fn may_delete(view: &crate::web::view::View, no: u32) -> WebResult<()> {
    Ok(deletable(&view.entered, &view.book, PlayerId(no))?)
}

/// A step on one player that asks first ([`confirm_delete`], [`confirm_withdraw`]).
pub(super) struct PlayerStep {
    title_key: &'static str,
    question_key: &'static str,
    consequence_key: &'static str,
    /// The step's path under the player, which the form posts to.
    path: &'static str,
    cancel: String,
}

pub(super) async fn confirm_player_step(
    access: Access,
    ctx: &Ctx,
    no: u32,
    step: PlayerStep,
    refused: impl FnOnce(&crate::web::view::View) -> WebResult<()>,
) -> WebResult<Html<String>> {
    let short = &access.tournament.short_name;
    let view = access.view().await?;
    let player = view
        .entered
        .player(PlayerId(no))
        .ok_or(WebError::NotFound)?;
    let name = [("name", player.full_name())];
    refused(&view)?;
    render(&ConfirmPage {
        layout: Layout::new(ctx, step.title_key),
        question: ctx.lang.tf(step.question_key, &name),
        consequence: ctx.lang.t(step.consequence_key),
        action: format!("{}/{}", urls::player(short, no), step.path),
        button: ctx.lang.t(step.title_key),
        cancel: step.cancel,
    })
}

pub(super) async fn delete_player(
    Signed(access): Signed,
    Path((_, no)): Path<(String, u32)>,
) -> WebResult<(Flash, Redirect)> {
    player_step(
        access,
        Command::DeletePlayer {
            player: PlayerId(no),
        },
        "notice.player_deleted",
    )
    .await
}

/// Asks before [`withdraw_player`], whose button sits beside every name.
pub(super) async fn confirm_withdraw(
    Staff(access, _): Staff<may::ManagePlayers>,
    ctx: Ctx,
    Path((short, no)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let step = PlayerStep {
        title_key: "player.withdraw",
        question_key: "confirm.withdraw_player",
        consequence_key: "confirm.withdraw_consequence",
        path: "withdraw",
        cancel: urls::players(&short),
    };
    confirm_player_step(access, &ctx, no, step, |_| Ok(())).await
}

/// Takes a player out of every round not yet paired; their games stay.
pub(super) async fn withdraw_player(
    Signed(access): Signed,
    Path((_, no)): Path<(String, u32)>,
) -> WebResult<(Flash, Redirect)> {
    player_step(
        access,
        Command::WithdrawPlayer {
            player: PlayerId(no),
        },
        "notice.player_withdrawn",
    )
    .await
}

/// Runs one step on one player and goes back to the list, naming them.
async fn player_step(
    access: Access,
    command: Command,
    notice: &'static str,
) -> WebResult<(Flash, Redirect)> {
    access
        .require(command.action().unwrap_or(Action::ManagePlayers))
        .await?;
    let ran = run(&access, None, command).await?;
    Ok((
        Flash::new(notice).arg("name", done_name(&ran)),
        Redirect::to(&urls::players(&access.tournament.short_name)),
    ))
}

/// The doctor's clearance of a player (Ukrainian rules V.7, III.7).
#[derive(serde::Deserialize)]
pub(super) struct MedicalForm {
    /// "on" to clear, anything else to take the clearance back.
    #[serde(default)]
    cleared: String,
}

pub(super) async fn set_medical(
    Signed(access): Signed,
    Path((_, no)): Path<(String, u32)>,
    axum::Form(form): axum::Form<MedicalForm>,
) -> WebResult<(Flash, Redirect)> {
    player_step(
        access,
        Command::SetMedical {
            player: PlayerId(no),
            cleared: form.cleared == "on",
        },
        "notice.medical_saved",
    )
    .await
}

/// A supervisor confirms the supergroup as formed (GTR "Officials").
pub(super) async fn confirm_supergroup(
    Staff(access, _): Staff<may::ConfirmSupergroup>,
) -> WebResult<(Flash, Redirect)> {
    run(&access, None, Command::ConfirmSupergroup).await?;
    Ok((
        Flash::new("notice.supergroup_confirmed"),
        Redirect::to(&urls::players(&access.tournament.short_name)),
    ))
}
