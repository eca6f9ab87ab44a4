//! Swiss pairing of the RFG code, App. 7 §2, for tournaments that must follow it.
//!
//! Players keep their round-1 classification number for the whole event. From
//! round 2, score groups are paired top down, members ordered by number
//! (ascending in odd rounds, descending in even ones); an odd group's last
//! member drops down; inside a group the top half meets the bottom half,
//! breaking the last pairs formed when someone is left without an opponent.
//! Invariant: two players never meet twice (App. 7 §2.2, App. 9 §7.2).

use super::{PairingError, RoundPairing, colours, numbers};
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::round::{Colour, Game, GameResult};
use crate::core::standings::scores;
use crate::core::tournament::Tournament;
use crate::core::units::HalfPoints;
use std::collections::{HashMap, HashSet};

/// What the RFG Swiss needs to know about a player before the round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissPlayer {
    /// Round-1 classification number, 1 the highest (App. 7 §2.5).
    pub number: u32,
    /// Score (wins; a point without play counts).
    pub score: HalfPoints,
    /// Colours of the games actually played, oldest first (App. 7 §2.2:
    /// unplayed games do not count).
    pub colours: Vec<Colour>,
    /// Numbers of the opponents actually played.
    pub opponents: Vec<u32>,
    /// Already had a point without playing (a bye or a forfeit win).
    pub had_free_point: bool,
}

/// One game of the round, by classification numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SwissGame {
    /// Number of the player with White.
    pub white: u32,
    /// Number of the player with Black.
    pub black: u32,
}

/// A round of the RFG Swiss.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissRound {
    /// Games, top score group first.
    pub games: Vec<SwissGame>,
    /// The player free this round ("+").
    pub bye: Option<u32>,
}

/// Pairs round `round` (1-based). `first_white` is the lot of round 1: whether
/// number 1 takes White (App. 7 §2.6); later rounds do not use it.
pub fn pair(
    players: &[SwissPlayer],
    round: u32,
    first_white: bool,
) -> Result<SwissRound, PairingError> {
    let mut order: Vec<&SwissPlayer> = players.iter().collect();
    // Classification for the round: score groups from the top; inside a group,
    // ascending numbers in odd rounds and descending ones in even rounds.
    order.sort_by(|a, b| {
        b.score.cmp(&a.score).then(if round % 2 == 1 {
            a.number.cmp(&b.number)
        } else {
            b.number.cmp(&a.number)
        })
    });
    let mut bye = None;
    if order.len() % 2 == 1 {
        // The last in the classification who has had no point without play.
        let k = order
            .iter()
            .rposition(|p| !p.had_free_point)
            .ok_or(PairingError::NoValidPairing)?;
        bye = Some(order.remove(k).number);
    }
    if round <= 1 {
        let mut by_number = order.clone();
        by_number.sort_by_key(|p| p.number);
        let half = by_number.len() / 2;
        let games = (0..half)
            .map(|i| {
                let (top, bottom) = (by_number[i].number, by_number[half + i].number);
                // Odd top-half numbers take number 1's colour, even ones the other.
                let top_white = first_white == (top % 2 == 1);
                if top_white {
                    SwissGame {
                        white: top,
                        black: bottom,
                    }
                } else {
                    SwissGame {
                        white: bottom,
                        black: top,
                    }
                }
            })
            .collect();
        return Ok(SwissRound { games, bye });
    }
    let met: HashSet<(u32, u32)> = players
        .iter()
        .flat_map(|p| {
            p.opponents
                .iter()
                .map(move |&o| (p.number.min(o), p.number.max(o)))
        })
        .collect();
    let can_meet = |a: u32, b: u32| !met.contains(&(a.min(b), a.max(b)));
    let mut groups: Vec<Vec<u32>> = Vec::new();
    for (k, p) in order.iter().enumerate() {
        if k == 0 || order[k - 1].score != p.score {
            groups.push(Vec::new());
        }
        if let Some(g) = groups.last_mut() {
            g.push(p.number);
        }
    }
    let pairs = pair_groups(&groups, &can_meet).ok_or(PairingError::NoValidPairing)?;
    let rank: Vec<u32> = order.iter().map(|p| p.number).collect();
    let games = pairs
        .into_iter()
        .map(|(a, b)| colours(players, &rank, a, b))
        .collect();
    Ok(SwissRound { games, bye })
}

