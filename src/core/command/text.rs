//! What a command may store as text. PostgreSQL refuses a NUL in text and
//! JSON (a write with one failed with a server error), control characters
//! garble pages and exported files, and a string without a bound widens
//! every page it appears on. One check covers every command: it reads the
//! state a command leaves, so no field of any form, API call or file can
//! slip past it.

use super::{FieldProblem, Refusal, State};
use crate::core::Tournament;
use serde_json::Value;
use unicode_normalization::UnicodeNormalization;

/// The longest text any one field stores: far above any name (those have
/// their own limits, [`super::players::MAX_LENGTHS`]) and any appeal's
/// statement, far below what harms a page.
pub const MAX_TEXT: usize = 10_000;

/// A string of the state that cannot be stored, under the key that holds it.
#[derive(Debug, PartialEq)]
struct Bad {
    key: String,
    text: String,
    problem: &'static str,
}

/// Refuses the text `after` holds that `before` did not: NUL and other
/// control characters (tab and line breaks allowed), or more than
/// [`MAX_TEXT`] characters. Text already stored before this check existed
/// stays readable and editable around it.
pub(super) fn check(before: &State, after: &State) -> Result<(), Refusal> {
    let found = bad_text(after);
    if found.is_empty() {
        return Ok(());
    }
    let old = bad_text(before);
    let problems: Vec<FieldProblem> = found
        .into_iter()
        .filter(|b| !old.contains(b))
        .map(|b| {
            let problem = FieldProblem::new(field(&b.key), b.problem);
            if b.problem == "form.too_long" {
                problem.count(MAX_TEXT as u64)
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
/// line breaks kept), and its text in NFC as [`name`] gives it: a
/// tournament file's name loses an invisible character rather than the
/// whole file being refused.
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

fn is_forbidden(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r')
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
        walk(&part, "text", &mut found);
    }
    found
}

fn walk(value: &Value, key: &str, found: &mut Vec<Bad>) {
    match value {
        Value::String(text) => {
            let problem = if text.chars().any(is_forbidden) {
                Some("form.control_characters")
            } else if text.chars().count() > MAX_TEXT {
                Some("form.too_long")
            } else {
                None
            };
            if let Some(problem) = problem {
                found.push(Bad {
                    key: key.to_string(),
                    text: text.clone(),
                    problem,
                });
            }
        }
        Value::Array(items) => items.iter().for_each(|v| walk(v, key, found)),
        Value::Object(fields) => fields.iter().for_each(|(k, v)| walk(v, k, found)),
        _ => {}
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
