use super::*;
use crate::core::{PlayerId, Rank};

fn player(name: &str, first: &str, rank: Rank) -> Player {
    Player::new(PlayerId(1), name, first, rank)
}

/// The bar at 2d: 2d and stronger start together.
fn mcmahon() -> Settings {
    let mut s = Settings::default();
    s.mcmahon.bar = Rank::Dan(2);
    s
}

#[test]
fn the_supergroup_is_the_players_above_the_bar_group_and_is_off_by_default() {
    // RFG code App. 7 §1.3 б: by default no supergroup is used.
    assert!(!Settings::default().supergroup);
    let s = mcmahon();
    let mut strong = player("A", "a", Rank::Dan(4));
    assert!(!in_supergroup(&s, &strong), "at the bar without correction");
    assert!(starts_in_top_group(&s, &strong, 0));
    strong.smms_correction = 1;
    assert!(in_supergroup(&s, &strong));
    assert!(
        starts_in_top_group(&s, &strong, 0),
        "the top group includes it (21.2)"
    );
    let below = player("B", "b", Rank::Dan(1));
    assert!(!starts_in_top_group(&s, &below, 0));
    assert!(
        starts_in_top_group(&s, &below, 1),
        "the GTR's group just below the bar"
    );
    let swiss = Settings {
        system: System::Swiss,
        ..mcmahon()
    };
    assert!(!in_supergroup(&swiss, &strong) && !starts_in_top_group(&swiss, &strong, 0));
}
