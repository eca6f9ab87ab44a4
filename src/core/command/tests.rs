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

fn draft(name: &str, rank: &str) -> PlayerDraft {
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

/// EGF GTR "Colour or handicap error", RFG 22.1: noticed after the third
/// move, the game goes on and is recorded as played; later colour balances
/// read what was played, and the winner stays the winner.
#[test]
fn a_colour_error_noticed_late_is_recorded_as_played_and_the_colour_balance_reads_it() {
    use crate::core::discipline::GameRef;
    use crate::core::pairing::colours::wb_balance;
    use crate::core::round::{GameResult, ResultOrigin};
    let mut state = cup(0);
    for name in ["Ann", "Bob", "Cid", "Dan"] {
        let command = Command::Register {
            draft: draft(name, "2d"),
            confirm_duplicate: false,
        };
        apply(&mut state, command, &organiser()).unwrap();
    }
    let round = pair_next(&mut state);
    let paired = state.doc.games()[0].clone();
    assert_eq!(paired.handicap, 0);
    state
        .doc
        .set_result(
            round,
            paired.board,
            GameResult::WhiteWins,
            ResultOrigin::Played,
        )
        .unwrap();
    let paired = state.doc.games()[0].clone();
    let game = GameRef {
        round,
        board: paired.board,
    };
    let played_as = |restart, colours_swapped, handicap| Command::LogAct {
        act: Act::PlayedAs {
            game,
            restart,
            colours_swapped,
            handicap,
        },
        replace: false,
    };
    // Noticed before the third move: the game restarts as paired.
    apply(&mut state, played_as(true, false, None), &referee()).unwrap();
    assert_eq!(state.doc.games()[0], paired);
    // Nothing said about what was played: refused.
    assert!(apply(&mut state, played_as(false, false, None), &referee()).is_err());

    apply(&mut state, played_as(false, true, None), &referee()).unwrap();
    let recorded = state.doc.game_on(round, paired.board).unwrap();
    assert_eq!(
        (recorded.white, recorded.black),
        (paired.black, paired.white)
    );
    assert_eq!(
        recorded.result,
        GameResult::BlackWins,
        "the winner stays the winner"
    );
    let next = RoundNo::new(2).unwrap();
    assert_eq!(wb_balance(&state.doc, next, paired.white), -1);
    assert_eq!(wb_balance(&state.doc, next, paired.black), 1);
    assert_eq!(state.book.log.entries().len(), 2);
}

/// A swap under a result ruled by colour would hand that ruling to the
/// other player: it is refused until the result is corrected.
#[test]
fn colours_are_not_swapped_under_a_corrected_result() {
    use crate::core::discipline::{GameRef, Reason};
    use crate::core::round::{GameResult, ResultOrigin};
    let mut state = cup(4);
    let round = pair_next(&mut state);
    let game = GameRef {
        round,
        board: state.doc.games()[0].board,
    };
    let correction = Act::Correction {
        game,
        result: GameResult::WhiteWins,
        origin: ResultOrigin::Played,
        method: None,
        reason: Reason::new("slip misread").unwrap(),
    };
    apply(
        &mut state,
        Command::LogAct {
            act: correction,
            replace: false,
        },
        &referee(),
    )
    .unwrap();
    let swap = Act::PlayedAs {
        game,
        restart: false,
        colours_swapped: true,
        handicap: Some(2),
    };
    let refused = apply(
        &mut state,
        Command::LogAct {
            act: swap,
            replace: false,
        },
        &referee(),
    )
    .unwrap_err();
    assert!(matches!(
        refused,
        Refusal::Discipline(crate::core::discipline::DisciplineError::ColoursUnderRuling { .. })
    ));
}

/// EGF GTR "Colour or handicap error": a handicap error noticed late
/// records the stones actually placed, which the rating export reads from
/// the game; more than nine is refused.
#[test]
fn a_handicap_error_noticed_late_records_the_stones_placed() {
    use crate::core::discipline::{DisciplineError, GameRef};
    let mut state = cup(4);
    let round = pair_next(&mut state);
    let board = state.doc.games()[0].board;
    let placed = |stones| Command::LogAct {
        act: Act::PlayedAs {
            game: GameRef { round, board },
            restart: false,
            colours_swapped: false,
            handicap: Some(stones),
        },
        replace: false,
    };
    let refused = apply(&mut state, placed(12), &referee()).unwrap_err();
    assert_eq!(
        refused,
        Refusal::Discipline(DisciplineError::HandicapOutOfRange(12))
    );
    apply(&mut state, placed(3), &referee()).unwrap();
    assert_eq!(state.doc.game_on(round, board).unwrap().handicap, 3);
}
