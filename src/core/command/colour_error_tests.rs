//! Colour and handicap errors noticed late (EGF GTR "Colour or handicap
//! error", RFG 22.1): the game recorded as played, and what that leaves for
//! later rounds, results and the rating export.

use super::team_tests::organiser;
use super::tests::{cup, draft, pair_next, referee};
use super::*;

/// EGF GTR "Colour or handicap error", RFG 22.1: noticed after the third
/// move, the game goes on and is recorded as played; later colour balances
/// read what was played, and the winner stays the winner.
#[test]
fn a_colour_error_noticed_late_is_recorded_as_played_and_the_colour_balance_reads_it() {
    use crate::core::discipline::GameRef;
    use crate::core::pairing::colours::wb_balance;
    use crate::core::round::{GameResult, ResultOrigin};
    let mut state = cup(0);
    for name in ["Ann", "Bob", "Cid", "Dan"] {
        let command = Command::Register {
            draft: draft(name, "2d"),
            confirm_duplicate: false,
        };
        apply(&mut state, command, &organiser()).unwrap();
    }
    let round = pair_next(&mut state);
    let paired = state.doc.games()[0].clone();
    assert_eq!(paired.handicap, 0);
    state
        .doc
        .set_result(
            round,
            paired.board,
            GameResult::WhiteWins,
            ResultOrigin::Played,
        )
        .unwrap();
    let paired = state.doc.games()[0].clone();
    let game = GameRef {
        round,
        board: paired.board,
    };
    let played_as = |restart, colours_swapped, handicap| Command::LogAct {
        act: Act::PlayedAs {
            game,
            restart,
            colours_swapped,
            handicap,
        },
        replace: false,
    };
    // Noticed before the third move: the game restarts as paired.
    apply(&mut state, played_as(true, false, None), &referee()).unwrap();
    assert_eq!(state.doc.games()[0], paired);
    // Nothing said about what was played: refused.
    assert!(apply(&mut state, played_as(false, false, None), &referee()).is_err());

    apply(&mut state, played_as(false, true, None), &referee()).unwrap();
    let recorded = state.doc.game_on(round, paired.board).unwrap();
    assert_eq!(
        (recorded.white, recorded.black),
        (paired.black, paired.white)
    );
    assert_eq!(
        recorded.result,
        GameResult::BlackWins,
        "the winner stays the winner"
    );
    let next = RoundNo::new(2).unwrap();
    assert_eq!(wb_balance(&state.doc, next, paired.white), -1);
    assert_eq!(wb_balance(&state.doc, next, paired.black), 1);
    assert_eq!(state.book.log.entries().len(), 2);
}

/// A swap under a result ruled by colour would hand that ruling to the
/// other player: it is refused until the result is corrected.
#[test]
fn colours_are_not_swapped_under_a_corrected_result() {
    use crate::core::discipline::{GameRef, Reason};
    use crate::core::round::{GameResult, ResultOrigin};
    let mut state = cup(4);
    let round = pair_next(&mut state);
    let game = GameRef {
        round,
        board: state.doc.games()[0].board,
    };
    let correction = Act::Correction {
        game,
        result: GameResult::WhiteWins,
        origin: ResultOrigin::Played,
        method: None,
        reason: Reason::new("slip misread").unwrap(),
    };
    apply(
        &mut state,
        Command::LogAct {
            act: correction,
            replace: false,
        },
        &referee(),
    )
    .unwrap();
    let swap = Act::PlayedAs {
        game,
        restart: false,
        colours_swapped: true,
        handicap: Some(2),
    };
    let refused = apply(
        &mut state,
        Command::LogAct {
            act: swap,
            replace: false,
        },
        &referee(),
    )
    .unwrap_err();
    assert!(matches!(
        refused,
        Refusal::Discipline(crate::core::discipline::DisciplineError::ColoursUnderRuling { .. })
    ));
}

/// EGF GTR "Colour or handicap error": a handicap error noticed late
/// records the stones actually placed, which the rating export reads from
/// the game; more than nine is refused.
#[test]
fn a_handicap_error_noticed_late_records_the_stones_placed() {
    use crate::core::discipline::{DisciplineError, GameRef};
    let mut state = cup(4);
    let round = pair_next(&mut state);
    let board = state.doc.games()[0].board;
    let placed = |stones| Command::LogAct {
        act: Act::PlayedAs {
            game: GameRef { round, board },
            restart: false,
            colours_swapped: false,
            handicap: Some(stones),
        },
        replace: false,
    };
    let refused = apply(&mut state, placed(12), &referee()).unwrap_err();
    assert_eq!(
        refused,
        Refusal::Discipline(DisciplineError::HandicapOutOfRange(12))
    );
    apply(&mut state, placed(3), &referee()).unwrap();
    assert_eq!(state.doc.game_on(round, board).unwrap().handicap, 3);
}
