//! Scanning: the edges from a newly linked blossom lower the `next_delta`
//! of the vertices they reach, or join its pair list; `reach` says which.

use super::Solver;

/// IP1–IP5: puts edge `e` (to `neighbor`, of half-slack `delta_e`) in the
/// pair list being built, after `*pair_point`, unless the list already has an
/// edge to `neighbor` at most as slack; `least` is the new blossom's
/// `next_delta`. A function of the fields rather than a method, so that
/// `scan` can call it while it holds them.
#[inline(always)]
fn insert_pair(
    next_pair: &mut [u32],
    least: &mut i64,
    half_slack: impl Fn(usize) -> i64,
    mask: usize,
    (e, neighbor, delta_e): (usize, usize, i64),
    pair_point: &mut usize,
) {
    let mut next_point = next_pair[*pair_point] as usize;
    while next_point & mask < neighbor {
        *pair_point = next_point;
        next_point = next_pair[next_point] as usize;
    }
    if next_point & mask == neighbor {
        if delta_e >= half_slack(next_point) {
            return;
        }
        next_point = next_pair[next_point] as usize;
    }
    next_pair[*pair_point] = e as u32;
    *pair_point = e;
    next_pair[e] = next_point as u32;
    if *least > delta_e {
        *least = delta_e;
    }
}

/// `reach`: an edge to the vertex goes nowhere (an inner vertex of the
/// forest on its own, whose mate is linked)...
pub(super) const NOWHERE: u8 = 0;
/// ...may lower the vertex's `next_delta`...
pub(super) const LOWERS: u8 = 1;
/// ...or joins the pair list (a vertex of a linked blossom), unless the
/// vertex is in the scanned blossom.
pub(super) const LINKED: u8 = 2;

impl Solver {
    /// Where `scan` sends an edge to `k`, from the blossoms as they are.
    pub(super) fn reach_of(&self, k: usize) -> u8 {
        let u = self.base[k];
        if self.link[u] >= 0 {
            LINKED
        } else if self.last_vertex[u] != u || self.link[self.bmate(u)] < 0 {
            LOWERS
        } else {
            NOWHERE
        }
    }

    /// Debug builds: `reach` is what the blossoms say.
    #[cfg(debug_assertions)]
    pub(super) fn check_reach(&self) {
        for k in 1..=self.n {
            assert_eq!(self.reach[k], self.reach_of(k), "reach of {k}");
        }
    }

    /// Updates `reach` for the vertices of the list from `first` to `last`.
    pub(super) fn reclassify(&mut self, first: usize, last: usize) {
        let mut i = first;
        loop {
            self.set_reach(i);
            if i == last {
                return;
            }
            i = self.next_vertex[i];
        }
    }

    /// MP1–MP3: merges the pair list of subblossom `v` into that of `new_base`.
    pub(super) fn merge_pairs(&mut self, v: usize, new_base: usize) {
        self.build_pairs(v);
        self.next_delta[v] = self.last_delta;
        self.least.raise(v);
        let mut pair_point = self.dummy_edge;
        let mut f = self.next_edge[v];
        while f != self.dummy_edge {
            let e = f;
            let neighbor = self.end(e);
            f = self.next_pair[f] as usize;
            if self.base[neighbor] != new_base {
                let (y, weight, shift) = (&self.y, &self.weight, self.shift);
                let half_slack = |e: usize| (y[e & self.mask] + y[e >> shift] - weight[e]) / 2;
                let delta_e = half_slack(e);
                insert_pair(
                    &mut self.next_pair,
                    &mut self.next_delta[new_base],
                    half_slack,
                    self.mask,
                    (e, neighbor, delta_e),
                    &mut pair_point,
                );
            }
        }
        self.least.raise(new_base);
    }

    /// SC1–SC8: scans the vertices of the newly linked blossom of `x`, adding
    /// `del` to their duals: edges to unlinked blossoms lower their ends'
    /// `next_delta`, edges to other linked blossoms go to the pair list.
    /// `pair` scans so the subblossoms joining the blossom whose pair list it
    /// is merging; `pointer`'s scans, most of them, are `scan_fresh`.
    pub(super) fn scan(&mut self, mut x: usize, del: i64) {
        #[cfg(debug_assertions)]
        self.check_reach();
        let new_base = self.base[x];
        let stop = self.next_vertex[self.last_vertex[x]];
        let Solver {
            n,
            shift,
            mask,
            dummy_edge,
            weight,
            base,
            next_vertex,
            y,
            next_delta,
            least,
            next_edge,
            next_pair,
            last_delta,
            reach,
            ..
        } = self;
        let (n, shift, mask, dummy_edge) = (*n, *shift, *mask, *dummy_edge);
        // Slices of known length, so that the loop over neighbours runs
        // without bounds checks.
        let vertices = n + 2;
        let (y, next_delta, next_edge) = (
            &mut y[..vertices],
            &mut next_delta[..vertices],
            &mut next_edge[..vertices],
        );
        let (base, reach) = (&base[..vertices], &reach[..vertices]);
        while x != stop {
            y[x] += del;
            next_delta[x] = *last_delta;
            least.raise(x);
            let y_x = y[x];
            let row = x << shift;
            let mut pair_point = dummy_edge;
            for neighbor in 1..=n {
                match reach[neighbor] {
                    LOWERS => {
                        let slack = y_x + y[neighbor] - weight[row | neighbor];
                        if next_delta[neighbor] > slack {
                            next_delta[neighbor] = slack;
                            least.lower(neighbor, slack);
                            next_edge[neighbor] = row | neighbor;
                        }
                    }
                    LINKED if base[neighbor] != new_base => {
                        let e = row | neighbor;
                        let slack = y_x + y[neighbor] - weight[e];
                        let y = &*y;
                        insert_pair(
                            next_pair,
                            &mut next_delta[new_base],
                            |e| (y[e & mask] + y[e >> shift] - weight[e]) / 2,
                            mask,
                            (e, neighbor, slack / 2),
                            &mut pair_point,
                        );
                    }
                    _ => {}
                }
            }
            x = next_vertex[x];
        }
        next_edge[new_base] = next_pair[dummy_edge] as usize;
        least.raise(new_base);
    }
}
