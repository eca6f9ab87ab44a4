//! The XML walk: every element's text, kept with its line, under the
//! section it belongs to. Values are read in [`super::build`], which names
//! the line of each one it cannot read.

use super::{MacMahonError, MacMahonProblem};
use crate::core::formats::{XML_MAX_DEPTH, XML_MAX_ELEMENTS, XML_MAX_FOREIGN};
use quick_xml::events::Event;
use quick_xml::reader::Reader;
use std::collections::HashMap;

/// An element's text and the line its tag starts on.
#[derive(Debug, Clone, Default)]
pub(super) struct Field {
    pub line: usize,
    pub value: String,
}

/// The fields of one object (a participant with its `<GoPlayer>`, a
/// pairing), by element name; the first of a name counts, as in MacMahon.
#[derive(Default)]
pub(super) struct Fields {
    pub line: usize,
    pub values: HashMap<String, Field>,
}

impl Fields {
    fn at(line: usize) -> Self {
        Fields {
            line,
            values: HashMap::new(),
        }
    }

    fn keep(&mut self, name: String, field: Field) {
        self.values.entry(name).or_insert(field);
    }

    pub fn get(&self, name: &str) -> Option<&Field> {
        self.values.get(name)
    }
}

/// A participant: its fields and the rounds it sits out.
#[derive(Default)]
pub(super) struct PendingPlayer {
    pub fields: Fields,
    pub not_playing: Vec<Field>,
}

/// A pairing and the round it is in.
#[derive(Default)]
pub(super) struct PendingPairing {
    pub fields: Fields,
    pub round: Option<Field>,
}

/// Everything the walk keeps.
#[derive(Default)]
pub(super) struct Read {
    /// The root's own settings.
    pub settings: Fields,
    /// The line the file ends on, for what is missing.
    pub last_line: usize,
    /// The wall list's criteria, in order.
    pub walllist: Vec<Field>,
    /// Club names by lower-case country code: (name, EGD name).
    pub clubs: HashMap<String, Vec<(String, String)>>,
    pub players: Vec<PendingPlayer>,
    pub pairings: Vec<PendingPairing>,
    /// `<UnwantedPairing>`s: pairings MacMahon avoids, which Tengen has not.
    pub unwanted: usize,
}

/// The root's children that hold other elements; any other child holds
/// its text only.
const SECTIONS: [&str; 6] = [
    "Walllist",
    "Country",
    "IndividualParticipant",
    "TournamentRound",
    "UnwantedPairing",
    "MakePairingSeedingPlacementCriterion",
];

/// A country of the table while it is read.
#[derive(Default)]
struct PendingCountry {
    code: String,
    clubs: Vec<(String, String)>,
    club: (String, String),
}

/// What the walk has read, and where it is in the current country and round.
#[derive(Default)]
struct Walker {
    read: Read,
    country: PendingCountry,
    round_start: usize,
    round_number: Option<Field>,
}

pub(super) fn walk(xml: &str) -> Result<Read, MacMahonError> {
    let mut reader = Reader::from_str(xml);
    reader.config_mut().trim_text(true);
    let mut lines = LineCounter::default();
    let mut stack: Vec<String> = Vec::new();
    let mut elements = 0;
    let mut foreign: (usize, Option<String>) = (0, None);
    let mut text = String::new();
    let mut root = false;
    let mut w = Walker::default();
    loop {
        let before = reader.buffer_position() as usize;
        let event = reader.read_event().map_err(|e| MacMahonError {
            line: lines.line_of(xml, reader.error_position() as usize),
            problem: MacMahonProblem::Xml(e.to_string()),
        })?;
        // The tag starts after the blanks before it (XML's blanks are ASCII).
        let blanks = xml.as_bytes().get(before..).map_or(0, |rest| {
            rest.iter().take_while(|b| b.is_ascii_whitespace()).count()
        });
        let line = lines.line_of(xml, before + blanks);
        let fail = |problem| MacMahonError { line, problem };
        match event {
            Event::Start(ref e) | Event::Empty(ref e) => {
                let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
                let empty = matches!(event, Event::Empty(_));
                elements += 1;
                if elements > XML_MAX_ELEMENTS {
                    return Err(fail(MacMahonProblem::TooManyElements(XML_MAX_ELEMENTS)));
                }
                if !empty && stack.len() >= XML_MAX_DEPTH {
                    return Err(fail(MacMahonProblem::TooDeep(XML_MAX_DEPTH)));
                }
                if stack.is_empty() {
                    if name != "Tournament" {
                        return Err(fail(MacMahonProblem::NotMacMahon(name)));
                    }
                    root = true;
                }
                if is_foreign(&stack, empty) {
                    foreign.0 += 1;
                    let first = foreign.1.get_or_insert_with(|| name.clone());
                    if foreign.0 > XML_MAX_FOREIGN {
                        return Err(fail(MacMahonProblem::Foreign {
                            element: first.clone(),
                            count: XML_MAX_FOREIGN,
                        }));
                    }
                }
                let parent = stack.last().map(String::as_str).unwrap_or("");
                w.open(parent, &name, line);
                if empty {
                    let field = Field {
                        line,
                        value: String::new(),
                    };
                    w.close(&stack, name, field);
                } else {
                    stack.push(name);
                }
                text.clear();
            }
            Event::Text(t) => {
                let unescaped = t
                    .unescape()
                    .map_err(|e| fail(MacMahonProblem::Xml(e.to_string())))?;
                text.push_str(&unescaped);
            }
            // A name holding "]]>" is written as two sections, one after the other.
            Event::CData(t) => text.push_str(&String::from_utf8_lossy(&t)),
            Event::End(_) => {
                let Some(name) = stack.pop() else { continue };
                let value = std::mem::take(&mut text);
                w.close(&stack, name, Field { line, value });
            }
            Event::Eof => break,
            _ => {}
        }
    }
    let mut read = w.read;
    read.last_line = lines.line_of(xml, xml.len());
    let missing = match stack.last() {
        Some(open) => Some(MacMahonProblem::Xml(format!(
            "the file ends before <{open}> is closed"
        ))),
        // An empty file, or one of comments only.
        None if !root => Some(MacMahonProblem::Missing("Tournament".into())),
        None => None,
    };
    match missing {
        Some(problem) => Err(MacMahonError {
            line: read.last_line,
            problem,
        }),
        None => Ok(read),
    }
}

