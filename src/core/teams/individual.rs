//! Individual standings of an individual-team event: who is eligible, and one
//! table per board (RFG App. 4 §2.2–2.3; Ukrainian rules III.5).
//!
//! Only games played at the board count — for eligibility, points and
//! percentage alike — so a player is ranked on the very games that qualify him.
//! Each player appears in exactly one board's table: the board he played most
//! games on ("личный зачет проводится строго по доскам", RFG App. 4 §2.3), the
//! higher board on a tie, since board order follows strength.

use crate::core::ids::{BoardNo, PlayerId};
use crate::core::round::{GameResult, ResultOrigin};
pub use crate::core::settings::IndividualShare;
use crate::core::tournament::Tournament;
use crate::core::units::{HalfPoints, Ratio};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What one player did on one board in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// A game played at the board, with the points it earned.
    Played(HalfPoints),
    /// A game won or lost by default (no-show, lateness).
    ByDefault,
    /// The team had no opponent in the round.
    Bye,
}

/// One row of input: a player's outcome on a board in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardRecord {
    /// The player.
    pub player: PlayerId,
    /// The board the player sat on.
    pub board: BoardNo,
    /// What happened.
    pub outcome: Outcome,
}

/// The share of the possible games a player must have played to be ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Eligibility {
    /// The minimum share of `max_games`.
    pub min_share: Ratio,
    /// The most games a player could have played (usually the number of rounds).
    pub max_games: u32,
}

impl Eligibility {
    /// Ukrainian rules III.5: "мінімум зіграних партій (дві третини від загального числа)";
    /// RFG App. 4 §2.2 names ⅔ too, as one of its two usual limits.
    pub fn two_thirds(max_games: u32) -> Self {
        Eligibility {
            min_share: Ratio::new(2, 3),
            max_games,
        }
    }

    /// RFG App. 4 §2.2: the other usual limit, half the possible games.
    pub fn half(max_games: u32) -> Self {
        Eligibility {
            min_share: Ratio::new(1, 2),
            max_games,
        }
    }

    /// The share `share` of `max_games`.
    pub fn of(share: IndividualShare, max_games: u32) -> Self {
        match share {
            IndividualShare::TwoThirds => Self::two_thirds(max_games),
            IndividualShare::Half => Self::half(max_games),
        }
    }

    /// The fewest games that qualify: num × max ÷ den, rounded up.
    pub fn games_needed(&self) -> u32 {
        let den = self.min_share.denominator();
        let needed =
            (self.min_share.numerator() * i64::from(self.max_games) + den - 1).div_euclid(den);
        u32::try_from(needed.max(0)).unwrap_or(u32::MAX)
    }

    /// Whether `played` games qualify a player: played × den ≥ num × max.
    pub fn is_eligible(&self, played: u32) -> bool {
        i64::from(played) * self.min_share.denominator()
            >= self.min_share.numerator() * i64::from(self.max_games)
    }
}

/// An eligible player's line in a board's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IndividualRow {
    /// The player.
    pub player: PlayerId,
    /// Points from played games.
    pub points: HalfPoints,
    /// Games played at the board.
    pub played: u32,
    /// Points per game played, from 0 to 1.
    pub percentage: Ratio,
}

/// One board's individual table, best first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardTable {
    /// The board.
    pub board: BoardNo,
    /// The eligible players ranked on this board.
    pub rows: Vec<IndividualRow>,
}

/// A player left out of the individual standings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ineligible {
    /// The player.
    pub player: PlayerId,
    /// Games played.
    pub played: u32,
    /// Games needed.
    pub needed: u32,
}

/// The individual standings: one table per board, and who is not ranked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndividualStandings {
    /// Tables from board 1 down; a board with no eligible player has none.
    pub boards: Vec<BoardTable>,
    /// Players short of the minimum, by player id.
    pub ineligible: Vec<Ineligible>,
}

/// A player's played games: points, and games per board.
#[derive(Default)]
struct Tally {
    points: HalfPoints,
    per_board: BTreeMap<BoardNo, u32>,
}

impl Tally {
    fn played(&self) -> u32 {
        self.per_board.values().sum()
    }

    /// The board with the most games; the higher board on a tie.
    fn main_board(&self) -> Option<BoardNo> {
        let most = self.per_board.values().max()?;
        self.per_board
            .iter()
            .find(|(_, n)| *n == most)
            .map(|(b, _)| *b)
    }
}

/// Every member's outcome on their board in rounds 1 to `last`, read off
/// the matches (a member seated against nobody has no record: no game).
pub fn board_records(t: &Tournament, last: u32) -> Vec<BoardRecord> {
    let mut records = Vec::new();
    for m in super::matches::matches_up_to(t, last) {
        for (index, seats) in m.members.iter().enumerate() {
            let Some((white_team, black_team)) = *seats else {
                continue;
            };
            let board = BoardNo::from_index(index);
            for player in [white_team, black_team] {
                let game = t
                    .games()
                    .iter()
                    .find(|g| g.round == m.round && g.colour_of(player).is_some());
                let Some(game) = game else {
                    continue;
                };
                let outcome = match game.origin {
                    ResultOrigin::ByDefault => Outcome::ByDefault,
                    _ if game.result == GameResult::Unknown => continue,
                    _ => Outcome::Played(game.points_of(player)),
                };
                records.push(BoardRecord {
                    player,
                    board,
                    outcome,
                });
            }
        }
    }
    records
}

