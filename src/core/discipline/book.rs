//! A tournament's discipline book: its settings, the incident log, the
//! appeals and the appeals committee, kept beside the tournament as entered.
//!
//! Invariant: every change goes through a method here, which either applies
//! whole or leaves the book as it was — an appeal decision and the log entry
//! that carries its effect are recorded together or not at all.

use super::Act;
use super::DisciplineError;
use super::appeal::{Appeal, Decision, Filing, pending_prize_appeals};
use super::closing::Closing;
use super::committee::{Committee, Member};
use super::effective::{Effective, effective};
use super::finality::{Authority, Confirmer, check_change, locked_by};
use super::log::{AppealId, Entry, GameRef, Log, Moment, Official};
use super::report::{Report, report};
use super::sanction::{Sanction, SanctionKind};
use super::settings::DisciplineSettings;
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::round::GameResult;
use crate::core::tournament::Tournament;
use serde::{Deserialize, Serialize};

/// Everything the referees and the appeals bodies did in one tournament.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Book {
    /// What the tournament's rule text says.
    pub settings: DisciplineSettings,
    /// Referees' acts and appeal decisions, oldest first.
    pub log: Log,
    /// Appeals, by number.
    pub appeals: Vec<Appeal>,
    /// The appeals committee, once fixed.
    pub committee: Option<Committee>,
    /// The final list's verification and the winners' declaration.
    pub closing: Closing,
}

impl Book {
    /// The qualification points each "reduced qualification points"
    /// sanction in force takes from a player (GTR "Other sanctions"), for a
    /// series' table; a sanction revoked on appeal takes nothing.
    pub fn qualification_reductions(&self) -> Vec<(PlayerId, u32)> {
        let revoked = super::effective::revoked(&self.log);
        self.log
            .entries()
            .iter()
            .filter(|e| !revoked.contains(&e.id))
            .filter_map(|e| match &e.act {
                Act::Sanction(Sanction {
                    kind: SanctionKind::RatingReduction { player, points },
                    ..
                }) => Some((*player, *points)),
                _ => None,
            })
            .collect()
    }

    /// The tournament with the log applied: what pairing, pages and standings read.
    pub fn effective(&self, tournament: &Tournament) -> Result<Effective, DisciplineError> {
        effective(tournament, &self.log, &self.settings)
    }

    /// Records a referee's act (see [`Log::record`]).
    pub fn record(
        &mut self,
        tournament: &Tournament,
        at: Moment,
        by: Official,
        act: Act,
    ) -> Result<Entry, DisciplineError> {
        self.log.record(tournament, &self.settings, at, by, act)
    }

    /// Refuses a plain edit of a confirmed result (RFG 16.8 з): only a
    /// correction or an appeal decision changes it.
    pub fn check_plain_change(&self, game: GameRef) -> Result<(), DisciplineError> {
        check_change(&self.log, game, &Authority::Plain)
    }

    /// Locks every result of `round` that has one, as the referee's
    /// confirmation (RFG 16.8 з): what locking a round on the results page
    /// means. Results already confirmed are left as they are.
    pub fn confirm_round(
        &mut self,
        tournament: &Tournament,
        round: RoundNo,
        at: Moment,
        by: Official,
    ) -> Result<Vec<Entry>, DisciplineError> {
        let now = self.effective(tournament)?.tournament;
        let games: Vec<GameRef> = now
            .games()
            .iter()
            .filter(|g| g.round == round && g.result != GameResult::Unknown)
            .map(|g| GameRef {
                round,
                board: g.board,
            })
            .filter(|g| locked_by(&self.log, *g).is_none())
            .collect();
        let mut next = self.clone();
        let mut entries = Vec::with_capacity(games.len());
        for game in games {
            let act = Act::Confirmation {
                game,
                by: Confirmer::Referee,
            };
            entries.push(next.record(tournament, at, by.clone(), act)?);
        }
        *self = next;
        Ok(entries)
    }

    /// Fixes the committee before round 1.
    pub fn fix_committee(
        &mut self,
        members: Vec<Member>,
        reserves: Vec<Member>,
        tournament: &Tournament,
    ) -> Result<(), DisciplineError> {
        let committee = Committee::fix(members, reserves, tournament, &self.log, &self.settings)?;
        self.committee = Some(committee);
        Ok(())
    }