/// Whether an element opened under `stack` is one no MacMahon file has: an
/// empty child of the root, or an element inside a root child that holds
/// only text. A file of hundreds of thousands of them would otherwise read
/// as a tournament of defaults.
fn is_foreign(stack: &[String], empty: bool) -> bool {
    match stack.len() {
        1 => empty,
        2 => !SECTIONS.contains(&stack[1].as_str()),
        _ => false,
    }
}

impl Walker {
    /// Starts the object an element opens under `parent`.
    fn open(&mut self, parent: &str, name: &str, line: usize) {
        let read = &mut self.read;
        match (parent, name) {
            ("Tournament", "IndividualParticipant") => read.players.push(PendingPlayer {
                fields: Fields::at(line),
                not_playing: Vec::new(),
            }),
            ("Tournament", "TournamentRound") => {
                self.round_start = read.pairings.len();
                self.round_number = None;
            }
            ("Tournament", "Country") => self.country = PendingCountry::default(),
            ("Country", "Club") => self.country.club = Default::default(),
            ("TournamentRound", "Pairing") => read.pairings.push(PendingPairing {
                fields: Fields::at(line),
                round: None,
            }),
            _ => {}
        }
    }

    /// Files an element that has just closed; `stack` holds its ancestors.
    fn close(&mut self, stack: &[String], name: String, field: Field) {
        let parent = stack.last().map(String::as_str).unwrap_or("");
        let grandparent = stack.len().checked_sub(2).map_or("", |i| stack[i].as_str());
        let read = &mut self.read;
        let country = &mut self.country;
        match (grandparent, parent, name.as_str()) {
            ("", "Tournament", "TournamentRound") => {
                for p in &mut read.pairings[self.round_start..] {
                    p.round = self.round_number.clone();
                }
            }
            ("", "Tournament", "Country") => {
                let country = std::mem::take(country);
                read.clubs
                    .entry(country.code.to_lowercase())
                    .or_default()
                    .extend(country.clubs);
            }
            ("", "Tournament", "UnwantedPairing") => read.unwanted += 1,
            ("", "Tournament", section) if SECTIONS.contains(&section) => {}
            ("", "Tournament", _) => read.settings.keep(name, field),
            ("Walllist", "SortCriterionDescriptor", "ShortName") => read.walllist.push(field),
            ("Tournament", "Country", "InternetCode") => {
                country.code = field.value.trim().to_string()
            }
            ("Tournament", "Country", "Club") => {
                let club = std::mem::take(&mut country.club);
                if !club.0.is_empty() {
                    country.clubs.push(club);
                }
            }
            ("Country", "Club", "Name") => country.club.0 = field.value.trim().to_string(),
            ("Country", "Club", "EGDName") => country.club.1 = field.value.trim().to_string(),
            ("Tournament", "IndividualParticipant", "NotPlayingInRound") => {
                if let Some(p) = read.players.last_mut() {
                    p.not_playing.push(field);
                }
            }
            ("Tournament", "IndividualParticipant", "GoPlayer") => {}
            ("Tournament", "IndividualParticipant", _)
            | ("IndividualParticipant", "GoPlayer", _) => {
                if let Some(p) = read.players.last_mut() {
                    p.fields.keep(name, field);
                }
            }
            ("Tournament", "TournamentRound", "RoundNumber") => self.round_number = Some(field),
            ("TournamentRound", "Pairing", _) => {
                if let Some(p) = read.pairings.last_mut() {
                    p.fields.keep(name, field);
                }
            }
            _ => {}
        }
    }
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
