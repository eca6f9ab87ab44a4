//! Reading EGF results files (`.h9`): the EGD's format, OpenGotha's and
//! Pairgoth's variants of it, into a tournament.
//!
//! The EGD spec (gemma.ujf.cas.cz/~cieply/GO/format.html) fixes only the
//! order of a player line: place, name, rank, country, club, then one
//! result per round; OpenGotha and Pairgoth add criteria columns before the
//! results and Pairgoth a ` |PIN` after them. Columns are not fixed, so a
//! line is read by tokens, and the one rule the spec does fix decides what
//! is a criterion and what a round: **every line has the same number of
//! round entries**. An entry names its opponent by line index among the
//! player lines (OpenGotha leaves the place blank for ties, but indexes by
//! position), so the two sides of each game are checked against each other.
//!
//! What the file cannot tell is filled in as OpenGotha would: the placement
//! criteria are those the column header names (OpenGotha's short names,
//! five characters each; `SOS` counts McMahon points when an `MMS` column is
//! there, else wins), the system the one OpenGotha infers from the first of
//! them (Swiss when the header names none), and the pairing weights, the
//! McMahon bar and the time system that system's defaults: the columns are
//! values, not the rules that produced them.
//!
//! [`import`] reads the header tags ([`header`]) and splits the player
//! lines into fields and round entries ([`lines`]); [`build()`] then pairs
//! the two sides of each game into a tournament.

mod build;
mod header;
mod lines;
#[cfg(test)]
mod tests;

use build::build;
use header::{header_placement, read_tag};
use lines::{Entry, read_entries, split_line};

use crate::core::player::Participation;
use crate::core::presets;
use crate::core::settings::{Settings, System};
use crate::core::tournament::Tournament;

/// One malformed line of an h9 file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct H9Error {
    /// 1-based line of the file.
    pub line: usize,
    /// What is wrong with it.
    pub problem: H9Problem,
}

/// What can be wrong with a line, with the values a message names.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum H9Problem {
    /// The bytes are not text in the encoding they were read in.
    #[error("the line is not {encoding} text")]
    NotText {
        /// The encoding tried.
        encoding: String,
    },
    /// The file has no player line at all.
    #[error("the file has no player lines")]
    NoPlayers,
    /// The player lines carry no round entries.
    #[error("the player lines have no round results")]
    NoRounds,
    /// More rounds than a tournament can hold.
    #[error("{found} rounds; at most {max} can be imported")]
    TooManyRounds {
        /// Rounds in the file.
        found: usize,
        /// The most a tournament holds.
        max: u32,
    },
    /// No token of the line is a rank such as `12k` or `3d`.
    #[error("no rank (such as 12k or 3d) on this line")]
    NoRank,
    /// The rank comes first: the player has no name.
    #[error("no name before the rank")]
    NoName,
    /// Fewer entries than the other lines.
    #[error("{found} entries after the club where the other lines have {expected}")]
    FewerEntries {
        /// Entries on this line.
        found: usize,
        /// Entries on most lines.
        expected: usize,
    },
    /// More entries than the other lines.
    #[error("{found} entries after the club where the other lines have {expected}")]
    MoreEntries {
        /// Entries on this line.
        found: usize,
        /// Entries on most lines.
        expected: usize,
    },
    /// A round entry that is not `<place><+|-|=|?>[/<w|b|?>[handicap]]` or `0+`, `0-`, `0=`.
    #[error("round {round}: {token:?} is not a result such as 12+/w2, 7-, 3= or 0+")]
    BadResult {
        /// The round.
        round: u32,
        /// The token as written.
        token: String,
    },
    /// A criterion column that is not a number.
    #[error("{token:?} stands where the other lines have a number")]
    BadCriterion {
        /// The token as written.
        token: String,
    },
    /// The opponent's index is not a player line.
    #[error("round {round}: opponent {opponent} but the file lists {players} players")]
    UnknownOpponent {
        /// The round.
        round: u32,
        /// The index written.
        opponent: usize,
        /// Player lines in the file.
        players: usize,
    },
    /// The entry names the player's own line.
    #[error("round {round}: the player is named as their own opponent")]
    OwnOpponent {
        /// The round.
        round: u32,
    },
    /// The opponent's line tells another story of the game.
    #[error("round {round}: the opponent's line (line {other_line}) does not show the same game")]
    SidesDisagree {
        /// The round.
        round: u32,
        /// The opponent's line in the file.
        other_line: usize,
    },
    /// A header tag whose value cannot be read.
    #[error("{tag}[{value}] cannot be read")]
    BadTag {
        /// The tag, e.g. `KM`.
        tag: String,
        /// Its value.
        value: String,
    },
}

