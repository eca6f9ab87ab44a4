//! Scheveningen system for a match of two teams (Ukrainian rules II.7, Annex 2):
//! every member of one team plays every member of the other, in m rounds.
//!
//! Boards are numbered 1..m in both teams (Annex 2 writes team A's in Arabic and
//! team B's in Roman numerals). Invariant: in one cycle every board of A meets
//! every board of B exactly once.

use crate::core::round::Colour;

/// One of the two teams of a Scheveningen match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Team {
    /// The team whose boards Annex 2 numbers 1, 2, 3, …
    A,
    /// The team whose boards Annex 2 numbers I, II, III, …
    B,
}

/// One game of a Scheveningen round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    /// Team A's board (1-based).
    pub a_board: usize,
    /// Team B's board (1-based).
    pub b_board: usize,
    /// The team whose player takes Black (the one Annex 2 lists first).
    pub black: Team,
}

impl Pairing {
    /// The colour team `team`'s player has in this game.
    pub fn colour_of(&self, team: Team) -> Colour {
        if team == self.black {
            Colour::Black
        } else {
            Colour::White
        }
    }
}

/// Why no Scheveningen round can be given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ScheveningenError {
    /// A team needs at least two boards for a schedule.
    #[error("a Scheveningen match needs at least 2 boards, not {0}")]
    TooFewBoards(usize),
    /// Rounds are counted from 1 up to boards × cycles.
    #[error("round {round} is outside the schedule of {rounds} rounds")]
    NoSuchRound {
        /// The round asked for.
        round: usize,
        /// The rounds the schedule has.
        rounds: usize,
    },
}

/// The number of rounds of `cycles` cycles between two teams of `boards` players.
pub fn round_count(boards: usize, cycles: usize) -> usize {
    boards * cycles
}

