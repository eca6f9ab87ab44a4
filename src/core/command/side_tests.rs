//! Pair go and rengo sides through the door (RFG code App. 4 §3), and the
//! settings a knockout or a team event may not take.

use super::team_tests::organiser;
use super::*;
use crate::core::pairing::colours::{ColourInput, signed_handicap};
use crate::core::settings::Sides;
use crate::core::{Settings, System};

/// The refusal of `state`'s settings as `change` leaves them.
fn change_settings(state: &mut State, change: impl Fn(&mut Settings)) -> Refusal {
    let mut settings = state.doc.settings().clone();
    settings.general.name = "Cup".into();
    settings.general.short_name = "cup".into();
    change(&mut settings);
    let command = Command::ChangeSettings {
        settings: Box::new(settings),
        header: Header::default(),
        discipline: None,
    };
    apply(state, command, &organiser()).unwrap_err()
}

fn event(sides: Sides) -> State {
    let settings = Settings {
        sides,
        ..Settings::default()
    };
    State::new(Tournament::new(settings), Header::default())
}

fn register(state: &mut State, name: &str, members: &str) -> Result<Outcome, Refusal> {
    let draft = PlayerDraft {
        name: name.into(),
        members: members.into(),
        is_final: true,
        ..PlayerDraft::default()
    };
    let command = Command::Register {
        draft,
        confirm_duplicate: true,
    };
    apply(state, command, &organiser())
}

fn problems(refusal: Refusal) -> Vec<(&'static str, &'static str)> {
    let Refusal::Fields(problems) = refusal else {
        panic!("{refusal:?}")
    };
    problems.iter().map(|p| (p.field, p.key)).collect()
}

#[test]
fn a_pair_takes_its_name_rating_and_rank_from_its_members() {
    let mut state = event(Sides::PairGo);
    register(&mut state, "", "Ivanova Anna, 2150, f\nPetrov Boris, 1k, m").unwrap();
    let side = &state.doc.players()[0];
    assert_eq!(side.name, "Ivanova Anna & Petrov Boris");
    assert_eq!(side.members.len(), 2);
    assert_eq!(side.members[1].rating.gor(), 2000, "1k is 2000 GoR");
    assert_eq!(side.rating.gor(), 2075, "the mean, rounded");
    assert_eq!(side.rank.to_string(), "1D", "the mean's rank");
}

#[test]
fn a_sides_members_read_back_as_typed_lines_save_unchanged() {
    let mut state = event(Sides::PairGo);
    register(&mut state, "", "Ivanova Anna, 2150, ж\nPetrov Boris, 1k, м").unwrap();
    let side = state.doc.players()[0].clone();
    let lines: Vec<String> = side.members.iter().map(member_line).collect();
    assert_eq!(lines, ["Ivanova Anna, 2150, f", "Petrov Boris, 2000, m"]);
    register(&mut state, "", &lines.join("\n")).unwrap();
    assert_eq!(state.doc.players()[1].members, side.members);
}

#[test]
fn a_side_of_the_wrong_size_or_an_unreadable_line_is_refused() {
    let mut pairs = event(Sides::PairGo);
    let three = register(&mut pairs, "", "A, 1k\nB, 2k\nC, 3k").unwrap_err();
    assert_eq!(problems(three), [("members", "side.error.pair")]);
    let unreadable = register(&mut pairs, "", "A, 1k\nB without strength").unwrap_err();
    assert_eq!(problems(unreadable), [("members", "side.error.line")]);
    // A mixed pair is one woman and one man (Ukrainian rules IV.1.2).
    for same in ["A, 1k, f\nB, 2k, f", "A, 1k, m\nB, 2k, m", "A, 1k\nB, 2k"] {
        let refused = register(&mut pairs, "", same).unwrap_err();
        assert_eq!(
            problems(refused),
            [("members", "side.error.pair_genders")],
            "{same}"
        );
    }
    // The woman moves first (RFG App. 4 §3.3), so she is listed first.
    let man_first = register(&mut pairs, "", "A, 1k, м\nB, 2k, ж").unwrap_err();
    assert_eq!(problems(man_first), [("members", "side.error.pair_order")]);
    assert!(register(&mut pairs, "", "B, 2k, ж\nA, 1k, м").is_ok());
    pairs = event(Sides::PairGo);
    let mut rengo = event(Sides::Rengo);
    assert!(register(&mut rengo, "Trio", "A, 1k\nB, 2k\nC, 3k").is_ok());
    let mut single = event(Sides::Individual);
    let members = register(&mut single, "Solo", "A, 1k\nB, 2k").unwrap_err();
    assert_eq!(problems(members), [("members", "side.error.individual")]);
    assert!(pairs.doc.players().is_empty() && single.doc.players().is_empty());
}

#[test]
fn the_handicap_between_sides_is_their_mean_difference_rounded_up() {
    let mut state = event(Sides::PairGo);
    // Means 2100 and 1950: 1.5 stones, rounded up to 2 (§3.7.5).
    register(&mut state, "", "A, 2200, f\nB, 2000, m").unwrap();
    register(&mut state, "", "C, 1950, f\nD, 1950, m").unwrap();
    let players = state.doc.players();
    let input = |k: usize| ColourInput {
        player: &players[k],
        mms2: 0,
        wb_balance: 0,
    };
    let settings = state.doc.settings().handicap;
    assert_eq!(signed_handicap(&settings, &input(0), &input(1)), 2);
    assert_eq!(signed_handicap(&settings, &input(1), &input(0)), -2);
    let even = crate::core::settings::HandicapSettings {
        ceiling: 0,
        ..settings
    };
    assert_eq!(signed_handicap(&even, &input(0), &input(1)), 0);
}

#[test]
fn who_plays_cannot_change_once_entries_are_registered() {
    let mut state = event(Sides::PairGo);
    register(&mut state, "", "A, 1k, f\nB, 2k, m").unwrap();
    let refusal = change_settings(&mut state, |s| s.sides = Sides::Individual);
    assert_eq!(
        problems(refusal),
        [("sides", "side.error.players_registered")]
    );
}

#[test]
fn knockout_and_team_settings_out_of_their_rules_are_refused() {
    let mut state = event(Sides::Individual);
    let refusal = change_settings(&mut state, |s| {
        s.system = System::McMahon;
        s.best_of = 3;
        s.losers_play_on = true;
        s.two_losses_eliminate = true;
        s.teams.team_size = 12;
    });
    assert_eq!(
        problems(refusal),
        [
            ("two_losses", "settings.error.two_losses_and_places"),
            ("best_of", "matches.error.system"),
            ("boards", "form.number_range"),
        ]
    );
}
