//! h9 files as the EGD, OpenGotha and Pairgoth write them, and every
//! malformed line named.

use super::*;
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::rank::Rank;
use crate::core::round::{Bye, Game, GameResult, ResultOrigin};
use crate::core::settings::{Overtime, System};
use crate::core::standings::Criterion;
use crate::core::tournament::Tournament;
use crate::core::units::HalfPoints;

use crate::core::round::Colour;

fn read(text: &str) -> Tournament {
    import(text).unwrap_or_else(|e| panic!("{e:?}"))
}

fn problems(text: &str) -> Vec<(usize, H9Problem)> {
    import(text)
        .expect_err("the file should be refused")
        .into_iter()
        .map(|e| (e.line, e.problem))
        .collect()
}

/// The game `a` (1-based line index) played in round `r`.
fn game_of(t: &Tournament, r: u32, a: u32) -> &Game {
    t.games()
        .iter()
        .find(|g| g.round.get() == r && g.colour_of(PlayerId(a)).is_some())
        .unwrap_or_else(|| panic!("player {a} has no game in round {r}"))
}

const SPEC: &str = "\
; CL[B]
; EV[Spring Cup]
; PC[DE,Berlin]
; DT[2025-04-12,2025-04-13]
; HA[h1]
; KM[7]
   1 Meyer_Anna        2D DE Berl    3+/w     2+/b    4+/w5
   2 Novak Petr        1D CZ Brno    4+/b     1-/w    3+/w
   3 Rossi Luca        2K IT Mila    1-/b     5=      2-/b
   4 Smith John       10K UK Lond    2-/w     0-      1-/b5
   5 Weiss Eva        12K DE Berl    0+       3=      0-
";

#[test]
fn the_spec_short_forms_read_as_games_byes_and_absences() {
    let t = read(SPEC);
    let s = t.settings();
    assert_eq!(s.number_of_rounds, 3);
    assert_eq!(s.general.name, "Spring Cup");
    assert_eq!(s.general.short_name, "Spring-Cup");
    assert_eq!(s.general.location, "Berlin, DE");
    assert_eq!(
        (s.general.begin_date.as_str(), s.general.end_date.as_str()),
        ("2025-04-12", "2025-04-13")
    );
    assert_eq!(s.rules.komi, HalfPoints::from_points(7));
    assert_eq!(s.handicap.correction, 1);
    assert_eq!(s.system, System::Swiss);
    let anna = &t.players()[0];
    assert_eq!(
        (anna.name.as_str(), anna.first_name.as_str()),
        ("Meyer", "Anna")
    );
    assert_eq!((anna.country.as_str(), anna.club.as_str()), ("DE", "Berl"));
    assert_eq!(t.players()[3].rank, Rank::Kyu(10));
    assert_eq!(t.games().len(), 6);
    // `23+/w`: a win with White, no handicap.
    let g = game_of(&t, 1, 1);
    assert_eq!(
        (g.white, g.black, g.result, g.handicap),
        (PlayerId(1), PlayerId(3), GameResult::WhiteWins, 0)
    );
    // `11-/b5`: a loss with Black and five stones.
    let g = game_of(&t, 3, 4);
    assert_eq!(
        (g.white, g.black, g.result, g.handicap),
        (PlayerId(1), PlayerId(4), GameResult::WhiteWins, 5)
    );
    // `35=`: a jigo, colours not written.
    let g = game_of(&t, 2, 5);
    assert_eq!((g.result, g.colours_known), (GameResult::Jigo, false));
    // `0+`: the bye, worth a win; `0-`: absent.
    assert_eq!(
        t.byes(),
        &[Bye {
            round: RoundNo::FIRST,
            player: PlayerId(5)
        }]
    );
    assert_eq!(s.unplayed.nbw_bye, HalfPoints::ONE);
    assert_eq!(s.unplayed.nbw_absent, HalfPoints::ZERO);
    let second = RoundNo::new(2).unwrap();
    assert!(!t.players()[3].participation.plays(second));
    assert!(!t.players()[4].participation.plays(RoundNo::new(3).unwrap()));
    assert!(t.players()[4].participation.plays(second));
}

#[test]
fn pairgoths_line_reads_with_its_criteria_and_pin() {
    let t = read(
        "; Pl Name                            Rk Co Club      MMS     SOS
   1 Dupont_Leroy Marie_Claire       3D FR Pari     32.5      5     2+/w0    2+/w2 |12345678
   2 Van_Der_Berg Jan                1D NL Amst     30        5     1-/b0    1-/b2 |23456789
",
    );
    let p = &t.players()[0];
    assert_eq!(
        (p.name.as_str(), p.first_name.as_str()),
        ("Dupont Leroy", "Marie Claire")
    );
    assert_eq!(
        (p.egf_pin.as_str(), t.players()[1].egf_pin.as_str()),
        ("12345678", "23456789")
    );
    assert_eq!(t.players()[1].name, "Van Der Berg");
    assert_eq!(t.settings().system, System::McMahon);
    assert_eq!(t.settings().number_of_rounds, 2);
    assert_eq!(game_of(&t, 2, 1).handicap, 2);
}

