//! Names, place, dates, level and officials of a tournament.

use super::Level;
use serde::{Deserialize, Serialize};

/// Names, place and dates of the tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct General {
    /// Short name (file names, EGD).
    pub short_name: String,
    /// Full name.
    pub name: String,
    /// Where it is held.
    pub location: String,
    /// Tournament director.
    pub director: String,
    /// First day, `yyyy-mm-dd` as written.
    pub begin_date: String,
    /// Last day, `yyyy-mm-dd` as written.
    pub end_date: String,
    /// Played on the internet.
    pub internet: bool,
    /// The referee panel the final protocol names (RFG 26.2.1; Ukrainian V.1).
    #[serde(default)]
    pub panel: RefereePanel,
    /// The event's level, which the rule texts tie officials to.
    #[serde(default)]
    pub level: Level,
    /// A blitz tournament (RFG App. 6): at most 15 minutes a player.
    #[serde(default)]
    pub blitz: bool,
    /// When the regulations were published, `yyyy-mm-dd` (RFG 15.2 б: a
    /// month before the start at least); "" when not recorded.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub regulations_published: String,
    /// Rank norms fulfilled, as the chief referee words them: the Ukrainian
    /// protocol must report them (III.8 2)), and no norm table is in the rules.
    #[serde(default)]
    pub rank_norms: String,
    /// The komi as an OpenGotha file wrote it: a free text there, which
    /// OpenGotha repeats in its EGF and FFG files (`7.50` stays `7.50`).
    #[serde(default)]
    pub komi_text: String,
}

/// The referee panel (судейская коллегия / суддівська колегія): the people
/// who sign the final protocol, with their referee categories, which the RFG
/// code asks of the chief referee (26.2.1 а: republic level).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RefereePanel {
    /// Chief referee (главный судья / головний суддя), who prepares the
    /// protocol (RFG 26.2.1 с, з; Ukrainian III.8).
    pub chief_referee: PanelMember,
    /// Chief secretary (главный секретарь / головний секретар, Ukrainian V.1 3), V.5).
    pub chief_secretary: PanelMember,
    /// Deputies and referees (Ukrainian V.1 2), 4); RFG 26.2.2), in the order given.
    pub referees: Vec<PanelMember>,
}

/// A person on the referee panel.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PanelMember {
    /// Name as it is signed.
    pub name: String,
    /// Referee category or role as written ("судья всероссийской категории").
    pub category: String,
}

impl Default for General {
    fn default() -> Self {
        General {
            short_name: "defaultshortname".into(),
            name: "default Name".into(),
            location: String::new(),
            director: String::new(),
            begin_date: String::new(),
            end_date: String::new(),
            internet: false,
            panel: RefereePanel::default(),
            level: Level::Local,
            rank_norms: String::new(),
            komi_text: String::new(),
            blitz: false,
            regulations_published: String::new(),
        }
    }
}
