//! Knockout with "two losses to eliminate" (Ukrainian rules II.4: "після втрати
//! визначеного числа очок"; RFG code App. 7 §4.1), and knockout ties played as
//! best-of-N series.
//!
//! Each round is proposed afresh from the records, for the referee to confirm:
//! players without a loss are paired among themselves, players with one loss
//! among themselves, and the last two players left play each other whatever
//! their records. Invariant: a player with two losses is never paired again.

use super::knockout::Outcome;
use super::series::{Series, SeriesState};
use crate::core::ids::PlayerId;

/// Losses after which a player leaves (II.4's "визначене число", set to two).
pub const LOSSES_TO_ELIMINATE: u8 = 2;

/// The games proposed for one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundProposal {
    /// The games, first the players without a loss, then those with one.
    pub games: Vec<(PlayerId, PlayerId)>,
    /// Players of an odd-sized group who sit the round out, still in play.
    pub waiting: Vec<PlayerId>,
}

/// Why a double elimination cannot start or take a round.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DoubleEliminationError {
    /// At least two players are needed.
    #[error("a knockout needs at least 2 players, not {0}")]
    TooFewPlayers(usize),
    /// A player appears twice in the field or in one round.
    #[error("player {0} appears twice")]
    DuplicatePlayer(PlayerId),
    /// The player is not in the field, or has already left it.
    #[error("player {0} is not in play")]
    NotInPlay(PlayerId),
    /// There must be one outcome per game.
    #[error("{games} games but {outcomes} outcomes")]
    OutcomesMismatch {
        /// Games in the round.
        games: usize,
        /// Outcomes given.
        outcomes: usize,
    },
    /// Only one player is left: there is no round to play.
    #[error("the knockout is finished")]
    Finished,
}

/// One player's record.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    player: PlayerId,
    losses: u8,
    waits: u32,
    met: Vec<PlayerId>,
}

/// A double elimination in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoubleElimination {
    /// In seed order, strongest first.
    entries: Vec<Entry>,
    /// Drawn games, replayed before anything else (RFG App. 7 §4.2).
    replays: Vec<(PlayerId, PlayerId)>,
}

impl DoubleElimination {
    /// A double elimination of `seeded` players, strongest first.
    pub fn new(seeded: &[PlayerId]) -> Result<Self, DoubleEliminationError> {
        if seeded.len() < 2 {
            return Err(DoubleEliminationError::TooFewPlayers(seeded.len()));
        }
        if let Some(twice) = seeded
            .iter()
            .enumerate()
            .find(|(i, p)| seeded[..*i].contains(*p))
        {
            return Err(DoubleEliminationError::DuplicatePlayer(*twice.1));
        }
        let entries = seeded
            .iter()
            .map(|&player| Entry {
                player,
                losses: 0,
                waits: 0,
                met: Vec::new(),
            })
            .collect();
        Ok(DoubleElimination {
            entries,
            replays: Vec::new(),
        })
    }

    /// The losses of `player`, if in the field.
    pub fn losses(&self, player: PlayerId) -> Option<u8> {
        self.entries
            .iter()
            .find(|e| e.player == player)
            .map(|e| e.losses)
    }

