//! Standings: scores (NBW, MMS, STS, CPS), placement criteria and places.
//!
//! [`scores()`] gives every player's scores after a number of rounds (what
//! pairing needs); [`standings`] orders the players who took part by a list
//! of criteria, and [`ranking`] any chosen players; players equal on every
//! criterion share a place (RFG App. 9 §1.1).

mod criteria;
mod places;
mod scores;

pub use crate::core::settings::{Criterion, UnknownCriterion};
pub use places::{Row, Standings, ranking, standings};
pub use scores::{RoundScores, RoundStatus, ScoreSheet, scores};

#[cfg(test)]
mod place_tests;
#[cfg(test)]
pub(crate) mod test_support;
#[cfg(test)]
mod tests;
