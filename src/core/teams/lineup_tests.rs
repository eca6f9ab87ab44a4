//! Line-up checks, lateness and the round-1 fallback.

use super::lineup::*;
use crate::core::ids::{BoardNo, PlayerId};
use crate::core::rank::Rank;
use crate::core::rating::Rating;

fn board(n: u32) -> BoardNo {
    BoardNo::new(n).expect("boards count from 1")
}

fn member(id: u32, dan: u8) -> Member {
    let rank = Rank::Dan(dan);
    Member {
        player: PlayerId(id),
        rank,
        rating: Rating::of_rank(rank),
    }
}

/// Team 1: players 1–4 (4d, 3d, 2d, 1d) and reserves 5 (5d) and 6 (1d).
fn roster() -> TeamRoster {
    TeamRoster {
        number: 1,
        name: "Tengen".to_owned(),
        members: vec![
            member(1, 4),
            member(2, 3),
            member(3, 2),
            member(4, 1),
            member(5, 5),
            member(6, 1),
        ],
        captain: PlayerId(1),
        reserves: vec![PlayerId(5), PlayerId(6)],
    }
}

fn rules(reserves: u8, order: BoardOrder) -> LineUpRules {
    LineUpRules::new(4, reserves, order).expect("4 boards are allowed")
}

fn line_up(ids: [Option<u32>; 4]) -> LineUp {
    LineUp {
        boards: ids.iter().map(|id| id.map(PlayerId)).collect(),
    }
}

fn problems(rules: &LineUpRules, line_up: &LineUp) -> Vec<LineUpProblem> {
    check_line_up(&roster(), rules, line_up)
        .err()
        .unwrap_or_default()
}

#[test]
fn the_main_players_in_order_of_strength_pass_every_check() {
    let rules = rules(0, BoardOrder::FixedByStrength);
    let ok = line_up([Some(1), Some(2), Some(3), Some(4)]);
    assert_eq!(check_line_up(&roster(), &rules, &ok), Ok(()));
}

#[test]
fn another_teams_player_is_not_in_the_team() {
    let found = problems(
        &rules(0, BoardOrder::Free),
        &line_up([Some(1), Some(2), Some(77), Some(4)]),
    );
    let expected = LineUpProblem::NotInTeam {
        board: board(3),
        player: PlayerId(77),
    };
    assert_eq!(found, vec![expected]);
    assert_eq!(expected.article(), "RFG App. 4 §1.2");
}

#[test]
fn a_player_named_on_two_boards_is_reported_on_the_second() {
    let found = problems(
        &rules(0, BoardOrder::Free),
        &line_up([Some(1), Some(2), Some(1), Some(4)]),
    );
    assert_eq!(
        found,
        vec![LineUpProblem::SamePlayerTwice {
            player: PlayerId(1),
            first: board(1),
            again: board(3),
        }]
    );
}

#[test]
fn a_second_reserve_breaks_a_limit_of_one() {
    let rules = rules(1, BoardOrder::Free);
    let one = line_up([Some(1), Some(2), Some(3), Some(6)]);
    assert_eq!(check_line_up(&roster(), &rules, &one), Ok(()));
    let two = line_up([Some(1), Some(2), Some(5), Some(6)]);
    assert_eq!(
        problems(&rules, &two),
        vec![LineUpProblem::TooManyReserves {
            fielded: 2,
            allowed: 1,
        }]
    );
}

#[test]
fn a_weaker_player_above_a_stronger_one_is_refused_only_under_fixed_order() {
    let swapped = line_up([Some(2), Some(1), Some(3), Some(4)]);
    assert_eq!(
        problems(&rules(0, BoardOrder::FixedByStrength), &swapped),
        vec![LineUpProblem::WeakerAboveStronger {
            board: board(1),
            weaker: PlayerId(2),
            stronger: PlayerId(1),
        }]
    );
    assert_eq!(
        check_line_up(&roster(), &rules(0, BoardOrder::Free), &swapped),
        Ok(())
    );
}

