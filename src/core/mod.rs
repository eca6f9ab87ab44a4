//! The pure core: tournament rules as functions of players, games and settings.
//!
//! Nothing in here does I/O, reads a clock or touches a database
//! (`tests/offline/architecture.rs` checks it), so every rule can be tested alone and
//! the web, the CLI and imports all reach the same answers.

pub mod access;
pub mod admission;
pub mod advice;
pub mod audit;
pub mod command;
pub mod discipline;
pub mod events;
pub mod fold;
pub mod formats;
pub mod gor;
pub mod ids;
pub mod inclusive;
pub mod moment;
pub mod pairing;
pub mod player;
pub mod presets;
pub mod prizes;
pub mod problem;
pub mod rank;
pub mod rating;
pub mod results;
pub mod round;
pub mod rule_texts;
pub mod rules;
pub mod schedule;
pub mod settings;
pub mod standings;
pub mod supergroup;
pub mod teams;
pub mod tournament;
pub mod translit;
pub mod units;
pub mod zones;

pub use ids::{BoardNo, PlayerId, RoundNo};
pub use player::{Gender, Participation, Player, Registration};
pub use rank::Rank;
pub use rating::Rating;
pub use round::{Bye, Colour, Game, GameResult, ResultOrigin};
pub use settings::{Settings, System};
pub use standings::Criterion;
pub use tournament::{Tournament, TournamentError};
pub use units::{HalfPoints, Quarters, Ratio};
