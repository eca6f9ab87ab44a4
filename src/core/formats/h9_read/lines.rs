//! A player line split into its fields, and its round entries read and
//! checked against the same number of rounds on every line.

use crate::core::rank::Rank;

use super::{H9Error, H9Problem};

/// A round entry as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Entry {
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
pub(super) enum Outcome {
    Win,
    Loss,
    Jigo,
    /// `?`: OpenGotha's unfinished game.
    Unknown,
}

/// A player line split into its fields; `tail` holds criteria and rounds.
pub(super) struct RawLine<'a> {
    pub(super) line: usize,
    pub(super) surname: String,
    pub(super) first_name: String,
    pub(super) rank: Rank,
    pub(super) country: String,
    pub(super) club: String,
    /// Whether the token after the country was taken as the club.
    pub(super) club_taken: bool,
    pub(super) tail: Vec<&'a str>,
    pub(super) pin: String,
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
pub(super) fn split_line(content: &str, line: usize) -> Result<RawLine<'_>, H9Problem> {
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
pub(super) fn read_entries(
    lines: &mut [RawLine<'_>],
    errors: &mut Vec<H9Error>,
) -> Vec<Vec<Entry>> {
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
