use super::*;

#[test]
fn komi_is_read_as_people_write_it() {
    assert_eq!(parse_komi("6.5"), Some(HalfPoints::from_halves(13)));
    assert_eq!(parse_komi("7,5"), Some(HalfPoints::from_halves(15)));
    assert_eq!(parse_komi("8"), Some(HalfPoints::from_halves(16)));
    assert_eq!(parse_komi("0.5"), Some(HalfPoints::from_halves(1)));
    assert_eq!(parse_komi("-0.5"), Some(HalfPoints::from_halves(-1)));
    assert_eq!(parse_komi("6.25"), None);
    assert_eq!(parse_komi("lots"), None);
}

#[test]
fn stored_settings_survive_the_form_unchanged() {
    let settings = Settings::default();
    let form = TournamentForm::from_settings(&settings, "UTC", true, false, 45);
    let ctx = Ctx {
        lang: crate::web::i18n::Lang::En,
        user: None,
        csrf: Default::default(),
        path: String::new(),
        notice: String::new(),
    };
    let valid = form
        .validate(&ctx, &settings)
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(valid.settings, settings);
    assert_eq!(
        (
            valid.registration_open,
            valid.is_public,
            valid.late_forfeit_minutes
        ),
        (true, false, 45)
    );
}

#[test]
fn the_referee_panel_survives_the_form_and_a_nameless_referee_is_refused() {
    let mut settings = Settings::default();
    settings.general.director = "Петров П. П.".into();
    settings.general.panel = RefereePanel {
        chief_referee: PanelMember {
            name: "Иванов И. И.".into(),
            category: "судья всероссийской категории".into(),
        },
        chief_secretary: PanelMember {
            name: "Сидорова С. С.".into(),
            category: String::new(),
        },
        referees: vec![
            PanelMember {
                name: "Ким К.".into(),
                category: "судья первой категории".into(),
            },
            PanelMember {
                name: "Ли Л.".into(),
                category: String::new(),
            },
        ],
    };
    settings.general.rank_norms = "Иванов — КМС".into();
    let ctx = Ctx {
        lang: crate::web::i18n::Lang::Ru,
        user: None,
        csrf: Default::default(),
        path: String::new(),
        notice: String::new(),
    };
    let mut form = TournamentForm::from_settings(&settings, "UTC", false, true, 60);
    let valid = form
        .validate(&ctx, &Settings::default())
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(valid.settings.general, settings.general);

    form.referees = "Ким К.\n, судья первой категории".into();
    let errors = form.validate(&ctx, &settings).err().expect("refused");
    assert!(!errors.get("referees").is_empty());
}

#[test]
fn a_rules_profile_sets_komi_and_tie_rule() {
    let mut form = TournamentForm::from_settings(&Settings::default(), "UTC", false, true, 60);
    form.rules_profile = "SimplifiedIngArea".into();
    form.komi = "6.5".into();
    let ctx = Ctx {
        lang: crate::web::i18n::Lang::En,
        user: None,
        csrf: Default::default(),
        path: String::new(),
        notice: String::new(),
    };
    let valid = form
        .validate(&ctx, &Settings::default())
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(valid.settings.rules.komi, HalfPoints::from_points(8));
    assert_eq!(valid.settings.rules.tie_rule, TieRule::BlackWins);
}

#[test]
fn every_wrong_field_gets_its_own_message() {
    let mut form = TournamentForm::for_new();
    form.short_name = "no spaces allowed".into();
    form.rounds = "0".into();
    form.komi = "6.3".into();
    form.floor = "5d".into();
    form.criterion_2 = form.criterion_1.clone();
    let ctx = Ctx {
        lang: crate::web::i18n::Lang::En,
        user: None,
        csrf: Default::default(),
        path: String::new(),
        notice: String::new(),
    };
    let errors = form
        .validate(&ctx, &Settings::default())
        .err()
        .expect("refused");
    for field in [
        "name",
        "short_name",
        "rounds",
        "komi",
        "floor",
        "criterion_2",
    ] {
        assert!(!errors.get(field).is_empty(), "{field} has no message");
    }
}