#[test]
fn opengotha_full_format_with_ties_and_unwritable_halves_reads() {
    // `11?` and `254?` are 11½ and 254½ in ISO-8859-15; the second line's place is blank (a tie).
    let t = read(
        "; Pl Name                            Rk Co Club  MMS  SOSSOSOS
   1 1533 ???                       30K XX xxxx  11?  51? 254?    2=/b0    0+       3?/w0
     Kaya Toprak_Iskender           12K TR  Ank  11?   51  255    1=/w0    3+/b0    0-   
   3 Sulak Alper                     4K TR 35Re   10   52 253?    0+       2-/w0    1?/b0
",
    );
    assert_eq!(t.settings().number_of_rounds, 3);
    let names: Vec<_> = t
        .players()
        .iter()
        .map(|p| {
            (
                p.name.as_str(),
                p.first_name.as_str(),
                p.country.as_str(),
                p.club.as_str(),
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            ("1533", "???", "", ""),
            ("Kaya", "Toprak Iskender", "TR", "Ank"),
            ("Sulak", "Alper", "TR", "35Re")
        ]
    );
    let g = game_of(&t, 1, 1);
    assert_eq!(
        (g.white, g.result, g.colours_known),
        (PlayerId(2), GameResult::Jigo, true)
    );
    assert_eq!(game_of(&t, 2, 2).result, GameResult::BlackWins);
    assert_eq!(game_of(&t, 3, 1).result, GameResult::Unknown);
    assert_eq!(
        game_of(&t, 3, 1).colour_of(PlayerId(1)),
        Some(Colour::White)
    );
    let byes: Vec<_> = t.byes().iter().map(|b| (b.round.get(), b.player)).collect();
    assert_eq!(byes, [(1, PlayerId(3)), (2, PlayerId(1))]);
}

#[test]
fn opengotha_short_format_and_by_default_read() {
    let t = read(
        "; Pl Name                            Rk Co Club  NBW  SOSSOSOS
   1 Palomino Yerdervy              11K XX xxxx    2   27  182 0       2+       3+!
   2 Puerta Loli                     8K XX xxxx    1   26  177 0       1-       0+ 
   3 Perez_Wilke Abel                5K XX xxxx    0   28  174 0       0+       1-!
",
    );
    assert_eq!(t.settings().system, System::Swiss);
    let g = game_of(&t, 1, 1);
    assert_eq!(
        (g.result == GameResult::Unknown, g.colours_known, g.origin),
        (false, false, ResultOrigin::Played)
    );
    assert_eq!(t.players()[2].name, "Perez Wilke");
    assert_eq!(t.byes().len(), 2);
    assert!(
        import("   1 A B 1k XX xxxx  2+!w0\n   2 C D 2k XX xxxx  1-!b0\n")
            .unwrap()
            .games()
            .iter()
            .all(|g| g.origin == ResultOrigin::ByDefault && g.result == GameResult::WhiteWins)
    );
}

#[test]
fn a_file_in_iso_8859_15_reads_its_accents() {
    let t = import_bytes(
        b"   1 Nemo Andr\xe9   2K FR 78Ve   2+/w0\n   2 Burq Fran\xe7ois 4K FR 75OB   1-/b0\n",
    )
    .unwrap();
    assert_eq!(t.players()[0].first_name, "André");
    assert_eq!(t.players()[1].first_name, "François");
}

#[test]
fn a_file_in_windows_1251_reads_its_cyrillic_names() {
    let t = import_bytes(
            b"   1 \xc8\xe2\xe0\xed\xee\xe2 \xcf\xb8\xf2\xf0  1D RU Msk   2+/w0\n   2 \xd1\xee\xeb\xee\xe2\xfc\xb8\xe2 \xc8\xe2\xe0\xed 3K UA Kyiv   1-/b0\n",
        )
        .unwrap();
    assert_eq!(t.players()[0].full_name(), "Иванов Пётр");
    assert_eq!(t.players()[1].full_name(), "Соловьёв Иван");
}

#[test]
fn every_malformed_line_is_named() {
    let found = problems(
        "; KM[seven]
   1 Ann Lee      2D FR Pari    2+/w0    3+/b0
   2 Bob Ray      1D FR Pari    1-/b0    4+/w0
   3 Cid Sun      1K FR Pari    4+/w0
   4 Dan Fox      2K FR Pari    3-/b0    2x/w0
   5 Eve Kim         FR Pari    0+       0+
",
    );
    assert_eq!(
        found,
        [
            (
                1,
                H9Problem::BadTag {
                    tag: "KM".into(),
                    value: "seven".into()
                }
            ),
            (
                4,
                H9Problem::FewerEntries {
                    found: 1,
                    expected: 2
                }
            ),
            (
                5,
                H9Problem::BadResult {
                    round: 2,
                    token: "2x/w0".into()
                }
            ),
            (6, H9Problem::NoRank),
        ]
    );
}

#[test]
fn games_the_two_lines_tell_differently_are_refused() {
    let found = problems(
        "   1 Ann Lee      2D FR Pari    2+/w0    3+/w0   4+/w0
   2 Bob Ray      1D FR Pari    1-/b0    4+/w0   1-/w0
   3 Cid Sun      1K FR Pari    4+/w0    1-/w0   9+/w0
   4 Dan Fox      2K FR Pari    3-/b0    4-/b0   0+
",
    );
    assert_eq!(
        found,
        [
            // Both Ann and Cid say they had White.
            (
                1,
                H9Problem::SidesDisagree {
                    round: 2,
                    other_line: 3
                }
            ),
            // Dan's line has no game with Ann.
            (
                1,
                H9Problem::SidesDisagree {
                    round: 3,
                    other_line: 4
                }
            ),
            // Bob says he beat Dan, who names himself.
            (
                2,
                H9Problem::SidesDisagree {
                    round: 2,
                    other_line: 4
                }
            ),
            // Bob says he lost to Ann, who does not name him.
            (
                2,
                H9Problem::SidesDisagree {
                    round: 3,
                    other_line: 1
                }
            ),
            (
                3,
                H9Problem::UnknownOpponent {
                    round: 3,
                    opponent: 9,
                    players: 4
                }
            ),
            (4, H9Problem::OwnOpponent { round: 2 }),
        ]
    );
}

#[test]
fn where_byes_are_worth_a_win_a_half_point_round_is_an_absence() {
    let t = read(
        "   1 Ann Lee   2D FR Pari   0=       3+/w0    0=
   2 Bob Ray   1D FR Pari   3+/w0    0+       0-
   3 Cid Sun   1K FR Pari   2-/b0    1-/b0    0-
",
    );
    // Round 3 has no game: Ann's `0=` is an absence declared ahead, the `0-` nothing yet.
    let byes: Vec<_> = t.byes().iter().map(|b| (b.round.get(), b.player)).collect();
    assert_eq!(byes, [(2, PlayerId(2))]);
    let plays = |p: usize, r: u32| t.players()[p].participation.plays(RoundNo::new(r).unwrap());
    assert_eq!(
        (plays(0, 1), plays(0, 3), plays(1, 3), plays(2, 3)),
        (false, false, true, true)
    );
    let u = t.settings().unplayed;
    assert_eq!(
        (u.mms_bye, u.mms_absent),
        (HalfPoints::ONE, HalfPoints::HALF)
    );
}

#[test]
fn the_column_header_gives_the_criteria_and_the_system() {
    use Criterion::*;
    let read_header = |h: &str| {
        let t = read(&format!(
            "; CM[Fischer]\n; Pl Name                            Rk Co Club{h}\n   1 A B 1k XX xxxx 0 2+\n   2 C D 2k XX xxxx 0 1-\n"
        ));
        let s = t.settings();
        (
            s.system,
            s.placement.clone(),
            s.display.game_format.clone(),
            s.time.overtime,
        )
    };
    assert_eq!(
        read_header("  MMS  SOSSOSOS"),
        (
            System::McMahon,
            vec![Mms, Sosm, Sososm],
            "short".into(),
            Overtime::Fischer
        )
    );
    assert_eq!(read_header("  NBW  SOS  SDC  EXR").1, [Nbw, Sosw, Sdc, Exr]);
    assert_eq!(read_header("  CAT  NBW  EXT  EXR").0, System::SwissCat);
    // Pairgoth's seven-character columns.
    assert_eq!(
        read_header("     MMS     SOS   SOSOS").1,
        [Mms, Sosm, Sososm]
    );
}

#[test]
fn a_file_without_players_or_rounds_is_refused() {
    assert_eq!(problems("; EV[Empty]\n\n"), [(2, H9Problem::NoPlayers)]);
    assert_eq!(
        problems("   1 Ann Lee 2D FR Pari 3 12\n"),
        [(1, H9Problem::NoRounds)]
    );
}

#[test]
fn a_file_without_dates_reads_with_its_dates_blank() {
    // Tengen writes `DT[,]` for a tournament whose organiser gave no dates.
    let t = read(
        "; DT[,]
; Pl Name                            Rk Co Club      MMS
   1 Dupont Marie                    3D FR Pari     32.5     2+/w0
   2 Berg Jan                        1D NL Amst     30       1-/b0
",
    );
    let g = &t.settings().general;
    assert_eq!((g.begin_date.as_str(), g.end_date.as_str()), ("", ""));
}
