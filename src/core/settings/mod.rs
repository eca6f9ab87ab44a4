//! Tournament settings: system, rounds, McMahon bar and floor, points for
//! byes and absences, handicap, placement criteria, rules of play, time,
//! categories, and OpenGotha's pairing, display and publishing parameters.
//!
//! Defaults are OpenGotha's defaults for a file that leaves a value out.

use super::rank::Rank;
use super::units::HalfPoints;
use serde::{Deserialize, Serialize};

mod adjournment;
mod admission;
mod criterion;
mod display;
mod general;
mod level;
pub mod pairing;
mod play;
mod ruleset;
mod teams;
pub use adjournment::{Adjournment, Resumption};
pub use admission::{Admission, AgeGroup};
pub use criterion::{Criterion, UnknownCriterion};
pub use display::{DisplayParameters, PublishParameters};
pub use general::{General, PanelMember, RefereePanel};
pub use level::Level;
pub use pairing::PairingParameters;
pub use play::{
    HandicapPlacement, HandicapSettings, JigoRule, Overtime, Profile, RulesOfPlay, TieRule,
    TimeSystem,
};
pub use ruleset::Ruleset;
pub use teams::{BoardOrder, IndividualShare, LineUpRules, TeamParameters, TeamPlacement};

/// Everything that configures a tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// Names, place, dates.
    pub general: General,
    /// Pairing system.
    pub system: System,
    /// Number of rounds planned.
    pub number_of_rounds: u32,
    /// Games per meeting of a round robin: 1, or a match of best of N
    /// (RFG code App. 7 §5; Ukrainian rules II.1).
    #[serde(default = "one_game")]
    pub best_of: u32,
    /// What a jigo counts for in such a match (half a point by default,
    /// RFG App. 7 §5.2; the Ukrainian rules II.1 count wins only).
    #[serde(default)]
    pub match_jigo: JigoRule,
    /// McMahon bar, floor and zero.
    pub mcmahon: McMahon,
    /// Whether players may start above the bar group, in a supergroup
    /// (`core::supergroup`): off by default, as the RFG code has it (App. 7
    /// §1.3 б), and on where the regulations define one (в).
    #[serde(default)]
    pub supergroup: bool,
    /// Points for rounds without a game, and their rounding.
    pub unplayed: UnplayedPoints,
    /// OpenGotha's "count not played games as half point" option (virtual scores in SOS).
    pub count_unplayed_as_half_point: bool,
    /// Handicap rules.
    pub handicap: HandicapSettings,
    /// Placement criteria, most important first (no NULL entries).
    pub placement: Vec<Criterion>,
    /// Board size, komi, tie rule.
    pub rules: RulesOfPlay,
    /// Time control.
    pub time: TimeSystem,
    /// Lower rank limits of categories 1..n−1 (empty: one category).
    pub category_limits: Vec<Rank>,
    /// OpenGotha's pairing parameters, read by the pairing engine.
    pub pairing: PairingParameters,
    /// OpenGotha's display parameters.
    pub display: DisplayParameters,
    /// OpenGotha's publishing parameters.
    pub publish: PublishParameters,
    /// Team event parameters.
    pub teams: TeamParameters,
    /// Knockout: the losers keep playing among themselves so that every place
    /// is decided (RFG code App. 7 §4); otherwise they are eliminated.
    #[serde(default)]
    pub losers_play_on: bool,
    /// Knockout: a player leaves after two losses, not one (Ukrainian rules
    /// II.4, "після втрати визначеного числа очок"; RFG code App. 7 §4.1).
    #[serde(default)]
    pub two_losses_eliminate: bool,
    /// How the public players list shows registrations not yet confirmed.
    #[serde(default)]
    pub preliminary_players: PreliminaryListing,
    /// Who plays a game: one player a side, or a pair go or rengo side.
    #[serde(default)]
    pub sides: Sides,
    /// The checks a player needs to be admitted, and the age groups.
    #[serde(default)]
    pub admission: Admission,
    /// What each place wins.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prizes: Vec<crate::core::prizes::Prize>,
    /// The Ukrainian Swiss: the largest |Black − White| when the tournament
    /// has an even number of rounds (II.5: "на дві"; 1 with an odd number).
    #[serde(default = "colour_gap_two")]
    pub colour_gap_even_rounds: u32,
    /// Whether games may be adjourned, and when they resume (GTR "Adjournment").
    #[serde(default)]
    pub adjournment: Adjournment,
    /// The places the tiebreaks decide, from the first; below them players
    /// equal on the first criterion share a place (RFG App. 9 §6.2: in
    /// McMahon and Swiss final standings the criteria may count for the top
    /// group only). 0, OpenGotha's way and the default: every place.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tiebreak_places: u32,
}

/// Who sits at each side of the board (RFG code App. 4 §3).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sides {
    /// One player.
    #[default]
    Individual,
    /// Pair go: a woman and a man, the woman moving first (§3.1, §3.3).
    PairGo,
    /// Rengo: two or three players taking turns.
    Rengo,
}

impl Sides {
    /// How many members a side may have.
    pub fn members(self) -> std::ops::RangeInclusive<usize> {
        match self {
            Sides::Individual => 0..=0,
            Sides::PairGo => 2..=2,
            Sides::Rengo => 2..=3,
        }
    }
}

