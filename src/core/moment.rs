//! A moment as the caller's clock gave it: a leaf, so that the document
//! (a team's line-up handed in) and the discipline book (every act) keep
//! time alike without naming each other.

use serde::{Deserialize, Serialize};
use std::time::Duration;

/// A moment, in seconds since the Unix epoch (UTC), as the caller's clock gave it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Moment(i64);

impl Moment {
    /// The moment `seconds` after the Unix epoch.
    pub const fn from_unix_seconds(seconds: i64) -> Self {
        Moment(seconds)
    }

    /// Seconds since the Unix epoch.
    pub const fn unix_seconds(self) -> i64 {
        self.0
    }

    /// The moment `seconds` later.
    pub const fn plus_seconds(self, seconds: i64) -> Self {
        Moment(self.0.saturating_add(seconds))
    }

    /// Time from `earlier` to `self`; zero if `earlier` is later.
    pub fn since(self, earlier: Moment) -> Duration {
        Duration::from_secs(u64::try_from(self.0.saturating_sub(earlier.0)).unwrap_or(0))
    }
}
