//! The acts that close a tournament as the protocol and the standings show
//! them (`core::discipline::Closing`): who verified the final result list
//! and who declared the winners, when the results went to the EGF, and
//! whether each still holds; and what the reader may do about them.

use super::acts::wall_clock;
use super::error::WebResult;
use super::i18n::Lang;
use super::view::View;
use crate::core::access::{Action, StaffRole};
use crate::core::discipline::{Ruleset, Signed, listed};
use crate::desk::{Opened, Who};

/// One closing act in words.
pub(crate) struct ActLine {
    /// "Final standings verified by Sofia Novak, 2025-05-03 14:20:00 CEST."
    pub text: String,
    /// Done on the list (and prizes) as they stand now; an outdated act
    /// says so and may be done again.
    pub current: bool,
}

/// The closing acts as a page shows them.
pub(crate) struct Closing {
    /// Every round paired and every result in: the acts may be done.
    pub is_final: bool,
    pub verified: Option<ActLine>,
    pub declared: Option<ActLine>,
    /// The results submitted to the EGF ratings commission (GTR
    /// "Guidelines of organization").
    pub submitted: Option<ActLine>,
    /// Open appeals that can change titles or prizes ("#1, #3"): no
    /// winners are declared until they are ruled (EGF GTR).
    pub holding: String,
    /// Why the winners wait, naming those appeals.
    pub held_notice: String,
    /// Under the EGF rules, the ones that know supervisors (GTR "Officials").
    pub egf: bool,
}

impl Closing {
    /// The list stands verified as it is.
    pub(crate) fn is_verified(&self) -> bool {
        self.verified.as_ref().is_some_and(|v| v.current)
    }

    /// The winners stand declared as they are.
    pub(crate) fn is_declared(&self) -> bool {
        self.declared.as_ref().is_some_and(|d| d.current)
    }
}

/// The closing acts of the tournament `view` reads, in `lang`, their
/// moments on the hall's clock (`zone`).
pub(crate) fn closing(view: &View, lang: Lang, zone: &str) -> Closing {
    let status = view.book.closing_status(&view.effective);
    let line = |act: Option<(&Signed, bool)>, key: &str, outdated: &str| {
        act.map(|(signed, current)| ActLine {
            text: lang.tf(
                if current { key } else { outdated },
                &[
                    ("name", signed.by.as_str().to_string()),
                    ("at", wall_clock(signed.at, zone)),
                ],
            ),
            current,
        })
    };
    Closing {
        is_final: status.is_final,
        verified: line(
            status.verified,
            "closing.verified",
            "closing.verified_outdated",
        ),
        declared: line(
            status.declared,
            "closing.declared",
            if status.holding.is_empty() {
                "closing.declared_outdated"
            } else {
                "closing.declared_held"
            },
        ),
        submitted: line(
            status.submitted,
            "closing.submitted",
            "closing.submitted_outdated",
        ),
        held_notice: lang.tf(
            "discipline.error.prizes_held",
            &[("appeals", listed(&status.holding))],
        ),
        holding: listed(&status.holding),
        egf: view.book.settings.ruleset == Ruleset::Egf,
    }
}

/// What the reader may do to close the tournament, decided for the template.
#[derive(Default)]
pub(crate) struct Actions {
    /// The supervisor's button.
    pub verify: bool,
    /// Nobody holds the supervisor's role: say how the owner gives it.
    pub no_supervisor: bool,
    /// The reader gives roles: link the staff page.
    pub staff_link: bool,
    /// The director's button.
    pub declare: bool,
    /// The director's button, held back by open prize appeals.
    pub held: bool,
    /// The acts wait for the last round's results.
    pub not_final: bool,
}

/// The actions of the reader who opened the tournament.
pub(crate) async fn actions(opened: &Opened<impl Who>, closing: &Closing) -> WebResult<Actions> {
    if !opened.is_staff() {
        return Ok(Actions::default());
    }
    let verify = opened.may(Action::VerifyStandings).await?;
    let declare = opened.may(Action::DeclareWinners).await?;
    if !closing.is_final {
        return Ok(Actions {
            not_final: verify || declare,
            ..Actions::default()
        });
    }
    let has_supervisor = opened
        .staff()
        .await?
        .iter()
        .any(|m| m.role == StaffRole::Supervisor);
    let to_declare = declare && !closing.is_declared();
    Ok(Actions {
        verify: verify && !closing.is_verified(),
        no_supervisor: closing.egf && !has_supervisor && !closing.is_verified(),
        staff_link: opened.may(Action::ManageStaff).await?,
        declare: to_declare && closing.holding.is_empty(),
        held: to_declare && !closing.holding.is_empty(),
        not_final: false,
    })
}
