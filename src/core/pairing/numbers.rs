//! Draw numbers: the fixed order that round robin, knockout and the RFG and
//! Ukrainian Swiss pair on, 1 first.
//!
//! A number the organiser gave is the player's place: drawn by lot, as the
//! Ukrainian rules ask before a round robin (II.3), or set by a previous
//! stage. The players without one fill the other places, classified as the
//! RFG code classifies round 1 of its Swiss (App. 7 §2.5): by rating, highest
//! first, then rank; where the code draws lots between equals we take the
//! name and then the registration order, so that the same file always gives
//! the same numbers. Numbers past the field, or gaps nobody fills, close up
//! in the given order. Pairing round 1 is where the numbers are fixed.

use super::PairingError;
use crate::core::Tournament;
use crate::core::ids::PlayerId;
use crate::core::player::{Player, Registration};
use crate::core::settings::System;
use std::cmp::Reverse;

/// Whether `system` pairs on draw numbers rather than by weights.
pub fn pairs_on_numbers(system: System) -> bool {
    match system {
        System::RoundRobin | System::Knockout | System::RfgSwiss | System::UkraineSwiss => true,
        System::McMahon | System::Swiss | System::SwissCat | System::Cup => false,
    }
}

/// The players registered as final, in draw-number order.
pub fn numbered(tournament: &Tournament) -> Vec<&Player> {
    let final_players = || {
        tournament
            .players()
            .iter()
            .filter(|p| p.registration == Registration::Final)
            .enumerate()
    };
    let mut given: Vec<(u32, usize, &Player)> = final_players()
        .filter_map(|(registered, p)| Some((p.draw_number?, registered, p)))
        .collect();
    given.sort_by_key(|&(number, registered, _)| (number, registered));
    let mut others: Vec<(usize, &Player)> = final_players()
        .filter(|(_, p)| p.draw_number.is_none())
        .collect();
    others.sort_by_key(|&(registered, p)| {
        (
            Reverse(p.rating),
            Reverse(p.rank),
            p.name.to_lowercase(),
            p.first_name.to_lowercase(),
            registered,
        )
    });
    let (mut given, mut others) = (given.into_iter().peekable(), others.into_iter());
    let mut order = Vec::with_capacity(given.len() + others.len());
    for place in 1.. {
        let next = match given.peek() {
            Some(&(number, _, p)) if number <= place => {
                given.next();
                p
            }
            _ => match others.next() {
                Some((_, p)) => p,
                None => match given.next() {
                    Some((_, _, p)) => p,
                    None => break,
                },
            },
        };
        order.push(next);
    }
    order
}

/// [`numbered`], refused while a number is held twice: the tables would
/// seat both players in one place.
pub fn checked(tournament: &Tournament) -> Result<Vec<&Player>, PairingError> {
    match duplicates(tournament).first() {
        Some((number, _)) => Err(PairingError::DuplicateDrawNumber(*number)),
        None => Ok(numbered(tournament)),
    }
}

/// Writes every final player's place in [`numbered`] as their draw number:
/// done when round 1 is paired, so that a later registration or change of
/// rating cannot move anyone.
pub fn fix(tournament: &mut Tournament) {
    let places: Vec<(PlayerId, u32)> = numbered(tournament)
        .iter()
        .zip(1..)
        .map(|(p, n)| (p.id, n))
        .collect();
    for (id, place) in places {
        if let Some(mut player) = tournament.player(id).cloned() {
            player.draw_number = Some(place);
            // The player was just read from the tournament, so it is known.
            let _ = tournament.update_player(player);
        }
    }
}

/// Numbers given to two final players or more, with their holders.
pub fn duplicates(tournament: &Tournament) -> Vec<(u32, Vec<&Player>)> {
    let mut given: Vec<&Player> = tournament
        .players()
        .iter()
        .filter(|p| p.registration == Registration::Final && p.draw_number.is_some())
        .collect();
    given.sort_by_key(|p| p.draw_number);
    given
        .chunk_by(|a, b| a.draw_number == b.draw_number)
        .filter(|same| same.len() > 1)
        .filter_map(|same| Some((same[0].draw_number?, same.to_vec())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ids::PlayerId;
    use crate::core::rank::Rank;
    use crate::core::rating::Rating;
    use crate::core::settings::Settings;

    fn tournament(players: &[(&str, i32, Option<u32>)]) -> Tournament {
        let mut t = Tournament::new(Settings::default());
        for (name, rating, number) in players {
            let mut p = Player::new(PlayerId(0), name, "", Rank::from_opengotha_value(0));
            p.rating = Rating::new(*rating);
            p.draw_number = *number;
            t.register(p);
        }
        t
    }

    fn names(t: &Tournament) -> Vec<&str> {
        numbered(t).iter().map(|p| p.name.as_str()).collect()
    }

    #[test]
    fn given_numbers_first_then_the_highest_rating() {
        let t = tournament(&[
            ("Low", 1500, None),
            ("Drawn2", 1000, Some(2)),
            ("High", 2400, None),
            ("Drawn1", 900, Some(1)),
            ("Equal", 1500, None),
        ]);
        assert_eq!(names(&t), ["Drawn1", "Drawn2", "High", "Equal", "Low"]);
    }

    #[test]
    fn a_given_number_is_the_players_place() {
        let t = tournament(&[
            ("A", 2000, Some(4)),
            ("B", 1900, None),
            ("C", 1800, Some(1)),
            ("D", 1700, None),
            ("E", 1600, Some(9)),
        ]);
        // 4 is A's place; 9 is past the field of five and closes up to 5.
        assert_eq!(names(&t), ["C", "B", "D", "A", "E"]);
    }

    #[test]
    fn fixed_numbers_stay_when_a_stronger_player_arrives() {
        let mut t = tournament(&[("A", 1500, None), ("B", 1900, Some(1)), ("C", 1700, None)]);
        fix(&mut t);
        let mut late = Player::new(PlayerId(0), "Late", "", Rank::from_opengotha_value(0));
        late.rating = Rating::new(2700);
        t.register(late);
        assert_eq!(names(&t), ["B", "C", "A", "Late"]);
    }

    #[test]
    fn preliminary_players_get_no_number() {
        let mut t = tournament(&[("A", 2000, None), ("B", 1900, None)]);
        let mut p = Player::new(PlayerId(0), "Pre", "", Rank::from_opengotha_value(0));
        p.rating = Rating::new(2500);
        p.registration = Registration::Preliminary;
        t.register(p);
        assert_eq!(names(&t), ["A", "B"]);
    }

    #[test]
    fn a_number_held_twice_is_reported() {
        let t = tournament(&[("A", 1, Some(3)), ("B", 1, Some(3)), ("C", 1, Some(1))]);
        let twice = duplicates(&t);
        assert_eq!(twice.len(), 1);
        assert_eq!(twice[0].0, 3);
        assert_eq!(twice[0].1.len(), 2);
    }
}
