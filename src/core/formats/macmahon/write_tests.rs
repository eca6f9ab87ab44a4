//! The file Tengen writes, checked element by element as MacMahon 3.10 and
//! AutoKorsak read one: MacMahon fails on a missing or newer `typeversion`,
//! a boolean not in lower case, a level or date it cannot parse, and finds
//! a setting only when it comes before the tables; AutoKorsak's serializer
//! needs the bare `<Tournament>` root, names as one CDATA section each,
//! numbers it can convert, a `<GoPlayer>` in every participant and one
//! `<TournamentRound>` per round (it counts the rounds by them).

use super::tests::tournament as a_tournament;
use super::*;
use crate::core::ids::{BoardNo, RoundNo};
use crate::core::round::{GameResult, ResultOrigin};
use quick_xml::events::Event;
use quick_xml::reader::Reader;

/// Each object element and the newest `typeversion` MacMahon 3.10 reads.
const OBJECTS: [(&str, i32); 9] = [
    ("Tournament", 9),
    ("Walllist", 3),
    ("SortCriterionDescriptor", 2),
    ("Country", 1),
    ("Club", 1),
    ("IndividualParticipant", 1),
    ("GoPlayer", 1),
    ("TournamentRound", 2),
    ("Pairing", 2),
];

const CDATA: [&str; 3] = ["Name", "FirstName", "Surname"];

const NUMBERS: [&str; 17] = [
    "NumberOfRounds",
    "CurrentRoundNumber",
    "RatingLowestOneDanRating",
    "UpperMacMahonBarRating",
    "HandicapAdjustmentValue",
    "HandicapLimitValue",
    "Boardsize",
    "Kind",
    "WeakSortCriteria",
    "Id",
    "ScoreAdjustmentValue",
    "NotPlayingInRound",
    "Rating",
    "EgdPin",
    "RoundNumber",
    "Handicap",
    "BoardNumber",
];

const LEVELS: [&str; 4] = [
    "LowerMacMahonBarLevel",
    "UpperMacMahonBarLevel",
    "HandicapBelowLevel",
    "GoLevel",
];

