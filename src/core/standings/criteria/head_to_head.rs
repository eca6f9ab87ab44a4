//! Head-to-head among tied players, RFG Code App. 9 §3 (not in OpenGotha).

use super::super::scores::ScoreSheet;
use crate::core::units::HalfPoints;
use std::collections::HashMap;

/// Head-to-head value of each tied player: how many of the group finish
/// below them once the criterion has been applied and refined.
///
/// RFG App. 9 §3.1: wins in games between the tied players only (a jigo ½).
/// §3.2: players still level are compared again among themselves.
/// §3.3: in McMahon and Swiss (`equal_meetings_required`) everyone gets 0
/// unless every two tied players met equally often.
pub(super) fn head_to_head(
    sheet: &ScoreSheet<'_>,
    group: &[usize],
    equal_meetings_required: bool,
) -> Vec<i64> {
    let n = group.len();
    let pos: HashMap<usize, usize> = group.iter().enumerate().map(|(p, &i)| (i, p)).collect();
    let mut met = vec![vec![0u32; n]; n];
    let mut won = vec![vec![HalfPoints::ZERO; n]; n];
    for (a, &i) in group.iter().enumerate() {
        let me = sheet.records[i].id;
        for r in 0..sheet.rounds {
            // §3.1 speaks of games played: a forfeit is no meeting.
            let Some(g) = sheet.paired_game(i, r).filter(|g| g.was_played()) else {
                continue;
            };
            let b = g
                .opponent_of(me)
                .and_then(|o| sheet.slot(o))
                .and_then(|o| pos.get(&o));
            if let Some(&b) = b {
                met[a][b] += 1;
                won[a][b] += g.points_of(me);
            }
        }
    }
    if equal_meetings_required {
        let first = (n > 1).then(|| met[0][1]);
        let equal = (0..n).all(|a| (0..n).all(|b| a == b || Some(met[a][b]) == first));
        if !equal {
            return vec![0; n];
        }
    }
    let tiers = refine((0..n).collect(), &won);
    let mut value = vec![0i64; n];
    let mut below = n;
    for tier in tiers {
        below -= tier.len();
        for a in tier {
            value[a] = below as i64;
        }
    }
    value
}

/// Splits `members` into tiers, best first, by wins among `members`, then
/// each tier again among its own members (§3.2), until nothing changes.
fn refine(members: Vec<usize>, won: &[Vec<HalfPoints>]) -> Vec<Vec<usize>> {
    let score = |a: usize| -> HalfPoints { members.iter().map(|&b| won[a][b]).sum() };
    let mut scored: Vec<(HalfPoints, usize)> = members.iter().map(|&a| (score(a), a)).collect();
    scored.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    let mut tiers: Vec<Vec<usize>> = Vec::new();
    let mut last = None;
    for (s, a) in scored {
        match tiers.last_mut() {
            Some(t) if last == Some(s) => t.push(a),
            _ => tiers.push(vec![a]),
        }
        last = Some(s);
    }
    if tiers.len() == 1 {
        return tiers;
    }
    tiers
        .into_iter()
        .flat_map(|t| if t.len() > 1 { refine(t, won) } else { vec![t] })
        .collect()
}
