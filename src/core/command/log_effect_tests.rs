//! What the referees' log does to other commands: a withdrawn player is
//! not paired by hand, and a result the log decides is not typed over.

use super::team_tests::organiser;
use super::tests::{cup, pair_next, referee};
use super::*;
use crate::core::access::StaffRole;
use crate::core::discipline::Moment;

#[path = "order_tests.rs"]
mod order_tests;

#[test]
fn a_withdrawn_player_is_not_paired_by_hand_and_other_edits_go_on() {
    // RFG 21.2: a withdrawn player plays no later round, paired by the
    // program or by hand; the rest of the round can still be edited.
    use crate::core::pairing::manual::Edit;
    let mut state = cup(5);
    pair_next(&mut state);
    let gone = state.doc.players()[4].id;
    let withdraw = Command::WithdrawPlayer { player: gone };
    apply(&mut state, withdraw, &organiser()).unwrap();
    let round = pair_next(&mut state);
    let games: Vec<_> = state
        .doc
        .games()
        .iter()
        .filter(|g| g.round == round)
        .cloned()
        .collect();
    assert!(games.iter().all(|g| g.white != gone && g.black != gone));
    let edit = |edit| Command::AdjustPairing { round, edit };
    let refused = |outcome: Result<Outcome, Refusal>| matches!(&outcome, Err(Refusal::PairingEdit(text)) if text.contains("does not take part"));
    assert!(refused(apply(
        &mut state,
        edit(Edit::Bye(gone)),
        &organiser()
    )));
    let (a, b) = (games[0].white, games[1].white);
    apply(&mut state, edit(Edit::Swap(a, b)), &organiser()).unwrap();
    apply(&mut state, edit(Edit::Unpair(a)), &organiser()).unwrap();
    assert!(refused(apply(
        &mut state,
        edit(Edit::Pair(gone, a)),
        &organiser()
    )));
}

#[test]
fn a_result_the_log_decides_is_not_entered_over_it() {
    // Two warnings forfeit the game (GTR "Sanctions"): typing another
    // result on the results page would be overridden unseen, so it is refused.
    use crate::core::discipline::{
        Act, DisciplineError, GameRef, Players, Reason, Sanction, SanctionKind,
    };
    use crate::core::round::{GameResult, ResultOrigin};
    let mut state = cup(4);
    let round = pair_next(&mut state);
    let g = state
        .doc
        .games()
        .iter()
        .find(|g| g.round == round)
        .unwrap()
        .clone();
    let game = GameRef {
        round,
        board: g.board,
    };
    let warning = || Command::LogAct {
        act: Act::Sanction(Sanction {
            kind: SanctionKind::Warning {
                game,
                players: Players::One(g.white),
            },
            reason: Reason::new("talking").unwrap(),
            violation: None,
        }),
        replace: false,
    };
    apply(&mut state, warning(), &referee()).unwrap();
    apply(&mut state, warning(), &referee()).unwrap();
    let typed = Command::EnterResults {
        round,
        entries: vec![ResultEntry {
            board: g.board,
            result: GameResult::WhiteWins,
            origin: ResultOrigin::Played,
            method: None,
            seen: None,
        }],
        replace: true,
    };
    let refused = apply(&mut state, typed, &organiser()).unwrap_err();
    assert!(
        matches!(&refused, Refusal::Results(p) if matches!(p.as_slice(),
            [ResultProblem::Confirmed(_, DisciplineError::RuledByLog { .. })])),
        "{refused:?}"
    );
}

/// The first game of a paired cup.
fn first_game(state: &State) -> crate::core::discipline::GameRef {
    let g = &state.doc.games()[0];
    crate::core::discipline::GameRef {
        round: g.round,
        board: g.board,
    }
}

/// A referee of `role` whose acts are signed `name`.
fn official(role: StaffRole, name: &str) -> Context {
    Context {
        actor: Actor::Staff {
            roles: vec![role],
            admin: false,
            name: name.into(),
        },
        ..organiser()
    }
}

fn logged(outcome: Outcome) -> crate::core::discipline::EntryId {
    match outcome.done {
        Done::Entry(e) => e.id,
        other => panic!("not an entry: {other:?}"),
    }
}

