use super::team_tests::organiser;
use super::*;
use crate::core::access::StaffRole;
use crate::core::pairing::pair_round;
use crate::core::{Settings, System};

pub(super) fn referee() -> Context {
    Context {
        actor: Actor::Staff {
            roles: vec![StaffRole::Referee],
            admin: false,
            name: "Ref".into(),
        },
        ..organiser()
    }
}

pub(super) fn draft(name: &str, rank: &str) -> PlayerDraft {
    PlayerDraft {
        name: name.into(),
        rank: rank.into(),
        is_final: true,
        ..PlayerDraft::default()
    }
}

pub(super) fn cup(players: usize) -> State {
    let settings = Settings {
        system: System::McMahon,
        number_of_rounds: 3,
        ..Settings::default()
    };
    let mut state = State::new(Tournament::new(settings), Header::default());
    for i in 0..players {
        let command = Command::Register {
            draft: draft(&format!("Player{i}"), &format!("{}k", i + 1)),
            confirm_duplicate: false,
        };
        apply(&mut state, command, &organiser()).unwrap();
    }
    state
}

pub(super) fn pair_next(state: &mut State) -> RoundNo {
    let round = next_round(&state.doc).unwrap();
    let paired = pair_round(&state.effective().unwrap().tournament, round).unwrap();
    let command = Command::Pair {
        round,
        games: paired.games,
        bye: paired.bye,
    };
    apply(state, command, &organiser()).unwrap();
    round
}

#[test]
fn a_bad_player_is_refused_field_by_field_and_nothing_is_saved() {
    let mut state = cup(2);
    let bad = PlayerDraft {
        rating: "9999".into(),
        country: "Russia".into(),
        smms_correction: "7".into(),
        ..draft("", "strong")
    };
    let refusal = apply(
        &mut state,
        Command::Register {
            draft: bad,
            confirm_duplicate: true,
        },
        &organiser(),
    )
    .unwrap_err();
    let Refusal::Fields(problems) = refusal else {
        panic!("{refusal:?}")
    };
    let fields: Vec<_> = problems.iter().map(|p| p.field).collect();
    assert_eq!(
        fields,
        ["name", "rank", "rating", "country", "smms_correction"]
    );
    assert_eq!(state.doc.players().len(), 2);
}

#[test]
fn rounds_the_tournament_lacks_and_an_unknown_gender_are_refused_not_dropped() {
    let mut state = cup(2);
    let rounds = state.doc.settings().number_of_rounds;
    for plays in [vec![0, 1], vec![1, rounds + 1]] {
        let bad = PlayerDraft {
            rounds: Some(plays.clone()),
            gender: Some("x".into()),
            ..draft("Nobody", "3k")
        };
        let register = Command::Register {
            draft: bad,
            confirm_duplicate: true,
        };
        let refusal = apply(&mut state, register, &organiser()).unwrap_err();
        let Refusal::Fields(problems) = refusal else {
            panic!("{refusal:?}")
        };
        let fields: Vec<_> = problems.iter().map(|p| p.field).collect();
        assert_eq!(fields, ["rounds", "gender"], "{plays:?}");
    }
    assert_eq!(state.doc.players().len(), 2);
}

#[test]
fn a_referee_may_not_register_players() {
    let mut state = cup(0);
    let command = Command::Register {
        draft: draft("Ann", "2d"),
        confirm_duplicate: false,
    };
    assert_eq!(
        apply(&mut state, command, &referee()).unwrap_err(),
        Refusal::Forbidden
    );
}

#[test]
fn a_likely_duplicate_needs_the_organisers_word() {
    let mut state = cup(0);
    let ann = || Command::Register {
        draft: draft("Ivanova", "2d"),
        confirm_duplicate: false,
    };
    apply(&mut state, ann(), &organiser()).unwrap();
    let again = apply(&mut state, ann(), &organiser()).unwrap_err();
    assert!(matches!(again, Refusal::LikelyDuplicate(_)));
    let confirmed = Command::Register {
        draft: draft("IVANOVA", "2d"),
        confirm_duplicate: true,
    };
    apply(&mut state, confirmed, &organiser()).unwrap();
    assert_eq!(state.doc.players().len(), 2);
}

