//! Settings: the McMahon start, categories, and settings stored by older
//! versions that still load.

use super::*;

#[test]
fn start_mms_clamps_rank_between_floor_and_bar() {
    let mm = McMahon {
        bar: Rank::Dan(2),
        floor: Rank::Kyu(20),
        zero: Rank::Kyu(30),
    };
    assert_eq!(mm.start_mms(Rank::Dan(5), 0), HalfPoints::from_points(31));
    assert_eq!(mm.start_mms(Rank::Kyu(25), 0), HalfPoints::from_points(10));
    assert_eq!(mm.start_mms(Rank::Kyu(5), 1), HalfPoints::from_points(26));
}

#[test]
fn categories_go_by_lower_limits() {
    let s = Settings {
        category_limits: vec![Rank::Kyu(3), Rank::Kyu(5)],
        ..Settings::default()
    };
    assert_eq!(s.category_of(Rank::Dan(1)), 0);
    assert_eq!(s.category_of(Rank::Kyu(4)), 1);
    assert_eq!(s.category_of(Rank::Kyu(9)), 2);
    assert_eq!(s.number_of_categories(), 3);
}

#[test]
fn settings_stored_before_the_referee_panel_still_load() {
    let mut stored = serde_json::to_value(Settings::default()).unwrap();
    let general = stored["general"].as_object_mut().unwrap();
    general.remove("panel");
    general.remove("rank_norms");
    let s: Settings = serde_json::from_value(stored).unwrap();
    assert_eq!(s.general.panel, RefereePanel::default());
    assert!(s.general.rank_norms.is_empty());
}

#[test]
fn settings_stored_before_losers_play_on_still_load() {
    let mut stored = serde_json::to_value(Settings::default()).unwrap();
    stored.as_object_mut().unwrap().remove("losers_play_on");
    let s: Settings = serde_json::from_value(stored).unwrap();
    assert!(!s.losers_play_on);
}
