//! A tournament's audit log in words, at the hall's time.

use crate::web::access::{Staff, may};
use askama::Template;
use axum::response::Html;

use crate::desk::TournamentRow;
use crate::web::acts::local_time;
use crate::web::audit_words::{self, AuditWords};
use crate::web::error::WebResult;
use crate::web::page::{Ctx, Layout, render};

/// An audit entry in words, at the hall's time (the tournament's time zone).
struct AuditLine {
    at: String,
    /// The same moment in RFC 3339 (UTC), for `<time datetime>`.
    datetime: String,
    who: String,
    words: AuditWords,
}

#[derive(Template)]
#[template(path = "tournaments/audit.html")]
struct AuditPage {
    layout: Layout,
    tournament: TournamentRow,
    lines: Vec<AuditLine>,
}

pub(super) async fn show_audit(
    Staff(access, _): Staff<may::ReadAuditLog>,
    ctx: Ctx,
) -> WebResult<Html<String>> {
    let entries = access.audit_log().await?;
    // Names come from the tournament as it is now: a player renamed since
    // reads under their current name.
    let state = access.doc().await?;
    let tournament = access.tournament;
    let zone = jiff::tz::TimeZone::get(&tournament.time_zone).unwrap_or(jiff::tz::TimeZone::UTC);
    let lines = entries
        .into_iter()
        .map(|entry| AuditLine {
            at: local_time(entry.at, &zone),
            // Whole seconds: HTML allows at most three digits of a fraction.
            datetime: entry
                .at
                .replace_nanosecond(0)
                .unwrap_or(entry.at)
                .format(&time::format_description::well_known::Rfc3339)
                .unwrap_or_default(),
            who: audit_words::who(ctx.lang, &entry.event, entry.who.as_deref()),
            words: audit_words::describe(
                &state,
                ctx.lang,
                &entry.event,
                entry.before.as_ref(),
                entry.after.as_ref(),
            ),
        })
        .collect();
    render(&AuditPage {
        layout: Layout::titled(&ctx, &tournament.name),
        tournament,
        lines,
    })
}
