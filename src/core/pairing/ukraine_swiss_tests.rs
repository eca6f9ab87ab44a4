//! The Ukrainian Swiss (II.5): round 1 by draw numbers, floats that cancel,
//! and the hard colour limits, on single rounds and on random tournaments
//! checked against every possible pairing of small fields.

use super::*;
use crate::core::ids::BoardNo;
use crate::core::pairing::pair_round;
use crate::core::player::Player;
use crate::core::rank::Rank;
use crate::core::rating::Rating;
use crate::core::round::{Bye, Game, GameResult};
use crate::core::settings::{Settings, System};
use rand::{Rng, SeedableRng, rngs::StdRng};

fn round(n: u32) -> RoundNo {
    RoundNo::new(n).unwrap()
}

/// A player by number, points, colours played ("BW…", oldest first),
/// opponents and net float.
fn player(number: u32, points: i32, colours: &str, opponents: &[u32], floats: i32) -> SwissPlayer {
    SwissPlayer {
        number,
        score: HalfPoints::from_points(points),
        colours: colours
            .chars()
            .map(|c| {
                if c == 'W' {
                    Colour::White
                } else {
                    Colour::Black
                }
            })
            .collect(),
        opponents: opponents.to_vec(),
        floats,
        byes: 0,
    }
}

/// The games as (White, Black) numbers.
fn games(r: &SwissRound) -> Vec<(u32, u32)> {
    r.games.iter().map(|g| (g.white, g.black)).collect()
}

/// The opponent of `n` in the round.
fn opponent(r: &SwissRound, n: u32) -> Option<u32> {
    r.games
        .iter()
        .find_map(|g| match (g.white == n, g.black == n) {
            (true, _) => Some(g.black),
            (_, true) => Some(g.white),
            _ => None,
        })
}

#[test]
fn round_one_pairs_neighbouring_numbers_and_the_odd_number_takes_black() {
    // II.5: "зустрічаються номери 1 і 2, 3 і 4, …, гравці з непарними
    // номерами грають каменями чорного кольору".
    let eight: Vec<_> = (1..=8).map(|n| player(n, 0, "", &[], 0)).collect();
    let r = pair(&eight, 1, round(1)).unwrap();
    assert_eq!(games(&r), [(2, 1), (4, 3), (6, 5), (8, 7)]);
    assert_eq!(r.bye, None);
    // An odd field: the last number, of the one (lowest) score group, is free.
    let seven: Vec<_> = (1..=7).rev().map(|n| player(n, 0, "", &[], 0)).collect();
    let r = pair(&seven, 1, round(1)).unwrap();
    assert_eq!(games(&r), [(2, 1), (4, 3), (6, 5)]);
    assert_eq!(r.bye, Some(7));
}

/// `n` players of falling rating, their draw numbers given out of that order.
fn field(n: u32, rounds: u32, numbers: &[u32]) -> (Tournament, Vec<PlayerId>) {
    let mut settings = Settings::default();
    crate::core::presets::apply(&mut settings, System::UkraineSwiss);
    settings.number_of_rounds = rounds;
    let mut t = Tournament::new(settings);
    let ids = (0..n)
        .map(|k| {
            let mut p = Player::new(PlayerId(0), &format!("P{k}"), "", Rank::Dan(1));
            p.rating = Rating::new(2400 - 10 * k as i32);
            p.draw_number = numbers.get(k as usize).copied();
            t.register(p)
        })
        .collect();
    (t, ids)
}

#[test]
fn round_one_of_a_tournament_pairs_the_drawn_numbers_not_the_ratings() {
    let drawn = [5, 3, 8, 1, 6, 2, 7, 4];
    let (t, p) = field(8, 5, &drawn);
    let with = |number: u32| p[drawn.iter().position(|&d| d == number).unwrap()];
    let paired = pair_round(&t, round(1)).unwrap();
    let boards: Vec<(PlayerId, PlayerId)> =
        paired.games.iter().map(|g| (g.white, g.black)).collect();
    assert_eq!(
        boards,
        [
            (with(2), with(1)),
            (with(4), with(3)),
            (with(6), with(5)),
            (with(8), with(7)),
        ]
    );
}

