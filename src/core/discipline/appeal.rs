//! Appeals: filed → under review → decided → escalated → ruled, the three
//! levels of GTR "Arbitration", RFG Code art. 26 and Ukrainian rules VI.
//!
//! Invariant: a decision changes the tournament only through the [`Act`] it
//! returns, which the caller records in the log; so the next round is
//! paired from the committee's decision (GTR: "final" for pairing).

use super::DisciplineError;
use super::checks::check_remedies;
use super::committee::{Committee, Panel};
use super::effective::effective;
pub use super::filing::{Appealed, FiledBy, Filing, Party};
use super::log::{Act, AppealId, Level, Log, Moment, Official, Reason, Remedy};
use super::settings::{DisciplineSettings, Ruleset};
use crate::core::round::GameResult;
use crate::core::tournament::Tournament;
use serde::{Deserialize, Serialize};

/// How a decision answers the appeal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Outcome {
    /// The appellant is right: the decision appealed is revoked.
    Upheld,
    /// The decision appealed stands.
    Rejected,
    /// The decision appealed is changed as the remedies say.
    Modified,
    /// Not taken further: the judgement below is obviously right and just
    /// (GTR "Arbitration > General": a higher level may decline a case).
    Declined,
}

/// A body's decision on an appeal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// The answer.
    pub outcome: Outcome,
    /// The reasons, in clear language (GTR "Arbitration > General").
    pub reasons: Reason,
    /// Who took it.
    pub signed_by: Vec<Official>,
    /// When.
    pub at: Moment,
    /// What changes.
    pub remedies: Vec<Remedy>,
    /// Fewer than three members signed because the committee could not
    /// meet in full before the next round (GTR "Appeals committee").
    #[serde(default)]
    pub could_not_meet: bool,
}

/// The committee's size when it meets in full (GTR "Appeals committee":
/// "at least three persons").
pub const FULL_COMMITTEE: usize = 3;

/// Where an appeal stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum AppealState {
    /// Filed, not yet taken up.
    Filed,
    /// Taken up by a panel.
    UnderReview {
        /// The committee as composed for it.
        panel: Panel,
        /// Since when.
        since: Moment,
    },
    /// The committee decided.
    Decided {
        /// Who sat.
        panel: Panel,
        /// The decision.
        decision: Decision,
    },
    /// Referred to the federation's rules commission.
    Escalated {
        /// Who sat on the committee.
        panel: Panel,
        /// The committee's decision.
        decision: Decision,
        /// When it was referred.
        at: Moment,
    },
    /// The federation's rules commission ruled, after the tournament.
    Ruled {
        /// Who sat on the committee.
        panel: Panel,
        /// The committee's decision.
        decision: Decision,
        /// When it was referred.
        escalated_at: Moment,
        /// The commission's ruling.
        ruling: Decision,
    },
}

/// The name of an [`AppealState`], for messages and lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AppealStatus {
    /// See [`AppealState::Filed`].
    Filed,
    /// See [`AppealState::UnderReview`].
    UnderReview,
    /// See [`AppealState::Decided`].
    Decided,
    /// See [`AppealState::Escalated`].
    Escalated,
    /// See [`AppealState::Ruled`].
    Ruled,
}

/// An appeal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Appeal {
    /// Its number.
    pub id: AppealId,
    /// What was filed.
    pub filing: Filing,
    /// Where it stands.
    pub state: AppealState,
}

impl Appeal {
    /// Where the appeal stands.
    pub fn status(&self) -> AppealStatus {
        match self.state {
            AppealState::Filed => AppealStatus::Filed,
            AppealState::UnderReview { .. } => AppealStatus::UnderReview,
            AppealState::Decided { .. } => AppealStatus::Decided,
            AppealState::Escalated { .. } => AppealStatus::Escalated,
            AppealState::Ruled { .. } => AppealStatus::Ruled,
        }
    }

    /// Whether a body still has to decide it.
    pub fn is_open(&self) -> bool {
        matches!(
            self.status(),
            AppealStatus::Filed | AppealStatus::UnderReview | AppealStatus::Escalated
        )
    }

    /// The refusal of a step that needs the appeal in state `needed`.
    fn wrong_state(&self, needed: AppealStatus) -> DisciplineError {
        DisciplineError::AppealState {
            appeal: self.id,
            status: self.status(),
            needed,
        }
    }

    /// Takes the appeal up with the committee composed for it.
    pub fn begin_review(
        &mut self,
        committee: &Committee,
        tournament: &Tournament,
        log: &Log,
        settings: &DisciplineSettings,
        at: Moment,
    ) -> Result<(), DisciplineError> {
        if self.status() != AppealStatus::Filed {
            return Err(self.wrong_state(AppealStatus::Filed));
        }
        let panel = committee.panel_for(self, tournament, log, settings)?;
        self.state = AppealState::UnderReview { panel, since: at };
        Ok(())
    }

