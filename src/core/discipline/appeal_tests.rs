//! Appeals from filing to the rules commission, driven through the log.

use super::test_support::*;
use super::*;
use crate::core::round::GameResult;
use crate::core::settings::Settings;
use crate::core::standings::scores;
use crate::core::tournament::Tournament;
use crate::core::units::HalfPoints;

/// One round, A beat B on board 1 and C beat D on board 2; then the referee
/// warned A twice on board 1, which forfeits it. Returns the second warning.
pub(super) fn forfeited_by_warnings() -> (Tournament, Log, EntryId, Committee) {
    let (mut t, [a, ..]) = four_players_round_one();
    t.set_settings(Settings {
        number_of_rounds: 1,
        ..t.settings().clone()
    });
    enter(&mut t, board1(), GameResult::WhiteWins);
    enter(&mut t, board2(), GameResult::WhiteWins);
    let s = settings();
    let mut log = Log::default();
    let committee = Committee::fix(
        vec![
            member("Chair"),
            member("Member Two"),
            member("Member Three"),
        ],
        vec![member("Reserve")],
        &t,
        &log,
        &s,
    )
    .unwrap();
    log.record(&t, &s, minute(10), referee(), warn(board1(), a))
        .unwrap();
    let second = log
        .record(&t, &s, minute(20), referee(), warn(board1(), a))
        .unwrap();
    (t, log, second.id, committee)
}

pub(super) fn filing(appellant: PlayerId, appealed: Appealed) -> Filing {
    Filing {
        appellant: Party::Player(appellant),
        filed_by: FiledBy::Referee(referee()),
        appealed,
        grounds: Reason::new("I did not speak during the game").unwrap(),
        signatory: None,
        at: minute(30),
        affects_prizes: true,
    }
}

pub(super) fn decision(outcome: Outcome, signers: &[&str], remedies: Vec<Remedy>) -> Decision {
    Decision {
        outcome,
        reasons: Reason::new("witnesses heard no talking").unwrap(),
        signed_by: signers.iter().map(|n| Official::new(n).unwrap()).collect(),
        at: minute(50),
        remedies,
        // Most cases here are signed by the chair alone.
        could_not_meet: true,
    }
}

use crate::core::ids::PlayerId;

#[test]
fn an_upheld_appeal_revokes_the_warning_and_the_standings_follow() {
    let (t, mut log, warning, committee) = forfeited_by_warnings();
    let s = settings();
    let a = board1().game(&t).unwrap().white;
    let before = effective(&t, &log, &s).unwrap().tournament;
    assert_eq!(scores(&before, 1).nbw(a), Some(HalfPoints::ZERO));
    let mut appeal = Appeal::file(&[], filing(a, Appealed::Entry(warning)), &t, &log, &s).unwrap();
    assert_eq!(appeal.id, AppealId(1));
    appeal
        .begin_review(&committee, &t, &log, &s, minute(40))
        .unwrap();
    let act = appeal
        .decide(
            decision(Outcome::Upheld, &["Chair", "Member Two"], vec![]),
            &t,
            &log,
        )
        .unwrap()
        .expect("an upheld appeal revokes the warning");
    assert_eq!(
        act,
        Act::Decision {
            appeal: appeal.id,
            level: Level::Committee,
            remedies: vec![Remedy::Revoke(warning)]
        }
    );
    log.record(&t, &s, minute(50), Official::new("Chair").unwrap(), act)
        .unwrap();
    let after = effective(&t, &log, &s).unwrap().tournament;
    assert_eq!(
        scores(&after, 1).nbw(a),
        Some(HalfPoints::ONE),
        "A's win is back"
    );
    assert_eq!(appeal.status(), AppealStatus::Decided);
}

