//! Every decision can be put right (issue 28): a correction supersedes the
//! log's earlier decisions on its game, an annulment takes a slip back, and
//! each act's effect is read off the log.

use super::log::{Act, GameRef, Log, Players, Reason};
use super::test_support::*;
use super::*;
use crate::core::round::{GameResult, ResultOrigin};
use crate::core::tournament::Tournament;

fn absent(game: GameRef, player: crate::core::PlayerId) -> Act {
    Act::Absence {
        game,
        players: Players::One(player),
    }
}

fn correct(game: GameRef, result: GameResult) -> Act {
    Act::Correction {
        game,
        result,
        origin: ResultOrigin::ByDefault,
        method: None,
        reason: Reason::new("White did not show; Black did").unwrap(),
    }
}

fn annul(entry: EntryId) -> Act {
    Act::Annulment {
        entry,
        reason: Reason::new("tapped the wrong side").unwrap(),
    }
}

fn result(t: &Tournament, log: &Log, game: GameRef) -> (GameResult, ResultOrigin) {
    let now = effective(t, log, &settings()).unwrap().tournament;
    let g = game.game(&now).unwrap();
    (g.result, g.origin)
}

/// Round 1 started at minute 0; the forfeit time has passed from minute 60.
fn started() -> (Tournament, [crate::core::PlayerId; 4], Log) {
    let (t, players) = four_players_round_one();
    let mut log = Log::default();
    start_round(&mut log, &t, 1, minute(0));
    (t, players, log)
}

#[test]
fn gtr_arbitration_a_correction_after_an_absence_and_a_mistapped_absence_gives_its_result() {
    // GTR "Arbitration", RFG 26.1 а: the referee's later decision on the
    // game replaces the earlier ones; Black (b) was absent, White (a) was not.
    let (t, [a, b, ..], mut log) = started();
    let s = settings();
    let black = log
        .record(&t, &s, minute(61), referee(), absent(board1(), b))
        .unwrap();
    let slip = log
        .record(&t, &s, minute(62), referee(), absent(board1(), a))
        .unwrap();
    assert_eq!(
        result(&t, &log, board1()).0,
        GameResult::BothLose,
        "the mis-tap"
    );
    let fix = log
        .record(
            &t,
            &s,
            minute(63),
            referee(),
            correct(board1(), GameResult::WhiteWins),
        )
        .unwrap();
    assert_eq!(
        result(&t, &log, board1()),
        (GameResult::WhiteWins, ResultOrigin::ByDefault)
    );
    let now = effective(&t, &log, &s).unwrap();
    assert_eq!(now.superseded.get(&slip.id), Some(&fix.id));
    assert_eq!(
        now.superseded.get(&black.id),
        None,
        "Black's absence agrees with the correction and stays in force"
    );
    let effect = &effects(&t, &log, &s, |_| true).unwrap()[&fix.id];
    assert_eq!(effect.superseding, [slip.id]);
    assert_eq!(effect.changes[0].after.0, GameResult::WhiteWins);
}

#[test]
fn gtr_arbitration_a_correction_to_a_played_result_supersedes_every_absence_on_the_game() {
    // The game was played after all: no absence on it stands.
    let (t, [_, b, ..], mut log) = started();
    let s = settings();
    let absence = log
        .record(&t, &s, minute(61), referee(), absent(board1(), b))
        .unwrap();
    let played = Act::Correction {
        game: board1(),
        result: GameResult::WhiteWins,
        origin: ResultOrigin::Played,
        method: None,
        reason: Reason::new("Black came late and the game was played").unwrap(),
    };
    let fix = log.record(&t, &s, minute(62), referee(), played).unwrap();
    let now = effective(&t, &log, &s).unwrap();
    assert_eq!(now.superseded.get(&absence.id), Some(&fix.id));
    assert_eq!(
        result(&t, &log, board1()),
        (GameResult::WhiteWins, ResultOrigin::Played)
    );
}

#[test]
fn gtr_arbitration_an_absence_logged_after_a_correction_decides_again() {
    let (t, [a, b, ..], mut log) = started();
    let s = settings();
    log.record(&t, &s, minute(61), referee(), absent(board1(), b))
        .unwrap();
    let fix = log
        .record(
            &t,
            &s,
            minute(62),
            referee(),
            correct(board1(), GameResult::BlackWins),
        )
        .unwrap();
    assert_eq!(result(&t, &log, board1()).0, GameResult::BlackWins);
    let again = log
        .record(&t, &s, minute(63), referee(), absent(board1(), a))
        .unwrap();
    assert_eq!(result(&t, &log, board1()).0, GameResult::BlackWins);
    let now = effective(&t, &log, &s).unwrap();
    assert_eq!(now.superseded.get(&fix.id), Some(&again.id));
    // Only the absence after the correction decides: White (a) lost.
    log.record(&t, &s, minute(64), referee(), absent(board1(), b))
        .unwrap();
    assert_eq!(result(&t, &log, board1()).0, GameResult::BothLose);
}

