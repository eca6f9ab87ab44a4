//! MacMahon 3.9 files: results Black's score first, and every problem named
//! with its element and line.

use super::*;
use crate::core::ids::PlayerId;
use crate::core::rank::Rank;
use crate::core::round::{GameResult, ResultOrigin};

/// A file with two players and the given `<Roundlist>` body.
fn file(rounds: &str) -> String {
    format!(
            "<?xml version=\"1.0\"?>
<TournamentData typeversion=\"3.9\">
<Tournament typeversion=\"3.9\"><Name>Test</Name><NumberOfRounds>2</NumberOfRounds></Tournament>
<Playerlist>
<Player><Id>7</Id><GoPlayer><Surname>Lee</Surname><FirstName>Ann</FirstName><GoLevel>2d</GoLevel></GoPlayer></Player>
<Player><Id>9</Id><GoPlayer><Surname>Ray</Surname><FirstName>Bob</FirstName><GoLevel>3k</GoLevel></GoPlayer></Player>
</Playerlist>
<Roundlist>
{rounds}
</Roundlist>
</TournamentData>"
        )
}

fn pairing(white: &str, black: &str, result: &str) -> String {
    format!(
        "<Pairing><BoardNumber>1</BoardNumber><White>{white}</White><Black>{black}</Black><Result>{result}</Result></Pairing>"
    )
}

fn problem(xml: &str) -> (usize, MacMahonProblem) {
    let e = import(xml).expect_err("the file should be refused");
    (e.line, e.problem)
}

#[test]
fn results_are_written_with_blacks_score_first() {
    let rounds = format!(
        "<Round><RoundNumber>1</RoundNumber>{}</Round><Round><RoundNumber>2</RoundNumber>{}</Round>",
        pairing("7", "9", "1-0"),
        pairing("9", "7", "0-1!")
    );
    let t = import(&file(&rounds)).unwrap();
    let results: Vec<_> = t
        .games()
        .iter()
        .map(|g| (g.white, g.result, g.origin))
        .collect();
    assert_eq!(
        results,
        [
            (PlayerId(1), GameResult::BlackWins, ResultOrigin::Played),
            (PlayerId(2), GameResult::WhiteWins, ResultOrigin::ByDefault)
        ]
    );
    assert_eq!(t.settings().general.name, "Test");
    assert_eq!(t.players()[1].rank, Rank::Kyu(3));
}

#[test]
fn a_pairing_naming_an_unknown_player_names_its_line() {
    let rounds = format!(
        "<Round><RoundNumber>1</RoundNumber>\n{}</Round>",
        pairing("7", "8", "1-0")
    );
    assert_eq!(
        problem(&file(&rounds)),
        (10, MacMahonProblem::UnknownPlayer("8".into()))
    );
}

#[test]
fn a_player_paired_twice_in_a_round_is_refused() {
    let rounds = format!(
        "<Round><RoundNumber>2</RoundNumber>{}\n{}</Round>",
        pairing("7", "9", "1-0"),
        pairing("9", "7", "1-0").replace(
            "<BoardNumber>1</BoardNumber>",
            "<BoardNumber>2</BoardNumber>"
        )
    );
    assert_eq!(
        problem(&file(&rounds)),
        (10, MacMahonProblem::PairedTwice { round: 2 })
    );
}

#[test]
fn a_board_number_given_twice_or_past_the_last_is_refused() {
    let four = |rounds: &str| {
        file(rounds).replace(
                "</Playerlist>",
                "<Player><Id>11</Id><GoPlayer><Surname>Sun</Surname><FirstName>Cid</FirstName><GoLevel>5k</GoLevel></GoPlayer></Player>\n\
                 <Player><Id>12</Id><GoPlayer><Surname>Fox</Surname><FirstName>Dan</FirstName><GoLevel>6k</GoLevel></GoPlayer></Player>\n</Playerlist>",
            )
    };
    let board = |n: &str, white: &str, black: &str| {
        pairing(white, black, "1-0").replace(
            "<BoardNumber>1</BoardNumber>",
            &format!("<BoardNumber>{n}</BoardNumber>"),
        )
    };
    let round = |a: String, b: String| format!("<Round><RoundNumber>1</RoundNumber>{a}{b}</Round>");
    let twice = four(&round(board("3", "7", "9"), board("3", "11", "12")));
    assert!(matches!(
        problem(&twice).1,
        MacMahonProblem::BadValue { ref element, .. } if element == "BoardNumber"
    ));
    let past = four(&round(
        board("4294967295", "7", "9"),
        board("0", "11", "12"),
    ));
    assert!(matches!(
        problem(&past).1,
        MacMahonProblem::BadValue { ref element, .. } if element == "BoardNumber"
    ));
    let numbered = four(&round(board("2", "7", "9"), board("0", "11", "12")));
    let boards: Vec<u32> = import(&numbered)
        .unwrap()
        .games()
        .iter()
        .map(|g| g.board.get())
        .collect();
    assert_eq!(boards, [2, 3]);
}

