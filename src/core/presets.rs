//! The standard settings of each pairing system, as OpenGotha sets them
//! when an organiser picks a system (its `TournamentParameterSet.initForMM`,
//! `initForSwiss`, `initForSwissCat`, `initForCup`): pairing weights,
//! handicap and placement criteria. Organisers start from these and change
//! what their regulations say.

use super::pairing::parameters::{DuddMode, PairingParameters, SeedSystem};
use super::rank::Rank;
use super::settings::{HandicapSettings, Settings, System};
use super::standings::Criterion;
use super::units::HalfPoints;

/// OpenGotha's maximum weights (`PairingParameterSet` constants).
const AVOID_DUPLICATE_GAME: i64 = 500_000_000_000_000;
const BALANCE_WHITE_BLACK: i64 = 1_000_000;
const AVOID_MIXING_CATEGORIES: i64 = 20_000_000_000_000;
const MINIMIZE_SCORE_DIFFERENCE: i64 = 100_000_000_000;
const DUDD: i64 = MINIMIZE_SCORE_DIFFERENCE / 1000;
const MAXIMIZE_SEEDING: i64 = MINIMIZE_SCORE_DIFFERENCE / 20_000;

/// Sets the system and its standard pairing, handicap and placement settings
/// (and, for the Ukrainian Swiss, its one point for a bye).
pub fn apply(settings: &mut Settings, system: System) {
    settings.system = system;
    settings.pairing = pairing(system, &settings.pairing);
    settings.handicap = HandicapSettings {
        weak_players_minus_two: settings.handicap.weak_players_minus_two,
        ..handicap(system)
    };
    settings.placement = placement(system);
    if system == System::UkraineSwiss {
        // II.5: the player left free "одержує очко (плюс)".
        settings.unplayed.nbw_bye = HalfPoints::ONE;
    }
}

/// The standard pairing weights of a system; `base` keeps the values no preset sets.
pub fn pairing(system: System, base: &PairingParameters) -> PairingParameters {
    let common = PairingParameters {
        avoid_duplicate_game: AVOID_DUPLICATE_GAME,
        random: 0,
        deterministic: true,
        balance_white_black: BALANCE_WHITE_BLACK,
        avoid_mixing_categories: 0,
        minimize_score_difference: MINIMIZE_SCORE_DIFFERENCE,
        dudd_weight: DUDD,
        compensate_dudd: true,
        dudd_upper_mode: DuddMode::Mid,
        dudd_lower_mode: DuddMode::Mid,
        maximize_seeding: MAXIMIZE_SEEDING,
        // As the file writes it: seeding system 1 up to round 1.
        last_round_for_seed_system1: 2,
        additional_placement_criterion_system1: Some(Criterion::Rating),
        secondary_bar_threshold_active: true,
        minimize_handicap: 0,
        ..base.clone()
    };
    match system {
        System::McMahon => PairingParameters {
            seed_system1: SeedSystem::SplitAndRandom,
            seed_system2: SeedSystem::SplitAndSlip,
            additional_placement_criterion_system2: None,
            secondary_rank_threshold: Rank::Dan(1),
            secondary_nbw_threshold_active: false,
            secondary_criteria_weight: MINIMIZE_SCORE_DIFFERENCE,
            avoid_same_geo: MINIMIZE_SCORE_DIFFERENCE,
            prefer_mms_diff_rather_than_same_country: 1,
            prefer_mms_diff_rather_than_same_club: 3,
            ..common
        },
        System::SwissCat => PairingParameters {
            avoid_mixing_categories: AVOID_MIXING_CATEGORIES,
            seed_system1: SeedSystem::SplitAndRandom,
            seed_system2: SeedSystem::SplitAndFold,
            additional_placement_criterion_system2: None,
            secondary_rank_threshold: Rank::Dan(1),
            secondary_nbw_threshold_active: true,
            secondary_criteria_weight: AVOID_MIXING_CATEGORIES,
            minimize_handicap: AVOID_MIXING_CATEGORIES,
            avoid_same_geo: AVOID_MIXING_CATEGORIES,
            prefer_mms_diff_rather_than_same_country: 1,
            prefer_mms_diff_rather_than_same_club: 3,
            ..common
        },
        System::Swiss
        | System::Cup
        | System::RoundRobin
        | System::Knockout
        | System::RfgSwiss
        | System::UkraineSwiss => {
            let seed = if system == System::Cup {
                SeedSystem::SplitAndFold
            } else {
                SeedSystem::SplitAndSlip
            };
            PairingParameters {
                seed_system1: seed,
                seed_system2: seed,
                additional_placement_criterion_system2: Some(Criterion::Rating),
                secondary_rank_threshold: Rank::Kyu(30),
                secondary_nbw_threshold_active: true,
                secondary_criteria_weight: AVOID_MIXING_CATEGORIES,
                avoid_same_geo: 0,
                prefer_mms_diff_rather_than_same_country: 0,
                prefer_mms_diff_rather_than_same_club: 0,
                ..common
            }
        }
    }
}

