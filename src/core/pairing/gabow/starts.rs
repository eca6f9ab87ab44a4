//! W2 without its rescans. W2 starts a search from every exposed blossom and
//! scans each of their vertices against every vertex: O(n²) a stage while
//! most vertices are exposed, O(n³) over a matching. What those scans find
//! barely changes from one stage to the next, so it is kept instead:
//!
//! - a vertex `k` outside the exposed blossoms gets as `next_delta` its least
//!   slack to an exposed vertex, `y[k]` plus the least `y[x] − w(x, k)` over
//!   exposed `x`, and as `next_edge` the edge from the first such `x` in W2's
//!   order (exposed bases increasing, each blossom's vertices as it lists
//!   them);
//! - the base of an exposed blossom gets as `next_delta` the least half-slack
//!   from its blossom to the exposed blossoms of smaller bases, and a pair
//!   list of those edges.
//!
//! Between two stages, every vertex that stays exposed has its dual lowered
//! by the same amount (exposed blossoms are outer for the whole stage, and
//! only `set_bounds` moves an outer dual), and W2's order restricted to those
//! vertices does not change: bases do not move, and a blossom that grows puts
//! its newcomers right after its base (`pair`), keeping the order of the
//! vertices it had. So a least `y[x] − w(x, k)` keeps its first arg-min
//! unless that vertex was just matched, and only the vertices that joined an
//! exposed blossom are new candidates. A stage reads the pair lists of only
//! the blossoms `pair` visits; each is built when first read, from duals that
//! have not changed since W2 (those of outer vertices stay put until
//! `set_bounds`). `check_starts` compares everything with W2's rescan in
//! debug builds.

use super::Solver;

/// No vertex: no place in W2's order, no arg-min yet.
const NONE: usize = usize::MAX;

/// What W2 finds, by vertex, kept from one stage to the next.
pub(super) struct Starts {
    /// The vertices of exposed blossoms, in W2's order.
    order: Vec<usize>,
    /// By vertex: its place in `order`, `NONE` when not exposed.
    place: Vec<usize>,
    /// `place` at the stage before, while W2 runs.
    was_placed: Vec<usize>,
    /// By exposed vertex: the place of its blossom's base.
    block: Vec<usize>,
    /// By vertex `k`: the first exposed `x` in `order` of least `y[x] − w(x, k)`.
    nearest: Vec<usize>,
    /// By vertex `k`: the weight of the edge to `nearest[k]`, kept so that
    /// the next stage reads no weight where the arg-min stays.
    nearest_weight: Vec<i64>,
    /// By exposed vertex `x`: a `k` of least `y[k] − w(x, k)` among the
    /// vertices of the exposed blossoms before its own.
    nearest_before: Vec<usize>,
    /// Scratch, by vertex: the least value of the arg-min found so far.
    least: Vec<i64>,
    /// The exposed vertices that were not exposed at the stage before.
    added: Vec<usize>,
    /// By vertex: it is the base of an exposed blossom whose pair list is
    /// still to build.
    unbuilt: Vec<bool>,
}

impl Starts {
    pub(super) fn new(vertices: usize) -> Self {
        Starts {
            order: Vec::with_capacity(vertices),
            place: vec![NONE; vertices],
            was_placed: vec![NONE; vertices],
            block: vec![NONE; vertices],
            nearest: vec![NONE; vertices],
            nearest_weight: vec![0; vertices],
            nearest_before: vec![NONE; vertices],
            least: vec![0; vertices],
            added: Vec::with_capacity(vertices),
            unbuilt: vec![false; vertices],
        }
    }
}

