//! GoR: single games against the EGD's worked numbers, whole tournaments,
//! and the class and adjusted time of a tournament.

use super::*;
use crate::core::settings::{Overtime, TimeSystem};
use crate::core::standings::test_support::{bye, game, handicap_game, player};

/// Whether `actual` is `expected` to the third decimal, as worked out by hand.
fn close(actual: f64, expected: f64) -> bool {
    (actual - expected).abs() < 0.001
}

fn side(rating: f64, opponent: f64, colour: Colour, handicap: u8, score: f64) -> Side {
    Side {
        rating,
        opponent,
        colour,
        handicap,
        score,
    }
}

#[test]
fn an_even_win_against_a_player_a_grade_stronger() {
    // 2000 beats 2100, even game.
    // β(2100) − β(2000) = 7·ln(1300/1200) = 7 × 0.080043 = 0.560299;
    // Se = 1 / (1 + e^0.560299) = 1 / 2.751242 = 0.363478.
    // con(2000) = 6.5^1.6 = e^(1.6 × 1.871802) = 19.983031;
    // bonus(2000) = ln(1 + e^3.75) / 5 = ln(43.521082) / 5 = 0.754649.
    // Change = 19.983031 × (1 − 0.363478) + 0.754649 = 13.474282.
    let win = game_change(side(2000.0, 2100.0, Colour::Black, 0, 1.0));
    assert!(close(win, 13.474282), "{win}");
    // The loser: Se = 0.636522, con(2100) = 6^1.6 = 17.580936,
    // bonus(2100) = ln(1 + e^2.5) / 5 = 0.515778;
    // 17.580936 × (0 − 0.636522) + 0.515778 = −10.674870.
    let loss = game_change(side(2100.0, 2000.0, Colour::White, 0, 0.0));
    assert!(close(loss, -10.674870), "{loss}");
}

#[test]
fn a_strong_player_taking_many_stones_still_gets_a_number() {
    // 2950 + 850 for nine stones passes 3300, where β is undefined; a
    // file saying 200 stones counts as nine.
    for stones in [9, 200] {
        let change = game_change(side(2950.0, 2700.0, Colour::Black, stones, 1.0));
        assert!(change.is_finite() && change >= 0.0, "{stones}: {change}");
    }
}

#[test]
fn one_stone_of_handicap_is_worth_half_a_grade_to_black() {
    // 1500 (White) loses to 1400 (Black, handicap 1: no komi). Black
    // counts 100 × (1 − ½) = 50 higher, 1450.
    // β(1450) − β(1500) = 7·ln(1800/1850) = −0.191793;
    // Se(White) = 1 / (1 + e^−0.191793) = 0.547802.
    // con(1500) = 9^1.6 = 33.634735; bonus(1500) = ln(1 + e^10) / 5 = 2.000009.
    // Change = 33.634735 × (0 − 0.547802) + 2.000009 = −16.425158.
    let white = game_change(side(1500.0, 1400.0, Colour::White, 1, 0.0));
    assert!(close(white, -16.425158), "{white}");
    // Black: Se = 0.452198, con(1400) = 9.5^1.6 = 36.673957,
    // bonus(1400) = ln(1 + e^11.25) / 5 = 2.250003;
    // 36.673957 × 0.547802 + 2.250003 = 22.340061.
    let black = game_change(side(1400.0, 1500.0, Colour::Black, 1, 1.0));
    assert!(close(black, 22.340061), "{black}");
}

#[test]
fn nine_stones_lift_black_by_eight_and_a_half_grades() {
    // 1000 takes 9 stones from 1900 and wins: Black counts 1000 + 850 = 1850.
    // β(1900) − β(1850) = 7·ln(1450/1400) = 0.245639; Se = 0.438897.
    // con(1000) = 11.5^1.6 = 49.787067; bonus(1000) = ln(1 + e^16.25) / 5 = 3.250000.
    // Change = 49.787067 × 0.561103 + 3.25 = 31.185667.
    let black = game_change(side(1000.0, 1900.0, Colour::Black, 9, 1.0));
    assert!(close(black, 31.185667), "{black}");
    // White: Se = 0.561103, con(1900) = 7^1.6 = 22.498671,
    // bonus(1900) = ln(1 + e^5) / 5 = 1.001343;
    // 22.498671 × (0 − 0.561103) + 1.001343 = −11.622726.
    let white = game_change(side(1900.0, 1000.0, Colour::White, 9, 0.0));
    assert!(close(white, -11.622726), "{white}");
}

