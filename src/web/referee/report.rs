//! The chief referee's report, as a page or a text file.

use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::access::{Staff, may};
use crate::web::act_effects::incident_words;
use crate::web::acts::wall_clock;
use crate::web::error::WebResult;
use crate::web::i18n::Lang;
use crate::web::incidents::{describe, name};
use crate::web::page::{Ctx, Layout, render};
use crate::web::view::{View, view};
use askama::Template;
use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// One act in the report: what was done, what it did, and why it is
/// struck through when it no longer counts.
pub(super) struct ReportLine {
    text: String,
    effect: String,
    struck: Option<String>,
}

/// The line as the text file prints it.
impl std::fmt::Display for ReportLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.text)?;
        if !self.effect.is_empty() {
            write!(f, " — {}", self.effect)?;
        }
        match &self.struck {
            Some(why) => write!(f, " [{why}]"),
            None => Ok(()),
        }
    }
}

/// The chief referee's report in the reader's language.
pub(super) struct ReportText {
    rounds: Vec<(u32, Vec<ReportLine>)>,
    general: Vec<ReportLine>,
    warnings: Vec<String>,
    withdrawals: Vec<String>,
    federation: Vec<ReportLine>,
    committee: Vec<String>,
    appeals: Vec<(String, Vec<String>)>,
    pending: String,
}

pub(super) fn report_text(view: &View, lang: Lang, zone: &str) -> WebResult<ReportText> {
    let t = &view.effective.tournament;
    let report = view.book.report(&view.entered)?;
    let line = |i: &crate::core::discipline::Incident| {
        let text = format!(
            "{} {} · {} · {}",
            i.entry.id,
            wall_clock(i.entry.at, zone),
            i.entry.by.as_str(),
            describe(t, lang, &i.entry)
        );
        let (effect, struck) = incident_words(t, lang, &view.book.log, i);
        ReportLine {
            text,
            effect,
            struck,
        }
    };
    let appeals = report
        .appeals
        .iter()
        .map(|a| {
            let summary = crate::web::appeal_words::summary(t, &view.book, a, lang, zone);
            (summary.title, summary.lines)
        })
        .collect();
    Ok(ReportText {
        rounds: report
            .rounds
            .iter()
            .map(|r| (r.round.get(), r.incidents.iter().map(line).collect()))
            .collect(),
        general: report.general.iter().map(line).collect(),
        warnings: report
            .warnings
            .iter()
            .map(|w| {
                let mut text = format!(
                    "{}: {} × {}",
                    lang.tf(
                        "incident.board",
                        &[
                            ("round", w.game.round.get().to_string()),
                            ("board", w.game.board.get().to_string())
                        ]
                    ),
                    name(t, w.player),
                    w.count
                );
                if w.forfeited {
                    text.push_str(&format!(" → {}", lang.t("referee.forfeited")));
                }
                text
            })
            .collect(),
        withdrawals: report
            .withdrawals
            .iter()
            .map(|w| {
                let key = if w.annulled {
                    "referee.withdrawal_annulled"
                } else {
                    "referee.withdrawal_kept"
                };
                lang.tf(
                    key,
                    &[
                        ("player", name(t, w.player)),
                        ("round", w.from_round.get().to_string()),
                        ("played", w.played.to_string()),
                    ],
                )
            })
            .collect(),
        federation: report.federation.iter().map(line).collect(),
        committee: report
            .committee
            .iter()
            .flat_map(|c| {
                let members = c.members.iter().map(|m| m.name.as_str().to_string());
                let reserves = c
                    .reserves
                    .iter()
                    .map(|m| format!("{} ({})", m.name.as_str(), lang.t("appeals.reserve")));
                members.chain(reserves).collect::<Vec<_>>()
            })
            .collect(),
        appeals,
        pending: report
            .pending_appeals
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", "),
    })
}

#[derive(Template)]
#[template(path = "referee/report.html")]
pub(super) struct ReportPage {
    layout: Layout,
    tournament: TournamentRow,
    dates: String,
    report: ReportText,
}

#[derive(Template)]
#[template(path = "referee/report.txt")]
pub(super) struct ReportFile<'a> {
    layout: &'a Layout,
    tournament: &'a TournamentRow,
    dates: &'a str,
    report: &'a ReportText,
}

#[derive(serde::Deserialize, Default)]
pub(super) struct ReportQuery {
    #[serde(default)]
    format: String,
}

pub(super) async fn show_report(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::LogSanction>,
    ctx: Ctx,
    Query(query): Query<ReportQuery>,
) -> WebResult<Response> {
    let view = view(&app, access.tournament.tournament_id).await?;
    let general = &view.entered.settings().general;
    let dates = [general.begin_date.as_str(), general.end_date.as_str()]
        .iter()
        .filter(|d| !d.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" – ");
    let report = report_text(&view, ctx.lang, &access.tournament.time_zone)?;
    let layout = Layout::titled(
        &ctx,
        &format!(
            "{} — {}",
            access.tournament.name,
            ctx.lang.t("referee.report_title")
        ),
    );
    if query.format == "text" {
        let body = ReportFile {
            layout: &layout,
            tournament: &access.tournament,
            dates: &dates,
            report: &report,
        }
        .render()
        .map_err(anyhow::Error::from)?;
        let file = format!(
            "attachment; filename=\"{}-referee-report.txt\"",
            access.tournament.short_name
        );
        return Ok((
            StatusCode::OK,
            [
                (
                    header::CONTENT_TYPE,
                    "text/plain; charset=utf-8".to_string(),
                ),
                (header::CONTENT_DISPOSITION, file),
            ],
            body,
        )
            .into_response());
    }
    Ok(render(&ReportPage {
        layout,
        tournament: access.tournament,
        dates,
        report,
    })?
    .into_response())
}