/// Round `round` of a tournament paired by the RFG Swiss, for the players
/// who take part in it and are not yet in one of its games. Numbers are the
/// draw numbers ([`numbers`]), fixed from round 1; scores are numbers of wins
/// as the settings count byes and absences. The lot for the colours of round
/// 1 (App. 7 §2.6) is taken as number 1 having Black, as odd numbers do in
/// the Ukrainian rules' round 1; an organiser whose lot fell the other way
/// swaps the colours on the boards.
pub fn pair_tournament_round(
    tournament: &Tournament,
    round: RoundNo,
) -> Result<RoundPairing, PairingError> {
    let numbered = numbers::checked(tournament)?;
    let number_of: HashMap<PlayerId, u32> =
        numbered.iter().zip(1..).map(|(p, n)| (p.id, n)).collect();
    let id_of: HashMap<u32, PlayerId> = number_of.iter().map(|(id, n)| (*n, *id)).collect();
    let earlier: Vec<&Game> = tournament
        .games()
        .iter()
        .filter(|g| g.round < round)
        .collect();
    let assigned = super::assigned(tournament, round);
    let sheet = scores(tournament, round.index() as u32);
    let players: Vec<SwissPlayer> = numbered
        .iter()
        .filter(|p| p.participation.plays(round) && !assigned.contains(&p.id))
        .map(|p| {
            let mut games: Vec<&&Game> = earlier
                .iter()
                .filter(|g| g.colour_of(p.id).is_some())
                .collect();
            games.sort_by_key(|g| g.round);
            let played = games.iter().filter(|g| g.was_played());
            let won_unplayed = games
                .iter()
                .any(|g| !g.was_played() && g.result != GameResult::Unknown && g.is_won_by(p.id));
            let had_bye = tournament
                .byes()
                .iter()
                .any(|b| b.player == p.id && b.round < round);
            SwissPlayer {
                number: number_of[&p.id],
                score: sheet.nbw(p.id).unwrap_or(HalfPoints::ZERO),
                colours: played.clone().filter_map(|g| g.colour_of(p.id)).collect(),
                opponents: played
                    .filter_map(|g| {
                        let other = if g.white == p.id { g.black } else { g.white };
                        number_of.get(&other).copied()
                    })
                    .collect(),
                had_free_point: had_bye || won_unplayed,
            }
        })
        .collect();
    let paired = pair(&players, round.get(), false)?;
    let pairs = paired
        .games
        .iter()
        .map(|g| (id_of[&g.white], id_of[&g.black]));
    let games = colours::even_games(tournament.settings(), round, pairs, true);
    Ok(RoundPairing {
        games,
        bye: paired.bye.map(|n| id_of[&n]),
    })
}

