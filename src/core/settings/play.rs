//! How the games are played: handicap, the rules of play and the ruleset
//! they start from, what a jigo counts for in a match, and the time
//! control. What each ruleset means (its komi, its counting) is
//! `core::rules`'; the settings hold only the choice.

use crate::core::rank::Rank;
use crate::core::units::HalfPoints;
use serde::{Deserialize, Serialize};

/// Handicap rules (OpenGotha `HandicapParameterSet`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandicapSettings {
    /// Handicap from the McMahon score rather than the rank.
    pub based_on_mms: bool,
    /// No handicap when both players are at or above this rank.
    pub no_handicap_threshold: Rank,
    /// Stones taken off the rank difference.
    pub correction: i32,
    /// Highest handicap given.
    pub ceiling: u8,
    /// Between two players weaker than 15 kyu, two stones come off the
    /// rank difference, whatever the correction (RFG App. 5 §5.5).
    #[serde(default)]
    pub weak_players_minus_two: bool,
}

impl Default for HandicapSettings {
    fn default() -> Self {
        HandicapSettings {
            based_on_mms: true,
            no_handicap_threshold: Rank::Dan(1),
            correction: 1,
            ceiling: 9,
            weak_players_minus_two: false,
        }
    }
}

/// Board size, komi and how a tie is scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesOfPlay {
    /// Lines of the board (19, 13, 9).
    pub board_size: u8,
    /// Komi for even games, in half points.
    pub komi: HalfPoints,
    /// What a tie on the board means.
    pub tie_rule: TieRule,
    /// The ruleset chosen, which sets the komi of handicap games
    /// ([`crate::core::rules::profile::Profile::handicap_komi`]); `None`
    /// (an OpenGotha file, custom rules) keeps OpenGotha's: ½ point where
    /// a tie is a jigo, else none.
    #[serde(default)]
    pub profile: Option<Profile>,
    /// Where handicap stones go: a particular-rules item the GTR leaves to
    /// each tournament ("Particular tournament rules").
    #[serde(default)]
    pub handicap_placement: HandicapPlacement,
}

/// Where handicap stones are placed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HandicapPlacement {
    /// On the star points.
    #[default]
    Fixed,
    /// Anywhere Black chooses.
    Free,
}

impl Default for RulesOfPlay {
    fn default() -> Self {
        RulesOfPlay {
            board_size: 19,
            komi: HalfPoints::from_halves(15),
            tie_rule: TieRule::Jigo,
            profile: None,
            handicap_placement: HandicapPlacement::Fixed,
        }
    }
}

/// What a tie on the board (possible with integer komi) means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TieRule {
    /// A jigo: half a point each.
    Jigo,
    /// White wins ties (e.g. RFG pair Go).
    WhiteWins,
    /// Black wins ties.
    BlackWins,
}

/// Time control (OpenGotha keeps every system's values, whichever is chosen).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeSystem {
    /// Main time in minutes.
    pub basic_minutes: u32,
    /// What follows the main time.
    pub overtime: Overtime,
    /// Japanese byo-yomi period, seconds.
    pub std_byo_yomi_seconds: u32,
    /// Canadian byo-yomi: stones per period.
    pub canadian_moves: u32,
    /// Canadian byo-yomi: period length, seconds.
    pub canadian_seconds: u32,
    /// Fischer increment, seconds.
    pub fischer_seconds: u32,
}

impl TimeSystem {
    /// Whether a clock runs at all: main time, or overtime after none.
    pub fn has_limit(&self) -> bool {
        self.basic_minutes > 0 || self.overtime != Overtime::SuddenDeath
    }
}

impl Default for TimeSystem {
    fn default() -> Self {
        TimeSystem {
            basic_minutes: 60,
            overtime: Overtime::CanadianByoYomi,
            std_byo_yomi_seconds: 30,
            canadian_moves: 15,
            canadian_seconds: 300,
            fischer_seconds: 10,
        }
    }
}

/// Overtime after the main time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Overtime {
    /// None: the game ends when main time runs out.
    SuddenDeath,
    /// Japanese byo-yomi.
    StandardByoYomi,
    /// Canadian byo-yomi.
    CanadianByoYomi,
    /// Fischer increment.
    Fischer,
}

/// A ruleset a tournament can start from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Profile {
    /// Territory scoring, Japanese-style: komi 6.5; White wins ties of handicap games.
    JapaneseTerritory,
    /// Area scoring with Ing material (simplified Ing rules): komi 8, Black wins ties.
    SimplifiedIngArea,
    /// Area scoring with Japanese material: komi 7.5, pass stones, White passes last.
    AreaJapaneseMaterial,
    /// WMSG 2008 fill-in counting: komi 6.5 plus a point when Black moved last.
    Wmsg2008FillIn,
    /// Chinese rules: area scoring, komi 7.5, Black returns the handicap stones.
    Chinese,
    /// AGA rules: komi 7.5, pass stones, handicap komi ½ plus a point a stone after the first.
    Aga,
}

/// What a drawn game (jigo) counts for in a series; the texts differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum JigoRule {
    /// Half a point each, one of the N games: RFG App. 7 §5.2 plays for "большинство
    /// очков", and 20.1 gives ½ for a draw. The default, as the only text that scores one.
    #[default]
    HalfPointEach,
    /// No win to either side, one of the N games: Ukrainian rules II.1 play for
    /// "більшу кількість перемог" (and exclude draws, VIII, so it rarely matters).
    NoWin,
    /// Replayed, not one of the N games: as RFG App. 7 §4.2 replays a drawn knockout game.
    Replayed,
}