impl Solver {
    /// W2: links every exposed blossom as the root of a search, leaving
    /// `next_delta` and `next_edge` as its scans would.
    pub(super) fn start_searches(&mut self) {
        let (n, dummy_vertex, dummy_edge) = (self.n, self.dummy_vertex, self.dummy_edge);
        let s = &mut self.starts;
        std::mem::swap(&mut s.place, &mut s.was_placed);
        s.place.fill(NONE);
        s.order.clear();
        s.added.clear();
        s.unbuilt.fill(false);
        for v in 1..=n {
            if self.mate[v] != dummy_edge {
                continue;
            }
            // PT1–PT3 of `pointer(dummy_vertex, v, dummy_edge)`, whose scan
            // is what follows.
            self.link[dummy_vertex] = Self::flag(dummy_edge);
            self.next_vertex[self.last_vertex[dummy_vertex]] = dummy_vertex;
            self.next_vertex[self.last_vertex[v]] = dummy_vertex;
            debug_assert!(self.link[v] < 0, "set_bounds unlinked every base");
            self.link[v] = dummy_edge as isize;
            s.unbuilt[v] = true;
            let start = s.order.len();
            let mut x = v;
            while x != dummy_vertex {
                s.place[x] = s.order.len();
                s.block[x] = start;
                s.order.push(x);
                if s.was_placed[x] == NONE {
                    s.added.push(x);
                }
                self.next_delta[x] = self.last_delta;
                x = self.next_vertex[x];
            }
        }
        for k in 1..=n {
            self.reach[k] = self.reach_of(k);
        }
        self.restart_later();
        self.nearest_exposed();
        self.nearest_before();
        self.least.raise_all();
        #[cfg(debug_assertions)]
        self.check_starts();
    }

    /// Every vertex's first least `y[x] − w(x, k)` over the exposed `x`,
    /// hence the `next_delta` and `next_edge` of those outside exposed
    /// blossoms. Rows rather than columns are read: the matrix is symmetric.
    fn nearest_exposed(&mut self) {
        let Solver {
            n,
            shift,
            weight,
            y,
            next_delta,
            next_edge,
            starts: s,
            ..
        } = self;
        let (n, shift) = (*n, *shift);
        // By vertex, the place of its arg-min so far (`NONE` for none).
        let mut rank = vec![NONE; n + 1];
        let any_stayed = s.order.len() > s.added.len();
        for (k, rank) in rank.iter_mut().enumerate().skip(1) {
            let x = s.nearest[k];
            if x != NONE && s.place[x] != NONE {
                s.least[k] = y[x] - s.nearest_weight[k];
                *rank = s.place[x];
                continue;
            }
            // Its arg-min was just matched: the first least over those
            // that stay; the newcomers follow.
            let row = k << shift;
            s.least[k] = i64::MAX;
            s.nearest[k] = NONE;
            for &x in s.order.iter().filter(|_| any_stayed) {
                let value = y[x] - weight[row | x];
                if s.was_placed[x] != NONE && value < s.least[k] {
                    s.least[k] = value;
                    s.nearest[k] = x;
                    s.nearest_weight[k] = weight[row | x];
                    *rank = s.place[x];
                }
            }
        }
        for &a in &s.added {
            let (row, place) = (a << shift, s.place[a]);
            for k in 1..=n {
                let value = y[a] - weight[row | k];
                if (value, place) < (s.least[k], rank[k]) {
                    s.least[k] = value;
                    s.nearest[k] = a;
                    s.nearest_weight[k] = weight[row | k];
                    rank[k] = place;
                }
            }
        }
        for k in 1..=n {
            if s.place[k] == NONE && s.nearest[k] != NONE {
                let slack = y[k] + s.least[k];
                if next_delta[k] > slack {
                    next_delta[k] = slack;
                    next_edge[k] = s.nearest[k] << shift | k;
                }
            }
        }
    }

