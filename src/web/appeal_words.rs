//! An appeal in words: its status, the committee's outcome and its whole
//! story, for the appeal pages, the chief referee's report, the audit log
//! and the appellant's private page.

use super::acts::wall_clock;
use super::i18n::Lang;
use super::incidents::{describe, name, remedy};
use crate::core::Tournament;
use crate::core::discipline::{
    Appeal, AppealState, Appealed, Book, Decision, FiledBy, Official, Outcome, Party,
};

/// An appeal in words: a title and its story, for every page and the report.
pub struct Summary {
    pub id: u32,
    pub title: String,
    pub status_key: &'static str,
    pub lines: Vec<String>,
}

pub(crate) fn status_key(appeal: &Appeal) -> &'static str {
    match &appeal.state {
        AppealState::Filed => "appeals.status.filed",
        AppealState::UnderReview { .. } => "appeals.status.under_review",
        AppealState::Decided { decision, .. } => outcome_key(decision.outcome),
        AppealState::Escalated { .. } => "appeals.status.escalated",
        AppealState::Ruled { .. } => "appeals.status.ruled",
    }
}

pub(crate) fn outcome_key(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Upheld => "appeals.outcome.upheld",
        Outcome::Rejected => "appeals.outcome.rejected",
        Outcome::Modified => "appeals.outcome.modified",
        Outcome::Declined => "appeals.outcome.declined",
    }
}

fn decision_lines(lang: Lang, zone: &str, label: &str, d: &Decision) -> Vec<String> {
    let moment = |at| wall_clock(at, zone);
    let signed: Vec<&str> = d.signed_by.iter().map(Official::as_str).collect();
    let mut lines = vec![
        format!(
            "{label}: {} — {}",
            lang.t(outcome_key(d.outcome)),
            d.reasons.as_str()
        ),
        format!(
            "{}: {} ({})",
            lang.t("appeals.signed_by"),
            signed.join(", "),
            moment(d.at)
        ),
    ];
    lines.extend(d.remedies.iter().map(|r| format!("→ {}", remedy(lang, r))));
    lines
}

/// The appeal's story, for staff, the report and the appellant.
pub fn summary(t: &Tournament, book: &Book, appeal: &Appeal, lang: Lang, zone: &str) -> Summary {
    let moment = |at| wall_clock(at, zone);
    let f = &appeal.filing;
    let appellant = match f.appellant {
        Party::Player(p) => name(t, p),
        Party::Captain { team } => format!("{} {team}", lang.t("appeals.captain")),
    };
    let appealed = match f.appealed {
        Appealed::Entry(id) => book
            .log
            .entry(id)
            .map(|e| format!("{id} {}", describe(t, lang, e)))
            .unwrap_or_else(|| id.to_string()),
        Appealed::Result(g) => lang.tf(
            "incident.board",
            &[
                ("round", g.round.get().to_string()),
                ("board", g.board.get().to_string()),
            ],
        ),
        Appealed::Pairing(r) => lang.tf("appeals.pairing_of", &[("round", r.get().to_string())]),
    };
    let filed_by = match &f.filed_by {
        FiledBy::Referee(o) => o.as_str().to_string(),
        FiledBy::Party => lang.t("appeals.filed_by_party"),
    };
    let mut lines = vec![
        format!("{}: {appealed}", lang.t("appeals.appealed")),
        format!("{}: {}", lang.t("appeals.grounds"), f.grounds.as_str()),
        format!(
            "{}: {} ({filed_by})",
            lang.t("appeals.filed_at"),
            moment(f.at)
        ),
    ];
    if f.affects_prizes {
        lines.push(lang.t("appeals.affects_prizes"));
    }
    let panel = match &appeal.state {
        AppealState::Filed => None,
        AppealState::UnderReview { panel, .. }
        | AppealState::Decided { panel, .. }
        | AppealState::Escalated { panel, .. }
        | AppealState::Ruled { panel, .. } => Some(panel),
    };
    if let Some(panel) = panel {
        let members: Vec<&str> = panel.members.iter().map(|m| m.name.as_str()).collect();
        lines.push(format!(
            "{}: {}",
            lang.t("appeals.panel"),
            members.join(", ")
        ));
        for x in &panel.excluded {
            lines.push(format!(
                "{}: {} ({})",
                lang.t("appeals.excluded"),
                x.member.name.as_str(),
                lang.t(match x.conflict {
                    crate::core::discipline::Conflict::Party => "appeals.conflict.party",
                    crate::core::discipline::Conflict::ClubMate => "appeals.conflict.club",
                    crate::core::discipline::Conflict::DecidedBelow => "appeals.conflict.below",
                })
            ));
        }
    }
    match &appeal.state {
        AppealState::Filed | AppealState::UnderReview { .. } => {}
        AppealState::Decided { decision, .. } => {
            lines.extend(decision_lines(
                lang,
                zone,
                &lang.t("appeals.decision"),
                decision,
            ));
        }
        AppealState::Escalated { decision, at, .. } => {
            lines.extend(decision_lines(
                lang,
                zone,
                &lang.t("appeals.decision"),
                decision,
            ));
            lines.push(format!(
                "{}: {}",
                lang.t("appeals.status.escalated"),
                moment(*at)
            ));
        }
        AppealState::Ruled {
            decision,
            escalated_at,
            ruling,
            ..
        } => {
            lines.extend(decision_lines(
                lang,
                zone,
                &lang.t("appeals.decision"),
                decision,
            ));
            lines.push(format!(
                "{}: {}",
                lang.t("appeals.status.escalated"),
                moment(*escalated_at)
            ));
            lines.extend(decision_lines(
                lang,
                zone,
                &lang.t("appeals.ruling"),
                ruling,
            ));
        }
    }
    Summary {
        id: appeal.id.0,
        title: format!(
            "{} — {appellant}",
            lang.tf("title.appeal", &[("n", appeal.id.0.to_string())])
        ),
        status_key: status_key(appeal),
        lines,
    }
}
