//! Choosing the bye before matching, as OpenGotha's `chooseAByePlayer`.
//!
//! Each candidate weighs `rank + 2·MMS + 1000·(earlier byes)`; the lightest
//! takes the bye, so nobody gets a second bye while someone has none.

use crate::core::ids::{PlayerId, RoundNo};
use crate::core::standings::ScoreSheet;
use crate::core::tournament::Tournament;

/// Weight of one earlier bye: larger than any rank-plus-score difference.
const EARLIER_BYE: i64 = 1000;

/// The player who gets the bye of `round` among `candidates` (in OpenGotha's
/// score order); on equal weights the last candidate wins, as in OpenGotha.
pub fn choose_bye(
    tournament: &Tournament,
    sheet: &ScoreSheet,
    round: RoundNo,
    candidates: &[PlayerId],
) -> Option<PlayerId> {
    let mut best: Option<(i64, PlayerId)> = None;
    for &id in candidates {
        let Some(player) = tournament.player(id) else {
            continue;
        };
        let mms2 = sheet.mms(id).map_or(0, |m| i64::from(m.halves()));
        let byes = tournament
            .byes()
            .iter()
            .filter(|b| b.player == id && b.round < round)
            .count();
        let weight = i64::from(player.rank.opengotha_value()) + mms2 + EARLIER_BYE * byes as i64;
        if best.is_none_or(|(w, _)| weight <= w) {
            best = Some((weight, id));
        }
    }
    best.map(|(_, id)| id)
}
