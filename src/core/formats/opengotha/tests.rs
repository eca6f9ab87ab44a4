//! OpenGotha files: defaults, player keys, problems named by line, encodings,
//! and a tournament that survives export and import unchanged.

use super::*;
use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::pairing::parameters::{DuddMode, SeedSystem};
use crate::core::player::{Gender, Participation, Player, Registration};
use crate::core::rank::Rank;
use crate::core::rating::Rating;
use crate::core::round::{Game, GameResult, ResultOrigin};
use crate::core::settings::Settings;
use crate::core::standings::Criterion;
use crate::core::tournament::{ClubsGroup, Team, TeamBoard, Tournament};
use crate::core::units::HalfPoints;

fn error_of(xml: &str) -> ImportError {
    import(xml).expect_err("the file should be refused")
}

const MINIMAL: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201">
    <Players>
        <Player name="Öztürk" firstName="Ayşe Nur" rank="3k" unknownAttribute="x"/>
        <Player name="Li" firstName="Wei" rank="2D" rating="2250"/>
    </Players>
    <Games>
        <Game roundNumber="1" tableNumber="1" whitePlayer="LİWEİ" blackPlayer="ÖZTÜRKAYŞENUR" result="RESULT_WHITEWINS_BYDEF"/>
    </Games>
</Tournament>
"#;

#[test]
fn missing_attributes_take_opengothas_defaults_and_unknown_ones_are_ignored() {
    let t = import(MINIMAL).unwrap();
    let s = t.settings();
    assert_eq!(s.number_of_rounds, 5);
    assert_eq!(s.mcmahon.bar, Rank::Dan(4));
    assert_eq!(s.mcmahon.floor, Rank::Kyu(20));
    assert_eq!(s.unplayed.mms_bye, HalfPoints::ZERO);
    assert_eq!(s.rules.komi, HalfPoints::from_halves(15));
    let p = &t.players()[0];
    assert_eq!(p.rank, Rank::Kyu(3));
    assert_eq!(p.rating.gor(), Rating::MIN);
    assert_eq!(p.participation, Participation::ALL);
    assert_eq!(p.registration, Registration::Final);
}

#[test]
fn turkish_dotted_i_keys_resolve_to_their_players() {
    let t = import(MINIMAL).unwrap();
    let g = &t.games()[0];
    assert_eq!(t.player(g.white).map(|p| p.name.as_str()), Some("Li"));
    assert_eq!(t.player(g.black).map(|p| p.name.as_str()), Some("Öztürk"));
    assert_eq!(
        (g.result, g.origin),
        (GameResult::WhiteWins, ResultOrigin::ByDefault)
    );
}

#[test]
fn old_files_name_players_by_their_letters_only() {
    let xml = "<Tournament dataVersion=\"200\"><Players>\
            <Player name=\"O'Brien\" firstName=\"Seán\" rating=\"-250\"/><Player name=\"Li\" firstName=\"Wei\"/></Players>\
            <Games><Game roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"OBRIENSEAN\" blackPlayer=\"LIWEI\"/></Games></Tournament>";
    let t = import(xml).unwrap();
    assert_eq!(
        t.player(t.games()[0].white).map(|p| p.name.as_str()),
        Some("O'Brien")
    );
    assert_eq!(
        t.players()[0].rating.gor(),
        1800,
        "old files hold FFG-scale ratings"
    );
}

#[test]
fn an_old_team_board_without_a_round_holds_for_every_round() {
    let xml = "<Tournament dataVersion=\"201\"><Players><Player name=\"A\" firstName=\"B\"/></Players>\
            <Teams><Team teamName=\"T\" teamNumber=\"2\"><Board boardNumber=\"1\" player=\"AB\"/></Team></Teams></Tournament>";
    let t = import(xml).unwrap();
    assert_eq!(t.teams()[0].boards.len(), 20);
    assert_eq!(t.teams()[0].number, 2);
}

#[test]
fn an_unclosed_element_is_reported_with_a_line() {
    let e = error_of("<Tournament>\n<Players>\n<Player name=\"a\" firstName=\"b\"/>\n");
    assert_eq!(e.line, 4);
    assert!(e.problem.to_string().contains("<Players>"), "{e}");
}

