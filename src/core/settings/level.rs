//! The level of an event.

use serde::{Deserialize, Serialize};

/// The level of an event, as the rule texts grade them: the number of
/// referees (Ukrainian rules V.2), the chief referee's category (RFG
/// 26.2.1 а), the board (Ukrainian rules VII.1) and the officials an EGF
/// tournament needs before round 1 (GTR "Officials", "Appeals committee").
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum Level {
    /// A club or local event.
    #[default]
    Local,
    /// A regional (oblast, zonal, city) championship.
    Regional,
    /// A national championship: a Russian-level RFG event, an official
    /// УФГо competition.
    National,
    /// An international event: an EGF tournament.
    International,
}

impl Level {
    /// Every level, lowest first.
    pub const ALL: [Level; 4] = [
        Level::Local,
        Level::Regional,
        Level::National,
        Level::International,
    ];

    /// The identifier used in forms and translations.
    pub fn key(self) -> &'static str {
        match self {
            Level::Local => "local",
            Level::Regional => "regional",
            Level::National => "national",
            Level::International => "international",
        }
    }

    /// An official event of its federation.
    pub fn is_official(self) -> bool {
        self >= Level::National
    }
}
