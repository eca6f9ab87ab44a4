//! The fields a change touched, flattened to dotted paths: what the audit
//! log lists as "before → after" for changes it has no words of its own for.

use serde_json::Value;

use super::{FieldChange, MAX_FIELDS};

/// The leaves that differ between two JSON values, by dotted path
/// (`general.name`); lists of records are compared whole, by position.
pub(super) fn field_diff(before: Option<&Value>, after: Option<&Value>) -> Vec<FieldChange> {
    let (mut was, mut is) = (Vec::new(), Vec::new());
    flatten("", before.unwrap_or(&Value::Null), &mut was);
    flatten("", after.unwrap_or(&Value::Null), &mut is);
    let value = |list: &[(String, String)], path: &str| {
        list.iter()
            .find(|(p, _)| p == path)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let mut paths: Vec<&String> = was.iter().chain(&is).map(|(p, _)| p).collect();
    paths.sort();
    paths.dedup();
    paths
        .into_iter()
        .filter_map(|path| {
            let (old, new) = (value(&was, path), value(&is, path));
            (old != new).then(|| FieldChange {
                field: path.clone(),
                before: old,
                after: new,
            })
        })
        .take(MAX_FIELDS)
        .collect()
}

fn flatten(path: &str, value: &Value, out: &mut Vec<(String, String)>) {
    let join = |key: &str| {
        if path.is_empty() {
            key.to_string()
        } else {
            format!("{path}.{key}")
        }
    };
    match value {
        Value::Null => {}
        Value::Object(fields) => {
            for (key, v) in fields {
                flatten(&join(key), v, out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                flatten(&join(&(i + 1).to_string()), v, out);
            }
        }
        Value::String(s) => out.push((path.to_string(), s.clone())),
        Value::Bool(b) => out.push((path.to_string(), b.to_string())),
        Value::Number(n) => out.push((path.to_string(), n.to_string())),
    }
}
