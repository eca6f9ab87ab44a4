//! Why a board was paired as it was: the pair's weight term by term, and the
//! best pairing of the round in which the two players do not meet.
//!
//! The alternative is a full re-solve with that one pair forbidden, so its
//! loss is exactly what the round's total weight would give up.

use super::{Breakdown, Draw, PairingError, matching};
use crate::core::ids::PlayerId;

/// The explanation of one board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardExplanation {
    /// The pair's weight, term by term.
    pub chosen: Breakdown,
    /// The best pairing without this pair; `None` when there is none.
    pub alternative: Option<Alternative>,
}

/// The best pairing of the round in which the two players of a board do not meet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alternative {
    /// The first player's opponent there, and that pair's weight.
    pub first_opponent: (PlayerId, Breakdown),
    /// The second player's opponent there, and that pair's weight.
    pub second_opponent: (PlayerId, Breakdown),
    /// Total weight the round gives up by not pairing the two (never negative).
    pub loss: i64,
}

impl Draw<'_> {
    /// Explains pairing `first` with `second` in this draw.
    pub fn explain(
        &self,
        first: PlayerId,
        second: PlayerId,
    ) -> Result<BoardExplanation, PairingError> {
        // A field paired in parts is explained by the part of the two: its
        // pairing is the one made without the other parts.
        if let Some(part) = self.part_of(first, second) {
            return part.explain(first, second);
        }
        let (Some(a), Some(b)) = (self.index_of(first), self.index_of(second)) else {
            return Err(PairingError::NoValidPairing);
        };
        let n = self.entrants.len();
        let totals = self.totals()?;
        let weight = |i: usize, j: usize| totals[i * n + j];
        let pair_weight = |i: usize, j: usize| self.breakdown(i.min(j), i.max(j));
        let sum = |pairs: &[(usize, usize)]| {
            pairs
                .iter()
                .try_fold(0i64, |s, &(i, j)| s.checked_add(weight(i, j)))
                .ok_or(PairingError::WeightOutOfRange)
        };
        let best = sum(&matching::max_weight_perfect_matching(n, |i, j| {
            Some(weight(i, j))
        })?)?;
        let forbidden = (a.min(b), a.max(b));
        let without = matching::max_weight_perfect_matching(n, |i, j| {
            (i, j).ne(&forbidden).then(|| weight(i, j))
        });
        let alternative = match without {
            Err(PairingError::NoValidPairing) => None,
            Err(e) => return Err(e),
            Ok(pairs) => {
                let partner = |x: usize| {
                    pairs.iter().find_map(|&(i, j)| {
                        if i == x {
                            Some(j)
                        } else if j == x {
                            Some(i)
                        } else {
                            None
                        }
                    })
                };
                let (Some(pa), Some(pb)) = (partner(a), partner(b)) else {
                    return Err(PairingError::NoValidPairing);
                };
                let loss = best
                    .checked_sub(sum(&pairs)?)
                    .ok_or(PairingError::WeightOutOfRange)?;
                Some(Alternative {
                    first_opponent: (self.entrants[pa].player.id, pair_weight(a, pa)),
                    second_opponent: (self.entrants[pb].player.id, pair_weight(b, pb)),
                    loss,
                })
            }
        };
        Ok(BoardExplanation {
            chosen: pair_weight(a, b),
            alternative,
        })
    }
}
