//! A team event through the commands: teams registered, line-ups checked
//! and filed, teams paired board by board, results read as team standings.

use super::*;
use crate::core::access::StaffRole;
use crate::core::discipline::Act;
use crate::core::discipline::Moment;
use crate::core::teams::BoardOrder;
use crate::core::teams::pairing::pair_teams;
use crate::core::{GameResult, ResultOrigin, Settings, System};

pub(super) fn at(seconds: i64) -> Moment {
    Moment::from_unix_seconds(1_700_000_000 + seconds)
}

pub(super) fn organiser() -> Context {
    Context {
        at: at(0),
        actor: Actor::Staff {
            roles: vec![StaffRole::Owner],
            admin: false,
            name: "Org".into(),
        },
    }
}

pub(super) fn captain(player: PlayerId, seconds: i64) -> Context {
    Context {
        at: at(seconds),
        actor: Actor::Player(player),
    }
}

/// `teams` teams of three, each member a kyu weaker than the one before,
/// team 1 the strongest; each team's first member is its captain.
pub(super) fn event(teams: u32, order: BoardOrder, reserves: u32) -> State {
    let mut settings = Settings {
        system: System::Swiss,
        number_of_rounds: 5,
        ..Settings::default()
    };
    settings.teams.team_size = 3;
    // Even games, as team events mostly are (handicap is tested apart).
    settings.handicap.ceiling = 0;
    settings.teams.board_order = order;
    settings.teams.reserves = reserves;
    let mut state = State::new(Tournament::new(settings), Header::default());
    for team in 0..teams {
        let mut members = Vec::new();
        for board in 0..3 + reserves {
            let draft = PlayerDraft {
                name: format!("T{}P{}", team + 1, board + 1),
                rank: format!("{}k", team + board + 1),
                is_final: true,
                ..PlayerDraft::default()
            };
            let command = Command::Register {
                draft,
                confirm_duplicate: false,
            };
            match apply(&mut state, command, &organiser()).unwrap().done {
                Done::Player { id, .. } => members.push(id),
                other => panic!("{other:?}"),
            }
        }
        let draft = TeamDraft {
            name: format!("Team {}", team + 1),
            reserves: members[3..].to_vec(),
            captain: Some(members[0]),
            members,
        };
        apply(&mut state, Command::RegisterTeam { draft }, &organiser()).unwrap();
    }
    state
}

pub(super) fn members(state: &State, team: u32) -> Vec<PlayerId> {
    state.doc.team(team).unwrap().members.clone()
}

pub(super) fn pair(state: &mut State) -> RoundNo {
    let round = next_round(&state.doc).unwrap();
    let paired = pair_teams(&state.effective().unwrap().tournament, round).unwrap();
    let command = Command::Pair {
        round,
        games: paired.games,
        bye: None,
    };
    apply(state, command, &organiser()).unwrap();
    round
}

pub(super) fn submit(team: u32, round: u32, boards: Vec<PlayerId>) -> Command {
    Command::SubmitLineUp {
        team,
        round: RoundNo::new(round).unwrap(),
        boards: boards.into_iter().map(Some).collect(),
    }
}

pub(super) fn keys(refusal: Refusal) -> Vec<(&'static str, String)> {
    let Refusal::Fields(problems) = refusal else {
        panic!("{refusal:?}")
    };
    problems
        .into_iter()
        .map(|p| {
            let article = p.args.iter().find(|(k, _)| *k == "article");
            (p.key, article.map(|(_, a)| a.clone()).unwrap_or_default())
        })
        .collect()
}

/// The games of `round`.
pub(super) fn games_of(state: &State, round: RoundNo) -> Vec<&Game> {
    state
        .doc
        .games()
        .iter()
        .filter(|g| g.round == round)
        .collect()
}

