//! Sums of opponents' scores (OpenGotha): SOSW, SOSM, their −1/−2 variants,
//! SODOSW, SODOSM and SOSTS, each the sum over the rounds counted of one term per round.

use super::super::scores::ScoreSheet;
use crate::core::units::{HalfPoints, Quarters};

/// The per-round terms of one player's opponent sums.
pub(super) struct Terms {
    /// Opponent's NBW (or virtual NBW); 0 for a round without a game.
    pub(super) nbw: Vec<HalfPoints>,
    /// Opponent's MMS (or virtual MMS) corrected by the handicap; own start MMS without a game.
    pub(super) mms: Vec<HalfPoints>,
    /// Opponent's STS corrected by the handicap; own start MMS without a game.
    pub(super) sts: Vec<HalfPoints>,
    /// The player's own points in each round's game (0 without a game).
    pub(super) won: Vec<HalfPoints>,
}

/// Terms for record `i`, with opponents' scores taken after the last round counted.
pub(super) fn terms(sheet: &ScoreSheet<'_>, i: usize) -> Terms {
    let virtual_scores = sheet.tournament.settings().count_unplayed_as_half_point;
    let me = &sheet.records[i];
    let last = sheet.rounds.saturating_sub(1);
    let mut t = Terms {
        nbw: Vec::with_capacity(sheet.rounds),
        mms: Vec::with_capacity(sheet.rounds),
        sts: Vec::with_capacity(sheet.rounds),
        won: Vec::with_capacity(sheet.rounds),
    };
    for r in 0..sheet.rounds {
        let Some((g, o)) = sheet
            .paired_game(i, r)
            .and_then(|g| Some((g, sheet.slot(g.opponent_of(me.id)?)?)))
        else {
            // OpenGotha: an unpaired round adds 0 to SOSW and the player's own start MMS to SOSM.
            t.nbw.push(HalfPoints::ZERO);
            t.mms.push(me.start_mms);
            t.sts.push(me.start_mms);
            t.won.push(HalfPoints::ZERO);
            continue;
        };
        let opp = &sheet.records[o];
        // White gave `handicap` stones: the opponent's MMS counts that much higher, and lower for Black.
        let hd = HalfPoints::from_points(i32::from(g.handicap));
        let hd = if g.white == me.id { hd } else { -hd };
        // OpenGotha never fills a virtual STS, so with virtual scores an opponent's STS counts 0.
        let (nbw, mms, sts) = if virtual_scores {
            (
                opp.nbw_virtual[last],
                opp.mms_virtual[last],
                HalfPoints::ZERO,
            )
        } else {
            let s = opp.scores[last];
            (s.nbw, s.mms, s.sts)
        };
        t.nbw.push(nbw);
        t.mms.push(mms + hd);
        t.sts.push(sts + hd);
        t.won.push(g.points_of(me.id));
    }
    t
}

/// The sum of the terms without the `k` lowest (0 when there are no more than `k`).
pub(super) fn without_lowest(terms: &[HalfPoints], k: usize) -> HalfPoints {
    let mut sorted = terms.to_vec();
    sorted.sort_unstable();
    sorted.into_iter().skip(k).sum()
}

/// Sum of defeated opponents' scores: each term weighted by the points won against them.
pub(super) fn defeated(terms: &[HalfPoints], won: &[HalfPoints]) -> Quarters {
    terms.iter().zip(won).map(|(t, w)| t.times(*w)).sum()
}
