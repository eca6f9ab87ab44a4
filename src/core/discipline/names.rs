//! The names the log gives things: moments, entry and appeal numbers, and
//! the texts that must not be blank (a reason, an official's name).

use super::DisciplineError;
pub use crate::core::moment::Moment;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The number of an entry in a tournament's log, from 1.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(transparent)]
pub struct EntryId(pub u32);

impl fmt::Display for EntryId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// The number of an appeal in a tournament, from 1.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(transparent)]
pub struct AppealId(pub u32);

impl fmt::Display for AppealId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// Appeals as a notice names them: "#1, #3".
pub fn listed(appeals: &[AppealId]) -> String {
    let names: Vec<String> = appeals.iter().map(ToString::to_string).collect();
    names.join(", ")
}

/// A non-empty text: the reasons every decision must give (GTR
/// "Arbitration > General": "explained in clear language").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Reason(String);

impl Reason {
    /// The text, trimmed; refused when empty.
    pub fn new(text: &str) -> Result<Self, DisciplineError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(DisciplineError::MissingReason);
        }
        Ok(Reason(text.to_owned()))
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Reason {
    type Error = DisciplineError;
    fn try_from(text: String) -> Result<Self, DisciplineError> {
        Reason::new(&text)
    }
}

impl From<Reason> for String {
    fn from(reason: Reason) -> String {
        reason.0
    }
}

/// The name of the official (referee, committee member) who acted.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Official(String);

impl Official {
    /// The name, trimmed; refused when empty.
    pub fn new(name: &str) -> Result<Self, DisciplineError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(DisciplineError::MissingOfficial);
        }
        Ok(Official(name.to_owned()))
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Official {
    type Error = DisciplineError;
    fn try_from(name: String) -> Result<Self, DisciplineError> {
        Official::new(&name)
    }
}

impl From<Official> for String {
    fn from(official: Official) -> String {
        official.0
    }
}
