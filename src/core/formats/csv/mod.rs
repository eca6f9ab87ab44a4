//! Player lists as text: OpenGotha's CSV `Name;FirstName;Rank;Country;Club`
//! (also `,`-separated, with or without a header row, RFC 4180 quotes, UTF-8
//! with or without BOM) and Christoph Gerlach's vbar format
//! `name|firstname|rank|club|country|rating|registration` (MacMahon; read by
//! the RGF's OpenGotha, help page "VBar-separated format"), in the encoding
//! the organiser names or [`decode_text`] finds: Russian and Ukrainian files
//! often come from Excel in windows-1251, Western ones in windows-1252.
//!
//! Import is all or nothing: every row is checked, every problem is reported
//! with its line, and no player is returned while one remains.

use crate::core::fold::fold;
use crate::core::formats::text::{TextError, decode_text};
use crate::core::ids::PlayerId;
use crate::core::player::{Player, Registration};
use crate::core::rank::Rank;
use crate::core::rating::Rating;
use encoding_rs::{Encoding, WINDOWS_1252};
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::fmt::Write as _;

/// One problem of one row.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct RowError {
    /// 1-based line where the row starts.
    pub line: usize,
    /// What is wrong, in words.
    pub problem: String,
}

/// Why nothing was imported: every problem found, in line order.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} problems in the player list; nothing was imported", rows.len())]
pub struct CsvError {
    /// The problems.
    pub rows: Vec<RowError>,
}

impl CsvError {
    fn one(line: usize, problem: impl Into<String>) -> Self {
        CsvError {
            rows: vec![RowError {
                line,
                problem: problem.into(),
            }],
        }
    }
}

/// Why an uploaded file was not imported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    /// It is not text in the encoding chosen or marked.
    #[error(transparent)]
    Text(#[from] TextError),
    /// Rows that cannot be read.
    #[error(transparent)]
    Rows(#[from] CsvError),
}

/// Reads players from the bytes of an uploaded file, in `chosen` or the
/// encoding it is found to have.
pub fn import_bytes(
    bytes: &[u8],
    chosen: Option<&'static Encoding>,
) -> Result<Vec<Player>, FileError> {
    let text = decode_text(bytes, chosen, WINDOWS_1252)?;
    Ok(import(&text)?)
}

/// Reads players from CSV or vbar text, recognised by a `|` in its first row.
///
/// The players have id 0 until [`Tournament::register`](crate::core::Tournament::register)
/// gives them one.
pub fn import(text: &str) -> Result<Vec<Player>, CsvError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first_row = text
        .lines()
        .map(|l| l.split(';').next().unwrap_or_default())
        .find(|l| !l.trim().is_empty());
    let rows = match first_row {
        Some(row) if row.contains('|') => vbar_rows(text),
        Some(_) => csv_rows(text),
        None => return Err(CsvError::one(1, "the file holds no player")),
    };
    let mut players = Vec::new();
    let mut errors = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (line, row) in rows {
        let problems = match row {
            Ok(player) => match seen.entry(fold(&player.full_name())) {
                Entry::Occupied(first) => vec![format!(
                    "{} is already on line {}",
                    player.full_name(),
                    first.get()
                )],
                Entry::Vacant(slot) => {
                    slot.insert(line);
                    players.push(player);
                    continue;
                }
            },
            Err(problems) => problems,
        };
        errors.extend(
            problems
                .into_iter()
                .map(|problem| RowError { line, problem }),
        );
    }
    if !errors.is_empty() {
        return Err(CsvError { rows: errors });
    }
    if players.is_empty() {
        return Err(CsvError::one(1, "the file holds no player"));
    }
    Ok(players)
}

/// OpenGotha's CSV export (`ExternalDocument.generatePlayersCSVFile`): a header,
/// then one row per player, each ending with `;`; fields quoted only when needed.
pub fn export(players: &[Player]) -> String {
    let mut out = String::from("Name;FirstName;Rank;Country;Club;\n");
    for p in players {
        let rank = p.rank.to_string();
        for field in [&p.name, &p.first_name, &rank, &p.country, &p.club] {
            if field.contains([';', ',', '"', '\n', '\r']) {
                let _ = write!(out, "\"{}\";", field.replace('"', "\"\""));
            } else {
                let _ = write!(out, "{field};");
            }
        }
        out.push('\n');
    }
    out
}

/// A row as read: the player, or every problem found in it.
type Row = (usize, Result<Player, Vec<String>>);

/// The CSV rows of `text`; a first row naming the columns is skipped.
fn csv_rows(text: &str) -> Vec<Row> {
    let first_line = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or_default();
    let delimiter = if first_line.contains(';') { ';' } else { ',' };
    let mut rows = Vec::new();
    let mut first = true;
    for (line, record) in records(text, delimiter) {
        let row = match record {
            Ok(fields) if fields.iter().all(String::is_empty) => continue,
            Ok(fields) if std::mem::take(&mut first) && fields[0].eq_ignore_ascii_case("name") => {
                continue;
            }
            Ok(fields) => csv_player(&fields),
            Err(problem) => Err(vec![problem]),
        };
        first = false;
        rows.push((line, row));
    }
    rows
}

