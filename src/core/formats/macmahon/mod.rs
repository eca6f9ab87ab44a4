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
//!
//! [`import`] walks the XML into pending players and pairings; [`build()`]
//! turns them into a tournament.

mod build;
#[cfg(test)]
mod tests;

use build::build;

use crate::core::formats::{XML_MAX_DEPTH, XML_MAX_ELEMENTS, XML_MAX_FOREIGN};
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::player::{Participation, Player, Registration};
use crate::core::rank::Rank;
use crate::core::rating::Rating;
use crate::core::round::GameResult;
use crate::core::standings::Criterion;
use crate::core::tournament::Tournament;
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
    /// Elements nested deeper than any tournament file's.
    #[error("elements nested more than {0} deep: not a tournament file")]
    TooDeep(usize),
    /// More elements than any tournament file's.
    #[error("more than {0} elements: not a tournament file")]
    TooManyElements(usize),
    /// The root element is not `<TournamentData>`.
    #[error("the root element is <{0}>, not MacMahon's <TournamentData>")]
    NotMacMahon(String),
    /// More elements than [`crate::core::formats::XML_MAX_FOREIGN`] where
    /// no MacMahon file has any; the first one's name.
    #[error("more than {count} elements MacMahon does not write, such as <{element}>")]
    Foreign {
        /// The first such element.
        element: String,
        /// The limit.
        count: usize,
    },
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

/// Counts a start or empty tag, and names the limit it breaks, if any: a
/// file beyond them is no tournament ([`crate::core::formats::XML_MAX_DEPTH`]).
fn beyond_limits(event: &Event<'_>, elements: &mut usize, depth: usize) -> Option<MacMahonProblem> {
    if !matches!(event, Event::Start(_) | Event::Empty(_)) {
        return None;
    }
    *elements += 1;
    if *elements > XML_MAX_ELEMENTS {
        Some(MacMahonProblem::TooManyElements(XML_MAX_ELEMENTS))
    } else if matches!(event, Event::Start(_)) && depth >= XML_MAX_DEPTH {
        Some(MacMahonProblem::TooDeep(XML_MAX_DEPTH))
    } else {
        None
    }
}

/// Whether an element named `name` inside `parent` is one this reader
/// takes: a section of the root, a list's item, or a field of a section
/// or an item (a field's text is all it holds). Anything else, and every
/// empty element below the root, carries nothing for a tournament.
fn read_here(parent: &str, name: &str, empty: bool) -> bool {
    match parent {
        "TournamentData" => matches!(name, "Tournament" | "Walllist" | "Playerlist" | "Roundlist"),
        "Walllist" => name == "Criterion" && !empty,
        "Playerlist" => name == "Player" && !empty,
        "Roundlist" => name == "Round" && !empty,
        "Tournament" | "Criterion" | "Player" | "GoPlayer" | "Round" | "Pairing" => !empty,
        _ => false,
    }
}

/// Counts an element this reader does not take, and refuses the file past
/// [`crate::core::formats::XML_MAX_FOREIGN`] of them: a file of hundreds
/// of thousands of them would otherwise read as an empty tournament.
fn foreign(
    seen: &mut (usize, Option<String>),
    parent: &str,
    name: &str,
    empty: bool,
) -> Option<MacMahonProblem> {
    if parent.is_empty() || read_here(parent, name, empty) {
        return None;
    }
    seen.0 += 1;
    let first = seen.1.get_or_insert_with(|| name.to_string());
    (seen.0 > XML_MAX_FOREIGN).then(|| MacMahonProblem::Foreign {
        element: first.clone(),
        count: XML_MAX_FOREIGN,
    })
}

/// Reads a MacMahon 3.9 file: the whole tournament, or the first problem.
pub fn import(xml: &str) -> Result<Tournament, MacMahonError> {
    let mut reader = Reader::from_str(xml);
    reader.config_mut().trim_text(true);
    let mut lines = LineCounter::default();
    let mut line_of = |pos: usize| lines.line_of(xml, pos);
    let mut stack: Vec<String> = Vec::new();
    let mut elements = 0;
    let mut unread = (0, None);
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
        // The tag starts after the blanks before it (XML's blanks are ASCII;
        // counted in bytes, as the reader's position is, which need not fall
        // on a character's boundary after a byte-order mark).
        let blanks = xml.as_bytes().get(before..).map_or(0, |rest| {
            rest.iter().take_while(|b| b.is_ascii_whitespace()).count()
        });
        let line = line_of(before + blanks);
        if let Some(problem) = beyond_limits(&event, &mut elements, stack.len()) {
            return Err(MacMahonError { line, problem });
        }
        if let Event::Start(e) | Event::Empty(e) = &event {
            let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
            let parent = stack.last().map(String::as_str).unwrap_or("");
            let empty = matches!(event, Event::Empty(_));
            if let Some(problem) = foreign(&mut unread, parent, &name, empty) {
                return Err(MacMahonError { line, problem });
            }
        }
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
