//! The RFG Swiss on recorded rounds: what counts in a player's history
//! (played games only, with the colours actually played), the board order,
//! and score groups that cannot be paired inside themselves.

use super::*;
use crate::core::ids::BoardNo;
use crate::core::pairing::manual::{self, Edit};
use crate::core::pairing::pair_round;
use crate::core::player::Player;
use crate::core::rank::Rank;
use crate::core::rating::Rating;
use crate::core::round::ResultOrigin;
use crate::core::settings::{Settings, System};

fn round(n: u32) -> RoundNo {
    RoundNo::new(n).unwrap()
}

/// `n` players P0, P1, … of falling rating: P0 is number 1.
fn field(system: System, n: usize) -> (Tournament, Vec<PlayerId>) {
    let mut t = Tournament::new(Settings {
        system,
        number_of_rounds: 5,
        ..Settings::default()
    });
    let ids = (0..n)
        .map(|k| {
            let mut p = Player::new(PlayerId(0), &format!("P{k}"), "", Rank::Dan(1));
            p.rating = Rating::new(2400 - 10 * k as i32);
            t.register(p)
        })
        .collect();
    (t, ids)
}

/// Records round `r` as these games, board 1 first: (White, Black, result, origin).
fn played(t: &mut Tournament, r: u32, games: &[(PlayerId, PlayerId, GameResult, ResultOrigin)]) {
    let settings = t.settings().clone();
    let pairs = games.iter().map(|&(w, b, _, _)| (w, b));
    let paired = colours::even_games(&settings, round(r), pairs, true);
    t.record_pairing(round(r), paired, None).unwrap();
    for (board, &(_, _, result, origin)) in (1..).zip(games) {
        t.set_result(round(r), BoardNo::new(board).unwrap(), result, origin)
            .unwrap();
    }
}

/// The round's games as (White, Black), board 1 first.
fn boards(paired: &RoundPairing) -> Vec<(PlayerId, PlayerId)> {
    paired.games.iter().map(|g| (g.white, g.black)).collect()
}

use GameResult::{BlackWins, WhiteWins};
use ResultOrigin::{ByDefault, Played};

#[test]
fn two_players_whose_game_was_forfeited_may_be_paired_again() {
    // RFG code App. 7 §1.2: only a game actually played keeps two players
    // apart; after a no-show they may meet again. A played game does.
    let (mut t, p) = field(System::RfgSwiss, 2);
    played(&mut t, 1, &[(p[0], p[1], WhiteWins, ByDefault)]);
    let again = pair_round(&t, round(2)).unwrap();
    assert_eq!(again.games.len(), 1);
    let pair = [again.games[0].white, again.games[0].black];
    assert!(pair.contains(&p[0]) && pair.contains(&p[1]), "{pair:?}");

    let (mut t, p) = field(System::RfgSwiss, 2);
    played(&mut t, 1, &[(p[0], p[1], WhiteWins, Played)]);
    assert_eq!(pair_round(&t, round(2)), Err(PairingError::NoValidPairing));
}

#[test]
fn a_forfeited_game_leaves_no_colour_in_the_history() {
    // RFG code App. 7 §1.2: byes and unplayed games do not count in the
    // colour history. P0 played Black and then won by default as White; P1
    // played White then Black. Counting only played games P0 has fewer
    // Whites and takes White; counting the forfeit, P1 would (latest Black).
    let (mut t, p) = field(System::RfgSwiss, 4);
    played(
        &mut t,
        1,
        &[
            (p[2], p[0], BlackWins, Played),
            (p[1], p[3], WhiteWins, Played),
        ],
    );
    played(
        &mut t,
        2,
        &[
            (p[0], p[3], WhiteWins, ByDefault),
            (p[2], p[1], BlackWins, Played),
        ],
    );
    let third = pair_round(&t, round(3)).unwrap();
    assert_eq!(boards(&third)[0], (p[0], p[1]));
}

#[test]
fn later_rounds_take_the_colours_a_game_was_actually_played_with() {
    // RFG code 22.1: a game played with the wrong colours and not restarted
    // counts with the colours played. Round 1 pairs P2 (White) against P0;
    // they played the other way round, and the board was changed to match.
    let (mut t, p) = field(System::RfgSwiss, 4);
    let first = pair_round(&t, round(1)).unwrap();
    assert_eq!(boards(&first), [(p[2], p[0]), (p[1], p[3])]);
    let as_played = manual::apply(&t, round(1), &first, Edit::Colours(p[0])).unwrap();
    assert_eq!(boards(&as_played)[0], (p[0], p[2]));
    t.record_pairing(round(1), as_played.games, None).unwrap();
    for board in [1, 2] {
        t.set_result(round(1), BoardNo::new(board).unwrap(), WhiteWins, Played)
            .unwrap();
    }
    // P0 and P1 both won with White: the Whites are level and the colours
    // last played too, so White goes to the first of the group, P1 (the
    // descending order of an even round). Had P0's paired Black counted, P0
    // would take White for having fewer Whites.
    let second = pair_round(&t, round(2)).unwrap();
    assert_eq!(boards(&second)[0], (p[1], p[0]));
}

