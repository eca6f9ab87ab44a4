//! What each federation's rule text says about sanctions, lateness,
//! withdrawal, protests and the appeals committee, as one value per
//! tournament.
//!
//! Where the texts disagree the value is a setting; [`Default`] follows the
//! EGF General Tournament Rules, as the rest of Tengen does.

use crate::core::rules::ForfeitTime;
use crate::core::units::HalfPoints;
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

/// Discipline settings of one tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisciplineSettings {
    /// The rule text the values came from.
    pub ruleset: Ruleset,
    /// Warnings to one player in one game that make them lose it.
    pub warnings_to_forfeit: u32,
    /// How late a player may be before losing the game.
    pub forfeit_time: ForfeitTime,
    /// Penalty for each Ing overtime period entered.
    pub ing_period_penalty: HalfPoints,
    /// Penalty for a move out of order in pair Go.
    pub pair_go_order_penalty: HalfPoints,
    /// A player who leaves having played fewer than half their games has
    /// their games annulled for the standings (kept for rating).
    pub annul_below_half: bool,
    /// An appeal about a game played on to its end needs the appellant's protest.
    pub protest_required: bool,
    /// Members of the appeals committee sitting on an appeal.
    pub committee_members: u32,
    /// Reserves named with the committee before round 1.
    pub committee_reserves: u32,
    /// A committee member from a party's club is treated as a party.
    pub exclude_club_mates: bool,
    /// Minutes after a referee's decision within which it may be appealed
    /// (RFG 26.4 г: "a deadline fixed in advance"); `None`: no deadline.
    #[serde(default)]
    pub appeal_deadline_minutes: Option<u32>,
}

impl DisciplineSettings {
    /// The values a rule text gives ([`crate::core::rule_texts::table`]),
    /// or the EGF value where it is silent.
    pub fn for_ruleset(ruleset: Ruleset) -> Self {
        let egf = DisciplineSettings {
            ruleset,
            // GTR "Sanctions > Warning": two warnings in the same game.
            warnings_to_forfeit: 2,
            // GTR "Timing rules > Start": late 60 minutes or more.
            forfeit_time: ForfeitTime::EGF,
            // GTR "Other overtime systems": entering each Ing period costs 2 points.
            ing_period_penalty: HalfPoints::from_points(2),
            // RFG App. 4 §3.6 4): 3 points; the GTR names no size.
            pair_go_order_penalty: HalfPoints::from_points(3),
            // The GTR keeps a leaver's games (removal: "past results not stated").
            annul_below_half: false,
            // GTR "Arbitration > Player responsibility": no protest, no appeal.
            protest_required: true,
            // GTR "Arbitration > Appeals committee": three persons and reserves.
            committee_members: 3,
            committee_reserves: 1,
            exclude_club_mates: false,
            appeal_deadline_minutes: None,
        };
        // The text's own values over the EGF's (core::rule_texts's table).
        let mut d = egf;
        let mut scratch = crate::core::settings::Settings::default();
        crate::core::rule_texts::apply(ruleset, &mut scratch, &mut d);
        d
    }
}

impl DisciplineSettings {
    /// These settings with the tournament's own forfeit time (the rule
    /// texts' 60 minutes is the default; organisers may announce another).
    pub fn with_forfeit_minutes(mut self, minutes: u32) -> Self {
        self.forfeit_time.limit = std::time::Duration::from_secs(u64::from(minutes) * 60);
        self
    }
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

impl Default for DisciplineSettings {
    /// The EGF General Tournament Rules.
    fn default() -> Self {
        DisciplineSettings::for_ruleset(Ruleset::Egf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ukrainian_rules_forfeit_at_the_third_warning_the_others_at_the_second() {
        assert_eq!(DisciplineSettings::default().warnings_to_forfeit, 2);
        assert_eq!(
            DisciplineSettings::for_ruleset(Ruleset::Rfg).warnings_to_forfeit,
            2
        );
        assert_eq!(
            DisciplineSettings::for_ruleset(Ruleset::Ukraine).warnings_to_forfeit,
            3
        );
    }

    #[test]
    fn only_the_rfg_code_annuls_a_short_stay_and_needs_two_reserves() {
        let rfg = DisciplineSettings::for_ruleset(Ruleset::Rfg);
        assert!(rfg.annul_below_half && rfg.committee_reserves == 2);
        assert!(!DisciplineSettings::default().annul_below_half);
        assert!(!DisciplineSettings::for_ruleset(Ruleset::Ukraine).protest_required);
    }
}