/// Round `round` (1-based, over all cycles) between two teams of `boards`
/// players, one game per board of team B in board order (Annex 2's rows).
pub fn round(
    boards: usize,
    round: usize,
    cycles: usize,
) -> Result<Vec<Pairing>, ScheveningenError> {
    if boards < 2 {
        return Err(ScheveningenError::TooFewBoards(boards));
    }
    let rounds = round_count(boards, cycles);
    if round == 0 || round > rounds {
        return Err(ScheveningenError::NoSuchRound { round, rounds });
    }
    let cycle = (round - 1) / boards;
    let r = (round - 1) % boards + 1;
    // Annex 2 lists team A's player first in odd rounds and team B's in even
    // ones; "listed first plays Black" is stated for round robin (II.3) and
    // applies here by analogy.
    let listed_first = if r % 2 == 1 { Team::A } else { Team::B };
    // II.2: each further cycle repeats the first "зі зміною кольору каменів".
    let black = match (listed_first, cycle % 2) {
        (team, 0) => team,
        (Team::A, _) => Team::B,
        (Team::B, _) => Team::A,
    };
    Ok((1..=boards)
        .map(|b_board| Pairing {
            a_board: (b_board - 1 + r - 1) % boards + 1,
            b_board,
            black,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    const ROMAN: [&str; 8] = ["", "I", "II", "III", "IV", "V", "VI", "VII"];

    /// A game as Annex 2 writes it: the player listed first (Black) on the left.
    fn written(p: &Pairing) -> String {
        match p.black {
            Team::A => format!("{} – {}", p.a_board, ROMAN[p.b_board]),
            Team::B => format!("{} – {}", ROMAN[p.b_board], p.a_board),
        }
    }

    /// The whole first cycle, round by round, as Annex 2 writes it.
    fn schedule(boards: usize) -> Vec<Vec<String>> {
        (1..=boards)
            .map(|r| round(boards, r, 1).unwrap().iter().map(written).collect())
            .collect()
    }

    /// Annex 2's table, given row by row (one row per team-B board, one
    /// column per round), turned into rounds.
    fn by_rounds(rows: &[&[&str]]) -> Vec<Vec<String>> {
        (0..rows[0].len())
            .map(|r| rows.iter().map(|row| row[r].to_string()).collect())
            .collect()
    }

    #[test]
    fn four_boards_give_annex_two_table_for_eight_players_as_corrected() {
        // Annex 2, "для 8 учасників (4х4)". Corrected entry (requirements §14):
        // round 2, row 3 prints "II – 4"; it is "III – 4".
        let annex: &[&[&str]] = &[
            &["1 – I", "I – 2", "3 – I", "I – 4"],
            &["2 – II", "II – 3", "4 – II", "II – 1"],
            &["3 – III", "III – 4", "1 – III", "III – 2"],
            &["4 – IV", "IV – 1", "2 – IV", "IV – 3"],
        ];
        assert_eq!(schedule(4), by_rounds(annex));
    }

    #[test]
    fn five_boards_give_annex_two_table_for_ten_players_as_corrected() {
        // Annex 2, "для 10 учасників (5х5)". Corrected entries (requirements
        // §14): round 3 prints "6 – IV" and "7 – V"; they are "1 – IV" and "2 – V".
        let annex: &[&[&str]] = &[
            &["1 – I", "I – 2", "3 – I", "I – 4", "5 – I"],
            &["2 – II", "II – 3", "4 – II", "II – 5", "1 – II"],
            &["3 – III", "III – 4", "5 – III", "III – 1", "2 – III"],
            &["4 – IV", "IV – 5", "1 – IV", "IV – 2", "3 – IV"],
            &["5 – V", "V – 1", "2 – V", "V – 3", "4 – V"],
        ];
        assert_eq!(schedule(5), by_rounds(annex));
    }

    #[test]
    fn every_pair_of_boards_meets_exactly_once_per_cycle() {
        for boards in 2..=9 {
            for cycle in 0..2 {
                let met: Vec<(usize, usize)> = (1..=boards)
                    .flat_map(|r| round(boards, cycle * boards + r, 2).unwrap())
                    .map(|p| (p.a_board, p.b_board))
                    .collect();
                let distinct: HashSet<_> = met.iter().collect();
                assert_eq!(met.len(), boards * boards, "{boards} boards");
                assert_eq!(distinct.len(), boards * boards, "{boards} boards");
            }
        }
    }

    /// Black games of each board of `team` over rounds `rounds`.
    fn blacks(boards: usize, team: Team, rounds: std::ops::RangeInclusive<usize>) -> Vec<usize> {
        let mut count = vec![0; boards];
        for r in rounds {
            for p in round(boards, r, 2).unwrap() {
                let board = if team == Team::A {
                    p.a_board
                } else {
                    p.b_board
                };
                if p.colour_of(team) == Colour::Black {
                    count[board - 1] += 1;
                }
            }
        }
        count
    }

    #[test]
    fn with_an_odd_number_of_boards_team_a_gets_one_more_black_each() {
        assert_eq!(blacks(5, Team::A, 1..=5), vec![3; 5]);
        assert_eq!(blacks(5, Team::B, 1..=5), vec![2; 5]);
        assert_eq!(blacks(4, Team::A, 1..=4), vec![2; 4]);
        assert_eq!(blacks(4, Team::B, 1..=4), vec![2; 4]);
    }

    #[test]
    fn the_second_cycle_repeats_the_first_with_colours_swapped() {
        for r in 1..=5 {
            let first = round(5, r, 2).unwrap();
            let second = round(5, r + 5, 2).unwrap();
            for (a, b) in first.iter().zip(&second) {
                assert_eq!((a.a_board, a.b_board), (b.a_board, b.b_board));
                assert_ne!(a.black, b.black);
            }
        }
        assert_eq!(blacks(5, Team::A, 1..=10), vec![5; 5]);
    }

    #[test]
    fn too_few_boards_and_rounds_outside_the_schedule_are_refused() {
        assert_eq!(round(1, 1, 1), Err(ScheveningenError::TooFewBoards(1)));
        assert_eq!(
            round(4, 5, 1),
            Err(ScheveningenError::NoSuchRound {
                round: 5,
                rounds: 4
            })
        );
        assert_eq!(
            round(4, 0, 2),
            Err(ScheveningenError::NoSuchRound {
                round: 0,
                rounds: 8
            })
        );
    }
}
