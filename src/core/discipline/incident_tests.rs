//! Incidents at the board (GTR "Irregularities", "Clock neutralisation",
//! finite thinking time under territory scoring; RFG 24.7 б; Ukrainian
//! rules IV.4), recorded through the log as a referee records them.

use super::test_support::*;
use super::*;
use crate::core::ids::PlayerId;
use crate::core::round::{GameResult, ResultOrigin};
use crate::core::rules::profile::Profile;
use crate::core::settings::Overtime;
use crate::core::tournament::Tournament;
use std::collections::HashSet;

fn result_of(t: &Tournament, log: &Log, s: &DisciplineSettings, game: GameRef) -> GameResult {
    effective(t, log, s)
        .unwrap()
        .tournament
        .game_on(game.round, game.board)
        .unwrap()
        .result
}

fn record(
    log: &mut Log,
    t: &Tournament,
    s: &DisciplineSettings,
    act: Act,
) -> Result<Entry, DisciplineError> {
    log.record(t, s, minute(30), referee(), act)
}

fn reason(text: &str) -> Reason {
    Reason::new(text).unwrap()
}

/// The four players of round 1 under territory scoring with 60 minutes
/// of main time and no overtime.
fn finite_time_territory() -> (Tournament, [PlayerId; 4]) {
    let (mut t, ids) = four_players_round_one();
    let mut settings = t.settings().clone();
    settings.rules.profile = Some(Profile::JapaneseTerritory);
    settings.time.overtime = Overtime::SuddenDeath;
    t.set_settings(settings);
    (t, ids)
}

#[test]
fn premature_passes_set_both_clocks_to_exactly_one_minute_and_change_no_result() {
    let (t, _) = finite_time_territory();
    let s = settings();
    let mut log = Log::default();
    record(&mut log, &t, &s, Act::PrematurePasses { game: board1() }).unwrap();
    let status = board_status(&t, &log, &Schedule::default(), board1(), &s).unwrap();
    assert_eq!(status.clocks, [Some(60), Some(60)]);
    assert_eq!(status.time_changes, [0, 0]);
    assert_eq!(result_of(&t, &log, &s, board1()), GameResult::Unknown);
    let other = board_status(&t, &log, &Schedule::default(), board2(), &s).unwrap();
    assert_eq!(
        other.clocks,
        [None, None],
        "only the board where they passed"
    );
}

#[test]
fn premature_passes_are_refused_without_territory_scoring_and_finite_time() {
    let s = settings();
    let refused = Err(DisciplineError::NoFiniteTimeUnderTerritory);
    let (mut t, _) = finite_time_territory();
    let passes = Act::PrematurePasses { game: board1() };
    let mut area = t.settings().clone();
    area.rules.profile = Some(Profile::Chinese);
    let mut overtime = t.settings().clone();
    overtime.time.overtime = Overtime::StandardByoYomi;
    let mut unknown = t.settings().clone();
    unknown.rules.profile = None;
    for settings in [area, overtime, unknown] {
        t.set_settings(settings);
        let mut log = Log::default();
        assert_eq!(
            record(&mut log, &t, &s, passes.clone()).map(|_| ()),
            refused
        );
        assert!(log.entries().is_empty());
    }
}

#[test]
fn the_neutralisation_pick_list_is_the_twelve_gtr_circumstances() {
    let all = NeutralisationReason::ALL;
    assert_eq!(all.len(), 12);
    let keys: HashSet<&str> = all.iter().map(|r| r.key()).collect();
    assert_eq!(keys.len(), 12, "each circumstance once");
    for reason in all {
        assert_eq!(NeutralisationReason::from_key(reason.key()), Some(reason));
    }
    assert_eq!(NeutralisationReason::from_key("lunch"), None);
    // The GTR's order: the players' status assessment first, the
    // tournament director's announcement last.
    assert_eq!(all[0], NeutralisationReason::StatusAssessment);
    assert_eq!(all[3], NeutralisationReason::Toilet);
    assert_eq!(all[11], NeutralisationReason::Announcement);
    let (t, [a, ..]) = four_players_round_one();
    let s = settings();
    let mut log = Log::default();
    for reason in all {
        let act = Act::Neutralisation {
            game: board1(),
            reason,
            player: Some(a),
        };
        record(&mut log, &t, &s, act).unwrap();
    }
    assert_eq!(log.entries().len(), 12);
    assert_eq!(result_of(&t, &log, &s, board1()), GameResult::Unknown);
}

