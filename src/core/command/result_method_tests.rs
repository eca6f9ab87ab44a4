//! How a game ended, as the result sheet says it: margins, resignations
//! and losses on time (GTR "Results", "Resignation", "Loss on time";
//! RFG 11.3; Ukrainian rules on byo-yomi).

use super::tests::{cup, pair_next, referee};
use super::*;
use crate::core::round::Method;
use crate::core::settings::Overtime;
use crate::core::units::HalfPoints;
use crate::core::{GameResult, ResultOrigin, TournamentError, results};

fn enter(round: RoundNo, code: &str) -> Command {
    let (result, origin, method) = results::parse_entry_code(code).unwrap();
    Command::EnterResults {
        round,
        entries: vec![ResultEntry {
            board: BoardNo::new(1).unwrap(),
            result,
            origin,
            method,
            seen: None,
        }],
        replace: true,
    }
}

fn method_refusal(state: &mut State, round: RoundNo, code: &str) -> TournamentError {
    match apply(state, enter(round, code), &referee()) {
        Err(Refusal::Results(problems)) => match problems.as_slice() {
            [ResultProblem::Method(_, e)] => e.clone(),
            other => panic!("{code}: {other:?}"),
        },
        other => panic!("{code}: {other:?}"),
    }
}

fn stored(state: &State, round: RoundNo) -> Game {
    state
        .doc
        .game_on(round, BoardNo::new(1).unwrap())
        .unwrap()
        .clone()
}

#[test]
fn a_half_point_margin_is_stored_exactly_and_must_keep_the_komis_half_point() {
    let mut state = cup(4);
    let round = pair_next(&mut state);
    let komi = stored(&state, round).komi;
    assert_eq!(komi.halves() % 2, 1, "the cup's komi has a half point");
    apply(&mut state, enter(round, "b+0.5"), &referee()).unwrap();
    let game = stored(&state, round);
    assert_eq!(game.result, GameResult::BlackWins);
    assert_eq!(game.method, Some(Method::Count(HalfPoints::HALF)));
    let json = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back.method, Some(Method::Count(HalfPoints::from_halves(1))));
    assert_eq!(results::game_notation(&back), "0-1 B+0.5");
    assert!(matches!(
        method_refusal(&mut state, round, "b+3"),
        TournamentError::ImpossibleMargin { .. }
    ));
    assert_eq!(
        stored(&state, round).method,
        Some(Method::Count(HalfPoints::HALF)),
        "nothing saved"
    );
}

#[test]
fn a_resignation_needs_no_margin_and_a_margin_needs_a_winner_on_the_board() {
    let mut state = cup(4);
    let round = pair_next(&mut state);
    apply(&mut state, enter(round, "w+r"), &referee()).unwrap();
    assert_eq!(stored(&state, round).method, Some(Method::Resignation));
    assert_eq!(results::game_notation(&stored(&state, round)), "1-0 W+R");
    // A plain result later forgets how the earlier one came about.
    apply(&mut state, enter(round, "b"), &referee()).unwrap();
    assert_eq!(stored(&state, round).method, None);
    let forfeit = Command::EnterResults {
        round,
        entries: vec![ResultEntry {
            board: BoardNo::new(1).unwrap(),
            result: GameResult::WhiteWins,
            origin: ResultOrigin::ByDefault,
            method: Some(Method::Resignation),
            seen: None,
        }],
        replace: true,
    };
    assert!(matches!(
        apply(&mut state, forfeit, &referee()),
        Err(Refusal::Results(p)) if matches!(p.as_slice(), [ResultProblem::Method(_, TournamentError::MethodWithoutWinner { .. })])
    ));
}

#[test]
fn a_loss_on_time_needs_a_clock_and_exhausted_byo_yomi_is_one() {
    let mut state = cup(4);
    let round = pair_next(&mut state);
    let mut settings = state.doc.settings().clone();
    settings.time.basic_minutes = 40;
    settings.time.overtime = Overtime::StandardByoYomi;
    state.doc.set_settings(settings.clone());
    apply(&mut state, enter(round, "w+t"), &referee()).unwrap();
    assert_eq!(stored(&state, round).method, Some(Method::Time));
    // Finite thinking time without overtime: the flag falls on main time.
    settings.time.overtime = Overtime::SuddenDeath;
    state.doc.set_settings(settings.clone());
    apply(&mut state, enter(round, "b+t"), &referee()).unwrap();
    assert_eq!(stored(&state, round).result, GameResult::BlackWins);
    settings.time.basic_minutes = 0;
    state.doc.set_settings(settings);
    assert!(matches!(
        method_refusal(&mut state, round, "w+t"),
        TournamentError::NoTimeLimit { .. }
    ));
}

#[test]
fn every_kind_of_result_the_gtr_names_has_a_form() {
    // Resignation, counting with its margin, time: the method.
    for code in ["b+r", "w+12.5", "b+t"] {
        let (result, origin, method) = results::parse_entry_code(code).unwrap();
        assert!(method.is_some() && origin == ResultOrigin::Played, "{code}");
        assert_ne!(result, GameResult::Unknown);
    }
    // A tie broken by the rule: margin 0 under integer komi, given to the tie rule's side.
    let mut state = cup(4);
    let mut settings = state.doc.settings().clone();
    settings.rules.komi = HalfPoints::from_points(8);
    settings.rules.tie_rule = crate::core::settings::TieRule::BlackWins;
    settings.handicap.ceiling = 0;
    state.doc.set_settings(settings);
    let round = pair_next(&mut state);
    assert_eq!(stored(&state, round).komi, HalfPoints::from_points(8));
    // The rule gives the tie to Black: neither White nor a jigo has it.
    for other in ["w+0", "="] {
        assert!(
            matches!(
                method_refusal(&mut state, round, other),
                TournamentError::TieGoesTo {
                    winner: crate::core::round::Colour::Black,
                    ..
                }
            ),
            "{other}"
        );
    }
    // No count gives more than the board and the komi.
    assert!(matches!(
        method_refusal(&mut state, round, "b+500"),
        TournamentError::ImpossibleMargin { .. }
    ));
    apply(&mut state, enter(round, "b+0"), &referee()).unwrap();
    assert_eq!(
        stored(&state, round).method,
        Some(Method::Count(HalfPoints::ZERO))
    );
    assert!(matches!(
        method_refusal(&mut state, round, "b+0.5"),
        TournamentError::ImpossibleMargin { .. }
    ));
    // Forfeits, both-lose, jigo and the referee's award are results and origins.
    for code in ["w!", "0", "=", "1"] {
        let (_, _, method) = results::parse_entry_code(code).unwrap();
        assert_eq!(method, None, "{code}");
    }
    assert_eq!(
        results::parse_code("w!"),
        Some((GameResult::WhiteWins, ResultOrigin::ByDefault))
    );
}
