//! Places on small hand-made tournaments: ties shared, who is listed, and
//! the criteria computed among tied players (direct confrontation,
//! head-to-head).

use super::test_support::{absent, bye, game, player, tournament, value, with_settings};
use super::{ranking, standings};
use crate::core::ids::PlayerId;
use crate::core::player::Player;
use crate::core::rank::Rank;
use crate::core::rating::Rating;
use crate::core::settings::System;
use crate::core::standings::Criterion;

#[test]
fn players_equal_on_every_criterion_share_a_place_and_go_by_name() {
    let mut t = tournament(1, &[Criterion::Nbw]);
    let [bo, al, cy, di] = ["Bo", "Al", "Cy", "Di"].map(|n| player(&mut t, n, "1d"));
    game(&mut t, 1, bo, cy, "1-0");
    game(&mut t, 1, al, di, "1-0");
    let s = standings(&t, 1, &[Criterion::Nbw]);
    let order: Vec<(PlayerId, u32)> = s.rows.iter().map(|r| (r.player, r.place)).collect();
    assert_eq!(order, [(al, 1), (bo, 1), (cy, 3), (di, 3)]);
}

#[test]
fn players_without_a_game_or_bye_are_listed_only_when_asked() {
    let mut t = tournament(1, &[Criterion::Nbw]);
    let [a, b, idle] = ["A", "B", "Idle"].map(|n| player(&mut t, n, "1d"));
    game(&mut t, 1, a, b, "1-0");
    assert_eq!(standings(&t, 1, &[Criterion::Nbw]).rows.len(), 2);
    with_settings(&mut t, |s| s.display.display_non_playing_players = true);
    assert!(
        standings(&t, 1, &[Criterion::Nbw])
            .rows
            .iter()
            .any(|r| r.player == idle)
    );
}

#[test]
fn ranking_orders_chosen_players_before_anyone_has_played() {
    let mut t = tournament(3, &[Criterion::Mms, Criterion::Rating]);
    let [a, b] = ["A", "B"].map(|n| player(&mut t, n, "3k"));
    let c = player(&mut t, "C", "1d");
    let r = ranking(&t, 0, &[Criterion::Mms], &[a, b, c, PlayerId(99)]);
    let order: Vec<(PlayerId, u32)> = r.rows.iter().map(|r| (r.player, r.place)).collect();
    assert_eq!(order, [(c, 1), (a, 2), (b, 2)]);
}

#[test]
fn a_cycle_of_wins_leaves_direct_confrontation_level() {
    let criteria = [Criterion::Nbw, Criterion::Dc];
    let mut t = tournament(3, &criteria);
    let [a, b, c] = ["A", "B", "C"].map(|n| player(&mut t, n, "1d"));
    game(&mut t, 1, a, b, "1-0");
    bye(&mut t, 1, c);
    game(&mut t, 2, b, c, "1-0");
    bye(&mut t, 2, a);
    game(&mut t, 3, c, a, "1-0");
    bye(&mut t, 3, b);
    let s = standings(&t, 3, &criteria);
    assert!(
        s.rows
            .iter()
            .all(|r| r.place == 1 && r.values[1].to_string() == "0")
    );
}

#[test]
fn direct_confrontation_places_a_player_who_met_nobody_by_the_later_criteria() {
    let criteria = [Criterion::Nbw, Criterion::Dc, Criterion::Rank];
    let mut t = tournament(1, &criteria);
    let [a, b] = ["A", "B"].map(|n| player(&mut t, n, "1k"));
    let c = player(&mut t, "C", "2d");
    let [x, y] = ["X", "Y"].map(|n| player(&mut t, n, "1k"));
    game(&mut t, 1, a, b, "1-0");
    game(&mut t, 1, c, x, "1-0");
    absent(&mut t, 1, y);
    // A and C lead on NBW and never met: DC falls back on the rank after it, so C (2d) first.
    let s = standings(&t, 1, &criteria);
    let order: Vec<PlayerId> = s.rows.iter().map(|r| r.player).collect();
    assert_eq!(&order[..2], [c, a]);
}

#[test]
fn simplified_direct_confrontation_needs_every_tied_pair_to_have_met() {
    let criteria = [Criterion::Nbw, Criterion::Sdc];
    let mut t = tournament(2, &criteria);
    let [a, b, c, d] = ["A", "B", "C", "D"].map(|n| player(&mut t, n, "1d"));
    game(&mut t, 1, a, b, "1-0");
    game(&mut t, 1, c, d, "1-0");
    game(&mut t, 2, b, a, "1-0");
    game(&mut t, 2, d, c, "1-0");
    assert!(
        standings(&t, 2, &criteria)
            .rows
            .iter()
            .all(|r| r.values[1].to_string() == "0")
    );
}

