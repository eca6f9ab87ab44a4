//! The MacMahon 3.9 sample (`tests/samples/macmahon39.xml`) imports whole.

use tengen::core::formats::macmahon;
use tengen::core::{
    BoardNo, Bye, GameResult, PlayerId, Rank, Rating, Registration, ResultOrigin, RoundNo, System,
};

#[test]
fn the_sample_imports_players_settings_games_and_byes() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/samples/macmahon39.xml");
    let t = macmahon::import_bytes(&std::fs::read(path).expect("the sample")).unwrap();
    let s = t.settings();
    assert_eq!(s.general.name, "Hamburg Spring Open 2025");
    assert_eq!(s.general.short_name, "Hamburg-Spring-Open-2025");
    assert_eq!((s.system, s.number_of_rounds), (System::McMahon, 3));
    assert_eq!(
        (s.mcmahon.bar, s.mcmahon.floor),
        (Rank::Dan(2), Rank::Kyu(15))
    );
    let h = s.handicap;
    assert_eq!(
        (
            h.based_on_mms,
            h.no_handicap_threshold,
            h.correction,
            h.ceiling
        ),
        (true, Rank::Dan(1), 1, 7)
    );

    let players: Vec<_> = t
        .players()
        .iter()
        .map(|p| {
            (
                p.name.as_str(),
                p.first_name.as_str(),
                p.country.as_str(),
                p.club.as_str(),
                p.rank,
            )
        })
        .collect();
    assert_eq!(
        players,
        [
            ("Brandt", "Katharina", "DE", "Hamb", Rank::Dan(3)),
            ("Иванов", "Пётр", "RU", "Mosk", Rank::Dan(1)),
            ("山田", "太郎", "JP", "Toky", Rank::Kyu(2)),
            ("Rossi", "Luca", "IT", "Mila", Rank::Kyu(5)),
            ("Nováková", "Petra", "CZ", "Brno", Rank::Kyu(8)),
        ]
    );
    let p = t.players();
    assert_eq!(
        (p[0].egf_pin.as_str(), p[0].rating, p[0].smms_correction),
        ("12034567", Rating::new(2280), 1)
    );
    assert_eq!(p[3].registration, Registration::Preliminary);
    assert!(!p[4].participation.plays(RoundNo::new(3).unwrap()));
    assert!(p[4].participation.plays(RoundNo::new(2).unwrap()));

    let games: Vec<_> = t
        .games()
        .iter()
        .map(|g| {
            (
                g.round.get(),
                g.board,
                g.white.0,
                g.black.0,
                g.handicap,
                g.result,
                g.origin,
            )
        })
        .collect();
    let b = |n| BoardNo::new(n).unwrap();
    assert_eq!(
        games,
        [
            (
                1,
                b(1),
                1,
                2,
                0,
                GameResult::WhiteWins,
                ResultOrigin::Played
            ),
            (
                1,
                b(2),
                3,
                4,
                2,
                GameResult::BlackWins,
                ResultOrigin::Played
            ),
            (
                2,
                b(1),
                1,
                3,
                3,
                GameResult::WhiteWins,
                ResultOrigin::Played
            ),
            (
                2,
                b(2),
                2,
                5,
                7,
                GameResult::BlackWins,
                ResultOrigin::RefereeDecision
            ),
            (
                3,
                b(1),
                1,
                4,
                6,
                GameResult::WhiteWins,
                ResultOrigin::ByDefault
            ),
            (3, b(2), 2, 3, 2, GameResult::Unknown, ResultOrigin::Played),
        ]
    );
    assert_eq!(
        t.byes(),
        &[
            Bye {
                round: RoundNo::new(1).unwrap(),
                player: PlayerId(5)
            },
            Bye {
                round: RoundNo::new(2).unwrap(),
                player: PlayerId(4)
            },
        ]
    );
}
