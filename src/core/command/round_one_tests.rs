//! What must be settled before round 1 is paired: an official event's
//! officials (GTR "Officials", "Appeals committee"; RFG 26.4 а), and the
//! adjournment times where games may be adjourned (GTR "Adjournment").

use super::team_tests::organiser;
use super::tests::{cup, pair_next};
use super::*;
use crate::core::discipline::Official;
use crate::core::pairing::pair_round;
use crate::core::settings::{Level, PanelMember, Resumption};

fn pair_first(state: &mut State) -> Result<Outcome, Refusal> {
    let paired = pair_round(&state.effective().unwrap().tournament, RoundNo::FIRST).unwrap();
    let command = Command::Pair {
        round: RoundNo::FIRST,
        games: paired.games,
        bye: paired.bye,
    };
    apply(state, command, &organiser())
}

fn member(name: &str) -> Member {
    Member {
        name: Official::new(name).unwrap(),
        player: None,
    }
}

#[test]
fn an_egf_tournament_is_not_paired_before_its_certified_referee_and_committee_are_named() {
    let mut state = cup(6);
    let mut settings = state.doc.settings().clone();
    settings.general.level = Level::International;
    state.doc.set_settings(settings.clone());
    let Err(Refusal::Fields(missing)) = pair_first(&mut state) else {
        panic!("round 1 paired without officials")
    };
    let keys: Vec<_> = missing.iter().map(|p| p.key).collect();
    assert_eq!(keys, ["advice.committee", "advice.egf_referee"]);
    assert!(!state.doc.is_paired(RoundNo::FIRST), "nothing saved");
    let fix = Command::FixCommittee {
        members: vec![member("Chair"), member("Two"), member("Three")],
        reserves: vec![member("Reserve")],
    };
    apply(&mut state, fix, &organiser()).unwrap();
    settings.general.panel.chief_referee = PanelMember {
        name: "Chief".into(),
        category: "EGF certified".into(),
    };
    state.doc.set_settings(settings);
    pair_first(&mut state).unwrap();
    assert!(state.doc.is_paired(RoundNo::FIRST));
}

#[test]
fn a_local_event_pairs_round_one_without_a_committee() {
    let mut state = cup(4);
    assert_eq!(pair_next(&mut state), RoundNo::FIRST);
}

#[test]
fn round_one_waits_for_the_adjournment_times_and_their_maximal_duration() {
    let mut state = cup(4);
    let mut settings = state.doc.settings().clone();
    settings.adjournment.allowed = true;
    state.doc.set_settings(settings.clone());
    let Err(Refusal::Fields(missing)) = pair_first(&mut state) else {
        panic!("round 1 paired before the adjournment times were published")
    };
    let keys: Vec<_> = missing.iter().map(|p| (p.field, p.key)).collect();
    assert_eq!(keys, [("round", "advice.adjournment")]);
    assert!(!state.doc.is_paired(RoundNo::FIRST), "nothing saved");
    settings.adjournment.times = vec![Resumption::parse("2026-05-10 10:00").unwrap()];
    state.doc.set_settings(settings.clone());
    assert!(
        pair_first(&mut state).is_err(),
        "the maximal duration is missing"
    );
    settings.adjournment.max_minutes = Some(16 * 60);
    state.doc.set_settings(settings);
    pair_first(&mut state).unwrap();
    assert!(state.doc.is_paired(RoundNo::FIRST));
}
