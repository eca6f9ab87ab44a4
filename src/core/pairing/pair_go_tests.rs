use super::*;
use Colour::{Black, White};
use Seat::{Man, Woman};

fn order(handicap: u8) -> Vec<(Colour, Seat)> {
    (1..=8).map(|m| player_to_move(m, handicap)).collect()
}

#[test]
fn even_and_one_stone_pair_go_starts_with_the_black_woman() {
    let correct = vec![
        (Black, Woman),
        (White, Woman),
        (Black, Man),
        (White, Man),
        (Black, Woman),
        (White, Woman),
        (Black, Man),
        (White, Man),
    ];
    assert_eq!(order(0), correct);
    assert_eq!(order(1), correct);
}

#[test]
fn handicap_pair_go_starts_with_the_white_woman_then_the_black_man() {
    let correct = vec![
        (White, Woman),
        (Black, Man),
        (White, Man),
        (Black, Woman),
        (White, Woman),
        (Black, Man),
        (White, Man),
        (Black, Woman),
    ];
    assert_eq!(order(2), correct);
    assert_eq!(order(9), correct);
}

#[test]
fn rengo_of_three_members_take_turns_within_each_side() {
    let even: Vec<_> = (1..=12).map(|m| member_to_move(m, 0, 3)).collect();
    let b = |k| (Black, k);
    let w = |k| (White, k);
    assert_eq!(
        even,
        vec![
            b(0),
            w(0),
            b(1),
            w(1),
            b(2),
            w(2),
            b(0),
            w(0),
            b(1),
            w(1),
            b(2),
            w(2)
        ]
    );
    let handicap: Vec<_> = (1..=6).map(|m| member_to_move(m, 4, 3)).collect();
    assert_eq!(handicap, vec![w(0), b(1), w(1), b(2), w(2), b(0)]);
}

#[test]
fn the_player_to_move_comes_from_each_sides_own_order() {
    let black = Side::new(vec![PlayerId(1), PlayerId(2)]).unwrap();
    let white = Side::new(vec![PlayerId(3), PlayerId(4), PlayerId(5)]).unwrap();
    let movers: Vec<u32> = (1..=8)
        .map(|m| side_to_move(&black, &white, m, 0).0)
        .collect();
    assert_eq!(movers, vec![1, 3, 2, 4, 1, 5, 2, 3]);
    assert_eq!(black.members(), &[PlayerId(1), PlayerId(2)]);
}

#[test]
fn sides_of_one_or_four_or_with_a_member_twice_are_refused() {
    assert_eq!(Side::new(vec![PlayerId(1)]), Err(PairGoError::SideSize(1)));
    let four = (1..=4).map(PlayerId).collect();
    assert_eq!(Side::new(four), Err(PairGoError::SideSize(4)));
    let twice = vec![PlayerId(1), PlayerId(2), PlayerId(1)];
    assert_eq!(Side::new(twice), Err(PairGoError::MemberTwice(PlayerId(1))));
    let r = Rating::new(2000);
    assert_eq!(pair_game(&[r], &[r, r]), Err(PairGoError::SideSize(1)));
}

fn ratings(gor: &[i32]) -> Vec<Rating> {
    gor.iter().map(|&g| Rating::new(g)).collect()
}

#[test]
fn equal_average_ratings_give_an_even_game_with_komi_six_to_white_and_ties_to_white() {
    let game = pair_game(&ratings(&[2200, 1800]), &ratings(&[2100, 1900])).unwrap();
    let even = PairGame {
        black: BlackSide::Nigiri,
        handicap: 0,
        komi: HalfPoints::from_points(6),
        tie_rule: TieRule::WhiteWins,
    };
    assert_eq!(game, even);
}

#[test]
fn the_pair_handicap_rounds_the_average_difference_up() {
    let handicap = |a: &[i32], b: &[i32]| {
        let game = pair_game(&ratings(a), &ratings(b)).unwrap();
        (game.black, game.handicap, game.komi)
    };
    let zero = HalfPoints::ZERO;
    // Averages 2000 and 1800: exactly two stones, the second side weaker.
    assert_eq!(
        handicap(&[2100, 1900], &[1800, 1800]),
        (BlackSide::Second, 2, zero)
    );
    // Averages 2000 and 1850: 1.5 stones, rounded up to 2.
    assert_eq!(
        handicap(&[2000, 2000], &[1900, 1800]),
        (BlackSide::Second, 2, zero)
    );
    // Averages 1950 and 2000: half a stone, rounded up to 1 (no stones, no komi).
    assert_eq!(
        handicap(&[2000, 1900], &[2000, 2000]),
        (BlackSide::First, 1, zero)
    );
    // Rengo averages 2000 and 1733⅓: 2.67 stones, rounded up to 3.
    assert_eq!(
        handicap(&[2000, 2000], &[1700, 1700, 1800]),
        (BlackSide::Second, 3, zero)
    );
    // Never more than nine stones.
    assert_eq!(
        handicap(&[2700, 2700], &[100, 100]),
        (BlackSide::Second, 9, zero)
    );
}

fn claim(immediately: bool, intentional: bool, previous_move_in_order: bool) -> OrderRuling {
    order_ruling(OrderClaim {
        immediately,
        intentional,
        previous_move_in_order,
    })
}

#[test]
fn an_unintentional_order_error_after_a_move_in_order_costs_three_points() {
    assert_eq!(
        claim(true, false, true),
        OrderRuling::Penalty(HalfPoints::from_points(3))
    );
}

#[test]
fn an_unintentional_order_error_after_a_move_out_of_order_costs_nothing() {
    assert_eq!(claim(true, false, false), OrderRuling::NoPenalty);
}

#[test]
fn an_intentional_order_error_ends_the_game_as_a_loss() {
    assert_eq!(claim(true, true, true), OrderRuling::GameLost);
    assert_eq!(claim(true, true, false), OrderRuling::GameLost);
}

#[test]
fn an_order_error_claimed_too_late_is_not_ruled_on() {
    assert_eq!(claim(false, true, true), OrderRuling::TooLate);
    assert_eq!(claim(false, false, true), OrderRuling::TooLate);
}
