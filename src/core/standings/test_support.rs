//! Builders for small hand-made tournaments in standings tests.

use super::standings;
use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::player::Player;
use crate::core::rank::Rank;
use crate::core::round::{Bye, Game, GameResult, ResultOrigin};
use crate::core::settings::Settings;
use crate::core::standings::Criterion;
use crate::core::tournament::Tournament;
use crate::core::units::HalfPoints;

/// A tournament of `rounds` rounds ordered by `criteria` (the system follows the first).
pub(crate) fn tournament(rounds: u32, criteria: &[Criterion]) -> Tournament {
    Tournament::new(Settings {
        number_of_rounds: rounds,
        system: Settings::system_from_criteria(criteria),
        placement: criteria.to_vec(),
        ..Settings::default()
    })
}

/// Registers a player named `name` with `rank` (e.g. `"5k"`).
pub(crate) fn player(t: &mut Tournament, name: &str, rank: &str) -> PlayerId {
    t.register(Player::new(
        PlayerId(0),
        name,
        "",
        rank.parse().unwrap_or(Rank::Kyu(30)),
    ))
}

/// Adds a game; `result` as written on a result sheet: `"1-0"` White wins,
/// `"0-1"` Black wins, `"="` jigo, `"0-0"` both lose, `"1-1"` both win,
/// with a trailing `!` for a result by default.
pub(crate) fn game(t: &mut Tournament, round: u32, white: PlayerId, black: PlayerId, result: &str) {
    handicap_game(t, round, white, black, 0, result);
}

/// Adds a game with `handicap` stones.
pub(crate) fn handicap_game(
    t: &mut Tournament,
    round: u32,
    white: PlayerId,
    black: PlayerId,
    handicap: u8,
    result: &str,
) {
    let (text, origin) = match result.strip_suffix('!') {
        Some(r) => (r, ResultOrigin::ByDefault),
        None => (result, ResultOrigin::Played),
    };
    let result = match text {
        "1-0" => GameResult::WhiteWins,
        "0-1" => GameResult::BlackWins,
        "=" => GameResult::Jigo,
        "0-0" => GameResult::BothLose,
        "1-1" => GameResult::BothWin,
        _ => GameResult::Unknown,
    };
    let board = t.games().iter().filter(|g| g.round.get() == round).count() as u32 + 1;
    t.add_game(Game {
        round: RoundNo::new(round).expect("rounds start at 1"),
        board: BoardNo::new(board).expect("boards start at 1"),
        white,
        black,
        handicap,
        komi: HalfPoints::from_halves(13),
        result,
        origin,
        colours_known: true,
        method: None,
    })
    .expect("a valid game");
}

/// Gives `player` the bye of `round`.
pub(crate) fn bye(t: &mut Tournament, round: u32, player: PlayerId) {
    t.give_bye(Bye {
        round: RoundNo::new(round).expect("rounds start at 1"),
        player,
    })
    .expect("a valid bye");
}

/// Declares `player` absent from `round`.
pub(crate) fn absent(t: &mut Tournament, round: u32, player: PlayerId) {
    let round = RoundNo::new(round).expect("rounds start at 1");
    t.set_participation(player, round, false)
        .expect("a registered player");
}

/// The value of `criterion` for `player` after `rounds`, as printed.
pub(crate) fn value(
    t: &Tournament,
    rounds: u32,
    criteria: &[Criterion],
    player: PlayerId,
) -> Vec<String> {
    let s = standings(t, rounds, criteria);
    let row = s
        .rows
        .iter()
        .find(|r| r.player == player)
        .expect("player is listed");
    row.values.iter().map(ToString::to_string).collect()
}

pub(crate) fn last(t: &Tournament, rounds: u32, criterion: Criterion, player: PlayerId) -> String {
    value(t, rounds, &[criterion], player).remove(0)
}

pub(crate) fn with_settings(t: &mut Tournament, change: impl FnOnce(&mut Settings)) {
    let mut s = t.settings().clone();
    change(&mut s);
    t.set_settings(s);
}

pub(crate) fn points(p: i32) -> Option<HalfPoints> {
    Some(HalfPoints::from_points(p))
}

/// A, B, C, D play a round robin: A beats all, B beats C and D, C beats D.
pub(crate) fn round_robin(criteria: &[Criterion]) -> (Tournament, [PlayerId; 4]) {
    let mut t = tournament(3, criteria);
    let [a, b, c, d] = ["A", "B", "C", "D"].map(|n| player(&mut t, n, "1d"));
    game(&mut t, 1, a, b, "1-0");
    game(&mut t, 1, c, d, "1-0");
    game(&mut t, 2, a, c, "1-0");
    game(&mut t, 2, b, d, "1-0");
    game(&mut t, 3, a, d, "1-0");
    game(&mut t, 3, b, c, "1-0");
    (t, [a, b, c, d])
}
