//! What the discipline book names in the tournament: players and games.
//!
//! The book is kept beside the tournament as entered, and every page reads
//! the two together ([`Book::effective`]). A registration deleted or a round
//! unpaired while the book still names it would leave an entry pointing at
//! nothing, and no page of the tournament could then be read. So a change
//! that removes something the book names is refused, or takes the book's
//! references with it where the rule texts let nothing depend on them, and
//! [`Book::check_references`] is the last check before any change is saved.

use super::DisciplineError;
use super::appeal::{Appealed, Party};
use super::book::Book;
use super::checks::check_player;
use super::log::{Act, Entry, GameRef, Players, Remedy};
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::tournament::Tournament;

impl Book {
    /// Refuses a book that names a player, a game, an entry or an appeal
    /// that `tournament` no longer has, or whose log no longer applies to it
    /// (the referee's report, which applies the log, fails): the state every
    /// page must be able to read.
    pub fn check_references(&self, tournament: &Tournament) -> Result<(), DisciplineError> {
        for entry in self.log.entries() {
            if let Some(game) = entry.act.game() {
                let g = game.game(tournament)?;
                let players = match &entry.act {
                    Act::Sanction(s) => s.kind.players(),
                    Act::Absence { players, .. } | Act::Violation { players, .. } => Some(*players),
                    Act::Protest { player, .. } => Some(Players::One(*player)),
                    act => act.board_player().map(Players::One),
                };
                if let Some(players) = players {
                    players.of(g)?;
                }
            }
            if let Act::Sanction(s) = &entry.act
                && let Some(violation) = s.violation
            {
                self.log
                    .entry(violation)
                    .ok_or(DisciplineError::UnknownEntry(violation))?;
            }
            for player in named_players(&entry.act) {
                check_player(tournament, player)?;
            }
            if let Act::Decision { remedies, .. } = &entry.act {
                for remedy in remedies {
                    match remedy {
                        Remedy::Revoke(id) => {
                            self.log
                                .entry(*id)
                                .ok_or(DisciplineError::UnknownEntry(*id))?;
                        }
                        Remedy::SetResult { game, .. } => {
                            game.game(tournament)?;
                        }
                    }
                }
            }
        }
        for appeal in &self.appeals {
            if let Party::Player(p) = appeal.filing.appellant {
                check_player(tournament, p)?;
            }
            if let Some(p) = appeal.filing.signatory {
                check_player(tournament, p)?;
            }
            match appeal.filing.appealed {
                Appealed::Entry(id) => {
                    self.log
                        .entry(id)
                        .ok_or(DisciplineError::UnknownEntry(id))?;
                }
                Appealed::Result(game) => {
                    game.game(tournament)?;
                }
                Appealed::Pairing(_) => {}
            }
        }
        if let Some(committee) = &self.committee {
            for member in committee.members.iter().chain(&committee.reserves) {
                if let Some(p) = member.player {
                    check_player(tournament, p)?;
                }
            }
        }
        self.report(tournament).map(|_| ())
    }

    /// Takes the book's references to `player` away before their registration
    /// is deleted, or refuses. A withdrawal of a player who never played
    /// changes no result and no pairing (RFG 21.5 and the GTR speak of games
    /// played), so it goes with the registration; the audit log keeps it.
    /// Anything else that names the player (a sanction, which may go to the
    /// federation, an appeal, a seat on the committee, a decision revoking
    /// the withdrawal) keeps the registration.
    pub fn forget_player(
        &mut self,
        tournament: &Tournament,
        player: PlayerId,
    ) -> Result<(), DisciplineError> {
        let plays = tournament
            .games()
            .iter()
            .any(|g| g.colour_of(player).is_some())
            || tournament.byes().iter().any(|b| b.player == player);
        let revoked: Vec<_> = self
            .log
            .entries()
            .iter()
            .flat_map(|e| match &e.act {
                Act::Decision { remedies, .. } => remedies
                    .iter()
                    .filter_map(|r| match r {
                        Remedy::Revoke(id) => Some(*id),
                        Remedy::SetResult { .. } => None,
                    })
                    .collect(),
                _ => Vec::new(),
            })
            .collect();
        let mut kept = Vec::new();
        for entry in self.log.entries() {
            let withdrawal = matches!(entry.act, Act::Withdrawal { player: p, .. } if p == player);
            if withdrawal && !plays && !revoked.contains(&entry.id) {
                continue;
            }
            if names(&entry.act, tournament, player) {
                return Err(DisciplineError::PlayerInRecords(player));
            }
            kept.push(entry.clone());
        }
        let in_appeal = self.appeals.iter().any(|a| {
            a.filing.appellant == Party::Player(player) || a.filing.signatory == Some(player)
        });
        let on_committee = self.committee.as_ref().is_some_and(|c| {
            c.members
                .iter()
                .chain(&c.reserves)
                .any(|m| m.player == Some(player))
        });
        if in_appeal || on_committee {
            return Err(DisciplineError::PlayerInRecords(player));
        }
        self.log = super::log::Log::from_entries(kept);
        Ok(())
    }

