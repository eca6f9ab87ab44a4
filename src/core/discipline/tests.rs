//! What each act does to the effective tournament, driven end to end.

use super::test_support::*;
use super::*;
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::round::{GameResult, ResultOrigin};
use crate::core::standings::scores;
use crate::core::tournament::Tournament;
use crate::core::units::HalfPoints;

fn result_of(t: &Tournament, game: GameRef) -> (GameResult, ResultOrigin) {
    let g = game.game(t).unwrap();
    (g.result, g.origin)
}

fn record(log: &mut Log, t: &Tournament, settings: &DisciplineSettings, minute_: i64, act: Act) {
    log.record(t, settings, minute(minute_), referee(), act)
        .unwrap();
}

fn round(n: u32) -> RoundNo {
    RoundNo::new(n).unwrap()
}

#[test]
fn a_correction_or_remedy_to_a_played_jigo_under_half_point_komi_is_refused() {
    let (t, _) = four_players_round_one();
    let s = settings();
    let mut log = Log::default();
    let jigo = Act::Correction {
        game: board1(),
        result: GameResult::Jigo,
        origin: ResultOrigin::Played,
        method: None,
        reason: Reason::new("slip misread").unwrap(),
    };
    let refused = Err(DisciplineError::ImpossibleJigo {
        round: round(1),
        board: board1().board,
    });
    assert_eq!(
        log.record(&t, &s, minute(10), referee(), jigo).map(|_| ()),
        refused
    );
    let by_default = Act::Correction {
        game: board1(),
        result: GameResult::Jigo,
        origin: ResultOrigin::ByDefault,
        method: None,
        reason: Reason::new("both late").unwrap(),
    };
    record(&mut log, &t, &s, 20, by_default);
    let remedy = super::checks::check_remedies(
        &t,
        &log,
        &[Remedy::SetResult {
            game: board2(),
            result: GameResult::Jigo,
            origin: ResultOrigin::Played,
        }],
    );
    assert_eq!(
        remedy,
        Err(DisciplineError::ImpossibleJigo {
            round: round(1),
            board: board2().board,
        })
    );
}

#[test]
fn a_second_warning_in_one_game_forfeits_it_under_egf_rules() {
    let (t, [a, ..]) = four_players_round_one();
    let s = settings();
    let mut log = Log::default();
    record(&mut log, &t, &s, 10, warn(board1(), a));
    let once = effective(&t, &log, &s).unwrap().tournament;
    assert_eq!(result_of(&once, board1()).0, GameResult::Unknown);
    record(&mut log, &t, &s, 20, warn(board1(), a));
    let twice = effective(&t, &log, &s).unwrap().tournament;
    assert_eq!(
        result_of(&twice, board1()),
        (GameResult::BlackWins, ResultOrigin::RefereeDecision)
    );
    assert_eq!(
        result_of(&t, board1()).0,
        GameResult::Unknown,
        "the entered result is untouched"
    );
}

#[test]
fn the_ukrainian_rules_forfeit_only_at_the_third_warning() {
    let (t, [a, ..]) = four_players_round_one();
    let s = DisciplineSettings::for_ruleset(Ruleset::Ukraine);
    let mut log = Log::default();
    record(&mut log, &t, &s, 10, warn(board1(), a));
    record(&mut log, &t, &s, 20, warn(board1(), a));
    let two = effective(&t, &log, &s).unwrap().tournament;
    assert_eq!(result_of(&two, board1()).0, GameResult::Unknown);
    record(&mut log, &t, &s, 30, warn(board1(), a));
    let three = effective(&t, &log, &s).unwrap().tournament;
    assert_eq!(result_of(&three, board1()).0, GameResult::BlackWins);
}