    /// Adds a reserve to the fixed committee.
    pub fn co_opt(
        &mut self,
        member: Member,
        tournament: &Tournament,
    ) -> Result<(), DisciplineError> {
        self.committee
            .as_mut()
            .ok_or(DisciplineError::NoCommittee)?
            .co_opt(member, tournament)
    }

    /// Files an appeal; returns its number.
    pub fn file(
        &mut self,
        filing: Filing,
        tournament: &Tournament,
    ) -> Result<AppealId, DisciplineError> {
        let appeal = Appeal::file(&self.appeals, filing, tournament, &self.log, &self.settings)?;
        let id = appeal.id;
        self.appeals.push(appeal);
        Ok(id)
    }

    /// The appeal with this number.
    pub fn appeal(&self, id: AppealId) -> Option<&Appeal> {
        self.appeals.iter().find(|a| a.id == id)
    }

    /// Open appeals that can change prizes: the standings are "pending appeal".
    pub fn pending_prize_appeals(&self) -> Vec<AppealId> {
        pending_prize_appeals(&self.appeals)
    }

    /// The committee takes the appeal up, with the panel composed for it.
    pub fn begin_review(
        &mut self,
        id: AppealId,
        tournament: &Tournament,
        at: Moment,
    ) -> Result<(), DisciplineError> {
        let committee = self.committee.clone().ok_or(DisciplineError::NoCommittee)?;
        let mut next = self
            .appeal(id)
            .cloned()
            .ok_or(DisciplineError::UnknownAppeal(id))?;
        next.begin_review(&committee, tournament, &self.log, &self.settings, at)?;
        *self.appeal_mut(id)? = next;
        Ok(())
    }

    /// Records the committee's decision and, when it changes anything, the
    /// log entry that carries its effect; returns that entry.
    pub fn decide(
        &mut self,
        id: AppealId,
        decision: Decision,
        tournament: &Tournament,
        by: Official,
    ) -> Result<Option<Entry>, DisciplineError> {
        let at = decision.at;
        self.settle(id, by, at, tournament, |appeal, t, log, _| {
            appeal.decide(decision, t, log)
        })
    }

    /// Refers a decided appeal to the federation's rules commission.
    pub fn escalate(&mut self, id: AppealId, at: Moment) -> Result<(), DisciplineError> {
        let settings = self.settings.clone();
        let appeal = self.appeal_mut(id)?;
        let mut next = appeal.clone();
        next.escalate(at, &settings)?;
        *appeal = next;
        Ok(())
    }

    /// Records the rules commission's ruling, after the tournament.
    pub fn rule(
        &mut self,
        id: AppealId,
        ruling: Decision,
        tournament: &Tournament,
        by: Official,
    ) -> Result<Option<Entry>, DisciplineError> {
        let at = ruling.at;
        self.settle(id, by, at, tournament, |appeal, t, log, settings| {
            appeal.rule(ruling, t, log, settings)
        })
    }

    /// The chief referee's report.
    pub fn report(&self, tournament: &Tournament) -> Result<Report, DisciplineError> {
        report(
            tournament,
            &self.log,
            &self.appeals,
            self.committee.as_ref(),
            &self.settings,
        )
    }

    /// Whether any appeal is waiting for the committee or the commission.
    pub fn open_appeals(&self) -> usize {
        self.appeals.iter().filter(|a| a.is_open()).count()
    }

    fn appeal_mut(&mut self, id: AppealId) -> Result<&mut Appeal, DisciplineError> {
        self.appeals
            .iter_mut()
            .find(|a| a.id == id)
            .ok_or(DisciplineError::UnknownAppeal(id))
    }

