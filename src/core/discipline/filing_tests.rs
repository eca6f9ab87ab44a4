//! Filing an appeal: what may be appealed, the protest a game played on
//! needs, and a team's appeal from its captain.

use super::appeal_tests::{filing, forfeited_by_warnings};
use super::test_support::*;
use super::*;
use crate::core::ids::PlayerId;
use crate::core::round::{GameResult, ResultOrigin};

#[test]
fn egf_appeals_about_a_game_played_on_need_a_protest_and_ukrainian_ones_do_not() {
    let (mut t, [a, ..]) = four_players_round_one();
    enter(&mut t, board1(), GameResult::BlackWins);
    let s = settings();
    let mut log = Log::default();
    let warning = log
        .record(&t, &s, minute(10), referee(), warn(board1(), a))
        .unwrap();
    let appeal = || filing(a, Appealed::Entry(warning.id));
    assert_eq!(
        Appeal::file(&[], appeal(), &t, &log, &s),
        Err(DisciplineError::NoProtest {
            round: board1().round,
            board: board1().board
        })
    );
    let ukraine = DisciplineSettings::for_ruleset(Ruleset::Ukraine);
    assert!(Appeal::file(&[], appeal(), &t, &log, &ukraine).is_ok());
    let protest = Act::Protest {
        game: board1(),
        player: a,
    };
    log.record(&t, &s, minute(15), referee(), protest).unwrap();
    assert!(Appeal::file(&[], appeal(), &t, &log, &s).is_ok());
}

#[test]
fn only_referee_decisions_can_be_appealed() {
    let (t, log, _, _) = forfeited_by_warnings();
    let s = settings();
    let a = board1().game(&t).unwrap().white;
    let mut log = log;
    let confirm = Act::Confirmation {
        game: board2(),
        by: Confirmer::BothPlayers,
    };
    let confirmation = log.record(&t, &s, minute(90), referee(), confirm).unwrap();
    assert_eq!(
        Appeal::file(
            &[],
            filing(a, Appealed::Entry(confirmation.id)),
            &t,
            &log,
            &s
        ),
        Err(DisciplineError::NotAppealable(confirmation.id))
    );
    assert_eq!(
        Appeal::file(&[], filing(a, Appealed::Entry(EntryId(99))), &t, &log, &s),
        Err(DisciplineError::UnknownEntry(EntryId(99)))
    );
    assert_eq!(
        Appeal::file(
            &[],
            filing(PlayerId(42), Appealed::Pairing(board1().round)),
            &t,
            &log,
            &s
        ),
        Err(DisciplineError::UnknownPlayer(PlayerId(42)))
    );
}

#[test]
fn a_mediated_case_has_no_judgement_and_no_appeal_against_it() {
    let (t, mut log, _, _) = forfeited_by_warnings();
    let s = settings();
    let c = board2().game(&t).unwrap().white;
    let before = effective(&t, &log, &s).unwrap().tournament;
    let mediated = Act::Mediated {
        game: board2(),
        note: Reason::new("the players agreed to restart the clock").unwrap(),
    };
    let entry = log.record(&t, &s, minute(25), referee(), mediated).unwrap();
    let after = effective(&t, &log, &s).unwrap().tournament;
    assert_eq!(
        board2().game(&after).unwrap().result,
        board2().game(&before).unwrap().result,
        "no judgement: the game's result is untouched"
    );
    assert_eq!(
        Appeal::file(&[], filing(c, Appealed::Entry(entry.id)), &t, &log, &s),
        Err(DisciplineError::NotAppealable(entry.id))
    );
    // What was settled is said: a blank note is no record.
    assert!(Reason::new("  ").is_err());
}

#[test]
fn the_chief_referees_result_of_a_disputed_count_goes_to_the_committee_on_appeal() {
    // WMSG 2008 Appendix 1, Proc. 10: the chief referee, then the
    // arbitration committee (the appeals committee here).
    let (t, mut log, _, _) = forfeited_by_warnings();
    let s = settings();
    let c = board2().game(&t).unwrap().white;
    let referred = Act::CountDisputed {
        game: board2(),
        dispute: Reason::new("Black disputes the count").unwrap(),
    };
    log.record(&t, &s, minute(25), referee(), referred).unwrap();
    let counted = Act::Correction {
        game: board2(),
        result: GameResult::BlackWins,
        origin: ResultOrigin::Played,
        method: None,
        reason: Reason::new("the chief referee counted again").unwrap(),
    };
    let chief = Official::new("Chief Referee").unwrap();
    let settled = log.record(&t, &s, minute(26), chief, counted).unwrap();
    let appeal = Appeal::file(&[], filing(c, Appealed::Entry(settled.id)), &t, &log, &s);
    assert!(appeal.is_ok(), "{appeal:?}");
}

#[test]
fn a_captain_appeals_for_the_team_and_a_team_member_s_protest_counts() {
    use crate::core::tournament::{Team, TeamBoard};
    let (mut t, [a, b, ..]) = four_players_round_one();
    enter(&mut t, board1(), GameResult::BlackWins);
    let boards = vec![TeamBoard {
        round: board1().round,
        board: board1().board,
        player: a,
    }];
    t.add_team(Team {
        number: 7,
        name: "Kyiv".into(),
        boards,
        captain: Some(a),
        ..Team::default()
    })
    .unwrap();
    let s = settings();
    let mut log = Log::default();
    let signed = |team, by| Filing {
        appellant: Party::Captain { team },
        signatory: by,
        ..filing(a, Appealed::Result(board1()))
    };
    let captain = |team| signed(team, Some(a));
    assert_eq!(
        Appeal::file(&[], captain(8), &t, &log, &s),
        Err(DisciplineError::UnknownTeam(8))
    );
    // RFG App. 4 §1.7: only the captain files for the team (rule 80).
    assert_eq!(
        Appeal::file(&[], signed(7, None), &t, &log, &s),
        Err(DisciplineError::UnsignedTeamAppeal(7))
    );
    assert_eq!(
        Appeal::file(&[], signed(7, Some(b)), &t, &log, &s),
        Err(DisciplineError::NotCaptain { team: 7, player: b })
    );
    assert_eq!(Filing::written("  "), Err(DisciplineError::UnwrittenAppeal));
    assert!(matches!(
        Appeal::file(&[], captain(7), &t, &log, &s),
        Err(DisciplineError::NoProtest { .. })
    ));
    let protest = Act::Protest {
        game: board1(),
        player: a,
    };
    log.record(&t, &s, minute(15), referee(), protest).unwrap();
    let appeal = Appeal::file(&[], captain(7), &t, &log, &s).unwrap();
    assert!(appeal.parties(&t, &log).contains(&a));
}
