//! A series of tournaments with accumulated points (RFG code 18.2; App. 9
//! §1.3): each tournament's final places are worth the series' points per
//! place, shared places splitting the points of the places they hold, and
//! the series is ranked by the total, then by the best single result.
//!
//! A player is recognised across the tournaments by EGF PIN, else by name
//! and first name ([`same_person`]).

use super::final_stage::{final_places, same_person};
use super::stages::{standings_of_points, tournament_points};
use crate::core::ids::PlayerId;
use crate::core::player::Player;
use crate::core::tournament::Tournament;
use crate::core::units::Ratio;

/// One player's line of the series.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeriesRow {
    /// The player as first met in the series.
    pub player: Player,
    /// Place, shared by equal lines.
    pub place: usize,
    /// The accumulated points.
    pub total: Ratio,
    /// The points of each tournament, `None` where the player did not play.
    pub per_tournament: Vec<Option<Ratio>>,
}

/// One tournament of a series.
#[derive(Debug, Clone, Copy)]
pub struct SeriesEvent<'a> {
    /// The tournament as its standings read it.
    pub tournament: &'a Tournament,
    /// The rounds its places are taken after.
    pub rounds: u32,
    /// Qualification points taken from players by sanctions in force there
    /// (GTR "Other sanctions": reduced qualification points;
    /// `Book::qualification_reductions`).
    pub reductions: &'a [(PlayerId, u32)],
}

/// The series table of `tournaments` (in series order) under
/// `points_per_place`. Only the players a visitor sees in each tournament
/// are counted ([`Tournament::is_public`]); a reduction of qualification
/// points comes off what the player earned in that tournament.
pub fn series_table(tournaments: &[SeriesEvent], points_per_place: &[i64]) -> Vec<SeriesRow> {
    let mut people: Vec<Player> = Vec::new();
    let mut series_places: Vec<Vec<Vec<PlayerId>>> = Vec::new();
    let mut taken: Vec<Vec<(PlayerId, u32)>> = Vec::new();
    for event in tournaments {
        let (t, rounds) = (event.tournament, event.rounds);
        let places = final_places(t, rounds)
            .into_iter()
            .map(|shared| {
                shared
                    .into_iter()
                    .filter_map(|id| t.player(id))
                    .filter(|p| t.is_public(p))
                    .map(|p| {
                        let index = match people.iter().position(|q| same_person(q, p)) {
                            Some(i) => i,
                            None => {
                                people.push(p.clone());
                                people.len() - 1
                            }
                        };
                        PlayerId(index as u32)
                    })
                    .collect()
            })
            .collect();
        series_places.push(places);
        // In series numbering; a player the visitor does not see is not in it.
        taken.push(
            event
                .reductions
                .iter()
                .filter_map(|&(id, points)| {
                    let p = t.player(id)?;
                    let index = people.iter().position(|q| same_person(q, p))?;
                    Some((PlayerId(index as u32), points))
                })
                .collect(),
        );
    }
    let earned: Vec<Vec<(PlayerId, Ratio)>> = series_places
        .iter()
        .zip(&taken)
        .map(|(places, taken)| {
            tournament_points(points_per_place, places)
                .into_iter()
                .map(|(player, points)| {
                    let reduced: u32 = taken
                        .iter()
                        .filter(|(p, _)| *p == player)
                        .map(|(_, n)| n)
                        .sum();
                    (player, points + Ratio::whole(-i64::from(reduced)))
                })
                .collect()
        })
        .collect();
    standings_of_points(&earned)
        .into_iter()
        .map(|line| SeriesRow {
            player: people[line.player.0 as usize].clone(),
            place: line.place,
            total: line.total,
            per_tournament: earned
                .iter()
                .map(|points| {
                    points
                        .iter()
                        .find(|(p, _)| *p == line.player)
                        .map(|(_, r)| *r)
                })
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ids::{BoardNo, RoundNo};
    use crate::core::rank::Rank;
    use crate::core::round::{Game, GameResult, ResultOrigin};
    use crate::core::settings::Settings;
    use crate::core::units::HalfPoints;

    /// One round: `winner` beats `loser`, registered in that order.
    fn duel(winner: &str, loser: &str) -> Tournament {
        let mut t = Tournament::new(Settings::default());
        let w = t.register(Player::new(PlayerId(0), winner, "", Rank::Kyu(5)));
        let l = t.register(Player::new(PlayerId(0), loser, "", Rank::Kyu(5)));
        t.add_game(Game {
            round: RoundNo::FIRST,
            board: BoardNo::from_index(0),
            white: w,
            black: l,
            handicap: 0,
            komi: HalfPoints::ZERO,
            result: GameResult::WhiteWins,
            origin: ResultOrigin::Played,
            colours_known: true,
            method: None,
        })
        .unwrap();
        t
    }

    fn event<'a>(t: &'a Tournament, reductions: &'a [(PlayerId, u32)]) -> SeriesEvent<'a> {
        SeriesEvent {
            tournament: t,
            rounds: 1,
            reductions,
        }
    }

    #[test]
    fn reduced_qualification_points_come_off_the_series_total() {
        // GTR "Other sanctions" (testable rule 68): Bob, 16 points over two
        // tournaments, loses 7 for a sanction in the second and falls to 9.
        let (first, second) = (duel("Ann", "Bob"), duel("Bob", "Cid"));
        let bob = second.players()[0].id;
        let taken = [(bob, 7)];
        let table = series_table(&[event(&first, &[]), event(&second, &taken)], &[10, 6]);
        let lines: Vec<_> = table
            .iter()
            .map(|r| (r.place, r.player.name.as_str(), r.total.to_string()))
            .collect();
        assert_eq!(
            lines,
            [
                (1, "Ann", "10".to_string()),
                (2, "Bob", "9".to_string()),
                (3, "Cid", "6".to_string())
            ]
        );
        let bob = &table[1];
        assert_eq!(
            bob.per_tournament,
            [Some(Ratio::whole(6)), Some(Ratio::whole(3))]
        );
    }

    #[test]
    fn the_same_player_in_two_tournaments_accumulates_and_a_missing_one_scores_nothing() {
        let (first, second) = (duel("Ann", "Bob"), duel("Bob", "Cid"));
        let table = series_table(&[event(&first, &[]), event(&second, &[])], &[10, 6]);
        let lines: Vec<_> = table
            .iter()
            .map(|r| (r.place, r.player.name.as_str(), r.total.to_string()))
            .collect();
        assert_eq!(
            lines,
            [
                (1, "Bob", "16".to_string()),
                (2, "Ann", "10".to_string()),
                (3, "Cid", "6".to_string())
            ]
        );
        assert_eq!(table[1].per_tournament, [Some(Ratio::whole(10)), None]);
    }
}
