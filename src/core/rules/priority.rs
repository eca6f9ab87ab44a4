//! Which rules prevail when they conflict (GTR "Rules status", "Order of
//! priority", "Non-EGF tournaments"), and the GTR version in force.

use crate::core::settings::Ruleset;
use crate::core::settings::{Level, Settings};

/// A version of the EGF General Tournament Rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GtrVersion {
    /// The year that names it.
    pub name: &'static str,
    /// The day it took effect.
    pub valid_from: &'static str,
}

/// The 2007 text, the one in `../shared/rules/` ("valid from 21 July 2007").
pub const GTR_2007: GtrVersion = GtrVersion {
    name: "2007",
    valid_from: "2007-07-21",
};

/// The GTR version a tournament is held under: the 2007 text, the only one
/// Tengen knows.
pub fn gtr_version(_settings: &Settings) -> GtrVersion {
    GTR_2007
}

/// One level of the order of priority.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Changes made by the EGF (AGM over committee, committee over supervisors).
    EgfChanges,
    /// The General Tournament Rules.
    Gtr,
    /// The Tournament System Rules.
    Tsr,
    /// The Particular Tournament Rules.
    Ptr,
    /// The rules of play.
    RulesOfPlay,
    /// Filling gaps in the spirit of the rules.
    GapFilling,
    /// Precedents of arbitration.
    Precedent,
    /// Sportsmanship.
    Sportsmanship,
    /// The players' intentions.
    Intentions,
}

impl Source {
    /// The identifier used in translations.
    pub fn key(self) -> &'static str {
        match self {
            Source::EgfChanges => "egf_changes",
            Source::Gtr => "gtr",
            Source::Tsr => "tsr",
            Source::Ptr => "ptr",
            Source::RulesOfPlay => "rules_of_play",
            Source::GapFilling => "gap_filling",
            Source::Precedent => "precedent",
            Source::Sportsmanship => "sportsmanship",
            Source::Intentions => "intentions",
        }
    }
}

/// An EGF tournament: an international event under the EGF rules.
pub fn is_egf_tournament(settings: &Settings, ruleset: Ruleset) -> bool {
    ruleset == Ruleset::Egf && settings.general.level == Level::International
}

/// The order of priority, highest first. A tournament that is not an EGF
/// tournament and uses the GTR puts its own rules (PTR) above them.
pub fn priority(egf_tournament: bool) -> [Source; 9] {
    use Source::*;
    if egf_tournament {
        [
            EgfChanges,
            Gtr,
            Tsr,
            Ptr,
            RulesOfPlay,
            GapFilling,
            Precedent,
            Sportsmanship,
            Intentions,
        ]
    } else {
        [
            Ptr,
            EgfChanges,
            Gtr,
            Tsr,
            RulesOfPlay,
            GapFilling,
            Precedent,
            Sportsmanship,
            Intentions,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_egf_tournament_puts_the_gtr_above_tsr_ptr_and_rules_of_play_in_nine_levels() {
        let egf = priority(true);
        assert_eq!(egf.len(), 9);
        let at = |list: &[Source], s| list.iter().position(|x| *x == s).unwrap();
        assert!(at(&egf, Source::Gtr) < at(&egf, Source::Tsr));
        assert!(at(&egf, Source::Tsr) < at(&egf, Source::Ptr));
        assert!(at(&egf, Source::Ptr) < at(&egf, Source::RulesOfPlay));
        assert_eq!(egf[0], Source::EgfChanges);
        assert_eq!(egf[8], Source::Intentions);
        let other = priority(false);
        assert!(at(&other, Source::Ptr) < at(&other, Source::Gtr));
        let mut settings = Settings::default();
        assert!(!is_egf_tournament(&settings, Ruleset::Egf));
        settings.general.level = Level::International;
        assert!(is_egf_tournament(&settings, Ruleset::Egf));
        assert!(!is_egf_tournament(&settings, Ruleset::Rfg));
    }

    #[test]
    fn every_tournament_names_the_2007_gtr_valid_from_21_july_2007() {
        let version = gtr_version(&Settings::default());
        assert_eq!(version, GTR_2007);
        assert_eq!(version.valid_from, "2007-07-21");
    }
}
