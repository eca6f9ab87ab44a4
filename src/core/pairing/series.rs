//! A match of best-of-N games between two players (RFG code App. 7 §5;
//! Ukrainian rules II.1) and the score table of a match-tournament, a round
//! robin whose every meeting is such a match.
//!
//! Invariant: a series takes no game once it is decided, and it is decided as
//! soon as the side behind cannot catch up in the games left.

use crate::core::ids::PlayerId;
use crate::core::round::GameResult;
pub use crate::core::settings::JigoRule;
use crate::core::units::HalfPoints;

/// The settings of a series.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeriesRules {
    /// The number of games N the match is played over (II.1 "передбаченого числа партій").
    pub best_of: u32,
    /// What a jigo counts for.
    pub jigo: JigoRule,
}

/// Points of the two sides, in the order the series lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Score {
    /// The first-listed player's points.
    pub first: HalfPoints,
    /// The second-listed player's points.
    pub second: HalfPoints,
}

/// Where a series stands after its games so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeriesState {
    /// Another game is needed; `next_black` takes Black in it.
    Continue {
        /// The player with Black in the next game.
        next_black: PlayerId,
    },
    /// One side can no longer be caught.
    Decided {
        /// The player who won the series.
        winner: PlayerId,
        /// The final score.
        score: Score,
    },
    /// All N games are played and the score is level: RFG App. 7 §4.2 leaves it
    /// to a replay or the tie-break criteria.
    Tied {
        /// The final score.
        score: Score,
    },
}

/// Why a series cannot be set up or take a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SeriesError {
    /// A series needs at least one game.
    #[error("a series needs at least one game")]
    NoGames,
    /// The two sides of a series are the same player.
    #[error("player {0} cannot play a series against themselves")]
    SamePlayer(PlayerId),
    /// The player drawn to take Black first does not play in the series.
    #[error("player {0} does not play in this series")]
    NotInSeries(PlayerId),
    /// The series is decided or tied: no further game is played.
    #[error("the series is over")]
    Over,
    /// A game without a known result cannot be recorded.
    #[error("a game without a result cannot be recorded")]
    UnknownResult,
}

/// A best-of-N match between two players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Series {
    first: PlayerId,
    second: PlayerId,
    first_black: PlayerId,
    rules: SeriesRules,
    results: Vec<GameResult>,
}

impl Series {
    /// A series between `first` and `second`; `first_black`, drawn by nigiri
    /// or by lot (RFG App. 7 §4.3), takes Black in game 1.
    pub fn new(
        (first, second): (PlayerId, PlayerId),
        rules: SeriesRules,
        first_black: PlayerId,
    ) -> Result<Self, SeriesError> {
        if rules.best_of == 0 {
            return Err(SeriesError::NoGames);
        }
        if first == second {
            return Err(SeriesError::SamePlayer(first));
        }
        if first_black != first && first_black != second {
            return Err(SeriesError::NotInSeries(first_black));
        }
        Ok(Series {
            first,
            second,
            first_black,
            rules,
            results: Vec::new(),
        })
    }

    /// The two players, in the order the series lists them.
    pub fn players(&self) -> (PlayerId, PlayerId) {
        (self.first, self.second)
    }

    /// The player with Black in game `game` (0-based): colours swap every
    /// game, replayed ones included.
    fn black_in(&self, game: usize) -> PlayerId {
        match (game.is_multiple_of(2), self.first_black == self.first) {
            (true, true) | (false, false) => self.first,
            _ => self.second,
        }
    }

