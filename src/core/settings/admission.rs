//! What a tournament asks of its players beyond registration: the checks,
//! age groups and who may enter. The rules that read it are
//! `core::admission`'s; the settings hold it, so they name no rule.

use crate::core::player::Checks;
use serde::{Deserialize, Serialize};

/// What a tournament asks of its players beyond registration.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Admission {
    /// The checks recorded before a player is admitted.
    pub required: Checks,
    /// Age groups for the standings, in the order the organiser gave them.
    pub age_groups: Vec<AgeGroup>,
    /// Who may enter by age (Ukrainian rules IV.1.1: a junior event up to
    /// its age, which a younger player may enter; a veterans' event from
    /// 60): the youngest and the oldest age admitted.
    #[serde(default)]
    pub min_age: Option<u16>,
    #[serde(default)]
    pub max_age: Option<u16>,
    /// A women's event, which no man may enter; a men's event is open to
    /// women (IV.1.1).
    #[serde(default)]
    pub women_only: bool,
    /// An inclusive event (Ukrainian rules XIII): the doctor's clearance and
    /// an insurance policy for the event's days admit a player, whatever
    /// their rank, and no rank norms are reported
    /// ([`crate::core::inclusive`]).
    #[serde(default)]
    pub inclusive: bool,
}

/// An age group: from `min_age` to `max_age` years, both included; an open
/// end is `None` ("up to 12", "60 and over").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AgeGroup {
    pub name: String,
    pub min_age: Option<u16>,
    pub max_age: Option<u16>,
}

impl AgeGroup {
    /// Whether a player of `age` belongs to the group.
    pub fn contains(&self, age: u16) -> bool {
        self.min_age.is_none_or(|min| age >= min) && self.max_age.is_none_or(|max| age <= max)
    }
}