#[test]
fn a_player_who_floated_down_is_not_floated_down_again_while_another_can_go() {
    // II.5: the last of an odd group meets the nearest lower group, but, if
    // possible, not the same player twice. Group 1, 2, 3 with a point;
    // 4 to 8 without.
    let field = |floats: [i32; 8]| -> Vec<SwissPlayer> {
        (1..=8)
            .map(|n| player(n, i32::from(n <= 3), "", &[], floats[n as usize - 1]))
            .collect()
    };
    let fresh = pair(&field([0; 8]), 1, round(3)).unwrap();
    assert_eq!(
        opponent(&fresh, 3),
        Some(4),
        "the last floats onto the first below"
    );
    let three_went_down = pair(&field([0, 0, 1, 0, 0, 0, 0, 0]), 1, round(3)).unwrap();
    let floater = (1..=3)
        .find(|&n| opponent(&three_went_down, n).is_some_and(|o| o >= 4))
        .unwrap();
    assert_ne!(floater, 3, "{:?}", games(&three_went_down));
    assert!(opponent(&three_went_down, 3).unwrap() <= 3);
    // The first below already came up once: another player of the group below comes up.
    let four_came_up = pair(&field([0, 0, 0, -1, 0, 0, 0, 0]), 1, round(3)).unwrap();
    assert_eq!(opponent(&four_came_up, 3).map(|o| o > 4), Some(true));
    assert!(opponent(&four_came_up, 4).unwrap() > 4);
}

#[test]
fn a_down_float_and_an_up_float_cancel_out() {
    // II.5: "один «спуск» … та один «підйом» … взаємно знищують один одного".
    // A floats down in round 2 and up in round 3; C floats down twice, B up
    // twice; D up then down.
    let (mut t, p) = field(4, 5, &[]);
    let (a, b, c, d) = (p[0], p[1], p[2], p[3]);
    let rounds = [
        [(a, b, GameResult::WhiteWins), (c, d, GameResult::WhiteWins)],
        [(a, d, GameResult::BlackWins), (b, c, GameResult::BlackWins)],
        [(c, a, GameResult::WhiteWins), (b, d, GameResult::WhiteWins)],
    ];
    for (k, games) in rounds.iter().enumerate() {
        for (board, &(white, black, result)) in (1..).zip(games) {
            let g = colours::even_games(t.settings(), round(k as u32 + 1), [(white, black)], true)
                .remove(0);
            t.add_game(Game {
                board: BoardNo::new(board).unwrap(),
                result,
                ..g
            })
            .unwrap();
        }
    }
    let floats: Vec<i32> = players(&t, round(4))
        .unwrap()
        .into_iter()
        .map(|(_, p)| p.floats)
        .collect();
    assert_eq!(floats, [0, -2, 2, 0]);
    // Net 0 floats again as a player who never floated: the last of the group.
    let cancelled = pair(
        &(1..=8)
            .map(|n| player(n, i32::from(n <= 3), "", &[], if n == 3 { 0 } else { 1 }))
            .collect::<Vec<_>>(),
        1,
        round(4),
    )
    .unwrap();
    assert_eq!(opponent(&cancelled, 3), Some(4));
}

#[test]
fn black_and_white_stay_one_apart_and_two_with_an_even_number_of_rounds() {
    // II.5: "Число партій, зіграних чорними і білими, … не має відрізнятися
    // більш ніж на одну (в разі парної кількості турів – на дві)". Round 2:
    // 1 and 3 won with Black, 2 and 4 lost with White. The lot pairs 1–3,
    // who would both have Black twice: with a limit of 1 they cannot meet.
    let players = [
        player(1, 1, "B", &[2], 0),
        player(2, 0, "W", &[1], 0),
        player(3, 1, "B", &[4], 0),
        player(4, 0, "W", &[3], 0),
    ];
    let odd = pair(&players, colour_gap(5, 2), round(2)).unwrap();
    assert_eq!(games(&odd), [(1, 4), (3, 2)]);
    let even = pair(&players, colour_gap(6, 2), round(2)).unwrap();
    assert_eq!(games(&even), [(3, 1), (4, 2)]);
    // The organiser may hold an even number of rounds to 1 too.
    assert_eq!(colour_gap(6, 1), 1);
}

#[test]
fn a_round_that_only_the_colour_limits_forbid_is_refused_not_paired_against_them() {
    let both_black = [player(1, 1, "B", &[3], 0), player(2, 1, "B", &[4], 0)];
    assert_eq!(
        pair(&both_black, 1, round(2)),
        Err(PairingError::ColourLimits {
            round: round(2),
            gap: 1
        })
    );
    let r = pair(&both_black, 2, round(2)).unwrap();
    assert_eq!(games(&r).len(), 1);
    // A rematch is no colour problem: that refusal says so.
    let met = [player(1, 1, "B", &[2], 0), player(2, 1, "W", &[1], 0)];
    assert_eq!(pair(&met, 1, round(2)), Err(PairingError::NoValidPairing));
}

