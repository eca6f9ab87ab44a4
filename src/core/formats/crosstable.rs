//! The crosstable (wallchart): for each player in standings order, what
//! happened in each round, written as European wallcharts do: the
//! opponent's place, `+` win, `-` loss, `=` jigo, then `/w` or `/b` and the
//! handicap (`/b2`); `!` marks a result by default.

use crate::core::ids::{PlayerId, RoundNo};
use crate::core::round::{Colour, GameResult, ResultOrigin};
use crate::core::standings::Standings;
use crate::core::tournament::Tournament;
use std::collections::HashMap;

/// A bye's cell, as wallcharts write it; pages say it in the reader's words.
pub const BYE: &str = "bye";

/// One cell of the crosstable.
pub fn cell(
    tournament: &Tournament,
    places: &HashMap<PlayerId, u32>,
    player: PlayerId,
    round: RoundNo,
) -> String {
    if tournament
        .byes()
        .iter()
        .any(|b| b.round == round && b.player == player)
    {
        return BYE.into();
    }
    let Some(game) = tournament
        .games()
        .iter()
        .find(|g| g.round == round && g.colour_of(player).is_some())
    else {
        return "—".into();
    };
    let opponent = game
        .opponent_of(player)
        .expect("the player is in this game");
    let place = places
        .get(&opponent)
        .map_or_else(|| "?".to_string(), u32::to_string);
    let outcome = match (game.result, game.colour_of(player)) {
        (GameResult::Unknown, _) => "?",
        (GameResult::Jigo, _) => "=",
        (GameResult::BothWin, _) => "+",
        (GameResult::BothLose, _) => "-",
        (GameResult::WhiteWins, Some(Colour::White))
        | (GameResult::BlackWins, Some(Colour::Black)) => "+",
        _ => "-",
    };
    let forfeit = if game.origin == ResultOrigin::ByDefault {
        "!"
    } else {
        ""
    };
    let colour = match game.colour_of(player) {
        Some(Colour::White) => "w",
        _ => "b",
    };
    let handicap = if game.handicap > 0 {
        game.handicap.to_string()
    } else {
        String::new()
    };
    format!("{place}{outcome}{forfeit}/{colour}{handicap}")
}

/// Every row's cells for rounds 1..=`rounds`.
pub fn table(tournament: &Tournament, standings: &Standings) -> Vec<Vec<String>> {
    let places: HashMap<PlayerId, u32> =
        standings.rows.iter().map(|r| (r.player, r.place)).collect();
    standings
        .rows
        .iter()
        .map(|row| {
            (1..=standings.rounds)
                .filter_map(RoundNo::new)
                .map(|round| cell(tournament, &places, row.player, round))
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ids::BoardNo;
    use crate::core::player::Player;
    use crate::core::rank::Rank;
    use crate::core::round::{Bye, Game};
    use crate::core::settings::Settings;
    use crate::core::standings::standings;
    use crate::core::units::HalfPoints;

    #[test]
    fn cells_name_the_opponents_place_the_outcome_and_the_colour() {
        let mut t = Tournament::new(Settings::default());
        let a = t.register(Player::new(PlayerId(0), "A", "a", Rank::Dan(1)));
        let b = t.register(Player::new(PlayerId(0), "B", "b", Rank::Kyu(2)));
        let c = t.register(Player::new(PlayerId(0), "C", "c", Rank::Kyu(3)));
        t.add_game(Game {
            round: RoundNo::FIRST,
            board: BoardNo::new(1).unwrap(),
            white: a,
            black: b,
            handicap: 2,
            komi: HalfPoints::HALF,
            result: GameResult::BlackWins,
            origin: ResultOrigin::ByDefault,
            colours_known: true,
            method: None,
        })
        .unwrap();
        t.give_bye(Bye {
            round: RoundNo::FIRST,
            player: c,
        })
        .unwrap();
        let table_ = standings(&t, 1, &t.settings().placement.clone());
        let places: HashMap<PlayerId, u32> =
            table_.rows.iter().map(|r| (r.player, r.place)).collect();
        let pb = places[&b];
        assert_eq!(cell(&t, &places, a, RoundNo::FIRST), format!("{pb}-!/w2"));
        assert_eq!(cell(&t, &places, c, RoundNo::FIRST), "bye");
        assert_eq!(cell(&t, &places, c, RoundNo::new(2).unwrap()), "—");
    }
}
