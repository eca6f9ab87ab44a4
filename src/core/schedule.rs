//! A round's official start and the assembly before it: "the competition
//! opens 5 minutes before the official start of the round, so that the
//! players can settle and the referees make their announcements" (RFG
//! Code 16.6.1).
//!
//! Invariant: a start is a wall-clock time in the tournament's own time
//! zone, to the minute, as the programme prints it.

use jiff::ToSpan;
use jiff::civil::DateTime;
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::core::discipline::Ruleset;

/// When a round officially starts: a date and a time of day, local to the
/// tournament, written `2026-05-10 10:00`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Start(DateTime);

impl Start {
    /// Reads `2026-05-10 10:00` (or with a `T` between date and time);
    /// seconds are dropped, the programme has none.
    pub fn parse(text: &str) -> Option<Start> {
        let at: DateTime = text.trim().parse().ok()?;
        Some(Start(
            at.with().second(0).subsec_nanosecond(0).build().ok()?,
        ))
    }

    /// The day first, as Russian and Ukrainian write it, with the word
    /// that joins the time: `28.11.2026 в 10:00` (`joiner` "в").
    pub fn day_first(self, joiner: &str) -> String {
        format!(
            "{} {joiner} {}",
            self.0.strftime("%d.%m.%Y"),
            self.time_of_day()
        )
    }

    /// The moment it names in the hall's time zone `zone` (IANA name), as
    /// Unix seconds; `None` for a zone the time-zone database lacks or a
    /// time the clocks skip.
    pub fn unix_seconds(self, zone: &str) -> Option<i64> {
        let zone = jiff::tz::TimeZone::get(zone).ok()?;
        Some(self.0.to_zoned(zone).ok()?.timestamp().as_second())
    }

    /// The time of day, `10:00`.
    pub fn time_of_day(self) -> String {
        self.0.strftime("%H:%M").to_string()
    }

    /// When the players assemble under the tournament's rule text: the
    /// start less the lead [`assembly_minutes`] gives; `None` when the
    /// text fixes none.
    pub fn assembly(self, ruleset: Ruleset) -> Option<Start> {
        let minutes = assembly_minutes(ruleset)?;
        self.0
            .checked_sub(i64::from(minutes).minutes())
            .ok()
            .map(Start)
    }
}

/// Minutes between the assembly and the official start, as the rule
/// text fixes them.
pub fn assembly_minutes(ruleset: Ruleset) -> Option<u32> {
    match ruleset {
        // RFG Code 16.6.1: "за 5 мин. до официального начала тура".
        Ruleset::Rfg => Some(5),
        // The EGF GTR ("Timing rules > Start") and the Ukrainian rules
        // name only the start: no assembly is shown.
        Ruleset::Egf | Ruleset::Ukraine | Ruleset::Custom => None,
    }
}

impl fmt::Display for Start {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.strftime("%Y-%m-%d %H:%M"))
    }
}

impl TryFrom<String> for Start {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        Start::parse(&text).ok_or_else(|| format!("{text:?} is not a time like 2026-05-10 10:00"))
    }
}

impl From<Start> for String {
    fn from(start: Start) -> String {
        start.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_assembly_is_five_minutes_before_the_start_under_the_rfg_code() {
        // RFG Code 16.6.1 (testable rule 95).
        let start = Start::parse("2026-05-10 10:00").unwrap();
        let assembly = start.assembly(Ruleset::Rfg).unwrap();
        assert_eq!(assembly.to_string(), "2026-05-10 09:55");
        assert_eq!(assembly.time_of_day(), "09:55");
        let midnight = Start::parse("2026-05-10T00:02").unwrap();
        assert_eq!(
            midnight.assembly(Ruleset::Rfg).unwrap().to_string(),
            "2026-05-09 23:57",
            "across midnight"
        );
        assert_eq!(start.assembly(Ruleset::Egf), None);
        assert_eq!(start.assembly(Ruleset::Ukraine), None);
        assert_eq!(Start::parse("10:00"), None);
        assert_eq!(
            serde_json::to_string(&start).unwrap(),
            "\"2026-05-10 10:00\""
        );
    }
}
