//! OpenGotha's pairing parameters, values as its files carry them: the
//! weights and modes [`crate::core::pairing::pair_round`] reads. Settings
//! data, so that the settings name no rule; `core::pairing::parameters`
//! names it too.

use super::Criterion;
use crate::core::rank::Rank;
use serde::{Deserialize, Serialize};

/// OpenGotha's DUDD (draw-up/draw-down) placement modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DuddMode {
    /// Top of the group.
    Top,
    /// Middle of the group.
    Mid,
    /// Bottom of the group.
    Bottom,
}

/// OpenGotha's seeding systems inside a score group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SeedSystem {
    /// Split the group in halves, pair at random.
    SplitAndRandom,
    /// Split and fold: first with last.
    SplitAndFold,
    /// Split and slip: first of top half with first of bottom half.
    SplitAndSlip,
}

/// OpenGotha's `PairingParameterSet`, values as in the file (weights are i64).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairingParameters {
    /// `paiStandardNX1Factor`.
    pub standard_nx1_factor: f64,
    /// `paiBaAvoidDuplGame`.
    pub avoid_duplicate_game: i64,
    /// `paiBaRandom`.
    pub random: i64,
    /// `paiBaDeterministic`.
    pub deterministic: bool,
    /// `paiBaBalanceWB`.
    pub balance_white_black: i64,
    /// `paiMaAvoidMixingCategories`.
    pub avoid_mixing_categories: i64,
    /// `paiMaMinimizeScoreDifference`.
    pub minimize_score_difference: i64,
    /// `paiMaDUDDWeight`.
    pub dudd_weight: i64,
    /// `paiMaCompensateDUDD`.
    pub compensate_dudd: bool,
    /// `paiMaDUDDUpperMode`.
    pub dudd_upper_mode: DuddMode,
    /// `paiMaDUDDLowerMode`.
    pub dudd_lower_mode: DuddMode,
    /// `paiMaMaximizeSeeding`.
    pub maximize_seeding: i64,
    /// `paiMaLastRoundForSeedSystem1`, a round number from 1 as in the file.
    pub last_round_for_seed_system1: u32,
    /// `paiMaSeedSystem1`.
    pub seed_system1: SeedSystem,
    /// `paiMaSeedSystem2`.
    pub seed_system2: SeedSystem,
    /// `paiMaAdditionalPlacementCritSystem1` (`None`: NULL).
    pub additional_placement_criterion_system1: Option<Criterion>,
    /// `paiMaAdditionalPlacementCritSystem2` (`None`: NULL).
    pub additional_placement_criterion_system2: Option<Criterion>,
    /// `paiSeRankThreshold`.
    pub secondary_rank_threshold: Rank,
    /// `paiSeNbWinsThresholdActive`.
    pub secondary_nbw_threshold_active: bool,
    /// `paiSeBarThresholdActive`.
    pub secondary_bar_threshold_active: bool,
    /// `paiSeDefSecCrit`.
    pub secondary_criteria_weight: i64,
    /// `paiSeMinimizeHandicap`.
    pub minimize_handicap: i64,
    /// `paiSeAvoidSameGeo`.
    pub avoid_same_geo: i64,
    /// `paiSePreferMMSDiffRatherThanSameCountry`.
    pub prefer_mms_diff_rather_than_same_country: i32,
    /// `paiSePreferMMSDiffRatherThanSameClub`.
    pub prefer_mms_diff_rather_than_same_club: i32,
    /// Not OpenGotha's: no geographic preference between two players of the
    /// top group (RFG code App. 9 §7.4). Off, as OpenGotha pairs, unless the
    /// RFG code is chosen (`rule_texts::apply`, RFG App. 9 §7.4).
    #[serde(default)]
    pub no_geography_in_top_group: bool,
}

impl Default for PairingParameters {
    fn default() -> Self {
        PairingParameters {
            standard_nx1_factor: 0.5,
            avoid_duplicate_game: 500_000_000_000_000,
            random: 0,
            deterministic: true,
            balance_white_black: 1_000,
            avoid_mixing_categories: 20_000_000_000_000,
            minimize_score_difference: 100_000_000_000,
            dudd_weight: 100_000_000,
            compensate_dudd: true,
            dudd_upper_mode: DuddMode::Mid,
            dudd_lower_mode: DuddMode::Mid,
            maximize_seeding: 5_000_000,
            last_round_for_seed_system1: 2,
            seed_system1: SeedSystem::SplitAndRandom,
            seed_system2: SeedSystem::SplitAndFold,
            additional_placement_criterion_system1: Some(Criterion::Rating),
            additional_placement_criterion_system2: None,
            secondary_rank_threshold: Rank::Dan(4),
            secondary_nbw_threshold_active: true,
            secondary_bar_threshold_active: true,
            secondary_criteria_weight: 100_000_000_000,
            minimize_handicap: 0,
            avoid_same_geo: 100_000_000_000,
            prefer_mms_diff_rather_than_same_country: 1,
            prefer_mms_diff_rather_than_same_club: 3,
            no_geography_in_top_group: false,
        }
    }
}
