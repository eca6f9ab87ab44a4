//! Direct confrontation among tied players (OpenGotha DC and SDC).
//!
//! Only games won on the board count (OpenGotha ignores results by default,
//! jigo and both-win here), over the rounds counted.

use super::super::scores::ScoreSheet;
use crate::core::round::{GameResult, ResultOrigin};
use std::collections::HashMap;

/// `net[a][b]`: games `a` won against `b` minus games `b` won against `a`.
fn net_wins(sheet: &ScoreSheet<'_>, group: &[usize]) -> Vec<Vec<i32>> {
    let pos: HashMap<usize, usize> = group.iter().enumerate().map(|(p, &i)| (i, p)).collect();
    let mut net = vec![vec![0; group.len()]; group.len()];
    for (a, &i) in group.iter().enumerate() {
        let me = sheet.records[i].id;
        for r in 0..sheet.rounds {
            let Some(g) = sheet.paired_game(i, r) else {
                continue;
            };
            let decisive = matches!(g.result, GameResult::WhiteWins | GameResult::BlackWins);
            if !decisive || g.origin == ResultOrigin::ByDefault || !g.is_won_by(me) {
                continue;
            }
            let b = g
                .opponent_of(me)
                .and_then(|o| sheet.slot(o))
                .and_then(|o| pos.get(&o));
            if let Some(&b) = b {
                net[a][b] += 1;
                net[b][a] -= 1;
            }
        }
    }
    net
}

/// SDC: when every two tied players have a winner between them, the number
/// of tied players each one beat; otherwise 0 for all.
pub(super) fn simplified(sheet: &ScoreSheet<'_>, group: &[usize]) -> Vec<i64> {
    let net = net_wins(sheet, group);
    let n = group.len();
    let all_decided = (0..n).all(|a| (0..n).all(|b| a == b || net[a][b] != 0));
    (0..n)
        .map(|a| match all_decided {
            true => (0..n).filter(|&b| a != b && net[a][b] > 0).count() as i64,
            false => 0,
        })
        .collect()
}

/// DC: orders tied players by who beat whom; players in a cycle of wins act
/// as one, and players with no win among the rest are placed last, the one
/// lower on the criteria after DC (`later_place`, 0 = best) first.
///
/// Returns, for each player, how many places above the last they end.
pub(super) fn direct(sheet: &ScoreSheet<'_>, group: &[usize], later_place: &[usize]) -> Vec<i64> {
    let n = group.len();
    let net = net_wins(sheet, group);
    // OpenGotha links a winner and a loser only when the winner leads their games by exactly one.
    let beat = |a: usize, b: usize| net[a][b] == 1;
    let component = strongly_connected(n, &|a, b| beat(b, a));
    let comps = component.iter().copied().max().map_or(0, |m| m + 1);
    // lost_to[x][y]: someone of component x lost to someone of component y.
    let mut lost_to = vec![vec![false; comps]; comps];
    for a in 0..n {
        for b in 0..n {
            if beat(b, a) && component[a] != component[b] {
                lost_to[component[a]][component[b]] = true;
            }
        }
    }
    let mut left: Vec<usize> = vec![0; comps];
    for &c in &component {
        left[c] += 1;
    }
    let mut remaining: Vec<usize> = (0..n).collect();
    let mut rank = vec![0usize; n];
    while !remaining.is_empty() {
        let free: Vec<usize> = remaining
            .iter()
            .copied()
            .filter(|&a| {
                (0..comps).all(|x| x == component[a] || left[x] == 0 || !lost_to[x][component[a]])
            })
            .collect();
        debug_assert!(
            !free.is_empty(),
            "DC: the graph of wins between components has a cycle"
        );
        let Some(worst) = free.iter().map(|&a| later_place[a]).max() else {
            break;
        };
        let chosen: Vec<usize> = free
            .into_iter()
            .filter(|&a| later_place[a] == worst)
            .collect();
        let this_rank = 1 + remaining.len() - chosen.len();
        for &a in &chosen {
            rank[a] = this_rank;
            left[component[a]] -= 1;
        }
        remaining.retain(|a| !chosen.contains(a));
    }
    let top = rank.iter().copied().max().unwrap_or(0);
    rank.iter().map(|&r| (top - r) as i64).collect()
}

/// Strongly connected components of a graph on `0..n` with `edge(a, b)`, as component numbers.
fn strongly_connected(n: usize, edge: &dyn Fn(usize, usize) -> bool) -> Vec<usize> {
    // Kosaraju: order by finishing time, then collect on the reversed graph.
    fn visit(
        a: usize,
        n: usize,
        edge: &dyn Fn(usize, usize) -> bool,
        seen: &mut [bool],
        out: &mut Vec<usize>,
    ) {
        seen[a] = true;
        for b in 0..n {
            if !seen[b] && edge(a, b) {
                visit(b, n, edge, seen, out);
            }
        }
        out.push(a);
    }
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for a in 0..n {
        if !seen[a] {
            visit(a, n, edge, &mut seen, &mut order);
        }
    }
    let reversed = |a: usize, b: usize| edge(b, a);
    let mut component = vec![usize::MAX; n];
    let mut seen = vec![false; n];
    let mut next = 0;
    for &a in order.iter().rev() {
        if seen[a] {
            continue;
        }
        let mut members = Vec::new();
        visit(a, n, &reversed, &mut seen, &mut members);
        for m in members {
            component[m] = next;
        }
        next += 1;
    }
    component
}
