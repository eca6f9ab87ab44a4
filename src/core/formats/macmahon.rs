//! Reading MacMahon 3.9 tournament files (Christoph Gerlach's program,
//! cgerlach.de) into a tournament.
//!
//! The program is closed; its XML is known from what Pairgoth's importer
//! reads (`ext/MacMahon39.kt` and its sample file): a `<TournamentData>`
//! root holding `<Tournament>` (name, rounds, McMahon bars, handicap rules),
//! `<Walllist>` (the placement criteria), `<Playerlist>` and `<Roundlist>`.
//! Every value is an element's text. Two conventions differ from OpenGotha:
//! a `<Result>` is written **Black's score first** (`1-0`: Black won), and a
//! bye is a `<Pairing>` with `<PairingWithBye>true`, its player in `<Black>`.
//! The file names no komi, so the tournament keeps the default one.

use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::player::{Participation, Player, Registration};
use crate::core::presets;
use crate::core::rank::Rank;
use crate::core::rating::Rating;
use crate::core::round::{Bye, Game, GameResult, ResultOrigin};
use crate::core::settings::{Settings, System};
use crate::core::standings::Criterion;
use crate::core::tournament::{Tournament, TournamentError};
use quick_xml::events::Event;
use quick_xml::reader::Reader;
use std::collections::HashMap;

/// Why a MacMahon 3.9 file cannot be imported, and the line it happens on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct MacMahonError {
    /// 1-based line of the file.
    pub line: usize,
    /// What is wrong there.
    pub problem: MacMahonProblem,
}

/// What can be wrong, with the values a message names.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MacMahonProblem {
    /// The XML itself is broken; the parser's words.
    #[error("not well-formed XML: {0}")]
    Xml(String),
    /// The root element is not `<TournamentData>`.
    #[error("the root element is <{0}>, not MacMahon's <TournamentData>")]
    NotMacMahon(String),
    /// An element's text is not what it should hold.
    #[error("<{element}>{value}</{element}> cannot be read")]
    BadValue {
        /// The element.
        element: String,
        /// Its text.
        value: String,
    },
    /// Two players have the same `<Id>`.
    #[error("player id {0} is given twice")]
    DuplicatePlayer(String),
    /// A pairing names a player id the list does not have.
    #[error("no player has id {0}")]
    UnknownPlayer(String),
    /// A pairing outside the tournament's rounds.
    #[error("round {round} but the tournament has {rounds} rounds")]
    RoundOutOfRange {
        /// The round of the pairing.
        round: u32,
        /// `<NumberOfRounds>`.
        rounds: u32,
    },
    /// No rounds, or more than a tournament can hold.
    #[error("{found} rounds; a tournament has 1 to {max}")]
    RoundCount {
        /// `<NumberOfRounds>`.
        found: u32,
        /// The most a tournament holds.
        max: u32,
    },
    /// A pairing whose two players are the same.
    #[error("a player is paired with themselves")]
    SelfPairing,
    /// A player with two pairings, or a second bye, in one round.
    #[error("round {round}: a player is paired twice, or the round has two byes")]
    PairedTwice {
        /// The round.
        round: u32,
    },
}

/// A `<Player>` as read, with the line it starts on.
struct PendingPlayer {
    line: usize,
    id: String,
    player: Player,
}

/// A `<Pairing>` as read.
#[derive(Default)]
struct PendingPairing {
    line: usize,
    round: u32,
    board: u32,
    bye: bool,
    white: String,
    black: String,
    handicap: u8,
    /// The result and whether it was by default; `None` when not written.
    result: Option<(GameResult, bool)>,
    by_referee: bool,
}

