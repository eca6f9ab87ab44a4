//! Sums of opponents' SOS (OpenGotha SOSOSW, SOSOSM).

use super::super::scores::ScoreSheet;
use crate::core::units::HalfPoints;

/// SOSOSW and SOSOSM of record `i`, given every record's SOSW and SOSM.
///
/// A round without a game adds 0 to SOSOSW and `start MMS × rounds counted`
/// to SOSOSM, as OpenGotha does.
pub(super) fn sosos(
    sheet: &ScoreSheet<'_>,
    i: usize,
    sosw: &[HalfPoints],
    sosm: &[HalfPoints],
) -> (HalfPoints, HalfPoints) {
    let me = &sheet.records[i];
    let rounds = i32::try_from(sheet.rounds).unwrap_or(i32::MAX);
    let (mut w, mut m) = (HalfPoints::ZERO, HalfPoints::ZERO);
    for r in 0..sheet.rounds {
        match sheet
            .paired_game(i, r)
            .and_then(|g| sheet.slot(g.opponent_of(me.id)?))
        {
            Some(o) => {
                w += sosw[o];
                m += sosm[o];
            }
            None => m += me.start_mms.scaled(rounds),
        }
    }
    (w, m)
}
