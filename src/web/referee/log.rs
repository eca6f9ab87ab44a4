//! The incident log, per round.

use super::desk::paired_rounds;
use super::{record_or_explain, saved_notice};
use crate::core::RoundNo;
use crate::core::discipline::{Act, EntryId, Reason};
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::access::Access;
use crate::web::access::{Staff, may};
use crate::web::act_effects::incident_words;
use crate::web::acts::{FormError, wall_clock};
use crate::web::error::{WebResult, discipline_status};
use crate::web::incidents::describe;
use crate::web::page::{Ctx, Layout, render_refusal};
use crate::web::urls;
use crate::web::view::view;
use askama::Template;
use axum::Form;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use std::collections::BTreeMap;

/// One line of the incident log.
pub(super) struct LogLine {
    id: u32,
    at: String,
    by: String,
    text: String,
    effect: String,
    /// Why the act no longer counts, when struck through.
    struck: Option<String>,
    /// The act may still be annulled by this reader.
    annullable: bool,
}

/// An annulment the rules refused: the entry it was for, the reason as
/// typed, and why, shown at that entry's form, which is left open.
#[derive(Default)]
pub(super) struct Refused {
    entry: u32,
    reason: String,
    message: String,
}

#[derive(Template)]
#[template(path = "referee/log.html")]
pub(super) struct LogPage {
    layout: Layout,
    tournament: TournamentRow,
    rounds: Vec<u32>,
    round: Option<u32>,
    lines: Vec<LogLine>,
    /// Where an annulment is posted.
    annul_action: String,
    refused: Refused,
}

#[derive(serde::Deserialize, Default)]
pub(super) struct LogQuery {
    round: Option<u32>,
}

pub(super) async fn show_log(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::LogSanction>,
    ctx: Ctx,
    Query(query): Query<LogQuery>,
) -> WebResult<Response> {
    log_page(&app, &ctx, access, query.round, Refused::default()).await
}

/// The log of `round` (or of every round), with a refused annulment shown
/// at its entry.
async fn log_page(
    app: &AppState,
    ctx: &Ctx,
    access: Access,
    round: Option<u32>,
    refused: Refused,
) -> WebResult<Response> {
    let view = view(app, access.tournament.tournament_id).await?;
    let report = view.book.report(&view.entered)?;
    let t = &view.effective.tournament;
    let log = &view.book.log;
    let incidents: BTreeMap<_, _> = report
        .rounds
        .iter()
        .flat_map(|r| &r.incidents)
        .chain(&report.general)
        .map(|i| (i.entry.id, i))
        .collect();
    let lines = log
        .entries()
        .iter()
        .filter(|e| round.is_none_or(|n| log.round_of(e).map(RoundNo::get) == Some(n)))
        .map(|e| {
            let (effect, struck) = incidents
                .get(&e.id)
                .map(|i| incident_words(t, ctx.lang, log, i))
                .unwrap_or_default();
            LogLine {
                id: e.id.0,
                at: wall_clock(e.at, &access.tournament.time_zone),
                by: e.by.as_str().to_string(),
                text: describe(t, ctx.lang, e),
                effect,
                annullable: struck.is_none() && annullable(&e.act),
                struck,
            }
        })
        .collect();
    let page = LogPage {
        layout: Layout::titled(
            ctx,
            &format!(
                "{} — {}",
                access.tournament.name,
                ctx.lang.t("referee.log_title")
            ),
        ),
        rounds: paired_rounds(&view.entered),
        annul_action: format!("{}/annul", urls::referee(&access.tournament.short_name)),
        tournament: access.tournament,
        round,
        lines,
        refused,
    };
    render_refusal(&page, !page.refused.message.is_empty())
}

/// Whether the log page offers to annul the act: not an annulment nor an
/// appeal decision, nor what is written on the games themselves (the core
/// refuses those with their reason).
pub(super) fn annullable(act: &Act) -> bool {
    !matches!(
        act,
        Act::Annulment { .. }
            | Act::Decision { .. }
            | Act::RoundCancelled { .. }
            | Act::PlayedAs { restart: false, .. }
    )
}

/// What the log page's annul form sends.
#[derive(serde::Deserialize)]
pub(super) struct AnnulForm {
    entry: u32,
    #[serde(default)]
    reason: String,
}

/// An act annulled with its reason, by its author or the chief referee: a
/// slip of the finger is put right here, a decision is overturned on appeal.
/// The refusal (not the author, already annulled, an appeal decision) is the
/// core's, as through the API.
pub(super) async fn annul_act(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::LogSanction>,
    ctx: Ctx,
    Path(short): Path<String>,
    Form(form): Form<AnnulForm>,
) -> WebResult<Response> {
    let outcome = match Reason::new(&form.reason) {
        Ok(reason) => {
            let act = Act::Annulment {
                entry: EntryId(form.entry),
                reason,
            };
            record_or_explain(&app, &access, act, false).await?
        }
        Err(e) => Err(FormError::Discipline(e)),
    };
    match outcome {
        Ok(entry) => Ok((
            saved_notice(&app, &access, ctx.lang, &entry).await,
            Redirect::to(&format!("{}/log", urls::referee(&short))),
        )
            .into_response()),
        // The referee stays on the log with what they typed and why it
        // was refused, rather than on a page with no way back.
        Err(e) => {
            // Shown on the same page, with the status the API gives it
            // (another referee's act 403, one annulled already 409).
            let status = match &e {
                FormError::Discipline(d) => discipline_status(d),
                _ => StatusCode::UNPROCESSABLE_ENTITY,
            };
            let refused = Refused {
                entry: form.entry,
                message: e.message_in(ctx.lang, Some(&access.tournament.time_zone)),
                reason: form.reason,
            };
            let mut page = log_page(&app, &ctx, access, None, refused).await?;
            *page.status_mut() = status;
            Ok(page)
        }
    }
}
