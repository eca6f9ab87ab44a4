//! The parameters of a team event: OpenGotha's, and the line-up, pairing and
//! individual-place rules of the RFG code App. 4 and the Ukrainian rules.

use serde::{Deserialize, Serialize};

/// Team event parameters (OpenGotha `TeamTournamentParameterSet`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamParameters {
    /// Players per team.
    pub team_size: u32,
    /// Team placement criteria as named in the file (`TEAMP`, `BDW`, …), NULLs left out.
    pub placement: Vec<String>,
    /// Reserves that may play in one round (RFG App. 4 §1.2: where the
    /// regulations provide for them; none by default).
    #[serde(default)]
    pub reserves: u32,
    /// Whether line-ups must seat members by strength.
    #[serde(default)]
    pub board_order: BoardOrder,
    /// Minutes before the round when line-ups are due (RFG App. 4 §1.2: 15).
    #[serde(default = "default_line_up_deadline")]
    pub line_up_deadline: u32,
    /// The games a player needs for a place in the individual standings of
    /// an individual-team event (default two thirds: Ukrainian rules III.5,
    /// which RFG App. 4 §2.2 names beside one half).
    #[serde(default)]
    pub individual_share: IndividualShare,
    /// A match of two teams where every member meets every member of the
    /// other (Ukrainian rules II.7, Annex 2), instead of the system's pairing.
    #[serde(default)]
    pub scheveningen: bool,
    /// Each round pairs the teams, then their members board by board (new
    /// events); otherwise the players are paired one by one, as OpenGotha
    /// does with the team events it reads and writes.
    #[serde(default)]
    pub pair_by_teams: bool,
}

/// Whose order of team placement criteria the standings follow: a preset
/// of [`TeamParameters::placement`], the setting an organiser chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamPlacement {
    /// OpenGotha's default: team points, board wins, board wins on the
    /// upper 3, 2 and 1 boards, mean rating (files from OpenGotha).
    OpenGotha,
    /// RFG App. 4 §1.6: team points, then the match between the tied
    /// teams, then games won on the boards, then the coefficient (SOST);
    /// teams still equal share the place.
    Rfg,
    /// Ukrainian rules III.4: team points, then the match(es) between the
    /// tied teams, then the board points of every match.
    Ukraine,
}

impl TeamPlacement {
    /// Every preset, in the order the form lists them.
    pub const ALL: [TeamPlacement; 3] = [
        TeamPlacement::OpenGotha,
        TeamPlacement::Rfg,
        TeamPlacement::Ukraine,
    ];

    /// The criteria, named as the settings keep them.
    pub fn criteria(self) -> Vec<String> {
        let names: &[&str] = match self {
            TeamPlacement::OpenGotha => &["TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR"],
            TeamPlacement::Rfg => &["TEAMP", "H2H", "BDW", "SOST"],
            TeamPlacement::Ukraine => &["TEAMP", "H2H", "BDW"],
        };
        names.iter().map(|n| n.to_string()).collect()
    }

    /// The preset `placement` is, if it is one.
    pub fn of(placement: &[String]) -> Option<TeamPlacement> {
        Self::ALL.into_iter().find(|p| p.criteria() == placement)
    }

    /// The form's name for it.
    pub fn key(self) -> &'static str {
        match self {
            TeamPlacement::OpenGotha => "opengotha",
            TeamPlacement::Rfg => "rfg",
            TeamPlacement::Ukraine => "ukraine",
        }
    }
}

fn default_line_up_deadline() -> u32 {
    LineUpRules::default().deadline_minutes
}

impl TeamParameters {
    /// The line-up rules these parameters set; `None` for a team size
    /// outside 2 to 10 boards.
    pub fn line_up_rules(&self) -> Option<LineUpRules> {
        let boards = u8::try_from(self.team_size).ok()?;
        let reserves = u8::try_from(self.reserves).unwrap_or(u8::MAX);
        let mut rules = LineUpRules::new(boards, reserves, self.board_order)?;
        rules.deadline_minutes = self.line_up_deadline;
        Some(rules)
    }
}

impl Default for TeamParameters {
    fn default() -> Self {
        TeamParameters {
            team_size: 4,
            placement: TeamPlacement::OpenGotha.criteria(),
            reserves: 0,
            board_order: BoardOrder::default(),
            line_up_deadline: default_line_up_deadline(),
            individual_share: Default::default(),
            scheveningen: false,
            pair_by_teams: true,
        }
    }
}

/// Which of the two usual limits an event sets for an individual place.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum IndividualShare {
    /// Ukrainian rules III.5, and one of RFG App. 4 §2.2's two.
    #[default]
    TwoThirds,
    /// RFG App. 4 §2.2's other.
    Half,
}

/// Whether the board order must follow the members' strength.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BoardOrder {
    /// No weaker player above a stronger one.
    FixedByStrength,
    /// Any order; only the reserve limit applies.
    #[default]
    Free,
}

/// The event's line-up settings, which RFG App. 4 §1.2 leaves to the regulations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LineUpRules {
    /// Boards per match (2 to 10).
    pub boards: u8,
    /// Reserves that may play in one round.
    pub reserves: u8,
    /// Whether the board order must follow strength.
    pub order: BoardOrder,
    /// How many minutes before the round the line-up is due.
    pub deadline_minutes: u32,
}

impl LineUpRules {
    /// The board counts a team event may have.
    pub const BOARDS: std::ops::RangeInclusive<u8> = 2..=10;

    /// Rules with the default deadline; `None` when `boards` is outside [`Self::BOARDS`].
    pub fn new(boards: u8, reserves: u8, order: BoardOrder) -> Option<Self> {
        Self::BOARDS.contains(&boards).then_some(LineUpRules {
            boards,
            reserves,
            order,
            ..LineUpRules::default()
        })
    }
}

impl Default for LineUpRules {
    /// RFG App. 4 §1.1: teams of "as a rule 4"; §1.2: the line-up is due 15
    /// minutes before the round. Reserves and fixed boards exist only where the
    /// regulations provide for them (§1.2), so by default there are none.
    fn default() -> Self {
        LineUpRules {
            boards: 4,
            reserves: 0,
            order: BoardOrder::Free,
            deadline_minutes: 15,
        }
    }
}