/// A tournament of `rounds` rounds with `basic_minutes` main time and
/// 15 stones in 5 minutes of Canadian overtime.
fn tournament(rounds: u32, basic_minutes: u32) -> Tournament {
    Tournament::new(Settings {
        number_of_rounds: rounds,
        time: canadian(basic_minutes, 15, 300),
        ..Settings::default()
    })
}

/// Registers a player of `rank` with a GoR of `gor` from the EGD list.
fn rated(t: &mut Tournament, name: &str, rank: &str, gor: i32) -> PlayerId {
    let id = player(t, name, rank);
    let mut p = t.player(id).cloned().expect("just registered");
    p.rating = Rating::new(gor);
    p.rating_origin = "EGF".into();
    t.update_player(p).expect("a registered player");
    id
}

/// Registers a player of `rank` whose rating OpenGotha initialised from it.
fn unrated(t: &mut Tournament, name: &str, rank: &str) -> PlayerId {
    let id = player(t, name, rank);
    let mut p = t.player(id).cloned().expect("just registered");
    p.rating = Rating::of_rank(p.rank);
    p.rating_origin = "INI".into();
    t.update_player(p).expect("a registered player");
    id
}

fn everything(_: RoundNo) -> bool {
    true
}

#[test]
fn class_b_weighs_each_game_three_quarters() {
    // 40 min + 15 stones/5 min: bt 2400, TA 3600 → class B, weight ¾.
    let mut t = tournament(1, 40);
    let strong = rated(&mut t, "Strong", "1d", 2100);
    let weak = rated(&mut t, "Weak", "1k", 2000);
    game(&mut t, 1, strong, weak, "0-1");
    let preview = preview(&t, everything).expect("class B is rated");
    assert_eq!(preview.class, EgfClass::B);
    // 2000 + ¾ × 13.474282 = 2000 + 10.105712 = 2010.1 → 2010.
    let w = preview.of(weak).expect("listed");
    assert!(close(w.games[0].change, 10.105712));
    assert_eq!((w.before, w.after, w.change()), (2000, 2010, 10));
    // 2100 − ¾ × 10.674870 = 2100 − 8.006152 = 2091.99 → 2092.
    let s = preview.of(strong).expect("listed");
    assert_eq!((s.before, s.after, s.change()), (2100, 2092, -8));
}

#[test]
fn players_without_a_rating_start_from_their_grade() {
    // 60 min + 15/5 min: class A. A 5k and a 3k, both rated from their
    // rank (1600 and 1800), play jigo.
    let mut t = tournament(1, 60);
    let five = unrated(&mut t, "Five", "5k");
    let three = unrated(&mut t, "Three", "3k");
    // A rating the player never had: the bottom of the scale, no origin.
    let mut p = t.player(three).cloned().expect("registered");
    (p.rating, p.rating_origin) = (Rating::new(Rating::MIN), String::new());
    t.update_player(p).expect("registered");
    game(&mut t, 1, five, three, "=");
    let preview = preview(&t, everything).expect("class A is rated");
    // 5k: β(1800) − β(1600) = 7·ln(1700/1500) = 0.876142, Se = 0.293978;
    // con(1600) = 8.5^1.6 = 30.695187, bonus(1600) = 1.750032;
    // 30.695187 × (½ − 0.293978) + 1.750032 = 8.073919 → 1608.
    let f = preview.of(five).expect("listed");
    assert!(f.from_rank);
    assert!(close(f.games[0].change, 8.073919));
    assert_eq!((f.before, f.after), (1600, 1608));
    // 3k: Se = 0.706022, con(1800) = 7.5^1.6 = 25.124534, bonus(1800) = 1.250386;
    // 25.124534 × (½ − 0.706022) + 1.250386 = −3.925824 → 1796.
    let th = preview.of(three).expect("listed");
    assert!(th.from_rank);
    assert_eq!((th.before, th.after), (1800, 1796));
}

