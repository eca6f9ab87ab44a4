//! Edmonds' weighted blossom algorithm, O(n³), for a maximum-weight perfect
//! matching with i64 weights (0: no edge), started from a greedy matching on
//! tight edges.
//!
//! Primal-dual: vertex duals `lab` (in weight units, an edge's slack is
//! `lab[u] + lab[v] − 2w`), blossom duals on contracted odd cycles. Invariant:
//! every slack is ≥ 0 and every matched edge is tight, so a perfect matching
//! reached this way has maximum weight.

/// One edge as seen from a (possibly contracted) vertex: the real endpoints it
/// stands for and its weight (0: no edge).
#[derive(Clone, Copy, Default)]
struct Edge {
    u: u32,
    v: u32,
    w: i64,
}

/// Solver state. Vertices are 1-based: `1..=n` real, `n+1..=2n` blossoms.
struct Solver {
    n: usize,
    n_x: usize,
    stride: usize,
    g: Vec<Edge>,
    lab: Vec<i64>,
    mate: Vec<usize>,
    slack: Vec<usize>,
    st: Vec<usize>,
    pa: Vec<usize>,
    flower_from: Vec<usize>,
    side: Vec<i8>,
    vis: Vec<usize>,
    stamp: usize,
    flower: Vec<Vec<usize>>,
    queue: std::collections::VecDeque<usize>,
}

/// Tree labels: outer (even) and inner (odd) vertices; free ones have none.
const OUTER: i8 = 0;
const INNER: i8 = 1;
const FREE: i8 = -1;

impl Solver {
    fn new(n: usize) -> Self {
        let size = 2 * n + 1;
        Solver {
            n,
            n_x: n,
            stride: size,
            g: vec![Edge::default(); size * size],
            lab: vec![0; size],
            mate: vec![0; size],
            slack: vec![0; size],
            st: vec![0; size],
            pa: vec![0; size],
            flower_from: vec![0; size * (n + 1)],
            side: vec![FREE; size],
            vis: vec![0; size],
            stamp: 0,
            flower: vec![Vec::new(); size],
            queue: std::collections::VecDeque::new(),
        }
    }

    fn g(&self, u: usize, v: usize) -> Edge {
        self.g[u * self.stride + v]
    }

    fn ff(&self, b: usize, x: usize) -> usize {
        self.flower_from[b * (self.n + 1) + x]
    }

    fn set_ff(&mut self, b: usize, x: usize, value: usize) {
        self.flower_from[b * (self.n + 1) + x] = value;
    }

    fn slack_of(&self, e: Edge) -> i64 {
        self.lab[e.u as usize] + self.lab[e.v as usize] - 2 * e.w
    }

    fn update_slack(&mut self, u: usize, x: usize) {
        if self.slack[x] == 0
            || self.slack_of(self.g(u, x)) < self.slack_of(self.g(self.slack[x], x))
        {
            self.slack[x] = u;
        }
    }

    fn set_slack(&mut self, x: usize) {
        self.slack[x] = 0;
        for u in 1..=self.n {
            if self.g(u, x).w > 0 && self.st[u] != x && self.side[self.st[u]] == OUTER {
                self.update_slack(u, x);
            }
        }
    }

    fn push(&mut self, x: usize) {
        if x <= self.n {
            self.queue.push_back(x);
        } else {
            for i in 0..self.flower[x].len() {
                let c = self.flower[x][i];
                self.push(c);
            }
        }
    }

    fn set_st(&mut self, x: usize, b: usize) {
        self.st[x] = b;
        if x > self.n {
            for i in 0..self.flower[x].len() {
                let c = self.flower[x][i];
                self.set_st(c, b);
            }
        }
    }

    /// Position of `xr` in blossom `b`'s cycle, reorienting the cycle so the
    /// path from the base to `xr` has even length.
    fn even_position(&mut self, b: usize, xr: usize) -> usize {
        let pr = self.flower[b].iter().position(|&x| x == xr).unwrap_or(0);
        if pr % 2 == 1 {
            self.flower[b][1..].reverse();
            self.flower[b].len() - pr
        } else {
            pr
        }
    }

    fn set_match(&mut self, u: usize, v: usize) {
        let e = self.g(u, v);
        self.mate[u] = e.v as usize;
        if u > self.n {
            let xr = self.ff(u, e.u as usize);
            let pr = self.even_position(u, xr);
            for i in 0..pr {
                let (a, b) = (self.flower[u][i], self.flower[u][i ^ 1]);
                self.set_match(a, b);
            }
            self.set_match(xr, v);
            self.flower[u].rotate_left(pr);
        }
    }

