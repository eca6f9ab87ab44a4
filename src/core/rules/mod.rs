//! Rules of play and of the clock: komi and tie rules per ruleset, the result
//! of a counted game, WMSG fill-in counting, time controls with the EGF class,
//! and the late-arrival forfeit time.
//!
//! Invariant: komi and margins are whole half points ([`HalfPoints`]), never
//! floats, so a count decides a game exactly.
//!
//! [`HalfPoints`]: crate::core::units::HalfPoints

pub mod counting;
pub mod fill_in;
pub mod lateness;
pub mod nigiri;
pub mod priority;
pub mod profile;
pub mod scoring;
pub mod time;

pub use lateness::ForfeitTime;
pub use profile::{GameRules, HandicapKomi, Profile, RulesError, Scoring};
pub use scoring::{Count, CountError, Outcome};
pub use time::{EgfClass, Overtime, Span, TimeControl, TimeError, TimeWarning};