/// Reads an h9 file's bytes: by their byte-order mark, else UTF-8 when they
/// are UTF-8 (Tengen and Pairgoth write it), else ISO-8859-15, which
/// OpenGotha writes, or windows-1251 when the names read as Cyrillic.
pub fn import_bytes(bytes: &[u8]) -> Result<Tournament, Vec<H9Error>> {
    match super::text::decode_text(bytes, None, encoding_rs::ISO_8859_15) {
        Ok(text) => import(&text),
        Err(super::text::TextError::Malformed { line, encoding }) => Err(vec![H9Error {
            line,
            problem: H9Problem::NotText {
                encoding: encoding.to_string(),
            },
        }]),
        // Only a declaration can name an unknown encoding, and h9 has none.
        Err(super::text::TextError::UnknownEncoding(encoding)) => Err(vec![H9Error {
            line: 1,
            problem: H9Problem::NotText { encoding },
        }]),
    }
}

/// Reads an h9 file; on any problem, every malformed line is reported and
/// nothing is returned.
pub fn import(text: &str) -> Result<Tournament, Vec<H9Error>> {
    let mut errors = Vec::new();
    let mut settings = Settings::default();
    let mut header_criteria = String::new();
    let mut handicap_reduction = None;
    let mut lines = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let (content, comment) = match raw.find(';') {
            Some(at) => (&raw[..at], Some(&raw[at + 1..])),
            None => (raw, None),
        };
        if let Some(comment) = comment
            && let Err(e) = read_tag(
                comment,
                line,
                &mut settings,
                &mut handicap_reduction,
                &mut header_criteria,
            )
        {
            errors.push(e);
        }
        if content.trim().is_empty() {
            continue;
        }
        match split_line(content, line) {
            Ok(l) => lines.push(l),
            Err(problem) => errors.push(H9Error { line, problem }),
        }
    }
    if lines.is_empty() {
        errors.push(H9Error {
            line: text.lines().count().max(1),
            problem: H9Problem::NoPlayers,
        });
        return Err(errors);
    }
    let entries = read_entries(&mut lines, &mut errors);
    if !errors.is_empty() {
        // In the file's order, as the organiser corrects it.
        errors.sort_by_key(|e| e.line);
        return Err(errors);
    }
    let rounds = entries.first().map_or(0, Vec::len);
    if rounds == 0 {
        return Err(vec![H9Error {
            line: lines[0].line,
            problem: H9Problem::NoRounds,
        }]);
    }
    if rounds > Participation::MAX_ROUNDS as usize {
        return Err(vec![H9Error {
            line: lines[0].line,
            problem: H9Problem::TooManyRounds {
                found: rounds,
                max: Participation::MAX_ROUNDS,
            },
        }]);
    }
    // The criteria the header names, and OpenGotha's defaults for the rest
    // of the system they imply (see the module doc).
    let placement = header_placement(&header_criteria);
    let system = match placement.first() {
        Some(_) => Settings::system_from_criteria(&placement),
        None => System::Swiss,
    };
    presets::apply(&mut settings, system);
    if !placement.is_empty() {
        settings.placement = placement;
    }
    settings.number_of_rounds = rounds as u32;
    // OpenGotha writes HA only when its correction is above 0; EGD: "h9 always means no handicap".
    settings.handicap.correction = handicap_reduction.unwrap_or(0);
    if handicap_reduction.is_some_and(|h| h >= 9) {
        settings.handicap.ceiling = 0;
    }
    // OpenGotha's short game format writes neither colour nor handicap; so
    // re-exported, the file keeps its format.
    let games: Vec<&Entry> = entries
        .iter()
        .flatten()
        .filter(|e| matches!(e, Entry::Game { .. }))
        .collect();
    if !games.is_empty()
        && games
            .iter()
            .all(|e| matches!(e, Entry::Game { handicap: None, .. }))
    {
        settings.display.game_format = "short".into();
    }
    // h9 has no short name; the organiser may give another on the import form.
    settings.general.short_name = super::short_name_from(&settings.general.name);
    build(settings, lines, entries)
}