#[test]
fn boards_are_numbered_in_the_order_the_pairs_are_formed_top_group_first() {
    // RFG code 16.6.2 б: board numbers follow the order of pair formation,
    // the top score group first. Round 2: winners P0, P1, P2 (descending
    // numbers: P2, P1, P0) pair P2–P1, P0 drops onto P5, then P4–P3.
    let (mut t, p) = field(System::RfgSwiss, 6);
    played(
        &mut t,
        1,
        &[
            (p[0], p[3], WhiteWins, Played),
            (p[4], p[1], BlackWins, Played),
            (p[2], p[5], WhiteWins, Played),
        ],
    );
    let second = pair_round(&t, round(2)).unwrap();
    let unordered: Vec<[PlayerId; 2]> = second
        .games
        .iter()
        .map(|g| {
            let mut pair = [g.white, g.black];
            pair.sort();
            pair
        })
        .collect();
    assert_eq!(unordered, [[p[1], p[2]], [p[0], p[5]], [p[3], p[4]]]);
    let numbers: Vec<u32> = second.games.iter().map(|g| g.board.get()).collect();
    assert_eq!(numbers, [1, 2, 3]);
}

#[test]
fn a_lowest_group_that_has_all_met_takes_opponents_from_the_group_above() {
    // Ukrainian rules II.5: when the lowest score group cannot be paired
    // without a rematch, opponents come down from the nearest higher group;
    // the groups above it are left alone.
    let player = |number: u32, wins: i32, opponents: &[u32]| SwissPlayer {
        number,
        score: HalfPoints::from_points(wins),
        colours: vec![Colour::White; opponents.len()],
        opponents: opponents.to_vec(),
        had_free_point: false,
    };
    let players = [
        player(1, 2, &[3]),
        player(2, 2, &[4]),
        player(3, 1, &[1]),
        player(4, 1, &[2]),
        player(5, 0, &[6]),
        player(6, 0, &[5]),
    ];
    let r = pair(&players, 3, false).unwrap();
    let mut pairs: Vec<(u32, u32)> = r
        .games
        .iter()
        .map(|g| (g.white.min(g.black), g.white.max(g.black)))
        .collect();
    pairs.sort();
    assert_eq!(pairs.len(), 3);
    assert_eq!(pairs[0], (1, 2), "the top group pairs inside itself");
    assert!(!pairs.contains(&(5, 6)));
    for low in [5, 6] {
        let opponent = pairs
            .iter()
            .find_map(|&(a, b)| (b == low).then_some(a))
            .unwrap();
        assert!([3, 4].contains(&opponent), "{low} meets {opponent}");
    }
}

#[test]
fn a_player_back_after_a_missed_round_is_paired_with_the_points_they_have() {
    // Ukrainian rules II.5: a re-admitted player is paired by actual points;
    // the missed round gives none. P0 and P1, the highest rated, miss round
    // 1; in round 2 they have 0 and meet players without a win.
    for system in [System::RfgSwiss, System::Swiss] {
        let (mut t, p) = field(system, 6);
        for &absent in &p[..2] {
            t.set_participation(absent, round(1), false).unwrap();
        }
        played(
            &mut t,
            1,
            &[
                (p[2], p[4], WhiteWins, Played),
                (p[3], p[5], WhiteWins, Played),
            ],
        );
        let sheet = scores(&t, 1);
        for &back in &p[..2] {
            assert_eq!(sheet.nbw(back), Some(HalfPoints::ZERO));
        }
        let second = pair_round(&t, round(2)).unwrap();
        assert_eq!(second.games.len(), 3, "{system:?}");
        let opponent = |id: PlayerId| {
            second
                .games
                .iter()
                .find_map(|g| match (g.white == id, g.black == id) {
                    (true, _) => Some(g.black),
                    (_, true) => Some(g.white),
                    _ => None,
                })
                .unwrap()
        };
        assert_eq!(opponent(p[2]), p[3], "{system:?}: the winners meet");
        for &back in &p[..2] {
            assert!(
                [p[0], p[1], p[4], p[5]].contains(&opponent(back)),
                "{system:?}: {back:?} meets {:?}",
                opponent(back)
            );
        }
    }
}
