//! Scores and each player's own criteria on small hand-made tournaments.

use super::test_support::{
    absent, bye, game, handicap_game, last, player, points, round_robin, tournament, value,
    with_settings,
};
use super::{scores, standings};
use crate::core::settings::System;
use crate::core::standings::Criterion;
use crate::core::units::HalfPoints;

#[test]
fn start_mms_is_the_rank_between_floor_and_bar_counted_from_30k() {
    let mut t = tournament(3, &[Criterion::Mms]);
    let strong = player(&mut t, "Strong", "6d");
    let weak = player(&mut t, "Weak", "25k");
    let middle = player(&mut t, "Middle", "5k");
    let before = scores(&t, 0);
    assert_eq!(before.mms(strong), points(33), "4d bar");
    assert_eq!(before.mms(weak), points(10), "20k floor");
    assert_eq!(before.mms(middle), points(25));
    assert_eq!(before.nbw(middle), points(0));
}

#[test]
fn byes_and_absences_score_as_the_settings_say_and_half_points_are_rounded_down() {
    let mut t = tournament(3, &[Criterion::Mms]);
    with_settings(&mut t, |s| {
        s.unplayed.mms_bye = HalfPoints::ONE;
        s.unplayed.nbw_bye = HalfPoints::ONE;
        s.unplayed.mms_absent = HalfPoints::HALF;
    });
    let [a, b, c] = ["A", "B", "C"].map(|n| player(&mut t, n, "1d"));
    absent(&mut t, 1, a);
    absent(&mut t, 2, a);
    game(&mut t, 1, b, c, "1-0");
    bye(&mut t, 2, c);
    game(&mut t, 3, a, b, "1-0");
    bye(&mut t, 3, c);
    let sheet = scores(&t, 3);
    let mms = |p| {
        sheet
            .history(p)
            .unwrap()
            .iter()
            .map(|s| s.mms.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        mms(a),
        ["30", "31", "32"],
        "two half-point absences make one point"
    );
    assert_eq!(mms(c), ["30", "31", "32"]);
    assert_eq!(sheet.nbw(c), points(2));
    assert_eq!(sheet.nbw(a), points(1), "absence gives no NBW here");
    with_settings(&mut t, |s| s.unplayed.round_down = false);
    let sheet = scores(&t, 3);
    let a_mms: Vec<String> = sheet
        .history(a)
        .unwrap()
        .iter()
        .map(|s| s.mms.to_string())
        .collect();
    assert_eq!(a_mms, ["30.5", "31", "32"]);
}

#[test]
fn jigo_gives_half_a_point_both_lose_nothing_and_both_win_a_point_each() {
    let mut t = tournament(3, &[Criterion::Mms, Criterion::Nbw]);
    let [a, b] = ["A", "B"].map(|n| player(&mut t, n, "1d"));
    game(&mut t, 1, a, b, "=");
    game(&mut t, 2, a, b, "0-0");
    game(&mut t, 3, b, a, "1-1");
    assert_eq!(
        value(&t, 1, &[Criterion::Mms, Criterion::Nbw], a),
        ["30.5", "0.5"]
    );
    assert_eq!(
        value(&t, 2, &[Criterion::Mms, Criterion::Nbw], b),
        ["30.5", "0.5"]
    );
    assert_eq!(
        value(&t, 3, &[Criterion::Mms, Criterion::Nbw], b),
        ["31.5", "1.5"]
    );
}

#[test]
fn a_forfeit_counts_in_scores_but_not_in_direct_confrontation() {
    let mut t = tournament(2, &[Criterion::Nbw, Criterion::Dc]);
    let [a, b] = ["A", "B"].map(|n| player(&mut t, n, "1d"));
    game(&mut t, 1, a, b, "1-0!");
    game(&mut t, 2, a, b, "0-1");
    let criteria = [Criterion::Nbw, Criterion::Dc, Criterion::Sdc];
    assert_eq!(value(&t, 2, &criteria, a), ["1", "0", "0"]);
    assert_eq!(value(&t, 2, &criteria, b), ["1", "1", "1"]);
    let s = standings(&t, 2, &criteria);
    assert_eq!(
        s.rows
            .iter()
            .map(|r| (r.player, r.place))
            .collect::<Vec<_>>(),
        [(b, 1), (a, 2)]
    );
}

#[test]
fn sosm_moves_the_opponents_mms_by_the_handicap() {
    let mut t = tournament(1, &[Criterion::Mms, Criterion::Sosm]);
    let strong = player(&mut t, "Strong", "1d");
    let weak = player(&mut t, "Weak", "5k");
    handicap_game(&mut t, 1, strong, weak, 4, "1-0");
    assert_eq!(
        last(&t, 1, Criterion::Sosm, strong),
        "29",
        "25 + 4 for White"
    );
    assert_eq!(last(&t, 1, Criterion::Sosm, weak), "27", "31 − 4 for Black");
}

#[test]
fn a_round_without_a_game_adds_own_start_mms_to_sosm_and_nothing_to_sosw() {
    let mut t = tournament(1, &[Criterion::Mms]);
    let a = player(&mut t, "A", "1d");
    player(&mut t, "B", "1d");
    bye(&mut t, 1, a);
    assert_eq!(last(&t, 1, Criterion::Sosm, a), "30");
    assert_eq!(last(&t, 1, Criterion::Sosw, a), "0");
}

#[test]
fn sos_minus_one_and_two_drop_the_lowest_opponents() {
    let criteria = [
        Criterion::Sosw,
        Criterion::SoswMinus1,
        Criterion::SoswMinus2,
    ];
    let (t, [a, _, _, d]) = round_robin(&criteria);
    assert_eq!(value(&t, 3, &criteria, a), ["3", "3", "2"]);
    assert_eq!(value(&t, 3, &criteria, d), ["6", "5", "3"]);
}

#[test]
fn sosm_minus_one_reads_zero_after_two_rounds_as_in_opengotha() {
    let criteria = [
        Criterion::Sosm,
        Criterion::SosmMinus1,
        Criterion::SosmMinus2,
    ];
    let (t, [a, ..]) = round_robin(&criteria);
    assert_eq!(value(&t, 2, &criteria, a), ["62", "0", "0"]);
    assert_eq!(value(&t, 3, &criteria, a), ["93", "63", "32"]);
}

#[test]
fn sodos_weighs_each_opponent_by_the_points_won_against_them() {
    let mut t = tournament(2, &[Criterion::Nbw]);
    let [a, b, c, d] = ["A", "B", "C", "D"].map(|n| player(&mut t, n, "1d"));
    game(&mut t, 1, a, b, "=");
    game(&mut t, 1, c, d, "1-0");
    game(&mut t, 2, a, c, "1-0");
    game(&mut t, 2, b, d, "1-0");
    assert_eq!(
        last(&t, 2, Criterion::Sodosw, a),
        "1.75",
        "B 1.5 × ½ + C 1 × 1"
    );
    assert_eq!(last(&t, 2, Criterion::Sodosm, d), "0");
}

#[test]
fn sosos_sums_opponents_sos_and_start_mms_per_round_when_unpaired() {
    let (t, [a, ..]) = round_robin(&[Criterion::Nbw]);
    assert_eq!(
        last(&t, 3, Criterion::Sososw, a),
        "15",
        "SOSW of B 4, C 5, D 6"
    );
    let mut t = tournament(2, &[Criterion::Mms]);
    let [a, b] = ["A", "B"].map(|n| player(&mut t, n, "1d"));
    bye(&mut t, 1, a);
    game(&mut t, 2, a, b, "1-0");
    assert_eq!(
        last(&t, 2, Criterion::Sososm, a),
        "121",
        "30 × 2 for the bye + SOSM of B (30 + 31)"
    );
}

#[test]
fn cuss_adds_the_score_after_every_round() {
    let criteria = [Criterion::Cussw, Criterion::Cussm];
    let (t, [a, ..]) = round_robin(&criteria);
    assert_eq!(value(&t, 3, &criteria, a), ["6", "96"]);
}

#[test]
fn cup_score_makes_an_early_win_outweigh_later_ones() {
    let mut t = tournament(2, &[Criterion::Cps]);
    let [a, b] = ["A", "B"].map(|n| player(&mut t, n, "1d"));
    game(&mut t, 1, a, b, "1-0");
    game(&mut t, 2, a, b, "0-1");
    assert_eq!(last(&t, 2, Criterion::Cps, a), "2");
    assert_eq!(last(&t, 2, Criterion::Cps, b), "1");
}

#[test]
fn strasbourg_score_rewards_a_top_group_player_unbeaten_into_the_last_rounds() {
    let mut t = tournament(4, &[Criterion::Sts]);
    let a = player(&mut t, "A", "5d");
    let others = ["B", "C", "D", "E"].map(|n| player(&mut t, n, "1d"));
    for (r, o) in others.iter().enumerate() {
        game(
            &mut t,
            r as u32 + 1,
            a,
            *o,
            if r < 3 { "1-0" } else { "0-1" },
        );
    }
    assert_eq!(last(&t, 1, Criterion::Sts, a), "34");
    assert_eq!(
        last(&t, 2, Criterion::Sts, a),
        "37",
        "35 + 2 from the quarter-final"
    );
    assert_eq!(last(&t, 4, Criterion::Sts, a), "40", "36 + 2 + 2");
    assert_eq!(
        last(&t, 4, Criterion::Sosts, others[0]),
        "130",
        "A's 40 + 3 unpaired rounds × 30"
    );
}

#[test]
fn exploits_count_games_with_fewer_stones_than_the_rank_difference() {
    let criteria = [Criterion::Ext, Criterion::Exr];
    let mut t = tournament(2, &[Criterion::Cat, Criterion::Nbw]);
    let weak = player(&mut t, "Weak", "5k");
    let strong = player(&mut t, "Strong", "1k");
    let weakest = player(&mut t, "Weakest", "10k");
    handicap_game(&mut t, 1, strong, weak, 2, "0-1");
    game(&mut t, 2, strong, weakest, "1-0");
    assert_eq!(
        value(&t, 2, &criteria, weak),
        ["3", "3"],
        "two stones short of four: × 3"
    );
    assert_eq!(value(&t, 2, &criteria, strong), ["0", "0"]);
    assert_eq!(
        value(&t, 2, &criteria, weakest),
        ["3", "0"],
        "lost: attempted only"
    );
}

#[test]
fn virtual_scores_count_unplayed_rounds_as_half_points() {
    let mut t = tournament(2, &[Criterion::Nbw]);
    let [a, b] = ["A", "B"].map(|n| player(&mut t, n, "1d"));
    game(&mut t, 1, a, b, "1-0");
    bye(&mut t, 2, a);
    assert_eq!(last(&t, 2, Criterion::Sosw, b), "1");
    with_settings(&mut t, |s| s.count_unplayed_as_half_point = true);
    assert_eq!(last(&t, 2, Criterion::Sosw, b), "1.5");
}

#[test]
fn rfg_sos_counts_own_start_mms_for_a_forfeit() {
    // RFG App. 9 §5.1: the opponent's no-show adds the player's own start MMS.
    let mut t = tournament(1, &[Criterion::Mms]);
    let a = player(&mut t, "A", "1d");
    let b = player(&mut t, "B", "5k");
    game(&mut t, 1, a, b, "1-0!");
    assert_eq!(last(&t, 1, Criterion::SosRfg, a), "30");
    assert_eq!(
        last(&t, 1, Criterion::Sosm, a),
        "25",
        "OpenGotha counts the opponent"
    );
    with_settings(&mut t, |s| s.system = System::Swiss);
    assert_eq!(last(&t, 1, Criterion::SosRfg, a), "0");
}

#[test]
fn rfg_sos_minus_one_drops_the_lowest_term_virtual_ones_included() {
    let criteria = [
        Criterion::SosRfg,
        Criterion::SosRfgMinus1,
        Criterion::SosRfgMinus2,
    ];
    let (t, [a, ..]) = round_robin(&[Criterion::Nbw]);
    assert_eq!(value(&t, 3, &criteria, a), ["3", "3", "2"]);
}

#[test]
fn ukrainian_buchholz_scores_a_withdrawn_opponent_as_their_score_group() {
    // Ukrainian rules III.3.1 and II.5: W withdrew after round 1 on 1 point,
    // with Y and P, who finish on 3 and 2: W counts 2.5.
    let mut t = tournament(3, &[Criterion::Nbw]);
    let [w, x, y, z, p, q] = ["W", "X", "Y", "Z", "P", "Q"].map(|n| player(&mut t, n, "1d"));
    game(&mut t, 1, w, x, "1-0");
    game(&mut t, 1, y, z, "1-0");
    game(&mut t, 1, p, q, "1-0");
    absent(&mut t, 2, w);
    absent(&mut t, 3, w);
    game(&mut t, 2, y, p, "1-0");
    game(&mut t, 2, x, q, "1-0");
    bye(&mut t, 2, z);
    game(&mut t, 3, y, x, "1-0");
    game(&mut t, 3, p, z, "1-0");
    bye(&mut t, 3, q);
    assert_eq!(last(&t, 3, Criterion::BuchholzUa, x), "5.5");
    assert_eq!(last(&t, 3, Criterion::Sosw, x), "4");
    assert_eq!(
        last(&t, 3, Criterion::BuchholzUa, y),
        "3",
        "Z 0 + P 2 + X 1, none withdrew"
    );
}
