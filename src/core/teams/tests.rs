//! Team matches and team standings on small hand-made team events.

use super::matches::matches_up_to;
use super::standings::{TeamCriterion, team_standings};
use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::rating::Rating;
use crate::core::standings::test_support::{game, player, tournament, with_settings};
use crate::core::tournament::{Team, TeamBoard, Tournament};

/// A 3-board event of `rounds` rounds with teams of the given names; each
/// team's members keep their boards in every round. Returns the members.
fn event(rounds: u32, names: &[&str]) -> (Tournament, Vec<[PlayerId; 3]>) {
    let mut t = tournament(rounds, &[]);
    with_settings(&mut t, |s| s.teams.team_size = 3);
    let mut members = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let m = [1, 2, 3].map(|b| player(&mut t, &format!("{name}{b}"), "1k"));
        let boards = (1..=rounds)
            .flat_map(|r| {
                (0..3).map(move |b| TeamBoard {
                    round: RoundNo::new(r).unwrap(),
                    board: BoardNo::new(b as u32 + 1).unwrap(),
                    player: m[b],
                })
            })
            .collect();
        t.add_team(Team {
            number: i as u32 + 1,
            name: name.to_string(),
            boards,
            ..Team::default()
        })
        .unwrap();
        members.push(m);
    }
    (t, members)
}

/// Team `a` (board 1 White, colours alternating down the boards) meets
/// team `b` in `round`; per board, from `a`'s side: `+` won, `-` lost,
/// `=` jigo, `0` both lost.
fn play(t: &mut Tournament, round: u32, a: [PlayerId; 3], b: [PlayerId; 3], boards: [&str; 3]) {
    for board in 0..3 {
        let a_white = board % 2 == 0;
        let result = match (boards[board], a_white) {
            ("+", true) | ("-", false) => "1-0",
            ("+", false) | ("-", true) => "0-1",
            ("=", _) => "=",
            _ => "0-0",
        };
        let (w, bl) = if a_white {
            (a[board], b[board])
        } else {
            (b[board], a[board])
        };
        game(t, round, w, bl, result);
    }
}

fn shown(t: &Tournament, last: u32, criteria: &[TeamCriterion]) -> Vec<String> {
    team_standings(t, last, criteria)
        .iter()
        .map(|row| {
            let values: Vec<String> = row.values.iter().map(ToString::to_string).collect();
            format!(
                "{} {} {}",
                row.place,
                t.teams()[row.team].name,
                values.join(" ")
            )
        })
        .collect()
}

#[test]
fn a_match_is_found_once_with_white_the_team_of_board_ones_white() {
    let (mut t, m) = event(1, &["Zeta", "Alpha"]);
    play(&mut t, 1, m[0], m[1], ["+", "+", "-"]);
    let matches = matches_up_to(&t, 1);
    assert_eq!(matches.len(), 1);
    assert_eq!((matches[0].white, matches[0].black), (0, 1));
    assert_eq!(matches[0].board_points(0).to_string(), "2");
    assert_eq!(matches[0].board_points(1).to_string(), "1");
}

#[test]
fn team_points_are_two_for_a_win_one_for_a_draw_none_when_both_lose_every_board() {
    let (mut t, m) = event(3, &["A", "B"]);
    play(&mut t, 1, m[0], m[1], ["+", "-", "-"]);
    play(&mut t, 2, m[0], m[1], ["+", "=", "-"]);
    play(&mut t, 3, m[0], m[1], ["0", "0", "0"]);
    let matches = matches_up_to(&t, 3);
    let points: Vec<(u32, u32)> = matches
        .iter()
        .map(|x| (x.team_points(0, 3), x.team_points(1, 3)))
        .collect();
    assert_eq!(points, [(0, 2), (1, 1), (0, 0)]);
}

#[test]
fn board_wins_count_the_upper_boards_and_sost_the_opponents_team_points() {
    let (mut t, m) = event(2, &["A", "B", "C", "D"]);
    play(&mut t, 1, m[0], m[1], ["+", "+", "-"]);
    play(&mut t, 1, m[2], m[3], ["-", "+", "-"]);
    play(&mut t, 2, m[0], m[2], ["-", "+", "-"]);
    play(&mut t, 2, m[1], m[3], ["+", "+", "+"]);
    let criteria = [
        TeamCriterion::TeamPoints,
        TeamCriterion::BoardWins,
        TeamCriterion::UpperBoardWins(2),
        TeamCriterion::UpperBoardWins(1),
        TeamCriterion::Sost,
    ];
    assert_eq!(
        shown(&t, 2, &criteria),
        [
            "1 B 2 4 2 1 4",
            "2 A 2 3 3 1 4",
            "3 C 2 3 2 1 4",
            "4 D 2 2 1 1 4",
        ],
        "A beat B, D beat C, C beat A, B beat D: all on 2 team points"
    );
}

#[test]
fn only_the_boards_of_the_team_size_count_as_board_wins_and_a_jigo_is_half() {
    let (mut t, m) = event(1, &["A", "B"]);
    play(&mut t, 1, m[0], m[1], ["=", "=", "+"]);
    with_settings(&mut t, |s| s.teams.team_size = 2);
    let rows = shown(&t, 1, &[TeamCriterion::BoardWins]);
    assert_eq!(rows, ["1 A 1", "1 B 1"], "board 3 is beyond the team size");
}