#[test]
fn warnings_in_different_games_do_not_add_up() {
    let (mut t, [a, b, c, d]) = four_players_round_one();
    t.record_pairing(round(2), vec![game(2, 1, a, c), game(2, 2, b, d)], None)
        .unwrap();
    let s = settings();
    let mut log = Log::default();
    record(&mut log, &t, &s, 10, warn(board1(), a));
    record(&mut log, &t, &s, 90, warn(at(2, 1), a));
    let eff = effective(&t, &log, &s).unwrap().tournament;
    assert_eq!(result_of(&eff, board1()).0, GameResult::Unknown);
    assert_eq!(result_of(&eff, at(2, 1)).0, GameResult::Unknown);
}

#[test]
fn two_warnings_to_both_players_make_both_lose_and_both_lose_scores_nothing() {
    let (t, [a, b, ..]) = four_players_round_one();
    let s = settings();
    let mut log = Log::default();
    let both = sanction(SanctionKind::Warning {
        game: board1(),
        players: Players::Both,
    });
    record(&mut log, &t, &s, 10, both.clone());
    record(&mut log, &t, &s, 20, both);
    let eff = effective(&t, &log, &s).unwrap().tournament;
    assert_eq!(
        result_of(&eff, board1()),
        (GameResult::BothLose, ResultOrigin::RefereeDecision)
    );
    let sheet = scores(&eff, 1);
    assert_eq!(sheet.nbw(a), Some(HalfPoints::ZERO));
    assert_eq!(sheet.nbw(b), Some(HalfPoints::ZERO));
}

#[test]
fn a_forfeit_overrides_the_entered_result_and_forfeits_of_each_player_add_up() {
    let (mut t, [a, b, ..]) = four_players_round_one();
    enter(&mut t, board1(), GameResult::WhiteWins);
    let s = settings();
    let mut log = Log::default();
    record(&mut log, &t, &s, 10, forfeit_act(board1(), a));
    let eff = effective(&t, &log, &s).unwrap().tournament;
    // The loss goes to the one sanctioned and the win to the opponent, as
    // the referee's decision (GTR "Position disturbance", remedy 4).
    assert_eq!(
        result_of(&eff, board1()),
        (GameResult::BlackWins, ResultOrigin::RefereeDecision)
    );
    record(&mut log, &t, &s, 11, forfeit_act(board1(), b));
    let eff = effective(&t, &log, &s).unwrap().tournament;
    assert_eq!(result_of(&eff, board1()).0, GameResult::BothLose);
}

#[test]
fn an_absent_player_loses_by_default_and_two_absent_players_both_lose() {
    let (t, [a, b, ..]) = four_players_round_one();
    let s = settings();
    let mut log = Log::default();
    start_round(&mut log, &t, 1, minute(0));
    let absent = |p| Act::Absence {
        game: board1(),
        players: Players::One(p),
    };
    record(&mut log, &t, &s, 60, absent(a));
    let eff = effective(&t, &log, &s).unwrap().tournament;
    assert_eq!(
        result_of(&eff, board1()),
        (GameResult::BlackWins, ResultOrigin::ByDefault)
    );
    record(&mut log, &t, &s, 61, absent(b));
    let eff = effective(&t, &log, &s).unwrap().tournament;
    assert_eq!(
        result_of(&eff, board1()),
        (GameResult::BothLose, ResultOrigin::ByDefault)
    );
}

#[test]
fn both_players_absent_lose_in_one_tap() {
    let (t, _) = four_players_round_one();
    let s = DisciplineSettings::for_ruleset(Ruleset::Rfg);
    let mut log = Log::default();
    start_round(&mut log, &t, 1, minute(0));
    let both = Act::Absence {
        game: board2(),
        players: Players::Both,
    };
    // The forfeit time ("more than 60 minutes", RFG 21.4) is the command's
    // to ask: `lateness::tests` and `command::log_effect_tests`.
    record(&mut log, &t, &s, 61, both);
    let eff = effective(&t, &log, &s).unwrap().tournament;
    assert_eq!(
        result_of(&eff, board2()),
        (GameResult::BothLose, ResultOrigin::ByDefault)
    );
}

