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

use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::player::{Participation, Player};
use crate::core::presets;
use crate::core::rank::Rank;
use crate::core::rating::Rating;
use crate::core::round::{Bye, Game, GameResult, ResultOrigin};
use crate::core::settings::{Overtime, Settings, System};
use crate::core::standings::Criterion;
use crate::core::tournament::Tournament;
use crate::core::units::HalfPoints;

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

/// A round entry as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Entry {
    /// `0+`, `0=`, `0-`: no game this round, worth what the symbol says.
    Free(Outcome),
    /// A game against the player on line index `opponent` (1-based).
    Game {
        opponent: usize,
        outcome: Outcome,
        by_default: bool,
        /// `None` when the colour is `?` or not written (short format).
        white: Option<bool>,
        /// `None` when not written (short format).
        handicap: Option<u8>,
    },
}

/// The player's result as the symbol says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Win,
    Loss,
    Jigo,
    /// `?`: OpenGotha's unfinished game.
    Unknown,
}

/// A player line split into its fields; `tail` holds criteria and rounds.
struct RawLine<'a> {
    line: usize,
    surname: String,
    first_name: String,
    rank: Rank,
    country: String,
    club: String,
    /// Whether the token after the country was taken as the club.
    club_taken: bool,
    tail: Vec<&'a str>,
    pin: String,
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