#[test]
fn mean_rating_is_the_round_one_line_up_truncated_by_the_team_size() {
    let (mut t, m) = event(1, &["A", "B"]);
    for (p, gor) in [(m[0][0], 2000), (m[0][1], 1900), (m[0][2], 1801)] {
        let mut player = t.player(p).unwrap().clone();
        player.rating = Rating::new(gor);
        t.update_player(player).unwrap();
    }
    let rows = team_standings(&t, 1, &[TeamCriterion::MeanRating]);
    assert_eq!(rows[0].values[0].to_string(), "1900", "5701 / 3");
}

#[test]
fn teams_equal_on_every_criterion_share_a_place_in_team_number_order() {
    let (t, _) = event(1, &["B", "A", "C"]);
    assert_eq!(
        shown(&t, 1, &[TeamCriterion::TeamPoints]),
        ["1 B 0", "1 A 0", "1 C 0"]
    );
}

#[test]
fn head_to_head_separates_teams_tied_before_it_by_their_match() {
    let (mut t, m) = event(3, &["A", "B", "C", "D"]);
    let [a, b, c, d] = [m[0], m[1], m[2], m[3]];
    play(&mut t, 1, a, b, ["-", "-", "+"]);
    play(&mut t, 1, c, d, ["+", "+", "-"]);
    play(&mut t, 2, a, c, ["+", "+", "-"]);
    play(&mut t, 2, b, d, ["-", "-", "+"]);
    play(&mut t, 3, a, d, ["+", "+", "-"]);
    play(&mut t, 3, b, c, ["+", "+", "-"]);
    let criteria = [TeamCriterion::TeamPoints, TeamCriterion::HeadToHead];
    assert_eq!(
        shown(&t, 3, &criteria),
        ["1 B 4 2", "2 A 4 0", "3 C 2 2", "4 D 2 0"],
        "B beat A and C beat D; without head-to-head A and C would lead their ties"
    );
}

#[test]
fn file_names_of_criteria_read_as_opengotha_writes_them() {
    let read: Vec<Option<TeamCriterion>> =
        ["TEAMP", "SOST", "BDW", "BDW3U", "MNR", "NULL", "BDW0U"]
            .iter()
            .map(|n| TeamCriterion::from_file_name(n))
            .collect();
    assert_eq!(
        read,
        [
            Some(TeamCriterion::TeamPoints),
            Some(TeamCriterion::Sost),
            Some(TeamCriterion::BoardWins),
            Some(TeamCriterion::UpperBoardWins(3)),
            Some(TeamCriterion::MeanRating),
            None,
            None,
        ]
    );
    assert_eq!(TeamCriterion::UpperBoardWins(3).to_string(), "B3U");
}

/// The RFG's order of team criteria (App. 4 §1.6), read as the settings
/// keep it.
fn rfg() -> Vec<TeamCriterion> {
    let names = crate::core::settings::TeamPlacement::Rfg.criteria();
    names
        .iter()
        .filter_map(|n| TeamCriterion::from_file_name(n))
        .collect()
}

#[test]
fn the_rfg_order_shares_a_place_when_teams_beat_each_other_in_turn_and_all_else_is_equal() {
    // A round robin of four. A, B and C each win twice (4 TP) and beat
    // each other in turn (A–B, B–C, C–A), so the match decides nothing;
    // C won fewer games (5 against 6) and is third; A and B are equal on
    // the coefficient too and share first place (RFG App. 4 §1.6).
    let (mut t, m) = event(3, &["A", "B", "C", "D"]);
    let [a, b, c, d] = [m[0], m[1], m[2], m[3]];
    play(&mut t, 1, a, b, ["+", "+", "-"]);
    play(&mut t, 1, c, d, ["+", "+", "-"]);
    play(&mut t, 2, a, c, ["-", "+", "-"]);
    play(&mut t, 2, b, d, ["+", "+", "+"]);
    play(&mut t, 3, a, d, ["+", "+", "+"]);
    play(&mut t, 3, b, c, ["+", "+", "-"]);
    assert_eq!(
        shown(&t, 3, &rfg()),
        ["1 A 4 2 6 8", "1 B 4 2 6 8", "3 C 4 2 5 8", "4 D 0 0 1 12"]
    );
}

#[test]
fn the_rfg_order_needs_each_of_its_tie_breaks_in_turn() {
    // Eight teams, three rounds, every match 2–1 unless marked. Each
    // criterion of RFG App. 4 §1.6 decides a place the ones before it
    // leave equal: team points put A first; E, B and G share 4 points and
    // E beat G, so the match between them puts E above B although B won
    // more games; B and G did not meet, and B's six games won beat G's
    // five; among C, F and D (2 points) C beat D; F and D did not meet
    // and won four games each, and F's opponents scored more (8 to 6).
    let (mut t, m) = event(3, &["A", "B", "C", "D", "E", "F", "G", "H"]);
    let [a, b, c, d, e, f, g, h] = [m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7]];
    let won = ["+", "+", "-"];
    for (round, x, y, boards) in [
        (1, a, b, won),
        (1, c, d, won),
        (1, e, f, won),
        (1, g, h, won),
        (2, a, c, won),
        (2, e, g, won),
        (2, b, d, won),
        (2, f, h, won),
        (3, a, e, won),
        (3, b, c, ["+", "+", "+"]),
        (3, g, f, won),
        (3, d, h, won),
    ] {
        play(&mut t, round, x, y, boards);
    }
    assert_eq!(
        shown(&t, 3, &rfg()),
        [
            "1 A 6 0 6 10",
            "2 E 4 2 5 12",
            "3 B 4 0 6 10",
            "4 G 4 0 5 6",
            "5 C 2 2 3 12",
            "6 F 2 0 4 8",
            "7 D 2 0 4 6",
            "8 H 0 0 3 8"
        ]
    );
}