    /// Every player's losses so far, in seed order.
    pub fn records(&self) -> impl Iterator<Item = (PlayerId, u8)> + '_ {
        self.entries.iter().map(|e| (e.player, e.losses))
    }

    /// The players still in play, in seed order.
    pub fn in_play(&self) -> Vec<PlayerId> {
        self.active().map(|e| e.player).collect()
    }

    /// The winner, once everybody else has left.
    pub fn winner(&self) -> Option<PlayerId> {
        match self.in_play()[..] {
            [winner] => Some(winner),
            _ => None,
        }
    }

    fn active(&self) -> impl Iterator<Item = &Entry> {
        self.entries
            .iter()
            .filter(|e| e.losses < LOSSES_TO_ELIMINATE)
    }

    /// The next round: the replays of drawn games if any, else the final when
    /// two players are left, else each record group paired on its own. Empty
    /// once the knockout is finished.
    pub fn next_round(&self) -> RoundProposal {
        let mut proposal = RoundProposal {
            games: self.replays.clone(),
            waiting: Vec::new(),
        };
        if !self.replays.is_empty() {
            return proposal;
        }
        let mut active: Vec<&Entry> = self.active().collect();
        if active.len() == 2 {
            // The final: the better record listed first, the seed order otherwise.
            active.sort_by_key(|e| e.losses);
            proposal.games.push((active[0].player, active[1].player));
        } else if active.len() > 2 {
            for losses in 0..LOSSES_TO_ELIMINATE {
                let group = active
                    .iter()
                    .copied()
                    .filter(|e| e.losses == losses)
                    .collect();
                pair_group(group, &mut proposal);
            }
        }
        proposal
    }

    /// Records `outcomes`, one per game of `round` in order: the loser of a
    /// game takes a loss, both do when neither goes through, and a drawn game
    /// is replayed next round.
    pub fn record(
        &mut self,
        round: &RoundProposal,
        outcomes: &[Outcome],
    ) -> Result<(), DoubleEliminationError> {
        if self.winner().is_some() {
            return Err(DoubleEliminationError::Finished);
        }
        if round.games.len() != outcomes.len() {
            return Err(DoubleEliminationError::OutcomesMismatch {
                games: round.games.len(),
                outcomes: outcomes.len(),
            });
        }
        let named = round
            .games
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .chain(round.waiting.iter().copied());
        let mut seen = Vec::new();
        for player in named {
            if seen.contains(&player) {
                return Err(DoubleEliminationError::DuplicatePlayer(player));
            }
            if !self.in_play().contains(&player) {
                return Err(DoubleEliminationError::NotInPlay(player));
            }
            seen.push(player);
        }
        self.replays.clear();
        for (&(first, second), outcome) in round.games.iter().zip(outcomes) {
            let (first_loses, second_loses) = match outcome {
                Outcome::FirstWins => (false, true),
                Outcome::SecondWins => (true, false),
                Outcome::Neither => (true, true),
                Outcome::Drawn => {
                    self.replays.push((first, second));
                    continue;
                }
            };
            for e in self.entries.iter_mut() {
                if e.player == first {
                    e.losses += u8::from(first_loses);
                    e.met.push(second);
                } else if e.player == second {
                    e.losses += u8::from(second_loses);
                    e.met.push(first);
                }
            }
        }
        for e in self
            .entries
            .iter_mut()
            .filter(|e| round.waiting.contains(&e.player))
        {
            e.waits += 1;
        }
        Ok(())
    }
}

/// Pairs one record group, in seed order: in an odd group the best seed who
/// has waited least sits out (the knockout gives its byes to the top seeds);
/// then the best seed left meets the weakest one not met yet, or the weakest
/// left if all were met (re-seeding every round keeps top seeds apart longest).
fn pair_group(mut group: Vec<&Entry>, proposal: &mut RoundProposal) {
    if group.len() % 2 == 1 {
        let fewest = group.iter().map(|e| e.waits).min().unwrap_or(0);
        if let Some(i) = group.iter().position(|e| e.waits == fewest) {
            proposal.waiting.push(group.remove(i).player);
        }
    }
    while group.len() >= 2 {
        let top = group.remove(0);
        let i = (0..group.len())
            .rev()
            .find(|&i| !top.met.contains(&group[i].player))
            .unwrap_or(group.len() - 1);
        proposal.games.push((top.player, group.remove(i).player));
    }
}

/// The knockout outcome of a tie played as `series`, `first` being the
/// player the knockout lists first; `None` while the series is being played
/// or when `first` does not play in it. A tied series is drawn: the knockout
/// replays it (RFG App. 7 §4.2).
pub fn tie_outcome(series: &Series, first: PlayerId) -> Option<Outcome> {
    let (a, b) = series.players();
    if first != a && first != b {
        return None;
    }
    match series.state() {
        SeriesState::Continue { .. } => None,
        SeriesState::Tied { .. } => Some(Outcome::Drawn),
        SeriesState::Decided { winner, .. } if winner == first => Some(Outcome::FirstWins),
        SeriesState::Decided { .. } => Some(Outcome::SecondWins),
    }
}

#[cfg(test)]
#[path = "double_elimination_tests.rs"]
mod tests;
