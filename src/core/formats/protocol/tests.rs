//! The protocol: lines in standings order, cells, and its CSV as Excel opens it.

use super::*;
use crate::core::ids::BoardNo;
use crate::core::player::Player;
use crate::core::round::{Bye, Game};
use crate::core::settings::{PanelMember, Settings};
use crate::core::units::HalfPoints;

const WORDS: CellWords = CellWords {
    white: "б",
    black: "ч",
    bye: "своб.",
};

fn game(round: u32, board: u32, white: PlayerId, black: PlayerId) -> Game {
    Game {
        round: RoundNo::new(round).unwrap(),
        board: BoardNo::new(board).unwrap(),
        white,
        black,
        handicap: 0,
        komi: HalfPoints::from_halves(13),
        result: GameResult::WhiteWins,
        origin: ResultOrigin::Played,
        colours_known: true,
        method: None,
    }
}

/// Five Swiss players over two rounds, placed on wins alone: Анна wins
/// both; Борис (a win by default) and Глеб (a handicap win) tie on one;
/// Вера (absent in round 2) and Дина (a bye, then a loss by default) on none.
fn small_tournament() -> (Tournament, [PlayerId; 5]) {
    let mut settings = Settings {
        system: System::Swiss,
        number_of_rounds: 2,
        placement: vec![Criterion::Nbw],
        ..Settings::default()
    };
    settings.general.name = "Кубок «Тенгена»".into();
    settings.general.panel.chief_referee = PanelMember {
        name: "Иванов И. И.".into(),
        category: "судья всероссийской категории".into(),
    };
    let mut t = Tournament::new(settings);
    let mut add = |name: &str, rank| {
        let mut p = Player::new(PlayerId(0), name, "", rank);
        p.club = "Київ".into();
        t.register(p)
    };
    let ids = [
        add("Анна", Rank::Dan(2)),
        add("Борис", Rank::Kyu(1)),
        add("Вера", Rank::Kyu(1)),
        add("Глеб", Rank::Kyu(5)),
        add("Дина", Rank::Kyu(8)),
    ];
    let [a, b, v, g, d] = ids;
    t.add_game(game(1, 1, a, b)).unwrap();
    t.add_game(Game {
        handicap: 3,
        komi: HalfPoints::HALF,
        result: GameResult::BlackWins,
        ..game(1, 2, v, g)
    })
    .unwrap();
    t.give_bye(Bye {
        round: RoundNo::FIRST,
        player: d,
    })
    .unwrap();
    t.add_game(Game {
        result: GameResult::BlackWins,
        ..game(2, 1, g, a)
    })
    .unwrap();
    t.add_game(Game {
        origin: ResultOrigin::ByDefault,
        ..game(2, 2, b, d)
    })
    .unwrap();
    (t, ids)
}

#[test]
fn lines_follow_the_standings_and_equal_players_share_a_range_of_places() {
    let (t, _) = small_tournament();
    let p = protocol(&t, 2);
    let summary: Vec<(u32, String, &str)> = p
        .lines
        .iter()
        .map(|l| (l.number, l.place.to_string(), l.surname.as_str()))
        .collect();
    assert_eq!(
        summary,
        [
            (1, "1".into(), "Анна"),
            (2, "2–3".into(), "Борис"),
            (3, "2–3".into(), "Глеб"),
            (4, "4–5".into(), "Вера"),
            (5, "4–5".into(), "Дина"),
        ]
    );
    assert_eq!(p.lines[0].club, "Київ");
    assert_eq!(p.lines[0].values, [Ratio::new(2, 1)]);
}

#[test]
fn cells_name_the_opponents_number_colour_result_handicap_and_forfeit() {
    let (t, _) = small_tournament();
    let p = protocol(&t, 2);
    let texts: Vec<Vec<String>> = p
        .lines
        .iter()
        .map(|l| l.cells.iter().map(|c| c.text(&WORDS)).collect())
        .collect();
    assert_eq!(
        texts,
        [
            ["2+/б", "3+/ч"],
            ["1−/ч", "5+!/б"],
            ["4+/ч3", "1−/б"],
            ["3−/б3", "—"],
            ["своб.", "2−!/ч"],
        ]
    );
    assert_eq!(
        p.lines[2].cells[0],
        Cell::Game {
            opponent: 4,
            colour: Some(Colour::Black),
            outcome: Outcome::Win,
            by_default: false,
            handicap: 3
        }
    );
}

#[test]
fn the_csv_opens_in_a_russian_excel_with_cyrillic_and_semicolons() {
    let (t, _) = small_tournament();
    let p = protocol(&t, 2);
    let words = Words {
        title: "Итоговый протокол",
        header: vec![("Система".into(), "Швейцарская; 2 тура".into())],
        columns: ["№", "Место", "Фамилия", "Имя", "Разряд", "Клуб, город"],
        round: "Тур",
        cells: WORDS,
        decimal_comma: true,
        roles: ["Директор", "Главный судья", "Главный секретарь", "Судья"],
    };
    let text = csv(&p, &words);
    let expected = "\u{feff}Итоговый протокол\r\n\
                        Кубок «Тенгена»\r\n\
                        Система;\"Швейцарская; 2 тура\"\r\n\
                        \r\n\
                        №;Место;Фамилия;Имя;Разряд;Клуб, город;Тур 1;Тур 2;NBW\r\n\
                        1;1;Анна;;2D;Київ;2+/б;3+/ч;2\r\n\
                        2;2–3;Борис;;1K;Київ;1−/ч;5+!/б;1\r\n\
                        3;2–3;Глеб;;5K;Київ;4+/ч3;1−/б;1\r\n\
                        4;4–5;Вера;;1K;Київ;3−/б3;—;0\r\n\
                        5;4–5;Дина;;8K;Київ;своб.;2−!/ч;0\r\n\
                        \r\n\
                        Главный судья;Иванов И. И.;судья всероссийской категории\r\n";
    assert_eq!(text, expected);
}

#[test]
fn decimals_take_a_comma_only_when_asked() {
    let half = Ratio::new(25, 2);
    assert_eq!(value(Criterion::Sosw, half, true), "12,5");
    assert_eq!(value(Criterion::Sosw, half, false), "12.5");
}

/// Ukrainian rules XIII.6: no sports ranks are awarded in an inclusive
/// event, so its protocol reports no rank norms, whatever was written.
#[test]
fn an_inclusive_events_protocol_reports_no_rank_norms() {
    let (mut t, _) = small_tournament();
    let mut settings = t.settings().clone();
    settings.general.rank_norms = "Анна — КМС".into();
    t.set_settings(settings.clone());
    assert_eq!(
        protocol(&t, 2).rank_norms,
        RankNorms::Fulfilled("Анна — КМС".into())
    );
    settings.admission.inclusive = true;
    t.set_settings(settings);
    assert_eq!(protocol(&t, 2).rank_norms, RankNorms::NotAwarded);
}
