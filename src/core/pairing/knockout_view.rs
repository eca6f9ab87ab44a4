//! A single-elimination knockout as people follow it: each bracket round
//! begun, every tie with its games (replays of a drawn match and the games
//! of a best-of-N series included) and who went through, then the next
//! bracket round's ties as far as they are known (RFG code App. 7 §4–5).
//! Read from the same replay of the records as the pairing
//! ([`super::knockout_round`]), so the page and the next round agree.

use super::knockout::Knockout;
use super::knockout_round::{Bracket, seeded};
use super::knockout_stage::{Stage, stage};
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::round::Game;
use crate::core::tournament::Tournament;

/// One tie of a bracket round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BracketTie {
    /// The better seed, or the winner of the first tie feeding this one
    /// while a tie of the next round waits; `None` while unknown.
    pub first: Option<PlayerId>,
    /// The other player; `None` for an empty slot (through without a game)
    /// or a tie not yet decided.
    pub second: Option<PlayerId>,
    /// The games between them in this bracket round, in round order.
    pub games: Vec<Game>,
    /// Who went through, once the tie is decided.
    pub through: Option<PlayerId>,
}

impl BracketTie {
    /// Games won by the first and by the second player.
    pub fn score(&self) -> (u32, u32) {
        let won = |p: Option<PlayerId>| {
            let p = p?;
            let wins = self.games.iter().filter(|g| g.is_won_by(p)).count();
            u32::try_from(wins).ok()
        };
        (won(self.first).unwrap_or(0), won(self.second).unwrap_or(0))
    }
}

/// The bracket rounds after the rounds up to `last`, first to latest, and
/// the next one with its ties as far as they are known; `None` for a
/// knockout whose losers play on or that two losses decide (their pages
/// are the standings), or a bracket the records do not follow.
pub fn bracket(t: &Tournament, last: RoundNo) -> Option<Vec<Vec<BracketTie>>> {
    let settings = t.settings();
    if settings.losers_play_on || settings.two_losses_eliminate {
        return None;
    }
    let players = seeded(t).ok()?;
    if players.len() < 2 {
        return Some(Vec::new());
    }
    let need = settings.best_of.max(1) / 2 + 1;
    let upto = RoundNo::from_index(last.index() + 1);
    let mut bracket = Bracket::new(Knockout::new(players.len(), false));
    let mut first = RoundNo::FIRST;
    let mut rounds = Vec::new();
    loop {
        let slots = bracket.knockout.groups().first()?.clone();
        let start = first;
        let closed = loop {
            if bracket.knockout.is_finished() {
                break false;
            }
            let ties = bracket.ties(&players);
            let Ok(Stage::Over { outcomes, next }) = stage(t, &ties, first, upto) else {
                break false;
            };
            let before = bracket.knockout.clone();
            bracket = bracket.record_ties(outcomes).ok()?;
            first = next;
            if bracket.knockout != before {
                break true;
            }
        };
        let end = if closed { first } else { upto };
        let went_through: Vec<PlayerId> = (bracket.knockout.groups().first())
            .into_iter()
            .flatten()
            .flatten()
            .map(|&s| players[s])
            .collect();
        let ties: Vec<BracketTie> = slots
            .chunks(2)
            .filter(|pair| pair.iter().any(Option::is_some))
            .map(|pair| {
                let mut seeds: Vec<usize> = pair.iter().flatten().copied().collect();
                seeds.sort_unstable();
                let a = seeds.first().map(|&s| players[s]);
                let b = seeds.get(1).map(|&s| players[s]);
                let games: Vec<Game> = (t.games().iter())
                    .filter(|g| g.round >= start && g.round < end)
                    .filter(|g| {
                        [a, b]
                            .iter()
                            .all(|p| p.is_some_and(|p| g.colour_of(p).is_some()))
                    })
                    .cloned()
                    .collect();
                let mut tie = BracketTie {
                    first: a,
                    second: b,
                    games,
                    through: None,
                };
                let (wins_a, wins_b) = tie.score();
                tie.through = match (a, b) {
                    (Some(a), None) => Some(a),
                    _ if closed => [a, b]
                        .into_iter()
                        .flatten()
                        .find(|p| went_through.contains(p)),
                    (Some(a), Some(_)) if wins_a >= need => Some(a),
                    (Some(_), Some(b)) if wins_b >= need => Some(b),
                    _ => None,
                };
                tie
            })
            .collect();
        let finished = bracket.knockout.is_finished();
        if !closed && ties.len() > 1 {
            let waiting = ties
                .chunks(2)
                .map(|pair| BracketTie {
                    first: pair[0].through,
                    second: pair.get(1).and_then(|t| t.through),
                    games: Vec::new(),
                    through: None,
                })
                .collect();
            rounds.push(ties);
            rounds.push(waiting);
            return Some(rounds);
        }
        rounds.push(ties);
        if !closed || finished {
            return Some(rounds);
        }
    }
}