/// Pairs the score groups from the top, dropping an odd group's last member
/// (or the one before, …) onto the first member of the next group it may meet.
fn pair_groups(
    groups: &[Vec<u32>],
    can_meet: &impl Fn(u32, u32) -> bool,
) -> Option<Vec<(u32, u32)>> {
    let Some((group, rest)) = groups.split_first() else {
        return Some(Vec::new());
    };
    if group.len() % 2 == 0 {
        if let (Some(mut pairs), Some(more)) =
            (pair_group(group, can_meet), pair_groups(rest, can_meet))
        {
            pairs.extend(more);
            return Some(pairs);
        }
    } else if let Some((next, below)) = rest.split_first() {
        for drop in (0..group.len()).rev() {
            let floater = group[drop];
            let stay: Vec<u32> = group.iter().copied().filter(|&x| x != floater).collect();
            let Some(pairs) = pair_group(&stay, can_meet) else {
                continue;
            };
            for (k, &partner) in next.iter().enumerate() {
                if !can_meet(floater, partner) {
                    continue;
                }
                let mut lower = next.clone();
                lower.remove(k);
                let mut groups: Vec<Vec<u32>> = vec![lower];
                groups.extend(below.iter().cloned());
                if let Some(more) = pair_groups(&groups, can_meet) {
                    let mut all = pairs.clone();
                    all.push((floater, partner));
                    all.extend(more);
                    return Some(all);
                }
            }
        }
    }
    // Gap in the code: nothing fits inside the group. Merge it with the next one.
    let (next, below) = rest.split_first()?;
    let mut merged = group.clone();
    merged.extend(next);
    let mut groups = vec![merged];
    groups.extend(below.iter().cloned());
    pair_groups(&groups, can_meet)
}

/// Pairs an even group: the first remaining player meets the first of the
/// bottom half it may meet, else the last of the top half, …; when someone is
/// left without an opponent the last pairs formed are broken (App. 7 §2.9).
fn pair_group(group: &[u32], can_meet: &impl Fn(u32, u32) -> bool) -> Option<Vec<(u32, u32)>> {
    let Some((&first, _)) = group.split_first() else {
        return Some(Vec::new());
    };
    let half = group.len() / 2;
    let candidates = (half..group.len()).chain((1..half).rev());
    for k in candidates {
        let partner = group[k];
        if !can_meet(first, partner) {
            continue;
        }
        let rest: Vec<u32> = group[1..]
            .iter()
            .copied()
            .filter(|&x| x != partner)
            .collect();
        if let Some(mut pairs) = pair_group(&rest, can_meet) {
            pairs.insert(0, (first, partner));
            return Some(pairs);
        }
    }
    None
}