#[test]
fn mismatched_tags_are_reported_on_their_line() {
    let e = error_of("<Tournament>\n<Players>\n</Games>\n</Tournament>\n");
    assert_eq!(e.line, 3, "{e}");
    assert!(e.problem.to_string().contains("not well-formed"), "{e}");
}

#[test]
fn a_bad_number_names_its_line_and_attribute() {
    let xml = "<Tournament>\n<Players>\n<Player name=\"a\" firstName=\"b\" rating=\"12x\"/>\n</Players>\n</Tournament>";
    let e = error_of(xml);
    assert_eq!(e.line, 3);
    assert!(e.problem.to_string().contains("rating=\"12x\""), "{e}");
    assert_eq!(e.to_string(), format!("line 3: {}", e.problem));
}

#[test]
fn a_game_with_an_unknown_player_is_reported_on_its_line() {
    let xml = "<Tournament>\n<Players>\n<Player name=\"a\" firstName=\"b\"/>\n</Players>\n<Games>\n\n<Game roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"AB\" blackPlayer=\"NOBODY\"/>\n</Games>\n</Tournament>";
    let e = error_of(xml);
    assert_eq!(e.line, 7);
    assert!(e.problem.to_string().contains("NOBODY"), "{e}");
}

#[test]
fn a_player_twice_in_one_round_is_refused() {
    let xml = "<Tournament>\n<Players>\n<Player name=\"a\" firstName=\"\"/><Player name=\"b\" firstName=\"\"/><Player name=\"c\" firstName=\"\"/>\n</Players>\n<Games>\n<Game roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"A\" blackPlayer=\"B\"/>\n<Game roundNumber=\"1\" tableNumber=\"2\" whitePlayer=\"C\" blackPlayer=\"A\"/>\n</Games>\n</Tournament>";
    let e = error_of(xml);
    assert_eq!(e.line, 7);
    assert!(e.problem.to_string().contains("already has a game"), "{e}");
}

#[test]
fn a_file_that_is_not_an_opengotha_tournament_is_refused() {
    assert!(
        error_of("<Players/>")
            .problem
            .to_string()
            .contains("root element")
    );
    assert!(error_of("").problem.to_string().contains("no <Tournament>"));
    let e = import_bytes(b"<Tournament>\n<Players>\xff</Players></Tournament>").unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.problem.to_string().contains("UTF-8"));
}

#[test]
fn komi_reads_whole_and_half_points_only() {
    assert_eq!(HalfPoints::parse_decimal("2000000000"), None, "no overflow");
    assert_eq!(
        HalfPoints::parse_decimal("6.5"),
        Some(HalfPoints::from_halves(13))
    );
    assert_eq!(
        HalfPoints::parse_decimal("7"),
        Some(HalfPoints::from_halves(14))
    );
    assert_eq!(
        HalfPoints::parse_decimal("-0.5"),
        Some(HalfPoints::from_halves(-1))
    );
    assert_eq!(HalfPoints::parse_decimal("7.25"), None);
    assert_eq!(HalfPoints::parse_decimal("seven"), None);
}