#[test]
fn a_stronger_reserve_below_the_main_players_breaks_the_fixed_order() {
    let rules = rules(1, BoardOrder::FixedByStrength);
    let reserve_last = line_up([Some(1), Some(2), Some(3), Some(5)]);
    assert_eq!(
        problems(&rules, &reserve_last),
        vec![LineUpProblem::WeakerAboveStronger {
            board: board(3),
            weaker: PlayerId(3),
            stronger: PlayerId(5),
        }]
    );
}

#[test]
fn players_of_equal_strength_may_sit_in_either_order() {
    let rules = rules(1, BoardOrder::FixedByStrength);
    let ones = line_up([Some(1), Some(2), Some(6), Some(4)]);
    assert_eq!(check_line_up(&roster(), &rules, &ones), Ok(()));
}

#[test]
fn an_empty_board_is_reported_but_half_the_team_still_plays() {
    let found = problems(
        &rules(0, BoardOrder::Free),
        &line_up([Some(1), None, Some(3), Some(4)]),
    );
    assert_eq!(found, vec![LineUpProblem::EmptyBoard { board: board(2) }]);
    assert!(!found[0].loses_match());
}

#[test]
fn a_line_up_for_three_boards_in_a_four_board_event_has_the_wrong_count() {
    let short = LineUp {
        boards: vec![Some(PlayerId(1)), Some(PlayerId(2)), Some(PlayerId(3))],
    };
    assert_eq!(
        problems(&rules(0, BoardOrder::Free), &short),
        vec![LineUpProblem::WrongBoardCount {
            given: 3,
            expected: 4,
        }]
    );
}

#[test]
fn one_player_of_four_is_fewer_than_half_and_loses_the_match() {
    let found = problems(
        &rules(0, BoardOrder::Free),
        &line_up([Some(1), None, None, None]),
    );
    let too_few = LineUpProblem::TooFewPresent {
        present: 1,
        boards: 4,
    };
    assert!(found.contains(&too_few));
    assert!(too_few.loses_match());
    assert_eq!(too_few.article(), "RFG App. 4 §1.4");
    let two = problems(
        &rules(0, BoardOrder::Free),
        &line_up([Some(1), Some(2), None, None]),
    );
    assert!(two.iter().all(|p| !p.loses_match()));
}

#[test]
fn a_stranger_does_not_count_towards_half_the_team() {
    let found = problems(
        &rules(0, BoardOrder::Free),
        &line_up([Some(1), Some(88), Some(99), None]),
    );
    assert!(found.contains(&LineUpProblem::TooFewPresent {
        present: 1,
        boards: 4,
    }));
}

#[test]
fn board_counts_outside_two_to_ten_are_refused() {
    assert_eq!(LineUpRules::new(1, 0, BoardOrder::Free), None);
    assert_eq!(LineUpRules::new(11, 0, BoardOrder::Free), None);
    let ten = LineUpRules::new(10, 2, BoardOrder::Free).map(|r| (r.boards, r.deadline_minutes));
    assert_eq!(ten, Some((10, 15)));
}

#[test]
fn a_line_up_after_the_fifteen_minute_deadline_is_flagged_late() {
    let start = 10 * 60;
    assert_eq!(lateness(start - 20, start, 15), Timeliness::OnTime);
    assert_eq!(lateness(start - 15, start, 15), Timeliness::OnTime);
    assert_eq!(
        lateness(start - 14, start, 15),
        Timeliness::Late { minutes: 1 }
    );
    assert_eq!(
        lateness(start + 5, start, 15),
        Timeliness::Late { minutes: 20 }
    );
}

#[test]
fn without_a_submitted_line_up_the_round_one_line_up_is_used() {
    let first = line_up([Some(1), Some(2), Some(3), Some(4)]);
    let submitted = line_up([Some(2), Some(1), Some(3), Some(4)]);
    assert_eq!(
        effective_line_up(None, Some(&first)),
        Some(EffectiveLineUp::FirstRound(&first))
    );
    assert_eq!(
        effective_line_up(Some(&submitted), Some(&first)).map(EffectiveLineUp::line_up),
        Some(&submitted)
    );
    assert_eq!(effective_line_up(None, None), None);
}