#[test]
fn head_to_head_is_zero_in_swiss_when_tied_players_did_not_all_meet() {
    // RFG App. 9 §3.3.
    let criteria = [Criterion::Nbw, Criterion::HeadToHead];
    let mut t = tournament(1, &criteria);
    let [a, b, c, d] = ["A", "B", "C", "D"].map(|n| player(&mut t, n, "1d"));
    game(&mut t, 1, a, b, "1-0");
    game(&mut t, 1, c, d, "1-0");
    assert_eq!(value(&t, 1, &criteria, a), ["1", "0"]);
    let mut t2 = tournament(1, &criteria);
    let [e, f] = ["E", "F"].map(|n| player(&mut t2, n, "1d"));
    game(&mut t2, 1, e, f, "1-0");
    assert_eq!(value(&t2, 1, &[Criterion::HeadToHead], e), ["1"]);
    assert_eq!(value(&t2, 1, &[Criterion::HeadToHead], f), ["0"]);
    // The RFG's own Swiss and the Ukrainian Swiss are Swiss tournaments too.
    for system in [System::RfgSwiss, System::UkraineSwiss] {
        with_settings(&mut t, |s| s.system = system);
        assert_eq!(value(&t, 1, &criteria, a), ["1", "0"], "{system:?}");
    }
}

#[test]
fn head_to_head_is_refined_among_players_still_level() {
    // RFG App. 9 §3.2: A and B lead the first count, then A beat B; C beat D.
    let criteria = [Criterion::Nbw, Criterion::HeadToHead];
    let mut t = tournament(4, &criteria);
    let [a, b, c, d, e, f] = ["A", "B", "C", "D", "E", "F"].map(|n| player(&mut t, n, "1d"));
    game(&mut t, 1, a, b, "1-0");
    game(&mut t, 1, c, d, "1-0");
    game(&mut t, 2, a, c, "1-0");
    game(&mut t, 2, b, d, "1-0");
    game(&mut t, 3, d, a, "1-0");
    game(&mut t, 3, b, c, "1-0");
    game(&mut t, 4, c, e, "1-0");
    game(&mut t, 4, d, f, "1-0");
    let s = standings(&t, 4, &criteria);
    let h2h: Vec<(PlayerId, String)> = s
        .rows
        .iter()
        .map(|r| (r.player, r.values[1].to_string()))
        .collect();
    let expected = [(a, "3"), (b, "2"), (c, "1"), (d, "0"), (e, "0"), (f, "0")];
    assert_eq!(h2h, expected.map(|(p, v)| (p, v.to_owned())));
    with_settings(&mut t, |s| s.system = System::RoundRobin);
    assert_eq!(value(&t, 4, &criteria, b), ["2", "2"]);
}

#[test]
fn an_idle_registered_player_still_shifts_direct_confrontation_values_as_in_opengotha() {
    // OpenGotha orders every registered player before leaving idle ones out.
    let criteria = [Criterion::Nbw, Criterion::Dc, Criterion::Rating];
    let mut t = tournament(1, &criteria);
    let mut rated = |name: &str, gor: i32| {
        let mut p = Player::new(PlayerId(0), name, "", Rank::Dan(1));
        p.rating = Rating::new(gor);
        t.register(p)
    };
    let [a, b, c, d] =
        [("A", 2000), ("B", 1000), ("C", 2000), ("D", 1200)].map(|(n, r)| rated(n, r));
    let idle = rated("Idle", 500);
    game(&mut t, 1, a, b, "1-0");
    game(&mut t, 1, c, d, "1-0");
    let s = standings(&t, 1, &criteria);
    assert!(s.rows.iter().all(|r| r.player != idle));
    let dc = |p| {
        s.rows
            .iter()
            .find(|r| r.player == p)
            .map(|r| r.values[1].to_string())
    };
    assert_eq!((dc(d), dc(b)), (Some("2".into()), Some("1".into())));
}

#[test]
fn category_rank_and_rating_place_the_higher_first() {
    let criteria = [Criterion::Cat, Criterion::Rank, Criterion::Rating];
    let mut t = tournament(1, &criteria);
    with_settings(&mut t, |s| s.category_limits = vec![Rank::Kyu(5)]);
    let mut rated = |name: &str, rank: Rank, gor: i32| {
        let mut p = Player::new(PlayerId(0), name, "", rank);
        p.rating = Rating::new(gor);
        t.register(p)
    };
    let low = rated("Low", Rank::Kyu(8), 1300);
    let high = rated("High", Rank::Dan(2), 2200);
    let mid = rated("Mid", Rank::Kyu(2), 1950);
    game(&mut t, 1, high, low, "1-0");
    bye(&mut t, 1, mid);
    let s = standings(&t, 1, &criteria);
    let order: Vec<PlayerId> = s.rows.iter().map(|r| r.player).collect();
    assert_eq!(order, [high, mid, low]);
    assert_eq!(value(&t, 1, &criteria, low), ["-1", "-8", "1300"]);
    let places: Vec<(u32, u32)> = s.rows.iter().map(|r| (r.place, r.category_place)).collect();
    assert_eq!(places, [(1, 1), (2, 2), (3, 1)]);
}

