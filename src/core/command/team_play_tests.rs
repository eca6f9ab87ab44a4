//! A team event played: standings from results, the OpenGotha round trip,
//! the individual places of an individual-team event, Scheveningen, and
//! the bye of an odd field.

use super::team_tests::{event, every_board, games_of, members, organiser, pair, submit};
use super::*;
use crate::core::GameResult;
use crate::core::teams::BoardOrder;
use crate::core::teams::pairing::pair_teams;
use crate::core::teams::standings::{TeamCriterion, team_standings};

#[test]
fn results_make_team_standings_and_round_two_pairs_no_match_again() {
    let mut state = event(6, BoardOrder::Free, 0);
    let round = pair(&mut state);
    // White wins every board: the team with White on board 1 wins 2–1.
    every_board(&mut state, round, |_| GameResult::WhiteWins);
    let rows = team_standings(&state.doc, 1, &[TeamCriterion::TeamPoints]);
    let points: Vec<u32> = rows
        .iter()
        .map(|r| r.values[0].halves() as u32 / 2)
        .collect();
    assert_eq!(points, [2, 2, 2, 0, 0, 0]);
    let first: Vec<_> = crate::core::teams::matches::matches_up_to(&state.doc, 1)
        .into_iter()
        .map(|m| (m.white.min(m.black), m.white.max(m.black)))
        .collect();
    pair(&mut state);
    let second = crate::core::teams::matches::matches_up_to(&state.doc, 2);
    assert_eq!(second.len(), 6);
    for m in second.iter().filter(|m| m.round.get() == 2) {
        assert!(!first.contains(&(m.white.min(m.black), m.white.max(m.black))));
    }
}

#[test]
fn line_ups_entered_here_go_out_to_opengotha_and_read_back_with_the_same_team_standings() {
    let mut state = event(4, BoardOrder::Free, 0);
    let m = members(&state, 2);
    apply(
        &mut state,
        submit(2, 1, vec![m[2], m[0], m[1]]),
        &organiser(),
    )
    .unwrap();
    let round = pair(&mut state);
    every_board(&mut state, round, |_| GameResult::BlackWins);
    let xml = crate::core::formats::opengotha::export(&state.doc);
    let back = crate::core::formats::opengotha::import(&xml).unwrap();
    /// Each team's name and its seats: round, board, member's name.
    type Seats = Vec<(String, Vec<(u32, u32, String)>)>;
    let seats = |t: &Tournament| -> Seats {
        t.teams()
            .iter()
            .map(|team| {
                let boards = team
                    .boards
                    .iter()
                    .map(|b| {
                        (
                            b.round.get(),
                            b.board.get(),
                            t.player(b.player).unwrap().name.clone(),
                        )
                    })
                    .collect();
                (team.name.clone(), boards)
            })
            .collect()
    };
    assert_eq!(seats(&back), seats(&state.doc));
    assert_eq!(
        seats(&back)[1].1[0].2,
        "T2P3",
        "the captain's order went out"
    );
    let criteria = TeamCriterion::of(&state.doc);
    let values = |t: &Tournament| -> Vec<(usize, Vec<i32>)> {
        team_standings(t, 1, &criteria)
            .into_iter()
            .map(|r| (r.team, r.values.iter().map(|v| v.halves()).collect()))
            .collect()
    };
    assert_eq!(values(&back), values(&state.doc));
    assert!(
        !back.settings().teams.pair_by_teams,
        "a file read pairs its players one by one, as OpenGotha"
    );
}

