//! The tournament as each round was published, kept by the door
//! (`desk::Desk::run`): listed for its organisers, and restorable in place
//! (the audit log says so) or as a new tournament beside it.

use crate::web::access::{Staff, may};
use askama::Template;
use axum::Form;
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Redirect, Response};

use crate::core::command::{Command, Refusal};
use crate::desk::DeskError;
use crate::desk::Snapshot;
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::access::Access;
use crate::web::acts::local_time;
use crate::web::error::WebResult;
use crate::web::flash::Flash;
use crate::web::page::{ConfirmPage, Ctx, Layout, render, render_invalid};
use crate::web::urls;

/// A snapshot as the list shows it, at the hall's time.
struct Line {
    id: i64,
    round: u32,
    /// "Round 3 published".
    label: String,
    taken_at: String,
}

#[derive(Template)]
#[template(path = "tournaments/snapshots.html")]
struct SnapshotsPage {
    layout: Layout,
    tournament: TournamentRow,
    lines: Vec<Line>,
    error: String,
}

async fn page(ctx: &Ctx, access: Access, error: String) -> WebResult<SnapshotsPage> {
    let zone =
        jiff::tz::TimeZone::get(&access.tournament.time_zone).unwrap_or(jiff::tz::TimeZone::UTC);
    let lines = access
        .snapshots()
        .await?
        .into_iter()
        .map(|s: Snapshot| Line {
            id: s.id,
            round: s.round,
            label: ctx.lang.tf("snapshot.round", &[("n", s.round.to_string())]),
            taken_at: local_time(s.taken_at, &zone),
        })
        .collect();
    Ok(SnapshotsPage {
        layout: Layout::titled(ctx, &access.tournament.name),
        tournament: access.tournament,
        lines,
        error,
    })
}

pub(super) async fn show_snapshots(
    Staff(access, _): Staff<may::EditSettings>,
    ctx: Ctx,
) -> WebResult<Html<String>> {
    render(&page(&ctx, access, String::new()).await?)
}

/// The question before a restore: what it undoes, and that nothing is lost.
pub(super) async fn confirm_restore(
    Staff(access, _): Staff<may::EditSettings>,
    ctx: Ctx,
    Path((_, id)): Path<(String, i64)>,
) -> WebResult<Html<String>> {
    let (snapshot, _) = access.snapshot(id).await?;
    let tournament = &access.tournament;
    let round = [("round", snapshot.round.to_string())];
    render(&ConfirmPage {
        layout: Layout::titled(&ctx, &tournament.name),
        question: ctx.lang.tf("snapshot.confirm_question", &round),
        consequence: ctx.lang.t("snapshot.confirm_consequence"),
        action: urls::page(&tournament.short_name, &format!("snapshots/{id}/restore")),
        button: ctx.lang.t("snapshot.restore"),
        cancel: urls::page(&tournament.short_name, "snapshots"),
    })
}

/// The tournament back as the snapshot kept it, through the door.
pub(super) async fn restore_snapshot(
    Staff(access, _): Staff<may::EditSettings>,
    Path((_, id)): Path<(String, i64)>,
) -> WebResult<(Flash, Redirect)> {
    let (snapshot, archive) = access.snapshot(id).await?;
    let command = Command::Restore {
        snapshot: Box::new(archive.state()),
        round: snapshot.round,
    };
    crate::web::change::run(&access, None, command).await?;
    Ok((
        Flash::new("notice.snapshot_restored").arg("round", snapshot.round),
        Redirect::to(&urls::tournament(&access.tournament.short_name)),
    ))
}

#[derive(serde::Deserialize)]
pub(super) struct CopyForm {
    short_name: String,
}

/// A new tournament, owned by whoever asks, from the snapshot: the
/// tournament itself stays as it is.
pub(super) async fn copy_snapshot(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::EditSettings>,
    ctx: Ctx,
    Path((_short, id)): Path<(String, i64)>,
    Form(form): Form<CopyForm>,
) -> WebResult<Response> {
    let (_, archive) = access.snapshot(id).await?;
    let short_name = form.short_name.trim();
    // The core checks the short name as for any new tournament: an
    // address it cannot be, or one another tournament holds.
    let problem = match app
        .desk
        .import_archive(access.me.account_id, &archive, Some(short_name))
        .await
    {
        Ok(imported) => {
            return Ok((
                Flash::new("notice.snapshot_copied").arg("name", imported.row.name.clone()),
                Redirect::to(&urls::tournament(&imported.row.short_name)),
            )
                .into_response());
        }
        Err(DeskError::Refused(Refusal::Fields(problems))) => problems
            .iter()
            .map(|p| crate::web::refusals::field_text(ctx.lang, p))
            .collect::<Vec<_>>()
            .join(" "),
        Err(e) => return Err(e.into()),
    };
    Ok(render_invalid(&page(&ctx, access, problem).await?)?.into_response())
}
