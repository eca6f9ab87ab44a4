//! Draw numbers: the fixed order that round robin, knockout and the RFG Swiss
//! pair on, 1 first.
//!
//! Numbers the organiser gave come first, in their order: drawn by lot, as the
//! Ukrainian rules ask before a round robin (II.3), or set by a previous stage.
//! The players without one follow, classified as the RFG code classifies
//! round 1 of its Swiss (App. 7 §2.5): by rating, highest first, then rank;
//! where the code draws lots between equals we take the name and then the
//! registration order, so that the same file always gives the same numbers.
//! The number is the player's place in this order, so it stays fixed only
//! while nobody is added or removed: pairing round 1 is where it is fixed.

use crate::core::Tournament;
use crate::core::player::{Player, Registration};
use std::cmp::Reverse;

/// The players registered as final, in draw-number order.
pub fn numbered(tournament: &Tournament) -> Vec<&Player> {
    let mut players: Vec<(usize, &Player)> = tournament
        .players()
        .iter()
        .filter(|p| p.registration == Registration::Final)
        .enumerate()
        .collect();
    players.sort_by_key(|&(registered, p)| {
        (
            p.draw_number.is_none(),
            p.draw_number,
            Reverse(p.rating),
            Reverse(p.rank),
            p.name.to_lowercase(),
            p.first_name.to_lowercase(),
            registered,
        )
    });
    players.into_iter().map(|(_, p)| p).collect()
}

/// Numbers given to two final players or more, with their holders: refused
/// before pairing, since the tables would seat both in one place.
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