/// Reads a MacMahon 3.9 file's bytes, in the encoding its declaration names.
pub fn import_bytes(bytes: &[u8]) -> Result<Tournament, MacMahonError> {
    let text = super::text::decode_xml(bytes).map_err(|e| {
        let (line, value) = match e {
            super::text::TextError::UnknownEncoding(label) => (1, label),
            super::text::TextError::Malformed { line, encoding } => (line, encoding.to_string()),
        };
        MacMahonError {
            line,
            problem: MacMahonProblem::BadValue {
                element: "?xml encoding".into(),
                value,
            },
        }
    })?;
    import(&text)
}

/// Reads a MacMahon 3.9 file: the whole tournament, or the first problem.
pub fn import(xml: &str) -> Result<Tournament, MacMahonError> {
    let mut reader = Reader::from_str(xml);
    reader.config_mut().trim_text(true);
    let mut lines = LineCounter::default();
    let mut line_of = |pos: usize| lines.line_of(xml, pos);
    let mut stack: Vec<String> = Vec::new();
    let mut text = String::new();
    let mut fields: HashMap<String, (usize, String)> = HashMap::new();
    let mut walllist: Vec<String> = Vec::new();
    let mut players: Vec<PendingPlayer> = Vec::new();
    let mut pairings: Vec<PendingPairing> = Vec::new();
    let mut round_start = 0;
    let mut round_number: Option<(usize, String)> = None;
    loop {
        let before = reader.buffer_position() as usize;
        let event = reader.read_event().map_err(|e| MacMahonError {
            line: line_of(reader.error_position() as usize),
            problem: MacMahonProblem::Xml(e.to_string()),
        })?;
        // The tag starts after the blanks trimmed before it.
        let line = line_of(before + xml[before..].len() - xml[before..].trim_start().len());
        match event {
            Event::Start(e) => {
                let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
                if stack.is_empty() && name != "TournamentData" {
                    return Err(MacMahonError {
                        line,
                        problem: MacMahonProblem::NotMacMahon(name),
                    });
                }
                match name.as_str() {
                    "Player" => players.push(PendingPlayer {
                        line,
                        id: String::new(),
                        player: Player::new(PlayerId(0), "", "", Rank::Kyu(30)),
                    }),
                    "Round" => {
                        round_start = pairings.len();
                        round_number = None;
                    }
                    "Pairing" => pairings.push(PendingPairing {
                        line,
                        ..PendingPairing::default()
                    }),
                    _ => {}
                }
                stack.push(name);
                text.clear();
            }
            Event::Empty(e) if stack.is_empty() => {
                let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
                return Err(MacMahonError {
                    line,
                    problem: MacMahonProblem::NotMacMahon(name),
                });
            }
            Event::Text(t) => {
                text = t
                    .unescape()
                    .map_err(|e| MacMahonError {
                        line,
                        problem: MacMahonProblem::Xml(e.to_string()),
                    })?
                    .into_owned();
            }
            Event::CData(t) => text = String::from_utf8_lossy(&t).into_owned(),
            Event::End(_) => {
                let Some(name) = stack.pop() else { continue };
                let parent = stack.last().map(String::as_str).unwrap_or("");
                let value = std::mem::take(&mut text);
                let bad = |element: &str| MacMahonError {
                    line,
                    problem: MacMahonProblem::BadValue {
                        element: element.to_string(),
                        value: value.clone(),
                    },
                };
                match (parent, name.as_str()) {
                    ("Tournament", _) => {
                        fields.insert(name, (line, value));
                    }
                    ("Criterion", "ShortName") => walllist.push(value),
                    ("Player", _) | ("GoPlayer", _) => {
                        if let Some(p) = players.last_mut() {
                            player_field(p, &name, &value).map_err(|_| bad(&name))?;
                        }
                    }
                    ("Round", "RoundNumber") => round_number = Some((line, value)),
                    ("Roundlist", "Round") => {
                        let (line, value) = round_number.take().unwrap_or((line, String::new()));
                        let round: u32 = value.trim().parse().map_err(|_| MacMahonError {
                            line,
                            problem: MacMahonProblem::BadValue {
                                element: "RoundNumber".into(),
                                value: value.clone(),
                            },
                        })?;
                        for p in &mut pairings[round_start..] {
                            p.round = round;
                        }
                    }
                    ("Pairing", _) => {
                        if let Some(p) = pairings.last_mut() {
                            pairing_field(p, &name, &value).map_err(|_| bad(&name))?;
                        }
                    }
                    _ => {}
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if let Some(open) = stack.last() {
        return Err(MacMahonError {
            line: line_of(xml.len()),
            problem: MacMahonProblem::Xml(format!("the file ends before <{open}> is closed")),
        });
    }
    build(fields, walllist, players, pairings, line_of(xml.len()))
}

/// The line of a byte offset, counted on from the last one asked (offsets
/// mostly grow while reading; a smaller one counts again from the start).
#[derive(Default)]
struct LineCounter {
    pos: usize,
    line: usize,
}

impl LineCounter {
    fn line_of(&mut self, text: &str, pos: usize) -> usize {
        let pos = pos.min(text.len());
        if pos < self.pos {
            *self = LineCounter::default();
        }
        self.line += text.as_bytes()[self.pos..pos]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        self.pos = pos;
        self.line + 1
    }
}

fn flag(value: &str) -> Result<bool, ()> {
    match value.trim() {
        v if v.eq_ignore_ascii_case("true") => Ok(true),
        v if v.eq_ignore_ascii_case("false") => Ok(false),
        _ => Err(()),
    }
}

fn rank(value: &str) -> Result<Rank, ()> {
    Rank::parse_lenient(value).map_err(|_| ())
}

fn player_field(p: &mut PendingPlayer, name: &str, value: &str) -> Result<(), ()> {
    let v = value.trim();
    let player = &mut p.player;
    match name {
        "Id" => p.id = v.to_string(),
        "PreliminaryRegistration" if flag(v)? => player.registration = Registration::Preliminary,
        // A super-bar member starts one point above the bar (MacMahon's super group).
        "SuperBarMember" if flag(v)? => player.smms_correction = 1,
        "NotPlayingInRound" => {
            let round = v.parse().ok().and_then(RoundNo::new).ok_or(())?;
            if round.get() > Participation::MAX_ROUNDS {
                return Err(());
            }
            player.participation = player.participation.with(round, false);
        }
        "FirstName" => player.first_name = v.to_string(),
        "Surname" => player.name = v.to_string(),
        "Club" => player.club = v.to_string(),
        "Country" => player.country = v.to_ascii_uppercase(),
        "GoLevel" => {
            player.rank = rank(v)?;
            // Until a <Rating> says otherwise, as the registration form does.
            if player.rating == Rating::new(Rating::MIN) {
                player.rating = Rating::of_rank(player.rank);
            }
        }
        "Rating" if !v.is_empty() => player.rating = Rating::new(v.parse().map_err(|_| ())?),
        "EgdPin" => player.egf_pin = v.to_string(),
        _ => {}
    }
    Ok(())
}

fn pairing_field(p: &mut PendingPairing, name: &str, value: &str) -> Result<(), ()> {
    let v = value.trim();
    match name {
        "BoardNumber" => p.board = v.parse().map_err(|_| ())?,
        "PairingWithBye" => p.bye = flag(v)?,
        "White" => p.white = v.to_string(),
        "Black" => p.black = v.to_string(),
        "Handicap" => p.handicap = v.parse().ok().filter(|h| *h <= 9).ok_or(())?,
        "Result" => p.result = Some(result(v)?),
        "ResultByReferee" => p.by_referee = flag(v)?,
        _ => {}
    }
    Ok(())
}

/// A result, **Black's score first**; a trailing `!` marks a game won by default.
fn result(text: &str) -> Result<(GameResult, bool), ()> {
    let (score, by_default) = match text.strip_suffix('!') {
        Some(s) => (s, true),
        None => (text, false),
    };
    let result = match score {
        "1-0" => GameResult::BlackWins,
        "0-1" => GameResult::WhiteWins,
        "½-½" | "0.5-0.5" => GameResult::Jigo,
        "0-0" => GameResult::BothLose,
        "1-1" => GameResult::BothWin,
        "?-?" | "" => GameResult::Unknown,
        _ => return Err(()),
    };
    Ok((result, by_default))
}

/// MacMahon's walllist names, as Pairgoth maps them; a name with no
/// counterpart here (e.g. MacMahon's own ScoreX variants) is left out.
fn criterion(name: &str, swiss: bool) -> Option<Criterion> {
    Some(match (name, swiss) {
        ("Points", _) => Criterion::Nbw,
        ("Score" | "ScoreX", _) => Criterion::Mms,
        ("SOS", false) => Criterion::Sosm,
        ("SOS", true) => Criterion::Sosw,
        ("SOSOS", false) => Criterion::Sososm,
        ("SOSOS", true) => Criterion::Sososw,
        ("SODOS", false) => Criterion::Sodosm,
        ("SODOS", true) => Criterion::Sodosw,
        _ => return None,
    })
}

fn build(
    fields: HashMap<String, (usize, String)>,
    walllist: Vec<String>,
    players: Vec<PendingPlayer>,
    pairings: Vec<PendingPairing>,
    last_line: usize,
) -> Result<Tournament, MacMahonError> {
    let field = |name: &str, default: &str| -> (usize, String) {
        fields
            .get(name)
            .cloned()
            .unwrap_or((last_line, default.to_string()))
    };
    let read = |name: &str, default: &str, parse: &dyn Fn(&str) -> Result<i64, ()>| {
        let (line, value) = field(name, default);
        parse(value.trim()).map_err(|_| MacMahonError {
            line,
            problem: MacMahonProblem::BadValue {
                element: name.to_string(),
                value,
            },
        })
    };
    let number = |v: &str| v.parse::<i64>().map_err(|_| ());
    let boolean = |v: &str| flag(v).map(i64::from);
    let level = |v: &str| rank(v).map(|r| i64::from(r.opengotha_value()));
    let swiss = walllist.first().map(String::as_str) == Some("Points");
    let mut settings = Settings::default();
    presets::apply(
        &mut settings,
        if swiss {
            System::Swiss
        } else {
            System::McMahon
        },
    );
    let placement: Vec<Criterion> = walllist
        .iter()
        .filter_map(|c| criterion(c, swiss))
        .collect();
    if !placement.is_empty() {
        settings.placement = placement;
    }
    settings.general.name = field("Name", "").1.trim().to_string();
    settings.general.short_name = super::short_name_from(&settings.general.name);
    let rounds = read("NumberOfRounds", "5", &number)?;
    if !(1..=i64::from(Participation::MAX_ROUNDS)).contains(&rounds) {
        return Err(MacMahonError {
            line: field("NumberOfRounds", "").0,
            problem: MacMahonProblem::RoundCount {
                found: rounds.clamp(0, i64::from(u32::MAX)) as u32,
                max: Participation::MAX_ROUNDS,
            },
        });
    }
    settings.number_of_rounds = rounds as u32;
    let rank_at = |value: i64| Rank::from_opengotha_value(value as i32);
    // Without a bar everyone may start at their rank: the bar goes to 9d, the floor to 30k.
    let m = &mut settings.mcmahon;
    m.bar = match read("UpperMacMahonBar", "true", &boolean)? {
        1 => rank_at(read("UpperMacMahonBarLevel", "1d", &level)?),
        _ => Rank::Dan(9),
    };
    m.floor = match read("LowerMacMahonBar", "true", &boolean)? {
        1 => rank_at(read("LowerMacMahonBarLevel", "30k", &level)?),
        _ => Rank::Kyu(30),
    };
    let h = &mut settings.handicap;
    h.based_on_mms = read("HandicapByLevel", "false", &boolean)? == 0;
    h.no_handicap_threshold = match read("HandicapBelow", "true", &boolean)? {
        1 => rank_at(read("HandicapBelowLevel", "30k", &level)?),
        _ => Rank::Dan(9),
    };
    // MacMahon adds its adjustment to the rank difference (−1: one stone
    // less); OpenGotha's correction is the stones taken off, as Pairgoth reads it.
    // A board has at most 9 stones, so an adjustment beyond ±9 is no adjustment MacMahon makes.
    let stones = |v: &str| {
        number(v).and_then(|n| {
            if (-9..=9).contains(&n) {
                Ok(n)
            } else {
                Err(())
            }
        })
    };
    h.correction = match read("HandicapAdjustment", "true", &boolean)? {
        1 => -(read("HandicapAdjustmentValue", "0", &stones)? as i32),
        _ => 0,
    };
    h.ceiling = match (
        read("HandicapUsed", "false", &boolean)?,
        read("HandicapLimit", "true", &boolean)?,
    ) {
        (0, _) => 0,
        (_, 1) => read("HandicapLimitValue", "9", &number)?.clamp(0, 9) as u8,
        _ => 9,
    };
    let komi = settings.rules.komi;
    let mut t = Tournament::new(settings);
    let mut ids: HashMap<String, PlayerId> = HashMap::new();
    for p in players {
        if ids.contains_key(&p.id) {
            return Err(MacMahonError {
                line: p.line,
                problem: MacMahonProblem::DuplicatePlayer(p.id),
            });
        }
        let id = t.register(p.player);
        ids.insert(p.id, id);
    }
    let mut boards: HashMap<u32, std::collections::BTreeSet<u32>> = HashMap::new();
    for p in pairings {
        let error = |problem| MacMahonError {
            line: p.line,
            problem,
        };
        let player = |id: &str| {
            ids.get(id)
                .copied()
                .ok_or_else(|| error(MacMahonProblem::UnknownPlayer(id.to_string())))
        };
        let round = RoundNo::new(p.round).ok_or_else(|| {
            error(MacMahonProblem::BadValue {
                element: "RoundNumber".into(),
                value: p.round.to_string(),
            })
        })?;
        let refused = |e: TournamentError| {
            error(match e {
                TournamentError::RoundOutOfRange { round, rounds } => {
                    MacMahonProblem::RoundOutOfRange {
                        round: round.get(),
                        rounds,
                    }
                }
                TournamentError::SelfPairing(_) => MacMahonProblem::SelfPairing,
                _ => MacMahonProblem::PairedTwice { round: p.round },
            })
        };
        if p.bye {
            t.give_bye(Bye {
                round,
                player: player(&p.black)?,
            })
            .map_err(refused)?;
            continue;
        }
        let (result, by_default) = p.result.unwrap_or((GameResult::Unknown, false));
        // A board MacMahon left unnumbered gets the next number of its round;
        // a number given twice in a round would hide one game's result.
        let bad_board = || {
            error(MacMahonProblem::BadValue {
                element: "BoardNumber".into(),
                value: p.board.to_string(),
            })
        };
        let used = boards.entry(p.round).or_default();
        let board = if p.board == 0 {
            used.iter().max().map_or(Some(1), |b| b.checked_add(1))
        } else {
            Some(p.board)
        }
        .filter(|b| !used.contains(b))
        .and_then(BoardNo::new)
        .ok_or_else(bad_board)?;
        used.insert(board.get());
        t.add_game(Game {
            round,
            board,
            white: player(&p.white)?,
            black: player(&p.black)?,
            handicap: p.handicap,
            komi,
            result,
            origin: match (by_default, p.by_referee) {
                (true, _) => ResultOrigin::ByDefault,
                (false, true) => ResultOrigin::RefereeDecision,
                (false, false) => ResultOrigin::Played,
            },
            colours_known: true,
        })
        .map_err(refused)?;
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let round =
            |a: String, b: String| format!("<Round><RoundNumber>1</RoundNumber>{a}{b}</Round>");
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
}