#[test]
fn nobody_gets_a_third_game_in_a_row_with_one_colour() {
    // II.5: "гра одним кольором більш двох партій поспіль не допускається".
    // With a limit of 2, White would keep 1 and 2 within it; but each has
    // had White twice running, so they cannot meet, and each takes Black.
    let players = [
        player(1, 2, "BWW", &[], 0),
        player(2, 2, "BWW", &[], 0),
        player(3, 2, "WBB", &[], 0),
        player(4, 2, "WBB", &[], 0),
    ];
    let r = pair(&players, 2, round(4)).unwrap();
    for (white, black) in games(&r) {
        assert!(white >= 3 && black <= 2, "{:?}", games(&r));
    }
    // Alone with Black twice running, White goes to the other player.
    let two = [player(1, 1, "WBB", &[], 0), player(2, 1, "BW", &[], 0)];
    assert_eq!(games(&pair(&two, 2, round(4)).unwrap()), [(1, 2)]);
}

/// A Ukrainian Swiss of `n` players over `rounds` rounds, with random
/// results (some by default) and, if `absences`, a few players missing a round.
fn random_tournament(rng: &mut StdRng, n: u32, rounds: u32, absences: bool) -> Tournament {
    let (mut t, ids) = field(n, rounds, &[]);
    for id in ids {
        for r in 2..=rounds {
            if absences && rng.gen_bool(0.04) {
                t.set_participation(id, round(r), false).unwrap();
            }
        }
    }
    t
}

/// Records `paired` with random results.
fn play(t: &mut Tournament, rng: &mut StdRng, r: RoundNo, paired: &RoundPairing) {
    for g in &paired.games {
        let result = if rng.gen_bool(0.5) {
            GameResult::WhiteWins
        } else {
            GameResult::BlackWins
        };
        let origin = if rng.gen_bool(0.05) {
            ResultOrigin::ByDefault
        } else {
            ResultOrigin::Played
        };
        t.add_game(Game {
            result,
            origin,
            ..g.clone()
        })
        .unwrap();
    }
    if let Some(player) = paired.bye {
        t.give_bye(Bye { round: r, player }).unwrap();
    }
}

/// Every way to pair `n` vertices, as lists of pairs `(i, j)`, `i < j`.
fn all_pairings(n: usize) -> Vec<Vec<(usize, usize)>> {
    fn extend(free: &[usize], acc: &mut Vec<(usize, usize)>, out: &mut Vec<Vec<(usize, usize)>>) {
        let Some((&first, rest)) = free.split_first() else {
            out.push(acc.clone());
            return;
        };
        for (k, &partner) in rest.iter().enumerate() {
            let others: Vec<usize> = rest
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != k)
                .map(|(_, &x)| x)
                .collect();
            acc.push((first, partner));
            extend(&others, acc, out);
            acc.pop();
        }
    }
    let mut out = Vec::new();
    extend(&(0..n).collect::<Vec<_>>(), &mut Vec::new(), &mut out);
    out
}

/// Whether two players may meet: not met, and a colour each within the limits.
fn may_meet(a: &SwissPlayer, b: &SwissPlayer, gap: u32) -> bool {
    !a.opponents.contains(&b.number)
        && ((a.may_take(Colour::White, gap) && b.may_take(Colour::Black, gap))
            || (a.may_take(Colour::Black, gap) && b.may_take(Colour::White, gap)))
}

/// Whether any pairing (the bye to anyone) keeps every rule: every pairing
/// of a small field tried, a larger one asked of the matching alone (itself
/// checked against brute force in `matching.rs`).
fn some_pairing_keeps_the_rules(players: &[SwissPlayer], gap: u32) -> bool {
    let len = players.len();
    let n = len + len % 2;
    let allowed = |i: usize, j: usize| j >= len || may_meet(&players[i], &players[j], gap);
    if n <= 12 {
        all_pairings(n)
            .iter()
            .any(|pairs| pairs.iter().all(|&(i, j)| allowed(i, j)))
    } else {
        matching::max_weight_perfect_matching(n, |i, j| allowed(i, j).then_some(1)).is_ok()
    }
}

/// The colours `id` played with, round by round (games lost by default leave none).
fn colours_played(t: &Tournament, id: PlayerId) -> Vec<Colour> {
    let mut games: Vec<&Game> = t
        .games()
        .iter()
        .filter(|g| g.origin != ResultOrigin::ByDefault)
        .filter(|g| g.colour_of(id).is_some())
        .collect();
    games.sort_by_key(|g| g.round);
    games.iter().filter_map(|g| g.colour_of(id)).collect()
}