#[test]
fn a_name_typed_with_combining_accents_is_stored_composed_and_found_a_duplicate() {
    let mut state = cup(0);
    let register = |name: &str| Command::Register {
        draft: draft(name, "2d"),
        confirm_duplicate: false,
    };
    // "Hervé" typed on a keyboard that sends e and U+0301.
    apply(&mut state, register("  Herve\u{301} "), &organiser()).unwrap();
    assert_eq!(state.doc.players()[0].name, "Herv\u{e9}");
    let again = apply(&mut state, register("Herv\u{e9}"), &organiser()).unwrap_err();
    assert!(matches!(again, Refusal::LikelyDuplicate(_)));
}

#[test]
fn self_registration_is_refused_while_closed() {
    let mut state = cup(0);
    let public = Context {
        actor: Actor::Public,
        ..organiser()
    };
    let command = || Command::SelfRegister {
        draft: draft("Ann", "2d"),
    };
    assert_eq!(
        apply(&mut state, command(), &public).unwrap_err(),
        Refusal::RegistrationClosed
    );
    state.header.registration_open = true;
    apply(&mut state, command(), &public).unwrap();
    assert_eq!(
        state.doc.players()[0].registration,
        crate::core::Registration::Preliminary
    );
}

#[test]
fn a_locked_round_refuses_results_and_publishing_marks_the_round() {
    let mut state = cup(4);
    let round = pair_next(&mut state);
    apply(&mut state, Command::Publish { round }, &organiser()).unwrap();
    assert!(state.is_published(round));
    let board = BoardNo::new(1).unwrap();
    let entry = |result| ResultEntry {
        board,
        result,
        origin: crate::core::ResultOrigin::Played,
        method: None,
        seen: None,
    };
    let white_wins = Command::EnterResults {
        round,
        entries: vec![entry(crate::core::GameResult::WhiteWins)],
        replace: false,
    };
    apply(&mut state, white_wins, &referee()).unwrap();
    apply(&mut state, Command::Lock { round }, &organiser()).unwrap();
    let black_wins = Command::EnterResults {
        round,
        entries: vec![entry(crate::core::GameResult::BlackWins)],
        replace: true,
    };
    let refusal = apply(&mut state, black_wins, &referee()).unwrap_err();
    let Refusal::Results(problems) = refusal else {
        panic!("{refusal:?}")
    };
    assert!(problems.contains(&ResultProblem::Locked), "{problems:?}");
}

#[test]
fn a_known_result_is_replaced_only_when_seen_or_confirmed() {
    let mut state = cup(4);
    let round = pair_next(&mut state);
    let board = BoardNo::new(1).unwrap();
    let played = crate::core::ResultOrigin::Played;
    let enter = |result, seen, replace| Command::EnterResults {
        round,
        entries: vec![ResultEntry {
            board,
            result,
            origin: played,
            method: None,
            seen,
        }],
        replace,
    };
    use crate::core::GameResult::{BlackWins, Unknown, WhiteWins};
    apply(&mut state, enter(WhiteWins, None, false), &referee()).unwrap();
    let blind = apply(
        &mut state,
        enter(BlackWins, Some((Unknown, played)), false),
        &referee(),
    );
    assert!(matches!(blind, Err(Refusal::Results(_))));
    let seen = enter(BlackWins, Some((WhiteWins, played)), false);
    apply(&mut state, seen, &referee()).unwrap();
    assert_eq!(state.doc.game_on(round, board).unwrap().result, BlackWins);
}

#[test]
fn draw_numbers_are_fixed_when_the_first_round_is_paired() {
    let mut state = cup(4);
    let mut settings = state.doc.settings().clone();
    settings.system = System::RoundRobin;
    state.doc.set_settings(settings);
    pair_next(&mut state);
    assert!(state.doc.players().iter().all(|p| p.draw_number.is_some()));
}

