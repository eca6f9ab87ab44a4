//! Team events (RFG App. 4): line-ups, the games of a match, match points and
//! the individual standings of individual-team events.

pub mod boards;
pub mod individual;
pub mod lineup;
pub mod points;

#[cfg(test)]
mod lineup_tests;
