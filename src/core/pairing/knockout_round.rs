//! A knockout tournament's next round, derived from the rounds recorded so far.
//!
//! Seeds are the draw numbers ([`super::numbers`]), fixed when round 1 is
//! paired. Every recorded round is replayed through the bracket
//! ([`Knockout`]) and must hold exactly the matches the bracket expects, or
//! pairing stops with [`PairingError::BracketChanged`] rather than guess.
//! Invariant: a round holds either a bracket round's matches or the replays of
//! its drawn matches (RFG code App. 7 §4), never both; a match played as a
//! best-of-N series spans rounds until every series of its bracket round is
//! decided (App. 7 §5).

use super::double_elimination::DoubleElimination;
use super::knockout::{Advance, Knockout, Outcome};
use super::knockout_stage::{Stage, Tie, stage};
use super::{PairingError, RoundPairing, numbers};
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::round::Game;
use crate::core::tournament::Tournament;
use std::collections::HashMap;

/// The bracket between two rounds: what the next round must play.
pub(super) struct Bracket {
    pub(super) knockout: Knockout,
    /// One per match of the bracket round; a match not yet decided counts as
    /// drawn, which is what makes [`Knockout::advance`] ask for it again.
    outcomes: Vec<Outcome>,
    /// The matches of the next round: the bracket round's, or its replays.
    pub(super) to_play: Vec<(usize, usize)>,
}

impl Bracket {
    pub(super) fn new(knockout: Knockout) -> Self {
        let to_play = knockout.matches();
        Bracket {
            outcomes: vec![Outcome::Drawn; to_play.len()],
            to_play,
            knockout,
        }
    }

    /// The ties of [`Bracket::to_play`] among `players` (in seed order), the
    /// better seed first.
    pub(super) fn ties(&self, players: &[PlayerId]) -> Vec<Tie> {
        (self.to_play.iter())
            .map(|&(a, b)| (players[a.min(b)], players[a.max(b)]))
            .collect()
    }

    /// [`Bracket::record`] with the outcomes of [`Bracket::ties`], which are
    /// the better seed's: turned to the view of each match's first slot.
    pub(super) fn record_ties(self, outcomes: Vec<Outcome>) -> Result<Self, PairingError> {
        let outcomes: Vec<Outcome> = (self.to_play.iter().zip(outcomes))
            .map(|(&(a, b), o)| if a < b { o } else { o.reversed() })
            .collect();
        self.record(&outcomes)
    }

    /// Takes the outcomes of [`Bracket::to_play`], in order: the drawn ones are
    /// replayed next, and once none is left the bracket moves to its next round.
    fn record(mut self, played: &[Outcome]) -> Result<Self, PairingError> {
        let mut played = played.iter();
        for outcome in self.outcomes.iter_mut().filter(|o| **o == Outcome::Drawn) {
            *outcome = *played.next().ok_or(PairingError::NoValidPairing)?;
        }
        Ok(match self.knockout.advance(&self.outcomes)? {
            Advance::Replay(replays) => Bracket {
                to_play: replays,
                ..self
            },
            Advance::Next(next) => Bracket::new(next),
        })
    }
}

/// The players of a knockout in seed order (their draw numbers).
pub(super) fn seeded(tournament: &Tournament) -> Result<Vec<PlayerId>, PairingError> {
    Ok(numbers::checked(tournament)?.iter().map(|p| p.id).collect())
}

/// Round `round` of a knockout: the players registered as final, seeded by
/// draw number, the rounds before it replayed through the bracket, or through
/// the records of a double elimination when two losses eliminate. Every tie of
/// the stage still being played is a game ([`knockout_stage::stage`]), best
/// record first in bracket order, boards from 1; a player facing an empty
/// slot goes through without a game, and no bye is recorded (a round has at
/// most one). A player not taking part in the round is paired all the same,
/// since a knockout cannot skip anyone: the referee records the forfeit.
pub fn pair_tournament_round(
    tournament: &Tournament,
    round: RoundNo,
) -> Result<RoundPairing, PairingError> {
    let players = seeded(tournament)?;
    if players.len() < 2 {
        return Err(PairingError::NoValidPairing);
    }
    let games = if tournament.settings().two_losses_eliminate {
        double_elimination_round(tournament, round, &players)?
    } else {
        bracket_round(tournament, round, &players)?
    };
    Ok(RoundPairing { games, bye: None })
}

/// The games of `round` in a bracket of `players` in seed order.
fn bracket_round(
    tournament: &Tournament,
    round: RoundNo,
    players: &[PlayerId],
) -> Result<Vec<Game>, PairingError> {
    let losers_play_on = tournament.settings().losers_play_on;
    let mut bracket = Bracket::new(Knockout::new(players.len(), losers_play_on));
    let mut first = RoundNo::FIRST;
    loop {
        if bracket.knockout.is_finished() {
            return Err(PairingError::KnockoutFinished);
        }
        match stage(tournament, &bracket.ties(players), first, round)? {
            Stage::Playing(games) => return Ok(games),
            Stage::Over { outcomes, next } => {
                bracket = bracket.record_ties(outcomes)?;
                first = next;
            }
        }
    }
}