/// Enters on every board of `round` the result `result` gives its game.
pub(super) fn every_board(state: &mut State, round: RoundNo, result: impl Fn(&Game) -> GameResult) {
    let entries = state
        .doc
        .games()
        .iter()
        .filter(|g| g.round == round)
        .map(|g| ResultEntry {
            board: g.board,
            result: result(g),
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

#[test]
fn six_teams_of_three_boards_pair_into_nine_games_with_colours_alternating_down_the_boards() {
    let mut state = event(6, BoardOrder::Free, 0);
    let round = pair(&mut state);
    let games = games_of(&state, round);
    assert_eq!(games.len(), 9);
    for team in state.doc.teams() {
        let seats: Vec<_> = team.boards.iter().filter(|b| b.round == round).collect();
        assert_eq!(
            seats.len(),
            3,
            "{} plays round 1 on its three boards",
            team.name
        );
        let colours: Vec<_> = seats
            .iter()
            .map(|s| {
                let game = games
                    .iter()
                    .find(|g| g.colour_of(s.player).is_some())
                    .unwrap();
                game.colour_of(s.player).unwrap()
            })
            .collect();
        assert_ne!(colours[0], colours[1], "{}: boards 1 and 2", team.name);
        assert_eq!(colours[0], colours[2], "{}: boards 1 and 3", team.name);
    }
}

#[test]
fn each_line_up_rule_is_refused_with_its_article() {
    let mut state = event(2, BoardOrder::FixedByStrength, 1);
    let (one, two) = (members(&state, 1), members(&state, 2));
    let cases = [
        (vec![one[0], two[1], one[2]], "lineup.not_in_team"),
        (vec![one[0], one[0], one[2]], "lineup.twice"),
        (vec![one[1], one[0], one[2]], "lineup.weaker_above"),
        (vec![one[0], one[1]], "lineup.board_count"),
    ];
    for (boards, key) in cases {
        let refusal = apply(&mut state, submit(1, 1, boards), &organiser()).unwrap_err();
        assert_eq!(keys(refusal), [(key, "RFG App. 4 §1.2".to_string())]);
    }
    assert!(
        state.doc.team(1).unwrap().boards.is_empty(),
        "nothing was filed"
    );
    // One reserve may play, by strength (the reserve is the weakest member).
    apply(
        &mut state,
        submit(1, 1, vec![one[0], one[1], one[3]]),
        &organiser(),
    )
    .unwrap();
}

#[test]
fn more_reserves_than_allowed_are_refused() {
    let mut state = event(1, BoardOrder::Free, 2);
    let mut settings = state.doc.settings().clone();
    settings.teams.reserves = 1;
    state.doc.set_settings(settings);
    let m = members(&state, 1);
    let command = submit(1, 1, vec![m[0], m[3], m[4]]);
    let refusal = apply(&mut state, command, &organiser()).unwrap_err();
    assert_eq!(keys(refusal)[0].0, "lineup.too_many_reserves");
}

#[test]
fn only_the_captain_submits_through_a_link_and_a_late_line_up_is_flagged_not_refused() {
    let mut state = event(2, BoardOrder::Free, 0);
    let m = members(&state, 1);
    let line_up = vec![m[2], m[1], m[0]];
    let not_captain = apply(&mut state, submit(1, 1, line_up.clone()), &captain(m[1], 0));
    assert_eq!(not_captain.unwrap_err(), Refusal::Forbidden);
    apply(&mut state, submit(1, 1, line_up.clone()), &captain(m[0], 0)).unwrap();
    let filed = state.doc.team(1).unwrap().filed[0];
    assert_eq!((filed.by_captain, filed.late_minutes), (true, None));
    // The round is paired, and the referee starts it an hour later; the
    // next line-up comes five minutes after the start, twenty after the
    // 15-minute deadline.
    pair(&mut state);
    let mut referee = organiser();
    referee.at = at(3600);
    let start = Act::StartRound {
        round: RoundNo::FIRST,
        board: None,
    };
    apply(
        &mut state,
        Command::LogAct {
            act: start,
            replace: false,
        },
        &referee,
    )
    .unwrap();
    apply(
        &mut state,
        submit(1, 1, vec![m[0], m[1], m[2]]),
        &captain(m[0], 3900),
    )
    .unwrap();
    let filed = state.doc.team(1).unwrap().filed.clone();
    assert_eq!(filed.len(), 1, "one filing per round, the last");
    assert_eq!(filed[0].late_minutes, Some(20));
}

#[test]
fn a_line_up_is_late_against_the_programmes_start_before_any_referee_press() {
    // RFG App. 4 §1.2: the round officially starts at 10:00 in Kyiv
    // (07:00 UTC in May); the deadline is 15 minutes before. A line-up
    // filed at 09:55 is 10 minutes late though nobody pressed "start".
    let mut state = event(2, BoardOrder::Free, 0);
    state.header.time_zone = "Europe/Kyiv".into();
    let start = crate::core::schedule::Start::parse("2026-05-10 10:00").unwrap();
    state.rounds.entry(1).or_default().start = Some(start);
    let official = start.unix_seconds("Europe/Kyiv").unwrap();
    assert_eq!(official % 86_400, 7 * 3600, "10:00 in Kyiv is 07:00 UTC");
    let m = members(&state, 1);
    let filed_at = official - 5 * 60 - at(0).unix_seconds();
    apply(
        &mut state,
        submit(1, 1, vec![m[0], m[1], m[2]]),
        &captain(m[0], filed_at),
    )
    .unwrap();
    let filed = state.doc.team(1).unwrap().filed[0];
    assert_eq!(filed.late_minutes, Some(10));
}

#[test]
fn a_line_up_changed_after_the_pairing_reseats_the_boards_until_a_result_is_in() {
    let mut state = event(2, BoardOrder::Free, 0);
    let round = pair(&mut state);
    let m = members(&state, 1);
    let game_of = |state: &State, p| {
        state
            .doc
            .games()
            .iter()
            .find(|g| g.round == round && g.colour_of(p).is_some())
            .map(|g| g.board)
    };
    let (board_one, board_two) = (game_of(&state, m[0]), game_of(&state, m[1]));
    apply(
        &mut state,
        submit(1, 1, vec![m[1], m[0], m[2]]),
        &organiser(),
    )
    .unwrap();
    assert_eq!(game_of(&state, m[1]), board_one);
    assert_eq!(game_of(&state, m[0]), board_two);
    let entry = ResultEntry {
        board: board_one.unwrap(),
        result: GameResult::WhiteWins,
        origin: ResultOrigin::Played,
        method: None,
        seen: None,
    };
    let enter = Command::EnterResults {
        round,
        entries: vec![entry],
        replace: false,
    };
    apply(&mut state, enter, &organiser()).unwrap();
    let back = apply(
        &mut state,
        submit(1, 1, vec![m[0], m[1], m[2]]),
        &organiser(),
    );
    assert_eq!(keys(back.unwrap_err())[0].0, "lineup.board_has_result");
}

#[test]
fn a_member_is_in_one_team_and_stays_while_in_a_paired_line_up() {
    let mut state = event(2, BoardOrder::Free, 0);
    let (one, two) = (members(&state, 1), members(&state, 2));
    let poach = TeamDraft {
        name: "Team 1".into(),
        members: vec![one[0], one[1], one[2], two[0]],
        ..TeamDraft::default()
    };
    let refusal = apply(
        &mut state,
        Command::EditTeam {
            team: 1,
            draft: poach,
        },
        &organiser(),
    );
    assert_eq!(keys(refusal.unwrap_err())[0].0, "teams.member_elsewhere");
    pair(&mut state);
    let delete = apply(
        &mut state,
        Command::DeletePlayer { player: one[2] },
        &organiser(),
    );
    assert!(delete.is_err());
    let smaller = TeamDraft {
        name: "Team 1".into(),
        members: vec![one[0], one[1]],
        ..TeamDraft::default()
    };
    let edit = Command::EditTeam {
        team: 1,
        draft: smaller,
    };
    let refused: Vec<_> = keys(apply(&mut state, edit, &organiser()).unwrap_err());
    assert!(refused.iter().any(|(k, _)| *k == "teams.member_has_played"));
    let gone = apply(&mut state, Command::DeleteTeam { team: 1 }, &organiser());
    assert_eq!(keys(gone.unwrap_err())[0].0, "teams.has_played");
}

#[test]
fn a_line_up_change_after_a_pairing_with_handicaps_asks_for_a_new_pairing() {
    let mut state = event(2, BoardOrder::Free, 0);
    let mut settings = state.doc.settings().clone();
    settings.handicap.ceiling = 9;
    state.doc.set_settings(settings);
    let m = members(&state, 1);
    // Board 3 is then 1k against 4k: a handicap game.
    apply(
        &mut state,
        submit(1, 1, vec![m[2], m[1], m[0]]),
        &organiser(),
    )
    .unwrap();
    pair(&mut state);
    assert!(state.doc.games().iter().any(|g| g.handicap > 0));
    let again = apply(
        &mut state,
        submit(1, 1, vec![m[0], m[1], m[2]]),
        &organiser(),
    );
    assert_eq!(keys(again.unwrap_err())[0].0, "lineup.handicap_reseat");
}

#[test]
fn a_captain_who_is_not_a_member_of_the_team_is_refused() {
    // Ukrainian rules IV.3: the captain is a registered member of that team.
    // A player of another team, or one in no team, cannot captain team 1.
    let mut state = event(2, BoardOrder::Free, 0);
    let (one, two) = (members(&state, 1), members(&state, 2));
    let loner = match apply(
        &mut state,
        Command::Register {
            draft: PlayerDraft {
                name: "Loner".into(),
                rank: "5k".into(),
                is_final: true,
                ..PlayerDraft::default()
            },
            confirm_duplicate: false,
        },
        &organiser(),
    )
    .unwrap()
    .done
    {
        Done::Player { id, .. } => id,
        other => panic!("{other:?}"),
    };
    let with_captain = |captain: PlayerId| Command::EditTeam {
        team: 1,
        draft: TeamDraft {
            name: "Team 1".into(),
            members: one.clone(),
            reserves: Vec::new(),
            captain: Some(captain),
        },
    };
    for outsider in [two[0], loner] {
        let refusal = apply(&mut state, with_captain(outsider), &organiser()).unwrap_err();
        assert_eq!(keys(refusal)[0].0, "teams.captain_not_member");
        assert_eq!(state.doc.team(1).unwrap().captain, Some(one[0]));
    }
    apply(&mut state, with_captain(one[1]), &organiser()).unwrap();
    assert_eq!(state.doc.team(1).unwrap().captain, Some(one[1]));
}