/// The standard handicap of a system: McMahon and SwissCat give handicap
/// from the score below the threshold; the others play even.
pub fn handicap(system: System) -> HandicapSettings {
    match system {
        System::McMahon => HandicapSettings {
            based_on_mms: true,
            no_handicap_threshold: Rank::Dan(1),
            correction: 1,
            ceiling: 9,
            weak_players_minus_two: false,
        },
        System::SwissCat => HandicapSettings {
            based_on_mms: true,
            no_handicap_threshold: Rank::Dan(9),
            correction: 1,
            ceiling: 9,
            weak_players_minus_two: false,
        },
        System::Swiss
        | System::Cup
        | System::RoundRobin
        | System::Knockout
        | System::RfgSwiss
        | System::UkraineSwiss => HandicapSettings {
            based_on_mms: false,
            no_handicap_threshold: Rank::Kyu(30),
            correction: 0,
            ceiling: 0,
            weak_players_minus_two: false,
        },
    }
}

/// The standard placement criteria of a system.
pub fn placement(system: System) -> Vec<Criterion> {
    match system {
        System::McMahon => vec![Criterion::Mms, Criterion::Sosm, Criterion::Sososm],
        System::Swiss => vec![Criterion::Nbw, Criterion::Sosw, Criterion::Sososw],
        System::SwissCat => vec![
            Criterion::Cat,
            Criterion::Nbw,
            Criterion::Ext,
            Criterion::Exr,
        ],
        System::Cup => vec![Criterion::Cps],
        // Ukrainian rules Annex 1 and RFG App. 9 §3: points, then the games between the tied, then Berger.
        System::RoundRobin => vec![Criterion::Nbw, Criterion::HeadToHead, Criterion::Sodosw],
        // RFG App. 7 §4: how far the bracket took a player; those out in
        // the same bracket round share the place unless they play for it
        // (losers playing on) or the organiser adds a tie-break.
        System::Knockout => vec![Criterion::Stage],
        // RFG App. 9 §2.3: wins, then head-to-head, SOS-2, SOS-1, SOS, rating.
        System::RfgSwiss => vec![
            Criterion::Nbw,
            Criterion::HeadToHead,
            Criterion::SosRfgMinus2,
            Criterion::SosRfgMinus1,
            Criterion::SosRfg,
            Criterion::Rating,
        ],
        // Ukrainian rules II.5: Buchholz first, then III.3's order.
        System::UkraineSwiss => vec![
            Criterion::Nbw,
            Criterion::BuchholzUa,
            Criterion::Sodosw,
            Criterion::Sososw,
            Criterion::HeadToHead,
            Criterion::Rating,
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mcmahon_avoids_same_club_and_swiss_does_not() {
        let base = PairingParameters::default();
        assert_eq!(
            pairing(System::McMahon, &base).avoid_same_geo,
            MINIMIZE_SCORE_DIFFERENCE
        );
        assert_eq!(pairing(System::Swiss, &base).avoid_same_geo, 0);
        assert_eq!(
            pairing(System::SwissCat, &base).avoid_mixing_categories,
            AVOID_MIXING_CATEGORIES
        );
    }

    #[test]
    fn only_mcmahon_and_swisscat_give_handicap() {
        assert_eq!(handicap(System::McMahon).ceiling, 9);
        assert_eq!(handicap(System::Swiss).ceiling, 0);
    }

    #[test]
    fn choosing_a_system_sets_its_criteria() {
        let mut s = Settings::default();
        apply(&mut s, System::Swiss);
        assert_eq!(s.system, System::Swiss);
        assert_eq!(
            s.placement,
            [Criterion::Nbw, Criterion::Sosw, Criterion::Sososw]
        );
        assert!(!s.handicap.based_on_mms);
    }

    #[test]
    fn the_rfg_swiss_breaks_ties_by_head_to_head_sos_minus_two_minus_one_sos_then_rating() {
        // RFG code App. 9 §2.3: after the wins, head-to-head, SOS-2, SOS-1,
        // SOS, then rating. (Its last steps, previous order and lot, are not kept.)
        let mut s = Settings::default();
        apply(&mut s, System::RfgSwiss);
        assert_eq!(
            s.placement,
            [
                Criterion::Nbw,
                Criterion::HeadToHead,
                Criterion::SosRfgMinus2,
                Criterion::SosRfgMinus1,
                Criterion::SosRfg,
                Criterion::Rating,
            ]
        );
    }

    #[test]
    fn the_ukrainian_swiss_gives_a_bye_a_point_and_breaks_ties_by_buchholz_first() {
        // Ukrainian rules II.5: the free player "одержує очко (плюс)"; Buchholz
        // is the first tie-break, then III.3's order.
        let mut s = Settings::default();
        apply(&mut s, System::UkraineSwiss);
        assert_eq!(s.unplayed.nbw_bye, HalfPoints::ONE);
        assert_eq!(s.placement[..2], [Criterion::Nbw, Criterion::BuchholzUa]);
        assert_eq!(s.handicap.ceiling, 0, "even games");
    }
}
