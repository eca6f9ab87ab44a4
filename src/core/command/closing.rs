//! The commands that close a tournament (EGF GTR "Officials", "EGF rules
//! commission"): the supervisor's verification of the final result list
//! and the declaration of the winners, both on the final result list
//! ([`final_list`]: once every round is paired and every result is in),
//! and the organiser's record that the results went to the EGF ratings
//! commission (GTR "Guidelines of organization"); and a supervisor's
//! confirmation of the supergroup as formed (GTR "Officials"); the rules
//! are the book's ([`crate::core::discipline::Closing`]).

use super::{Context, Done, Outcome, Refusal, State, json};
use crate::core::audit::Event;
use crate::core::discipline::final_list;

/// Which closing act.
#[derive(Clone, Copy)]
pub(super) enum Act {
    Verify,
    Declare,
    Submit,
}

/// Records the act, signed with the actor's name; nothing when the same
/// list already carries it.
pub(super) fn close(state: &mut State, act: Act, cx: &Context) -> Result<Outcome, Refusal> {
    let by = cx.actor.official()?;
    let effective = state.effective()?;
    let list = final_list(&effective)
        .ok_or_else(|| Refusal::field("standings", "closing.error.not_final"))?;
    let before = state.book.closing.clone();
    let (done, event) = match act {
        Act::Verify => (
            state.book.verify_final_list(&list, cx.at, by),
            Event::VerifyStandings,
        ),
        Act::Submit => (
            state
                .book
                .submit_results(&list, &effective.tournament, cx.at, by),
            Event::SubmitResults,
        ),
        Act::Declare => {
            let prizes = &effective.tournament.settings().prizes;
            let done = state.book.declare_winners(&list, prizes, cx.at, by)?;
            (done, Event::DeclareWinners)
        }
    };
    Ok(Outcome {
        event,
        before: json(&before),
        after: json(&state.book.closing),
        done: if done { Done::Closing } else { Done::Nothing },
    })
}

/// A supervisor confirms the supergroup as formed (GTR "Officials");
/// refused while it has no member.
pub(super) fn confirm_supergroup(state: &mut State, cx: &Context) -> Result<Outcome, Refusal> {
    let by = cx.actor.official()?;
    let before = state.book.closing.clone();
    let done = state
        .book
        .confirm_supergroup(&state.doc, cx.at, by)
        .ok_or_else(|| Refusal::field("supergroup", "supergroup.error.empty"))?;
    Ok(Outcome {
        event: Event::ConfirmSupergroup,
        before: json(&before),
        after: json(&state.book.closing),
        done: if done { Done::Closing } else { Done::Nothing },
    })
}

#[cfg(test)]
mod tests {
    use super::super::team_tests::organiser;
    use super::super::tests::{cup, pair_next};
    use super::super::*;
    use crate::core::access::StaffRole;
    use crate::core::discipline::Member;
    use crate::core::discipline::Official;
    use crate::core::discipline::{
        Act, Appealed, DisciplineError, FiledBy, Filing, GameRef, Outcome as Verdict, Party, Reason,
    };
    use crate::core::round::{GameResult, ResultOrigin};

    fn staff(roles: &[StaffRole], name: &str) -> Context {
        Context {
            actor: Actor::Staff {
                roles: roles.to_vec(),
                admin: false,
                name: name.into(),
            },
            ..organiser()
        }
    }

    fn supervisor() -> Context {
        staff(&[StaffRole::Supervisor], "Sofia Supervisor")
    }

    /// Every game of the round won by White.
    fn finish(state: &mut State, round: RoundNo) {
        let entries = state
            .doc
            .games()
            .iter()
            .filter(|g| g.round == round)
            .map(|g| ResultEntry {
                board: g.board,
                result: GameResult::WhiteWins,
                origin: ResultOrigin::Played,
                method: None,
                seen: None,
            })
            .collect();
        let enter = Command::EnterResults {
            round,
            entries,
            replace: false,
        };
        apply(state, enter, &organiser()).unwrap();
    }

    fn member(name: &str) -> Member {
        Member {
            name: Official::new(name).unwrap(),
            player: None,
        }
    }

