//! MacMahon files refused: every problem named with its element and line,
//! and files that are not a MacMahon tournament (nested too deep, missing
//! what every one has, made of elements MacMahon never writes).

use super::tests::{bye, file, game, participant, round};
use super::*;

fn problem(xml: &str) -> (usize, MacMahonProblem) {
    let e = import(xml).expect_err("the file should be refused");
    (e.line, e.problem)
}

#[test]
fn every_value_that_cannot_be_read_names_its_element_and_line() {
    let bad_level = file("", &participant(1, "Lee", "strong", "", ""));
    assert_eq!(
        problem(&bad_level),
        (
            37,
            MacMahonProblem::BadValue {
                element: "GoLevel".into(),
                value: "strong".into()
            }
        )
    );
    let players = participant(1, "Lee", "2k", "", "") + &participant(2, "Kim", "3k", "", "");
    let with = |pairing: String| file("", &(players.clone() + &round(1, &pairing)));
    let (line, p) = problem(&with(game(1, 1, 2, "2-0", false)));
    assert_eq!(
        (line, p),
        (
            62,
            MacMahonProblem::BadValue {
                element: "Result".into(),
                value: "2-0".into()
            }
        )
    );
    assert_eq!(
        problem(&with(game(1, 1, 9, "1-0", false))).1,
        MacMahonProblem::UnknownPlayer("9".into())
    );
    assert_eq!(
        problem(&with(game(1, 1, 1, "1-0", false))).1,
        MacMahonProblem::SelfPairing
    );
    assert_eq!(
        problem(&with(game(1, 1, 2, "1-0", false) + &bye(1))).1,
        MacMahonProblem::PairedTwice { round: 1 }
    );
    let late = file(
        "",
        &(players.clone() + &round(4, &game(1, 1, 2, "1-0", false))),
    );
    assert_eq!(
        problem(&late).1,
        MacMahonProblem::RoundOutOfRange {
            round: 4,
            rounds: 3
        }
    );
    let twice = participant(1, "Lee", "2k", "", "").repeat(2);
    assert_eq!(
        problem(&file("", &twice)).1,
        MacMahonProblem::DuplicatePlayer("1".into())
    );
    let adjustment = file(
        "\n  <HandicapAdjustment>true</HandicapAdjustment>\n  <HandicapAdjustmentValue>-12</HandicapAdjustmentValue>",
        "",
    );
    assert!(matches!(
        problem(&adjustment).1,
        MacMahonProblem::BadValue { ref element, .. } if element == "HandicapAdjustmentValue"
    ));
    let flag = file("\n  <AllowJigo>yes</AllowJigo>", "");
    assert!(matches!(
        problem(&flag).1,
        MacMahonProblem::BadValue { ref element, .. } if element == "AllowJigo"
    ));
}

#[test]
fn a_board_number_given_twice_or_past_the_last_is_refused() {
    let players: String = (1..=4).map(|i| participant(i, "P", "5k", "", "")).collect();
    let with = |a: String, b: String| file("", &(players.clone() + &round(1, &(a + &b))));
    let twice = with(game(3, 1, 2, "1-0", false), game(3, 3, 4, "1-0", false));
    assert!(matches!(
        problem(&twice).1,
        MacMahonProblem::BadValue { ref element, .. } if element == "BoardNumber"
    ));
    let past = with(
        game(4294967295, 1, 2, "1-0", false),
        game(0, 3, 4, "1-0", false),
    );
    assert!(matches!(
        problem(&past).1,
        MacMahonProblem::BadValue { ref element, .. } if element == "BoardNumber"
    ));
    let numbered = with(game(2, 1, 2, "1-0", false), game(0, 3, 4, "1-0", false));
    let boards: Vec<u32> = import(&numbered)
        .unwrap()
        .tournament
        .games()
        .iter()
        .map(|g| g.board.get())
        .collect();
    assert_eq!(boards, [2, 3]);
}

#[test]
fn a_file_without_what_every_macmahon_file_has_is_refused() {
    let no_rounds = file("", "").replace("<NumberOfRounds>3</NumberOfRounds>", "");
    assert_eq!(
        problem(&no_rounds).1,
        MacMahonProblem::Missing("NumberOfRounds".into())
    );
    let no_level =
        file("", &participant(1, "Lee", "2k", "", "")).replace("<GoLevel>2k</GoLevel>", "");
    assert_eq!(
        problem(&no_level),
        (27, MacMahonProblem::Missing("GoLevel".into()))
    );
    assert_eq!(
        problem("<?xml version=\"1.0\"?>\n<!-- nothing -->\n").1,
        MacMahonProblem::Missing("Tournament".into())
    );
    assert_eq!(
        problem("<?xml version=\"1.0\"?>\n<TournamentData>\n</TournamentData>"),
        (2, MacMahonProblem::NotMacMahon("TournamentData".into()))
    );
    let (line, p) = problem(&file("", "").replace("</Walllist>", ""));
    assert!(matches!(p, MacMahonProblem::Xml(_)), "{p:?}");
    assert!(
        line > 20,
        "the parser notices where <Walllist> should close: {line}"
    );
}

#[test]
fn a_file_nested_deeper_than_any_tournament_file_is_refused_at_the_limit() {
    let depth = crate::core::formats::XML_MAX_DEPTH;
    let xml = format!(
        "<Tournament>{}{}</Tournament>",
        "<a>".repeat(depth),
        "</a>".repeat(depth)
    );
    assert_eq!(
        import(&xml).unwrap_err().problem,
        MacMahonProblem::TooDeep(depth)
    );
}

/// Issue 29, item 8: elements MacMahon never writes, within the element
/// limit, made an empty tournament; a few are let pass.
#[test]
fn a_file_of_elements_macmahon_does_not_write_is_refused_not_read_as_empty() {
    let limit = crate::core::formats::XML_MAX_FOREIGN;
    let junk = |n: usize| file("", &"<a/>".repeat(n));
    assert_eq!(
        problem(&junk(490_000)).1,
        MacMahonProblem::Foreign {
            element: "a".into(),
            count: limit
        }
    );
    let inside = file(
        "",
        &format!("<Junk>{}</Junk>", "<b>1</b>".repeat(limit + 1)),
    );
    assert!(matches!(
        problem(&inside).1,
        MacMahonProblem::Foreign { .. }
    ));
    assert!(import(&junk(limit)).is_ok(), "a few are let pass");
    // AutoKorsak's own elements, empty ones included, are read past.
    let korsak = participant(
        1,
        "Lee",
        "2k",
        "\n    <Comment><![CDATA[]]></Comment>\n    <StartScores>0</StartScores>",
        "\n      <City>Kyiv</City>\n      <LocalSurname />",
    );
    let t = import(&file("\n  <Kind>0</Kind>", &korsak))
        .unwrap()
        .tournament;
    assert_eq!(t.players().len(), 1);
}
