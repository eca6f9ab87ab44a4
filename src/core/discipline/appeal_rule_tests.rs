//! Appeals rules beyond the main path: who must sign, what a higher level
//! may decline, and which decisions are final.

use super::appeal_tests::{decision, filing, forfeited_by_warnings};
use super::test_support::*;
use super::*;
use crate::core::round::GameResult;

#[test]
fn fewer_than_three_sign_only_when_the_committee_could_not_meet() {
    let (t, log, warning, committee) = forfeited_by_warnings();
    let s = settings();
    let a = board1().game(&t).unwrap().white;
    let mut appeal = Appeal::file(&[], filing(a, Appealed::Entry(warning)), &t, &log, &s).unwrap();
    appeal
        .begin_review(&committee, &t, &log, &s, minute(40))
        .unwrap();
    let two = || Decision {
        could_not_meet: false,
        ..decision(Outcome::Rejected, &["Chair", "Member Two"], vec![])
    };
    assert_eq!(
        appeal.clone().decide(two(), &t, &log),
        Err(DisciplineError::TooFewSigners {
            appeal: appeal.id,
            signed: 2
        })
    );
    let three = Decision {
        could_not_meet: false,
        ..decision(
            Outcome::Rejected,
            &["Chair", "Member Two", "Member Three"],
            vec![],
        )
    };
    assert_eq!(appeal.clone().decide(three, &t, &log), Ok(None));
    let pressed = Decision {
        could_not_meet: true,
        ..two()
    };
    assert_eq!(appeal.decide(pressed, &t, &log), Ok(None));
}

#[test]
fn a_higher_level_may_decline_an_obviously_right_judgement_and_change_nothing() {
    let (t, log, warning, committee) = forfeited_by_warnings();
    let s = settings();
    let a = board1().game(&t).unwrap().white;
    let mut appeal = Appeal::file(&[], filing(a, Appealed::Entry(warning)), &t, &log, &s).unwrap();
    appeal
        .begin_review(&committee, &t, &log, &s, minute(40))
        .unwrap();
    let revoke = vec![Remedy::Revoke(warning)];
    assert_eq!(
        appeal
            .clone()
            .decide(decision(Outcome::Declined, &["Chair"], revoke), &t, &log),
        Err(DisciplineError::RemediesOnRejection(appeal.id))
    );
    assert_eq!(
        appeal.decide(decision(Outcome::Declined, &["Chair"], vec![]), &t, &log),
        Ok(None)
    );
    assert_eq!(appeal.status(), AppealStatus::Decided);
    let after = effective(&t, &log, &s).unwrap().tournament;
    assert_eq!(
        board1().game(&after).unwrap().result,
        GameResult::BlackWins,
        "the forfeit stands"
    );
}

#[test]
fn under_the_rfg_code_a_committee_decision_on_a_pairing_is_not_escalated() {
    let (t, log, _, committee) = forfeited_by_warnings();
    let a = board1().game(&t).unwrap().white;
    for (ruleset, escalates) in [(Ruleset::Rfg, false), (Ruleset::Egf, true)] {
        let s = DisciplineSettings::for_ruleset(ruleset);
        let mut appeal = Appeal::file(
            &[],
            filing(a, Appealed::Pairing(RoundNo::FIRST)),
            &t,
            &log,
            &s,
        )
        .unwrap();
        appeal
            .begin_review(&committee, &t, &log, &s, minute(40))
            .unwrap();
        appeal
            .decide(decision(Outcome::Rejected, &["Chair"], vec![]), &t, &log)
            .unwrap();
        let escalated = appeal.escalate(minute(60), &s);
        if escalates {
            assert_eq!(escalated, Ok(()));
        } else {
            assert_eq!(
                escalated,
                Err(DisciplineError::PairingDecisionFinal(appeal.id))
            );
        }
    }
}

#[test]
fn an_appeal_after_the_deadline_fixed_in_advance_is_refused_as_late() {
    let (t, log, warning, _) = forfeited_by_warnings();
    let a = board1().game(&t).unwrap().white;
    // The warning appealed was given at minute 20; the filing comes at 30.
    let strict = DisciplineSettings {
        appeal_deadline_minutes: Some(5),
        ..settings()
    };
    assert_eq!(
        Appeal::file(&[], filing(a, Appealed::Entry(warning)), &t, &log, &strict),
        Err(DisciplineError::AppealTooLate {
            entry: warning,
            minutes: 5
        })
    );
    let fair = DisciplineSettings {
        appeal_deadline_minutes: Some(15),
        ..settings()
    };
    assert!(Appeal::file(&[], filing(a, Appealed::Entry(warning)), &t, &log, &fair).is_ok());
}