#[test]
fn a_played_game_cannot_be_forfeited_for_absence() {
    let (mut t, [_, _, c, _]) = four_players_round_one();
    enter(&mut t, board2(), GameResult::BlackWins);
    let s = settings();
    let mut log = Log::default();
    start_round(&mut log, &t, 1, minute(0));
    let absent = Act::Absence {
        game: board2(),
        players: Players::One(c),
    };
    assert_eq!(
        log.record(&t, &s, minute(70), referee(), absent),
        Err(DisciplineError::GamePlayed {
            round: board2().round,
            board: board2().board
        })
    );
}

#[test]
fn removal_from_a_round_keeps_the_player_out_of_its_pairing_and_loses_a_paired_game() {
    let (t, [a, _, c, _]) = four_players_round_one();
    let s = settings();
    let mut log = Log::default();
    let remove = |player, r| {
        sanction(SanctionKind::RemovalFromRound {
            player,
            round: round(r),
        })
    };
    record(&mut log, &t, &s, 10, remove(a, 2));
    record(&mut log, &t, &s, 11, remove(c, 1));
    let eff = effective(&t, &log, &s).unwrap().tournament;
    let plays = |p, r| eff.player(p).unwrap().participation.plays(round(r));
    assert!(!plays(a, 2) && plays(a, 3));
    assert_eq!(
        result_of(&eff, board2()),
        (GameResult::BlackWins, ResultOrigin::ByDefault)
    );
}

#[test]
fn removal_from_the_tournament_keeps_the_player_out_of_every_later_round() {
    let (t, [a, ..]) = four_players_round_one();
    let s = settings();
    let mut log = Log::default();
    let removal = sanction(SanctionKind::RemovalFromTournament {
        player: a,
        from_round: round(3),
    });
    record(&mut log, &t, &s, 10, removal);
    let eff = effective(&t, &log, &s).unwrap();
    let p = eff.tournament.player(a).unwrap().participation;
    assert!(p.plays(round(2)) && !p.plays(round(3)) && !p.plays(round(5)));
    assert_eq!(eff.withdrawals.len(), 1);
    assert!(!eff.withdrawals[0].annulled, "the GTR keeps past games");
}

/// A, B, C, D over five rounds: A beats B in round 1 and C in round 2, then
/// leaves before round 3, whose game A–D is already paired.
fn leaver() -> (Tournament, [PlayerId; 4], Log) {
    let (mut t, [a, b, c, d]) = four_players_round_one();
    enter(&mut t, board1(), GameResult::WhiteWins);
    enter(&mut t, board2(), GameResult::WhiteWins);
    t.record_pairing(round(2), vec![game(2, 1, a, c), game(2, 2, b, d)], None)
        .unwrap();
    enter(&mut t, at(2, 1), GameResult::WhiteWins);
    enter(&mut t, at(2, 2), GameResult::WhiteWins);
    t.record_pairing(round(3), vec![game(3, 1, a, d), game(3, 2, b, c)], None)
        .unwrap();
    let mut log = Log::default();
    let leave = Act::Withdrawal {
        player: a,
        from_round: round(3),
        note: "left for a train".into(),
    };
    record(&mut log, &t, &settings(), 300, leave);
    (t, [a, b, c, d], log)
}