/// Everything that would stop either program, or an empty list.
fn what_stops_them(xml: &str) -> Vec<String> {
    let mut reader = Reader::from_str(xml);
    let mut wrong = Vec::new();
    let mut stack: Vec<String> = Vec::new();
    // Per open element: its text pieces, as (is CDATA, text).
    let mut pieces: Vec<Vec<(bool, String)>> = Vec::new();
    let mut rounds_declared = None;
    let mut rounds = 0;
    let mut tables_started = false;
    let mut participant_has_player = true;
    loop {
        match reader.read_event().unwrap() {
            Event::Start(e) => {
                let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
                if stack.is_empty() && (name != "Tournament" || e.name().prefix().is_some()) {
                    wrong.push(format!("root <{name}>"));
                }
                // A player's <Country> and <Club> are codes and names, no objects.
                let in_player = stack.last().is_some_and(|p| p == "GoPlayer");
                if let Some((_, newest)) = OBJECTS.iter().find(|(o, _)| *o == name && !in_player) {
                    let version = e
                        .try_get_attribute("typeversion")
                        .unwrap()
                        .and_then(|a| String::from_utf8(a.value.to_vec()).ok())
                        .and_then(|v| v.parse::<i32>().ok());
                    if !version.is_some_and(|v| (1..=*newest).contains(&v)) {
                        wrong.push(format!("<{name}> typeversion {version:?}"));
                    }
                }
                if stack.len() == 1 && matches!(name.as_str(), "Walllist" | "Country") {
                    tables_started = true;
                }
                if stack.len() == 1 && !tables_started && name == "IndividualParticipant" {
                    wrong.push("a participant before the wall list".into());
                }
                match name.as_str() {
                    "IndividualParticipant" => {
                        if !participant_has_player {
                            wrong.push("a participant without <GoPlayer>".into());
                        }
                        participant_has_player = false;
                    }
                    "GoPlayer" => participant_has_player = true,
                    "TournamentRound" => rounds += 1,
                    _ => {}
                }
                stack.push(name);
                pieces.push(Vec::new());
            }
            Event::Text(t) => {
                let text = t.unescape().unwrap().into_owned();
                if let Some(p) = pieces.last_mut()
                    && !text.trim().is_empty()
                {
                    p.push((false, text));
                }
            }
            Event::CData(t) => {
                if let Some(p) = pieces.last_mut() {
                    p.push((true, String::from_utf8_lossy(&t).into_owned()));
                }
            }
            Event::End(_) => {
                let name = stack.pop().unwrap();
                let parts = pieces.pop().unwrap();
                let parent = stack.last().map(String::as_str).unwrap_or("");
                let text: String = parts.iter().map(|(_, t)| t.as_str()).collect();
                let is_setting = parent == "Tournament";
                if is_setting && tables_started && !OBJECTS.iter().any(|(o, _)| *o == name) {
                    wrong.push(format!("setting <{name}> after the tables"));
                }
                if CDATA.contains(&name.as_str())
                    && parent != "Country"
                    && parent != "Club"
                    && !(parts.len() == 1 && parts[0].0)
                {
                    wrong.push(format!("<{name}> not one CDATA section"));
                }
                if NUMBERS.contains(&name.as_str()) && text.parse::<i32>().is_err() {
                    wrong.push(format!("<{name}>{text}"));
                }
                if LEVELS.contains(&name.as_str())
                    && build::level(&text, &mut Default::default()).is_none()
                {
                    wrong.push(format!("level <{name}>{text}"));
                }
                if matches!(name.as_str(), "LastUpdated" | "CreationTime")
                    && jiff::civil::DateTime::strptime("%Y-%m-%d %H:%M:%S", &text).is_err()
                {
                    wrong.push(format!("date <{name}>{text}"));
                }
                let looks_boolean = text == "true" || text == "false";
                if !looks_boolean
                    && (text.eq_ignore_ascii_case("true") || text.eq_ignore_ascii_case("false"))
                {
                    wrong.push(format!("boolean <{name}>{text}"));
                }
                if name == "NumberOfRounds" && is_setting {
                    rounds_declared = text.parse::<usize>().ok();
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if !participant_has_player {
        wrong.push("a participant without <GoPlayer>".into());
    }
    if rounds_declared != Some(rounds) {
        wrong.push(format!(
            "{rounds} rounds for <NumberOfRounds> {rounds_declared:?}"
        ));
    }
    wrong
}

#[test]
fn what_tengen_writes_is_what_macmahon_and_autokorsak_open() {
    let t = import(&a_tournament()).unwrap().tournament;
    let written = export(&t, jiff::civil::date(2026, 11, 27).at(9, 30, 0, 0));
    assert_eq!(what_stops_them(&written), Vec::<String>::new(), "{written}");
    // AutoKorsak would take a file with both bars off for a Swiss.
    assert!(written.contains("<Kind>0</Kind>"));
}

#[test]
fn the_check_finds_what_would_stop_them() {
    let t = import(&a_tournament()).unwrap().tournament;
    let written = export(&t, jiff::civil::date(2026, 11, 27).at(9, 30, 0, 0));
    let broken = written
        .replacen(
            "<Tournament typeversion=\"9\">",
            "<Tournament typeversion=\"10\">",
            1,
        )
        .replacen(
            "<Surname><![CDATA[Ivanov]]></Surname>",
            "<Surname>Ivanov</Surname>",
            1,
        )
        .replacen(
            "<AllowJigo>false</AllowJigo>",
            "<AllowJigo>False</AllowJigo>",
            1,
        )
        .replacen("<GoLevel>1k</GoLevel>", "<GoLevel>36k</GoLevel>", 1);
    let found = what_stops_them(&broken);
    assert_eq!(found.len(), 4, "{found:?}");
}

#[test]
fn what_tengen_writes_reads_back_the_same() {
    let first = import(&a_tournament()).unwrap().tournament;
    let saved = jiff::civil::date(2026, 11, 27).at(14, 5, 0, 0);
    let written = export(&first, saved);
    assert!(written.contains("<LastUpdated>2026-11-27 14:05:00</LastUpdated>"));
    let again = import(&written).unwrap();
    let second = again.tournament;
    assert_eq!(second.players(), first.players());
    assert_eq!(second.games(), first.games());
    assert_eq!(second.byes(), first.byes());
    let (a, b) = (first.settings(), second.settings());
    assert_eq!(
        (
            &a.general.name,
            a.system,
            a.number_of_rounds,
            a.rules.board_size,
            a.rules.komi
        ),
        (
            &b.general.name,
            b.system,
            b.number_of_rounds,
            b.rules.board_size,
            b.rules.komi
        )
    );
    assert_eq!(
        (a.mcmahon.bar, a.mcmahon.floor, &a.placement),
        (b.mcmahon.bar, b.mcmahon.floor, &b.placement)
    );
    assert_eq!(a.handicap, b.handicap);
    // Only what MacMahon cannot hold is told, and the file holds nothing else.
    assert!(again.unread.is_empty(), "{:?}", again.unread);
}

#[test]
fn a_referee_decision_and_a_forfeit_are_both_marked_by_the_referee() {
    let mut t = import(&a_tournament()).unwrap().tournament;
    let board = BoardNo::new(1).unwrap();
    let round = RoundNo::new(1).unwrap();
    t.set_result(
        round,
        board,
        GameResult::WhiteWins,
        ResultOrigin::RefereeDecision,
    )
    .unwrap();
    let written = export(&t, jiff::civil::date(2026, 1, 1).at(0, 0, 0, 0));
    let again = import(&written).unwrap().tournament;
    assert_eq!(again.games()[0].origin, ResultOrigin::ByDefault);
    assert_eq!(again.games()[0].result, GameResult::WhiteWins);
}

#[test]
fn a_name_with_a_cdata_end_and_control_characters_is_written_as_one_section() {
    let mut t = import(&a_tournament()).unwrap().tournament;
    let mut settings = t.settings().clone();
    settings.general.name = "Cup ]]> <&> \u{1}".into();
    t.set_settings(settings);
    let written = export(&t, jiff::civil::date(2026, 1, 1).at(0, 0, 0, 0));
    assert!(
        written.contains("<Name><![CDATA[Cup ]] <&> ]]></Name>"),
        "{written}"
    );
    assert_eq!(
        import(&written).unwrap().tournament.settings().general.name,
        "Cup ]] <&>"
    );
}