#[test]
fn a_reserve_who_played_one_round_of_three_has_no_individual_place_under_two_thirds() {
    use crate::core::teams::individual::{Eligibility, board_records, individual_standings};
    let mut state = event(4, BoardOrder::Free, 1);
    let mut settings = state.doc.settings().clone();
    settings.number_of_rounds = 3;
    state.doc.set_settings(settings);
    let m = members(&state, 1);
    let round = pair(&mut state);
    every_board(&mut state, round, |_| GameResult::WhiteWins);
    apply(
        &mut state,
        submit(1, 2, vec![m[0], m[1], m[3]]),
        &organiser(),
    )
    .unwrap();
    for _ in 2..=3 {
        let round = pair(&mut state);
        every_board(&mut state, round, |_| GameResult::WhiteWins);
    }
    let records = board_records(&state.doc, 3);
    assert_eq!(records.len(), 3 * 4 * 3, "three rounds of twelve boards");
    let standings = individual_standings(&records, &Eligibility::two_thirds(3));
    let unranked: Vec<_> = standings.ineligible.iter().map(|i| i.player).collect();
    assert_eq!(
        unranked,
        [m[3]],
        "the reserve played one game of the two needed"
    );
    assert_eq!(standings.boards.len(), 3, "one table per board");
    let board_three = &standings.boards[2];
    assert!(
        board_three
            .rows
            .iter()
            .any(|r| r.player == m[2] && r.played == 2)
    );
}

#[test]
fn a_scheveningen_match_of_two_teams_of_three_meets_every_member_once_in_three_rounds() {
    let mut state = event(2, BoardOrder::Free, 0);
    let mut settings = state.doc.settings().clone();
    settings.teams.scheveningen = true;
    settings.number_of_rounds = 3;
    state.doc.set_settings(settings);
    let (one, two) = (members(&state, 1), members(&state, 2));
    let mut met = std::collections::HashSet::new();
    for _ in 1..=3 {
        let round = pair(&mut state);
        let games = games_of(&state, round);
        assert_eq!(games.len(), 3);
        for g in games {
            let (a, b) = if one.contains(&g.white) {
                (g.white, g.black)
            } else {
                (g.black, g.white)
            };
            assert!(
                one.contains(&a) && two.contains(&b),
                "{g:?} is between the teams"
            );
            assert!(met.insert((a, b)), "{a} meets {b} once");
        }
    }
    assert_eq!(met.len(), 9, "every member met every member");
    // Team 1's members win every game: 3–0 in each round's match.
    for round in 1..=3 {
        let round = RoundNo::new(round).unwrap();
        every_board(&mut state, round, |g| {
            if one.contains(&g.white) {
                GameResult::WhiteWins
            } else {
                GameResult::BlackWins
            }
        });
    }
    for m in crate::core::teams::matches::matches_up_to(&state.doc, 3) {
        let team_one = if m.white == 0 { m.white } else { m.black };
        assert_eq!(
            m.board_points(team_one).halves(),
            6,
            "round {}: 3–0",
            m.round
        );
    }
    let fourth = pair_teams(&state.doc, RoundNo::new(4).unwrap());
    assert_eq!(
        fourth.unwrap_err(),
        crate::core::pairing::PairingError::ScheveningenFinished(RoundNo::new(4).unwrap())
    );
}

#[test]
fn in_an_odd_field_no_team_has_the_bye_twice() {
    let mut state = event(5, BoardOrder::Free, 0);
    let mut without_match = Vec::new();
    for _ in 1..=5 {
        let round = pair(&mut state);
        let playing: Vec<u32> = state
            .doc
            .teams()
            .iter()
            .filter(|team| {
                let first = team
                    .boards
                    .iter()
                    .find(|b| b.round == round && b.board.get() == 1);
                first.is_some_and(|b| {
                    state
                        .doc
                        .games()
                        .iter()
                        .any(|g| g.round == round && g.colour_of(b.player).is_some())
                })
            })
            .map(|team| team.number)
            .collect();
        assert_eq!(playing.len(), 4, "two matches in round {round}");
        let idle = (1..=5).find(|n| !playing.contains(n)).unwrap();
        assert!(
            !without_match.contains(&idle),
            "team {idle} again in round {round}"
        );
        without_match.push(idle);
        every_board(&mut state, round, |_| GameResult::WhiteWins);
    }
}
