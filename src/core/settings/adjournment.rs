//! Adjournment (EGF GTR "Adjournment"): whether a game may be adjourned,
//! the times at which adjourned games resume, and how long an adjournment
//! may last, all published by the tournament director at the start.
//!
//! Invariant: a resumption time is a wall-clock time in the tournament's
//! own time zone, to the minute, as the players write it on the envelope.

use jiff::civil::DateTime;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The tournament's adjournment rules.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Adjournment {
    /// Games may be adjourned ("in some tournaments", GTR).
    pub allowed: bool,
    /// The times adjourned games resume at, earliest first.
    pub times: Vec<Resumption>,
    /// The longest an adjournment may last, in minutes; `None` until set.
    pub max_minutes: Option<u32>,
}

impl Adjournment {
    /// The longest adjournment a tournament may announce: a week.
    pub const MAX_MINUTES: u32 = 7 * 24 * 60;

    /// Adjournment is allowed but its times or its maximum duration are
    /// missing: the GTR has both published "at the start of the
    /// tournament", so round 1 waits for them.
    pub fn is_incomplete(&self) -> bool {
        self.allowed && (self.times.is_empty() || self.max_minutes.is_none())
    }

    /// Whether `time` is one of the published resumption times.
    pub fn lists(&self, time: Resumption) -> bool {
        self.times.contains(&time)
    }
}

/// When an adjourned game resumes: a date and a time of day, local to the
/// tournament, written `2026-05-10 10:00`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Resumption(DateTime);

impl Resumption {
    /// Reads `2026-05-10 10:00` (or with a `T` between date and time);
    /// seconds are dropped, the envelope has none.
    pub fn parse(text: &str) -> Option<Resumption> {
        let at: DateTime = text.trim().parse().ok()?;
        Some(Resumption(
            at.with().second(0).subsec_nanosecond(0).build().ok()?,
        ))
    }

    /// The date and time.
    pub fn at(self) -> DateTime {
        self.0
    }
}

impl fmt::Display for Resumption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.strftime("%Y-%m-%d %H:%M"))
    }
}

impl TryFrom<String> for Resumption {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        Resumption::parse(&text)
            .ok_or_else(|| format!("{text:?} is not a time like 2026-05-10 10:00"))
    }
}

impl From<Resumption> for String {
    fn from(time: Resumption) -> String {
        time.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resumption_time_reads_as_the_envelope_writes_it_and_drops_seconds() {
        let t = Resumption::parse(" 2026-05-10 10:00 ").unwrap();
        assert_eq!(t.to_string(), "2026-05-10 10:00");
        assert_eq!(Resumption::parse("2026-05-10T10:00:30"), Some(t));
        assert_eq!(Resumption::parse("10 May, 10:00"), None);
        assert_eq!(Resumption::parse("2026-05-10 25:00"), None);
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(json, "\"2026-05-10 10:00\"");
        assert_eq!(serde_json::from_str::<Resumption>(&json).unwrap(), t);
        assert!(serde_json::from_str::<Resumption>("\"soon\"").is_err());
    }

    #[test]
    fn adjournment_allowed_without_times_or_a_maximum_is_incomplete() {
        let mut a = Adjournment::default();
        assert!(!a.is_incomplete(), "not allowed: nothing to publish");
        a.allowed = true;
        assert!(a.is_incomplete());
        a.times = vec![Resumption::parse("2026-05-10 10:00").unwrap()];
        assert!(a.is_incomplete(), "no maximum duration yet");
        a.max_minutes = Some(960);
        assert!(!a.is_incomplete());
        assert!(a.lists(Resumption::parse("2026-05-10T10:00").unwrap()));
        assert!(!a.lists(Resumption::parse("2026-05-10 11:00").unwrap()));
    }
}
