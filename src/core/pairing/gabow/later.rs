//! Pair lists built when read. The scan of a blossom that `pointer` links
//! starts a fresh pair list: for every vertex linked before it (outside the
//! blossom), in increasing order, the first edge from the blossom of least
//! half-slack. Most such lists are never read (only `pair` and
//! `merge_pairs` read them), so the scan keeps only their least half-slack,
//! W3's `next_delta` of the blossom, and what the list is made of: the
//! scanned vertices and the moment of the scan. Nothing a list reads
//! changes before it is built: duals of linked vertices stay put until
//! `set_bounds`, and a vertex once linked stays linked for the stage.

use super::Solver;
use super::scan::{LINKED, LOWERS, NOWHERE};

/// Not linked this stage, or no list pending.
const NEVER: usize = usize::MAX;

pub(super) struct Later {
    /// Counts the scans of this stage's fresh lists.
    clock: usize,
    /// By vertex: the `clock` when it was linked, `NEVER` if it is not.
    linked_at: Vec<usize>,
    /// By base: the `clock` of its pending list's scan, `NEVER` if none.
    pending: Vec<usize>,
    /// By base with a pending list: its scanned vertices, in `rows`.
    span: Vec<(usize, usize)>,
    /// The scanned vertices of the pending lists, one run per list.
    rows: Vec<usize>,
    /// Debug builds, by base with a pending list: the vertices `scan` would
    /// have listed, to check `linked_at` against.
    #[cfg(debug_assertions)]
    listed: Vec<Vec<usize>>,
}

impl Later {
    pub(super) fn new(vertices: usize) -> Self {
        Later {
            clock: 0,
            linked_at: vec![NEVER; vertices],
            pending: vec![NEVER; vertices],
            span: vec![(0, 0); vertices],
            rows: Vec::new(),
            #[cfg(debug_assertions)]
            listed: vec![Vec::new(); vertices],
        }
    }
}

impl Solver {
    /// A new stage: the vertices linked now were linked at its start.
    pub(super) fn restart_later(&mut self) {
        let l = &mut self.later;
        l.clock = 0;
        l.rows.clear();
        l.pending.fill(NEVER);
        for (k, &reach) in self.reach.iter().enumerate() {
            l.linked_at[k] = if reach == LINKED { 0 } else { NEVER };
        }
    }

    /// Updates `reach[i]`, noting when `i` gets linked.
    pub(super) fn set_reach(&mut self, i: usize) {
        let reach = self.reach_of(i);
        if reach == LINKED && self.reach[i] != LINKED {
            self.later.linked_at[i] = self.later.clock;
        }
        self.reach[i] = reach;
    }

    /// The moment of a fresh list's scan, after everything linked so far.
    pub(super) fn tick(&mut self) {
        self.later.clock += 1;
    }

    /// SC1–SC8 for the blossom `pointer` just linked, based at `x`, whose
    /// pair list starts empty: as `scan`, but the pair list is left to
    /// `build_later` and only its least half-slack is kept.
    pub(super) fn scan_fresh(&mut self, mut x: usize, del: i64) {
        let (new_base, stop) = (x, self.next_vertex[self.last_vertex[x]]);
        #[cfg(debug_assertions)]
        {
            self.check_reach();
            let listed = (1..=self.n)
                .filter(|&k| self.reach[k] == LINKED && self.base[k] != new_base)
                .collect();
            self.later.listed[new_base] = listed;
        }
        let Solver {
            n,
            shift,
            weight,
            next_vertex,
            y,
            next_delta,
            least,
            next_edge,
            last_delta,
            reach,
            later,
            ..
        } = self;
        let (n, shift) = (*n, *shift);
        let vertices = n + 2;
        let (y, next_delta, next_edge) = (
            &mut y[..vertices],
            &mut next_delta[..vertices],
            &mut next_edge[..vertices],
        );
        // The blossom's own vertices, linked, are no neighbours: marked so
        // for the scan, the loop needs no test of their base.
        let mut i = x;
        while i != stop {
            reach[i] = NOWHERE;
            i = next_vertex[i];
        }
        let reach = &reach[..vertices];
        later.pending[new_base] = later.clock;
        let start = later.rows.len();
        let mut least_slack = i64::MAX;
        while x != stop {
            later.rows.push(x);
            y[x] += del;
            next_delta[x] = *last_delta;
            least.raise(x);
            let y_x = y[x];
            let row = x << shift;
            let weights = &weight[row + 1..=row + n];
            for (k, &w) in weights.iter().enumerate() {
                let neighbor = k + 1;
                let r = reach[neighbor];
                let slack = y_x + y[neighbor] - w;
                if (r == LOWERS) & (next_delta[neighbor] > slack) {
                    next_delta[neighbor] = slack;
                    least.lower(neighbor, slack);
                    next_edge[neighbor] = row | neighbor;
                }
                least_slack = least_slack.min(if r == LINKED { slack } else { i64::MAX });
            }
            x = next_vertex[x];
        }
        later.span[new_base] = (start, later.rows.len());
        for &i in &later.rows[start..] {
            self.reach[i] = LINKED;
        }
        // Halving keeps the order of slacks: the least half-slack is the
        // least slack's half.
        if least_slack != i64::MAX && next_delta[new_base] > least_slack / 2 {
            next_delta[new_base] = least_slack / 2;
        }
        least.raise(new_base);
    }

    /// The pair list `scan` would have made for `b`, if it is pending.
    pub(super) fn build_later(&mut self, b: usize) {
        let time = self.later.pending[b];
        if time == NEVER {
            return;
        }
        self.later.pending[b] = NEVER;
        let Solver {
            n,
            shift,
            dummy_edge,
            weight,
            y,
            next_edge,
            next_pair,
            later,
            ..
        } = self;
        let (shift, dummy_edge) = (*shift, *dummy_edge);
        let (start, end) = later.span[b];
        let rows = &later.rows[start..end];
        let listed = (1..=*n).filter(|&k| later.linked_at[k] < time);
        #[cfg(debug_assertions)]
        assert!(
            listed.clone().eq(later.listed[b].iter().copied()),
            "pair list of {b}"
        );
        let (mut head, mut tail) = (dummy_edge, dummy_edge);
        for k in listed {
            let mut best = (i64::MAX, dummy_edge);
            for &x in rows {
                let e = x << shift | k;
                let half_slack = (y[x] + y[k] - weight[e]) / 2;
                if half_slack < best.0 {
                    best = (half_slack, e);
                }
            }
            if tail == dummy_edge {
                head = best.1;
            } else {
                next_pair[tail] = best.1 as u32;
            }
            tail = best.1;
        }
        if tail != dummy_edge {
            next_pair[tail] = dummy_edge as u32;
        }
        next_edge[b] = head;
    }
}
