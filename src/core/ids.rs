//! Identifiers: surrogate player ids and 1-based round and board numbers.
//!
//! Invariant: a `RoundNo` or `BoardNo` is never 0; `index()` gives the 0-based
//! position used in per-round arrays.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's surrogate id inside one tournament (never the player's name).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(transparent)]
pub struct PlayerId(pub u32);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A round number, counted from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub struct RoundNo(u32);

impl RoundNo {
    /// The first round.
    pub const FIRST: RoundNo = RoundNo(1);

    /// Round `n`; `None` for 0.
    pub fn new(n: u32) -> Option<Self> {
        (n >= 1).then_some(RoundNo(n))
    }

    /// The round at 0-based position `index`.
    pub fn from_index(index: usize) -> Self {
        RoundNo(u32::try_from(index).unwrap_or(u32::MAX - 1) + 1)
    }

    /// The round number, from 1.
    pub fn get(self) -> u32 {
        self.0
    }

    /// The 0-based position of this round in per-round arrays.
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }
}

impl TryFrom<u32> for RoundNo {
    type Error = &'static str;
    fn try_from(n: u32) -> Result<Self, Self::Error> {
        RoundNo::new(n).ok_or("round numbers start at 1")
    }
}

impl From<RoundNo> for u32 {
    fn from(r: RoundNo) -> u32 {
        r.0
    }
}

impl fmt::Display for RoundNo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A board (table) number inside a round, counted from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub struct BoardNo(u32);

impl BoardNo {
    /// Board `n`; `None` for 0.
    pub fn new(n: u32) -> Option<Self> {
        (n >= 1).then_some(BoardNo(n))
    }

    /// The board at 0-based position `index`.
    pub fn from_index(index: usize) -> Self {
        BoardNo(u32::try_from(index).unwrap_or(u32::MAX - 1) + 1)
    }

    /// The board number, from 1.
    pub fn get(self) -> u32 {
        self.0
    }
}

impl TryFrom<u32> for BoardNo {
    type Error = &'static str;
    fn try_from(n: u32) -> Result<Self, Self::Error> {
        BoardNo::new(n).ok_or("board numbers start at 1")
    }
}

impl From<BoardNo> for u32 {
    fn from(b: BoardNo) -> u32 {
        b.0
    }
}

impl fmt::Display for BoardNo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_zero_does_not_exist() {
        assert_eq!(RoundNo::new(0), None);
        assert_eq!(RoundNo::new(3).map(RoundNo::index), Some(2));
        assert_eq!(RoundNo::from_index(2).get(), 3);
    }
}
