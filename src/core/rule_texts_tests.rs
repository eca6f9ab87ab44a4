//! Each rule text's defaults, written from its articles.

use super::*;
use crate::core::presets;
use crate::core::rules::GameRules;
use crate::core::settings::TieRule;

fn chosen(ruleset: Ruleset, system: System) -> (Settings, DisciplineSettings) {
    let mut s = Settings::default();
    presets::apply(&mut s, system);
    let mut d = DisciplineSettings::default();
    apply(ruleset, &mut s, &mut d);
    (s, d)
}

#[test]
fn rfg_15_1_b_16_4_b_even_games_follow_japanese_rules_with_komi_six_and_a_half() {
    let (s, _) = chosen(Ruleset::Rfg, System::McMahon);
    assert_eq!(s.rules.profile, Some(Profile::JapaneseTerritory));
    assert_eq!(s.rules.komi, HalfPoints::from_halves(13));
    // RFG App. 2 а and 15.1 б: handicap games have no komi and an equal
    // count goes to White.
    let rules = GameRules::from(Profile::JapaneseTerritory);
    assert_eq!(rules.komi(2), HalfPoints::ZERO);
    assert_eq!(rules.tie_rule(2), TieRule::WhiteWins);
}

#[test]
fn rfg_20_2_a_a_bye_is_a_point_under_every_system() {
    for system in EVERY_SYSTEM {
        let (s, _) = chosen(Ruleset::Rfg, *system);
        assert_eq!(
            (s.unplayed.nbw_bye, s.unplayed.mms_bye),
            (HalfPoints::ONE, HalfPoints::ONE),
            "{system:?}"
        );
    }
}

#[test]
fn rfg_21_4_21_5_26_4_lateness_annulment_and_committee() {
    let (_, d) = chosen(Ruleset::Rfg, System::McMahon);
    assert_eq!(
        d.forfeit_time,
        ForfeitTime::RFG,
        "21.4 а: more than 60 minutes"
    );
    assert!(d.annul_below_half, "21.5 б");
    assert_eq!(
        (d.committee_members, d.committee_reserves),
        (3, 2),
        "26.4 а"
    );
    assert_eq!(d.warnings_to_forfeit, 2, "21(S).2 б");
}

#[test]
fn rfg_app_9_7_4_and_app_5_5_5_top_group_and_weak_players() {
    let (s, _) = chosen(Ruleset::Rfg, System::McMahon);
    assert!(s.pairing.no_geography_in_top_group);
    assert!(s.handicap.weak_players_minus_two);
}

#[test]
fn ukrainian_rules_ii_5_ii_6_the_free_player_gets_a_point_in_swiss_and_mcmahon() {
    for system in [System::Swiss, System::McMahon, System::UkraineSwiss] {
        let (s, _) = chosen(Ruleset::Ukraine, system);
        assert_eq!(s.unplayed.nbw_bye, HalfPoints::ONE, "{system:?}");
        assert_eq!(s.unplayed.mms_bye, HalfPoints::ONE, "{system:?}");
    }
    // II.1 says nothing of a round robin's bye.
    let (rr, _) = chosen(Ruleset::Ukraine, System::RoundRobin);
    assert_eq!(rr.unplayed.nbw_bye, HalfPoints::ZERO);
}

#[test]
fn ukrainian_rules_iii_6_7_xii_4_admission_needs_documents_doctor_and_anti_doping() {
    let (s, _) = chosen(Ruleset::Ukraine, System::Swiss);
    assert_eq!(
        s.admission.required,
        Checks {
            documents: true,
            medical: true,
            anti_doping: true
        }
    );
}

#[test]
fn ukrainian_rules_viii_17_japanese_rules_komi_six_and_a_half_no_draws() {
    let (s, _) = chosen(Ruleset::Ukraine, System::McMahon);
    assert_eq!(s.rules.profile, Some(Profile::JapaneseTerritory));
    assert_eq!(s.rules.komi, HalfPoints::from_halves(13));
    assert_eq!(s.rules.komi.halves() % 2, 1, "a half-point komi: no jigo");
}