/// How far each player of a single-elimination knockout came in the rounds
/// up to `last`: the bracket rounds they came through, a tie won or a path
/// through an empty slot each counting one (RFG code App. 7 §4: those out
/// in the same bracket round share a place). A bracket round counts once
/// its last tie is decided: until then (a best-of-3 at 1–1, a game without
/// its result) it counts for nobody, so a match being played ranks nobody
/// by its last game. With losers playing
/// on for places, the groups of equal record rank instead, best first.
/// `None` for a double elimination or a bracket the records do not follow.
pub fn stages_passed(tournament: &Tournament, last: RoundNo) -> Option<HashMap<PlayerId, u32>> {
    if tournament.settings().two_losses_eliminate {
        return None;
    }
    let players = seeded(tournament).ok()?;
    let losers_play_on = tournament.settings().losers_play_on;
    let mut bracket = Bracket::new(Knockout::new(players.len(), losers_play_on));
    let mut passed: HashMap<PlayerId, u32> = players.iter().map(|&p| (p, 0)).collect();
    let mut first = RoundNo::FIRST;
    let upto = RoundNo::from_index(last.index() + 1);
    while !bracket.knockout.is_finished() {
        let ties = bracket.ties(&players);
        let Ok(Stage::Over { outcomes, next }) = stage(tournament, &ties, first, upto) else {
            break;
        };
        let before = bracket.knockout.clone();
        bracket = bracket.record_ties(outcomes).ok()?;
        first = next;
        if bracket.knockout == before {
            continue;
        }
        let groups = bracket.knockout.groups();
        for (rank, group) in groups.iter().enumerate() {
            for &seed in group.iter().flatten() {
                let value = if losers_play_on {
                    (groups.len() - 1 - rank) as u32
                } else {
                    passed[&players[seed]] + 1
                };
                passed.insert(players[seed], value);
            }
        }
    }
    Some(passed)
}

/// A knockout that two losses decide (Ukrainian rules II.4), replayed from
/// its records over the stages finished before `upto`: the field as it
/// stands. `None` for any other
/// knockout or records the bracket does not follow.
fn double_elimination_before(tournament: &Tournament, upto: RoundNo) -> Option<DoubleElimination> {
    if !tournament.settings().two_losses_eliminate {
        return None;
    }
    let players = seeded(tournament).ok()?;
    let mut field = DoubleElimination::new(&players).ok()?;
    let mut first = RoundNo::FIRST;
    loop {
        let proposal = field.next_round();
        if field.winner().is_some() || proposal.games.is_empty() {
            return Some(field);
        }
        // A stage with a result still missing ends the replay: what it
        // will do to the records is not known yet.
        match stage(tournament, &proposal.games, first, upto) {
            Ok(Stage::Playing(_)) | Err(_) => return Some(field),
            Ok(Stage::Over { outcomes, next }) => {
                field.record(&proposal, &outcomes).ok()?;
                first = next;
            }
        }
    }
}

/// Who rests in `round` of a knockout that two losses decide (Ukrainian
/// rules II.4): still in play, with fewer than two losses, yet given no
/// game, since the field is paired by equal records. `None` for any other
/// knockout, whose players are all paired or out.
pub fn resting(tournament: &Tournament, round: RoundNo) -> Option<Vec<PlayerId>> {
    let field = double_elimination_before(tournament, round)?;
    if field.winner().is_some() || field.next_round().games.is_empty() {
        return Some(Vec::new());
    }
    let plays = |p: PlayerId| {
        (tournament.games().iter()).any(|g| g.round == round && g.colour_of(p).is_some())
    };
    Some(field.in_play().into_iter().filter(|&p| !plays(p)).collect())
}

/// Each player's losses after `round` of a knockout that two losses decide
/// (Ukrainian rules II.4), as the pairing counts them: from finished rounds
/// only. `None` for any other knockout.
pub fn losses(tournament: &Tournament, round: RoundNo) -> Option<HashMap<PlayerId, u8>> {
    let after = RoundNo::from_index(round.index() + 1);
    let field = double_elimination_before(tournament, after)?;
    Some(field.records().collect())
}

/// The games of `round` in a double elimination of `players` in seed order
/// (Ukrainian rules II.4): each round proposed afresh from the records.
fn double_elimination_round(
    tournament: &Tournament,
    round: RoundNo,
    players: &[PlayerId],
) -> Result<Vec<Game>, PairingError> {
    let mut field = DoubleElimination::new(players).map_err(|_| PairingError::NoValidPairing)?;
    let mut first = RoundNo::FIRST;
    loop {
        let proposal = field.next_round();
        if field.winner().is_some() || proposal.games.is_empty() {
            return Err(PairingError::KnockoutFinished);
        }
        match stage(tournament, &proposal.games, first, round)? {
            Stage::Playing(games) => return Ok(games),
            Stage::Over { outcomes, next } => {
                field
                    .record(&proposal, &outcomes)
                    .map_err(|_| PairingError::BracketChanged { round: first })?;
                first = next;
            }
        }
    }
}

#[cfg(test)]
#[path = "knockout_round_tests.rs"]
mod tests;