    /// A cup of four over its three rounds, every result in; the appeals
    /// committee was fixed before round 1.
    fn finished() -> State {
        let mut state = cup(4);
        let fix = Command::FixCommittee {
            members: PANEL.map(member).to_vec(),
            reserves: vec![member("Reserve One"), member("Reserve Two")],
        };
        apply(&mut state, fix, &organiser()).unwrap();
        while state.doc.next_round().is_some() {
            let round = pair_next(&mut state);
            finish(&mut state, round);
        }
        state
    }

    const PANEL: [&str; 3] = ["Chair", "Member Two", "Member Three"];

    #[test]
    fn only_a_supervisor_verifies_the_final_list_once_the_last_round_is_in() {
        // EGF GTR "Officials" (testable rule 93).
        let mut state = cup(4);
        let round = pair_next(&mut state);
        finish(&mut state, round);
        assert!(state.doc.next_round().is_some(), "rounds remain");
        let early = apply(&mut state, Command::VerifyStandings, &supervisor());
        let not_final = Refusal::field("standings", "closing.error.not_final");
        assert_eq!(early.unwrap_err(), not_final);
        let mut state = finished();
        let site_admin = Context {
            actor: Actor::Staff {
                roles: vec![],
                admin: true,
                name: "Site Admin".into(),
            },
            ..organiser()
        };
        for refused in [
            organiser(),
            staff(&[StaffRole::ChiefReferee], "Rita"),
            staff(&[StaffRole::CoOrganiser], "Carl"),
            site_admin,
        ] {
            let outcome = apply(&mut state, Command::VerifyStandings, &refused);
            assert_eq!(outcome.unwrap_err(), Refusal::Forbidden, "{refused:?}");
        }
        assert!(state.book.closing.verified.is_none());
        let done = apply(&mut state, Command::VerifyStandings, &supervisor()).unwrap();
        assert_eq!(done.done, Done::Closing);
        let signed = state.book.closing.verified.clone().unwrap();
        assert_eq!(signed.by.as_str(), "Sofia Supervisor");
        assert_eq!(signed.at, supervisor().at);
        let effective = state.effective().unwrap();
        let status = state.book.closing_status(&effective);
        assert_eq!(status.verified, Some((&signed, true)));
        // Verifying the same list again records nothing.
        let again = apply(&mut state, Command::VerifyStandings, &supervisor()).unwrap();
        assert_eq!(again.done, Done::Nothing);
        // The owner verifies by holding the role too.
        let owner = staff(&[StaffRole::Owner, StaffRole::Supervisor], "Olga");
        state.book.closing.verified = None;
        apply(&mut state, Command::VerifyStandings, &owner).unwrap();
        assert_eq!(state.book.closing.verified.unwrap().by.as_str(), "Olga");
    }

    #[test]
    fn a_changed_result_leaves_the_verification_outdated() {
        let mut state = finished();
        apply(&mut state, Command::VerifyStandings, &supervisor()).unwrap();
        let game = state.doc.games()[0].clone();
        let correction = Command::EnterResults {
            round: game.round,
            entries: vec![ResultEntry {
                board: game.board,
                result: GameResult::BlackWins,
                origin: ResultOrigin::Played,
                method: None,
                seen: Some((GameResult::WhiteWins, ResultOrigin::Played)),
            }],
            replace: true,
        };
        apply(&mut state, correction, &organiser()).unwrap();
        let effective = state.effective().unwrap();
        let status = state.book.closing_status(&effective);
        assert!(matches!(status.verified, Some((_, false))), "{status:?}");
    }

    #[test]
    fn the_organiser_records_the_egf_submission_and_a_colour_error_outdates_it() {
        // EGF GTR "Guidelines of organization" (testable rule 95).
        let mut state = cup(4);
        let early = apply(&mut state, Command::SubmitResults, &organiser());
        let not_final = Refusal::field("standings", "closing.error.not_final");
        assert_eq!(early.unwrap_err(), not_final);
        let mut state = finished();
        let refused = apply(&mut state, Command::SubmitResults, &supervisor());
        assert_eq!(refused.unwrap_err(), Refusal::Forbidden);
        let done = apply(&mut state, Command::SubmitResults, &organiser()).unwrap();
        assert_eq!(done.done, Done::Closing);
        assert_eq!(done.event, Event::SubmitResults);
        let signed = state.book.closing.submitted.clone().unwrap();
        assert_eq!(signed.at, organiser().at);
        let status = |state: &State| {
            let effective = state.effective().unwrap();
            matches!(
                state.book.closing_status(&effective).submitted,
                Some((_, true))
            )
        };
        assert!(status(&state));
        // The standings stay, the file does not: the colours played change.
        let game = state.doc.games()[0].clone();
        let played = Act::PlayedAs {
            game: GameRef {
                round: game.round,
                board: game.board,
            },
            restart: false,
            colours_swapped: true,
            handicap: Some(3),
        };
        let referee = staff(&[StaffRole::ChiefReferee], "Rita");
        apply(
            &mut state,
            Command::LogAct {
                act: played,
                replace: false,
            },
            &referee,
        )
        .unwrap();
        assert!(!status(&state), "to be sent again");
        let again = apply(&mut state, Command::SubmitResults, &organiser()).unwrap();
        assert_eq!(again.done, Done::Closing);
        assert!(status(&state));
    }

