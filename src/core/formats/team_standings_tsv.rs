//! The team standings as tab-separated text, in the layout of the OpenGotha
//! reference outputs: `place team <criteria…>`.

use crate::core::teams::standings::{TeamCriterion, team_standings};
use crate::core::tournament::Tournament;
use std::fmt::Write as _;

/// The team standings after round `last`, by the tournament's own team
/// placement criteria, one line per team after a header line.
pub fn render(t: &Tournament, last: u32) -> String {
    let criteria = TeamCriterion::of(t);
    let mut out = String::from("place\tteam");
    for c in &criteria {
        let _ = write!(out, "\t{c}");
    }
    out.push('\n');
    for row in team_standings(t, last, &criteria) {
        let _ = write!(out, "{}\t{}", row.place, t.teams()[row.team].name);
        for v in &row.values {
            let _ = write!(out, "\t{v}");
        }
        out.push('\n');
    }
    out
}
