//! What may be stored as text, one rule ([`problem`]) for every door:
//! forms, API, CLI and importers. PostgreSQL refuses a NUL in text and
//! JSON (a write with one failed with a server error), control characters
//! garble pages and exported files, a bidi override turns the text after
//! it around (a name that reads as another), an invisible name looks blank,
//! and a string without a bound widens every page it appears on. For a
//! tournament one check covers every command: it reads the state a command
//! leaves (and a new tournament's whole state), so no field of any form,
//! API call or file can slip past it. Accounts, token labels and staff
//! names call [`problem`] themselves.

use super::{FieldProblem, Refusal, State};
use crate::core::Tournament;
use serde_json::Value;
use unicode_normalization::UnicodeNormalization;

/// The longest text any one field stores: far above any name (those have
/// their own limits, [`super::players::MAX_LENGTHS`]) and any appeal's
/// statement, far below what harms a page.
pub const MAX_TEXT: usize = 10_000;

/// The longest one-line text of a tournament (its name, a place, a team's
/// name); a player's fields have shorter limits of their own
/// ([`super::players::MAX_LENGTHS`]).
pub const MAX_LINE: usize = 200;

/// What a text may be: one line (a name, a label) or lines (a statement,
/// a note: tab and line breaks kept), of at most so many characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Line(usize),
    Lines(usize),
}

impl Shape {
    fn max(self) -> usize {
        match self {
            Shape::Line(n) | Shape::Lines(n) => n,
        }
    }
}

/// Why `text` cannot be stored as `shape`, as a form message key
/// (`form.too_long` takes the limit as its count), or `None`.
pub fn problem(text: &str, shape: Shape) -> Option<&'static str> {
    let breaks = matches!(shape, Shape::Lines(_));
    if text.chars().any(|c| is_control(c, breaks)) {
        Some("form.control_characters")
    } else if text.chars().any(is_bidi_control) {
        Some("form.bidi_controls")
    } else if text.chars().any(is_invisible)
        && text.chars().all(|c| c.is_whitespace() || is_invisible(c))
    {
        Some("form.invisible")
    } else if text.chars().count() > shape.max() {
        Some("form.too_long")
    } else {
        None
    }
}

/// [`problem`] as a form's field problem, with the limit it names.
pub fn field_problem(field: &'static str, text: &str, shape: Shape) -> Option<FieldProblem> {
    let key = problem(text, shape)?;
    let found = FieldProblem::new(field, key);
    Some(if key == "form.too_long" {
        found.count(shape.max() as u64)
    } else {
        found
    })
}

fn is_control(c: char, breaks: bool) -> bool {
    c.is_control() && !(breaks && matches!(c, '\t' | '\n' | '\r'))
}

/// The embeddings, overrides and isolates that reorder the text around
/// them (U+202A–U+202E, U+2066–U+2069); the marks (U+200E, U+200F) only
/// set a direction and are kept.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters that show nothing: a text of only these (and spaces) looks blank.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}' | '\u{034F}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}'
    )
}

/// A string of the state that cannot be stored, under the key that holds it.
#[derive(Debug, PartialEq)]
struct Bad {
    key: String,
    text: String,
    problem: &'static str,
    shape: Shape,
}

/// Refuses the text `after` holds that `before` did not and [`problem`]
/// refuses. Text already stored before this check existed stays readable
/// and editable around it. Only the parts the command changed are read
/// (a result in a 760-player tournament touches one chunk of games), and
/// the whole of `before` only when something is to be refused.
pub(super) fn check(before: &State, after: &State) -> Result<(), Refusal> {
    let found = changed_text(before, after);
    if found.is_empty() {
        return Ok(());
    }
    let old = bad_text(before);
    refuse(found.into_iter().filter(|b| !old.contains(b)))
}

/// Refuses any text of a new tournament's whole state (a form, an imported
/// file or archive) that [`problem`] refuses.
pub fn check_new(state: &State) -> Result<(), Refusal> {
    refuse(bad_text(state).into_iter())
}