    /// Prepares the book for a round's pairing being undone, or refuses
    /// ([`Book::check_round_free`]). The round's start goes with the
    /// pairing: the round paired again starts afresh, and lateness counts
    /// from the new start (GTR and RFG 21.3 count it from the start of play).
    pub fn release_round(&mut self, round: RoundNo) -> Result<(), DisciplineError> {
        self.check_round_free(round)?;
        let kept = self
            .log
            .entries()
            .iter()
            .filter(|e| !matches!(e.act, Act::StartRound { round: r, .. } if r == round))
            .cloned()
            .collect();
        self.log = super::log::Log::from_entries(kept);
        Ok(())
    }

    /// Prepares the book for a round cancelled by the chief referee
    /// (Ukrainian V.3): the referees' acts on its games and its start go
    /// with the games, and are returned for the audit log. An appeal or a
    /// decision on one of its games must be settled first: the committee's
    /// work is not undone by the referee.
    pub fn cancel_round(&mut self, round: RoundNo) -> Result<Vec<Entry>, DisciplineError> {
        let in_round = |g: GameRef| g.round == round;
        let decided = self.log.entries().iter().any(|e| {
            matches!(&e.act, Act::Decision { remedies, .. } if remedies.iter().any(
                |r| matches!(r, Remedy::SetResult { game, .. } if in_round(*game))))
        });
        let appealed = self
            .appeals
            .iter()
            .any(|a| matches!(a.filing.appealed, Appealed::Result(g) if in_round(g)));
        if decided || appealed {
            return Err(DisciplineError::RoundHasRecords(round));
        }
        let (gone, kept): (Vec<Entry>, Vec<Entry>) =
            self.log.entries().iter().cloned().partition(|e| {
                e.act.game().is_some_and(in_round)
                    || matches!(e.act, Act::StartRound { round: r, .. } if r == round)
            });
        self.log = super::log::Log::from_entries(kept);
        Ok(gone)
    }

    /// Refuses to take a round's games away (unpairing it, or changing it by
    /// hand) while a referee's act, an appeal or a decision names one of them:
    /// the act would then name another game, or none.
    pub fn check_round_free(&self, round: RoundNo) -> Result<(), DisciplineError> {
        let in_round = |g: GameRef| g.round == round;
        let acts = self.log.entries().iter().any(|e| {
            e.act.game().is_some_and(in_round)
                || matches!(&e.act, Act::Decision { remedies, .. } if remedies.iter().any(
                    |r| matches!(r, Remedy::SetResult { game, .. } if in_round(*game))))
        });
        let appeals = self
            .appeals
            .iter()
            .any(|a| matches!(a.filing.appealed, Appealed::Result(g) if in_round(g)));
        if acts || appeals {
            return Err(DisciplineError::RoundHasRecords(round));
        }
        Ok(())
    }
}

/// The players an act names by number, beyond the players of its game.
fn named_players(act: &Act) -> Vec<PlayerId> {
    match act {
        Act::Withdrawal { player, .. } | Act::Protest { player, .. } => vec![*player],
        Act::Absence {
            players: Players::One(p),
            ..
        } => vec![*p],
        Act::Sanction(s) => s.kind.player().into_iter().collect(),
        Act::Violation {
            players: Players::One(p),
            ..
        } => vec![*p],
        act => act.board_player().into_iter().collect(),
    }
}

