//! Appeals in the audit log: a filing, a review, a referral, the
//! committee, and a decision or ruling with the results it changed.

use serde_json::Value;

use super::{AuditWords, Lang, games, read};
use crate::core::audit::Event;
use crate::core::discipline::{Appeal, AppealState, Outcome};

/// The committee's decision or the rules commission's ruling: its appeal,
/// its outcome and the results it changed.
pub(super) fn settled(
    lang: Lang,
    event: &Event,
    before: Option<&Value>,
    after: Option<&Value>,
) -> Option<AuditWords> {
    let appeal = read::<Appeal>(after.and_then(|v| v.get("appeal")))?;
    let key = if *event == Event::DecideAppeal {
        "audit.appeal_decided"
    } else {
        "audit.appeal_ruled"
    };
    let outcome = outcome(&appeal.state)
        .map(|o| {
            lang.t(crate::web::appeal_words::outcome_key(o))
                .to_lowercase()
        })
        .unwrap_or_default();
    Some(AuditWords {
        what: lang.tf(key, &[("n", appeal.id.0.to_string()), ("outcome", outcome)]),
        changes: games::logged_results(lang, before, after),
    })
}

fn outcome(state: &AppealState) -> Option<Outcome> {
    match state {
        AppealState::Decided { decision, .. } | AppealState::Escalated { decision, .. } => {
            Some(decision.outcome)
        }
        AppealState::Ruled { ruling, .. } => Some(ruling.outcome),
        AppealState::Filed | AppealState::UnderReview { .. } => None,
    }
}

/// Filing, review, referral and the committee: the appeal that changed
/// between the two lists, named with the state it reached.
pub(super) fn change(
    lang: Lang,
    event: &Event,
    before: Option<&Value>,
    after: Option<&Value>,
) -> Option<AuditWords> {
    // A player's own filing keeps only their appeal; the others the lists.
    let changed = read::<Appeal>(after).or_else(|| {
        let was = read::<Vec<Appeal>>(before).unwrap_or_default();
        let is = read::<Vec<Appeal>>(after).unwrap_or_default();
        is.into_iter().find(|a| !was.contains(a))
    });
    let what = match (event, changed) {
        (Event::FixCommittee, _) => lang.t("audit.appeals_committee"),
        (Event::CoOpt, _) => lang.t("audit.appeals_co_opt"),
        (_, appeal) => {
            let appeal = appeal?;
            let state = lang.t(crate::web::appeal_words::status_key(&appeal));
            lang.tf(
                "audit.appeal_state",
                &[("n", appeal.id.0.to_string()), ("state", state)],
            )
        }
    };
    Some(AuditWords {
        what,
        changes: Vec::new(),
    })
}
