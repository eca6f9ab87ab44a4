//! Gabow's O(n³) implementation of Edmonds' maximum-weight matching, on the
//! complete graph, as OpenGotha runs it: same vertex and edge order, same
//! choices among equally good steps, hence the same matching among ties.
//!
//! Harold N. Gabow described the algorithm in his Ph.D. dissertation
//! (Stanford, 1973, appendix D); Eugene Lawler gives it in *Combinatorial
//! Optimization: Networks and Matroids* (1976), chapter 6. Ed Rothberg coded it
//! in C, Peter Cappello transcribed that to Java (`WeightedMatch`, UCSB JICOS
//! project), and OpenGotha pairs with an `int` → `long` adaptation of
//! Cappello's class. This module is our own Rust rendering of Cappello's code;
//! the step labels (W1–W9, SC1–SC8, …) are Gabow's, as Cappello kept them.
//!
//! Cappello's code is under the MIT licence:
//!
//! > Copyright (c) 2004 Peter Cappello <cappello@cs.ucsb.edu>
//! >
//! > Permission is hereby granted, free of charge, to any person obtaining a
//! > copy of this software and associated documentation files (the
//! > "Software"), to deal in the Software without restriction, including
//! > without limitation the rights to use, copy, modify, merge, publish,
//! > distribute, sublicense, and/or sell copies of the Software, and to permit
//! > persons to whom the Software is furnished to do so, subject to the
//! > following conditions:
//! >
//! > The above copyright notice and this permission notice shall be included
//! > in all copies or substantial portions of the Software.
//! >
//! > THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS
//! > OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
//! > MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN
//! > NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
//! > DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
//! > OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE
//! > USE OR OTHER DEALINGS IN THE SOFTWARE.
//!
//! What decides among equal-weight matchings, and is therefore kept exactly:
//! vertices are numbered 1..=n in the caller's order; a vertex scans its
//! neighbours in increasing order; step W3 takes the first vertex of least
//! `next_delta` (strict `>`); pair lists are sorted by end vertex and keep the
//! first of two equally slack edges; weights are doubled and every dual starts
//! at the largest weight. Edges are named by their two ends rather than by
//! Cappello's running number, which changes no comparison.
//!
//! Primal-dual: `y` are vertex duals (blossom duals are kept implicitly in the
//! `y` of their vertices), an edge's slack is `y[u] + y[v] − 2w`. A vertex is
//! *linked* when it is an outer (even) vertex of the search forest, with
//! `link` ≥ 0 the edge it was reached by; negative `link`s keep an edge for
//! undoing blossoms. `base`, `next_vertex` and `last_vertex` describe the
//! blossoms as lists of vertices; `next_pair` chains the edges between linked
//! blossoms, sorted by end vertex.

mod expand;
mod later;
mod least;
mod scan;
mod starts;
#[cfg(test)]
mod tests;

use later::Later;
use least::Least;
use scan::NOWHERE;
use starts::Starts;

/// Sentinel in `next_vertex` for a vertex never put in a list (Cappello's 0).
const NO_VERTEX: usize = 0;

/// A maximum-weight matching of the complete graph on `n` vertices, where
/// `weight[i * n + j]` (`i ≠ j`, symmetric) is the weight of edge `i`–`j`:
/// `mate[i]` is `i`'s partner, `None` when unmatched. With every weight
/// positive the matching is perfect (for even `n`). Weights must lie within
/// ±`i64::MAX / 16`, so that doubled weights and duals cannot overflow.
pub fn max_weight_matching(n: usize, weight: &[i64]) -> Vec<Option<usize>> {
    if n < 2 {
        return vec![None; n];
    }
    let mut solver = Solver::new(n, weight);
    solver.solve();
    (1..=n)
        .map(|v| {
            let partner = solver.end(solver.mate[v]);
            (partner != solver.dummy_vertex).then(|| partner - 1)
        })
        .collect()
}