#[test]
fn an_rfg_leaver_with_fewer_than_half_the_games_is_annulled_for_standings_but_kept_for_rating() {
    let (t, [a, _, _, d], log) = leaver();
    let s = DisciplineSettings::for_ruleset(Ruleset::Rfg);
    let eff = effective(&t, &log, &s).unwrap();
    assert_eq!(eff.withdrawals[0].played, 2);
    assert!(eff.withdrawals[0].annulled, "2 of 5 is fewer than half");
    assert_eq!(
        result_of(&eff.tournament, board1()).0,
        GameResult::WhiteWins,
        "kept for rating"
    );
    assert_eq!(
        result_of(&eff.tournament, at(3, 1)),
        (GameResult::BothLose, ResultOrigin::ByDefault),
        "RFG 21.5 б: '−' for both"
    );
    let standings = eff.for_standings();
    assert_eq!(
        result_of(&standings, board1()),
        (GameResult::BothLose, ResultOrigin::ByDefault)
    );
    assert_eq!(scores(&standings, 3).nbw(a), Some(HalfPoints::ZERO));
    assert_eq!(
        scores(&eff.tournament, 3).nbw(a),
        Some(HalfPoints::from_points(2))
    );
    assert_eq!(scores(&standings, 3).nbw(d), Some(HalfPoints::ZERO));
    assert_eq!(result_of(&standings, board2()).0, GameResult::WhiteWins);
}

#[test]
fn a_leaver_who_played_half_gives_the_remaining_opponents_wins_by_default() {
    let (mut t, [a, ..], _) = leaver();
    t.set_settings(crate::core::settings::Settings {
        number_of_rounds: 4,
        ..t.settings().clone()
    });
    let mut log = Log::default();
    let leave = Act::Withdrawal {
        player: a,
        from_round: round(3),
        note: String::new(),
    };
    let s = DisciplineSettings::for_ruleset(Ruleset::Rfg);
    record(&mut log, &t, &s, 300, leave);
    let eff = effective(&t, &log, &s).unwrap();
    assert!(!eff.withdrawals[0].annulled, "2 of 4 is half");
    assert_eq!(
        result_of(&eff.tournament, at(3, 1)),
        (GameResult::BlackWins, ResultOrigin::ByDefault),
        "RFG 21.5 в: '+' for D"
    );
    assert_eq!(eff.for_standings(), eff.tournament);
}

#[test]
fn a_player_cannot_leave_before_a_round_they_played() {
    let (t, [a, ..], _) = leaver();
    let mut log = Log::default();
    let leave = Act::Withdrawal {
        player: a,
        from_round: round(2),
        note: String::new(),
    };
    assert_eq!(
        log.record(&t, &settings(), minute(1), referee(), leave),
        Err(DisciplineError::PlayedAfterWithdrawal {
            player: a,
            round: round(2)
        })
    );
}

/// A log touching every kind of effect.
fn busy_log(s: &DisciplineSettings) -> (Tournament, Log) {
    let (mut t, [_, b, c, d], mut log) = leaver();
    t.record_pairing(round(4), vec![game(4, 1, b, d)], None)
        .unwrap();
    start_round(&mut log, &t, 3, minute(400));
    record(&mut log, &t, s, 410, warn(at(3, 2), b));
    record(&mut log, &t, s, 420, warn(at(3, 2), b));
    record(&mut log, &t, s, 430, forfeit_act(at(3, 2), c));
    let forfeit = log.entries().last().unwrap().id;
    let removal = sanction(SanctionKind::RemovalFromRound {
        player: d,
        round: round(5),
    });
    record(&mut log, &t, s, 440, removal);
    let fix = Act::Correction {
        game: at(2, 2),
        result: GameResult::BlackWins,
        origin: ResultOrigin::Played,
        method: None,
        reason: Reason::new("slip misread").unwrap(),
    };
    record(&mut log, &t, s, 450, fix);
    record(&mut log, &t, s, 460, warn(at(4, 1), d));
    let decision = Act::Decision {
        appeal: AppealId(1),
        level: Level::Committee,
        remedies: vec![
            Remedy::Revoke(forfeit),
            Remedy::SetResult {
                game: at(4, 1),
                result: GameResult::WhiteWins,
                origin: ResultOrigin::RefereeDecision,
            },
        ],
    };
    record(&mut log, &t, s, 470, decision);
    (t, log)
}