    /// The score so far.
    pub fn score(&self) -> Score {
        let mut score = Score::default();
        for (game, &result) in self.results.iter().enumerate() {
            let black_is_first = self.black_in(game) == self.first;
            let (black, white) = match result {
                GameResult::BlackWins => (HalfPoints::ONE, HalfPoints::ZERO),
                GameResult::WhiteWins => (HalfPoints::ZERO, HalfPoints::ONE),
                GameResult::BothWin => (HalfPoints::ONE, HalfPoints::ONE),
                GameResult::Jigo if self.rules.jigo == JigoRule::HalfPointEach => {
                    (HalfPoints::HALF, HalfPoints::HALF)
                }
                GameResult::Jigo | GameResult::BothLose | GameResult::Unknown => {
                    (HalfPoints::ZERO, HalfPoints::ZERO)
                }
            };
            let (first, second) = if black_is_first {
                (black, white)
            } else {
                (white, black)
            };
            score.first += first;
            score.second += second;
        }
        score
    }

    /// Where the series stands.
    pub fn state(&self) -> SeriesState {
        let counted = self
            .results
            .iter()
            .filter(|&&r| !(r == GameResult::Jigo && self.rules.jigo == JigoRule::Replayed))
            .count();
        let left = (self.rules.best_of as usize).saturating_sub(counted);
        let score = self.score();
        // One game moves the difference by at most one point.
        let catchable = HalfPoints::ONE.scaled(left as i32);
        if score.first - score.second > catchable {
            SeriesState::Decided {
                winner: self.first,
                score,
            }
        } else if score.second - score.first > catchable {
            SeriesState::Decided {
                winner: self.second,
                score,
            }
        } else if left == 0 {
            SeriesState::Tied { score }
        } else {
            SeriesState::Continue {
                next_black: self.black_in(self.results.len()),
            }
        }
    }

    /// Records the next game's result and says where the series stands.
    pub fn record(&mut self, result: GameResult) -> Result<SeriesState, SeriesError> {
        if !matches!(self.state(), SeriesState::Continue { .. }) {
            return Err(SeriesError::Over);
        }
        if result == GameResult::Unknown {
            return Err(SeriesError::UnknownResult);
        }
        self.results.push(result);
        Ok(self.state())
    }
}

/// One player's line in a match-tournament table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchRow {
    /// The player.
    pub player: PlayerId,
    /// 1 for a series won, ½ for one tied, 0 otherwise (as RFG App. 4 §1.6 scores team matches).
    pub match_points: HalfPoints,
    /// Points from the games of all the player's series.
    pub game_points: HalfPoints,
    /// The place: 1 + the rows strictly ahead, so equal rows share it (RFG App. 9 §1.1).
    pub place: usize,
}

/// The table of a match-tournament among `players`: by match points, then by
/// game points (the texts give no order; this follows the Ukrainian rules'
/// III.4 board points for teams). Series with other players are ignored.
pub fn match_tournament_table(players: &[PlayerId], series: &[Series]) -> Vec<MatchRow> {
    let mut rows: Vec<MatchRow> = players
        .iter()
        .map(|&player| MatchRow {
            player,
            match_points: HalfPoints::ZERO,
            game_points: HalfPoints::ZERO,
            place: 1,
        })
        .collect();
    for s in series {
        let (first, second) = s.players();
        let (Some(a), Some(b)) = (
            players.iter().position(|&p| p == first),
            players.iter().position(|&p| p == second),
        ) else {
            continue;
        };
        let score = s.score();
        rows[a].game_points += score.first;
        rows[b].game_points += score.second;
        match s.state() {
            SeriesState::Decided { winner, .. } => {
                rows[if winner == first { a } else { b }].match_points += HalfPoints::ONE;
            }
            SeriesState::Tied { .. } => {
                rows[a].match_points += HalfPoints::HALF;
                rows[b].match_points += HalfPoints::HALF;
            }
            SeriesState::Continue { .. } => {}
        }
    }
    let key = |r: &MatchRow| std::cmp::Reverse((r.match_points, r.game_points));
    rows.sort_by_key(key);
    let places: Vec<usize> = rows
        .iter()
        .map(|row| rows.iter().take_while(|r| key(r) < key(row)).count() + 1)
        .collect();
    for (row, place) in rows.iter_mut().zip(places) {
        row.place = place;
    }
    rows
}

#[cfg(test)]
#[path = "series_tests.rs"]
mod tests;