    /// An appeal against the last round's pairing that can change prizes.
    fn prize_filing(state: &State) -> Filing {
        let last = state.doc.last_round_with_game().unwrap();
        Filing {
            appellant: Party::Player(state.doc.games()[0].black),
            filed_by: FiledBy::Referee(Official::new("Rita").unwrap()),
            appealed: Appealed::Pairing(last),
            grounds: Reason::new("paired against a club mate").unwrap(),
            signatory: None,
            at: organiser().at,
            affects_prizes: true,
        }
    }

    /// Appeal #1, against the last round's pairing, decided by the
    /// committee and referred to the rules commission: open until it rules.
    fn escalated_prize_appeal(state: &mut State) -> AppealId {
        let filing = prize_filing(state);
        let committee = staff(&[StaffRole::AppealsMember], "Chair");
        apply(state, Command::FileAppeal { filing }, &organiser()).unwrap();
        let appeal = AppealId(1);
        apply(state, Command::TakeUpAppeal { appeal }, &committee).unwrap();
        let decision = Decision {
            outcome: Verdict::Rejected,
            reasons: Reason::new("no club mates were paired").unwrap(),
            signed_by: PANEL.map(|n| Official::new(n).unwrap()).to_vec(),
            at: organiser().at,
            remedies: vec![],
            could_not_meet: false,
        };
        let decide = Command::DecideAppeal { appeal, decision };
        apply(state, decide, &committee).unwrap();
        apply(state, Command::EscalateAppeal { appeal }, &organiser()).unwrap();
        appeal
    }

    #[test]
    fn an_open_prize_appeal_to_the_rules_commission_holds_back_the_winners() {
        // EGF GTR "EGF rules commission" (testable rule 82).
        let mut state = finished();
        let appeal = escalated_prize_appeal(&mut state);
        let refused = apply(&mut state, Command::DeclareWinners, &organiser());
        assert_eq!(
            refused.unwrap_err(),
            DisciplineError::PrizeAppealsOpen(vec![appeal]).into()
        );
        assert!(state.book.closing.declared.is_none(), "nothing recorded");
        let ruling = Decision {
            outcome: Verdict::Rejected,
            reasons: Reason::new("the count stands").unwrap(),
            signed_by: vec![Official::new("Rules Commission").unwrap()],
            at: organiser().at,
            remedies: vec![],
            could_not_meet: false,
        };
        let rule = Command::RuleOnAppeal { appeal, ruling };
        apply(&mut state, rule, &organiser()).unwrap();
        let supervisor_declares = apply(&mut state, Command::DeclareWinners, &supervisor());
        assert_eq!(supervisor_declares.unwrap_err(), Refusal::Forbidden);
        let done = apply(&mut state, Command::DeclareWinners, &organiser()).unwrap();
        assert_eq!(done.done, Done::Closing);
        let effective = state.effective().unwrap();
        let status = state.book.closing_status(&effective);
        assert!(status.holding.is_empty());
        assert!(matches!(status.declared, Some((_, true))));
        // An appeal opened afterwards holds the declaration back again.
        let filing = Filing {
            appealed: Appealed::Pairing(RoundNo::FIRST),
            ..prize_filing(&state)
        };
        apply(&mut state, Command::FileAppeal { filing }, &organiser()).unwrap();
        let effective = state.effective().unwrap();
        let status = state.book.closing_status(&effective);
        assert_eq!(status.holding, [AppealId(2)]);
        assert!(matches!(status.declared, Some((_, false))));
    }
}