/// A tournament using every part of the format.
fn everything() -> Tournament {
    let mut settings = Settings {
        number_of_rounds: 4,
        placement: vec![
            Criterion::Mms,
            Criterion::HeadToHead,
            Criterion::SosmMinus1,
            Criterion::Dc,
        ],
        category_limits: vec![Rank::Kyu(5), Rank::Kyu(15)],
        count_unplayed_as_half_point: true,
        ..Settings::default()
    };
    settings.general.begin_date = "2024-05-01".into();
    settings.general.name = "Cup <\"&\">".into();
    settings.unplayed.mms_bye = HalfPoints::ONE;
    settings.rules.komi = HalfPoints::from_halves(13);
    settings.pairing.dudd_upper_mode = DuddMode::Top;
    settings.pairing.seed_system2 = SeedSystem::SplitAndSlip;
    settings.pairing.additional_placement_criterion_system1 = None;
    settings.pairing.standard_nx1_factor = 0.25;
    settings.display.display_non_playing_players = true;
    settings.teams.team_size = 3;
    // OpenGotha files carry no team-pairing choice: read back, they pair
    // players one by one.
    settings.teams.pair_by_teams = false;
    settings.teams.placement = vec!["TEAMP".into(), "BDW".into()];
    let mut t = Tournament::new(settings);
    let mut ids = Vec::new();
    for (name, rank) in [
        ("Ann", Rank::Dan(3)),
        ("Bo", Rank::Kyu(7)),
        ("Cy", Rank::Pro(2)),
        ("Di", Rank::Kyu(25)),
    ] {
        let mut p = Player::new(PlayerId(0), name, "Tab\tNew\nline", rank);
        p.club = "Lyon".into();
        p.egf_pin = "12345678".into();
        p.rating = Rating::new(1800);
        p.smms_correction = -1;
        p.participation = Participation::ALL.with(RoundNo::new(3).unwrap(), false);
        p.registration = Registration::Preliminary;
        ids.push(t.register(p));
    }
    let results = [
        (GameResult::WhiteWins, ResultOrigin::Played),
        (GameResult::Jigo, ResultOrigin::Played),
        (GameResult::BlackWins, ResultOrigin::ByDefault),
        (GameResult::BothLose, ResultOrigin::Played),
        (GameResult::BothWin, ResultOrigin::Played),
        (GameResult::Unknown, ResultOrigin::Played),
    ];
    for (k, (result, origin)) in results.into_iter().enumerate() {
        let round = RoundNo::new(k as u32 / 2 + 1).unwrap();
        let (white, black) = if k % 2 == 0 {
            (ids[0], ids[1])
        } else {
            (ids[2], ids[3])
        };
        t.add_game(Game {
            round,
            board: BoardNo::new(k as u32 % 2 + 1).unwrap(),
            white,
            black,
            handicap: k as u8,
            komi: HalfPoints::from_halves(13),
            result,
            origin,
            colours_known: k != 3,
            method: None,
        })
        .unwrap();
    }
    let board = |r, b, p| TeamBoard {
        round: RoundNo::new(r).unwrap(),
        board: BoardNo::new(b).unwrap(),
        player: p,
    };
    t.add_team(Team {
        number: 1,
        name: "Go & Co".into(),
        boards: vec![board(1, 1, ids[0]), board(1, 2, ids[1])],
        ..Team::default()
    })
    .unwrap();
    t.add_clubs_group(ClubsGroup {
        name: "Rhône".into(),
        clubs: vec!["Lyon".into(), "Gre".into()],
    });
    t
}

#[test]
fn a_tournament_survives_export_and_import_unchanged() {
    let t = everything();
    let again = import(&export(&t)).unwrap();
    assert_eq!(again, t);
}

#[test]
fn data_outside_opengothas_format_is_not_exported() {
    let mut p = Player::new(PlayerId(0), "Eve", "", Rank::Kyu(1));
    p.birth_year = Some(2001);
    p.gender = Some(Gender::Female);
    let mut t = Tournament::new(Settings::default());
    t.register(p);
    let again = import(&export(&t)).unwrap();
    assert_eq!(again.players()[0].birth_year, None);
    assert_eq!(again.players()[0].gender, None);
}

/// OpenGotha 3.x wrote `encoding="ISO-8859-1"`: the same tournament,
/// whichever of the two encodings its file is in.
#[test]
fn a_latin1_file_reads_as_its_utf8_twin() {
    let mut t = everything();
    let mut p = t.players()[0].clone();
    p.name = "Müller".into();
    p.first_name = "Zoë".into();
    t.update_player(p).unwrap();
    let utf8 = export(&t);
    let latin1: Vec<u8> = utf8
        .replacen("encoding=\"UTF-8\"", "encoding=\"ISO-8859-1\"", 1)
        .chars()
        .map(|c| u8::try_from(u32::from(c)).expect("Latin-1 text"))
        .collect();
    assert_ne!(latin1, utf8.as_bytes(), "the bytes differ");
    let read = import_bytes(&latin1).unwrap();
    assert_eq!(read, import(&utf8).unwrap());
    assert_eq!(read.players()[0].name, "Müller");
}