#[test]
fn a_handicap_adjustment_beyond_nine_stones_is_refused() {
    let xml = file("").replace(
            "<NumberOfRounds>2</NumberOfRounds>",
            "<NumberOfRounds>2</NumberOfRounds><HandicapAdjustmentValue>-9223372036854775808</HandicapAdjustmentValue>",
        );
    assert!(matches!(
        problem(&xml).1,
        MacMahonProblem::BadValue { ref element, .. } if element == "HandicapAdjustmentValue"
    ));
}

#[test]
fn values_that_cannot_be_read_name_their_element_and_line() {
    let bad_rank = file("").replace("<GoLevel>3k</GoLevel>", "<GoLevel>strong</GoLevel>");
    assert_eq!(
        problem(&bad_rank),
        (
            6,
            MacMahonProblem::BadValue {
                element: "GoLevel".into(),
                value: "strong".into()
            }
        )
    );
    let rounds = format!(
        "<Round><RoundNumber>1</RoundNumber>{}</Round>",
        pairing("7", "9", "2-0")
    );
    assert_eq!(
        problem(&file(&rounds)),
        (
            9,
            MacMahonProblem::BadValue {
                element: "Result".into(),
                value: "2-0".into()
            }
        )
    );
    let round = format!(
        "<Round><RoundNumber>3</RoundNumber>{}</Round>",
        pairing("7", "9", "1-0")
    );
    assert_eq!(
        problem(&file(&round)),
        (
            9,
            MacMahonProblem::RoundOutOfRange {
                round: 3,
                rounds: 2
            }
        )
    );
}

#[test]
fn broken_xml_and_other_files_are_refused() {
    let (line, p) = problem(&file("").replace("</Playerlist>", ""));
    assert!(matches!(p, MacMahonProblem::Xml(_)), "{p:?}");
    // The parser notices at </TournamentData>, which closes while <Playerlist> is open.
    assert_eq!(line, 11);
    assert_eq!(
        problem("<?xml version=\"1.0\"?>\n<Tournament dataVersion=\"201\">\n</Tournament>"),
        (2, MacMahonProblem::NotMacMahon("Tournament".into()))
    );
}

#[test]
fn a_file_nested_deeper_than_any_tournament_file_is_refused_at_the_limit() {
    let depth = crate::core::formats::XML_MAX_DEPTH;
    let xml = format!(
        "<TournamentData>{}{}</TournamentData>",
        "<a>".repeat(depth),
        "</a>".repeat(depth)
    );
    let error = import(&xml).unwrap_err();
    assert_eq!(error.problem, MacMahonProblem::TooDeep(depth));
}

/// Issue 29, item 8: elements MacMahon never writes, within the element
/// limit, made an empty tournament; a few are let pass.
#[test]
fn a_file_of_elements_macmahon_does_not_write_is_refused_not_read_as_empty() {
    let limit = crate::core::formats::XML_MAX_FOREIGN;
    let junk = |n: usize| format!("<TournamentData>{}</TournamentData>", "<a/>".repeat(n));
    let (_, refused) = problem(&junk(490_000));
    assert_eq!(
        refused,
        MacMahonProblem::Foreign {
            element: "a".into(),
            count: limit
        }
    );
    let inside = format!(
        "<TournamentData><Playerlist>{}</Playerlist></TournamentData>",
        "<Player/>".repeat(limit + 1)
    );
    assert!(matches!(
        problem(&inside).1,
        MacMahonProblem::Foreign { .. }
    ));
    assert!(import(&junk(limit)).is_ok(), "a few are let pass");
    let players = file("").replace("<Name>", "<Comment/><Name>");
    assert_eq!(import(&players).unwrap().players().len(), 2);
}