    /// Records the committee's decision; returns the act to record in the log
    /// when it changes anything. Signers must sit on the panel; fewer than all
    /// may sign when the committee cannot meet in time (GTR, RFG 26.4 д).
    pub fn decide(
        &mut self,
        mut decision: Decision,
        tournament: &Tournament,
        log: &Log,
    ) -> Result<Option<Act>, DisciplineError> {
        let AppealState::UnderReview { panel, .. } = &self.state else {
            return Err(self.wrong_state(AppealStatus::UnderReview));
        };
        if decision.signed_by.is_empty() {
            return Err(DisciplineError::Unsigned(self.id));
        }
        if let Some(name) = decision.signed_by.iter().find(|n| !panel.has(n.as_str())) {
            return Err(DisciplineError::NotOnPanel {
                appeal: self.id,
                name: name.as_str().to_owned(),
            });
        }
        // GTR "Appeals committee": three persons decide; fewer only when
        // they could not meet before the next round.
        let full = FULL_COMMITTEE.min(panel.members.len());
        if decision.signed_by.len() < full && !decision.could_not_meet {
            return Err(DisciplineError::TooFewSigners {
                appeal: self.id,
                signed: decision.signed_by.len(),
            });
        }
        self.complete(&mut decision, tournament, log)?;
        let act = self.act(Level::Committee, &decision);
        let panel = panel.clone();
        self.state = AppealState::Decided { panel, decision };
        Ok(act)
    }

    /// Refers the committee's decision to the federation's rules commission;
    /// under the RFG code a decision on a pairing is final (26.4 г).
    pub fn escalate(
        &mut self,
        at: Moment,
        settings: &DisciplineSettings,
    ) -> Result<(), DisciplineError> {
        let AppealState::Decided { panel, decision } = self.state.clone() else {
            return Err(self.wrong_state(AppealStatus::Decided));
        };
        if settings.ruleset == Ruleset::Rfg && matches!(self.filing.appealed, Appealed::Pairing(_))
        {
            return Err(DisciplineError::PairingDecisionFinal(self.id));
        }
        self.state = AppealState::Escalated {
            panel,
            decision,
            at,
        };
        Ok(())
    }

    /// Records the rules commission's ruling, after the tournament; nobody
    /// who sat below may sign it (GTR "Arbitration > General").
    pub fn rule(
        &mut self,
        mut ruling: Decision,
        tournament: &Tournament,
        log: &Log,
        settings: &DisciplineSettings,
    ) -> Result<Option<Act>, DisciplineError> {
        let AppealState::Escalated {
            panel,
            decision,
            at,
        } = self.state.clone()
        else {
            return Err(self.wrong_state(AppealStatus::Escalated));
        };
        if !is_over(&effective(tournament, log, settings)?.tournament) {
            return Err(DisciplineError::TournamentNotOver(self.id));
        }
        if ruling.signed_by.is_empty() {
            return Err(DisciplineError::Unsigned(self.id));
        }
        let below = match self.filing.appealed {
            Appealed::Entry(id) => log.entry(id).map(|e| e.by.clone()),
            Appealed::Result(_) | Appealed::Pairing(_) => None,
        };
        let twice = ruling
            .signed_by
            .iter()
            .find(|n| panel.has(n.as_str()) || below.as_ref() == Some(*n));
        if let Some(name) = twice {
            return Err(DisciplineError::ArbiterAtTwoLevels {
                appeal: self.id,
                name: name.as_str().to_owned(),
            });
        }
        self.complete(&mut ruling, tournament, log)?;
        let act = self.act(Level::Federation, &ruling);
        self.state = AppealState::Ruled {
            panel,
            decision,
            escalated_at: at,
            ruling,
        };
        Ok(act)
    }

    /// Checks the remedies against the outcome; an upheld appeal revokes the entry appealed.
    fn complete(
        &self,
        decision: &mut Decision,
        tournament: &Tournament,
        log: &Log,
    ) -> Result<(), DisciplineError> {
        match (decision.outcome, self.filing.appealed) {
            (Outcome::Rejected | Outcome::Declined, _) if !decision.remedies.is_empty() => {
                return Err(DisciplineError::RemediesOnRejection(self.id));
            }
            (Outcome::Upheld, Appealed::Entry(id))
                if !decision.remedies.contains(&Remedy::Revoke(id)) =>
            {
                decision.remedies.insert(0, Remedy::Revoke(id));
            }
            _ => {}
        }
        check_remedies(tournament, log, &decision.remedies)
    }

    fn act(&self, level: Level, decision: &Decision) -> Option<Act> {
        (!decision.remedies.is_empty()).then(|| Act::Decision {
            appeal: self.id,
            level,
            remedies: decision.remedies.clone(),
        })
    }
}

/// Every round paired and every game with a result.
pub(super) fn is_over(tournament: &Tournament) -> bool {
    tournament.next_round().is_none()
        && tournament
            .games()
            .iter()
            .all(|g| g.result != GameResult::Unknown)
}

/// Open appeals that can change titles or prizes: while there is one, the
/// final standings are "pending appeal" (GTR "EGF rules commission", RFG 26.4 ж).
pub fn pending_prize_appeals(appeals: &[Appeal]) -> Vec<AppealId> {
    appeals
        .iter()
        .filter(|a| a.filing.affects_prizes && a.is_open())
        .map(|a| a.id)
        .collect()
}