#[test]
fn refused_steps_name_the_state_the_appeal_is_in() {
    let (t, log, warning, committee) = forfeited_by_warnings();
    let s = settings();
    let a = board1().game(&t).unwrap().white;
    let mut appeal = Appeal::file(&[], filing(a, Appealed::Entry(warning)), &t, &log, &s).unwrap();
    let early = appeal.decide(decision(Outcome::Rejected, &["Chair"], vec![]), &t, &log);
    assert_eq!(
        early,
        Err(DisciplineError::AppealState {
            appeal: appeal.id,
            status: AppealStatus::Filed,
            needed: AppealStatus::UnderReview
        })
    );
    assert!(appeal.escalate(minute(41), &s).is_err());
    appeal
        .begin_review(&committee, &t, &log, &s, minute(40))
        .unwrap();
    assert!(
        appeal
            .begin_review(&committee, &t, &log, &s, minute(40))
            .is_err()
    );
    let outsider = appeal.decide(decision(Outcome::Rejected, &["Reserve"], vec![]), &t, &log);
    assert_eq!(
        outsider,
        Err(DisciplineError::NotOnPanel {
            appeal: appeal.id,
            name: "Reserve".into()
        })
    );
    let unsigned = appeal.decide(decision(Outcome::Rejected, &[], vec![]), &t, &log);
    assert_eq!(unsigned, Err(DisciplineError::Unsigned(appeal.id)));
    let revoke = vec![Remedy::Revoke(warning)];
    let odd = appeal.decide(decision(Outcome::Rejected, &["Chair"], revoke), &t, &log);
    assert_eq!(odd, Err(DisciplineError::RemediesOnRejection(appeal.id)));
    let rejected = appeal.decide(decision(Outcome::Rejected, &["Chair"], vec![]), &t, &log);
    assert_eq!(rejected, Ok(None), "a rejection changes nothing");
}

#[test]
fn an_escalated_appeal_keeps_the_standings_pending_until_the_commission_rules() {
    let (t, mut log, warning, committee) = forfeited_by_warnings();
    let s = settings();
    let a = board1().game(&t).unwrap().white;
    let mut appeal = Appeal::file(&[], filing(a, Appealed::Entry(warning)), &t, &log, &s).unwrap();
    assert_eq!(pending_prize_appeals(&[appeal.clone()]), [appeal.id]);
    appeal
        .begin_review(&committee, &t, &log, &s, minute(40))
        .unwrap();
    appeal
        .decide(
            decision(
                Outcome::Rejected,
                &["Chair", "Member Two", "Member Three"],
                vec![],
            ),
            &t,
            &log,
        )
        .unwrap();
    assert!(pending_prize_appeals(&[appeal.clone()]).is_empty());
    appeal.escalate(minute(60), &s).unwrap();
    assert_eq!(pending_prize_appeals(&[appeal.clone()]), [appeal.id]);
    let twice = appeal.rule(decision(Outcome::Upheld, &["Chair"], vec![]), &t, &log, &s);
    assert_eq!(
        twice,
        Err(DisciplineError::ArbiterAtTwoLevels {
            appeal: appeal.id,
            name: "Chair".into()
        })
    );
    let referee_again = appeal.rule(
        decision(Outcome::Upheld, &["Referee Rita"], vec![]),
        &t,
        &log,
        &s,
    );
    assert!(matches!(
        referee_again,
        Err(DisciplineError::ArbiterAtTwoLevels { .. })
    ));
    let act = appeal
        .rule(
            decision(Outcome::Upheld, &["Federation Rules Commission"], vec![]),
            &t,
            &log,
            &s,
        )
        .unwrap()
        .unwrap();
    log.record(
        &t,
        &s,
        minute(900),
        Official::new("Federation Rules Commission").unwrap(),
        act,
    )
    .unwrap();
    assert_eq!(appeal.status(), AppealStatus::Ruled);
    assert!(pending_prize_appeals(&[appeal]).is_empty());
    let after = effective(&t, &log, &s).unwrap().tournament;
    assert_eq!(board1().game(&after).unwrap().result, GameResult::WhiteWins);
}

#[test]
fn the_rules_commission_rules_only_after_the_tournament() {
    let (mut t, log, warning, committee) = forfeited_by_warnings();
    t.set_settings(Settings {
        number_of_rounds: 2,
        ..t.settings().clone()
    });
    let s = settings();
    let a = board1().game(&t).unwrap().white;
    let mut appeal = Appeal::file(&[], filing(a, Appealed::Entry(warning)), &t, &log, &s).unwrap();
    appeal
        .begin_review(&committee, &t, &log, &s, minute(40))
        .unwrap();
    appeal
        .decide(decision(Outcome::Rejected, &["Chair"], vec![]), &t, &log)
        .unwrap();
    appeal.escalate(minute(60), &s).unwrap();
    let early = appeal.rule(
        decision(Outcome::Rejected, &["Commission"], vec![]),
        &t,
        &log,
        &s,
    );
    assert_eq!(early, Err(DisciplineError::TournamentNotOver(appeal.id)));
}