#[test]
fn random_tournaments_keep_every_colour_within_the_limits_and_never_three_in_a_row() {
    // II.5, after every round and for every player: Black and White at most
    // 1 apart (2 with an even number of rounds) and never one colour three
    // games running. A refused round must be one no pairing could make:
    // checked against every pairing of the fields small enough to list.
    let mut rng = StdRng::seed_from_u64(2211);
    let (mut rounds_paired, mut refused) = (0, 0);
    for (n, rounds) in [
        (6, 5),
        (7, 6),
        (10, 7),
        (11, 8),
        (12, 6),
        (20, 9),
        (31, 8),
        (48, 7),
    ] {
        for _ in 0..6 {
            let mut t = random_tournament(&mut rng, n, rounds, true);
            let gap = colour_gap(rounds, 2);
            for r in (1..=rounds).map(round) {
                let paired = match pair_round(&t, r) {
                    Ok(paired) => paired,
                    Err(PairingError::ColourLimits { .. } | PairingError::NoValidPairing) => {
                        refused += 1;
                        let field: Vec<SwissPlayer> = players(&t, r)
                            .unwrap()
                            .into_iter()
                            .map(|(_, p)| p)
                            .collect();
                        assert!(
                            !some_pairing_keeps_the_rules(&field, gap),
                            "{n} players, round {r} could be paired"
                        );
                        break;
                    }
                    Err(e) => panic!("{e}"),
                };
                rounds_paired += 1;
                play(&mut t, &mut rng, r, &paired);
                for p in t.players() {
                    let colours = colours_played(&t, p.id);
                    let blacks = colours.iter().filter(|c| **c == Colour::Black).count();
                    let whites = colours.len() - blacks;
                    assert!(
                        blacks.abs_diff(whites) <= gap as usize,
                        "{n} players, round {r}: {colours:?}"
                    );
                    assert!(
                        !colours.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]),
                        "{n} players, round {r}: {colours:?}"
                    );
                }
            }
        }
    }
    assert!(
        refused * 10 < rounds_paired,
        "{refused} refused, {rounds_paired} paired"
    );
}

#[test]
fn random_tournaments_float_nobody_twice_one_way_while_an_equal_pairing_avoids_it() {
    // II.5: of the pairings that keep the score groups as well (the fewest
    // and shortest floats), the engine's gives the fewest players a second
    // float in one direction (net +2 or −2), checked against every pairing.
    let mut rng = StdRng::seed_from_u64(3307);
    let mut second_floats_avoided = 0;
    for (n, rounds) in [(6, 5), (8, 6), (10, 7)] {
        for _ in 0..8 {
            let mut t = random_tournament(&mut rng, n, rounds, false);
            let gap = colour_gap(rounds, 2);
            for r in (1..=rounds).map(round) {
                let Ok(paired) = pair_round(&t, r) else {
                    break;
                };
                let entrants = players(&t, r).unwrap();
                let field: Vec<&SwissPlayer> = entrants.iter().map(|(_, p)| p).collect();
                let mut scores: Vec<HalfPoints> = field.iter().map(|p| p.score).collect();
                scores.sort_by(|a, b| b.cmp(a));
                scores.dedup();
                let group =
                    |p: &SwissPlayer| scores.iter().position(|s| *s == p.score).unwrap() as i64;
                // (score-group cost, players floated a second time one way)
                let cost = |a: &SwissPlayer, b: &SwissPlayer| {
                    let (high, low) = if group(a) <= group(b) { (a, b) } else { (b, a) };
                    let d = group(low) - group(high);
                    let second = if d > 0 {
                        usize::from(high.floats >= 1) + usize::from(low.floats <= -1)
                    } else {
                        0
                    };
                    (d * d, second)
                };
                let costs: Vec<(i64, usize)> = all_pairings(field.len())
                    .iter()
                    .filter(|pairs| {
                        pairs
                            .iter()
                            .all(|&(i, j)| may_meet(field[i], field[j], gap))
                    })
                    .map(|pairs| {
                        pairs.iter().fold((0, 0), |(d, s), &(i, j)| {
                            let (dd, ss) = cost(field[i], field[j]);
                            (d + dd, s + ss)
                        })
                    })
                    .collect();
                let best = *costs.iter().min().expect("the engine paired the round");
                let of = |id: PlayerId| {
                    entrants
                        .iter()
                        .find(|(e, _)| *e == id)
                        .map(|(_, p)| p)
                        .unwrap()
                };
                let engine = paired.games.iter().fold((0, 0), |(d, s), g| {
                    let (dd, ss) = cost(of(g.white), of(g.black));
                    (d + dd, s + ss)
                });
                assert_eq!(engine, best, "{n} players, round {r}");
                // Rounds where a pairing as good for the groups floats someone twice.
                if costs.iter().any(|c| c.0 == best.0 && c.1 > best.1) {
                    second_floats_avoided += 1;
                }
                play(&mut t, &mut rng, r, &paired);
            }
        }
    }
    assert!(second_floats_avoided > 10, "{second_floats_avoided}");
}