/// OpenGotha's komi is a free text field its results files repeat.
#[test]
fn the_komi_keeps_the_text_the_file_gave_it() {
    let with = |komi: &str| {
        MINIMAL.replacen(
                "<Tournament dataVersion=\"201\">",
                &format!(
                    "<Tournament dataVersion=\"201\"><TournamentParameterSet><GeneralParameterSet komi=\"{komi}\"/></TournamentParameterSet>"
                ),
                1,
            )
    };
    let t = import(&with("7.50")).unwrap();
    assert_eq!(t.settings().rules.komi, HalfPoints::from_halves(15));
    assert_eq!(t.settings().komi_as_written(), "7.50");
    assert!(export(&t).contains("komi=\"7.50\""));
    let t = import(&with("6.5")).unwrap();
    assert_eq!(t.settings().general.komi_text, "");
    assert_eq!(t.settings().komi_as_written(), "6.5");
}

/// Russian and Ukrainian files come as windows-1251.
#[test]
fn a_windows_1251_file_reads_with_its_cyrillic_names() {
    let mut t = Tournament::new(Settings::default());
    t.register(Player::new(PlayerId(0), "Шевченко", "Тарас", Rank::Kyu(3)));
    let utf8 = export(&t).replacen("encoding=\"UTF-8\"", "encoding=\"windows-1251\"", 1);
    let (cp1251, _, lossy) = encoding_rs::WINDOWS_1251.encode(&utf8);
    assert!(!lossy);
    assert_ne!(&cp1251[..], utf8.as_bytes(), "the bytes differ");
    let read = import_bytes(&cp1251).unwrap();
    assert_eq!(read.players()[0].name, "Шевченко");
    assert_eq!(read.players()[0].first_name, "Тарас");
    assert_eq!(read, import(&utf8).unwrap());
}

#[test]
fn a_file_whose_bytes_contradict_its_declaration_names_the_line() {
    let bad = MINIMAL.replacen("<Tournament", "<!-- M\u{fc}ller -->\n<Tournament", 1);
    let bytes: Vec<u8> = bad
        .bytes()
        .map(|b| if b == 0xc3 { 0xfc } else { b })
        .collect();
    let err = import_bytes(&bytes).unwrap_err();
    assert_eq!(err.line, 2, "the comment's line: {err}");
    assert!(err.problem.to_string().contains("UTF-8"), "{err}");
}

#[test]
fn a_file_nested_deeper_than_any_tournament_file_is_refused_at_the_limit() {
    let depth = crate::core::formats::XML_MAX_DEPTH;
    let xml = format!(
        "<Tournament>{}{}</Tournament>",
        "<a>".repeat(depth),
        "</a>".repeat(depth)
    );
    let error = import(&xml).unwrap_err();
    assert_eq!(error.problem, Problem::TooDeep(depth));
    let shallow = format!(
        "<Tournament><Players/>{}{}</Tournament>",
        "<a>".repeat(depth - 2),
        "</a>".repeat(depth - 2)
    );
    assert!(import(&shallow).is_ok(), "nesting within the limit is read");
}

#[test]
fn a_file_with_more_elements_than_any_tournament_file_is_refused() {
    let n = crate::core::formats::XML_MAX_ELEMENTS;
    // An element OpenGotha writes, so that only the count refuses it.
    let xml = format!(
        "<Tournament>{}</Tournament>",
        "<PublishParameterSet/>".repeat(n)
    );
    let error = import(&xml).unwrap_err();
    assert_eq!(error.problem, Problem::TooManyElements(n));
}

/// Issue 29, item 8: hundreds of thousands of elements OpenGotha never
/// writes, within the element limit, made an empty tournament.
#[test]
fn a_file_of_elements_opengotha_does_not_write_is_refused_not_read_as_empty() {
    let xml = format!("<Tournament>{}</Tournament>", "<a/>".repeat(490_000));
    let error = import(&xml).unwrap_err();
    let limit = crate::core::formats::XML_MAX_FOREIGN;
    assert_eq!(
        error.problem,
        Problem::Foreign {
            element: "a".into(),
            count: limit
        }
    );
    // `<Players>`, a container, counts among them.
    let few = format!(
        "<Tournament><Players/>{}</Tournament>",
        "<a/>".repeat(limit - 1)
    );
    assert!(import(&few).is_ok(), "a few unknown elements are let pass");
    // Without OpenGotha's sections, they are no OpenGotha file.
    let bare = format!("<Tournament>{}</Tournament>", "<a/>".repeat(limit));
    assert_eq!(import(&bare).unwrap_err().problem, Problem::NoSections);
}