/// The solver's state, vertices numbered 1..=n, `n + 1` a dummy vertex.
///
/// The directed edge from `u` to `v` is `u << shift | v`: its end is its low
/// bits, its reverse swaps the two halves. The dummy edge leads to the dummy
/// vertex; every edge id is positive, so `-e` can flag an edge in `link`.
struct Solver {
    n: usize,
    shift: u32,
    mask: usize,
    dummy_vertex: usize,
    dummy_edge: usize,
    /// Doubled weights by edge id (Rothberg's symmetric arcs).
    weight: Vec<i64>,
    /// By vertex: the matched edge (leaving the vertex), or the dummy edge.
    mate: Vec<usize>,
    link: Vec<isize>,
    base: Vec<usize>,
    next_vertex: Vec<usize>,
    last_vertex: Vec<usize>,
    y: Vec<i64>,
    next_delta: Vec<i64>,
    /// W3's view of `next_delta`: every write to it is reported there.
    least: Least,
    next_edge: Vec<usize>,
    /// By edge id: the next edge of a blossom's pair list, in 32 bits to
    /// halve the 5 MB a 650-player field takes (see `new`).
    next_pair: Vec<u32>,
    delta: i64,
    last_delta: i64,
    /// What W2 found at the last stage, kept for the next (see `starts`).
    starts: Starts,
    /// By vertex, where `scan` sends an edge to it (see `reach_of`), kept up
    /// to date as the search changes the blossoms it depends on.
    reach: Vec<u8>,
    /// Scratch for `unpair`: the vertices of the blossom it expands.
    members: Vec<usize>,
    /// The pair lists of `scan_fresh`, to build when read.
    later: Later,
}

impl Solver {
    /// W0–W1: the graph, duals at the largest weight, nothing matched.
    fn new(n: usize, weight: &[i64]) -> Self {
        let dummy_vertex = n + 1;
        let shift = usize::BITS - dummy_vertex.leading_zeros();
        let mask = (1 << shift) - 1;
        let ids = (dummy_vertex + 1) << shift;
        // `next_pair` holds edge ids in 32 bits: up to some 46,000 players,
        // far beyond a weight matrix (n² weights) that fits in memory.
        assert!(
            u32::try_from(ids - 1).is_ok(),
            "too many players for edge ids"
        );
        let mut doubled = vec![0; ids];
        let mut largest = i64::MIN;
        for (i, row) in weight.chunks_exact(n).take(n).enumerate() {
            let start = (i + 1) << shift | 1;
            let to = &mut doubled[start..start + n];
            for (d, &w) in to.iter_mut().zip(row) {
                *d = 2 * w;
            }
            // The diagonal is no edge: it stays 0 and weighs nothing.
            to[i] = 0;
            let (before, after) = (&to[..i], &to[i + 1..]);
            largest = before.iter().chain(after).fold(largest, |m, &w| m.max(w));
        }
        let dummy_edge = dummy_vertex << shift | dummy_vertex;
        let last_delta = largest / 2;
        let vertices = n + 2;
        Solver {
            n,
            shift,
            mask,
            dummy_vertex,
            dummy_edge,
            weight: doubled,
            mate: vec![dummy_edge; vertices],
            link: vec![-(dummy_edge as isize); vertices],
            base: (0..vertices).collect(),
            next_vertex: vec![NO_VERTEX; vertices],
            last_vertex: (0..vertices).collect(),
            y: vec![last_delta; vertices],
            next_delta: vec![last_delta; vertices],
            least: Least::new(n),
            next_edge: vec![dummy_edge; vertices],
            next_pair: vec![0; ids],
            delta: 0,
            last_delta,
            starts: Starts::new(vertices),
            reach: vec![NOWHERE; vertices],
            members: Vec::with_capacity(n),
            later: Later::new(vertices),
        }
    }

    fn end(&self, e: usize) -> usize {
        e & self.mask
    }

    fn opp(&self, e: usize) -> usize {
        (e & self.mask) << self.shift | e >> self.shift
    }

    /// The edge a (non-negative) `link` holds.
    fn linked_edge(link: isize) -> usize {
        debug_assert!(link >= 0, "a flagged link used as an edge");
        link as usize
    }