/// Refuses any string of `value` (an archive's staff, contacts and audit
/// log) that [`problem`] refuses as lines of [`MAX_TEXT`].
pub fn check_value(value: &Value) -> Result<(), Refusal> {
    let mut found = Vec::new();
    walk(value, "text", Within::Document, &mut found);
    refuse(found.into_iter())
}

fn refuse(found: impl Iterator<Item = Bad>) -> Result<(), Refusal> {
    let problems: Vec<FieldProblem> = found
        .map(|b| {
            let problem = FieldProblem::new(field(&b.key), b.problem);
            if b.problem == "form.too_long" {
                problem.count(b.shape.max() as u64)
            } else {
                problem
            }
        })
        .collect();
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Refusal::Fields(problems))
    }
}

/// A name as typed, trimmed and in Unicode's composed form (NFC): the same
/// name typed on two keyboards is then one name, for duplicates, search
/// and sorting, and counts its characters as a reader does.
pub fn name(text: &str) -> String {
    text.trim().nfc().collect()
}

/// `t` without the control characters no page or file may carry (tab and
/// line breaks kept) and bidi controls, and its text in NFC as [`name`]
/// gives it: a tournament file's name loses an invisible character rather
/// than the whole file being refused. What is still amiss (a name too
/// long) refuses the file when it is created ([`check_new`]).
pub fn cleaned(t: &Tournament) -> serde_json::Result<Tournament> {
    fn strip(value: &mut Value) {
        match value {
            Value::String(text) => {
                *text = text.chars().filter(|c| !is_forbidden(*c)).nfc().collect();
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            Value::Object(fields) => fields.values_mut().for_each(strip),
            _ => {}
        }
    }
    let mut value = serde_json::to_value(t)?;
    strip(&mut value);
    serde_json::from_value(value)
}

/// What an imported file may not bring: control characters other than
/// tab and line breaks, and bidi controls (both invisible, so dropped).
fn is_forbidden(c: char) -> bool {
    is_control(c, true) || is_bidi_control(c)
}

fn bad_text(state: &State) -> Vec<Bad> {
    let mut found = Vec::new();
    for part in [
        serde_json::to_value(&state.doc),
        serde_json::to_value(&state.book),
        serde_json::to_value(&state.header),
    ]
    .into_iter()
    .flatten()
    {
        walk(&part, "text", Within::Document, &mut found);
    }
    found
}

fn changed_text(before: &State, after: &State) -> Vec<Bad> {
    let mut found = Vec::new();
    for part in after.doc.changed_parts(Some(&before.doc)) {
        if let Ok(value) = serde_json::to_value(&part.piece) {
            walk(&value, part.name, Within::Document, &mut found);
        }
    }
    if before.book != after.book
        && let Ok(value) = serde_json::to_value(&after.book)
    {
        walk(&value, "text", Within::Document, &mut found);
    }
    if before.header != after.header
        && let Ok(value) = serde_json::to_value(&after.header)
    {
        walk(&value, "text", Within::Document, &mut found);
    }
    found
}

/// Where a text is stored: a player's fields have the player form's limits,
/// and a pair go or rengo side's name is as long as its members' names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Within {
    Document,
    Player,
    Side,
}

/// Collects the texts of `value`, stored under `key`, that break their shape.
fn walk(value: &Value, key: &str, within: Within, found: &mut Vec<Bad>) {
    let inner = if within == Within::Document && key != "players" {
        Within::Document
    } else {
        Within::Player
    };
    match value {
        Value::String(text) => {
            let shape = shape(key, within);
            if let Some(problem) = problem(text, shape) {
                found.push(Bad {
                    key: key.to_string(),
                    text: text.clone(),
                    problem,
                    shape,
                });
            }
        }
        Value::Array(items) => items.iter().for_each(|v| walk(v, key, inner, found)),
        Value::Object(fields) => {
            let side = inner == Within::Player
                && fields
                    .get("members")
                    .and_then(Value::as_array)
                    .is_some_and(|m| !m.is_empty());
            for (k, v) in fields {
                let within = if side && k == "name" {
                    Within::Side
                } else {
                    inner
                };
                walk(v, k, within, found);
            }
        }
        _ => {}
    }
}

