//! The pure core: tournament rules as functions of players, games and settings.
//!
//! Nothing in here does I/O, reads a clock or touches a database
//! (`tests/architecture.rs` checks it), so every rule can be tested alone and
//! the web, the CLI and imports all reach the same answers.

pub mod access;
pub mod pairing;