    fn flag(e: usize) -> isize {
        -(e as isize)
    }

    /// The base of the blossom at the end of `e`.
    fn bend(&self, e: usize) -> usize {
        self.base[self.end(e)]
    }

    fn blink(&self, v: usize) -> usize {
        self.bend(Self::linked_edge(self.link[v]))
    }

    fn bmate(&self, v: usize) -> usize {
        self.bend(self.mate[v])
    }

    fn slack(&self, e: usize) -> i64 {
        self.y[self.end(e)] + self.y[e >> self.shift] - self.weight[e]
    }

    /// W2–W9: searches for augmenting paths until the duals of the exposed
    /// vertices reach zero.
    fn solve(&mut self) {
        loop {
            // W2. Start a new search from every exposed vertex.
            self.delta = 0;
            self.start_searches();
            let augmenting = loop {
                // W3. The least slack: the first vertex with the least `next_delta`.
                let (least, i) = self.least.first_least(&self.next_delta[..=self.n]);
                #[cfg(debug_assertions)]
                {
                    let deltas = &self.next_delta[1..=self.n];
                    let first = deltas.iter().enumerate().map(|(k, &d)| (d, k + 1)).min();
                    assert_eq!(Some((least, i)), first, "W3's blocks");
                }
                self.delta = least;
                if self.delta == self.last_delta {
                    // W8–W9. Done: undo the blossoms.
                    self.set_bounds();
                    self.unpair_all();
                    return;
                }
                let v = self.base[i];
                if self.link[v] >= 0 {
                    // W4. An edge between two linked blossoms.
                    if let Some(e) = self.pair(v) {
                        break e;
                    }
                } else {
                    // W5. Link the blossom matched with `v`, or W6. undo `v`.
                    let w = self.bmate(v);
                    if self.link[w] < 0 {
                        let e = self.opp(self.next_edge[i]);
                        self.pointer(v, w, e);
                    } else {
                        self.unpair(v, w);
                    }
                }
            };
            // W7. Augment along the path through `augmenting`.
            self.last_delta -= self.delta;
            self.set_bounds();
            let back = self.opp(augmenting);
            self.rematch(self.bend(augmenting), back);
            self.rematch(self.bend(back), augmenting);
        }
    }

    /// L1–L5: links the unlinked blossoms on the path from the end of `e` to
    /// `new_base`, adding their vertices to the new blossom's list.
    fn link_path(&mut self, mut e: usize, new_base: usize, new_last: &mut usize) {
        let mut v = self.bend(e);
        while v != new_base {
            let u = self.bmate(v);
            self.link[u] = self.opp(e) as isize;
            self.next_vertex[*new_last] = v;
            self.next_vertex[self.last_vertex[v]] = u;
            *new_last = self.last_vertex[u];
            let mut i = v;
            loop {
                self.base[i] = new_base;
                i = self.next_vertex[i];
                if i == self.dummy_vertex {
                    break;
                }
            }
            e = Self::linked_edge(self.link[v]);
            v = self.bend(e);
        }
    }

