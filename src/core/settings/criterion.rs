//! The placement (tie-break) criteria by name: OpenGotha's names, as files,
//! forms and the command line write them.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A placement (tie-break) criterion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Criterion {
    /// Category (SwissCat): a higher category first.
    Cat,
    /// Rank.
    Rank,
    /// Rating.
    Rating,
    /// Number of wins.
    Nbw,
    /// McMahon score.
    Mms,
    /// Strasbourg score.
    Sts,
    /// Cup score.
    Cps,
    /// Sum of opponents' NBW.
    Sosw,
    /// SOSW without the lowest term.
    SoswMinus1,
    /// SOSW without the two lowest terms.
    SoswMinus2,
    /// Sum of defeated opponents' NBW.
    Sodosw,
    /// Sum of opponents' SOSW.
    Sososw,
    /// Cumulative sum of NBW.
    Cussw,
    /// Sum of opponents' MMS.
    Sosm,
    /// SOSM without the lowest term.
    SosmMinus1,
    /// SOSM without the two lowest terms.
    SosmMinus2,
    /// Sum of defeated opponents' MMS.
    Sodosm,
    /// Sum of opponents' SOSM.
    Sososm,
    /// Cumulative sum of MMS.
    Cussm,
    /// Sum of opponents' STS.
    Sosts,
    /// Exploits attempted.
    Ext,
    /// Exploits achieved.
    Exr,
    /// Simplified direct confrontation.
    Sdc,
    /// Direct confrontation.
    Dc,
    /// Head-to-head result among tied players, RFG Code App. 9 §3.
    HeadToHead,
    /// SOS with a virtual term for unplayed rounds, RFG Code App. 9 §4, §5.1.
    SosRfg,
    /// `SosRfg` without the lowest term, RFG Code App. 9 §4.
    SosRfgMinus1,
    /// `SosRfg` without the two lowest terms, RFG Code App. 9 §4.
    SosRfgMinus2,
    /// Buchholz with withdrawn opponents scored as their score group, Ukrainian rules III.3, II.5.
    BuchholzUa,
    /// Play-off games won against the other tied players, Ukrainian rules III.3.5.
    PlayOff,
    /// The round a player reached: the last played, and the next when they
    /// won it; how far a knockout took them (RFG App. 7 §4): the final's
    /// winner above its loser, both above the semi-finals' losers.
    Stage,
}

impl Criterion {
    /// Every criterion, in declaration order.
    pub const ALL: [Criterion; 31] = [
        Criterion::Cat,
        Criterion::Rank,
        Criterion::Rating,
        Criterion::Nbw,
        Criterion::Mms,
        Criterion::Sts,
        Criterion::Cps,
        Criterion::Sosw,
        Criterion::SoswMinus1,
        Criterion::SoswMinus2,
        Criterion::Sodosw,
        Criterion::Sososw,
        Criterion::Cussw,
        Criterion::Sosm,
        Criterion::SosmMinus1,
        Criterion::SosmMinus2,
        Criterion::Sodosm,
        Criterion::Sososm,
        Criterion::Cussm,
        Criterion::Sosts,
        Criterion::Ext,
        Criterion::Exr,
        Criterion::Sdc,
        Criterion::Dc,
        Criterion::HeadToHead,
        Criterion::SosRfg,
        Criterion::SosRfgMinus1,
        Criterion::SosRfgMinus2,
        Criterion::BuchholzUa,
        Criterion::PlayOff,
        Criterion::Stage,
    ];

    /// The criterion's name: OpenGotha's long name where OpenGotha has it.
    pub fn name(self) -> &'static str {
        match self {
            Criterion::Cat => "CAT",
            Criterion::Rank => "Rank",
            Criterion::Rating => "Rating",
            Criterion::Nbw => "NBW",
            Criterion::Mms => "MMS",
            Criterion::Sts => "STS",
            Criterion::Cps => "CPS",
            Criterion::Sosw => "SOSW",
            Criterion::SoswMinus1 => "SOSW-1",
            Criterion::SoswMinus2 => "SOSW-2",
            Criterion::Sodosw => "SODOSW",
            Criterion::Sososw => "SOSOSW",
            Criterion::Cussw => "CUSSW",
            Criterion::Sosm => "SOSM",
            Criterion::SosmMinus1 => "SOSM-1",
            Criterion::SosmMinus2 => "SOSM-2",
            Criterion::Sodosm => "SODOSM",
            Criterion::Sososm => "SOSOSM",
            Criterion::Cussm => "CUSSM",
            Criterion::Sosts => "SOSTS",
            Criterion::Ext => "EXT",
            Criterion::Exr => "EXR",
            Criterion::Sdc => "SDC",
            Criterion::Dc => "DC",
            Criterion::HeadToHead => "H2H",
            Criterion::SosRfg => "SOS-RFG",
            Criterion::SosRfgMinus1 => "SOS-1-RFG",
            Criterion::SosRfgMinus2 => "SOS-2-RFG",
            Criterion::BuchholzUa => "BUCHHOLZ-UA",
            Criterion::PlayOff => "PLAYOFF",
            Criterion::Stage => "STAGE",
        }
    }

    /// Whether the value depends on which players are tied (computed per tie group).
    pub fn is_group_relative(self) -> bool {
        matches!(
            self,
            Criterion::Dc | Criterion::Sdc | Criterion::HeadToHead | Criterion::PlayOff
        )
    }
}

impl fmt::Display for Criterion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that names no criterion.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a placement criterion")]
pub struct UnknownCriterion(pub String);

impl FromStr for Criterion {
    type Err = UnknownCriterion;

    /// Exact (case-sensitive) names, as OpenGotha matches them.
    fn from_str(name: &str) -> Result<Self, UnknownCriterion> {
        Criterion::ALL
            .into_iter()
            .find(|c| c.name() == name)
            .ok_or_else(|| UnknownCriterion(name.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn criteria_round_trip_through_their_names() {
        for c in Criterion::ALL {
            assert_eq!(c.name().parse(), Ok(c));
        }
        assert!("sosw".parse::<Criterion>().is_err());
    }
}
