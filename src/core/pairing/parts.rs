//! Fields of more than 600 players are paired in parts, as OpenGotha's
//! `makeAutomaticPairing` pairs them (3.46.01 on): while more than
//! `PAIRING_GROUP_MAX_SIZE` (600) players are left, it takes a part from the
//! top, category by category and main score downwards, and matches that part
//! alone; the rest is matched last. A part is closed at the end of a score as
//! soon as it holds an even number of at least `PAIRING_GROUP_MIN_SIZE` (200),
//! or at once when it reaches 600 or leaves no more than 200.
//!
//! The weights of a pair are the same as in one matching over everyone (the
//! score groups are the whole tournament's), but each part is a matching of
//! its own, with its players numbered in the order the part took them: that
//! order decides among equally heavy pairings, and which player of a pair
//! comes first. So a part is a [`Draw`] of its own ([`Draw::part`]).

use super::groups::MainScore;
use super::{Draw, PairingError};
use crate::core::ids::PlayerId;

/// OpenGotha's `Pairing.PAIRING_GROUP_MAX_SIZE`: a larger field is paired in parts.
const MAX: usize = 600;
/// OpenGotha's `Pairing.PAIRING_GROUP_MIN_SIZE`.
const MIN: usize = 200;

impl<'t> Draw<'t> {
    /// The parts OpenGotha matches one after another, as indices of
    /// [`Draw::players`] in the order each part takes them; one part, the
    /// whole field in its order, up to 600 players.
    ///
    /// Where OpenGotha's walk would make a part of no player or an odd number
    /// of them (players whose score lies outside the walked range, or of a
    /// category past the last), it would loop or leave a player unpaired; we
    /// pair the whole field in one matching instead.
    pub(super) fn parts(&self) -> Vec<Vec<usize>> {
        let whole = || vec![(0..self.entrants.len()).collect()];
        let settings = self.tournament.settings();
        let categories = settings.number_of_categories() as i64;
        let (low, high) = MainScore::of(settings).walked_range(settings, self.round);
        let mut left: Vec<usize> = (0..self.entrants.len()).collect();
        let mut parts = Vec::new();
        while left.len() > MAX {
            let mut part = Vec::new();
            'closed: for category in 0..categories {
                for score in (low..=high).rev() {
                    let mut k = 0;
                    let mut full = false;
                    while k < left.len() {
                        let e = &self.entrants[left[k]];
                        if e.category > category || e.main_score < score {
                            k += 1;
                            continue;
                        }
                        part.push(left.remove(k));
                        if part.len() >= MAX || left.len() <= MIN {
                            full = true;
                            break;
                        }
                    }
                    if full || (part.len() >= MIN && part.len() % 2 == 0) {
                        break 'closed;
                    }
                }
            }
            if part.is_empty() || part.len() % 2 == 1 {
                return whole();
            }
            parts.push(part);
        }
        parts.push(left);
        parts
    }

    /// The draw of one part: its players in the part's order, with the whole
    /// round's score groups and the games they have played.
    pub(super) fn part(&self, members: &[usize]) -> Draw<'t> {
        let n = self.entrants.len();
        let m = members.len();
        let mut met = vec![false; m * m];
        for (a, &i) in members.iter().enumerate() {
            for (b, &j) in members.iter().enumerate() {
                met[a * m + b] = self.met[i * n + j];
            }
        }
        Draw {
            tournament: self.tournament,
            round: self.round,
            entrants: members.iter().map(|&i| self.entrants[i].clone()).collect(),
            bye: None,
            groups: self.groups.clone(),
            met,
        }
    }

    /// The pairs of a maximum-weight matching of each part, as indices of
    /// [`Draw::players`]; each pair in the order its part numbers them (the
    /// first is OpenGotha's first player of the game), parts in turn.
    pub(super) fn match_parts(&self) -> Result<Vec<(usize, usize)>, PairingError> {
        let parts = self.parts();
        if let [_] = parts.as_slice() {
            let totals = self.totals()?;
            return super::matching::max_weight_perfect_matching_of(self.entrants.len(), &totals);
        }
        let mut pairs = Vec::with_capacity(self.entrants.len() / 2);
        for members in &parts {
            let part = self.part(members);
            let totals = part.totals()?;
            let matched = super::matching::max_weight_perfect_matching_of(members.len(), &totals)?;
            pairs.extend(matched.into_iter().map(|(a, b)| (members[a], members[b])));
        }
        Ok(pairs)
    }

    /// The part that holds both players, when the field is paired in parts.
    pub(super) fn part_of(&self, first: PlayerId, second: PlayerId) -> Option<Draw<'t>> {
        let parts = self.parts();
        if parts.len() < 2 {
            return None;
        }
        let holds = |members: &[usize], p: PlayerId| {
            members.iter().any(|&i| self.entrants[i].player.id == p)
        };
        parts
            .iter()
            .find(|members| holds(members, first) && holds(members, second))
            .map(|members| self.part(members))
    }
}

#[cfg(test)]
#[path = "parts_tests.rs"]
mod tests;
