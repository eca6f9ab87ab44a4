//! A team match's result from its board results: board points and match points.
//!
//! Board points are counted in half points (a win 1, a jigo ½, both lose 0),
//! which is OpenGotha's "WX2" (wins doubled) written with [`HalfPoints`]; the
//! match goes to the team with more board points (RFG 20.2 а, App. 4 §1.6).

use crate::core::round::{Colour, GameResult};
use crate::core::units::HalfPoints;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// How many match points a won, drawn and lost match are worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MatchScale {
    /// 2 / 1 / 0, OpenGotha's team points (TP).
    TwoOneZero,
    /// 1 / ½ / 0, RFG 20.2 а.
    OneHalfZero,
}

impl MatchScale {
    /// The match points of `outcome` on this scale.
    pub fn points(self, outcome: MatchOutcome) -> HalfPoints {
        match (self, outcome) {
            (_, MatchOutcome::Loss) => HalfPoints::ZERO,
            (MatchScale::TwoOneZero, MatchOutcome::Win) => HalfPoints::from_points(2),
            (MatchScale::TwoOneZero, MatchOutcome::Draw) => HalfPoints::ONE,
            (MatchScale::OneHalfZero, MatchOutcome::Win) => HalfPoints::ONE,
            (MatchScale::OneHalfZero, MatchOutcome::Draw) => HalfPoints::HALF,
        }
    }
}

/// How a match ended for one team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MatchOutcome {
    /// More board points than the opponent.
    Win,
    /// As many board points as the opponent.
    Draw,
    /// Fewer board points, or not admitted to play.
    Loss,
}

/// One board of a match between team A and team B.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BoardScore {
    /// The game's result.
    pub result: GameResult,
    /// The colour team A's player had.
    pub a_colour: Colour,
    /// Whether team A's player was entitled to play this board.
    pub a_entitled: bool,
    /// Whether team B's player was entitled to play this board.
    pub b_entitled: bool,
}

impl BoardScore {
    /// Board points of team A and team B; `None` while the result is unknown.
    pub fn points(&self) -> Option<(HalfPoints, HalfPoints)> {
        // RFG App. 4 §1.4: a game on a board the player had no right to is not
        // counted and his team loses the board; the opponent then wins it.
        match (self.a_entitled, self.b_entitled) {
            (false, false) => return Some((HalfPoints::ZERO, HalfPoints::ZERO)),
            (false, true) => return Some((HalfPoints::ZERO, HalfPoints::ONE)),
            (true, false) => return Some((HalfPoints::ONE, HalfPoints::ZERO)),
            (true, true) => {}
        }
        let winner = |c: Colour| match c {
            Colour::White => GameResult::WhiteWins,
            Colour::Black => GameResult::BlackWins,
        };
        let b_colour = match self.a_colour {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        };
        let of = |colour: Colour| match self.result {
            GameResult::Jigo => HalfPoints::HALF,
            GameResult::BothWin => HalfPoints::ONE,
            GameResult::BothLose => HalfPoints::ZERO,
            r if r == winner(colour) => HalfPoints::ONE,
            _ => HalfPoints::ZERO,
        };
        (self.result != GameResult::Unknown).then(|| (of(self.a_colour), of(b_colour)))
    }
}

/// One team's side of a match result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TeamScore {
    /// Board points, in half points.
    pub board_points: HalfPoints,
    /// How the match ended for the team.
    pub outcome: MatchOutcome,
}

impl TeamScore {
    /// The team's match points on `scale`.
    pub fn match_points(&self, scale: MatchScale) -> HalfPoints {
        scale.points(self.outcome)
    }
}

/// A finished match between team A and team B.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatchResult {
    /// Team A's side.
    pub a: TeamScore,
    /// Team B's side.
    pub b: TeamScore,
}

/// The result of a played match from its boards; `None` while any board's
/// result is unknown. Equal board points draw the match (RFG 20.2 а: 0.5).
pub fn played_match(boards: &[BoardScore]) -> Option<MatchResult> {
    let (mut a, mut b) = (HalfPoints::ZERO, HalfPoints::ZERO);
    for board in boards {
        let (pa, pb) = board.points()?;
        a += pa;
        b += pb;
    }
    let (outcome_a, outcome_b) = match a.cmp(&b) {
        Ordering::Greater => (MatchOutcome::Win, MatchOutcome::Loss),
        Ordering::Equal => (MatchOutcome::Draw, MatchOutcome::Draw),
        Ordering::Less => (MatchOutcome::Loss, MatchOutcome::Win),
    };
    Some(MatchResult {
        a: TeamScore {
            board_points: a,
            outcome: outcome_a,
        },
        b: TeamScore {
            board_points: b,
            outcome: outcome_b,
        },
    })
}

/// Which team was not admitted to play (fewer than half present, RFG App. 4 §1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NotAdmitted {
    /// Team A.
    A,
    /// Team B.
    B,
    /// Both teams.
    Both,
}

