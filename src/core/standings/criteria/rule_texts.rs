//! Sums of opponents' scores as the federations' rule texts define them,
//! where they differ from OpenGotha.

use super::super::scores::{RoundStatus, ScoreSheet};
use crate::core::settings::System;
use crate::core::units::{HalfPoints, Ratio};

/// The main score of a system: MMS in McMahon, the number of wins otherwise.
fn main_score(sheet: &ScoreSheet<'_>, i: usize, after: usize) -> HalfPoints {
    let rec = &sheet.records[i];
    match (sheet.tournament.settings().system, after.checked_sub(1)) {
        (System::McMahon, None) => rec.start_mms,
        (System::McMahon, Some(r)) => rec.scores[r].mms,
        (_, None) => HalfPoints::ZERO,
        (_, Some(r)) => rec.scores[r].nbw,
    }
}

/// SOS terms, RFG Code App. 9 §4 and §5.1: each played game adds the
/// opponent's final main score; a round without a played game (bye, the
/// opponent's or one's own no-show, absence) adds the player's start MMS in
/// McMahon and 0 in Swiss.
pub(super) fn rfg_terms(sheet: &ScoreSheet<'_>, i: usize) -> Vec<HalfPoints> {
    let me = sheet.records[i].id;
    let unplayed = main_score(sheet, i, 0);
    (0..sheet.rounds)
        .map(|r| {
            sheet
                .paired_game(i, r)
                .filter(|g| g.was_played())
                .and_then(|g| sheet.slot(g.opponent_of(me)?))
                .map_or(unplayed, |o| main_score(sheet, o, sheet.rounds))
        })
        .collect()
}

/// Buchholz, Ukrainian rules III.3.1: the sum of the final scores of the
/// opponents one played; an opponent who withdrew counts, by II.5, the mean
/// final score of the players who shared their score when they withdrew.
pub(super) fn buchholz_ua(sheet: &ScoreSheet<'_>, i: usize) -> Ratio {
    let me = sheet.records[i].id;
    (0..sheet.rounds)
        .filter_map(|r| {
            let g = sheet.paired_game(i, r).filter(|g| g.was_played())?;
            sheet.slot(g.opponent_of(me)?)
        })
        .map(|o| match withdrawn_after(sheet, o) {
            Some(k) => score_group_mean(sheet, o, k),
            None => Ratio::from(main_score(sheet, o, sheet.rounds)),
        })
        .sum()
}

/// The number of rounds after which record `i` withdrew: their last game or
/// bye is before the last counted round and they are absent from every later one.
fn withdrawn_after(sheet: &ScoreSheet<'_>, i: usize) -> Option<usize> {
    let status = &sheet.records[i].status;
    let k = status
        .iter()
        .rposition(|s| matches!(s, RoundStatus::Paired | RoundStatus::Bye))?
        + 1;
    let absent_since = status[k..].iter().all(|s| *s == RoundStatus::Absent);
    (k < sheet.rounds && absent_since).then_some(k)
}

/// Mean final score of the players (other than `w`) who were in round `k`
/// with the score `w` had after it; `w`'s own final score if there are none.
fn score_group_mean(sheet: &ScoreSheet<'_>, w: usize, k: usize) -> Ratio {
    let at_withdrawal = main_score(sheet, w, k);
    let group: Vec<HalfPoints> = (0..sheet.records.len())
        .filter(|&j| j != w)
        .filter(|&j| {
            let s = sheet.records[j].status[k - 1];
            matches!(s, RoundStatus::Paired | RoundStatus::Bye)
                && main_score(sheet, j, k) == at_withdrawal
        })
        .map(|j| main_score(sheet, j, sheet.rounds))
        .collect();
    if group.is_empty() {
        return Ratio::from(main_score(sheet, w, sheet.rounds));
    }
    let total: HalfPoints = group.iter().copied().sum();
    Ratio::new(i64::from(total.halves()), 2 * group.len() as i64)
}
