//! The incident log, per round.

use super::desk::paired_rounds;
use crate::core::RoundNo;
use crate::core::access::Action;
use crate::store::tournaments::TournamentRow;
use crate::web::AppState;
use crate::web::access::authorise;
use crate::web::acts::wall_clock;
use crate::web::auth::SignedIn;
use crate::web::error::WebResult;
use crate::web::incidents::describe;
use crate::web::page::{Ctx, Layout, render};
use crate::web::view::view;
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::response::Html;

/// One line of the incident log.
pub(super) struct LogLine {
    id: String,
    at: String,
    by: String,
    text: String,
    revoked: bool,
}

#[derive(Template)]
#[template(path = "referee/log.html")]
pub(super) struct LogPage {
    layout: Layout,
    tournament: TournamentRow,
    rounds: Vec<u32>,
    round: Option<u32>,
    lines: Vec<LogLine>,
}

#[derive(serde::Deserialize, Default)]
pub(super) struct LogQuery {
    round: Option<u32>,
}

pub(super) async fn show_log(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
    Query(query): Query<LogQuery>,
) -> WebResult<Html<String>> {
    let access = authorise(&app, &short, me, Action::LogSanction).await?;
    let view = view(&app, access.tournament.tournament_id).await?;
    let report = view.book.report(&view.entered)?;
    let revoked: Vec<_> = report
        .rounds
        .iter()
        .flat_map(|r| &r.incidents)
        .chain(&report.general)
        .filter(|i| i.revoked)
        .map(|i| i.entry.id)
        .collect();
    let lines = view
        .book
        .log
        .entries()
        .iter()
        .filter(|e| {
            query
                .round
                .is_none_or(|n| e.act.round().map(RoundNo::get) == Some(n))
        })
        .map(|e| LogLine {
            id: e.id.to_string(),
            at: wall_clock(e.at, &access.tournament.time_zone),
            by: e.by.as_str().to_string(),
            text: describe(&view.effective.tournament, ctx.lang, e),
            revoked: revoked.contains(&e.id),
        })
        .collect();
    render(&LogPage {
        layout: Layout::titled(
            &ctx,
            &format!(
                "{} — {}",
                access.tournament.name,
                ctx.lang.t("referee.log_title")
            ),
        ),
        rounds: paired_rounds(&view.entered),
        tournament: access.tournament,
        round: query.round,
        lines,
    })
}
