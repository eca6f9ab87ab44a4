//! The EGD's and the FFG's fixed columns, counted in bytes, read into rated
//! players and the list's date.

use super::{ListKind, RatedPlayer, Reading};
use crate::core::rank::Rank;
use crate::core::rating::Rating;
use encoding_rs::UTF_8;
use jiff::civil::Date;
use std::ops::Range;

/// `egf_db.txt` columns (OpenGotha `RatingList.parseFile`).
const EGF_PIN: Range<usize> = 1..9;
const EGF_NAMES: Range<usize> = 11..48;
const EGF_COUNTRY: Range<usize> = 49..52;
const EGF_CLUB: Range<usize> = 53..57;
const EGF_GRADE: Range<usize> = 60..63;
const EGF_GOR: Range<usize> = 71..75;

/// A player line, `None` for any other line.
pub(super) fn egf_player(line: &[u8], reading: Reading) -> Option<Result<RatedPlayer, String>> {
    let field = |range| field(line, range, reading);
    let pin = field(EGF_PIN);
    if pin.is_empty() || !pin.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if line.len() < EGF_GOR.end {
        return Some(Err(format!(
            "PIN {pin}: the line ends before the rating column ({} characters)",
            EGF_GOR.end
        )));
    }
    let grade = field(EGF_GRADE);
    let Ok(rank) = grade.parse::<Rank>() else {
        return Some(Err(format!("PIN {pin}: grade {grade:?} is not a rank")));
    };
    let gor = field(EGF_GOR);
    let Ok(gor) = gor.parse::<i32>() else {
        return Some(Err(format!("PIN {pin}: rating {gor:?} is not a number")));
    };
    let (name, first_name) = names(&field(EGF_NAMES));
    Some(Ok(RatedPlayer {
        list: ListKind::Egf,
        egf_pin: pin,
        ffg_licence: String::new(),
        ffg_licence_status: String::new(),
        name,
        first_name,
        country: known(field(EGF_COUNTRY), "XX"),
        club: known(field(EGF_CLUB), "xxxx"),
        rank,
        rating: Rating::new(gor),
    }))
}

/// The list's date, written `(22 Feb 2018)` in the page header.
pub(super) fn egf_date(line: &[u8]) -> Option<Date> {
    let text = std::str::from_utf8(line).ok()?.trim();
    let inner = text.strip_prefix('(')?.strip_suffix(')')?;
    let mut parts = inner.split_whitespace();
    let day: i8 = parts.next()?.parse().ok()?;
    let month = parts.next()?;
    let year: i16 = parts.next()?.parse().ok()?;
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = MONTHS.iter().position(|m| m.eq_ignore_ascii_case(month))? as i8 + 1;
    Date::new(year, month, day).ok()
}

/// `ech_ffg_V3.txt` columns (OpenGotha `RatingList.parseFile`).
const FFG_NAMES: Range<usize> = 0..38;
const FFG_RATING: Range<usize> = 38..43;
const FFG_STATUS: Range<usize> = 44..45;
const FFG_LICENCE: Range<usize> = 46..53;
const FFG_CLUB: Range<usize> = 54..58;
const FFG_COUNTRY: Range<usize> = 59..61;

/// A player line, `None` for a blank or `#` line.
pub(super) fn ffg_player(line: &[u8], reading: Reading) -> Option<Result<RatedPlayer, String>> {
    if line.iter().all(|b| b.is_ascii_whitespace()) || line.starts_with(b"#") {
        return None;
    }
    let field = |range| field(line, range, reading);
    let (name, first_name) = names(&field(FFG_NAMES));
    let rating = field(FFG_RATING);
    let Ok(rating) = rating.parse::<i32>() else {
        return Some(Err(format!(
            "{name} {first_name}: rating {rating:?} is not a number"
        )));
    };
    let rating = Rating::from_ffg(rating);
    Some(Ok(RatedPlayer {
        list: ListKind::Ffg,
        egf_pin: String::new(),
        ffg_licence: known(field(FFG_LICENCE), "-------"),
        ffg_licence_status: field(FFG_STATUS),
        name,
        first_name,
        country: field(FFG_COUNTRY),
        club: known(field(FFG_CLUB), "xxxx"),
        rank: Rating::rank(rating),
        rating,
    }))
}

/// The date of the header `#Echelle au 23/02/2018 07:56:59`.
pub(super) fn ffg_date(line: &[u8]) -> Option<Date> {
    let text = std::str::from_utf8(line).ok()?;
    let date = text
        .split("Echelle au ")
        .nth(1)?
        .split_whitespace()
        .next()?;
    let mut parts = date.split('/');
    let day: i8 = parts.next()?.parse().ok()?;
    let month: i8 = parts.next()?.parse().ok()?;
    let year: i16 = parts.next()?.parse().ok()?;
    Date::new(year, month, day).ok()
}

/// The trimmed text of byte columns `range` (clipped to the line).
fn field(line: &[u8], range: Range<usize>, reading: Reading) -> String {
    let end = range.end.min(line.len());
    let bytes = line.get(range.start..end).unwrap_or_default();
    let encoding = match reading {
        Reading::Utf8Else(_) if std::str::from_utf8(bytes).is_ok() => UTF_8,
        Reading::Utf8Else(encoding) | Reading::Only(encoding) => encoding,
    };
    // A UTF-8 character cut by a column edge reads as U+FFFD rather than
    // failing the line: OpenGotha cuts the same columns.
    let (text, _) = encoding.decode_without_bom_handling(bytes);
    text.trim().to_owned()
}

/// Family and given name: the first word, then the rest; `_` stands for a space in a name.
fn names(both: &str) -> (String, String) {
    let (name, first_name) = both.split_once(' ').unwrap_or((both, ""));
    let spaced = |s: &str| s.trim().replace('_', " ");
    (spaced(name), spaced(first_name))
}

/// `text`, or nothing where the list writes `unknown` (or a shorter run of it).
fn known(text: String, unknown: &str) -> String {
    if !text.is_empty() && unknown.starts_with(text.as_str()) {
        String::new()
    } else {
        text
    }
}