#[test]
fn an_illegal_move_may_carry_a_time_adjustment_and_the_game_goes_on() {
    let (t, [a, b, ..]) = four_players_round_one();
    let s = settings();
    let mut log = Log::default();
    let plain = Act::IllegalMove {
        game: board1(),
        player: a,
        time: None,
    };
    record(&mut log, &t, &s, plain).unwrap();
    let allowed = Act::IllegalMove {
        game: board1(),
        player: a,
        time: Some(TimeAdjustment {
            players: Players::One(b),
            seconds: 120,
        }),
    };
    record(&mut log, &t, &s, allowed).unwrap();
    let status = board_status(&t, &log, &Schedule::default(), board1(), &s).unwrap();
    assert_eq!(
        status.time_changes,
        [0, 120],
        "Black, the opponent, gets two minutes"
    );
    let eff = effective(&t, &log, &s).unwrap().tournament;
    assert_eq!(eff, t, "no result is created and none changes");
    let r = report(&t, &log, &[], None, &s).unwrap();
    assert_eq!(
        r.rounds[0].incidents.len(),
        2,
        "both are in the referee's report"
    );
    let elsewhere = Act::IllegalMove {
        game: board1(),
        player: a,
        time: Some(TimeAdjustment {
            players: Players::One(PlayerId(3)),
            seconds: 60,
        }),
    };
    assert!(matches!(
        record(&mut log, &t, &s, elsewhere),
        Err(DisciplineError::NotInGame { .. })
    ));
}

#[test]
fn a_disturbance_remedy_after_the_first_needs_a_justification() {
    let (t, [a, ..]) = four_players_round_one();
    let s = settings();
    let mut log = Log::default();
    let disturbance = |remedy, justification| Act::Disturbance {
        game: board1(),
        remedy,
        justification,
    };
    record(
        &mut log,
        &t,
        &s,
        disturbance(DisturbanceRemedy::CorrectPosition, None),
    )
    .unwrap();
    let later = [
        DisturbanceRemedy::ContinueAsIs,
        DisturbanceRemedy::Unwind,
        DisturbanceRemedy::LossToDisturber { player: a },
        DisturbanceRemedy::CancelAndRestart,
    ];
    for (remedy, number) in later.into_iter().zip(2..) {
        assert_eq!(
            record(&mut log, &t, &s, disturbance(remedy, None)).map(|_| ()),
            Err(DisciplineError::MissingJustification { remedy: number })
        );
    }
    assert_eq!(log.entries().len(), 1, "nothing refused is kept");
    let why = reason("the stones were swept off; nobody remembers the position");
    record(
        &mut log,
        &t,
        &s,
        disturbance(DisturbanceRemedy::Unwind, Some(why.clone())),
    )
    .unwrap();
    assert_eq!(result_of(&t, &log, &s, board1()), GameResult::Unknown);
    let loss = DisturbanceRemedy::LossToDisturber { player: a };
    record(&mut log, &t, &s, disturbance(loss, Some(why))).unwrap();
    let eff = effective(&t, &log, &s).unwrap().tournament;
    let g = board1().game(&eff).unwrap();
    assert_eq!(
        (g.result, g.origin),
        (GameResult::BlackWins, ResultOrigin::RefereeDecision),
        "remedy 4: the disturber, White, loses by the referee's decision"
    );
}

fn cut(player: PlayerId, before_seconds: u32, after_seconds: u32) -> Act {
    Act::ClockCorrection {
        game: board1(),
        player,
        before_seconds,
        after_seconds,
        reason: reason("the clock ran fast"),
    }
}

#[test]
fn an_rfg_clock_cut_never_leaves_less_than_fifteen_minutes() {
    let (t, [a, b, ..]) = four_players_round_one();
    let rfg = DisciplineSettings::for_ruleset(Ruleset::Rfg);
    let mut log = Log::default();
    assert_eq!(
        record(&mut log, &t, &rfg, cut(a, 40 * 60, 15 * 60 - 1)).map(|_| ()),
        Err(DisciplineError::CutBelowLeast {
            player: a,
            after_seconds: 899,
            least_seconds: 900
        })
    );
    assert!(log.entries().is_empty());
    record(&mut log, &t, &rfg, cut(a, 40 * 60, 15 * 60)).unwrap();
    // Giving time back is no cut, whatever the clock then shows.
    record(&mut log, &t, &rfg, cut(b, 5 * 60, 10 * 60)).unwrap();
    let status = board_status(&t, &log, &Schedule::default(), board1(), &rfg).unwrap();
    assert_eq!(
        status.clocks,
        [Some(900), Some(600)],
        "the time left is recorded"
    );
    assert_eq!(result_of(&t, &log, &rfg, board1()), GameResult::Unknown);
    // The GTR sets no least time: only the RFG code does.
    let mut egf = Log::default();
    record(&mut egf, &t, &settings(), cut(a, 40 * 60, 10 * 60)).unwrap();
}

/// A warning to `player` on `game` for the violation recorded as `violation`.
fn warning_for(game: GameRef, player: PlayerId, violation: EntryId) -> Act {
    Act::Sanction(Sanction {
        kind: SanctionKind::Warning {
            game,
            players: Players::One(player),
        },
        reason: reason("talking during the game"),
        violation: Some(violation),
    })
}