    /// Runs one decision step on a copy of the appeal and records its act;
    /// keeps both only when both succeed.
    fn settle(
        &mut self,
        id: AppealId,
        by: Official,
        at: Moment,
        tournament: &Tournament,
        step: impl FnOnce(
            &mut Appeal,
            &Tournament,
            &Log,
            &DisciplineSettings,
        ) -> Result<Option<Act>, DisciplineError>,
    ) -> Result<Option<Entry>, DisciplineError> {
        let mut appeal = self
            .appeal(id)
            .cloned()
            .ok_or(DisciplineError::UnknownAppeal(id))?;
        let act = step(&mut appeal, tournament, &self.log, &self.settings)?;
        let entry = match act {
            Some(act) => Some(self.record(tournament, at, by, act)?),
            None => None,
        };
        *self.appeal_mut(id)? = appeal;
        Ok(entry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::discipline::test_support::*;
    use crate::core::discipline::{Appealed, FiledBy, Outcome, Party, Reason, Remedy};

    fn book_with_committee(t: &Tournament) -> Book {
        let mut book = Book::default();
        let members = vec![member("Chair"), member("Two"), member("Three")];
        book.fix_committee(members, vec![member("Reserve")], t)
            .unwrap();
        book
    }

    fn filing(appellant: crate::core::PlayerId, appealed: Appealed) -> Filing {
        Filing {
            appellant: Party::Player(appellant),
            filed_by: FiledBy::Referee(referee()),
            appealed,
            grounds: Reason::new("the phone was a clock").unwrap(),
            signatory: None,
            at: minute(30),
            affects_prizes: true,
        }
    }

    fn upheld(remedies: Vec<Remedy>) -> Decision {
        Decision {
            outcome: Outcome::Upheld,
            reasons: Reason::new("a timer is no phone").unwrap(),
            signed_by: vec![Official::new("Chair").unwrap()],
            at: minute(40),
            remedies,
            could_not_meet: true,
        }
    }

    #[test]
    fn locking_a_round_confirms_each_result_once_and_refuses_plain_edits() {
        let (mut t, _) = four_players_round_one();
        enter(&mut t, board1(), GameResult::WhiteWins);
        let mut book = Book::default();
        let round = board1().round;
        let first = book
            .confirm_round(&t, round, minute(60), referee())
            .unwrap();
        assert_eq!(first.len(), 1, "board 2 has no result to confirm");
        assert!(book.check_plain_change(board1()).is_err());
        assert!(book.check_plain_change(board2()).is_ok());
        enter(&mut t, board2(), GameResult::BlackWins);
        let second = book
            .confirm_round(&t, round, minute(70), referee())
            .unwrap();
        assert_eq!(second.len(), 1, "board 1 is not confirmed twice");
    }

    #[test]
    fn an_upheld_appeal_takes_effect_and_the_prize_mark_goes_away() {
        let (t, [a, ..]) = four_players_round_one();
        let mut book = book_with_committee(&t);
        let forfeit = book
            .record(&t, minute(10), referee(), forfeit_act(board1(), a))
            .unwrap();
        let lost = |book: &Book| {
            book.effective(&t)
                .unwrap()
                .tournament
                .game_on(board1().round, board1().board)
                .unwrap()
                .result
        };
        assert_eq!(lost(&book), GameResult::BlackWins);
        let id = book
            .file(filing(a, Appealed::Entry(forfeit.id)), &t)
            .unwrap();
        assert_eq!(book.pending_prize_appeals(), vec![id]);
        book.begin_review(id, &t, minute(35)).unwrap();
        let entry = book
            .decide(id, upheld(Vec::new()), &t, Official::new("Chair").unwrap())
            .unwrap();
        assert!(entry.is_some(), "the decision is in the log");
        assert_eq!(lost(&book), GameResult::Unknown, "the forfeit is revoked");
        assert!(book.pending_prize_appeals().is_empty());
    }

    #[test]
    fn a_refused_decision_changes_neither_the_appeal_nor_the_log() {
        let (t, [a, ..]) = four_players_round_one();
        let mut book = book_with_committee(&t);
        let forfeit = book
            .record(&t, minute(10), referee(), forfeit_act(board1(), a))
            .unwrap();
        let id = book
            .file(filing(a, Appealed::Entry(forfeit.id)), &t)
            .unwrap();
        book.begin_review(id, &t, minute(35)).unwrap();
        let before = book.clone();
        let nowhere = Remedy::SetResult {
            game: at(1, 9),
            result: GameResult::WhiteWins,
            origin: crate::core::ResultOrigin::Played,
        };
        let refused = book.decide(id, upheld(vec![nowhere]), &t, referee());
        assert!(refused.is_err());
        assert_eq!(book, before);
        assert!(matches!(
            Book::default().begin_review(id, &t, minute(36)),
            Err(DisciplineError::NoCommittee)
        ));
    }
}
