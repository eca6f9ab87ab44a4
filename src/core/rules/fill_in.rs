//! WMSG 2008 fill-in counting (Appendix 1): the result of an even 19×19 game
//! from what the referee sees once both players have filled their territory.
//!
//! Each side has 180 stones (Gen. 2), three of White's stand for 6 points of
//! komi in Black's territory (Proc. 3), so 360 stones fill 361 points and
//! exactly one point stays empty: in the winning territory, or a seki point.

use super::scoring::Outcome;
use crate::core::round::Colour;
use crate::core::settings::TieRule;
use crate::core::units::HalfPoints;
use serde::{Deserialize, Serialize};

/// Points of the 19×19 board.
const BOARD_POINTS: u32 = 361;
/// Stones of each colour in a container (Gen. 2, Proc. 1).
const STONES_PER_COLOUR: u32 = 180;
/// Komi in WMSG fill-in counting (Gen. 3): 6½, of which 6 are three white stones (Proc. 3).
const KOMI: HalfPoints = HalfPoints::from_halves(13);

/// What the referee counts in the "winning territory" after filling in (Proc. 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FillIn {
    /// Whose territory is left partly unfilled.
    pub owner: Colour,
    /// Unfilled points in it: 1 point each (Proc. 7).
    pub empty_points: u32,
    /// The opponent's "losing stones" placed in it: 2 points each (Proc. 5, 7).
    pub losing_stones: u32,
    /// Whether a single shared seki point stays unfilled (Proc. 6).
    pub seki_point_unfilled: bool,
    /// Whether Black made the last move: one more point to White (Gen. 4).
    pub black_moved_last: bool,
}

/// A fill-in count that cannot be right.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FillInError {
    /// 360 stones on 361 points leave exactly one point empty.
    #[error(
        "{counted} empty points counted in the winning territory, but the filled board \
         leaves {expected}: recount the stones"
    )]
    EmptyPoints {
        /// What the referee counted.
        counted: u32,
        /// What the board allows (1, or 0 with an unfilled seki point).
        expected: u32,
    },
    /// More losing stones than a player has.
    #[error("{0} losing stones: a player has only {STONES_PER_COLOUR}")]
    TooManyLosingStones(u32),
    /// Areas larger than the board.
    #[error("Black's {black} and White's {white} points are more than the board's {BOARD_POINTS}")]
    Areas {
        /// Black's area.
        black: u32,
        /// White's area.
        white: u32,
    },
}

/// The colours whose stones, counted at the start or after counting, are
/// not the 180 each side has (Gen. 2, Proc. 1, Proc. 9): the referee
/// reviews the count before it stands. A count left out is not checked.
pub fn stones_to_review(black: Option<u32>, white: Option<u32>) -> Vec<(Colour, u32)> {
    [(Colour::Black, black), (Colour::White, white)]
        .into_iter()
        .filter_map(|(colour, n)| n.filter(|n| *n != STONES_PER_COLOUR).map(|n| (colour, n)))
        .collect()
}

impl FillIn {
    /// The result by the formula of Proc. 8.
    pub fn outcome(&self) -> Result<Outcome, FillInError> {
        let expected = if self.seki_point_unfilled { 0 } else { 1 };
        if self.empty_points != expected {
            return Err(FillInError::EmptyPoints {
                counted: self.empty_points,
                expected,
            });
        }
        if self.losing_stones > STONES_PER_COLOUR {
            return Err(FillInError::TooManyLosingStones(self.losing_stones));
        }
        let winning_territory =
            HalfPoints::from_points((self.empty_points + 2 * self.losing_stones) as i32);
        let rest = HalfPoints::HALF + last_move_point(self.black_moved_last);
        // Proc. 8: Black's result is WT − 0.5 − (1 or 0); White's win is WT + 0.5 + (1 or 0).
        let black_margin = match self.owner {
            Colour::Black => winning_territory - rest,
            Colour::White => -(winning_territory + rest),
        };
        Ok(Outcome::of_margin(black_margin, TieRule::Jigo))
    }
}

/// The same result from both sides' areas (stones plus territory; seki points
/// belong to neither), the cross-check of the fill-in: Black's margin is
/// `B − W − 6.5 − (1 or 0)`.
pub fn outcome_from_areas(
    black_area: u32,
    white_area: u32,
    black_moved_last: bool,
) -> Result<Outcome, FillInError> {
    if u64::from(black_area) + u64::from(white_area) > u64::from(BOARD_POINTS) {
        return Err(FillInError::Areas {
            black: black_area,
            white: white_area,
        });
    }
    let difference = HalfPoints::from_points(black_area as i32 - white_area as i32);
    let black_margin = difference - KOMI - last_move_point(black_moved_last);
    Ok(Outcome::of_margin(black_margin, TieRule::Jigo))
}

