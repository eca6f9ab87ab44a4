//! Match-based and multi-stage events: Scheveningen team schedules, qualifying
//! groups feeding a final stage, and series of tournaments.
//!
//! Like the rest of the core, these are rules only: each function answers from
//! its arguments, so the shell stores the results and calls again.

pub mod final_stage;
// The rules the knockout and match systems pair on live under pairing (which
// names no event module: the stages above it call pairing); their old paths
// still answer, since pages and files name them.
pub use crate::core::pairing::{double_elimination, pair_go, series};
pub mod scheveningen;
pub mod series_table;
pub mod stages;
