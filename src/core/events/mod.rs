//! Match-based and multi-stage events: Scheveningen team schedules, best-of-N
//! series, double elimination, qualifying groups feeding a final stage, series
//! of tournaments, and pair go and rengo.
//!
//! Like the rest of the core, these are rules only: each function answers from
//! its arguments, so the shell stores the results and calls again.

pub mod double_elimination;
pub mod final_stage;
pub mod pair_go;
pub mod scheveningen;
pub mod series;
pub mod series_table;
pub mod stages;