#[test]
fn a_tournament_rates_every_game_from_the_ratings_before_it() {
    let mut t = tournament(2, 60);
    let me = rated(&mut t, "Me", "1k", 2000);
    let strong = rated(&mut t, "Strong", "1d", 2100);
    let near = rated(&mut t, "Near", "2k", 1900);
    game(&mut t, 1, strong, me, "0-1");
    game(&mut t, 2, near, me, "1-0");
    let preview = preview(&t, everything).expect("class A");
    let p = preview.of(me).expect("listed");
    // Round 2 from 2000, not from 2013.47: Se against 1900 =
    // 1 / (1 + e^(7·ln(1300/1400))) = 0.626857;
    // 19.983031 × (0 − 0.626857) + 0.754649 = −11.771850.
    assert!(close(p.games[1].change, -11.771850));
    // 2000 + 13.474282 − 11.771850 = 2001.70 → 2002.
    assert_eq!((p.after, p.change()), (2002, 2));
    assert_eq!(p.in_round(RoundNo::FIRST), Some(p.games[0].change));
}

#[test]
fn only_games_played_to_a_result_count() {
    let mut t = tournament(5, 60);
    let [a, b, c, d] = ["A", "B", "C", "D"].map(|n| rated(&mut t, n, "1d", 2100));
    game(&mut t, 1, a, b, "1-0!");
    game(&mut t, 1, c, d, "?");
    game(&mut t, 2, a, c, "0-0");
    game(&mut t, 2, b, d, "1-1");
    bye(&mut t, 3, a);
    game(&mut t, 4, a, d, "1-0");
    let preview = preview(&t, |r| r.get() <= 3).expect("class A");
    for id in [a, b, c, d] {
        let p = preview.of(id).expect("listed");
        assert!(p.games.is_empty());
        assert_eq!((p.before, p.after), (2100, 2100));
    }
    // Round 4 counts once the caller lets it: an even game between equals,
    // Se = ½, con(2100) × ½ + bonus(2100) = 8.790468 + 0.515778 → 2109.
    let all = super::preview(&t, everything).expect("class A");
    assert_eq!(all.of(a).expect("listed").after, 2109);
}

#[test]
fn the_handicap_of_a_game_goes_to_its_black_player() {
    let mut t = tournament(1, 60);
    let white = rated(&mut t, "White", "4k", 1500);
    let black = rated(&mut t, "Black", "5k", 1400);
    handicap_game(&mut t, 1, white, black, 1, "0-1");
    let preview = preview(&t, everything).expect("class A");
    // As worked out above: 1400 + 22.340061 → 1422; 1500 − 16.425158 → 1484.
    assert_eq!(preview.of(black).expect("listed").after, 1422);
    assert_eq!(preview.of(white).expect("listed").after, 1484);
}

#[test]
fn ratings_stop_at_the_bottom_of_the_scale() {
    let mut t = tournament(1, 60);
    let bottom = rated(&mut t, "Bottom", "30k", -900);
    let other = rated(&mut t, "Other", "29k", -800);
    game(&mut t, 1, other, bottom, "1-0");
    let preview = preview(&t, everything).expect("class A");
    // −900 loses to −800: Se = 0.457929, con(−900) = 21^1.6 = 130.482080,
    // bonus(−900) = 8; 130.482080 × (0 − 0.457929) + 8 = −51.75 → −951, kept at −900.
    assert_eq!(preview.of(bottom).expect("listed").after, -900);
    // −800 + 65.241590 → −735.
    assert_eq!(preview.of(other).expect("listed").after, -735);
}

#[test]
fn class_x_tournaments_are_not_rated() {
    // 20 min sudden death: below class C.
    let mut t = tournament(1, 20);
    let mut s = t.settings().clone();
    s.time.overtime = Overtime::SuddenDeath;
    t.set_settings(s);
    assert_eq!(preview(&t, everything), None);
}

#[test]
fn grades_stand_for_the_egd_ratings() {
    assert_eq!(gor_of_rank(Rank::Kyu(30)), -900);
    assert_eq!(gor_of_rank(Rank::Kyu(1)), 2000);
    assert_eq!(gor_of_rank(Rank::Dan(1)), 2100);
    assert_eq!(gor_of_rank(Rank::Dan(7)), 2700);
    assert_eq!(gor_of_rank(Rank::Pro(1)), 2700);
    assert_eq!(gor_of_rank(Rank::Pro(9)), 2940);
}

fn settings(internet: bool, time: TimeSystem) -> Settings {
    let mut s = Settings {
        time,
        ..Settings::default()
    };
    s.general.internet = internet;
    s
}

