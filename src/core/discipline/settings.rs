//! What each federation's rule text says about sanctions, lateness,
//! withdrawal, protests and the appeals committee, as one value per
//! tournament.
//!
//! Where the texts disagree the value is a setting; [`Default`] follows the
//! EGF General Tournament Rules, as the rest of Tengen does. The values
//! each text gives are `core::rule_texts`' (`DisciplineSettings::for_ruleset`).

use crate::core::rules::ForfeitTime;
pub use crate::core::settings::Ruleset;
use crate::core::units::HalfPoints;
use serde::{Deserialize, Serialize};

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
    /// These settings with the tournament's own forfeit time (the rule
    /// texts' 60 minutes is the default; organisers may announce another).
    pub fn with_forfeit_minutes(mut self, minutes: u32) -> Self {
        self.forfeit_time.limit = std::time::Duration::from_secs(u64::from(minutes) * 60);
        self
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
