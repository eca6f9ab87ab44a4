//! Builders for discipline tests: four players, round 1 paired on two boards.

use super::log::{Act, GameRef, Log, Moment, Official, Players, Reason};
use super::sanction::{Sanction, SanctionKind};
use super::settings::DisciplineSettings;
use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::player::Player;
use crate::core::rank::Rank;
use crate::core::round::{Game, GameResult, ResultOrigin};
use crate::core::settings::Settings;
use crate::core::tournament::Tournament;
use crate::core::units::HalfPoints;

/// `m` minutes after a fixed start.
pub(crate) fn minute(m: i64) -> Moment {
    Moment::from_unix_seconds(1_700_000_000 + m * 60)
}

/// The referee of every test.
pub(crate) fn referee() -> Official {
    Official::new("Referee Rita").unwrap()
}

/// EGF settings.
pub(crate) fn settings() -> DisciplineSettings {
    DisciplineSettings::default()
}

/// A game of `round` on `board`, no result yet.
pub(crate) fn game(round: u32, board: u32, white: PlayerId, black: PlayerId) -> Game {
    Game {
        round: RoundNo::new(round).unwrap(),
        board: BoardNo::new(board).unwrap(),
        white,
        black,
        handicap: 0,
        komi: HalfPoints::from_halves(13),
        result: GameResult::Unknown,
        origin: ResultOrigin::Played,
        colours_known: true,
        method: None,
    }
}

/// The game on `board` of `round`.
pub(crate) fn at(round: u32, board: u32) -> GameRef {
    GameRef {
        round: RoundNo::new(round).unwrap(),
        board: BoardNo::new(board).unwrap(),
    }
}

/// Board 1 of round 1 (A White, B Black).
pub(crate) fn board1() -> GameRef {
    at(1, 1)
}

/// Board 2 of round 1 (C White, D Black).
pub(crate) fn board2() -> GameRef {
    at(1, 2)
}

/// Five rounds, players A B C D; round 1: A–B on board 1, C–D on board 2.
pub(crate) fn four_players_round_one() -> (Tournament, [PlayerId; 4]) {
    let mut t = Tournament::new(Settings::default());
    let ids =
        ["A", "B", "C", "D"].map(|n| t.register(Player::new(PlayerId(0), n, n, Rank::Kyu(5))));
    let [a, b, c, d] = ids;
    t.record_pairing(
        RoundNo::FIRST,
        vec![game(1, 1, a, b), game(1, 2, c, d)],
        None,
    )
    .unwrap();
    (t, ids)
}

/// Sets the result entered for a game.
pub(crate) fn enter(t: &mut Tournament, game: GameRef, result: GameResult) {
    t.set_result(game.round, game.board, result, ResultOrigin::Played)
        .unwrap();
}

/// The referee starts round `round` at `when`.
pub(crate) fn start_round(log: &mut Log, t: &Tournament, round: u32, when: Moment) {
    let act = Act::StartRound {
        round: RoundNo::new(round).unwrap(),
        board: None,
    };
    log.record(t, &settings(), when, referee(), act).unwrap();
}

/// A sanction act with a reason.
pub(crate) fn sanction(kind: SanctionKind) -> Act {
    Act::Sanction(Sanction {
        kind,
        reason: Reason::new("noted by the referee").unwrap(),
        violation: None,
    })
}

/// A warning to `player` in `game`.
pub(crate) fn warn(game: GameRef, player: PlayerId) -> Act {
    sanction(SanctionKind::Warning {
        game,
        players: Players::One(player),
    })
}

/// A game forfeit for `player`.
pub(crate) fn forfeit_act(game: GameRef, player: PlayerId) -> Act {
    sanction(SanctionKind::GameForfeit {
        game,
        players: Players::One(player),
    })
}

/// A committee member who does not play.
pub(crate) fn member(name: &str) -> super::committee::Member {
    super::committee::Member {
        name: Official::new(name).unwrap(),
        player: None,
    }
}

/// A committee member who plays as `player`.
pub(crate) fn playing_member(name: &str, player: PlayerId) -> super::committee::Member {
    super::committee::Member {
        player: Some(player),
        ..member(name)
    }
}
