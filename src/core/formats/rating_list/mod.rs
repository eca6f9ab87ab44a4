//! Rating lists: the EGD's `egf_db.txt` and the FFG's `ech_ffg_V3.txt`, read
//! into rated players, and [`RatingIndex`], which finds them as a name is typed.
//!
//! Both lists have fixed columns counted in bytes (OpenGotha `RatingList.java`
//! reads the same ones). The EGD's file mixes UTF-8 lines with ISO-8859-15
//! ones, so unless the organiser names the encoding each field is decoded
//! alone: UTF-8 when it is, else in the file's single-byte code page
//! (ISO-8859-15 as OpenGotha reads it, or windows-1251 for a Russian or
//! Ukrainian list, told apart by [`text::guess_single_byte`]). Lines that are
//! not player lines (HTML, headers, totals) are skipped; player lines that
//! cannot be read are reported with their number.
//!
//! Reading a list is here, each list's columns in [`columns`]; the index
//! that searches and matches players, and the updates it finds, in [`index`].

mod columns;
mod index;
#[cfg(test)]
mod tests;

pub use crate::core::rating::{ListKind, label};
pub use crate::core::tournament::ratings::{MatchedBy, RatingChange, RatingUpdates};
pub use index::{RatingIndex, SEARCH_LIMIT};

use columns::{egf_date, egf_player, ffg_date, ffg_player};

use crate::core::formats::text::{self, TextError};
use crate::core::ids::PlayerId;
use crate::core::player::{Player, RatingSource};
use crate::core::rank::Rank;
use crate::core::rating::Rating;
use encoding_rs::{Encoding, ISO_8859_15, UTF_8};
use jiff::civil::Date;
use std::borrow::Cow;

/// One player of a rating list. Unknown values (`XX`, `xxxx`, `-------`) are empty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatedPlayer {
    /// The list the player comes from.
    pub list: ListKind,
    /// EGD PIN (EGF lists).
    pub egf_pin: String,
    /// FFG licence number (FFG lists).
    pub ffg_licence: String,
    /// FFG licence status letter (FFG lists; `-` when none).
    pub ffg_licence_status: String,
    /// Family name.
    pub name: String,
    /// Given name.
    pub first_name: String,
    /// Country code.
    pub country: String,
    /// Club code.
    pub club: String,
    /// The EGD grade, or for FFG lists the rank of the rating (OpenGotha `rankFromRating`).
    pub rank: Rank,
    /// Rating on the GoR scale.
    pub rating: Rating,
}

impl RatedPlayer {
    /// A player to register with these values, from the list of `date`; the
    /// id is 0 until [`Tournament::register`](crate::core::Tournament::register) gives one.
    pub fn to_player(&self, date: Option<Date>) -> Player {
        let mut player = Player::new(PlayerId(0), &self.name, &self.first_name, self.rank);
        player.country = self.country.clone();
        player.club = self.club.clone();
        player.egf_pin = self.egf_pin.clone();
        player.ffg_licence = self.ffg_licence.clone();
        player.ffg_licence_status = self.ffg_licence_status.clone();
        player.rating = self.rating;
        player.rating_source = Some(self.source(date));
        player.rating_origin = self.origin().into();
        if self.list == ListKind::Egf {
            player.grade = self.rank.to_string();
        }
        player
    }

    /// Where a rating taken from this entry comes from.
    pub fn source(&self, date: Option<Date>) -> RatingSource {
        RatingSource {
            list: self.list,
            date,
            rank: self.rank,
        }
    }

    /// OpenGotha's `ratingOrigin` for a rating from this list. OpenGotha
    /// compares it with `EGF` and `FFG` exactly (`Player.getStrRawRating`,
    /// the RGF's `RatingOrigin.fromString`), so the list's date is kept in
    /// [`Player::rating_source`] and not written here.
    pub fn origin(&self) -> &'static str {
        match self.list {
            ListKind::Egf => "EGF",
            ListKind::Ffg => "FFG",
        }
    }
}

/// A player line that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct MalformedLine {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong, in words.
    pub problem: String,
}

