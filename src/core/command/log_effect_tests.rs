//! What the referees' log does to other commands: a withdrawn player is
//! not paired by hand, and a result the log decides is not typed over.

use super::team_tests::organiser;
use super::tests::{cup, pair_next, referee};
use super::*;

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
