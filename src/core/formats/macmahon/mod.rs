//! MacMahon tournament files: Christoph Gerlach's MacMahon 3.x
//! (cgerlach.de) and AutoKorsak, the en/ru/uk program of the Korsak method,
//! which reads and writes the same XML "for compatibility with MacMahon".
//!
//! The root is `<Tournament typeversion="9">` (AutoKorsak writes lower
//! versions) with the settings as its direct children, then `<Walllist>`
//! (the placement criteria, in order, as `<SortCriterionDescriptor>`s), the
//! country table with each country's clubs, one `<IndividualParticipant>`
//! per player (its `<GoPlayer>` holds name, level, rating, EGD PIN, country
//! code and club name) and one `<TournamentRound>` per round with its
//! `<Pairing>`s. The format was learnt from real MacMahon 3.10 files and
//! from what AutoKorsak's serialisation reads and writes.
//!
//! Conventions that differ from OpenGotha:
//! - a `<Result>` is **Black's score first** (`1-0`: Black won; `½-½`
//!   jigo; `0-0` both lose; `1-1` both win; `?-?` not yet known);
//! - a result by the referee (a forfeit included) is the result with
//!   `<ResultByReferee>true</ResultByReferee>`;
//! - a bye is a `<Pairing>` with `<PairingWithBye>true`, its player in
//!   `<Black>` and no `<White>`;
//! - a score adjustment is in quarter points;
//! - there is no komi: `<AllowJigo>` says whether it is whole.
//!
//! [`import`] walks the XML ([`walk`]) and builds a tournament ([`build()`]),
//! with the settings Tengen has no counterpart for listed as [`Unread`];
//! [`export`] writes a tournament back in the same format.

mod build;
#[cfg(test)]
mod problem_tests;
#[cfg(test)]
mod tests;
mod unread;
mod walk;
mod write;
#[cfg(test)]
mod write_tests;

pub use unread::{SETTINGS, Unread};
pub use write::export;

use crate::core::tournament::Tournament;

/// Why a MacMahon file cannot be imported, and the line it happens on.
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
    /// The root element is not `<Tournament>`.
    #[error("the root element is <{0}>, not MacMahon's <Tournament>")]
    NotMacMahon(String),
    /// An element every MacMahon file has (or every player, for
    /// `<GoLevel>` and `<Id>`) is missing.
    #[error("<{0}> is missing: MacMahon writes it in every file")]
    Missing(String),
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

/// A MacMahon file read: the tournament, and what of the file it does not
/// hold (settings Tengen has no counterpart for, values it rounds).
#[derive(Debug)]
pub struct Imported {
    pub tournament: Tournament,
    pub unread: Vec<Unread>,
}

/// Reads a MacMahon file's bytes, in the encoding its declaration names.
pub fn import_bytes(bytes: &[u8]) -> Result<Imported, MacMahonError> {
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

/// Reads a MacMahon file: the whole tournament, or the first problem.
pub fn import(xml: &str) -> Result<Imported, MacMahonError> {
    let read = walk::walk(xml)?;
    build::build(read)
}