#[test]
fn ukrainian_rules_iii_3_ii_5_tiebreaks_and_iv_4_the_third_warning() {
    let (mm, d) = chosen(Ruleset::Ukraine, System::McMahon);
    assert_eq!(mm.placement, UA_MCMAHON_TIEBREAKS);
    let (swiss, _) = chosen(Ruleset::Ukraine, System::Swiss);
    assert_eq!(
        swiss.placement[..2],
        [Criterion::Nbw, Criterion::BuchholzUa]
    );
    assert_eq!(d.warnings_to_forfeit, 3);
    assert!(!d.protest_required, "VI names no protest");
}

#[test]
fn the_egf_text_and_custom_rules_leave_the_settings_opengotha_files_carry() {
    for (system, ruleset) in EVERY_SYSTEM
        .iter()
        .flat_map(|s| [(s, Ruleset::Egf), (s, Ruleset::Custom)])
    {
        let mut s = Settings::default();
        presets::apply(&mut s, *system);
        let before = s.clone();
        let mut d = DisciplineSettings::default();
        assert!(apply(ruleset, &mut s, &mut d).is_empty());
        assert_eq!(s, before, "{system:?}");
        assert_eq!(d.ruleset, ruleset);
    }
}

#[test]
fn the_discipline_settings_of_each_text_are_its_table() {
    for ruleset in Ruleset::ALL {
        let mut d = DisciplineSettings::for_ruleset(ruleset);
        let mut s = Settings::default();
        presets::apply(&mut s, System::Cup);
        apply(ruleset, &mut s, &mut d);
        assert_eq!(d, DisciplineSettings::for_ruleset(ruleset), "{ruleset:?}");
    }
}

#[test]
fn switching_texts_reports_each_change_once_and_applying_again_changes_nothing() {
    let (mut s, mut d) = chosen(Ruleset::Egf, System::McMahon);
    let preview = changes(Ruleset::Rfg, &s, &d);
    let komi = preview
        .iter()
        .find(|c| c.entry.fixed.key() == "rule_text.even_komi")
        .expect("the komi changes");
    assert_eq!(
        (komi.before.clone(), komi.after.clone()),
        (
            Value::Points(HalfPoints::from_halves(15)),
            Value::Points(HalfPoints::from_halves(13))
        )
    );
    assert_eq!(apply(Ruleset::Rfg, &mut s, &mut d), preview);
    assert!(apply(Ruleset::Rfg, &mut s, &mut d).is_empty());
    let to_ua = changes(Ruleset::Ukraine, &s, &d);
    let keys: Vec<_> = to_ua.iter().map(|c| c.entry.fixed.key()).collect();
    assert!(keys.contains(&"rule_text.warnings_to_lose"), "{keys:?}");
    assert!(keys.contains(&"rule_text.admission"), "{keys:?}");
    assert!(!keys.contains(&"rule_text.even_komi"), "6.5 under both");
}

#[test]
fn ukrainian_rules_ii_6_iii_3_a_system_chosen_anew_keeps_the_bye_point_and_tiebreaks() {
    let (mut s, _) = chosen(Ruleset::Ukraine, System::Swiss);
    presets::apply(&mut s, System::McMahon);
    apply_for_system(Ruleset::Ukraine, &mut s);
    assert_eq!(s.placement, UA_MCMAHON_TIEBREAKS);
    assert_eq!(s.unplayed.mms_bye, HalfPoints::ONE);
    let mut egf = Settings::default();
    presets::apply(&mut egf, System::Swiss);
    let before = egf.clone();
    apply_for_system(Ruleset::Egf, &mut egf);
    assert_eq!(egf, before, "OpenGotha's standard settings");
}

#[test]
fn switching_to_custom_rules_keeps_what_the_rfg_code_set() {
    let (mut s, mut d) = chosen(Ruleset::Rfg, System::McMahon);
    let kept = s.clone();
    assert!(apply(Ruleset::Custom, &mut s, &mut d).is_empty());
    assert_eq!(s, kept);
    assert_eq!(d.ruleset, Ruleset::Custom);
}

#[test]
fn every_entry_names_its_article() {
    for ruleset in Ruleset::ALL {
        for entry in table(ruleset) {
            assert!(!entry.article.trim().is_empty(), "{entry:?}");
        }
    }
}