fn byo_yomi(basic_minutes: u32, seconds: u32) -> TimeSystem {
    TimeSystem {
        basic_minutes,
        overtime: Overtime::StandardByoYomi,
        std_byo_yomi_seconds: seconds,
        ..TimeSystem::default()
    }
}

fn canadian(basic_minutes: u32, moves: u32, seconds: u32) -> TimeSystem {
    TimeSystem {
        basic_minutes,
        overtime: Overtime::CanadianByoYomi,
        canadian_moves: moves,
        canadian_seconds: seconds,
        ..TimeSystem::default()
    }
}

fn fischer(basic_minutes: u32, seconds: u32) -> TimeSystem {
    TimeSystem {
        basic_minutes,
        overtime: Overtime::Fischer,
        fischer_seconds: seconds,
        ..TimeSystem::default()
    }
}

fn sudden_death(basic_minutes: u32) -> TimeSystem {
    TimeSystem {
        basic_minutes,
        overtime: Overtime::SuddenDeath,
        ..TimeSystem::default()
    }
}

#[test]
fn adjusted_minutes_round_down_as_opengotha_does() {
    let minutes = |t| adjusted_minutes(&settings(false, t));
    // 3600 + 45×30 = 4950 s = 82.5 min → 82.
    assert_eq!(minutes(byo_yomi(60, 30)), 82);
    // 3600 + 60×300/15 = 4800 s → 80.
    assert_eq!(minutes(canadian(60, 15, 300)), 80);
    // 2400 + 6000/7 = 2400 + 857 (integer division) = 3257 s = 54.28 → 54.
    assert_eq!(minutes(canadian(40, 7, 100)), 54);
    // 2700 + 120×15 = 4500 s → 75.
    assert_eq!(minutes(fischer(45, 15)), 75);
    assert_eq!(minutes(sudden_death(50)), 50);
    // No stones a period would divide by zero; it counts as one stone.
    assert_eq!(minutes(canadian(40, 0, 60)), 100);
}

#[test]
fn classes_follow_opengotha_thresholds() {
    let class = |t| egf_class(&settings(false, t)).letter();
    // A needs bt ≥ 3600 and TA ≥ 4500: 60 min + 15/5 min gives 4800.
    assert_eq!(class(canadian(60, 15, 300)), 'A');
    // 60 min sudden death: bt 3600 but TA 3600 < 4500 → B.
    assert_eq!(class(sudden_death(60)), 'B');
    // 59 min + 30 s byo-yomi: bt 3540 < 3600 → B.
    assert_eq!(class(byo_yomi(59, 30)), 'B');
    // 25 min + 10 s byo-yomi: bt 1500, TA 1950 ≥ 1800 → C.
    assert_eq!(class(byo_yomi(25, 10)), 'C');
    // 25 min sudden death: TA 1500 < 1800 → X.
    assert_eq!(class(sudden_death(25)), 'X');
    // Fischer A: bt 2700, TA 2700 + 1800 = 4500.
    assert_eq!(class(fischer(45, 15)), 'A');
    // Fischer 45 min + 14 s: TA 4380 < 4500, bt ≥ 1800 and TA ≥ 3000 → B.
    assert_eq!(class(fischer(45, 14)), 'B');
    // Fischer C: bt 1200, TA 1200 + 600 = 1800.
    assert_eq!(class(fischer(20, 5)), 'C');
    assert_eq!(class(fischer(19, 30)), 'X');
}

#[test]
fn internet_tournaments_are_class_d_or_x() {
    let class = |t| egf_class(&settings(true, t)).letter();
    // The class A times on the internet are still D.
    assert_eq!(class(canadian(90, 15, 300)), 'D');
    // Byo-yomi D needs bt ≥ 2400: 39 min fails though TA is large.
    assert_eq!(class(canadian(39, 5, 300)), 'X');
    // Fischer D: bt 1800, TA 1800 + 1200 = 3000.
    assert_eq!(class(fischer(30, 10)), 'D');
    assert_eq!(class(fischer(30, 9)), 'X');
}

#[test]
fn class_weights_are_the_egd_ones() {
    assert_eq!(EgfClass::A.weight(), Some(1.0));
    assert_eq!(EgfClass::B.weight(), Some(0.75));
    assert_eq!(EgfClass::C.weight(), Some(0.5));
    assert_eq!(EgfClass::D.weight(), Some(0.25));
    assert_eq!(EgfClass::X.weight(), None);
    assert_eq!(EgfClass::X.to_string(), "X");
}
