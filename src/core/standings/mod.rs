//! Standings: scores (NBW, MMS, STS, CPS), placement criteria and places.
//!
//! [`scores`] gives every player's scores after a number of rounds (what
//! pairing needs); [`standings`] orders players by a list of criteria and
//! gives equal places to players equal on all of them (RFG App. 9 §1.1).

mod criteria;
mod places;
mod scores;

pub use places::{Row, Standings, standings};
pub use scores::{RoundScores, RoundStatus, ScoreSheet, scores};