/// Reads a `XX[value]` tag from a comment; other comments are ignored.
fn read_tag(
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
            if !is_date(begin) || !is_date(end) {
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
fn header_placement(header: &str) -> Vec<Criterion> {
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

fn is_rank_token(token: &str) -> bool {
    let Some(digits) = token.strip_suffix(['k', 'K', 'd', 'D', 'p', 'P']) else {
        return false;
    };
    (1..=2).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A criterion value: a number, possibly with a half (`½`, or `?` where
/// OpenGotha's ISO-8859-15 output could not write `½`) or decimals.
fn is_criterion(token: &str) -> bool {
    let t = token.strip_prefix('-').unwrap_or(token);
    let t = t
        .strip_suffix('½')
        .or_else(|| t.strip_suffix('?'))
        .unwrap_or(t);
    let (whole, fraction) = t.split_once(['.', ',']).unwrap_or((t, "0"));
    (!whole.is_empty() || token.ends_with('½'))
        && whole.bytes().all(|b| b.is_ascii_digit())
        && !fraction.is_empty()
        && fraction.bytes().all(|b| b.is_ascii_digit())
}

/// Splits a player line into name, rank, country, club, the rest and the PIN.
fn split_line(content: &str, line: usize) -> Result<RawLine<'_>, H9Problem> {
    let mut tokens: Vec<(usize, &str)> = Vec::new();
    let mut start = None;
    for (i, c) in content.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                tokens.push((s, &content[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        tokens.push((s, &content[s..]));
    }
    let pin = match tokens.last() {
        Some((_, t)) if t.starts_with('|') => {
            let pin = t[1..].to_string();
            tokens.pop();
            pin
        }
        _ => String::new(),
    };
    let rank_at = tokens
        .iter()
        .skip(1)
        .position(|(_, t)| is_rank_token(t))
        .map(|i| i + 1);
    let rank_at = match rank_at {
        Some(r) => r,
        None if tokens.first().is_some_and(|(_, t)| is_rank_token(t)) => {
            return Err(H9Problem::NoName);
        }
        None => return Err(H9Problem::NoRank),
    };
    // The place is a number before the name; OpenGotha leaves its 4 columns
    // blank for a tie, so a number starting past them is a name ("1533").
    let (first_col, first) = tokens[0];
    let has_place = first.bytes().all(|b| b.is_ascii_digit()) && first_col < 5 && rank_at >= 2;
    let names: Vec<&str> = tokens[usize::from(has_place)..rank_at]
        .iter()
        .map(|(_, t)| *t)
        .collect();
    let (surname, first_name) = split_name(&names);
    let rank = Rank::parse_lenient(tokens[rank_at].1).map_err(|_| H9Problem::NoRank)?;
    let mut rest = tokens[rank_at + 1..].iter().map(|(_, t)| *t).peekable();
    let mut country = String::new();
    if let Some(t) = rest.next_if(|t| t.len() == 2 && t.bytes().all(|b| b.is_ascii_alphabetic())) {
        // OpenGotha writes XX for an unknown country.
        if !t.eq_ignore_ascii_case("XX") {
            country = t.to_ascii_uppercase();
        }
    }
    let mut club = String::new();
    let mut club_taken = false;
    if let Some(t) = rest.next_if(|t| !is_criterion(t) && parse_entry(t).is_none()) {
        club_taken = true;
        // OpenGotha writes xxxx for no club.
        if t != "xxxx" {
            club = t.to_string();
        }
    }
    Ok(RawLine {
        line,
        surname,
        first_name,
        rank,
        country,
        club,
        club_taken,
        tail: rest.collect(),
        pin,
    })
}

/// `Name Firstname` as OpenGotha and Pairgoth write it (blanks inside a
/// name as `_`), or the spec's single `Name_Firstname`.
fn split_name(names: &[&str]) -> (String, String) {
    let unscore = |s: &str| s.replace('_', " ");
    match names {
        [] => (String::new(), String::new()),
        [one] => match one.split_once('_') {
            Some((surname, first)) => (surname.to_string(), unscore(first)),
            None => (one.to_string(), String::new()),
        },
        [surname, rest @ ..] => (unscore(surname), unscore(&rest.join(" "))),
    }
}

/// Reads a round entry: `<index><+|-|=|?>[</|!><w|b|?>[handicap]]`, or `0+`, `0-`, `0=`.
fn parse_entry(token: &str) -> Option<Entry> {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let opponent: usize = token[..digits].parse().ok()?;
    let mut rest = token[digits..].chars();
    let outcome = match rest.next()? {
        '+' => Outcome::Win,
        '-' => Outcome::Loss,
        '=' => Outcome::Jigo,
        '?' => Outcome::Unknown,
        _ => return None,
    };
    let rest = rest.as_str();
    if opponent == 0 {
        return (rest.is_empty() && outcome != Outcome::Unknown).then_some(Entry::Free(outcome));
    }
    let mut entry = Entry::Game {
        opponent,
        outcome,
        by_default: false,
        white: None,
        handicap: None,
    };
    if rest.is_empty() {
        return Some(entry);
    }
    let Entry::Game {
        by_default,
        white,
        handicap,
        ..
    } = &mut entry
    else {
        return None;
    };
    let mut chars = rest.chars();
    *by_default = match chars.next()? {
        '/' => false,
        '!' => true,
        _ => return None,
    };
    let rest = chars.as_str();
    let Some(colour) = rest.chars().next() else {
        // `12+!`: a by-default result in the short format.
        return by_default.then_some(entry);
    };
    *white = match colour {
        'w' | 'W' => Some(true),
        'b' | 'B' => Some(false),
        '?' => None,
        _ => return None,
    };
    let stones = &rest[1..];
    if !stones.is_empty() {
        if !stones.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        // A board takes at most nine stones.
        *handicap = Some(stones.parse().ok().filter(|h| *h <= 9)?);
    } else if white.is_some() {
        // The spec: `23+/w` is the same as `23+/w0`.
        *handicap = Some(0);
    }
    Some(entry)
}

/// Decides which trailing tokens are rounds (the same number on every line)
/// and reads them; a line that cannot be read is reported and left out.
fn read_entries(lines: &mut [RawLine<'_>], errors: &mut Vec<H9Error>) -> Vec<Vec<Entry>> {
    let mut counts: Vec<(usize, usize)> = Vec::new();
    for l in lines.iter() {
        match counts.iter_mut().find(|(n, _)| *n == l.tail.len()) {
            Some((_, c)) => *c += 1,
            None => counts.push((l.tail.len(), 1)),
        }
    }
    let expected = counts
        .iter()
        .max_by_key(|(n, c)| (*c, *n))
        .map_or(0, |(n, _)| *n);
    // A club written as a bare number looks like one more criterion.
    for l in lines.iter_mut() {
        if l.tail.len() == expected + 1 && !l.club_taken {
            l.club = l.tail.remove(0).to_string();
            l.club_taken = true;
        }
    }
    // Trailing round-like tokens; a criterion ending in `?` (OpenGotha's ½)
    // also reads as an unfinished game, so the fewest such tokens on the
    // lines of the usual length are the rounds.
    let trailing = |l: &RawLine<'_>| {
        l.tail
            .iter()
            .rev()
            .take_while(|t| parse_entry(t).is_some() || !is_criterion(t))
            .count()
    };
    let rounds = lines
        .iter()
        .filter(|l| l.tail.len() == expected)
        .map(trailing)
        .min()
        .unwrap_or(0);
    let criteria = expected - rounds;
    let mut all = Vec::new();
    for l in lines.iter() {
        let found = l.tail.len();
        if found != expected {
            let problem = if found < expected {
                H9Problem::FewerEntries { found, expected }
            } else {
                H9Problem::MoreEntries { found, expected }
            };
            errors.push(H9Error {
                line: l.line,
                problem,
            });
            continue;
        }
        if let Some(bad) = l.tail[..criteria].iter().find(|t| !is_criterion(t)) {
            errors.push(H9Error {
                line: l.line,
                problem: H9Problem::BadCriterion {
                    token: bad.to_string(),
                },
            });
        }
        let mut entries = Vec::with_capacity(rounds);
        for (r, token) in l.tail[criteria..].iter().enumerate() {
            match parse_entry(token) {
                Some(e) => entries.push(e),
                None => errors.push(H9Error {
                    line: l.line,
                    problem: H9Problem::BadResult {
                        round: r as u32 + 1,
                        token: token.to_string(),
                    },
                }),
            }
        }
        all.push(entries);
    }
    all
}

/// Pairs the two sides of each game and builds the tournament.
fn build(
    mut settings: Settings,
    lines: Vec<RawLine<'_>>,
    entries: Vec<Vec<Entry>>,
) -> Result<Tournament, Vec<H9Error>> {
    let players = lines.len();
    let rounds = settings.number_of_rounds as usize;
    let mut errors = Vec::new();
    // (round, white index, black index, result, by default, colours known, handicap)
    let mut games: Vec<(usize, usize, usize, GameResult, bool, bool, u8)> = Vec::new();
    for (i, mine) in entries.iter().enumerate() {
        for (r, entry) in mine.iter().enumerate() {
            let round = r as u32 + 1;
            let Entry::Game {
                opponent,
                outcome,
                by_default,
                white,
                handicap,
            } = *entry
            else {
                continue;
            };
            let line = lines[i].line;
            let j = opponent - 1;
            if opponent > players {
                errors.push(H9Error {
                    line,
                    problem: H9Problem::UnknownOpponent {
                        round,
                        opponent,
                        players,
                    },
                });
                continue;
            }
            if j == i {
                errors.push(H9Error {
                    line,
                    problem: H9Problem::OwnOpponent { round },
                });
                continue;
            }
            let disagree = H9Error {
                line,
                problem: H9Problem::SidesDisagree {
                    round,
                    other_line: lines[j].line,
                },
            };
            let Entry::Game {
                opponent: back,
                outcome: their_outcome,
                by_default: their_default,
                white: their_white,
                handicap: their_handicap,
            } = entries[j][r]
            else {
                errors.push(disagree);
                continue;
            };
            if back != i + 1 {
                errors.push(disagree);
                continue;
            }
            // Each game is met twice; the first line of the two records it.
            if j < i {
                continue;
            }
            let colours = match (white, their_white) {
                (Some(a), Some(b)) if a == b => None,
                (Some(a), _) => Some((a, true)),
                (None, Some(b)) => Some((!b, true)),
                (None, None) => Some((true, false)),
            };
            let handicap = match (handicap, their_handicap) {
                (Some(a), Some(b)) if a != b => None,
                (a, b) => Some(a.or(b).unwrap_or(0)),
            };
            // OpenGotha writes both-lose as `-` on both lines, both-win as `+`.
            let result_of_i = match (outcome, their_outcome) {
                (Outcome::Win, Outcome::Loss) => Some(Outcome::Win),
                (Outcome::Loss, Outcome::Win) => Some(Outcome::Loss),
                (Outcome::Jigo, Outcome::Jigo) => Some(Outcome::Jigo),
                (Outcome::Unknown, Outcome::Unknown) => Some(Outcome::Unknown),
                (Outcome::Loss, Outcome::Loss) | (Outcome::Win, Outcome::Win) => Some(outcome),
                _ => None,
            };
            let (Some((i_white, known)), Some(handicap), Some(result_of_i), true) =
                (colours, handicap, result_of_i, by_default == their_default)
            else {
                errors.push(disagree);
                continue;
            };
            let both = their_outcome == outcome;
            let result = match (result_of_i, both, i_white) {
                (Outcome::Jigo, _, _) => GameResult::Jigo,
                (Outcome::Unknown, _, _) => GameResult::Unknown,
                (Outcome::Win, true, _) => GameResult::BothWin,
                (Outcome::Loss, true, _) => GameResult::BothLose,
                (Outcome::Win, false, true) | (Outcome::Loss, false, false) => {
                    GameResult::WhiteWins
                }
                (Outcome::Win, false, false) | (Outcome::Loss, false, true) => {
                    GameResult::BlackWins
                }
            };
            let (w, b) = if i_white { (i, j) } else { (j, i) };
            games.push((r, w, b, result, by_default, known, handicap));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let byes = choose_byes(&mut settings, &entries, &games, rounds);
    let komi = settings.rules.komi;
    let mut t = Tournament::new(settings);
    let mut ids = Vec::with_capacity(players);
    for (i, l) in lines.iter().enumerate() {
        let mut p = Player::new(PlayerId(0), &l.surname, &l.first_name, l.rank);
        p.country = l.country.clone();
        p.club = l.club.clone();
        p.egf_pin = l.pin.clone();
        // The file has no ratings; as the registration form does without one.
        p.rating = Rating::of_rank(l.rank);
        for (r, entry) in entries[i].iter().enumerate() {
            let round = RoundNo::from_index(r);
            let round_played = games.iter().any(|g| g.0 == r) || byes[r].is_some();
            if is_absence(*entry, round_played) && byes[r] != Some(i) {
                p.participation = p.participation.with(round, false);
            }
        }
        ids.push(t.register(p));
    }
    let mut boards = vec![0u32; rounds];
    for (r, w, b, result, by_default, known, handicap) in games {
        boards[r] += 1;
        let added = t.add_game(Game {
            round: RoundNo::from_index(r),
            board: BoardNo::new(boards[r]).expect("boards count from 1"),
            white: ids[w],
            black: ids[b],
            handicap,
            komi,
            result,
            origin: if by_default {
                ResultOrigin::ByDefault
            } else {
                ResultOrigin::Played
            },
            colours_known: known,
        });
        debug_assert!(added.is_ok(), "an h9 player has two games in one round");
    }
    for (r, bye) in byes.iter().enumerate() {
        if let Some(i) = bye {
            let given = t.give_bye(Bye {
                round: RoundNo::from_index(r),
                player: ids[*i],
            });
            debug_assert!(given.is_ok(), "an h9 round has two byes");
        }
    }
    Ok(t)
}

/// Whether a round's entry, if not the bye, declares the player absent.
/// OpenGotha writes `0-` for everyone in a round not yet paired, so `0-`
/// is an absence only in a round with games; a `0=` or `0+` is one anywhere
/// (OpenGotha counts absences declared for rounds still to play).
fn is_absence(entry: Entry, round_played: bool) -> bool {
    match entry {
        Entry::Free(Outcome::Loss) => round_played,
        Entry::Free(_) => true,
        Entry::Game { .. } => false,
    }
}

/// The bye of each round, and the points byes and absences are worth.
///
/// The file writes a round without a game as `0+`, `0=` or `0-` whether it
/// was a bye or an absence; OpenGotha writes one value for every bye of a
/// tournament. So byes are written `0+` (the spec's free win) when any
/// line has a `0+`, else `0=`; a round's bye is the first player with that
/// entry (a `0=` only in a round that was played), and everyone else
/// without a game is absent. The values of the first bye and the first
/// absence seen become the tournament's.
fn choose_byes(
    settings: &mut Settings,
    entries: &[Vec<Entry>],
    games: &[(usize, usize, usize, GameResult, bool, bool, u8)],
    rounds: usize,
) -> Vec<Option<usize>> {
    let worth = |o: Outcome| match o {
        Outcome::Win => HalfPoints::ONE,
        Outcome::Jigo => HalfPoints::HALF,
        Outcome::Loss | Outcome::Unknown => HalfPoints::ZERO,
    };
    let free = |r: usize, wanted: Outcome| {
        entries
            .iter()
            .position(|e| e[r] == Entry::Free(wanted))
            .map(|i| (i, wanted))
    };
    let bye_symbol = match entries
        .iter()
        .flatten()
        .any(|e| *e == Entry::Free(Outcome::Win))
    {
        true => Outcome::Win,
        false => Outcome::Jigo,
    };
    let mut byes = vec![None; rounds];
    let mut bye_value = None;
    let mut absent_value = None;
    for (r, bye) in byes.iter_mut().enumerate() {
        let played = games.iter().any(|g| g.0 == r);
        let chosen = free(r, bye_symbol).filter(|_| played || bye_symbol == Outcome::Win);
        if let Some((i, o)) = chosen {
            *bye = Some(i);
            bye_value.get_or_insert(worth(o));
        }
        for (i, e) in entries.iter().enumerate() {
            if let Entry::Free(o) = e[r]
                && is_absence(e[r], played || bye.is_some())
                && Some(i) != *bye
            {
                absent_value.get_or_insert(worth(o));
            }
        }
    }
    let u = &mut settings.unplayed;
    if let Some(v) = bye_value {
        u.nbw_bye = v;
        u.mms_bye = v;
    }
    if let Some(v) = absent_value {
        u.nbw_absent = v;
        u.mms_absent = v;
    }
    byes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::round::Colour;

    fn read(text: &str) -> Tournament {
        import(text).unwrap_or_else(|e| panic!("{e:?}"))
    }

    fn problems(text: &str) -> Vec<(usize, H9Problem)> {
        import(text)
            .expect_err("the file should be refused")
            .into_iter()
            .map(|e| (e.line, e.problem))
            .collect()
    }

    /// The game `a` (1-based line index) played in round `r`.
    fn game_of(t: &Tournament, r: u32, a: u32) -> &Game {
        t.games()
            .iter()
            .find(|g| g.round.get() == r && g.colour_of(PlayerId(a)).is_some())
            .unwrap_or_else(|| panic!("player {a} has no game in round {r}"))
    }

    const SPEC: &str = "\
; CL[B]
; EV[Spring Cup]
; PC[DE,Berlin]
; DT[2025-04-12,2025-04-13]
; HA[h1]
; KM[7]
   1 Meyer_Anna        2D DE Berl    3+/w     2+/b    4+/w5
   2 Novak Petr        1D CZ Brno    4+/b     1-/w    3+/w
   3 Rossi Luca        2K IT Mila    1-/b     5=      2-/b
   4 Smith John       10K UK Lond    2-/w     0-      1-/b5
   5 Weiss Eva        12K DE Berl    0+       3=      0-
";

    #[test]
    fn the_spec_short_forms_read_as_games_byes_and_absences() {
        let t = read(SPEC);
        let s = t.settings();
        assert_eq!(s.number_of_rounds, 3);
        assert_eq!(s.general.name, "Spring Cup");
        assert_eq!(s.general.short_name, "Spring-Cup");
        assert_eq!(s.general.location, "Berlin, DE");
        assert_eq!(
            (s.general.begin_date.as_str(), s.general.end_date.as_str()),
            ("2025-04-12", "2025-04-13")
        );
        assert_eq!(s.rules.komi, HalfPoints::from_points(7));
        assert_eq!(s.handicap.correction, 1);
        assert_eq!(s.system, System::Swiss);
        let anna = &t.players()[0];
        assert_eq!(
            (anna.name.as_str(), anna.first_name.as_str()),
            ("Meyer", "Anna")
        );
        assert_eq!((anna.country.as_str(), anna.club.as_str()), ("DE", "Berl"));
        assert_eq!(t.players()[3].rank, Rank::Kyu(10));
        assert_eq!(t.games().len(), 6);
        // `23+/w`: a win with White, no handicap.
        let g = game_of(&t, 1, 1);
        assert_eq!(
            (g.white, g.black, g.result, g.handicap),
            (PlayerId(1), PlayerId(3), GameResult::WhiteWins, 0)
        );
        // `11-/b5`: a loss with Black and five stones.
        let g = game_of(&t, 3, 4);
        assert_eq!(
            (g.white, g.black, g.result, g.handicap),
            (PlayerId(1), PlayerId(4), GameResult::WhiteWins, 5)
        );
        // `35=`: a jigo, colours not written.
        let g = game_of(&t, 2, 5);
        assert_eq!((g.result, g.colours_known), (GameResult::Jigo, false));
        // `0+`: the bye, worth a win; `0-`: absent.
        assert_eq!(
            t.byes(),
            &[Bye {
                round: RoundNo::FIRST,
                player: PlayerId(5)
            }]
        );
        assert_eq!(s.unplayed.nbw_bye, HalfPoints::ONE);
        assert_eq!(s.unplayed.nbw_absent, HalfPoints::ZERO);
        let second = RoundNo::new(2).unwrap();
        assert!(!t.players()[3].participation.plays(second));
        assert!(!t.players()[4].participation.plays(RoundNo::new(3).unwrap()));
        assert!(t.players()[4].participation.plays(second));
    }

    #[test]
    fn pairgoths_line_reads_with_its_criteria_and_pin() {
        let t = read(
            "; Pl Name                            Rk Co Club      MMS     SOS
   1 Dupont_Leroy Marie_Claire       3D FR Pari     32.5      5     2+/w0    2+/w2 |12345678
   2 Van_Der_Berg Jan                1D NL Amst     30        5     1-/b0    1-/b2 |23456789
",
        );
        let p = &t.players()[0];
        assert_eq!(
            (p.name.as_str(), p.first_name.as_str()),
            ("Dupont Leroy", "Marie Claire")
        );
        assert_eq!(
            (p.egf_pin.as_str(), t.players()[1].egf_pin.as_str()),
            ("12345678", "23456789")
        );
        assert_eq!(t.players()[1].name, "Van Der Berg");
        assert_eq!(t.settings().system, System::McMahon);
        assert_eq!(t.settings().number_of_rounds, 2);
        assert_eq!(game_of(&t, 2, 1).handicap, 2);
    }

    #[test]
    fn opengotha_full_format_with_ties_and_unwritable_halves_reads() {
        // `11?` and `254?` are 11½ and 254½ in ISO-8859-15; the second line's place is blank (a tie).
        let t = read(
            "; Pl Name                            Rk Co Club  MMS  SOSSOSOS
   1 1533 ???                       30K XX xxxx  11?  51? 254?    2=/b0    0+       3?/w0
     Kaya Toprak_Iskender           12K TR  Ank  11?   51  255    1=/w0    3+/b0    0-   
   3 Sulak Alper                     4K TR 35Re   10   52 253?    0+       2-/w0    1?/b0
",
        );
        assert_eq!(t.settings().number_of_rounds, 3);
        let names: Vec<_> = t
            .players()
            .iter()
            .map(|p| {
                (
                    p.name.as_str(),
                    p.first_name.as_str(),
                    p.country.as_str(),
                    p.club.as_str(),
                )
            })
            .collect();
        assert_eq!(
            names,
            [
                ("1533", "???", "", ""),
                ("Kaya", "Toprak Iskender", "TR", "Ank"),
                ("Sulak", "Alper", "TR", "35Re")
            ]
        );
        let g = game_of(&t, 1, 1);
        assert_eq!(
            (g.white, g.result, g.colours_known),
            (PlayerId(2), GameResult::Jigo, true)
        );
        assert_eq!(game_of(&t, 2, 2).result, GameResult::BlackWins);
        assert_eq!(game_of(&t, 3, 1).result, GameResult::Unknown);
        assert_eq!(
            game_of(&t, 3, 1).colour_of(PlayerId(1)),
            Some(Colour::White)
        );
        let byes: Vec<_> = t.byes().iter().map(|b| (b.round.get(), b.player)).collect();
        assert_eq!(byes, [(1, PlayerId(3)), (2, PlayerId(1))]);
    }

    #[test]
    fn opengotha_short_format_and_by_default_read() {
        let t = read(
            "; Pl Name                            Rk Co Club  NBW  SOSSOSOS
   1 Palomino Yerdervy              11K XX xxxx    2   27  182 0       2+       3+!
   2 Puerta Loli                     8K XX xxxx    1   26  177 0       1-       0+ 
   3 Perez_Wilke Abel                5K XX xxxx    0   28  174 0       0+       1-!
",
        );
        assert_eq!(t.settings().system, System::Swiss);
        let g = game_of(&t, 1, 1);
        assert_eq!(
            (g.result == GameResult::Unknown, g.colours_known, g.origin),
            (false, false, ResultOrigin::Played)
        );
        assert_eq!(t.players()[2].name, "Perez Wilke");
        assert_eq!(t.byes().len(), 2);
        assert!(
            import("   1 A B 1k XX xxxx  2+!w0\n   2 C D 2k XX xxxx  1-!b0\n")
                .unwrap()
                .games()
                .iter()
                .all(|g| g.origin == ResultOrigin::ByDefault && g.result == GameResult::WhiteWins)
        );
    }

    #[test]
    fn a_file_in_iso_8859_15_reads_its_accents() {
        let t = import_bytes(
            b"   1 Nemo Andr\xe9   2K FR 78Ve   2+/w0\n   2 Burq Fran\xe7ois 4K FR 75OB   1-/b0\n",
        )
        .unwrap();
        assert_eq!(t.players()[0].first_name, "André");
        assert_eq!(t.players()[1].first_name, "François");
    }

    #[test]
    fn a_file_in_windows_1251_reads_its_cyrillic_names() {
        let t = import_bytes(
            b"   1 \xc8\xe2\xe0\xed\xee\xe2 \xcf\xb8\xf2\xf0  1D RU Msk   2+/w0\n   2 \xd1\xee\xeb\xee\xe2\xfc\xb8\xe2 \xc8\xe2\xe0\xed 3K UA Kyiv   1-/b0\n",
        )
        .unwrap();
        assert_eq!(t.players()[0].full_name(), "Иванов Пётр");
        assert_eq!(t.players()[1].full_name(), "Соловьёв Иван");
    }

    #[test]
    fn every_malformed_line_is_named() {
        let found = problems(
            "; KM[seven]
   1 Ann Lee      2D FR Pari    2+/w0    3+/b0
   2 Bob Ray      1D FR Pari    1-/b0    4+/w0
   3 Cid Sun      1K FR Pari    4+/w0
   4 Dan Fox      2K FR Pari    3-/b0    2x/w0
   5 Eve Kim         FR Pari    0+       0+
",
        );
        assert_eq!(
            found,
            [
                (
                    1,
                    H9Problem::BadTag {
                        tag: "KM".into(),
                        value: "seven".into()
                    }
                ),
                (
                    4,
                    H9Problem::FewerEntries {
                        found: 1,
                        expected: 2
                    }
                ),
                (
                    5,
                    H9Problem::BadResult {
                        round: 2,
                        token: "2x/w0".into()
                    }
                ),
                (6, H9Problem::NoRank),
            ]
        );
    }

    #[test]
    fn games_the_two_lines_tell_differently_are_refused() {
        let found = problems(
            "   1 Ann Lee      2D FR Pari    2+/w0    3+/w0   4+/w0
   2 Bob Ray      1D FR Pari    1-/b0    4+/w0   1-/w0
   3 Cid Sun      1K FR Pari    4+/w0    1-/w0   9+/w0
   4 Dan Fox      2K FR Pari    3-/b0    4-/b0   0+
",
        );
        assert_eq!(
            found,
            [
                // Both Ann and Cid say they had White.
                (
                    1,
                    H9Problem::SidesDisagree {
                        round: 2,
                        other_line: 3
                    }
                ),
                // Dan's line has no game with Ann.
                (
                    1,
                    H9Problem::SidesDisagree {
                        round: 3,
                        other_line: 4
                    }
                ),
                // Bob says he beat Dan, who names himself.
                (
                    2,
                    H9Problem::SidesDisagree {
                        round: 2,
                        other_line: 4
                    }
                ),
                // Bob says he lost to Ann, who does not name him.
                (
                    2,
                    H9Problem::SidesDisagree {
                        round: 3,
                        other_line: 1
                    }
                ),
                (
                    3,
                    H9Problem::UnknownOpponent {
                        round: 3,
                        opponent: 9,
                        players: 4
                    }
                ),
                (4, H9Problem::OwnOpponent { round: 2 }),
            ]
        );
    }

    #[test]
    fn where_byes_are_worth_a_win_a_half_point_round_is_an_absence() {
        let t = read(
            "   1 Ann Lee   2D FR Pari   0=       3+/w0    0=
   2 Bob Ray   1D FR Pari   3+/w0    0+       0-
   3 Cid Sun   1K FR Pari   2-/b0    1-/b0    0-
",
        );
        // Round 3 has no game: Ann's `0=` is an absence declared ahead, the `0-` nothing yet.
        let byes: Vec<_> = t.byes().iter().map(|b| (b.round.get(), b.player)).collect();
        assert_eq!(byes, [(2, PlayerId(2))]);
        let plays = |p: usize, r: u32| t.players()[p].participation.plays(RoundNo::new(r).unwrap());
        assert_eq!(
            (plays(0, 1), plays(0, 3), plays(1, 3), plays(2, 3)),
            (false, false, true, true)
        );
        let u = t.settings().unplayed;
        assert_eq!(
            (u.mms_bye, u.mms_absent),
            (HalfPoints::ONE, HalfPoints::HALF)
        );
    }

    #[test]
    fn the_column_header_gives_the_criteria_and_the_system() {
        use Criterion::*;
        let read_header = |h: &str| {
            let t = read(&format!(
                "; CM[Fischer]\n; Pl Name                            Rk Co Club{h}\n   1 A B 1k XX xxxx 0 2+\n   2 C D 2k XX xxxx 0 1-\n"
            ));
            let s = t.settings();
            (
                s.system,
                s.placement.clone(),
                s.display.game_format.clone(),
                s.time.overtime,
            )
        };
        assert_eq!(
            read_header("  MMS  SOSSOSOS"),
            (
                System::McMahon,
                vec![Mms, Sosm, Sososm],
                "short".into(),
                Overtime::Fischer
            )
        );
        assert_eq!(read_header("  NBW  SOS  SDC  EXR").1, [Nbw, Sosw, Sdc, Exr]);
        assert_eq!(read_header("  CAT  NBW  EXT  EXR").0, System::SwissCat);
        // Pairgoth's seven-character columns.
        assert_eq!(
            read_header("     MMS     SOS   SOSOS").1,
            [Mms, Sosm, Sososm]
        );
    }

    #[test]
    fn a_file_without_players_or_rounds_is_refused() {
        assert_eq!(problems("; EV[Empty]\n\n"), [(2, H9Problem::NoPlayers)]);
        assert_eq!(
            problems("   1 Ann Lee 2D FR Pari 3 12\n"),
            [(1, H9Problem::NoRounds)]
        );
    }
}