/// The result of a match a team was not admitted to (RFG App. 4 §1.4: "ей
/// засчитывается поражение"). Each of its `boards` is a technical loss for
/// absence (RFG 20.2), so a present opponent wins every board.
pub fn forfeited_match(not_admitted: NotAdmitted, boards: u8) -> MatchResult {
    let all = HalfPoints::ONE.scaled(i32::from(boards));
    let lost = TeamScore {
        board_points: HalfPoints::ZERO,
        outcome: MatchOutcome::Loss,
    };
    let won = TeamScore {
        board_points: all,
        outcome: MatchOutcome::Win,
    };
    match not_admitted {
        NotAdmitted::A => MatchResult { a: lost, b: won },
        NotAdmitted::B => MatchResult { a: won, b: lost },
        NotAdmitted::Both => MatchResult { a: lost, b: lost },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(result: GameResult, a_colour: Colour) -> BoardScore {
        BoardScore {
            result,
            a_colour,
            a_entitled: true,
            b_entitled: true,
        }
    }

    /// Match points of A and B on both scales, as (TwoOneZero, OneHalfZero) halves.
    fn match_points(result: &MatchResult) -> [(i32, i32); 2] {
        [MatchScale::TwoOneZero, MatchScale::OneHalfZero].map(|scale| {
            (
                result.a.match_points(scale).halves(),
                result.b.match_points(scale).halves(),
            )
        })
    }

    #[test]
    fn three_boards_to_one_win_the_match_on_both_scales() {
        let boards = [
            board(GameResult::BlackWins, Colour::Black),
            board(GameResult::BlackWins, Colour::White),
            board(GameResult::WhiteWins, Colour::White),
            board(GameResult::BlackWins, Colour::Black),
        ];
        let result = played_match(&boards).expect("every result is known");
        assert_eq!(result.a.board_points, HalfPoints::from_points(3));
        assert_eq!(result.b.board_points, HalfPoints::from_points(1));
        assert_eq!(match_points(&result), [(4, 0), (2, 0)]);
    }

    #[test]
    fn equal_board_points_draw_the_match_on_both_scales() {
        let boards = [
            board(GameResult::WhiteWins, Colour::White),
            board(GameResult::WhiteWins, Colour::Black),
            board(GameResult::Jigo, Colour::White),
            board(GameResult::Jigo, Colour::Black),
        ];
        let result = played_match(&boards).expect("every result is known");
        assert_eq!(result.a.board_points, HalfPoints::from_points(2));
        assert_eq!(match_points(&result), [(2, 2), (1, 1)]);
    }

    #[test]
    fn a_jigo_and_a_loss_lose_the_match_on_both_scales() {
        let boards = [
            board(GameResult::Jigo, Colour::Black),
            board(GameResult::WhiteWins, Colour::Black),
        ];
        let result = played_match(&boards).expect("every result is known");
        assert_eq!(result.a.board_points, HalfPoints::HALF);
        assert_eq!(result.b.board_points, HalfPoints::from_halves(3));
        assert_eq!(match_points(&result), [(0, 4), (0, 2)]);
    }

    #[test]
    fn both_losing_on_every_board_is_a_drawn_match_with_no_board_points() {
        let boards = [board(GameResult::BothLose, Colour::Black); 4];
        let result = played_match(&boards).expect("every result is known");
        assert_eq!(result.a.board_points, HalfPoints::ZERO);
        assert_eq!(result.b.board_points, HalfPoints::ZERO);
        assert_eq!(match_points(&result), [(2, 2), (1, 1)]);
    }

    #[test]
    fn an_unknown_board_result_leaves_the_match_undecided() {
        let boards = [
            board(GameResult::BlackWins, Colour::Black),
            board(GameResult::Unknown, Colour::White),
        ];
        assert_eq!(played_match(&boards), None);
    }

    #[test]
    fn a_win_on_a_board_the_player_was_not_entitled_to_is_a_loss_for_his_team() {
        let won_unentitled = BoardScore {
            a_entitled: false,
            ..board(GameResult::BlackWins, Colour::Black)
        };
        assert_eq!(
            won_unentitled.points(),
            Some((HalfPoints::ZERO, HalfPoints::ONE))
        );
        let both_unentitled = BoardScore {
            b_entitled: false,
            ..won_unentitled
        };
        assert_eq!(
            both_unentitled.points(),
            Some((HalfPoints::ZERO, HalfPoints::ZERO))
        );
    }

    #[test]
    fn a_team_not_admitted_loses_the_match_and_every_board() {
        let result = forfeited_match(NotAdmitted::B, 4);
        assert_eq!(result.a.board_points, HalfPoints::from_points(4));
        assert_eq!(result.b.board_points, HalfPoints::ZERO);
        assert_eq!(match_points(&result), [(4, 0), (2, 0)]);
        let both = forfeited_match(NotAdmitted::Both, 4);
        assert_eq!(match_points(&both), [(0, 0), (0, 0)]);
    }
}