#[test]
fn unpairing_forgets_the_rounds_marks() {
    let mut state = cup(4);
    let round = pair_next(&mut state);
    apply(&mut state, Command::Publish { round }, &organiser()).unwrap();
    apply(&mut state, Command::Unpair { round }, &organiser()).unwrap();
    assert!(!state.is_published(round));
    assert!(!state.doc.is_paired(round));
}

#[test]
fn a_komi_or_handicap_change_after_round_one_leaves_its_games_as_they_were_paired() {
    // EGF GTR (derived): each game keeps the komi and handicap it was paired
    // with; a later change of the tournament's komi applies to later rounds only.
    let mut state = State::new(
        Tournament::new(Settings {
            system: System::McMahon,
            number_of_rounds: 3,
            ..Settings::default()
        }),
        Header::default(),
    );
    for (name, rank) in [("Ann", "1d"), ("Bob", "2k"), ("Cas", "6k"), ("Dan", "10k")] {
        let command = Command::Register {
            draft: draft(name, rank),
            confirm_duplicate: false,
        };
        apply(&mut state, command, &organiser()).unwrap();
    }
    let first = pair_next(&mut state);
    let snapshot = |state: &State| -> Vec<(u32, u8, crate::core::HalfPoints)> {
        state
            .doc
            .games()
            .iter()
            .filter(|g| g.round == first)
            .map(|g| (g.board.get(), g.handicap, g.komi))
            .collect()
    };
    let before = snapshot(&state);
    assert!(before.iter().any(|&(_, h, _)| h > 0), "{before:?}");
    let old_komi = state.doc.settings().rules.komi;
    let new_komi = crate::core::HalfPoints::from_halves(11);
    assert_ne!(old_komi, new_komi);
    let mut settings = state.doc.settings().clone();
    settings.general.name = "Cup".into();
    settings.general.short_name = "cup".into();
    settings.rules.komi = new_komi;
    settings.handicap.ceiling = 0;
    let command = Command::ChangeSettings {
        settings: Box::new(settings),
        header: Header::default(),
        discipline: None,
    };
    apply(&mut state, command, &organiser()).unwrap();
    assert_eq!(snapshot(&state), before);
    // The change is in force: round 2 is paired even, with the new komi.
    let second = pair_next(&mut state);
    let later: Vec<_> = state
        .doc
        .games()
        .iter()
        .filter(|g| g.round == second)
        .map(|g| (g.handicap, g.komi))
        .collect();
    assert!(!later.is_empty());
    assert!(later.iter().all(|&k| k == (0, new_komi)), "{later:?}");
}

#[test]
fn referees_and_committee_members_cannot_publish_a_pairing_and_the_organisers_can() {
    // EGF GTR, Officials: the drawmaster (or the TD) publishes the pairing.
    // Tengen has no drawmaster role: the owner and co-organisers draw.
    let mut state = cup(4);
    let round = pair_next(&mut state);
    let staff = |role: StaffRole| Context {
        actor: Actor::Staff {
            roles: vec![role],
            admin: false,
            name: "Staff".into(),
        },
        ..organiser()
    };
    for role in [StaffRole::Referee, StaffRole::AppealsMember] {
        let refused = apply(&mut state, Command::Publish { round }, &staff(role));
        assert!(matches!(refused, Err(Refusal::Forbidden)), "{role:?}");
        assert!(!state.is_published(round));
    }
    apply(
        &mut state,
        Command::Publish { round },
        &staff(StaffRole::CoOrganiser),
    )
    .unwrap();
    assert!(state.is_published(round));
}

#[test]
fn a_referee_cannot_log_an_appeal_decision_of_their_own() {
    let mut state = cup(2);
    let decision = Act::Decision {
        appeal: crate::core::discipline::AppealId(1),
        level: crate::core::discipline::Level::Committee,
        remedies: vec![],
    };
    let refused = apply(
        &mut state,
        Command::LogAct {
            act: decision,
            replace: false,
        },
        &referee(),
    );
    assert_eq!(refused.unwrap_err(), Refusal::Forbidden);
    assert!(state.book.log.entries().is_empty());
}