#[test]
fn applying_the_log_twice_changes_nothing() {
    for s in [settings(), DisciplineSettings::for_ruleset(Ruleset::Rfg)] {
        let (t, log) = busy_log(&s);
        let once = effective(&t, &log, &s).unwrap();
        assert_eq!(
            result_of(&once.tournament, at(3, 2)),
            (GameResult::BlackWins, ResultOrigin::RefereeDecision),
            "B (White) loses on two warnings; C's forfeit was revoked"
        );
        let twice = effective(&once.tournament, &log, &s).unwrap();
        assert_eq!(twice.tournament, once.tournament);
        assert_eq!(twice.for_standings(), once.for_standings());
    }
}

#[test]
fn the_order_of_unrelated_entries_does_not_matter() {
    let s = DisciplineSettings::for_ruleset(Ruleset::Rfg);
    let (t, log) = busy_log(&s);
    let expected = effective(&t, &log, &s).unwrap();
    let entries = log.entries().to_vec();
    for shift in 1..entries.len() {
        let mut turned = entries.clone();
        turned.rotate_left(shift);
        let got = effective(&t, &Log::from_entries(turned), &s).unwrap();
        assert_eq!(got, expected, "rotated by {shift}");
    }
    let mut reversed = entries;
    reversed.reverse();
    let got = effective(&t, &Log::from_entries(reversed), &s).unwrap();
    assert_eq!(got, expected);
}

#[test]
fn a_warning_on_a_game_that_is_gone_is_reported_not_ignored() {
    let (mut t, [a, ..]) = four_players_round_one();
    let s = settings();
    let mut log = Log::default();
    record(&mut log, &t, &s, 10, warn(board1(), a));
    t.unpair(RoundNo::FIRST).unwrap();
    assert_eq!(
        effective(&t, &log, &s).map(|_| ()),
        Err(DisciplineError::NoSuchGame {
            round: RoundNo::FIRST,
            board: board1().board
        })
    );
}

#[test]
fn a_remark_to_a_spectator_is_recorded_by_name_and_changes_no_result() {
    // EGF GTR, Sanctions: the referee acts on "a player's or spectator's rules
    // violations"; a spectator is not registered, so is named, not numbered.
    let (mut t, _) = four_players_round_one();
    enter(&mut t, board1(), GameResult::WhiteWins);
    let s = settings();
    let mut log = Log::default();
    let before = effective(&t, &log, &s).unwrap();
    let remark = sanction(SanctionKind::Remark {
        subject: Subject::Spectator("Sam Watcher".into()),
        game: Some(board1()),
    });
    let entry = log
        .record(&t, &s, minute(10), referee(), remark.clone())
        .unwrap();
    assert_eq!(log.entry(entry.id).unwrap().act, remark);
    let Act::Sanction(recorded) = &entry.act else {
        panic!("{:?}", entry.act)
    };
    assert_eq!(recorded.kind.player(), None, "names no registered player");
    assert_eq!(recorded.kind.players(), None);
    let after = effective(&t, &log, &s).unwrap();
    assert_eq!(after.tournament, before.tournament);
    assert_eq!(
        result_of(&after.tournament, board1()),
        (GameResult::WhiteWins, ResultOrigin::Played)
    );
}

#[test]
fn an_unfinished_game_counts_as_played_for_the_rfg_half_of_the_games() {
    // A plays rounds 1 and 2, and round 3 is still on the board when A
    // leaves before round 4: three of five count, so nothing is annulled.
    let (t, [a, ..], _) = leaver();
    assert_eq!(result_of(&t, at(3, 1)).0, GameResult::Unknown);
    let mut log = Log::default();
    let leave = Act::Withdrawal {
        player: a,
        from_round: round(4),
        note: String::new(),
    };
    let s = DisciplineSettings::for_ruleset(Ruleset::Rfg);
    record(&mut log, &t, &s, 300, leave);
    let eff = effective(&t, &log, &s).unwrap();
    assert_eq!(eff.withdrawals[0].played, 3);
    assert!(!eff.withdrawals[0].annulled, "3 of 5 is more than half");
}