#[test]
fn an_annulled_absence_leaves_the_game_without_a_result_again() {
    let (t, [_, b, ..], mut log) = started();
    let s = settings();
    let slip = log
        .record(&t, &s, minute(61), referee(), absent(board1(), b))
        .unwrap();
    assert_eq!(result(&t, &log, board1()).0, GameResult::WhiteWins);
    let undo = log
        .record(&t, &s, minute(62), referee(), annul(slip.id))
        .unwrap();
    assert_eq!(
        result(&t, &log, board1()),
        (GameResult::Unknown, ResultOrigin::Played)
    );
    assert_eq!(annulled(&log).get(&slip.id), Some(&undo.id));
    let now = effective(&t, &log, &s).unwrap();
    assert_eq!(
        struck(&log, &now).get(&slip.id),
        Some(&Struck::Annulled(undo.id))
    );
    let effect = &effects(&t, &log, &s, |_| true).unwrap()[&undo.id];
    assert_eq!(effect.changes[0].after.0, GameResult::Unknown);
}

#[test]
fn an_annulled_forfeit_gives_back_the_entered_result() {
    let (mut t, [a, ..], mut log) = started();
    enter(&mut t, board1(), GameResult::WhiteWins);
    let s = settings();
    let slip = log
        .record(&t, &s, minute(61), referee(), forfeit_act(board1(), a))
        .unwrap();
    assert_eq!(result(&t, &log, board1()).0, GameResult::BlackWins);
    log.record(&t, &s, minute(62), referee(), annul(slip.id))
        .unwrap();
    assert_eq!(
        result(&t, &log, board1()),
        (GameResult::WhiteWins, ResultOrigin::Played)
    );
}

#[test]
fn the_order_of_the_log_matters_only_for_acts_on_the_same_game() {
    let (t, [a, b, c, d], _) = started();
    let s = settings();
    let run = |acts: &[Act]| {
        let mut log = Log::default();
        start_round(&mut log, &t, 1, minute(0));
        for (i, act) in acts.iter().enumerate() {
            log.record(&t, &s, minute(61 + i as i64), referee(), act.clone())
                .unwrap();
        }
        effective(&t, &log, &s).unwrap().tournament
    };
    let absence = absent(board1(), b);
    let other = correct(board2(), GameResult::BlackWins);
    let d_absent = absent(board2(), d);
    assert_eq!(
        run(&[absence.clone(), other.clone(), d_absent.clone()]),
        run(&[other.clone(), absence.clone(), d_absent.clone()]),
        "acts on different games commute"
    );
    let fix = correct(board1(), GameResult::BlackWins);
    let before = run(&[absence.clone(), fix.clone()]);
    let after = run(&[fix, absence]);
    let on = |t: &Tournament| board1().game(t).unwrap().result;
    assert_eq!(
        on(&before),
        GameResult::BlackWins,
        "the correction came last"
    );
    assert_eq!(on(&after), GameResult::WhiteWins, "the absence came last");
    let _ = (a, c);
}

#[test]
fn an_annulment_is_refused_twice_on_an_annulment_and_on_an_appeal_decision() {
    let (t, [_, b, ..], mut log) = started();
    let s = settings();
    let slip = log
        .record(&t, &s, minute(61), referee(), absent(board1(), b))
        .unwrap();
    let undo = log
        .record(&t, &s, minute(62), referee(), annul(slip.id))
        .unwrap();
    assert_eq!(
        log.record(&t, &s, minute(63), referee(), annul(slip.id)),
        Err(DisciplineError::AlreadyAnnulled {
            entry: slip.id,
            by: undo.id
        })
    );
    assert_eq!(
        log.record(&t, &s, minute(63), referee(), annul(undo.id)),
        Err(DisciplineError::AnnulmentStands(undo.id))
    );
    let decision = Act::Decision {
        appeal: AppealId(1),
        level: Level::Committee,
        remedies: vec![],
    };
    let decided = log
        .record(
            &t,
            &s,
            minute(64),
            Official::new("Chair").unwrap(),
            decision,
        )
        .unwrap();
    assert_eq!(
        log.record(&t, &s, minute(65), referee(), annul(decided.id)),
        Err(DisciplineError::DecisionNotAnnulled(decided.id))
    );
    assert_eq!(
        log.record(&t, &s, minute(65), referee(), annul(EntryId(99))),
        Err(DisciplineError::UnknownEntry(EntryId(99)))
    );
}

#[test]
fn gtr_sanctions_a_second_warning_says_it_loses_the_game_and_a_correction_supersedes_it() {
    // GTR "Sanctions > Warning": two warnings in the same game forfeit it.
    let (t, [a, ..], mut log) = started();
    let s = settings();
    log.record(&t, &s, minute(5), referee(), warn(board1(), a))
        .unwrap();
    let second = log
        .record(&t, &s, minute(6), referee(), warn(board1(), a))
        .unwrap();
    let effect = &effects(&t, &log, &s, |_| true).unwrap()[&second.id];
    assert_eq!(effect.warnings, Some(2));
    assert_eq!(effect.changes[0].after.0, GameResult::BlackWins);
    let fix = log
        .record(
            &t,
            &s,
            minute(7),
            referee(),
            correct(board1(), GameResult::WhiteWins),
        )
        .unwrap();
    assert_eq!(result(&t, &log, board1()).0, GameResult::WhiteWins);
    let now = effective(&t, &log, &s).unwrap();
    assert_eq!(now.superseded.get(&second.id), Some(&fix.id));
}
