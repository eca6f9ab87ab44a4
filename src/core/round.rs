//! Games, their results, and byes.

use super::ids::{BoardNo, PlayerId, RoundNo};
use super::units::HalfPoints;
use serde::{Deserialize, Serialize};

/// The result of a game, from the board's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum GameResult {
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// Jigo (draw): half a point each.
    Jigo,
    /// Both players lose (e.g. both absent, or both sanctioned).
    BothLose,
    /// Both players win (e.g. a referee's decision).
    BothWin,
    /// Not known yet.
    Unknown,
}

/// How a result came about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum ResultOrigin {
    /// The game was played on the board.
    Played,
    /// By default (forfeit): a player did not show up; OpenGotha's `_BYDEF`.
    ByDefault,
    /// Decided by the referee.
    RefereeDecision,
}

/// How a game won on the board ended, as the result sheet records it
/// (GTR "Resignation", "Loss on time", counting; RFG 11.3: `B+3.5`,
/// `W+R`, `W+T`). Together with [`GameResult`] and [`ResultOrigin`] it
/// names every kind of result: a forfeit is [`ResultOrigin::ByDefault`], a
/// referee's award [`ResultOrigin::RefereeDecision`], both-lose and jigo
/// are results of their own, and a count with margin 0 is a tie broken by
/// the tie rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Method {
    /// The loser resigned: no margin.
    Resignation,
    /// Counted: the winner's margin, in half points (so `0.5` is exact).
    Count(HalfPoints),
    /// The loser's time ran out (GTR "Loss on time"; Ukrainian rules:
    /// byo-yomi exhausted).
    Time,
}

/// One of the two colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// Black, who moves first.
    Black,
    /// White.
    White,
}

/// A game of one round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// The round the game belongs to.
    pub round: RoundNo,
    /// The board (table) number.
    pub board: BoardNo,
    /// The player with White.
    pub white: PlayerId,
    /// The player with Black.
    pub black: PlayerId,
    /// Handicap stones (0 = even game; 1 = no komi).
    pub handicap: u8,
    /// Komi given to White, in half points.
    pub komi: HalfPoints,
    /// The result.
    pub result: GameResult,
    /// How the result came about.
    pub origin: ResultOrigin,
    /// Whether the colours are known (OpenGotha `knownColor`).
    pub colours_known: bool,
    /// How the game ended, when the result sheet says so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<Method>,
}

impl Game {
    /// The colour `player` had in this game, if they played in it.
    pub fn colour_of(&self, player: PlayerId) -> Option<Colour> {
        if player == self.white {
            Some(Colour::White)
        } else if player == self.black {
            Some(Colour::Black)
        } else {
            None
        }
    }

    /// The other player of the game, if `player` played in it.
    pub fn opponent_of(&self, player: PlayerId) -> Option<PlayerId> {
        match self.colour_of(player)? {
            Colour::White => Some(self.black),
            Colour::Black => Some(self.white),
        }
    }

    /// The points `player` earns from this game: 1 for a win (or both win), ½ for jigo.
    pub fn points_of(&self, player: PlayerId) -> HalfPoints {
        match (self.result, self.colour_of(player)) {
            (_, None) => HalfPoints::ZERO,
            (GameResult::WhiteWins, Some(Colour::White))
            | (GameResult::BlackWins, Some(Colour::Black))
            | (GameResult::BothWin, Some(_)) => HalfPoints::ONE,
            (GameResult::Jigo, Some(_)) => HalfPoints::HALF,
            _ => HalfPoints::ZERO,
        }
    }

    /// Whether `player` won this game (both-win counts as a win).
    pub fn is_won_by(&self, player: PlayerId) -> bool {
        self.points_of(player) == HalfPoints::ONE
    }

    /// Whether the game was actually played: a known result that is not by default.
    pub fn was_played(&self) -> bool {
        self.result != GameResult::Unknown && self.origin != ResultOrigin::ByDefault
    }
}

/// A bye: `player` has no opponent in `round`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bye {
    /// The round.
    pub round: RoundNo,
    /// The player without an opponent.
    pub player: PlayerId,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(result: GameResult, origin: ResultOrigin) -> Game {
        Game {
            round: RoundNo::FIRST,
            board: BoardNo::new(1).unwrap(),
            white: PlayerId(1),
            black: PlayerId(2),
            handicap: 0,
            komi: HalfPoints::from_halves(13),
            result,
            origin,
            colours_known: true,
            method: None,
        }
    }

    #[test]
    fn points_follow_the_result() {
        let g = game(GameResult::Jigo, ResultOrigin::Played);
        assert_eq!(g.points_of(PlayerId(1)), HalfPoints::HALF);
        let g = game(GameResult::BothLose, ResultOrigin::Played);
        assert_eq!(g.points_of(PlayerId(2)), HalfPoints::ZERO);
        let g = game(GameResult::BothWin, ResultOrigin::RefereeDecision);
        assert!(g.is_won_by(PlayerId(1)) && g.is_won_by(PlayerId(2)));
        assert_eq!(g.points_of(PlayerId(3)), HalfPoints::ZERO);
    }

    #[test]
    fn a_forfeit_is_not_a_played_game() {
        assert!(!game(GameResult::WhiteWins, ResultOrigin::ByDefault).was_played());
        assert!(!game(GameResult::Unknown, ResultOrigin::Played).was_played());
        assert!(game(GameResult::BlackWins, ResultOrigin::RefereeDecision).was_played());
        assert_eq!(
            game(GameResult::Jigo, ResultOrigin::Played).opponent_of(PlayerId(2)),
            Some(PlayerId(1))
        );
    }
}