    fn augment(&mut self, mut u: usize, mut v: usize) {
        loop {
            let xnv = self.st[self.mate[u]];
            self.set_match(u, v);
            if xnv == 0 {
                return;
            }
            let next = self.st[self.pa[xnv]];
            self.set_match(xnv, next);
            u = next;
            v = xnv;
        }
    }

    fn lowest_common_ancestor(&mut self, mut u: usize, mut v: usize) -> usize {
        self.stamp += 1;
        while u != 0 || v != 0 {
            if u != 0 {
                if self.vis[u] == self.stamp {
                    return u;
                }
                self.vis[u] = self.stamp;
                u = self.st[self.mate[u]];
                if u != 0 {
                    u = self.st[self.pa[u]];
                }
            }
            std::mem::swap(&mut u, &mut v);
        }
        0
    }

    fn add_blossom(&mut self, u: usize, lca: usize, v: usize) {
        let mut b = self.n + 1;
        while b <= self.n_x && self.st[b] != 0 {
            b += 1;
        }
        if b > self.n_x {
            self.n_x += 1;
        }
        self.lab[b] = 0;
        self.side[b] = OUTER;
        self.mate[b] = self.mate[lca];
        let mut cycle = vec![lca];
        for (start, reverse) in [(u, true), (v, false)] {
            let from = cycle.len();
            let mut x = start;
            while x != lca {
                cycle.push(x);
                let y = self.st[self.mate[x]];
                cycle.push(y);
                self.push(y);
                x = self.st[self.pa[y]];
            }
            if reverse {
                cycle[from..].reverse();
            }
        }
        self.flower[b] = cycle;
        self.set_st(b, b);
        for x in 1..=self.n_x {
            self.g[b * self.stride + x].w = 0;
            self.g[x * self.stride + b].w = 0;
        }
        for x in 1..=self.n {
            self.set_ff(b, x, 0);
        }
        for i in 0..self.flower[b].len() {
            let xs = self.flower[b][i];
            for x in 1..=self.n_x {
                let (bx, xsx) = (self.g(b, x), self.g(xs, x));
                if bx.w == 0 || (xsx.w > 0 && self.slack_of(xsx) < self.slack_of(bx)) {
                    self.g[b * self.stride + x] = xsx;
                    self.g[x * self.stride + b] = self.g(x, xs);
                }
            }
            for x in 1..=self.n {
                if self.ff(xs, x) != 0 {
                    self.set_ff(b, x, xs);
                }
            }
        }
        self.set_slack(b);
    }

    fn expand_blossom(&mut self, b: usize) {
        for i in 0..self.flower[b].len() {
            let c = self.flower[b][i];
            self.set_st(c, c);
        }
        let xr = self.ff(b, self.g(b, self.pa[b]).u as usize);
        let pr = self.even_position(b, xr);
        let mut i = 0;
        while i < pr {
            let (xs, xns) = (self.flower[b][i], self.flower[b][i + 1]);
            self.pa[xs] = self.g(xns, xs).u as usize;
            self.side[xs] = INNER;
            self.side[xns] = OUTER;
            self.slack[xs] = 0;
            self.set_slack(xns);
            self.push(xns);
            i += 2;
        }
        self.side[xr] = INNER;
        self.pa[xr] = self.pa[b];
        for i in (pr + 1)..self.flower[b].len() {
            let xs = self.flower[b][i];
            self.side[xs] = FREE;
            self.set_slack(xs);
        }
        self.st[b] = 0;
    }

    /// Grows the forest along a tight edge; true when it completed an augmentation.
    fn on_tight_edge(&mut self, e: Edge) -> bool {
        let (u, v) = (self.st[e.u as usize], self.st[e.v as usize]);
        if self.side[v] == FREE {
            self.pa[v] = e.u as usize;
            self.side[v] = INNER;
            let nu = self.st[self.mate[v]];
            self.slack[v] = 0;
            self.slack[nu] = 0;
            self.side[nu] = OUTER;
            self.push(nu);
        } else if self.side[v] == OUTER {
            let lca = self.lowest_common_ancestor(u, v);
            if lca == 0 {
                self.augment(u, v);
                self.augment(v, u);
                return true;
            }
            self.add_blossom(u, lca, v);
        }
        false
    }

