//! From a team pairing to its individual games: who plays whom on each board,
//! with which colour and handicap.
//!
//! RFG App. 4 §1.3: board 1's colour comes from the draw, the team's odd
//! boards take it and its even boards the other colour. A handicap game
//! overrides that: the weaker player takes Black, as in any handicap game.

use super::lineup::LineUp;
use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::round::Colour;
use serde::{Deserialize, Serialize};

/// Where team A's colour on board 1 comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BoardOneColour {
    /// The draw (or the team pairing) gave team A this colour.
    Drawn(Colour),
    /// Nothing fixes it: team A takes `round_one` in odd rounds, the other colour in even ones.
    Alternating {
        /// Team A's board-1 colour in round 1.
        round_one: Colour,
    },
}

impl BoardOneColour {
    /// Team A's colour on board 1 in `round`.
    pub fn in_round(self, round: RoundNo) -> Colour {
        match self {
            BoardOneColour::Drawn(colour) => colour,
            BoardOneColour::Alternating { round_one } if round.get() % 2 == 1 => round_one,
            BoardOneColour::Alternating { round_one } => other(round_one),
        }
    }
}

/// The other colour.
fn other(colour: Colour) -> Colour {
    match colour {
        Colour::Black => Colour::White,
        Colour::White => Colour::Black,
    }
}

/// Team A's colour on `board` in an even game, given its colour on board 1
/// (RFG App. 4 §1.3: odd boards as board 1, even boards the opposite).
pub fn colour_on_board(board_one: Colour, board: BoardNo) -> Colour {
    if board.get() % 2 == 1 {
        board_one
    } else {
        other(board_one)
    }
}

/// One individual game of a team match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BoardPairing {
    /// The board inside the match, from 1.
    pub board: BoardNo,
    /// The player with White.
    pub white: PlayerId,
    /// The player with Black.
    pub black: PlayerId,
    /// Handicap stones (0 = even game).
    pub handicap: u8,
    /// The colour team A's player has.
    pub a_colour: Colour,
}

/// The games of the match between team A (`a`) and team B (`b`) in `round`.
/// `signed_handicap(a_player, b_player)` is the handicap, positive when A's
/// player is the stronger, as `pairing::colours::signed_handicap` computes it;
/// an even event passes `|_, _| 0`. A board empty on either side has no game.
pub fn board_games(
    round: RoundNo,
    board_one: BoardOneColour,
    a: &LineUp,
    b: &LineUp,
    signed_handicap: impl Fn(PlayerId, PlayerId) -> i32,
) -> Vec<BoardPairing> {
    let a_board_one = board_one.in_round(round);
    a.seats()
        .zip(b.boards.iter().copied())
        .filter_map(|((board, a_player), b_player)| {
            let (a_player, b_player) = (a_player?, b_player?);
            let handicap = signed_handicap(a_player, b_player);
            let a_colour = match handicap.signum() {
                1 => Colour::White,
                -1 => Colour::Black,
                _ => colour_on_board(a_board_one, board),
            };
            let (white, black) = match a_colour {
                Colour::White => (a_player, b_player),
                Colour::Black => (b_player, a_player),
            };
            Some(BoardPairing {
                board,
                white,
                black,
                handicap: u8::try_from(handicap.unsigned_abs()).unwrap_or(u8::MAX),
                a_colour,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::round::Colour::{Black as B, White as W};

    fn round(n: u32) -> RoundNo {
        RoundNo::new(n).expect("rounds count from 1")
    }

    fn team(first: u32, boards: u32) -> LineUp {
        LineUp {
            boards: (first..first + boards)
                .map(|id| Some(PlayerId(id)))
                .collect(),
        }
    }

    fn a_colours(games: &[BoardPairing]) -> Vec<Colour> {
        games.iter().map(|g| g.a_colour).collect()
    }

    #[test]
    fn three_boards_alternate_down_the_boards_and_flip_in_round_two() {
        let colour = BoardOneColour::Alternating { round_one: B };
        let (a, b) = (team(1, 3), team(11, 3));
        let first = board_games(round(1), colour, &a, &b, |_, _| 0);
        assert_eq!(a_colours(&first), [B, W, B]);
        assert_eq!(
            (first[0].black, first[0].white, first[1].white),
            (PlayerId(1), PlayerId(11), PlayerId(2))
        );
        let second = board_games(round(2), colour, &a, &b, |_, _| 0);
        assert_eq!(a_colours(&second), [W, B, W]);
    }

    #[test]
    fn four_boards_alternate_down_the_boards_and_flip_in_round_two() {
        let colour = BoardOneColour::Alternating { round_one: W };
        let (a, b) = (team(1, 4), team(11, 4));
        let first = board_games(round(1), colour, &a, &b, |_, _| 0);
        assert_eq!(a_colours(&first), [W, B, W, B]);
        let second = board_games(round(2), colour, &a, &b, |_, _| 0);
        assert_eq!(a_colours(&second), [B, W, B, W]);
    }

    #[test]
    fn a_drawn_board_one_colour_holds_in_every_round() {
        let colour = BoardOneColour::Drawn(B);
        let (a, b) = (team(1, 4), team(11, 4));
        for r in [1, 2] {
            let games = board_games(round(r), colour, &a, &b, |_, _| 0);
            assert_eq!(a_colours(&games), [B, W, B, W]);
        }
    }

    #[test]
    fn in_a_handicap_game_the_weaker_player_takes_black_whatever_the_board() {
        let (a, b) = (team(1, 2), team(11, 2));
        // A's board-1 player is 2 grades stronger; A's board-2 player 3 weaker.
        let handicap = |x: PlayerId, _: PlayerId| if x == PlayerId(1) { 2 } else { -3 };
        let games = board_games(round(1), BoardOneColour::Drawn(B), &a, &b, handicap);
        assert_eq!(a_colours(&games), [W, B]);
        assert_eq!((games[0].handicap, games[1].handicap), (2, 3));
        assert_eq!(
            (games[1].black, games[1].white),
            (PlayerId(2), PlayerId(12))
        );
    }

    #[test]
    fn a_board_empty_on_one_side_has_no_game() {
        let a = team(1, 3);
        let b = LineUp {
            boards: vec![Some(PlayerId(11)), None, Some(PlayerId(13))],
        };
        let games = board_games(round(1), BoardOneColour::Drawn(B), &a, &b, |_, _| 0);
        let boards: Vec<u32> = games.iter().map(|g| g.board.get()).collect();
        assert_eq!(boards, [1, 3]);
        assert_eq!(a_colours(&games), [B, B]);
    }
}
