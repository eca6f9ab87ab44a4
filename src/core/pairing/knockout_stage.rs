//! One stage of a knockout: the ties of a bracket round (or of a round of a
//! double elimination), each a single game or a best-of-N series (RFG code
//! App. 7 §4–5; Ukrainian rules II.1, II.4), read back from the rounds
//! recorded since the stage began.
//!
//! Invariant: a stage's rounds hold exactly the games of its ties still being
//! played, or pairing stops with [`PairingError::BracketChanged`] rather than
//! guess; a tie decided early plays no further game.

use super::PairingError;
use super::colours::even_games;
use super::double_elimination::tie_outcome;
use super::knockout::Outcome;
use super::match_round::series_before;
use super::series::SeriesState;
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::round::{Game, GameResult};
use crate::core::tournament::Tournament;
use std::collections::HashMap;

/// A tie: the better seed, then the other; outcomes are the first's view.
pub type Tie = (PlayerId, PlayerId);

/// Where a stage stands at the round being paired.
#[derive(Debug)]
pub enum Stage {
    /// Every tie is decided, one outcome per tie; the next stage begins in `next`.
    Over {
        /// The outcome of each tie, in order.
        outcomes: Vec<Outcome>,
        /// The round the next stage begins in.
        next: RoundNo,
    },
    /// The round being paired plays these games of the stage.
    Playing(Vec<Game>),
}

/// The stage of `ties` begun in round `first`, as round `round` finds it.
/// Single games are even with colours drawn at the board, the better seed
/// listed as White until they are known; a series gives the other player
/// Black in its first game and swaps colours every game.
pub fn stage(
    t: &Tournament,
    ties: &[Tie],
    first: RoundNo,
    round: RoundNo,
) -> Result<Stage, PairingError> {
    if t.settings().best_of <= 1 {
        if first == round {
            return Ok(Stage::Playing(even_games(
                t.settings(),
                round,
                ties.iter().copied(),
                false,
            )));
        }
        return Ok(Stage::Over {
            outcomes: single_games(t, first, ties)?,
            next: RoundNo::from_index(first.index() + 1),
        });
    }
    // A series lists its Black of game 1 first.
    let series_of = |tie: &Tie| (tie.1, tie.0);
    let mut r = first;
    loop {
        let series = ties
            .iter()
            .map(|tie| series_before(t, series_of(tie), first, r))
            .collect::<Result<Vec<_>, _>>()?;
        let outcomes: Option<Vec<Outcome>> = ties
            .iter()
            .zip(&series)
            .map(|(tie, s)| tie_outcome(s, tie.0))
            .collect();
        if let Some(outcomes) = outcomes.filter(|_| r > first) {
            return Ok(Stage::Over { outcomes, next: r });
        }
        let open: Vec<(PlayerId, PlayerId)> = series
            .iter()
            .filter_map(|s| match s.state() {
                SeriesState::Continue { next_black } => {
                    let (a, b) = s.players();
                    Some((if next_black == a { b } else { a }, next_black))
                }
                _ => None,
            })
            .collect();
        if r == round {
            return Ok(Stage::Playing(even_games(t.settings(), round, open, true)));
        }
        let recorded = t.games().iter().filter(|g| g.round == r).count();
        let all_there = open.iter().all(|&(white, black)| {
            t.games().iter().any(|g| {
                g.round == r && g.colour_of(white).is_some() && g.colour_of(black).is_some()
            })
        });
        if recorded != open.len() || !all_there {
            return Err(PairingError::BracketChanged { round: r });
        }
        r = RoundNo::from_index(r.index() + 1);
    }
}

/// The outcomes of `ties` as the single games of `round` recorded them, in
/// order; the round must hold exactly those games, in either colours, each
/// with a result that names one winner, none, or a jigo.
fn single_games(
    t: &Tournament,
    round: RoundNo,
    ties: &[Tie],
) -> Result<Vec<Outcome>, PairingError> {
    let unordered = |a: PlayerId, b: PlayerId| if a < b { (a, b) } else { (b, a) };
    let recorded: Vec<&Game> = t.games().iter().filter(|g| g.round == round).collect();
    let by_pair: HashMap<_, _> = recorded
        .iter()
        .map(|g| (unordered(g.white, g.black), *g))
        .collect();
    let games = ties
        .iter()
        .map(|&(a, b)| Some((a, by_pair.get(&unordered(a, b))?)))
        .collect::<Option<Vec<_>>>()
        .filter(|games| games.len() == recorded.len())
        .ok_or(PairingError::BracketChanged { round })?;
    games
        .into_iter()
        .map(|(first, game)| match game.result {
            GameResult::WhiteWins if game.white == first => Ok(Outcome::FirstWins),
            GameResult::BlackWins if game.black == first => Ok(Outcome::FirstWins),
            GameResult::WhiteWins | GameResult::BlackWins => Ok(Outcome::SecondWins),
            GameResult::Jigo => Ok(Outcome::Drawn),
            GameResult::BothLose => Ok(Outcome::Neither),
            GameResult::BothWin => Err(PairingError::BothWon(round)),
            GameResult::Unknown => Err(PairingError::ResultsMissing(round)),
        })
        .collect()
}