fn last_move_point(black_moved_last: bool) -> HalfPoints {
    if black_moved_last {
        HalfPoints::ONE
    } else {
        HalfPoints::ZERO
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_colour_counted_at_other_than_180_stones_is_flagged_for_review() {
        assert_eq!(stones_to_review(Some(180), Some(180)), []);
        assert_eq!(stones_to_review(Some(179), None), [(Colour::Black, 179)]);
        assert_eq!(
            stones_to_review(Some(181), Some(178)),
            [(Colour::Black, 181), (Colour::White, 178)]
        );
    }
    use crate::core::round::GameResult;

    fn fill_in(owner: Colour, empty_points: u32, losing_stones: u32, last: bool) -> FillIn {
        FillIn {
            owner,
            empty_points,
            losing_stones,
            seki_point_unfilled: false,
            black_moved_last: last,
        }
    }

    fn shown(result: Result<Outcome, FillInError>) -> String {
        result.map_or_else(|e| e.to_string(), |o| o.to_string())
    }

    #[test]
    fn game_one_of_the_text_is_lost_by_black_by_half_a_point() {
        // Example Game 1: 279 moves, Black moved last, Black's winning territory is 1 point.
        let counted = fill_in(Colour::Black, 1, 0, true).outcome();
        assert_eq!(shown(counted), "W+0.5");
        // The same game by areas: Black 184, White 177.
        assert_eq!(shown(outcome_from_areas(184, 177, true)), "W+0.5");
    }

    #[test]
    fn losing_stones_count_two_points_each() {
        // Requirement tests 32, 33 and 35.
        assert_eq!(
            shown(fill_in(Colour::Black, 1, 6, false).outcome()),
            "B+12.5"
        );
        assert_eq!(shown(outcome_from_areas(190, 171, false)), "B+12.5");
        assert_eq!(
            shown(fill_in(Colour::White, 1, 12, false).outcome()),
            "W+25.5"
        );
        assert_eq!(shown(outcome_from_areas(171, 190, false)), "W+25.5");
        assert_eq!(
            shown(fill_in(Colour::Black, 1, 3, false).outcome()),
            "B+6.5"
        );
    }

    #[test]
    fn white_gains_the_half_point_and_the_last_move_point() {
        // Requirement test 34: 1 + 0.5 + 1.
        assert_eq!(shown(fill_in(Colour::White, 1, 0, true).outcome()), "W+2.5");
    }

    #[test]
    fn an_unfilled_seki_point_leaves_no_empty_point_in_the_winning_territory() {
        // Requirement tests 35b and §2.5: one seki point, B=184, W=176 → 1 losing stone.
        let mut one_seki = fill_in(Colour::Black, 0, 1, false);
        one_seki.seki_point_unfilled = true;
        assert_eq!(shown(one_seki.outcome()), "B+1.5");
        assert_eq!(shown(outcome_from_areas(184, 176, false)), "B+1.5");
        let mut nothing = fill_in(Colour::Black, 0, 0, false);
        nothing.seki_point_unfilled = true;
        assert_eq!(nothing.outcome().unwrap().result, GameResult::WhiteWins);
        assert_eq!(shown(outcome_from_areas(183, 177, false)), "W+0.5");
        // Two seki points, filled one each (Proc. 6): B=184, W=175 → WT 1 + 2 = 3.
        assert_eq!(
            shown(fill_in(Colour::Black, 1, 1, false).outcome()),
            "B+2.5"
        );
        assert_eq!(shown(outcome_from_areas(184, 175, false)), "B+2.5");
    }

    #[test]
    fn a_fill_in_result_is_never_a_tie() {
        for owner in [Colour::Black, Colour::White] {
            for stones in 0..=STONES_PER_COLOUR {
                for last in [false, true] {
                    let outcome = fill_in(owner, 1, stones, last).outcome().unwrap();
                    assert_ne!(outcome.result, GameResult::Jigo);
                    assert_eq!(outcome.margin.halves() % 2, 1);
                }
            }
        }
    }

    #[test]
    fn impossible_counts_are_refused() {
        assert_eq!(
            fill_in(Colour::Black, 2, 0, false).outcome(),
            Err(FillInError::EmptyPoints {
                counted: 2,
                expected: 1
            })
        );
        assert_eq!(
            fill_in(Colour::White, 1, 181, false).outcome(),
            Err(FillInError::TooManyLosingStones(181))
        );
        assert_eq!(
            outcome_from_areas(190, 175, false),
            Err(FillInError::Areas {
                black: 190,
                white: 175
            })
        );
    }
}
