//! The standings as tab-separated text, in the layout of the OpenGotha
//! reference outputs: `place name firstName rank <criteria…> [NBW] [MMS] [catPlace]`.

use crate::core::rank::Rank;
use crate::core::standings::{Criterion, scores, standings};
use crate::core::tournament::Tournament;
use crate::core::units::Ratio;
use std::fmt::Write as _;

/// Scores shown after the criteria when they are not among them.
const EXTRA: [Criterion; 2] = [Criterion::Nbw, Criterion::Mms];

/// The standings after `rounds` rounds, ordered by the tournament's own
/// placement criteria, one line per player after a header line.
pub fn render(tournament: &Tournament, rounds: u32) -> String {
    let criteria = &tournament.settings().placement;
    let extra: Vec<Criterion> = EXTRA
        .into_iter()
        .filter(|c| !criteria.contains(c))
        .collect();
    let table = standings(tournament, rounds, criteria);
    let sheet = scores(tournament, rounds);
    let categories = tournament.settings().number_of_categories() > 1;
    let mut out = String::from("place\tname\tfirstName\trank");
    for c in criteria.iter().chain(&extra) {
        let _ = write!(out, "\t{c}");
    }
    if categories {
        out.push_str("\tcatPlace");
    }
    out.push('\n');
    for row in &table.rows {
        let Some(p) = tournament.player(row.player) else {
            continue;
        };
        // OpenGotha prints ranks from its own scale, where professionals are 7d–9d.
        let rank = Rank::from_opengotha_value(p.rank.opengotha_value());
        let _ = write!(out, "{}\t{}\t{}\t{rank}", row.place, p.name, p.first_name);
        for (c, v) in criteria.iter().zip(&row.values) {
            let _ = write!(out, "\t{}", shown(*c, *v));
        }
        for c in &extra {
            let score = match c {
                Criterion::Nbw => sheet.nbw(p.id),
                _ => sheet.mms(p.id),
            };
            let _ = write!(out, "\t{}", score.unwrap_or_default());
        }
        if categories {
            let _ = write!(out, "\t{}", row.category_place);
        }
        out.push('\n');
    }
    out
}

/// A criterion value as printed; categories sort as −category but print from 1.
pub fn shown(criterion: Criterion, value: Ratio) -> String {
    match criterion {
        Criterion::Cat => (1 - value.numerator()).to_string(),
        _ => value.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ids::{BoardNo, PlayerId, RoundNo};
    use crate::core::player::Player;
    use crate::core::round::{Game, GameResult, ResultOrigin};
    use crate::core::settings::Settings;
    use crate::core::units::HalfPoints;

    #[test]
    fn the_table_shows_the_criteria_then_nbw_mms_and_the_category_place() {
        // A 2p counts as 7d, held at the 4d bar: start MMS 33.
        let mut t = Tournament::new(Settings {
            placement: vec![Criterion::Cat, Criterion::Sosw],
            category_limits: vec![Rank::Kyu(5)],
            ..Settings::default()
        });
        let strong = t.register(Player::new(PlayerId(0), "Kim", "Ha", Rank::Pro(2)));
        let weak = t.register(Player::new(PlayerId(0), "Lee", "Bo", Rank::Kyu(9)));
        t.register(Player::new(PlayerId(0), "Idle", "", Rank::Kyu(9)));
        t.add_game(Game {
            round: RoundNo::FIRST,
            board: BoardNo::new(1).unwrap(),
            white: strong,
            black: weak,
            handicap: 0,
            komi: HalfPoints::from_halves(13),
            result: GameResult::Jigo,
            origin: ResultOrigin::Played,
            colours_known: true,
            method: None,
        })
        .unwrap();
        let expected = "place\tname\tfirstName\trank\tCAT\tSOSW\tNBW\tMMS\tcatPlace\n\
                        1\tKim\tHa\t7D\t1\t0.5\t0.5\t33.5\t1\n\
                        2\tLee\tBo\t9K\t2\t0.5\t0.5\t21.5\t1\n";
        assert_eq!(render(&t, 1), expected);
    }
}