#[test]
fn one_violation_takes_one_sanction_under_the_ukrainian_rules() {
    let (t, [a, b, ..]) = four_players_round_one();
    let s = DisciplineSettings::for_ruleset(Ruleset::Ukraine);
    let mut log = Log::default();
    let talking = Act::Violation {
        game: board1(),
        players: Players::One(a),
        what: reason("talked to a spectator"),
    };
    let violation = record(&mut log, &t, &s, talking).unwrap().id;
    let first = record(&mut log, &t, &s, warning_for(board1(), a, violation))
        .unwrap()
        .id;
    let time_cut = Act::Sanction(Sanction {
        kind: SanctionKind::TimeChange {
            game: board1(),
            players: Players::One(a),
            seconds: -300,
        },
        reason: reason("talking during the game"),
        violation: Some(violation),
    });
    let refused = Err(DisciplineError::ViolationSanctioned {
        violation,
        sanction: first,
    });
    assert_eq!(
        record(&mut log, &t, &s, time_cut.clone()).map(|_| ()),
        refused
    );
    assert_eq!(open_violations(&log, board1()).len(), 0);
    // An appeal that revokes the first sanction lets the referee choose another.
    let undo = Act::Decision {
        appeal: AppealId(1),
        level: Level::Committee,
        remedies: vec![Remedy::Revoke(first)],
    };
    let decision = record(&mut log, &t, &s, undo).unwrap().id;
    assert_eq!(open_violations(&log, board1()).len(), 1);
    record(&mut log, &t, &s, time_cut).unwrap();
    // A sanction names a violation of its own game and player only.
    let other = record(
        &mut log,
        &t,
        &s,
        Act::Violation {
            game: board1(),
            players: Players::One(a),
            what: reason("slammed the stones"),
        },
    )
    .unwrap()
    .id;
    assert_eq!(
        record(&mut log, &t, &s, warning_for(board1(), b, other)).map(|_| ()),
        Err(DisciplineError::ViolationElsewhere(other))
    );
    assert_eq!(
        record(&mut log, &t, &s, warning_for(board1(), a, decision)).map(|_| ()),
        Err(DisciplineError::NotAViolation(decision))
    );
}

#[test]
fn times_beyond_a_day_are_refused_and_the_board_still_reads() {
    let (t, [a, ..]) = four_players_round_one();
    let s = settings();
    let mut log = Log::default();
    let day = MAX_CLOCK_SECONDS as i32;
    let change = |seconds: i32| {
        Act::Sanction(Sanction {
            kind: SanctionKind::TimeChange {
                game: board1(),
                players: Players::Both,
                seconds,
            },
            reason: reason("clock started late"),
            violation: None,
        })
    };
    for seconds in [i32::MAX, i32::MIN, day + 1] {
        assert_eq!(
            log.record(&t, &s, minute(5), referee(), change(seconds)),
            Err(DisciplineError::TimeOutOfRange {
                seconds: i64::from(seconds)
            })
        );
    }
    let corrected = Act::ClockCorrection {
        game: board1(),
        player: a,
        before_seconds: 600,
        after_seconds: 99_999_999,
        reason: reason("typo"),
    };
    assert!(matches!(
        log.record(&t, &s, minute(5), referee(), corrected),
        Err(DisciplineError::TimeOutOfRange { .. })
    ));
    // A day either way, however often, leaves the board readable.
    for _ in 0..3 {
        log.record(&t, &s, minute(5), referee(), change(day))
            .unwrap();
    }
    let status = board_status(&t, &log, &Schedule::default(), board1(), &s).unwrap();
    assert_eq!(status.time_changes, [3 * day, 3 * day]);
}

#[test]
fn penalties_no_rule_gives_are_refused() {
    // GTR "Other overtime systems": at most 3 Ing periods (a 4th loses on
    // time); other points are more than none.
    let (t, [a, ..]) = four_players_round_one();
    let s = settings();
    let mut log = Log::default();
    let penalty = |cause: PenaltyCause| {
        Act::Sanction(Sanction {
            kind: SanctionKind::PenaltyPoints {
                game: board1(),
                player: a,
                cause,
            },
            reason: reason("overtime"),
            violation: None,
        })
    };
    let points = |halves| PenaltyCause::Other {
        points: crate::core::units::HalfPoints::from_halves(halves),
    };
    for cause in [
        PenaltyCause::IngOvertime { periods: 0 },
        PenaltyCause::IngOvertime { periods: 4 },
        points(0),
        points(-12),
        points(i32::MIN),
    ] {
        assert_eq!(
            log.record(&t, &s, minute(5), referee(), penalty(cause)),
            Err(DisciplineError::ImpossiblePenalty),
            "{cause:?}"
        );
    }
    for cause in [PenaltyCause::IngOvertime { periods: 3 }, points(3)] {
        log.record(&t, &s, minute(5), referee(), penalty(cause))
            .unwrap();
    }
}

#[test]
fn a_rating_reduction_of_no_points_is_refused() {
    // It changes nothing: the form and the API refuse it alike.
    let (t, [a, ..]) = four_players_round_one();
    let s = settings();
    let mut log = Log::default();
    let reduction = |points| {
        Act::Sanction(Sanction {
            kind: SanctionKind::RatingReduction { player: a, points },
            reason: reason("collusion"),
            violation: None,
        })
    };
    assert_eq!(
        log.record(&t, &s, minute(5), referee(), reduction(0)),
        Err(DisciplineError::NoRatingReduction)
    );
    log.record(&t, &s, minute(5), referee(), reduction(50))
        .unwrap();
}
