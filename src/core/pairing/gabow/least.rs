//! W3's least `next_delta` without reading every vertex at every step: the
//! vertices are cut into blocks, each keeping its first least `next_delta`.
//! A write that lowers a value updates its block; any other write marks the
//! block stale, and W3 reads a stale block again. Blocks are compared in
//! vertex order, keeping the earlier block on a tie, so W3 still takes the
//! first vertex of least `next_delta`.

/// Vertices per block: a few dozen blocks for a few hundred players.
const BLOCK: usize = 32;

pub(super) struct Least {
    /// By block: its least `next_delta` and the first vertex holding it.
    blocks: Vec<(i64, usize)>,
    /// By block: some `next_delta` in it went up since `blocks` was read.
    stale: Vec<bool>,
}

impl Least {
    /// Blocks for vertices 1..=n (block `k / BLOCK` holds vertex `k`).
    pub(super) fn new(n: usize) -> Self {
        let blocks = n / BLOCK + 1;
        Least {
            blocks: vec![(i64::MAX, 0); blocks],
            stale: vec![true; blocks],
        }
    }

    /// `next_delta[k]` went down to `value`.
    #[inline(always)]
    pub(super) fn lower(&mut self, k: usize, value: i64) {
        let block = &mut self.blocks[k / BLOCK];
        if (value, k) < *block {
            *block = (value, k);
        }
    }

    /// `next_delta[k]` may have gone up.
    pub(super) fn raise(&mut self, k: usize) {
        self.stale[k / BLOCK] = true;
    }

    /// Every `next_delta` may have changed.
    pub(super) fn raise_all(&mut self) {
        self.stale.fill(true);
    }

    /// The least of `next_delta[1..]` and the first vertex holding it.
    pub(super) fn first_least(&mut self, next_delta: &[i64]) -> (i64, usize) {
        let n = next_delta.len() - 1;
        let mut least = (i64::MAX, 0);
        for (b, block) in self.blocks.iter_mut().enumerate() {
            if self.stale[b] {
                self.stale[b] = false;
                let (start, end) = ((b * BLOCK).max(1), ((b + 1) * BLOCK).min(n + 1));
                *block = (i64::MAX, 0);
                for (k, &d) in next_delta[start..end].iter().enumerate() {
                    if d < block.0 {
                        *block = (d, start + k);
                    }
                }
            }
            if block.0 < least.0 {
                least = *block;
            }
        }
        least
    }
}
