//! The file's header: the `XX[value]` tags in comments and the criteria the
//! column header names.

use crate::core::settings::{Overtime, Settings};
use crate::core::standings::Criterion;
use crate::core::units::HalfPoints;

use super::{H9Error, H9Problem};

/// Reads a `XX[value]` tag from a comment; other comments are ignored.
pub(super) fn read_tag(
    comment: &str,
    line: usize,
    settings: &mut Settings,
    handicap_reduction: &mut Option<i32>,
    header_criteria: &mut String,
) -> Result<(), H9Error> {
    let c = comment.trim();
    // OpenGotha's and Pairgoth's column header names the criteria after "Club".
    if c.starts_with("Pl ") || c.starts_with("Num ") {
        if let Some(at) = c.find("Club") {
            *header_criteria = c[at + 4..].to_string();
        }
        return Ok(());
    }
    let bytes = c.as_bytes();
    if bytes.len() < 4 || !bytes[..2].iter().all(u8::is_ascii_uppercase) || bytes[2] != b'[' {
        return Ok(());
    }
    let Some(end) = c.rfind(']') else {
        return Ok(());
    };
    let tag = &c[..2];
    let raw = &c[3..end];
    let value = raw.trim();
    let bad = || H9Error {
        line,
        problem: H9Problem::BadTag {
            tag: tag.to_string(),
            value: value.to_string(),
        },
    };
    let g = &mut settings.general;
    match tag {
        // As written: OpenGotha keeps a name's blanks.
        "EV" => g.name = raw.to_string(),
        // `country,city`; OpenGotha leaves the country empty.
        "PC" => {
            g.location = match value.split_once(',') {
                Some((country, city)) if country.trim().is_empty() => city.trim().to_string(),
                Some((country, city)) => format!("{}, {}", city.trim(), country.trim()),
                None => value.to_string(),
            }
        }
        "DT" => {
            let mut dates = value.split(',').map(str::trim);
            let begin = dates.next().unwrap_or("");
            let end = dates.next().unwrap_or(begin);
            // `DT[,]`: a tournament without dates, as Tengen writes one whose
            // organiser gave none; its dates stay blank.
            let blank = begin.is_empty() && end.is_empty();
            if !blank && (!is_date(begin) || !is_date(end)) {
                return Err(bad());
            }
            g.begin_date = begin.to_string();
            g.end_date = end.to_string();
        }
        "KM" => settings.rules.komi = parse_komi(value).ok_or_else(bad)?,
        "HA" => {
            let h = value
                .strip_prefix(['h', 'H'])
                .and_then(|n| n.parse::<i32>().ok())
                .filter(|n| (0..=9).contains(n))
                .ok_or_else(bad)?;
            *handicap_reduction = Some(h);
        }
        // OpenGotha writes its time system's name; other comments stay comments.
        "CM" => {
            settings.time.overtime = match value {
                "Sudden death" => Overtime::SuddenDeath,
                "Standard byo-yomi" => Overtime::StandardByoYomi,
                "Canadian byo-yomi" => Overtime::CanadianByoYomi,
                "Fischer" => Overtime::Fischer,
                _ => settings.time.overtime,
            }
        }
        // Class D is the EGF's class for games played on the internet.
        "CL" => g.internet = value.eq_ignore_ascii_case("D"),
        _ => {}
    }
    Ok(())
}

/// The criteria a column header names after `Club`: OpenGotha's (and
/// Tengen's) five-character columns, which run together (`  SOSSOSOS`), else
/// blank-separated names (Pairgoth). A name Tengen does not know is left out.
pub(super) fn header_placement(header: &str) -> Vec<Criterion> {
    let header = header.trim_end();
    let chunks: Vec<&str> = match header.is_ascii() && header.len().is_multiple_of(5) {
        true => (0..header.len() / 5)
            .map(|i| header[i * 5..i * 5 + 5].trim())
            .collect(),
        false => Vec::new(),
    };
    let names = match chunks.iter().all(|c| !c.is_empty()) && !chunks.is_empty() {
        true => chunks,
        false => header.split_whitespace().collect(),
    };
    let mcmahon = names.contains(&"MMS");
    let pick = |m: Criterion, w: Criterion| if mcmahon { m } else { w };
    names
        .iter()
        .filter_map(|name| match *name {
            "SOS" => Some(pick(Criterion::Sosm, Criterion::Sosw)),
            "SOS-1" => Some(pick(Criterion::SosmMinus1, Criterion::SoswMinus1)),
            "SOS-2" => Some(pick(Criterion::SosmMinus2, Criterion::SoswMinus2)),
            "SODOS" => Some(pick(Criterion::Sodosm, Criterion::Sodosw)),
            "SOSOS" => Some(pick(Criterion::Sososm, Criterion::Sososw)),
            "CUSS" => Some(pick(Criterion::Cussm, Criterion::Cussw)),
            // "Rating" cut to five characters.
            "Ratin" => Some(Criterion::Rating),
            other => other.parse().ok(),
        })
        .collect()
}

/// `yyyy-mm-dd`.
fn is_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

/// Komi in points (`7.5`, `6,5`, `0`) as half points; a komi off the half-point grid is refused.
fn parse_komi(text: &str) -> Option<HalfPoints> {
    let doubled = text.replace(',', ".").parse::<f64>().ok()? * 2.0;
    (doubled.fract() == 0.0 && doubled.abs() < 200.0)
        .then(|| HalfPoints::from_halves(doubled as i32))
}