#[test]
fn rating_places_the_higher_rated_of_two_players_level_on_wins() {
    // Ukrainian rules III.3.6: when all earlier criteria are equal, the higher
    // rating ranks higher. Same rank and same wins; the names would put Al first.
    let criteria = [Criterion::Nbw, Criterion::Rating];
    let mut t = tournament(1, &criteria);
    let mut rated = |name: &str, gor: i32| {
        let mut p = Player::new(PlayerId(0), name, "", Rank::Kyu(1));
        p.rating = Rating::new(gor);
        t.register(p)
    };
    let al = rated("Al", 1990);
    let zed = rated("Zed", 2010);
    let [x, y] = ["X", "Y"].map(|n| rated(n, 2000));
    game(&mut t, 1, al, x, "1-0");
    game(&mut t, 1, zed, y, "1-0");
    let s = standings(&t, 1, &criteria);
    let top: Vec<(PlayerId, u32)> = s.rows.iter().take(2).map(|r| (r.player, r.place)).collect();
    assert_eq!(top, [(zed, 1), (al, 2)]);
}

#[test]
fn a_play_off_orders_only_the_players_it_was_played_between() {
    // Ukrainian rules III.3.5 (testable rule 39): Al, Bo and Cy tie on one
    // win; Bo beats Cy in a play-off. Al stays level with Bo on the
    // criteria before it only if the play-off is among them: Al did not
    // play one, so Bo goes ahead of both, and a play-off won by Di, who is
    // not tied with them, changes nothing above.
    let criteria = [Criterion::Nbw, Criterion::PlayOff];
    let mut t = tournament(1, &criteria);
    let [al, bo, cy, di, ed, fy] =
        ["Al", "Bo", "Cy", "Di", "Ed", "Fy"].map(|n| player(&mut t, n, "1d"));
    game(&mut t, 1, al, di, "1-0");
    game(&mut t, 1, bo, ed, "1-0");
    game(&mut t, 1, cy, fy, "1-0");
    let places = |t: &crate::core::Tournament| -> Vec<(PlayerId, u32)> {
        standings(t, 1, &criteria)
            .rows
            .iter()
            .map(|r| (r.player, r.place))
            .collect()
    };
    assert_eq!(places(&t)[..3], [(al, 1), (bo, 1), (cy, 1)]);
    let play_off = |winner, loser| crate::core::tournament::PlayOff { winner, loser };
    t.record_play_off(play_off(bo, cy)).unwrap();
    t.record_play_off(play_off(di, al)).unwrap();
    assert_eq!(
        places(&t),
        [(bo, 1), (al, 2), (cy, 2), (di, 4), (ed, 4), (fy, 4)]
    );
}

#[test]
fn below_the_places_tiebreaks_decide_players_equal_on_the_score_share_one() {
    // RFG App. 9 §6.2: the tiebreak (here the rank) decides the first two
    // places only; below them the other winners share 3rd and the losers 5th.
    let criteria = [Criterion::Nbw, Criterion::Rank];
    let mut t = tournament(1, &criteria);
    let ranks = [("A", "5d"), ("B", "4d"), ("C", "3d"), ("D", "2d")];
    let [a, b, c, d] = ranks.map(|(n, r)| player(&mut t, n, r));
    let [e, f, g, h] = ["E", "F", "G", "H"].map(|n| player(&mut t, n, "1k"));
    for (winner, loser) in [(a, e), (b, f), (c, g), (d, h)] {
        game(&mut t, 1, winner, loser, "1-0");
    }
    let places = |t: &_| -> Vec<u32> {
        standings(t, 1, &criteria)
            .rows
            .iter()
            .map(|r| r.place)
            .collect()
    };
    assert_eq!(places(&t), [1, 2, 3, 4, 5, 5, 5, 5]);
    with_settings(&mut t, |s| s.tiebreak_places = 2);
    assert_eq!(places(&t), [1, 2, 3, 3, 5, 5, 5, 5]);
    // The pairing still orders by every criterion.
    let all: Vec<PlayerId> = t.players().iter().map(|p| p.id).collect();
    let order: Vec<u32> = ranking(&t, 1, &criteria, &all)
        .rows
        .iter()
        .map(|r| r.place)
        .collect();
    assert_eq!(order, [1, 2, 3, 4, 5, 5, 5, 5]);
}

#[test]
fn a_knockout_places_the_final_s_loser_second_whatever_the_byes() {
    // RFG App. 7 §4: five players, so round 1 is one game and three go
    // through without one; the final's loser is second, and the semi-final
    // losers share third whether they won a game before or not (issue 34).
    let criteria = crate::core::presets::placement(System::Knockout);
    let mut t = tournament(3, &criteria);
    with_settings(&mut t, |s| s.system = System::Knockout);
    let [a, b, c, d, e] = ["A", "B", "C", "D", "E"].map(|n| player(&mut t, n, "1d"));
    game(&mut t, 1, d, e, "1-0");
    game(&mut t, 2, a, d, "1-0");
    game(&mut t, 2, b, c, "1-0");
    game(&mut t, 3, a, b, "1-0");
    let s = standings(&t, 3, &criteria);
    let order: Vec<(PlayerId, u32)> = s.rows.iter().map(|r| (r.player, r.place)).collect();
    assert_eq!(order, [(a, 1), (b, 2), (c, 3), (d, 3), (e, 5)]);
}