    /// PA1–PA14: follows the tight edge between linked blossom `v` and
    /// another linked blossom. Returns the edge when it closes an augmenting
    /// path; otherwise makes the blossom it closes.
    fn pair(&mut self, mut v: usize) -> Option<usize> {
        self.build_pairs(v);
        // PA1–PA2. The pair-list edge of slack 2·delta.
        let mut e = self.next_edge[v];
        while self.slack(e) != 2 * self.delta {
            e = self.next_pair[e] as usize;
        }
        // PA3–PA4. Walk up both trees, flagging, until they meet.
        let mut w = self.bend(e);
        let flagged = self.bmate(w);
        self.link[flagged] = Self::flag(e);
        let mut u = self.bmate(v);
        while self.link[u] != Self::flag(e) {
            self.link[u] = Self::flag(e);
            if self.mate[w] != self.dummy_edge {
                std::mem::swap(&mut v, &mut w);
            }
            v = self.blink(v);
            u = self.bmate(v);
        }
        // PA5. Two different roots: an augmenting path.
        if u == self.dummy_vertex && v != w {
            return Some(e);
        }
        // PA6–PA8. A blossom based at `v`.
        let new_base = v;
        let mut new_last = v;
        let old_first = self.next_vertex[v];
        self.link_path(e, new_base, &mut new_last);
        let back = self.opp(e);
        self.link_path(back, new_base, &mut new_last);
        self.next_vertex[new_last] = old_first;
        if self.last_vertex[new_base] == new_base {
            self.last_vertex[new_base] = new_last;
        }
        self.reclassify(new_base, self.last_vertex[new_base]);
        // PA9–PA12. Its pair list, and a scan of the newly linked subblossoms.
        self.next_pair[self.dummy_edge] = self.dummy_edge as u32;
        self.merge_pairs(new_base, new_base);
        let mut i = self.next_vertex[new_base];
        loop {
            self.merge_pairs(i, new_base);
            i = self.next_vertex[self.last_vertex[i]];
            let del = 2 * self.delta - self.slack(self.mate[i]);
            self.scan(i, del);
            i = self.next_vertex[self.last_vertex[i]];
            if i == old_first {
                return None;
            }
        }
    }

    /// PT1–PT4: `u` and `v` are matched blossoms; `v` becomes linked through
    /// edge `e` (from a vertex of `u`) and is scanned if it was not linked.
    fn pointer(&mut self, u: usize, v: usize, e: usize) {
        self.link[u] = Self::flag(self.dummy_edge);
        let (last_u, last_v) = (self.last_vertex[u], self.last_vertex[v]);
        self.next_vertex[last_u] = self.dummy_vertex;
        self.next_vertex[last_v] = self.dummy_vertex;
        let del = if self.last_vertex[u] != u {
            -self.slack(self.mate[self.next_vertex[u]]) / 2
        } else {
            self.last_delta
        };
        let mut i = u;
        while i != self.dummy_vertex {
            self.y[i] += del;
            self.next_delta[i] += del;
            self.least.raise(i);
            i = self.next_vertex[i];
        }
        let was_linked = self.link[v] >= 0;
        self.link[v] = e as isize;
        self.tick();
        self.reclassify(u, last_u);
        self.reclassify(v, last_v);
        if !was_linked {
            self.scan_fresh(v, self.delta);
        }
    }

    /// R1–R4: matches `first_mate` by `e` and swaps matched and unmatched
    /// edges along the alternating path its links describe. Returns the last
    /// edge matched on the path (from its second blossom) and that blossom.
    fn rematch(&mut self, mut first_mate: usize, e: usize) -> Option<(usize, usize)> {
        self.mate[first_mate] = e;
        let mut next_e = -self.link[first_mate];
        let mut last = None;
        while next_e != self.dummy_edge as isize {
            let e = Self::linked_edge(next_e);
            let f = self.opp(e);
            first_mate = self.bend(e);
            let second_mate = self.bend(f);
            next_e = -self.link[first_mate];
            self.link[first_mate] = Self::flag(self.mate[second_mate]);
            self.link[second_mate] = Self::flag(self.mate[first_mate]);
            self.mate[first_mate] = f;
            self.mate[second_mate] = e;
            last = Some((f, second_mate));
        }
        last
    }

    /// SB1–SB8: applies `delta` to the duals of the linked blossoms and of
    /// the blossoms matched with them, and unlinks everything.
    fn set_bounds(&mut self) {
        self.least.raise_all();
        for v in 1..=self.n {
            if self.link[v] < 0 || self.base[v] != v {
                self.next_delta[v] = self.last_delta;
                continue;
            }
            self.link[v] = -self.link[v];
            let mut i = v;
            while i != self.dummy_vertex {
                self.y[i] -= self.delta;
                i = self.next_vertex[i];
            }
            let f = self.mate[v];
            if f != self.dummy_edge {
                let mut i = self.bend(f);
                let del = self.slack(f);
                while i != self.dummy_vertex {
                    self.y[i] -= del;
                    i = self.next_vertex[i];
                }
            }
            self.next_delta[v] = self.last_delta;
        }
    }
}