    /// One stage: grows alternating trees from every exposed vertex, adjusting
    /// duals, until one augmentation; false when none is possible.
    fn stage(&mut self) -> bool {
        for x in 1..=self.n_x {
            self.side[x] = FREE;
            self.slack[x] = 0;
        }
        self.queue.clear();
        for x in 1..=self.n_x {
            if self.st[x] == x && self.mate[x] == 0 {
                self.pa[x] = 0;
                self.side[x] = OUTER;
                self.push(x);
            }
        }
        if self.queue.is_empty() {
            return false;
        }
        loop {
            while let Some(u) = self.queue.pop_front() {
                if self.side[self.st[u]] == INNER {
                    continue;
                }
                let row = u * self.stride;
                for v in (1..=self.n).rev() {
                    let e = self.g[row + v];
                    if e.w > 0 && self.st[u] != self.st[v] {
                        if self.slack_of(e) == 0 {
                            if self.on_tight_edge(e) {
                                return true;
                            }
                        } else {
                            let x = self.st[v];
                            self.update_slack(u, x);
                        }
                    }
                }
            }
            let mut d = i64::MAX;
            for b in (self.n + 1)..=self.n_x {
                if self.st[b] == b && self.side[b] == INNER {
                    d = d.min(self.lab[b] / 2);
                }
            }
            for x in 1..=self.n_x {
                if self.st[x] == x && self.slack[x] != 0 {
                    let s = self.slack_of(self.g(self.slack[x], x));
                    if self.side[x] == FREE {
                        d = d.min(s);
                    } else if self.side[x] == OUTER {
                        d = d.min(s / 2);
                    }
                }
            }
            // Perfect matching: vertex duals are free, so no vertex-dual bound
            // (Edmonds' δ1) stops the search; d is unbounded only when no
            // augmenting path can ever be found, i.e. no perfect matching exists.
            if d == i64::MAX {
                return false;
            }
            for u in 1..=self.n {
                match self.side[self.st[u]] {
                    OUTER => self.lab[u] -= d,
                    INNER => self.lab[u] += d,
                    _ => {}
                }
            }
            for b in (self.n + 1)..=self.n_x {
                if self.st[b] == b {
                    match self.side[b] {
                        OUTER => self.lab[b] += 2 * d,
                        INNER => self.lab[b] -= 2 * d,
                        _ => {}
                    }
                }
            }
            self.queue.clear();
            for x in 1..=self.n_x {
                if self.st[x] == x && self.slack[x] != 0 && self.st[self.slack[x]] != x {
                    let e = self.g(self.slack[x], x);
                    if self.slack_of(e) == 0 && self.on_tight_edge(e) {
                        return true;
                    }
                }
            }
            for b in (self.n + 1)..=self.n_x {
                if self.st[b] == b && self.side[b] == INNER && self.lab[b] == 0 {
                    self.expand_blossom(b);
                }
            }
        }
    }

    /// Feasible starting duals (each vertex's best edge) and a greedy matching
    /// on the edges they make tight, so the stages only finish the job.
    fn warm_start(&mut self) {
        let n = self.n;
        for u in 1..=n {
            self.lab[u] = (1..=n).map(|v| self.g(u, v).w).max().unwrap_or(0);
        }
        // Last to first, and rows scanned last to first in the stages: of the
        // equal-weight matchings this picks OpenGotha's most often on the fixtures.
        for u in (1..=n).rev() {
            if self.mate[u] != 0 {
                continue;
            }
            // Lower u's dual to the least feasible value; its argmax edge is then tight.
            let mut best: Option<(i64, usize)> = None;
            for v in (1..=n).filter(|&v| self.g(u, v).w > 0) {
                let need = 2 * self.g(u, v).w - self.lab[v];
                let better = match best {
                    None => true,
                    Some((b, arg)) => {
                        need > b || (need == b && self.mate[arg] != 0 && self.mate[v] == 0)
                    }
                };
                if better {
                    best = Some((need, v));
                }
            }
            if let Some((need, v)) = best {
                self.lab[u] = need;
                if self.mate[v] == 0 {
                    self.mate[u] = v;
                    self.mate[v] = u;
                }
            }
        }
    }

    fn solve(&mut self) {
        for u in 0..=self.n {
            self.st[u] = u;
        }
        for u in 1..=self.n {
            self.set_ff(u, u, u);
        }
        self.warm_start();
        while self.stage() {}
    }
}

/// Maximum-weight perfect matching of the graph on `n` vertices (`n` even)
/// whose weights are `weight[i * n + j]` (`i < j`), each 0 (no edge) or in
/// `1..=i64::MAX / 64`;
/// `mate[i]` is `i`'s partner, or `None` if the graph could not be matched.
pub fn max_weight_perfect(weight: &[i64], n: usize) -> Vec<Option<usize>> {
    let mut s = Solver::new(n);
    for i in 0..n {
        for j in 0..n {
            if i != j {
                // Doubled, so every dual stays even and halved slacks stay exact.
                let w = 2 * weight[i.min(j) * n + i.max(j)];
                s.g[(i + 1) * s.stride + j + 1] = Edge {
                    u: (i + 1) as u32,
                    v: (j + 1) as u32,
                    w,
                };
            }
        }
    }
    s.solve();
    (1..=n).map(|u| s.mate[u].checked_sub(1)).collect()
}