/// A rating list as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingList {
    /// Which list it is.
    pub kind: ListKind,
    /// The list's date, when it states one.
    pub date: Option<Date>,
    /// Its players, in file order.
    pub players: Vec<RatedPlayer>,
    /// Player lines skipped because they could not be read.
    pub malformed: Vec<MalformedLine>,
}

impl RatingList {
    /// "EGD 2018-02-22", as the ratings taken from it are labelled.
    pub fn label(&self) -> String {
        label(self.kind, self.date)
    }
}

/// A file that holds no rating list.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RatingListError {
    /// The file is not text in the encoding chosen or marked.
    #[error(transparent)]
    Text(#[from] TextError),
    /// Not one player line could be read.
    #[error("no player found in this {kind} rating list ({} malformed lines)", malformed.len())]
    NoPlayers {
        /// The layout the file was read as.
        kind: ListKind,
        /// The player lines that could not be read.
        malformed: Vec<MalformedLine>,
    },
}

/// Reads a rating list in the encoding it is found to have (see the module).
pub fn parse(bytes: &[u8]) -> Result<RatingList, RatingListError> {
    parse_in(bytes, None)
}

/// Reads a rating list in `chosen`, or the encoding it is found to have;
/// an FFG list is recognised by its `Echelle au` header.
pub fn parse_in(
    bytes: &[u8],
    chosen: Option<&'static Encoding>,
) -> Result<RatingList, RatingListError> {
    let (bytes, reading) = reading(bytes, chosen)?;
    let bytes = bytes.as_ref();
    let head = &bytes[..bytes.len().min(200)];
    let kind = if head.windows(10).any(|w| w == b"Echelle au") {
        ListKind::Ffg
    } else {
        ListKind::Egf
    };
    let mut list = RatingList {
        kind,
        date: None,
        players: Vec::new(),
        malformed: Vec::new(),
    };
    for (index, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if list.date.is_none() {
            list.date = match kind {
                ListKind::Egf => egf_date(line),
                ListKind::Ffg => ffg_date(line),
            };
        }
        let read = match kind {
            ListKind::Egf => egf_player(line, reading),
            ListKind::Ffg => ffg_player(line, reading),
        };
        match read {
            Some(Ok(player)) => list.players.push(player),
            Some(Err(problem)) => list.malformed.push(MalformedLine {
                line: index + 1,
                problem,
            }),
            None => {}
        }
    }
    if list.players.is_empty() {
        return Err(RatingListError::NoPlayers {
            kind,
            malformed: list.malformed,
        });
    }
    Ok(list)
}

/// How the bytes of one field become text.
#[derive(Debug, Clone, Copy)]
enum Reading {
    /// UTF-8 when the field is, else this single-byte code page.
    Utf8Else(&'static Encoding),
    /// Always this encoding (chosen, or UTF-8 checked for the whole file).
    Only(&'static Encoding),
}

/// The bytes to cut into columns and how to read their fields. A file in
/// a chosen or marked encoding must decode whole, or nothing is read; one
/// in UTF-16 is cut as its UTF-8, the bytes the EGD counts its columns in.
fn reading<'a>(
    bytes: &'a [u8],
    chosen: Option<&'static Encoding>,
) -> Result<(Cow<'a, [u8]>, Reading), TextError> {
    let marked = Encoding::for_bom(bytes).map(|(encoding, _)| encoding);
    let Some(encoding) = chosen.or(marked) else {
        let latin = if std::str::from_utf8(bytes).is_ok() {
            UTF_8
        } else {
            text::guess_single_byte(bytes, ISO_8859_15)
        };
        return Ok((Cow::Borrowed(bytes), Reading::Utf8Else(latin)));
    };
    let whole = text::decode_text(bytes, Some(encoding), ISO_8859_15)?;
    if encoding.is_single_byte() {
        Ok((Cow::Borrowed(bytes), Reading::Only(encoding)))
    } else {
        Ok((Cow::Owned(whole.into_bytes()), Reading::Only(UTF_8)))
    }
}