    /// Every exposed blossom's least half-slack to the exposed blossoms
    /// before it, its base's `next_delta`.
    fn nearest_before(&mut self) {
        let Solver {
            shift,
            weight,
            y,
            next_delta,
            starts: s,
            ..
        } = self;
        let shift = *shift;
        let any_stayed = s.order.len() > s.added.len();
        for &x in &s.order {
            let k = s.nearest_before[x];
            if s.was_placed[x] != NONE && (k == NONE || s.place[k] != NONE) {
                s.least[x] = if k == NONE {
                    i64::MAX
                } else {
                    y[k] - weight[x << shift | k]
                };
                continue;
            }
            // New, or its arg-min was just matched: as above.
            let row = x << shift;
            s.least[x] = i64::MAX;
            s.nearest_before[x] = NONE;
            for &k in s.order[..s.block[x]].iter().filter(|_| any_stayed) {
                let value = y[k] - weight[row | k];
                if s.was_placed[k] != NONE && value < s.least[x] {
                    s.least[x] = value;
                    s.nearest_before[x] = k;
                }
            }
        }
        for &a in &s.added {
            let row = a << shift;
            for &x in &s.order[s.place[a] + 1..] {
                let value = y[a] - weight[row | x];
                if s.block[x] > s.block[a] && value < s.least[x] {
                    s.least[x] = value;
                    s.nearest_before[x] = a;
                }
            }
        }
        let mut p = 0;
        while p < s.order.len() {
            let (base, start) = (s.order[p], p);
            let mut slack = i64::MAX;
            while p < s.order.len() && s.block[s.order[p]] == start {
                let x = s.order[p];
                if s.nearest_before[x] != NONE {
                    slack = slack.min(y[x] + s.least[x]);
                }
                p += 1;
            }
            // Halving keeps the order of slacks, so the least half-slack is
            // the least slack's half.
            if slack != i64::MAX && next_delta[base] > slack / 2 {
                next_delta[base] = slack / 2;
            }
        }
    }

    /// The pair list W2's scan gives the exposed blossom based at `b`, if it
    /// is still to build this stage: for every vertex of the exposed
    /// blossoms before it, in increasing order, the first edge from `b`'s
    /// blossom (as W2 saw it) of least half-slack, as `insert_pair` keeps.
    pub(super) fn build_pairs(&mut self, b: usize) {
        if !self.starts.unbuilt[b] {
            self.build_later(b);
            return;
        }
        self.starts.unbuilt[b] = false;
        let Solver {
            n,
            shift,
            dummy_edge,
            weight,
            y,
            next_edge,
            next_pair,
            starts: s,
            ..
        } = self;
        let (shift, dummy_edge) = (*shift, *dummy_edge);
        let start = s.place[b];
        let members = s.order[start..]
            .iter()
            .take_while(|&&x| s.block[x] == start)
            .count();
        let members = &s.order[start..start + members];
        let (mut head, mut tail) = (dummy_edge, dummy_edge);
        for k in (1..=*n).filter(|&k| s.place[k] < start) {
            let mut best = (i64::MAX, dummy_edge);
            for &x in members {
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

    /// Debug builds: what W2's rescan would give, against what is kept.
    #[cfg(debug_assertions)]
    fn check_starts(&self) {
        let s = &self.starts;
        let slack = |x: usize, k: usize| self.slack(x << self.shift | k);
        for k in 1..=self.n {
            if s.place[k] == NONE {
                let first = s
                    .order
                    .iter()
                    .enumerate()
                    .map(|(p, &x)| (slack(x, k), p, x));
                match first.min() {
                    Some((least, _, x)) if least < self.last_delta => {
                        assert_eq!(self.next_delta[k], least, "{k}");
                        assert_eq!(self.next_edge[k], x << self.shift | k, "{k}");
                    }
                    _ => assert_eq!(self.next_delta[k], self.last_delta, "{k}"),
                }
            } else if s.block[k] == s.place[k] {
                let members = s.order.iter().filter(|&&x| s.block[x] == s.block[k]);
                let earlier = &s.order[..s.block[k]];
                let least = members
                    .flat_map(|&x| earlier.iter().map(move |&j| slack(x, j) / 2))
                    .fold(self.last_delta, i64::min);
                assert_eq!(self.next_delta[k], least, "{k}");
            } else {
                assert_eq!(self.next_delta[k], self.last_delta, "{k}");
            }
        }
    }
}
