//! Cumulative sums of scores (OpenGotha CUSSW, CUSSM): the score after each
//! round, added up, so early wins weigh more.

use super::super::scores::ScoreSheet;
use crate::core::units::HalfPoints;

/// CUSSW and CUSSM of record `i`.
pub(super) fn cuss(sheet: &ScoreSheet<'_>, i: usize) -> (HalfPoints, HalfPoints) {
    let scores = &sheet.records[i].scores;
    (
        scores.iter().map(|s| s.nbw).sum(),
        scores.iter().map(|s| s.mms).sum(),
    )
}
