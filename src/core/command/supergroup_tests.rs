//! The supergroup setting (RFG code App. 7 §1.3 б–в) as commands meet it.

use super::team_tests::organiser;
use super::*;
use crate::core::Rank;

fn field(supergroup: bool) -> State {
    let mut state = super::tests::cup(2);
    let mut settings = state.doc.settings().clone();
    settings.mcmahon.bar = Rank::Dan(2);
    settings.supergroup = supergroup;
    state.doc.set_settings(settings);
    state
}

fn register(state: &mut State, correction: &str) -> Result<Outcome, Refusal> {
    let draft = PlayerDraft {
        name: "Strong".into(),
        rank: "4d".into(),
        is_final: true,
        smms_correction: correction.into(),
        ..PlayerDraft::default()
    };
    let command = Command::Register {
        draft,
        confirm_duplicate: false,
    };
    apply(state, command, &organiser())
}

fn settings_with(state: &State, supergroup: bool) -> Command {
    let mut settings = state.doc.settings().clone();
    settings.supergroup = supergroup;
    Command::ChangeSettings {
        settings: Box::new(settings),
        header: state.header.clone(),
        discipline: None,
    }
}

fn refused(outcome: Result<Outcome, Refusal>, key: &str) -> bool {
    matches!(outcome, Err(Refusal::Fields(p)) if p.iter().any(|p| p.key == key))
}

#[test]
fn nobody_starts_in_a_supergroup_until_the_settings_enable_one() {
    let mut state = field(false);
    assert!(refused(
        register(&mut state, "1"),
        "player.error.supergroup_off"
    ));
    assert!(
        register(&mut state, "0").is_ok(),
        "in the bar group: no supergroup"
    );
    let mut state = field(false);
    let on = settings_with(&state, true);
    apply(&mut state, on, &organiser()).unwrap();
    assert!(register(&mut state, "1").is_ok());
    let member = state.doc.players().last().unwrap().clone();
    assert!(crate::core::supergroup::in_supergroup(
        state.doc.settings(),
        &member
    ));
}

#[test]
fn the_supergroup_is_turned_off_only_once_nobody_starts_in_it() {
    let mut state = field(true);
    register(&mut state, "1").unwrap();
    let off = settings_with(&state, false);
    assert!(refused(
        apply(&mut state, off, &organiser()),
        "settings.error.supergroup_in_use"
    ));
    assert!(state.doc.settings().supergroup);
}

#[test]
fn only_a_supervisor_confirms_the_supergroup_and_a_new_member_outdates_it() {
    // GTR "Officials" (EGF testable rule 94).
    use crate::core::access::StaffRole;
    let staff = |role: StaffRole| Context {
        actor: Actor::Staff {
            roles: vec![role],
            admin: false,
            name: format!("{role:?}"),
        },
        ..organiser()
    };
    let mut state = field(true);
    assert!(refused(
        apply(
            &mut state,
            Command::ConfirmSupergroup,
            &staff(StaffRole::Supervisor)
        ),
        "supergroup.error.empty"
    ));
    register(&mut state, "1").unwrap();
    for role in [
        StaffRole::Owner,
        StaffRole::ChiefReferee,
        StaffRole::CoOrganiser,
    ] {
        let refused = apply(&mut state, Command::ConfirmSupergroup, &staff(role));
        assert_eq!(refused.unwrap_err(), Refusal::Forbidden, "{role:?}");
    }
    apply(
        &mut state,
        Command::ConfirmSupergroup,
        &staff(StaffRole::Supervisor),
    )
    .unwrap();
    let (signed, current) = state.book.supergroup_confirmation(&state.doc).unwrap();
    assert!(current);
    assert_eq!(signed.by.as_str(), "Supervisor");
    let newcomer = Command::Register {
        draft: PlayerDraft {
            name: "Stronger".into(),
            rank: "5d".into(),
            is_final: true,
            smms_correction: "1".into(),
            ..PlayerDraft::default()
        },
        confirm_duplicate: false,
    };
    apply(&mut state, newcomer, &organiser()).unwrap();
    let (_, current) = state.book.supergroup_confirmation(&state.doc).unwrap();
    assert!(!current, "a member added since is not what was confirmed");
}
