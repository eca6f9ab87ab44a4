//! OpenGotha's XML tournament format (`tournament.dtd`, data version 201):
//! import and export.
//!
//! Import reads every element and attribute that affects pairing, ranking or
//! publishing, with OpenGotha's own defaults for missing ones, and ignores
//! unknown ones. Games name players by OpenGotha's key (`NAME+FIRSTNAME`
//! upper-cased, spaces removed); files saved under a Turkish locale carry a
//! dotted `İ` there, so keys are matched exactly first, then folded.
//!
//! [`read`] imports (with [`read::elements`] for each element's attributes),
//! [`write`] exports; [`problem`] names what can be wrong with a file, and
//! [`keys`] matches the player keys games use. What both directions share,
//! the rounds a participation string covers and the result names, is here.

mod keys;
mod problem;
mod read;
#[cfg(test)]
mod tests;
mod write;

pub use problem::{ImportError, Problem};
pub use read::{import, import_bytes};
pub use write::export;

use crate::core::round::{GameResult, ResultOrigin};

/// Rounds OpenGotha's participation string covers.
const OPENGOTHA_ROUNDS: u32 = 20;

/// OpenGotha's result names; an unknown name is an unknown result, as in OpenGotha.
fn result_from_opengotha(text: &str) -> (GameResult, ResultOrigin) {
    let (base, origin) = match text.strip_suffix("_BYDEF") {
        Some(base) => (base, ResultOrigin::ByDefault),
        None => (text, ResultOrigin::Played),
    };
    let result = match base {
        "RESULT_WHITEWINS" => GameResult::WhiteWins,
        "RESULT_BLACKWINS" => GameResult::BlackWins,
        "RESULT_EQUAL" => GameResult::Jigo,
        "RESULT_BOTHLOSE" => GameResult::BothLose,
        "RESULT_BOTHWIN" => GameResult::BothWin,
        _ => return (GameResult::Unknown, ResultOrigin::Played),
    };
    (result, origin)
}

fn result_to_opengotha(result: GameResult, origin: ResultOrigin) -> String {
    let base = match result {
        GameResult::WhiteWins => "RESULT_WHITEWINS",
        GameResult::BlackWins => "RESULT_BLACKWINS",
        GameResult::Jigo => "RESULT_EQUAL",
        GameResult::BothLose => "RESULT_BOTHLOSE",
        GameResult::BothWin => "RESULT_BOTHWIN",
        GameResult::Unknown => return "RESULT_UNKNOWN".into(),
    };
    // OpenGotha has no referee decision: it is written as a plain result.
    match origin {
        ResultOrigin::ByDefault => format!("{base}_BYDEF"),
        ResultOrigin::Played | ResultOrigin::RefereeDecision => base.into(),
    }
}
