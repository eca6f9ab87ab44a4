//! Results on the boards: checked against the game, recorded, and how
//! the game was actually played and ended.

use super::{Tournament, TournamentError};
use crate::core::ids::{BoardNo, RoundNo};
use crate::core::round::Game;
use crate::core::units::HalfPoints;

impl Tournament {
    /// The game on a board, if `result` is one it can have had: a jigo is
    /// played only under integer komi (a jigo by default is the organiser's
    /// scoring, not a count on the board, so it stays possible).
    pub fn check_result(
        &self,
        round: RoundNo,
        board: BoardNo,
        result: crate::core::round::GameResult,
        origin: crate::core::round::ResultOrigin,
    ) -> Result<&Game, TournamentError> {
        let game = self
            .game_on(round, board)
            .ok_or(TournamentError::NoSuchBoard { round, board })?;
        if result == crate::core::round::GameResult::Jigo
            && origin == crate::core::round::ResultOrigin::Played
        {
            if game.komi.halves() % 2 != 0 {
                return Err(TournamentError::ImpossibleJigo { round, board });
            }
            if let Some(winner) = self.tie_winner(game) {
                return Err(TournamentError::TieGoesTo {
                    round,
                    board,
                    winner,
                });
            }
        }
        Ok(game)
    }

    /// A result entered by hand (results page, API): [`Self::check_result`],
    /// then [`Self::set_result`]. Returns the game as it was.
    pub fn enter_result(
        &mut self,
        round: RoundNo,
        board: BoardNo,
        result: crate::core::round::GameResult,
        origin: crate::core::round::ResultOrigin,
    ) -> Result<Game, TournamentError> {
        self.check_result(round, board, result, origin)?;
        self.set_result(round, board, result, origin)
    }

    /// Records how a game was actually played (EGF GTR "Colour or handicap
    /// error", RFG 22.1): with the colours swapped, the winner stays the
    /// winner; with another handicap, the stones placed.
    pub fn record_played(
        &mut self,
        round: RoundNo,
        board: BoardNo,
        colours_swapped: bool,
        handicap: Option<u8>,
    ) -> Result<(), TournamentError> {
        use crate::core::round::GameResult::{BlackWins, WhiteWins};
        let game = self
            .games
            .iter_mut()
            .find(|g| g.round == round && g.board == board)
            .ok_or(TournamentError::NoSuchBoard { round, board })?;
        if colours_swapped {
            std::mem::swap(&mut game.white, &mut game.black);
            game.result = match game.result {
                WhiteWins => BlackWins,
                BlackWins => WhiteWins,
                other => other,
            };
            game.colours_known = true;
        }
        if let Some(stones) = handicap {
            game.handicap = stones;
        }
        Ok(())
    }

    /// Sets a game's result and how it arose; returns the game as it was.
    /// It judges nothing but the board: replaying a stored log must not fail.
    pub fn set_result(
        &mut self,
        round: RoundNo,
        board: BoardNo,
        result: crate::core::round::GameResult,
        origin: crate::core::round::ResultOrigin,
    ) -> Result<Game, TournamentError> {
        let game = self
            .games
            .iter_mut()
            .find(|g| g.round == round && g.board == board)
            .ok_or(TournamentError::NoSuchBoard { round, board })?;
        let before = game.clone();
        // How the game ended belongs to the result it was given with.
        if (game.result, game.origin) != (result, origin) {
            game.method = None;
        }
        game.result = result;
        game.origin = origin;
        Ok(before)
    }

    /// Checks how a result came about against the game and the time
    /// system: a method needs a winner on the board; a counted margin has
    /// the komi's half point (the board's points are whole), and 0 only
    /// under integer komi, where the tie rule gave the win (GTR
    /// "Komi"); a loss on time needs a time limit (GTR "Loss on time").
    pub fn check_method(
        &self,
        round: RoundNo,
        board: BoardNo,
        result: crate::core::round::GameResult,
        origin: crate::core::round::ResultOrigin,
        method: crate::core::round::Method,
    ) -> Result<(), TournamentError> {
        use crate::core::round::{GameResult, Method, ResultOrigin};
        let game = self
            .game_on(round, board)
            .ok_or(TournamentError::NoSuchBoard { round, board })?;
        let won = matches!(result, GameResult::WhiteWins | GameResult::BlackWins);
        if !won || origin != ResultOrigin::Played {
            return Err(TournamentError::MethodWithoutWinner { round, board });
        }
        match method {
            Method::Count(margin) => {
                // No count gives more than the whole board and the komi.
                let size = i32::from(self.settings.rules.board_size);
                let most = HalfPoints::from_points(size * size)
                    + HalfPoints::from_halves(game.komi.halves().saturating_abs());
                let tie = self.tie_winner(game);
                if margin.halves() < 0
                    || margin > most
                    || (margin.halves() - game.komi.halves()) % 2 != 0
                    || (margin == HalfPoints::ZERO && tie.is_none())
                {
                    return Err(TournamentError::ImpossibleMargin {
                        round,
                        board,
                        margin,
                        komi: game.komi,
                    });
                }
                let winner = match result {
                    GameResult::BlackWins => crate::core::round::Colour::Black,
                    _ => crate::core::round::Colour::White,
                };
                if let Some(tie) = tie.filter(|t| margin == HalfPoints::ZERO && *t != winner) {
                    return Err(TournamentError::TieGoesTo {
                        round,
                        board,
                        winner: tie,
                    });
                }
            }
            Method::Time if !self.settings.time.has_limit() => {
                return Err(TournamentError::NoTimeLimit { round, board });
            }
            Method::Time | Method::Resignation => {}
        }
        Ok(())
    }

    /// The colour an equal count gives `game` to under the rules of play,
    /// `None` where it is a jigo (as the referee's count decides it).
    fn tie_winner(&self, game: &Game) -> Option<crate::core::round::Colour> {
        use crate::core::settings::TieRule;
        match crate::core::rules::counting::Board::of(&self.settings.rules, game).tie_rule {
            TieRule::BlackWins => Some(crate::core::round::Colour::Black),
            TieRule::WhiteWins => Some(crate::core::round::Colour::White),
            TieRule::Jigo => None,
        }
    }

    /// Records how the game on `board` ended, after [`Self::check_method`].
    pub fn set_method(
        &mut self,
        round: RoundNo,
        board: BoardNo,
        method: Option<crate::core::round::Method>,
    ) -> Result<(), TournamentError> {
        let game = self
            .games
            .iter_mut()
            .find(|g| g.round == round && g.board == board)
            .ok_or(TournamentError::NoSuchBoard { round, board })?;
        game.method = method;
        Ok(())
    }
}