/// A player from `Name;FirstName;Rank;Country;Club`.
fn csv_player(fields: &[String]) -> Result<Player, Vec<String>> {
    const COLUMNS: &str = "Name;FirstName;Rank;Country;Club";
    if fields.len() < 3 {
        return Err(vec![format!(
            "{} columns where {COLUMNS} are expected",
            fields.len()
        )]);
    }
    let field = |i: usize| fields.get(i).map_or("", String::as_str);
    let mut problems = Vec::new();
    if field(0).is_empty() {
        problems.push("the name is empty".to_owned());
    }
    let rank = field(2)
        .parse::<Rank>()
        .map_err(|e| problems.push(e.to_string()));
    let country = country(field(3)).map_err(|e| problems.push(e));
    if fields.iter().skip(5).any(|f| !f.is_empty()) {
        problems.push(format!("values after the Club column; expected {COLUMNS}"));
    }
    match (rank, country) {
        (Ok(rank), Ok(country)) if problems.is_empty() => {
            let mut player = new_player(field(0), field(1), rank);
            player.country = country;
            player.club = field(4).to_owned();
            Ok(player)
        }
        _ => Err(problems),
    }
}

/// A country code: two letters, or nothing.
fn country(text: &str) -> Result<String, String> {
    match text.len() {
        0 => Ok(String::new()),
        2 if text.bytes().all(|b| b.is_ascii_alphabetic()) => Ok(text.to_ascii_uppercase()),
        _ => Err(format!("country {text:?} is not a two-letter code")),
    }
}

/// Splits `text` into records of trimmed fields, with the line each starts on;
/// quotes as RFC 4180 (a field may hold the delimiter, `""` or a line break).
fn records(text: &str, delimiter: char) -> Vec<(usize, Result<Vec<String>, String>)> {
    let mut records = Vec::new();
    let mut fields = Vec::new();
    let mut field = String::new();
    let (mut line, mut start_line) = (1, 1);
    let mut in_quotes = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if in_quotes && chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            '"' if in_quotes => in_quotes = false,
            '"' if field.trim().is_empty() => {
                field.clear();
                in_quotes = true;
            }
            '\n' if in_quotes => {
                line += 1;
                field.push('\n');
            }
            c if c == delimiter && !in_quotes => fields.push(std::mem::take(&mut field)),
            '\r' if !in_quotes && chars.peek() == Some(&'\n') => {}
            '\n' => {
                fields.push(std::mem::take(&mut field));
                records.push((start_line, Ok(trimmed(std::mem::take(&mut fields)))));
                line += 1;
                start_line = line;
            }
            c => field.push(c),
        }
    }
    if in_quotes {
        records.push((start_line, Err("a quoted field is not closed".to_owned())));
    } else if !field.trim().is_empty() || !fields.is_empty() {
        fields.push(field);
        records.push((start_line, Ok(trimmed(fields))));
    }
    records
}

fn trimmed(fields: Vec<String>) -> Vec<String> {
    fields.into_iter().map(|f| f.trim().to_owned()).collect()
}

/// The vbar rows of `text`; `;` starts a comment, empty rows are skipped.
fn vbar_rows(text: &str) -> Vec<Row> {
    text.lines()
        .enumerate()
        .filter_map(|(index, line)| {
            let row = line.split(';').next().unwrap_or_default();
            (!row.trim().is_empty()).then(|| (index + 1, vbar_player(row)))
        })
        .collect()
}

/// A player from `name|firstname|rank|club|country|rating|registration`.
fn vbar_player(row: &str) -> Result<Player, Vec<String>> {
    let fields: Vec<&str> = row.split('|').map(str::trim).collect();
    if fields.len() < 3 || fields.len() > 7 {
        return Err(vec![format!(
            "{} fields where name|firstname|rank|club|country|rating|registration are expected",
            fields.len()
        )]);
    }
    let field = |i: usize| fields.get(i).copied().unwrap_or_default();
    let mut problems = Vec::new();
    if field(0).is_empty() {
        problems.push("the name is empty".to_owned());
    }
    // The format reads a number with `d` as dan, anything else as kyu, within 30k–9d.
    let rank = Rank::parse_lenient(field(2)).map_err(|e| problems.push(e.to_string()));
    let rating = match field(5) {
        "" => Some(None),
        text => match text.parse::<i32>() {
            Ok(r @ 0..=2900) => Some(Some(Rating::new(r))),
            _ => {
                problems.push(format!("rating {text:?} is not a number from 0 to 2900"));
                None
            }
        },
    };
    let registration = match field(6) {
        "" | "f" | "F" => Some(Registration::Final),
        "p" | "P" => Some(Registration::Preliminary),
        text => {
            problems.push(format!(
                "registration {text:?} is neither p (preliminary) nor f (final)"
            ));
            None
        }
    };
    match (rank, rating, registration) {
        (Ok(rank), Some(rating), Some(registration)) if problems.is_empty() => {
            let mut player = new_player(field(0), field(1), rank);
            // The format truncates clubs to 4 characters and countries to 2, ignoring shorter ones.
            player.club = field(3).chars().take(4).collect();
            if field(4).chars().count() >= 2 {
                player.country = field(4).chars().take(2).collect::<String>().to_uppercase();
            }
            if let Some(rating) = rating {
                player.rating = rating;
                player.rating_origin = "MAN".into();
            }
            player.registration = registration;
            Ok(player)
        }
        _ => Err(problems),
    }
}

/// A player with the rating of their rank (OpenGotha `Player.ratingFromRank`, origin `INI`).
fn new_player(name: &str, first_name: &str, rank: Rank) -> Player {
    let mut player = Player::new(PlayerId(0), name, first_name, rank);
    player.rating = Rating::new((rank.opengotha_value() + 30) * 100 - 900);
    player.rating_origin = "INI".into();
    player
}

#[cfg(test)]
mod tests;