/// Where visitors see preliminary registrations (self-registrations an
/// organiser has not confirmed). Staff always see them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PreliminaryListing {
    /// Under their own heading, so nobody takes them for the field of play
    /// while players still see that their registration arrived.
    #[default]
    Apart,
    /// Not at all until confirmed.
    Hidden,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            general: General::default(),
            system: System::McMahon,
            number_of_rounds: 5,
            best_of: 1,
            match_jigo: Default::default(),
            mcmahon: McMahon::default(),
            supergroup: false,
            unplayed: UnplayedPoints::default(),
            count_unplayed_as_half_point: false,
            handicap: HandicapSettings::default(),
            placement: vec![Criterion::Mms, Criterion::Sosm, Criterion::Sososm],
            rules: RulesOfPlay::default(),
            time: TimeSystem::default(),
            category_limits: Vec::new(),
            pairing: PairingParameters::default(),
            display: DisplayParameters::default(),
            publish: PublishParameters::default(),
            teams: TeamParameters::default(),
            losers_play_on: false,
            two_losses_eliminate: false,
            preliminary_players: PreliminaryListing::Apart,
            sides: Sides::Individual,
            admission: Default::default(),
            prizes: Vec::new(),
            colour_gap_even_rounds: 2,
            adjournment: Adjournment::default(),
            tiebreak_places: 0,
        }
    }
}

impl Settings {
    /// The number of categories (at least 1).
    pub fn number_of_categories(&self) -> usize {
        self.category_limits.len() + 1
    }

    /// The 0-based category of a rank: the first category whose lower limit it reaches.
    pub fn category_of(&self, rank: Rank) -> usize {
        self.category_limits
            .iter()
            .position(|limit| rank.opengotha_value() >= limit.opengotha_value())
            .unwrap_or(self.category_limits.len())
    }

    /// The komi as the results files write it: as the imported file wrote
    /// it while it still says the komi in force, else in our own form.
    pub fn komi_as_written(&self) -> String {
        if HalfPoints::parse_decimal(&self.general.komi_text) == Some(self.rules.komi) {
            self.general.komi_text.clone()
        } else {
            self.rules.komi.to_string()
        }
    }

    /// The system OpenGotha infers from the first placement criterion.
    pub fn system_from_criteria(criteria: &[Criterion]) -> System {
        match criteria.first() {
            Some(Criterion::Nbw) => System::Swiss,
            Some(Criterion::Cat) => System::SwissCat,
            Some(Criterion::Cps) => System::Cup,
            _ => System::McMahon,
        }
    }
}

/// Pairing system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum System {
    /// McMahon: players start from their rank-based score.
    McMahon,
    /// Swiss: everyone starts at 0.
    Swiss,
    /// Swiss within rank categories.
    SwissCat,
    /// Cup: same win/loss history paired together, no elimination.
    Cup,
    /// Round robin: everyone plays everyone.
    RoundRobin,
    /// Knockout: losers are eliminated.
    Knockout,
    /// The Swiss system of the RFG code (App. 7 §2): fixed numbers, score
    /// groups paired half against half, for tournaments that must follow it.
    RfgSwiss,
    /// The Swiss system of the Ukrainian rules (II.5): round 1 by draw
    /// numbers 1–2, 3–4, …, hard colour limits, floats that cancel.
    UkraineSwiss,
}

/// McMahon groups: start MMS = clamp(rank, floor, bar) − zero + correction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct McMahon {
    /// Players at or above the bar start together.
    pub bar: Rank,
    /// Players at or below the floor start together.
    pub floor: Rank,
    /// The rank whose start score is 0 (OpenGotha: 30k).
    pub zero: Rank,
}

impl Default for McMahon {
    fn default() -> Self {
        McMahon {
            bar: Rank::Dan(4),
            floor: Rank::Kyu(20),
            zero: Rank::Kyu(30),
        }
    }
}

impl McMahon {
    /// Start McMahon score of a player of `rank` with bar-group `correction`.
    pub fn start_mms(&self, rank: Rank, correction: i32) -> HalfPoints {
        let zero = self.zero.opengotha_value();
        let clamped = rank
            .opengotha_value()
            .min(self.bar.opengotha_value())
            .max(self.floor.opengotha_value());
        HalfPoints::from_points(clamped - zero + correction)
    }
}

/// Points given for a round without a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnplayedPoints {
    /// NBW for a round the player is declared absent.
    pub nbw_absent: HalfPoints,
    /// NBW for a bye.
    pub nbw_bye: HalfPoints,
    /// MMS for a round the player is declared absent.
    pub mms_absent: HalfPoints,
    /// MMS for a bye.
    pub mms_bye: HalfPoints,
    /// Drop the half point the absences and byes add up to (OpenGotha `genRoundDownNBWMMS`).
    pub round_down: bool,
}

impl Default for UnplayedPoints {
    fn default() -> Self {
        UnplayedPoints {
            nbw_absent: HalfPoints::ZERO,
            nbw_bye: HalfPoints::ZERO,
            mms_absent: HalfPoints::ZERO,
            mms_bye: HalfPoints::ZERO,
            round_down: true,
        }
    }
}

fn one_game() -> u32 {
    1
}

/// II.5's limit with an even number of rounds, for settings stored before it.
fn colour_gap_two() -> u32 {
    2
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[cfg(test)]
mod tests;