#[test]
fn a_committee_decision_can_set_a_result_that_the_next_round_is_paired_from() {
    let (t, mut log, warning, committee) = forfeited_by_warnings();
    let s = settings();
    let a = board1().game(&t).unwrap().white;
    let mut appeal = Appeal::file(&[], filing(a, Appealed::Entry(warning)), &t, &log, &s).unwrap();
    appeal
        .begin_review(&committee, &t, &log, &s, minute(40))
        .unwrap();
    let replay = Remedy::SetResult {
        game: board1(),
        result: GameResult::BothWin,
        origin: crate::core::round::ResultOrigin::RefereeDecision,
    };
    let act = appeal
        .decide(
            decision(Outcome::Modified, &["Chair"], vec![replay]),
            &t,
            &log,
        )
        .unwrap()
        .unwrap();
    log.record(&t, &s, minute(50), Official::new("Chair").unwrap(), act)
        .unwrap();
    let after = effective(&t, &log, &s).unwrap().tournament;
    let b = board1().game(&t).unwrap().black;
    assert_eq!(scores(&after, 1).nbw(a), Some(HalfPoints::ONE));
    assert_eq!(scores(&after, 1).nbw(b), Some(HalfPoints::ONE));
}

/// Pairs as sets: each pair and the list sorted.
fn unordered(pairs: Vec<(PlayerId, PlayerId)>) -> Vec<[PlayerId; 2]> {
    let mut sets: Vec<[PlayerId; 2]> = pairs
        .into_iter()
        .map(|(x, y)| [x.min(y), x.max(y)])
        .collect();
    sets.sort();
    sets
}

#[test]
fn the_next_round_is_paired_from_a_committee_decision_still_under_appeal_to_the_commission() {
    // EGF GTR, appeals: the committee's decision applies at once; an appeal to
    // the EGF Rules Commission, decided after the tournament, does not hold up
    // the pairing of the next round.
    let (mut t, mut log, warning, committee) = forfeited_by_warnings();
    t.set_settings(Settings {
        number_of_rounds: 2,
        ..t.settings().clone()
    });
    let s = settings();
    let (one, two) = (board1().game(&t).unwrap(), board2().game(&t).unwrap());
    let [a, b, c, d] = [one.white, one.black, two.white, two.black];
    let round2 = crate::core::ids::RoundNo::new(2).unwrap();
    let pairs = |log: &Log| {
        let now = effective(&t, log, &s).unwrap().tournament;
        let games = crate::core::pairing::pair_round(&now, round2)
            .unwrap()
            .games;
        unordered(games.iter().map(|g| (g.white, g.black)).collect())
    };
    // Forfeited by the warnings, B is a winner and meets C.
    assert_eq!(pairs(&log), unordered(vec![(b, c), (a, d)]));
    let mut appeal = Appeal::file(&[], filing(a, Appealed::Entry(warning)), &t, &log, &s).unwrap();
    appeal
        .begin_review(&committee, &t, &log, &s, minute(40))
        .unwrap();
    let act = appeal
        .decide(
            decision(
                Outcome::Upheld,
                &["Chair", "Member Two", "Member Three"],
                vec![Remedy::Revoke(warning)],
            ),
            &t,
            &log,
        )
        .unwrap()
        .unwrap();
    log.record(&t, &s, minute(50), Official::new("Chair").unwrap(), act)
        .unwrap();
    appeal.escalate(minute(60), &s).unwrap();
    assert_eq!(appeal.status(), AppealStatus::Escalated);
    let now = effective(&t, &log, &s).unwrap().tournament;
    assert_eq!(board1().game(&now).unwrap().result, GameResult::WhiteWins);
    // A's win stands again: the winners A and C meet, and B meets D.
    assert_eq!(pairs(&log), unordered(vec![(a, c), (b, d)]));
}

#[test]
fn the_chief_referees_report_carries_each_appeal_decision_with_its_written_reasons() {
    // Ukrainian rules VI: every appeal decision is written and goes into the
    // chief referee's report. A decision without reasons cannot be made.
    let (t, log, warning, committee) = forfeited_by_warnings();
    let s = settings();
    let a = board1().game(&t).unwrap().white;
    assert_eq!(Reason::new("  "), Err(DisciplineError::MissingReason));
    let mut appeal = Appeal::file(&[], filing(a, Appealed::Entry(warning)), &t, &log, &s).unwrap();
    appeal
        .begin_review(&committee, &t, &log, &s, minute(40))
        .unwrap();
    appeal
        .decide(decision(Outcome::Rejected, &["Chair"], vec![]), &t, &log)
        .unwrap();
    let r = report(&t, &log, &[appeal.clone()], Some(&committee), &s).unwrap();
    assert_eq!(r.appeals.len(), 1);
    let AppealState::Decided { decision, .. } = &r.appeals[0].state else {
        panic!("{:?}", r.appeals[0].state)
    };
    assert_eq!(decision.reasons.as_str(), "witnesses heard no talking");
    assert_eq!(decision.outcome, Outcome::Rejected);
}