#[test]
fn rfg_26_2_1_an_annulment_is_the_authors_or_the_chief_referees_and_nobody_elses() {
    use crate::core::discipline::{Act, DisciplineError, Reason};
    use crate::core::round::{GameResult, ResultOrigin};
    let mut state = cup(4);
    pair_next(&mut state);
    let game = first_game(&state);
    let correction = |result| Command::LogAct {
        act: Act::Correction {
            game,
            result,
            origin: ResultOrigin::Played,
            method: None,
            reason: Reason::new("slip typed as read").unwrap(),
        },
        replace: false,
    };
    let annul = |entry| Command::LogAct {
        act: Act::Annulment {
            entry,
            reason: Reason::new("wrong board").unwrap(),
        },
        replace: false,
    };
    let ann = official(StaffRole::Referee, "Ann");
    let bob = official(StaffRole::Referee, "Bob");
    let chief = official(StaffRole::ChiefReferee, "Chief");
    let first = logged(apply(&mut state, correction(GameResult::WhiteWins), &ann).unwrap());
    assert_eq!(
        apply(&mut state, annul(first), &bob).unwrap_err(),
        Refusal::Discipline(DisciplineError::NotTheAuthor {
            entry: first,
            author: "Ann".into()
        })
    );
    apply(&mut state, annul(first), &ann).unwrap();
    let second = logged(apply(&mut state, correction(GameResult::BlackWins), &ann).unwrap());
    apply(&mut state, annul(second), &chief).unwrap();
    let now = state.effective().unwrap().tournament;
    assert_eq!(now.games()[0].result, GameResult::Unknown);
}

#[test]
fn a_forfeit_on_a_board_with_a_result_asks_first() {
    use crate::core::discipline::{Act, DisciplineError, Players, Reason, Sanction, SanctionKind};
    use crate::core::round::GameResult;
    let mut state = cup(4);
    pair_next(&mut state);
    let game = first_game(&state);
    let g = state.doc.games()[0].clone();
    let typed = Command::EnterResults {
        round: game.round,
        entries: vec![ResultEntry {
            board: game.board,
            result: GameResult::WhiteWins,
            origin: crate::core::round::ResultOrigin::Played,
            method: None,
            seen: None,
        }],
        replace: false,
    };
    apply(&mut state, typed, &organiser()).unwrap();
    let forfeit = |replace| Command::LogAct {
        act: Act::Sanction(Sanction {
            kind: SanctionKind::GameForfeit {
                game,
                players: Players::One(g.white),
            },
            reason: Reason::new("phone rang").unwrap(),
            violation: None,
        }),
        replace,
    };
    let referee = official(StaffRole::Referee, "Ann");
    assert_eq!(
        apply(&mut state, forfeit(false), &referee).unwrap_err(),
        Refusal::Discipline(DisciplineError::AlreadyDecided {
            round: game.round,
            board: game.board,
            becomes: (
                GameResult::BlackWins,
                crate::core::ResultOrigin::RefereeDecision
            ),
        })
    );
    assert!(state.book.log.entries().is_empty(), "nothing was logged");
    apply(&mut state, forfeit(true), &referee).unwrap();
    let now = state.effective().unwrap().tournament;
    assert_eq!(now.games()[0].result, GameResult::BlackWins);
}

#[test]
fn an_absence_counts_from_the_official_start_with_or_without_the_referees_press() {
    // GTR "Timing rules > Start", RFG Code 21.4: late from the round's start
    // as announced; a round the referee starts later counts from then.
    use crate::core::discipline::{Act, DisciplineError, Players};
    use crate::core::schedule::Start;
    let mut state = cup(4);
    let round = pair_next(&mut state);
    let game = first_game(&state);
    let white = state.doc.games()[0].white;
    // Noon UTC on the day `at(0)` falls in: the programme's start.
    let noon = |minutes: i64| Context {
        at: Moment::from_unix_seconds(1_767_268_800 + minutes * 60),
        ..official(StaffRole::Referee, "Ref")
    };
    let schedule = Command::ScheduleRound {
        round,
        start: Start::parse("2026-01-01 12:00"),
    };
    apply(&mut state, schedule, &organiser()).unwrap();
    let absent = || Command::LogAct {
        act: Act::Absence {
            game,
            players: Players::One(white),
        },
        replace: false,
    };
    let too_early = |refusal: Refusal| matches!(refusal, Refusal::Discipline(DisciplineError::TooEarlyToForfeit { possible_from, .. }) if possible_from == noon(60).at);
    assert!(too_early(
        apply(&mut state.clone(), absent(), &noon(59)).unwrap_err()
    ));
    apply(&mut state.clone(), absent(), &noon(60)).unwrap();
    // The referee started the round 20 minutes late: the hour runs from then.
    let start = Command::LogAct {
        act: Act::StartRound { round, board: None },
        replace: false,
    };
    apply(&mut state, start, &noon(20)).unwrap();
    let refused = apply(&mut state.clone(), absent(), &noon(60)).unwrap_err();
    assert!(
        matches!(refused, Refusal::Discipline(DisciplineError::TooEarlyToForfeit { possible_from, .. }) if possible_from == noon(80).at)
    );
    apply(&mut state, absent(), &noon(80)).unwrap();
}
