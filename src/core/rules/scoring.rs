//! The result of a counted game: from what the board shows, komi and
//! penalties to a winner and a margin, with the tie rule deciding an equal
//! count.
//!
//! Margins stay in half points; a tie is a margin of exactly zero.

use crate::core::round::GameResult;
use crate::core::settings::TieRule;
use crate::core::units::HalfPoints;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Ing overtime periods a player may buy (EGF GTR "Other overtime systems").
pub const MAX_ING_PERIODS: u8 = 3;

/// What the referee counts at the end of a game, before komi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Count {
    /// Black's score minus White's on the board: area, or territory plus prisoners.
    pub black_minus_white: HalfPoints,
    /// Whether Black made the last move (counts only under WMSG fill-in, Gen. 4).
    pub black_moved_last: bool,
    /// Ing overtime periods Black entered.
    pub black_overtime_periods: u8,
    /// Ing overtime periods White entered.
    pub white_overtime_periods: u8,
}

impl Count {
    /// A count with no last-move point and no overtime periods.
    pub fn board(black_minus_white: HalfPoints) -> Self {
        Count {
            black_minus_white,
            black_moved_last: false,
            black_overtime_periods: 0,
            white_overtime_periods: 0,
        }
    }

    /// Black's Ing penalty minus White's: 2 points a period (EGF GTR "Other overtime systems").
    pub(super) fn penalty(&self) -> Result<HalfPoints, CountError> {
        for (colour, periods) in [
            ("Black", self.black_overtime_periods),
            ("White", self.white_overtime_periods),
        ] {
            if periods > MAX_ING_PERIODS {
                return Err(CountError::TooManyOvertimePeriods { colour, periods });
            }
        }
        let periods =
            i32::from(self.black_overtime_periods) - i32::from(self.white_overtime_periods);
        Ok(HalfPoints::from_points(2).scaled(periods))
    }
}

/// A count that cannot be scored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    /// More Ing overtime periods than can be bought; exceeding the third loses on time.
    #[error(
        "{colour} entered {periods} Ing overtime periods: at most {MAX_ING_PERIODS}, \
         exceeding the third loses on time"
    )]
    TooManyOvertimePeriods {
        /// `Black` or `White`.
        colour: &'static str,
        /// Periods entered.
        periods: u8,
    },
}

/// The result of a counted game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Who won: `BlackWins`, `WhiteWins` or `Jigo`.
    pub result: GameResult,
    /// The winner's margin (zero for a tie).
    pub margin: HalfPoints,
    /// Whether the count was equal and the tie rule named the winner.
    pub tie_broken: bool,
}

impl Outcome {
    /// The outcome of Black's final margin (komi and penalties applied).
    pub fn of_margin(black_margin: HalfPoints, tie_rule: TieRule) -> Self {
        let (result, tie_broken) = match black_margin {
            m if m > HalfPoints::ZERO => (GameResult::BlackWins, false),
            m if m < HalfPoints::ZERO => (GameResult::WhiteWins, false),
            _ => match tie_rule {
                TieRule::Jigo => (GameResult::Jigo, false),
                TieRule::BlackWins => (GameResult::BlackWins, true),
                TieRule::WhiteWins => (GameResult::WhiteWins, true),
            },
        };
        let margin = if black_margin < HalfPoints::ZERO {
            -black_margin
        } else {
            black_margin
        };
        Outcome {
            result,
            margin,
            tie_broken,
        }
    }
}

impl fmt::Display for Outcome {
    /// `B+3.5`, `W+0.5`, `Jigo`; a tie given to a colour is `B+0` or `W+0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.result {
            GameResult::BlackWins => write!(f, "B+{}", self.margin),
            GameResult::WhiteWins => write!(f, "W+{}", self.margin),
            _ => f.write_str("Jigo"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(n: i32) -> HalfPoints {
        HalfPoints::from_points(n)
    }

    #[test]
    fn the_tie_rule_decides_only_an_equal_count() {
        let jigo = Outcome::of_margin(HalfPoints::ZERO, TieRule::Jigo);
        assert_eq!((jigo.result, jigo.tie_broken), (GameResult::Jigo, false));
        assert_eq!(jigo.to_string(), "Jigo");
        let white = Outcome::of_margin(HalfPoints::ZERO, TieRule::WhiteWins);
        assert_eq!(
            (white.result, white.tie_broken),
            (GameResult::WhiteWins, true)
        );
        assert_eq!(white.to_string(), "W+0");
        let black = Outcome::of_margin(HalfPoints::ZERO, TieRule::BlackWins);
        assert_eq!(black.to_string(), "B+0");
        let lost = Outcome::of_margin(HalfPoints::from_halves(-7), TieRule::BlackWins);
        assert_eq!(
            (lost.result, lost.tie_broken),
            (GameResult::WhiteWins, false)
        );
        assert_eq!(lost.to_string(), "W+3.5");
    }

    #[test]
    fn ing_periods_cost_two_points_each() {
        // GTR testable rules 46–48: Black +1 after komi, then 1 period → White by 1.
        let mut count = Count::board(points(9));
        count.black_overtime_periods = 1;
        assert_eq!(count.penalty(), Ok(points(2)));
        count.white_overtime_periods = 1;
        assert_eq!(count.penalty(), Ok(HalfPoints::ZERO));
        count.white_overtime_periods = 4;
        assert_eq!(
            count.penalty(),
            Err(CountError::TooManyOvertimePeriods {
                colour: "White",
                periods: 4
            })
        );
    }
}