/// The shape of the text stored under `key`: the player form's limit for a
/// player's field, one line for names, lines for anything else.
fn shape(key: &str, within: Within) -> Shape {
    const LINES: [&str; 9] = [
        "name",
        "first_name",
        "club",
        "country",
        "email",
        "location",
        "director",
        "short_name",
        "username",
    ];
    let player_limit = super::players::MAX_LENGTHS
        .iter()
        .find(|(f, _)| within != Within::Document && *f == key);
    match (player_limit, within) {
        (Some(_), Within::Side) => Shape::Line(super::players::MAX_SIDE_NAME),
        (Some((_, max)), _) => Shape::Line(*max),
        (None, _) if LINES.contains(&key) => Shape::Line(MAX_LINE),
        (None, _) => Shape::Lines(MAX_TEXT),
    }
}

/// The form field a stored key is typed in, where the forms name it the
/// same; other text is reported as the form's text.
fn field(key: &str) -> &'static str {
    const FIELDS: [&str; 12] = [
        "name",
        "first_name",
        "club",
        "country",
        "egf_pin",
        "email",
        "location",
        "director",
        "reason",
        "statement",
        "members",
        "short_name",
    ];
    FIELDS
        .iter()
        .find(|f| **f == key)
        .copied()
        .unwrap_or("text")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_rule_refuses_control_bidi_invisible_and_overlong_text() {
        let line = Shape::Line(10);
        assert_eq!(problem("Ann", line), None);
        assert_eq!(problem("Ann\u{200E}", line), None, "a direction mark stays");
        assert_eq!(problem("a\0b", line), Some("form.control_characters"));
        assert_eq!(problem("a\tb", line), Some("form.control_characters"));
        assert_eq!(problem("a\tb\r\nc", Shape::Lines(10)), None);
        assert_eq!(problem("a\u{202E}b", line), Some("form.bidi_controls"));
        assert_eq!(problem("a\u{2067}b", line), Some("form.bidi_controls"));
        assert_eq!(problem("\u{200B} \u{FEFF}", line), Some("form.invisible"));
        assert_eq!(problem("a\u{200D}b", line), None, "a joiner inside a name");
        assert_eq!(
            problem(&"й".repeat(10), line),
            None,
            "characters, not bytes"
        );
        assert_eq!(problem(&"x".repeat(11), line), Some("form.too_long"));
    }

    #[test]
    fn a_sides_name_is_as_long_as_its_members_names_and_a_players_is_not() {
        let member = "Дем’яненко-Святополк-Мирська Олександра-Мар’яна-Богданівна";
        let side = format!("{member} & {member}");
        let players = |members: Value| serde_json::json!({ "players": [{ "name": side, "members": members }] });
        let two = serde_json::json!([{ "name": member }, { "name": member }]);
        assert!(check_value(&players(two)).is_ok());
        assert!(check_value(&players(serde_json::json!([]))).is_err());
        let overlong = serde_json::json!([{ "name": side }, { "name": member }]);
        assert!(check_value(&players(overlong)).is_err(), "a member has 60");
    }

    #[test]
    fn a_players_fields_have_the_player_forms_limits_and_other_names_one_line() {
        assert_eq!(shape("club", Within::Player), Shape::Line(60));
        assert_eq!(shape("name", Within::Player), Shape::Line(60));
        assert_eq!(shape("name", Within::Side), Shape::Line(186));
        assert_eq!(shape("name", Within::Document), Shape::Line(MAX_LINE));
        assert_eq!(shape("statement", Within::Document), Shape::Lines(MAX_TEXT));
    }
}