/// Per-board tables ordered by points, then percentage, then player id.
pub fn individual_standings(
    records: &[BoardRecord],
    eligibility: &Eligibility,
) -> IndividualStandings {
    let mut tallies: BTreeMap<PlayerId, Tally> = BTreeMap::new();
    for record in records {
        let tally = tallies.entry(record.player).or_default();
        // "Played" (RFG App. 4 §2.2 "сыгранных партий", Ukrainian III.5
        // "зіграних партій") leaves out byes and games won or lost by default.
        if let Outcome::Played(points) = record.outcome {
            tally.points += points;
            *tally.per_board.entry(record.board).or_default() += 1;
        }
    }
    let needed = eligibility.games_needed();
    let mut tables: BTreeMap<BoardNo, Vec<IndividualRow>> = BTreeMap::new();
    let mut ineligible = Vec::new();
    for (player, tally) in &tallies {
        let played = tally.played();
        match tally.main_board() {
            Some(board) if eligibility.is_eligible(played) => {
                tables.entry(board).or_default().push(IndividualRow {
                    player: *player,
                    points: tally.points,
                    played,
                    percentage: Ratio::new(i64::from(tally.points.halves()), 2 * i64::from(played)),
                });
            }
            _ => ineligible.push(Ineligible {
                player: *player,
                played,
                needed,
            }),
        }
    }
    let boards = tables
        .into_iter()
        .map(|(board, mut rows)| {
            rows.sort_by(|x, y| {
                (y.points, y.percentage, x.player).cmp(&(x.points, x.percentage, y.player))
            });
            BoardTable { board, rows }
        })
        .collect();
    IndividualStandings { boards, ineligible }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(n: u32) -> BoardNo {
        BoardNo::new(n).expect("boards count from 1")
    }

    fn record(player: u32, board_no: u32, outcome: Outcome) -> BoardRecord {
        BoardRecord {
            player: PlayerId(player),
            board: board(board_no),
            outcome,
        }
    }

    fn played(player: u32, board_no: u32, halves: i32) -> BoardRecord {
        record(
            player,
            board_no,
            Outcome::Played(HalfPoints::from_halves(halves)),
        )
    }

    #[test]
    fn two_thirds_of_seven_rounds_needs_five_games() {
        let rule = Eligibility::two_thirds(7);
        assert_eq!(rule.games_needed(), 5);
        assert!(!rule.is_eligible(4));
        assert!(rule.is_eligible(5));
    }

    #[test]
    fn half_of_seven_rounds_needs_four_games_and_half_of_six_needs_three() {
        assert_eq!(Eligibility::half(7).games_needed(), 4);
        assert!(!Eligibility::half(7).is_eligible(3));
        assert_eq!(Eligibility::half(6).games_needed(), 3);
    }

    #[test]
    fn byes_and_games_by_default_do_not_count_as_played() {
        let mut records: Vec<BoardRecord> = (0..4).map(|_| played(1, 1, 2)).collect();
        records.push(record(1, 1, Outcome::ByDefault));
        records.push(record(1, 1, Outcome::Bye));
        let standings = individual_standings(&records, &Eligibility::two_thirds(6));
        assert_eq!(standings.boards[0].rows[0].played, 4);
        assert_eq!(
            standings.boards[0].rows[0].points,
            HalfPoints::from_points(4)
        );
        let strict = individual_standings(&records, &Eligibility::two_thirds(7));
        assert_eq!(
            strict.ineligible,
            [Ineligible {
                player: PlayerId(1),
                played: 4,
                needed: 5,
            }]
        );
        assert!(strict.boards.is_empty());
    }

    #[test]
    fn each_board_ranks_its_players_by_points_then_percentage() {
        let mut records = Vec::new();
        // Board 1: player 1 scores 3 of 3, player 2 scores 3 of 4, player 3 2 of 3.
        records.extend((0..3).map(|_| played(1, 1, 2)));
        records.extend((0..3).map(|_| played(2, 1, 2)));
        records.push(played(2, 1, 0));
        records.extend([played(3, 1, 2), played(3, 1, 2), played(3, 1, 0)]);
        // Board 2: player 4 scores 2½ of 3; player 5 plays twice and is not ranked.
        records.extend([played(4, 2, 2), played(4, 2, 2), played(4, 2, 1)]);
        records.extend([played(5, 2, 2), played(5, 2, 2)]);
        let standings = individual_standings(&records, &Eligibility::half(5));
        let order: Vec<(u32, Vec<u32>)> = standings
            .boards
            .iter()
            .map(|t| (t.board.get(), t.rows.iter().map(|r| r.player.0).collect()))
            .collect();
        assert_eq!(order, [(1, vec![1, 2, 3]), (2, vec![4])]);
        assert_eq!(standings.boards[0].rows[1].percentage, Ratio::new(3, 4));
        assert_eq!(
            standings.ineligible,
            [Ineligible {
                player: PlayerId(5),
                played: 2,
                needed: 3,
            }]
        );
    }

    #[test]
    fn a_player_is_ranked_on_the_board_he_played_most_with_all_his_games() {
        let records = [
            played(7, 1, 2),
            played(7, 2, 0),
            played(7, 2, 2),
            played(8, 1, 2),
            played(8, 2, 2),
        ];
        let standings = individual_standings(&records, &Eligibility::half(3));
        let placed: Vec<(u32, u32, u32)> = standings
            .boards
            .iter()
            .flat_map(|t| t.rows.iter().map(|r| (t.board.get(), r.player.0, r.played)))
            .collect();
        // Player 8 played boards 1 and 2 once each: the higher board wins the tie.
        assert_eq!(placed, [(1, 8, 2), (2, 7, 3)]);
    }
}
