//! Round robin by the Berger tables of the Ukrainian rules, Annex 1.
//!
//! Players are numbered by the draw (index 0 is draw number 1). For an odd count
//! the table of the next even size is used and the player meeting the missing
//! number has the bye. Invariant: in one cycle every two players meet exactly once.

use super::{PairingError, RoundPairing, colours};
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::tournament::Tournament;
use std::collections::HashSet;

/// Largest field the tables serve (issue 4: up to 24 players).
pub const MAX_PLAYERS: usize = 24;

/// One game of a round-robin round, as indices in the draw order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    /// Index of the player taking Black (listed first in the Annex tables).
    pub black: usize,
    /// Index of the player taking White.
    pub white: usize,
}

/// The games of one round, in the tables' board order, and who is free.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// Boards in the order the table lists them.
    pub games: Vec<Game>,
    /// The player who sits out (odd fields only).
    pub bye: Option<usize>,
}

/// Number of rounds for `players` over `cycles` cycles (each cycle one full table).
pub fn round_count(players: usize, cycles: usize) -> usize {
    (players + players % 2).saturating_sub(1) * cycles
}

/// Round `round` (1-based, over all cycles) of a round robin of `players`
/// players. In every even-numbered cycle the games of the first cycle repeat
/// with colours swapped (Ukrainian rules II.2).
pub fn round_robin_round(
    players: usize,
    round: usize,
    cycles: usize,
) -> Result<Round, PairingError> {
    if !(2..=MAX_PLAYERS).contains(&players) || round == 0 || round > round_count(players, cycles) {
        return Err(PairingError::NoValidPairing);
    }
    let n = players + players % 2;
    let per_cycle = n - 1;
    let cycle = (round - 1) / per_cycle;
    let r = (round - 1) % per_cycle + 1;
    // Draw numbers 1..n; `wrap` keeps the rotating ones in 1..n-1.
    let wrap = |x: usize| (x + per_cycle - 1) % per_cycle + 1;
    // The player meeting number n: (r+1)/2 takes Black in odd rounds, n takes Black in even ones.
    let anchor = if r % 2 == 1 {
        r.div_ceil(2)
    } else {
        n / 2 + r / 2
    };
    let mut numbered = Vec::with_capacity(n / 2);
    numbered.push(if r % 2 == 1 { (anchor, n) } else { (n, anchor) });
    for d in 1..n / 2 {
        numbered.push((wrap(anchor + d), wrap(anchor + per_cycle - d)));
    }
    let mut result = Round {
        games: Vec::with_capacity(n / 2),
        bye: None,
    };
    for (black, white) in numbered {
        let (black, white) = if cycle % 2 == 1 {
            (white, black)
        } else {
            (black, white)
        };
        if black > players {
            result.bye = Some(white - 1);
        } else if white > players {
            result.bye = Some(black - 1);
        } else {
            result.games.push(Game {
                black: black - 1,
                white: white - 1,
            });
        }
    }
    Ok(result)
}

