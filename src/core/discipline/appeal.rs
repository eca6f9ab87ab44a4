//! Appeals: filed → under review → decided → escalated → ruled, the three
//! levels of GTR "Arbitration", RFG Code art. 26 and Ukrainian rules VI.
//!
//! Invariant: a decision changes the tournament only through the [`Act`] it
//! returns, which the caller records in the log; so the next round is
//! paired from the committee's decision (GTR: "final" for pairing).

use super::DisciplineError;
use super::checks::{check_player, check_remedies, is_appealable};
use super::committee::{Committee, Panel};
use super::effective::effective;
use super::log::{Act, AppealId, EntryId, GameRef, Level, Log, Moment, Official, Reason, Remedy};
use super::settings::{DisciplineSettings, Ruleset};
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::round::{GameResult, ResultOrigin};
use crate::core::tournament::Tournament;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// On whose behalf an appeal is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Party {
    /// A player.
    Player(PlayerId),
    /// A team's captain (RFG App. 4 §1.7: team protests come from the captain).
    Captain {
        /// The team number.
        team: u32,
    },
}

/// Who typed the appeal in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum FiledBy {
    /// A referee, for the party.
    Referee(Official),
    /// The party, through their private link.
    Party,
}

/// The decision appealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Appealed {
    /// A sanction, forfeit or correction in the log.
    Entry(EntryId),
    /// The referee's ruling on a game's result.
    Result(GameRef),
    /// A round's pairing.
    Pairing(RoundNo),
}

/// What the appellant filed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Filing {
    /// On whose behalf.
    pub appellant: Party,
    /// Who typed it in.
    pub filed_by: FiledBy,
    /// The decision appealed.
    pub appealed: Appealed,
    /// The appellant's grounds, in writing (RFG 26.4 г): see [`Filing::written`].
    pub grounds: Reason,
    /// The player who signed the written appeal: for a team, its captain
    /// (RFG App. 4 §1.7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signatory: Option<PlayerId>,
    /// When it was filed.
    pub at: Moment,
    /// The outcome can change titles or prizes (GTR "EGF rules commission").
    pub affects_prizes: bool,
}

impl Filing {
    /// The grounds as written; an appeal is made in writing (RFG 26.4 г,
    /// a team's protest App. 4 §1.7), so blank grounds are refused.
    pub fn written(text: &str) -> Result<Reason, DisciplineError> {
        Reason::new(text).map_err(|_| DisciplineError::UnwrittenAppeal)
    }
}

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
    /// Files an appeal, numbered after `appeals`; refused when it names
    /// nothing that exists, or a game played on without the protest the
    /// settings require (GTR "Player responsibility", RFG 26.3 б).
    pub fn file(
        appeals: &[Appeal],
        filing: Filing,
        tournament: &Tournament,
        log: &Log,
        settings: &DisciplineSettings,
    ) -> Result<Appeal, DisciplineError> {
        let id = AppealId(appeals.iter().map(|a| a.id.0).max().unwrap_or(0) + 1);
        let appeal = Appeal {
            id,
            filing,
            state: AppealState::Filed,
        };
        let appellants = appeal.appellants(tournament)?;
        if let Party::Captain { team } = appeal.filing.appellant {
            check_captain(tournament, team, appeal.filing.signatory)?;
        }
        match appeal.filing.appealed {
            Appealed::Entry(entry) => {
                let e = log
                    .entry(entry)
                    .ok_or(DisciplineError::UnknownEntry(entry))?;
                if !is_appealable(&e.act) {
                    return Err(DisciplineError::NotAppealable(entry));
                }
                // RFG 26.4 г: an appeal comes by the deadline fixed in advance.
                if let Some(minutes) = settings.appeal_deadline_minutes
                    && appeal.filing.at.unix_seconds() - e.at.unix_seconds()
                        > i64::from(minutes) * 60
                {
                    return Err(DisciplineError::AppealTooLate { entry, minutes });
                }
            }
            Appealed::Result(game) => {
                game.game(tournament)?;
            }
            Appealed::Pairing(_) => {}
        }
        if let (true, Some(game)) = (settings.protest_required, appeal.game(log)) {
            let now = effective(tournament, log, settings)?.tournament;
            let g = game.game(&now)?;
            let played_on = g.result != GameResult::Unknown && g.origin == ResultOrigin::Played;
            // A count disputed at the board is the players' protest: either
            // side may take the chief referee's count further (WMSG Proc. 10).
            let protested = log.entries().iter().any(|e| match e.act {
                Act::Protest { game: pg, player } => pg == game && appellants.contains(&player),
                Act::CountDisputed { game: dg, .. } => dg == game,
                _ => false,
            });
            if played_on && !protested {
                return Err(DisciplineError::NoProtest {
                    round: game.round,
                    board: game.board,
                });
            }
        }
        Ok(appeal)
    }

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

    /// The game the appeal is about, if any.
    pub fn game(&self, log: &Log) -> Option<GameRef> {
        match self.filing.appealed {
            Appealed::Entry(id) => log.entry(id).and_then(|e| e.act.game()),
            Appealed::Result(game) => Some(game),
            Appealed::Pairing(_) => None,
        }
    }

    /// The players on whose behalf the appeal is made.
    fn appellants(&self, tournament: &Tournament) -> Result<BTreeSet<PlayerId>, DisciplineError> {
        match self.filing.appellant {
            Party::Player(p) => {
                check_player(tournament, p)?;
                Ok(BTreeSet::from([p]))
            }
            Party::Captain { team } => tournament
                .teams()
                .iter()
                .find(|t| t.number == team)
                .map(|t| t.boards.iter().map(|b| b.player).collect())
                .ok_or(DisciplineError::UnknownTeam(team)),
        }
    }

    /// Everyone the appeal concerns: the appellants and the game's players.
    pub fn parties(&self, tournament: &Tournament, log: &Log) -> BTreeSet<PlayerId> {
        let mut parties = self.appellants(tournament).unwrap_or_default();
        if let Some(g) = self
            .game(log)
            .and_then(|g| tournament.game_on(g.round, g.board))
        {
            parties.extend([g.white, g.black]);
        }
        if let Appealed::Entry(id) = self.filing.appealed {
            let sanctioned = log.entry(id).and_then(|e| match &e.act {
                Act::Sanction(s) => s.kind.player(),
                _ => None,
            });
            parties.extend(sanctioned);
        }
        parties
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

/// RFG App. 4 §1.7: "only the team's captain (representative) may send
/// protests to the referees" — the captain as the team stands now signs.
fn check_captain(
    tournament: &Tournament,
    team: u32,
    signatory: Option<PlayerId>,
) -> Result<(), DisciplineError> {
    let Some(player) = signatory else {
        return Err(DisciplineError::UnsignedTeamAppeal(team));
    };
    let captain = tournament
        .teams()
        .iter()
        .find(|t| t.number == team)
        .and_then(|t| t.captain);
    if captain != Some(player) {
        return Err(DisciplineError::NotCaptain { team, player });
    }
    Ok(())
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
