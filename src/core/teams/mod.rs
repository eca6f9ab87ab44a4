//! Team events (RFG App. 4): line-ups, the games of a match, match points,
//! the matches read off the games as OpenGotha reads them, the team
//! standings, and the individual standings of individual-team events.

pub mod boards;
pub mod individual;
pub mod lineup;
pub mod matches;
pub mod pairing;
pub mod points;
pub mod roster;
pub mod standings;

pub use lineup::{BoardOrder, LineUp, LineUpProblem, LineUpRules};

#[cfg(test)]
mod lineup_tests;
#[cfg(test)]
mod tests;