/// Colours by App. 7 §2.2: White to the player with fewer Whites, then to the
/// one who had Black most recently, then to the higher classified; nobody gets
/// one colour four times running when the other can take it instead.
fn colours(players: &[SwissPlayer], rank: &[u32], a: u32, b: u32) -> SwissGame {
    let find = |n: u32| players.iter().find(|p| p.number == n);
    let (Some(pa), Some(pb)) = (find(a), find(b)) else {
        return SwissGame { white: a, black: b };
    };
    let whites = |p: &SwissPlayer| p.colours.iter().filter(|c| **c == Colour::White).count();
    let position = |n: u32| rank.iter().position(|&x| x == n).unwrap_or(usize::MAX);
    let recent_black = pa
        .colours
        .iter()
        .rev()
        .zip(pb.colours.iter().rev())
        .find(|(x, y)| x != y);
    let a_white = match whites(pa).cmp(&whites(pb)) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => match recent_black {
            Some((ca, _)) => *ca == Colour::Black,
            None => position(a) < position(b),
        },
    };
    let three = |p: &SwissPlayer, c: Colour| {
        p.colours.len() >= 3 && p.colours.iter().rev().take(3).all(|x| *x == c)
    };
    let (white, black) = if a_white { (pa, pb) } else { (pb, pa) };
    let flip = (three(white, Colour::White) && !three(black, Colour::Black))
        || (three(black, Colour::Black) && !three(white, Colour::White));
    let (white, black) = if flip { (black, white) } else { (white, black) };
    SwissGame {
        white: white.number,
        black: black.number,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(number: u32, wins: i32, colours: &str, opponents: &[u32]) -> SwissPlayer {
        SwissPlayer {
            number,
            score: HalfPoints::from_points(wins),
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
            had_free_point: false,
        }
    }

    fn games(r: &SwissRound) -> Vec<(u32, u32)> {
        r.games.iter().map(|g| (g.white, g.black)).collect()
    }

    #[test]
    fn round_one_pairs_the_halves_with_alternating_colours() {
        let players: Vec<_> = (1..=8).map(|n| player(n, 0, "", &[])).collect();
        let r = pair(&players, 1, true).unwrap();
        assert_eq!(games(&r), vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
        let players: Vec<_> = (1..=7).map(|n| player(n, 0, "", &[])).collect();
        let r = pair(&players, 1, false).unwrap();
        assert_eq!(r.bye, Some(7));
        assert_eq!(games(&r), vec![(4, 1), (2, 5), (6, 3)]);
    }

    #[test]
    fn an_odd_group_drops_its_last_member_onto_the_first_it_may_meet() {
        // Round 2: winners 1, 2, 3 (descending order: 3, 2, 1); losers 4, 5, 6.
        let players = vec![
            player(1, 1, "W", &[4]),
            player(2, 1, "B", &[5]),
            player(3, 1, "W", &[6]),
            player(4, 0, "B", &[1]),
            player(5, 0, "W", &[2]),
            player(6, 0, "B", &[3]),
        ];
        let r = pair(&players, 2, true).unwrap();
        // Winners 3 and 2 pair; 1, last of the group, drops onto 6, the first
        // loser in descending order; then 5 meets 4.
        let mut pairs: Vec<_> = r
            .games
            .iter()
            .map(|g| (g.white.min(g.black), g.white.max(g.black)))
            .collect();
        pairs.sort();
        assert_eq!(pairs, vec![(1, 6), (2, 3), (4, 5)]);
    }

    #[test]
    fn the_last_pair_is_broken_when_someone_is_left_without_an_opponent() {
        // One group of four in an odd round: 1-3 is the first choice, but then
        // 2 and 4 have met, so 1 takes 4 and 2 meets 3.
        let players = vec![
            player(1, 1, "W", &[9]),
            player(2, 1, "W", &[4]),
            player(3, 1, "B", &[8]),
            player(4, 1, "B", &[2]),
        ];
        let r = pair(&players, 3, true).unwrap();
        let mut pairs: Vec<_> = r
            .games
            .iter()
            .map(|g| (g.white.min(g.black), g.white.max(g.black)))
            .collect();
        pairs.sort();
        assert_eq!(pairs, vec![(1, 4), (2, 3)]);
    }

    #[test]
    fn white_goes_to_fewer_whites_then_to_the_latest_black_and_never_a_fourth_time() {
        let rank = [1, 2];
        let a = player(1, 1, "WB", &[]);
        let b = player(2, 1, "BW", &[]);
        assert_eq!(
            colours(&[a.clone(), b.clone()], &rank, 1, 2),
            SwissGame { white: 1, black: 2 }
        );
        let c = player(2, 1, "WW", &[]);
        assert_eq!(
            colours(&[a, c], &rank, 1, 2),
            SwissGame { white: 1, black: 2 }
        );
        let d = player(1, 1, "WBBB", &[]);
        let e = player(2, 1, "BBWW", &[]);
        assert_eq!(
            colours(&[d, e], &rank, 1, 2),
            SwissGame { white: 1, black: 2 }
        );
        // Fewer Whites would give 1 a fourth White in a row: 2 takes it.
        let f = player(1, 1, "BBBWWW", &[]);
        let g = player(2, 1, "WWWWBB", &[]);
        assert_eq!(
            colours(&[f, g], &rank, 1, 2),
            SwissGame { white: 2, black: 1 }
        );
    }

    #[test]
    fn the_bye_goes_to_the_last_player_without_a_free_point_and_repeats_are_refused() {
        let mut players = vec![
            player(1, 1, "W", &[2]),
            player(2, 0, "B", &[1]),
            player(3, 1, "", &[]),
        ];
        players[2].had_free_point = true;
        let r = pair(&players, 2, true).unwrap();
        assert_eq!(r.bye, Some(2));
        assert_eq!(games(&r).len(), 1);
        let two = vec![player(1, 1, "W", &[2]), player(2, 0, "B", &[1])];
        assert_eq!(pair(&two, 2, true), Err(PairingError::NoValidPairing));
    }

    mod in_a_tournament {
        use super::super::*;
        use crate::core::player::Player;
        use crate::core::rank::Rank;
        use crate::core::rating::Rating;
        use crate::core::round::ResultOrigin;
        use crate::core::settings::{Settings, System};

        /// Eight players whose ratings fall with their registration, but the
        /// eighth registered was drawn number 1.
        fn tournament() -> Tournament {
            let mut t = Tournament::new(Settings {
                system: System::RfgSwiss,
                number_of_rounds: 3,
                ..Settings::default()
            });
            for k in 0..8 {
                let mut p = Player::new(PlayerId(0), &format!("P{k}"), "", Rank::Dan(1));
                p.rating = Rating::new(2400 - 100 * k);
                p.draw_number = (k == 7).then_some(1);
                t.register(p);
            }
            t
        }

        fn names(t: &Tournament, paired: &RoundPairing) -> Vec<(String, String)> {
            let name = |id| t.player(id).map(|p| p.name.clone()).unwrap_or_default();
            paired
                .games
                .iter()
                .map(|g| (name(g.white), name(g.black)))
                .collect()
        }

        #[test]
        fn round_one_pairs_the_halves_and_alternates_colours() {
            let t = tournament();
            let paired = crate::core::pairing::pair_round(&t, RoundNo::FIRST).unwrap();
            // Numbers: P7 (drawn 1), then P0..P6 by rating. 1–5, 2–6, 3–7, 4–8;
            // number 1 has Black, so do the odd numbers of the top half.
            let want = [("P3", "P7"), ("P0", "P4"), ("P5", "P1"), ("P2", "P6")];
            let want: Vec<(String, String)> = want
                .iter()
                .map(|(w, b)| (w.to_string(), b.to_string()))
                .collect();
            assert_eq!(names(&t, &paired), want);
            assert_eq!(paired.bye, None);
        }

        #[test]
        fn round_two_pairs_the_winners_and_never_repeats() {
            let mut t = tournament();
            let first = crate::core::pairing::pair_round(&t, RoundNo::FIRST).unwrap();
            t.record_pairing(RoundNo::FIRST, first.games.clone(), None)
                .unwrap();
            for g in &first.games {
                // Black wins everywhere: the top half's odd numbers and the
                // bottom half's partners of the even ones.
                t.set_result(
                    RoundNo::FIRST,
                    g.board,
                    GameResult::BlackWins,
                    ResultOrigin::Played,
                )
                .unwrap();
            }
            let second = RoundNo::new(2).unwrap();
            let paired = crate::core::pairing::pair_round(&t, second).unwrap();
            let met: HashSet<(PlayerId, PlayerId)> = first
                .games
                .iter()
                .map(|g| (g.white.min(g.black), g.white.max(g.black)))
                .collect();
            for g in &paired.games {
                assert!(!met.contains(&(g.white.min(g.black), g.white.max(g.black))));
                let winner = |id| first.games.iter().any(|f| f.black == id);
                assert_eq!(winner(g.white), winner(g.black), "score groups stay apart");
            }
            assert_eq!(paired.games.len(), 4);
        }

        #[test]
        fn a_number_given_twice_refuses_the_round() {
            let mut t = tournament();
            let mut p = t.players()[0].clone();
            p.draw_number = Some(1);
            t.update_player(p).unwrap();
            assert_eq!(
                crate::core::pairing::pair_round(&t, RoundNo::FIRST),
                Err(PairingError::DuplicateDrawNumber(1))
            );
        }
    }
}

#[cfg(test)]
#[path = "rfg_swiss_tests.rs"]
mod history_tests;
