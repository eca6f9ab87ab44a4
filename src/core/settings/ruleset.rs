//! The competition rules a tournament is held under: a choice every rule
//! module may read (the rules of play's order of priority, the discipline
//! book's values); what each text fixes is `core::rule_texts`'.

use serde::{Deserialize, Serialize};

/// The competition rules a tournament is held under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ruleset {
    /// EGF General Tournament Rules (2007).
    Egf,
    /// Russian Go Federation Code (2008).
    Rfg,
    /// Ukrainian competition rules.
    Ukraine,
    /// No federation's text: the organiser's own rules, which fix nothing
    /// (the referees follow the EGF's values where the regulations are silent).
    Custom,
}

impl Ruleset {
    /// Every rule text, in the order forms list them.
    pub const ALL: [Ruleset; 4] = [
        Ruleset::Egf,
        Ruleset::Rfg,
        Ruleset::Ukraine,
        Ruleset::Custom,
    ];

    /// The identifier used in forms and translations.
    pub fn key(self) -> &'static str {
        match self {
            Ruleset::Egf => "egf",
            Ruleset::Rfg => "rfg",
            Ruleset::Ukraine => "ukraine",
            Ruleset::Custom => "custom",
        }
    }

    /// Parses [`Ruleset::key`].
    pub fn from_key(key: &str) -> Option<Ruleset> {
        Ruleset::ALL.into_iter().find(|r| r.key() == key)
    }
}
