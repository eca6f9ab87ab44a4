//! The settings' rules, as any adapter sends the settings: checked fields,
//! and a ruleset chosen alone bringing its parameters.

use super::team_tests::organiser;
use super::tests::cup;
use super::*;
use crate::core::Settings;

#[test]
fn settings_with_the_floor_above_the_bar_are_refused() {
    let mut state = cup(0);
    let mut settings = state.doc.settings().clone();
    settings.general.name = "Cup".into();
    settings.general.short_name = "cup".into();
    settings.mcmahon.floor = "1d".parse().unwrap();
    settings.mcmahon.bar = "5k".parse().unwrap();
    let command = Command::ChangeSettings {
        settings: Box::new(settings),
        header: Header::default(),
        discipline: None,
    };
    let refusal = apply(&mut state, command, &organiser()).unwrap_err();
    let Refusal::Fields(problems) = refusal else {
        panic!("{refusal:?}")
    };
    assert_eq!(problems[0].key, "tournament.error.floor_above_bar");
}

#[test]
fn a_ruleset_chosen_alone_brings_its_komi_and_tie_rule_and_a_wild_komi_is_refused() {
    use crate::core::rules::profile::Profile;
    use crate::core::settings::TieRule;
    let mut state = cup(0);
    let change = |state: &mut State, edit: &dyn Fn(&mut Settings)| {
        let mut settings = state.doc.settings().clone();
        settings.general.name = "Cup".into();
        settings.general.short_name = "cup".into();
        edit(&mut settings);
        let command = Command::ChangeSettings {
            settings: Box::new(settings),
            header: Header::default(),
            discipline: None,
        };
        apply(state, command, &organiser())
    };
    // A program sends the settings back with the Ing rules and nothing else
    // changed: komi 8 and Black wins a tie (GTR, area scoring with Ing material).
    change(&mut state, &|s| {
        s.rules.profile = Some(Profile::SimplifiedIngArea)
    })
    .unwrap();
    let rules = &state.doc.settings().rules;
    assert_eq!(rules.komi, crate::core::HalfPoints::from_points(8));
    assert_eq!(rules.tie_rule, TieRule::BlackWins);
    // Changed together, the komi typed stands.
    change(&mut state, &|s| {
        s.rules.profile = Some(Profile::JapaneseTerritory);
        s.rules.komi = crate::core::HalfPoints::from_halves(11);
    })
    .unwrap();
    assert_eq!(state.doc.settings().rules.komi.halves(), 11);
    for halves in [101, -101, i32::MIN] {
        let refusal = change(&mut state, &|s| {
            s.rules.komi = crate::core::HalfPoints::from_halves(halves)
        })
        .unwrap_err();
        let Refusal::Fields(problems) = refusal else {
            panic!("{refusal:?}")
        };
        assert_eq!(problems[0].field, "komi", "{halves}");
    }
}

#[test]
fn an_age_group_nobody_can_be_in_is_refused() {
    let mut state = cup(0);
    let mut settings = state.doc.settings().clone();
    settings.general.name = "Cup".into();
    settings.general.short_name = "cup".into();
    settings.admission.age_groups = vec![crate::core::admission::AgeGroup {
        name: "U10".into(),
        min_age: Some(10),
        max_age: Some(5),
    }];
    let command = Command::ChangeSettings {
        settings: Box::new(settings),
        header: Header::default(),
        discipline: None,
    };
    let refusal = apply(&mut state, command, &organiser()).unwrap_err();
    let Refusal::Fields(problems) = refusal else {
        panic!("{refusal:?}")
    };
    assert_eq!(problems[0].key, "settings.error.age_group_empty");
}

#[test]
fn a_rule_text_sent_alone_brings_its_own_values() {
    use crate::core::discipline::{DisciplineSettings, Ruleset};
    let mut state = cup(0);
    let mut settings = state.doc.settings().clone();
    settings.general.name = "Cup".into();
    settings.general.short_name = "cup".into();
    let sent = DisciplineSettings {
        ruleset: Ruleset::Ukraine,
        ..state.book.settings.clone()
    };
    let command = Command::ChangeSettings {
        settings: Box::new(settings),
        header: Header::default(),
        discipline: Some(Box::new(sent)),
    };
    apply(&mut state, command, &organiser()).unwrap();
    assert_eq!(
        state.book.settings,
        DisciplineSettings::for_ruleset(Ruleset::Ukraine)
    );
}

#[test]
fn a_forfeit_time_changed_in_the_header_alone_is_the_one_the_referees_apply() {
    // GTR "Late arrival" / RFG 16.4: the organiser announces the forfeit
    // time; a program that changes only the header's minutes changes it.
    let mut state = cup(0);
    let mut settings = state.doc.settings().clone();
    settings.general.name = "Cup".into();
    settings.general.short_name = "cup".into();
    let header = Header {
        late_forfeit_minutes: 15,
        ..state.header.clone()
    };
    let command = Command::ChangeSettings {
        settings: Box::new(settings),
        header,
        discipline: None,
    };
    apply(&mut state, command, &organiser()).unwrap();
    assert_eq!(
        state.book.settings.forfeit_time.limit,
        std::time::Duration::from_secs(15 * 60)
    );
    assert_eq!(state.header.late_forfeit_minutes, 15);
}