/// Round `round` of a round-robin tournament: the players registered as
/// final, by draw number ([`super::numbers`]); as many cycles as the planned
/// rounds need; even games, colours from the table. A game whose player does
/// not take part in the round is kept: the table fixes every meeting, so the
/// act that took the player out decides it whether it was logged before or
/// after the pairing (RFG 21.5 в: the remaining opponents get "+"; 21.4 а).
pub fn pair_tournament_round(
    tournament: &Tournament,
    round: RoundNo,
) -> Result<RoundPairing, PairingError> {
    let players = super::numbers::checked(tournament)?;
    let per_cycle = round_count(players.len(), 1).max(1);
    let cycles = (tournament.settings().number_of_rounds as usize)
        .div_ceil(per_cycle)
        .max(1);
    // The table is only right while the numbers are those of round 1: a
    // recorded game the table does not hold means they moved.
    let pair_of = |a: PlayerId, b: PlayerId| (a.min(b), a.max(b));
    for earlier in (1..round.get()).filter_map(RoundNo::new) {
        let table = round_robin_round(players.len(), earlier.get() as usize, cycles)?;
        let expected: HashSet<_> = table
            .games
            .iter()
            .map(|g| pair_of(players[g.white].id, players[g.black].id))
            .collect();
        if tournament
            .games()
            .iter()
            .any(|g| g.round == earlier && !expected.contains(&pair_of(g.white, g.black)))
        {
            return Err(PairingError::TableChanged { round: earlier });
        }
    }
    let table = round_robin_round(players.len(), round.get() as usize, cycles)?;
    let pairs = table
        .games
        .iter()
        .map(|g| (players[g.white].id, players[g.black].id));
    let games = colours::even_games(tournament.settings(), round, pairs, true);
    Ok(RoundPairing {
        games,
        bye: table.bye.map(|k| players[k].id),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Annex 1 rows as printed, "black – white" with draw numbers.
    fn annex(rows: &[&str]) -> Vec<Vec<(usize, usize)>> {
        rows.iter()
            .map(|row| {
                row.split(',')
                    .map(|g| {
                        let (b, w) = g.trim().split_once('-').unwrap();
                        (b.trim().parse().unwrap(), w.trim().parse().unwrap())
                    })
                    .collect()
            })
            .collect()
    }

    fn numbered(players: usize, round: usize) -> Vec<(usize, usize)> {
        let n = players + players % 2;
        let r = round_robin_round(players, round, 1).unwrap();
        let mut games: Vec<_> = r.games.iter().map(|g| (g.black + 1, g.white + 1)).collect();
        if let Some(b) = r.bye {
            // Put the dummy back where the table shows it, to compare whole rows.
            let dummy = if round % 2 == 1 {
                (b + 1, n)
            } else {
                (n, b + 1)
            };
            games.insert(0, dummy);
        }
        games
    }

    #[test]
    fn tables_for_three_to_eight_players_are_annex_1() {
        let four = annex(&["1-4, 2-3", "4-3, 1-2", "2-4, 3-1"]);
        let six = annex(&[
            "1-6, 2-5, 3-4",
            "6-4, 5-3, 1-2",
            "2-6, 3-1, 4-5",
            "6-5, 1-4, 2-3",
            "3-6, 4-2, 5-1",
        ]);
        let eight = annex(&[
            "1-8, 2-7, 3-6, 4-5",
            "8-5, 6-4, 7-3, 1-2",
            "2-8, 3-1, 4-7, 5-6",
            "8-6, 7-5, 1-4, 2-3",
            "3-8, 4-2, 5-1, 6-7",
            "8-7, 1-6, 2-5, 3-4",
            "4-8, 5-3, 6-2, 7-1",
        ]);
        for (players, table) in [
            (3, &four),
            (4, &four),
            (5, &six),
            (6, &six),
            (7, &eight),
            (8, &eight),
        ] {
            for (r, row) in table.iter().enumerate() {
                assert_eq!(
                    &numbered(players, r + 1),
                    row,
                    "{players} players, round {}",
                    r + 1
                );
            }
        }
    }

    #[test]
    fn round_8_of_the_18_player_table_has_16_against_10_not_the_misprinted_1() {
        assert!(numbered(18, 8).contains(&(16, 10)));
        assert_eq!(numbered(18, 17)[0], (9, 18));
    }

    #[test]
    fn everyone_meets_everyone_once_with_balanced_colours_up_to_24_players() {
        for players in 2..=MAX_PLAYERS {
            let rounds = round_count(players, 1);
            let mut met = vec![vec![0; players]; players];
            let mut colours: Vec<Vec<char>> = vec![Vec::new(); players];
            let mut byes = vec![0; players];
            for round in 1..=rounds {
                let r = round_robin_round(players, round, 1).unwrap();
                for g in &r.games {
                    met[g.black][g.white] += 1;
                    met[g.white][g.black] += 1;
                    colours[g.black].push('B');
                    colours[g.white].push('W');
                }
                if let Some(b) = r.bye {
                    byes[b] += 1;
                }
                assert_eq!(r.games.len() * 2 + usize::from(r.bye.is_some()), players);
            }
            for (i, row) in met.iter().enumerate() {
                for (j, count) in row.iter().enumerate() {
                    assert_eq!(
                        *count,
                        usize::from(i != j),
                        "{players} players: {i} met {j}"
                    );
                }
                let blacks = colours[i].iter().filter(|c| **c == 'B').count() as i64;
                let whites = colours[i].len() as i64 - blacks;
                assert!(
                    (blacks - whites).abs() <= 1,
                    "{players} players: colours of {i}"
                );
                let s: String = colours[i].iter().collect();
                assert!(
                    !s.contains("BBB") && !s.contains("WWW"),
                    "{players} players: {i} has {s}"
                );
                assert_eq!(byes[i], players % 2, "{players} players: byes of {i}");
            }
        }
    }

    #[test]
    fn every_meeting_follows_the_berger_formula_for_round_and_colour() {
        // Ukrainian rules, Annex 1 (the Berger formula): for i < j < n the pair
        // meets in the round r with r ≡ i+j−1 (mod n−1); Black is i when i+j is
        // odd and j when it is even. Player n meets (r+1)/2 in odd rounds (the
        // opponent Black) and n/2 + r/2 in even rounds (n Black).
        for n in (4..=MAX_PLAYERS).step_by(2) {
            let mut seen = 0;
            for r in 1..n {
                for g in round_robin_round(n, r, 1).unwrap().games {
                    let (b, w) = (g.black + 1, g.white + 1);
                    seen += 1;
                    if b == n || w == n {
                        let (other, n_black) = if r % 2 == 1 {
                            (r.div_ceil(2), false)
                        } else {
                            (n / 2 + r / 2, true)
                        };
                        let expected = if n_black { (n, other) } else { (other, n) };
                        assert_eq!((b, w), expected, "{n} players, round {r}");
                        continue;
                    }
                    let (i, j) = (b.min(w), b.max(w));
                    assert_eq!((i + j - 2) % (n - 1) + 1, r, "{n} players: {i}-{j}");
                    let black = if (i + j) % 2 == 1 { i } else { j };
                    assert_eq!(b, black, "{n} players, round {r}: {i}-{j}");
                }
            }
            assert_eq!(seen, n * (n - 1) / 2, "{n} players");
        }
    }

    #[test]
    fn the_second_cycle_repeats_the_first_with_colours_swapped() {
        for players in [5, 6, 11] {
            let per_cycle = round_count(players, 1);
            for r in 1..=per_cycle {
                let first = round_robin_round(players, r, 2).unwrap();
                let second = round_robin_round(players, r + per_cycle, 2).unwrap();
                assert_eq!(first.bye, second.bye);
                let swapped: Vec<_> = first
                    .games
                    .iter()
                    .map(|g| Game {
                        black: g.white,
                        white: g.black,
                    })
                    .collect();
                assert_eq!(second.games, swapped);
            }
        }
    }

    #[test]
    fn a_round_robin_tournament_is_paired_from_the_table() {
        use crate::core::ids::PlayerId;
        use crate::core::player::Player;
        use crate::core::rank::Rank;
        use crate::core::settings::{Settings, System};
        let settings = Settings {
            system: System::RoundRobin,
            number_of_rounds: 10,
            ..Settings::default()
        };
        let mut t = Tournament::new(settings);
        let ids: Vec<PlayerId> = (0..5)
            .map(|k| {
                t.register(Player::new(
                    PlayerId(0),
                    &format!("P{k}"),
                    "x",
                    Rank::Kyu(5),
                ))
            })
            .collect();
        // Round 2 of the 5/6 table: (6)-4, 5-3, 1-2; round 7 repeats round 2 with colours swapped.
        let r2 = super::super::pair_round(&t, RoundNo::new(2).unwrap()).unwrap();
        assert_eq!(r2.bye, Some(ids[3]));
        let pairs: Vec<_> = r2
            .games
            .iter()
            .map(|g| (g.black, g.white, g.board.get()))
            .collect();
        assert_eq!(pairs, vec![(ids[4], ids[2], 1), (ids[0], ids[1], 2)]);
        let r7 = super::super::pair_round(&t, RoundNo::new(7).unwrap()).unwrap();
        let pairs: Vec<_> = r7.games.iter().map(|g| (g.white, g.black)).collect();
        assert_eq!(pairs, vec![(ids[4], ids[2]), (ids[0], ids[1])]);
    }

    #[test]
    fn numbers_moved_after_round_1_are_refused_rather_than_reshuffling_the_table() {
        use crate::core::ids::PlayerId;
        use crate::core::player::Player;
        use crate::core::rank::Rank;
        use crate::core::settings::{Settings, System};
        let mut t = Tournament::new(Settings {
            system: System::RoundRobin,
            number_of_rounds: 3,
            ..Settings::default()
        });
        for k in 0..4 {
            t.register(Player::new(PlayerId(0), &format!("P{k}"), "", Rank::Kyu(5)));
        }
        let first = super::super::pair_round(&t, RoundNo::FIRST).unwrap();
        t.record_pairing(RoundNo::FIRST, first.games, first.bye)
            .unwrap();
        let second = RoundNo::new(2).unwrap();
        assert!(super::super::pair_round(&t, second).is_ok());
        // Seated as number 2, the late player moves P1–P3 one place down;
        // the table for six no longer holds round 1's P0–P3.
        let mut late = Player::new(PlayerId(0), "Late", "", Rank::Kyu(5));
        late.draw_number = Some(2);
        t.register(late);
        assert_eq!(
            super::super::pair_round(&t, second),
            Err(PairingError::TableChanged {
                round: RoundNo::FIRST
            })
        );
    }

    #[test]
    fn fields_outside_the_tables_and_rounds_past_the_end_are_refused() {
        assert_eq!(
            round_robin_round(25, 1, 1),
            Err(PairingError::NoValidPairing)
        );
        assert_eq!(
            round_robin_round(1, 1, 1),
            Err(PairingError::NoValidPairing)
        );
        assert_eq!(
            round_robin_round(6, 6, 1),
            Err(PairingError::NoValidPairing)
        );
        assert_eq!(
            round_robin_round(6, 0, 1),
            Err(PairingError::NoValidPairing)
        );
    }
}