/// Whether `act` concerns `player`: names them, or is about a game of theirs.
fn names(act: &Act, tournament: &Tournament, player: PlayerId) -> bool {
    if named_players(act).contains(&player) {
        return true;
    }
    let game_of_theirs = |g: GameRef| {
        g.game(tournament)
            .is_ok_and(|game| game.colour_of(player).is_some())
    };
    act.game().is_some_and(game_of_theirs)
}

#[cfg(test)]
mod tests {
    use super::super::log::{Act, Players, Reason};
    use super::super::sanction::{Sanction, SanctionKind};
    use super::super::test_support::{board1, four_players_round_one, minute, referee};
    use super::*;
    use crate::core::player::Player;
    use crate::core::rank::Rank;

    fn round(n: u32) -> RoundNo {
        RoundNo::new(n).unwrap()
    }

    /// Four players in round 1 and a fifth who registered but never played.
    fn with_newcomer() -> (Tournament, PlayerId) {
        let (mut t, _) = four_players_round_one();
        let e = t.register(Player::new(PlayerId(0), "E", "E", Rank::Kyu(9)));
        (t, e)
    }

    fn withdraw(book: &mut Book, t: &Tournament, player: PlayerId) {
        let act = Act::Withdrawal {
            player,
            from_round: round(2),
            note: String::new(),
        };
        book.record(t, minute(5), referee(), act).unwrap();
    }

    #[test]
    fn deleting_a_withdrawn_player_who_never_played_takes_the_withdrawal_with_it() {
        let (mut t, e) = with_newcomer();
        let mut book = Book::default();
        withdraw(&mut book, &t, e);
        book.forget_player(&t, e).unwrap();
        t.remove_player(e).unwrap();
        assert!(book.log.entries().is_empty());
        book.check_references(&t).unwrap();
        book.effective(&t).unwrap();
    }

    #[test]
    fn the_book_left_naming_a_deleted_player_is_refused() {
        let (mut t, e) = with_newcomer();
        let mut book = Book::default();
        withdraw(&mut book, &t, e);
        t.remove_player(e).unwrap();
        assert_eq!(
            book.check_references(&t),
            Err(DisciplineError::UnknownPlayer(e))
        );
    }

    #[test]
    fn a_player_under_a_sanction_keeps_the_registration() {
        let (t, e) = with_newcomer();
        let mut book = Book::default();
        let ban = Act::Sanction(Sanction {
            kind: SanctionKind::SupergroupBan {
                player: e,
                scope: "next year's championship".into(),
                until: None,
            },
            reason: Reason::new("cheating").unwrap(),
            violation: None,
        });
        book.record(&t, minute(5), referee(), ban).unwrap();
        let before = book.clone();
        assert_eq!(
            book.forget_player(&t, e),
            Err(DisciplineError::PlayerInRecords(e))
        );
        assert_eq!(book, before, "a refusal changes nothing");
    }

    #[test]
    fn a_round_whose_game_has_a_warning_keeps_its_pairing() {
        let (mut t, [a, ..]) = four_players_round_one();
        let mut book = Book::default();
        book.record(
            &t,
            minute(0),
            referee(),
            Act::StartRound {
                round: round(1),
                board: None,
            },
        )
        .unwrap();
        assert_eq!(
            book.check_round_free(round(1)),
            Ok(()),
            "a start names no game"
        );
        let mut undone = book.clone();
        undone.release_round(round(1)).unwrap();
        assert!(
            undone.log.entries().is_empty(),
            "the start goes with the pairing"
        );
        let warning = Act::Sanction(Sanction {
            kind: SanctionKind::Warning {
                game: board1(),
                players: Players::One(a),
            },
            reason: Reason::new("noise").unwrap(),
            violation: None,
        });
        book.record(&t, minute(5), referee(), warning).unwrap();
        assert_eq!(
            book.check_round_free(round(1)),
            Err(DisciplineError::RoundHasRecords(round(1)))
        );
        assert_eq!(book.check_round_free(round(2)), Ok(()));
        t.unpair(round(1)).unwrap();
        assert!(
            book.check_references(&t).is_err(),
            "unpaired anyway, the warning would name no game"
        );
    }
}
