//! Java's `Collections.sort` with a comparator: TimSort, step for step, so
//! that a comparator that breaks the sorting contract (OpenGotha's board
//! order) still gives the order Java gives.
//!
//! TimSort is Tim Peters' merge sort (Python's `listsort`); Java runs it with
//! a minimum merge of 32, galloping from 7 consecutive wins, and the merge
//! invariant as corrected after de Gouw et al. (2015). Runs are found and
//! extended by binary insertion, merged from the smaller side, with the same
//! comparisons in the same order as Java, so any comparator sorts the same.

use std::cmp::Ordering;

/// Below this length Java sorts by binary insertion alone.
const MIN_MERGE: usize = 32;
/// Consecutive wins of one run after which a merge starts galloping.
const MIN_GALLOP: isize = 7;

/// The comparator contradicted itself in a way Java detects: Java throws
/// `IllegalArgumentException("Comparison method violates its general
/// contract!")` and abandons the sort.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContractViolation;

/// Sorts `items` as Java's `Collections.sort(items, cmp)` does. On
/// [`ContractViolation`] the slice holds what Java's list holds when it throws.
pub fn sort<T: Copy>(
    items: &mut [T],
    cmp: impl Fn(&T, &T) -> Ordering,
) -> Result<(), ContractViolation> {
    let n = items.len();
    if n < 2 {
        return Ok(());
    }
    if n < MIN_MERGE {
        let run = count_run_and_make_ascending(items, 0, n, &cmp);
        binary_sort(items, 0, n, run, &cmp);
        return Ok(());
    }
    let mut merger = Merger {
        cmp: &cmp,
        min_gallop: MIN_GALLOP,
        runs: Vec::new(),
    };
    let min_run = min_run_length(n);
    let mut lo = 0;
    while lo < n {
        let mut run = count_run_and_make_ascending(items, lo, n, &cmp);
        if run < min_run {
            let forced = min_run.min(n - lo);
            binary_sort(items, lo, lo + forced, lo + run, &cmp);
            run = forced;
        }
        merger.runs.push((lo, run));
        merger.merge_collapse(items)?;
        lo += run;
    }
    merger.merge_force_collapse(items)
}

/// Minimum run length: `n` halved until below 32, plus one if any bit fell off.
fn min_run_length(mut n: usize) -> usize {
    let mut odd = 0;
    while n >= MIN_MERGE {
        odd |= n & 1;
        n >>= 1;
    }
    n + odd
}

/// Length of the run starting at `lo`: ascending (`cmp` never Less between
/// neighbours), or strictly descending and then reversed.
fn count_run_and_make_ascending<T>(
    a: &mut [T],
    lo: usize,
    hi: usize,
    cmp: &impl Fn(&T, &T) -> Ordering,
) -> usize {
    let mut run_hi = lo + 1;
    if run_hi == hi {
        return 1;
    }
    run_hi += 1;
    if cmp(&a[lo + 1], &a[lo]).is_lt() {
        while run_hi < hi && cmp(&a[run_hi], &a[run_hi - 1]).is_lt() {
            run_hi += 1;
        }
        a[lo..run_hi].reverse();
    } else {
        while run_hi < hi && cmp(&a[run_hi], &a[run_hi - 1]).is_ge() {
            run_hi += 1;
        }
    }
    run_hi - lo
}

/// Binary insertion of `a[start..hi]` into the sorted `a[lo..start]`; an
/// element goes after every element it does not compare Less to.
fn binary_sort<T: Copy>(
    a: &mut [T],
    lo: usize,
    hi: usize,
    start: usize,
    cmp: &impl Fn(&T, &T) -> Ordering,
) {
    for next in start.max(lo + 1)..hi {
        let pivot = a[next];
        let (mut left, mut right) = (lo, next);
        while left < right {
            let mid = (left + right) / 2;
            if cmp(&pivot, &a[mid]).is_lt() {
                right = mid;
            } else {
                left = mid + 1;
            }
        }
        a.copy_within(left..next, left + 1);
        a[left] = pivot;
    }
}

/// Where `key` goes in the sorted `a[base..base + len]`, searching from
/// `base + hint`: before the leftmost element it is not Greater than.
fn gallop_left<T>(
    key: &T,
    a: &[T],
    base: usize,
    len: usize,
    hint: usize,
    cmp: &impl Fn(&T, &T) -> Ordering,
) -> usize {
    let (mut last_ofs, mut ofs) = (0, 1);
    let (lo, hi) = if cmp(key, &a[base + hint]).is_gt() {
        let max_ofs = len - hint;
        while ofs < max_ofs && cmp(key, &a[base + hint + ofs]).is_gt() {
            last_ofs = ofs;
            ofs = 2 * ofs + 1;
        }
        (hint + last_ofs + 1, hint + ofs.min(max_ofs))
    } else {
        let max_ofs = hint + 1;
        while ofs < max_ofs && cmp(key, &a[base + hint - ofs]).is_le() {
            last_ofs = ofs;
            ofs = 2 * ofs + 1;
        }
        (hint + 1 - ofs.min(max_ofs), hint - last_ofs)
    };
    bisect(key, a, base, lo, hi, Ordering::is_gt, cmp)
}

/// Where `key` goes in the sorted `a[base..base + len]`, searching from
/// `base + hint`: after the rightmost element it is not Less than.
fn gallop_right<T>(
    key: &T,
    a: &[T],
    base: usize,
    len: usize,
    hint: usize,
    cmp: &impl Fn(&T, &T) -> Ordering,
) -> usize {
    let (mut last_ofs, mut ofs) = (0, 1);
    let (lo, hi) = if cmp(key, &a[base + hint]).is_lt() {
        let max_ofs = hint + 1;
        while ofs < max_ofs && cmp(key, &a[base + hint - ofs]).is_lt() {
            last_ofs = ofs;
            ofs = 2 * ofs + 1;
        }
        (hint + 1 - ofs.min(max_ofs), hint - last_ofs)
    } else {
        let max_ofs = len - hint;
        while ofs < max_ofs && cmp(key, &a[base + hint + ofs]).is_ge() {
            last_ofs = ofs;
            ofs = 2 * ofs + 1;
        }
        (hint + last_ofs + 1, hint + ofs.min(max_ofs))
    };
    bisect(key, a, base, lo, hi, Ordering::is_ge, cmp)
}

/// Binary search of `key`'s place in `a[base + lo..base + hi]`, going right
/// of every element for which `right(cmp(key, element))`.
fn bisect<T>(
    key: &T,
    a: &[T],
    base: usize,
    mut lo: usize,
    mut hi: usize,
    right: impl Fn(Ordering) -> bool,
    cmp: &impl Fn(&T, &T) -> Ordering,
) -> usize {
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if right(cmp(key, &a[base + mid])) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    hi
}

/// The pending runs `(start, length)` and the galloping threshold.
struct Merger<'c, C> {
    cmp: &'c C,
    min_gallop: isize,
    runs: Vec<(usize, usize)>,
}

impl<C> Merger<'_, C> {
    /// Merges runs until the lengths on the stack shrink fast enough:
    /// each more than the sum of the next two, and than the next.
    fn merge_collapse<T: Copy>(&mut self, a: &mut [T]) -> Result<(), ContractViolation>
    where
        C: Fn(&T, &T) -> Ordering,
    {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            let len = |k: usize| self.runs[k].1;
            if (n > 0 && len(n - 1) <= len(n) + len(n + 1))
                || (n > 1 && len(n - 2) <= len(n) + len(n - 1))
            {
                if len(n - 1) < len(n + 1) {
                    n -= 1;
                }
            } else if len(n) > len(n + 1) {
                break;
            }
            self.merge_at(a, n)?;
        }
        Ok(())
    }

    /// Merges every run left, the smaller neighbour first.
    fn merge_force_collapse<T: Copy>(&mut self, a: &mut [T]) -> Result<(), ContractViolation>
    where
        C: Fn(&T, &T) -> Ordering,
    {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if n > 0 && self.runs[n - 1].1 < self.runs[n + 1].1 {
                n -= 1;
            }
            self.merge_at(a, n)?;
        }
        Ok(())
    }

    /// Merges runs `i` and `i + 1`, leaving out the head of the first and the
    /// tail of the second that are already in place.
    fn merge_at<T: Copy>(&mut self, a: &mut [T], i: usize) -> Result<(), ContractViolation>
    where
        C: Fn(&T, &T) -> Ordering,
    {
        let (mut base1, mut len1) = self.runs[i];
        let (base2, mut len2) = self.runs[i + 1];
        self.runs[i].1 = len1 + len2;
        self.runs.remove(i + 1);
        let k = gallop_right(&a[base2], a, base1, len1, 0, self.cmp);
        base1 += k;
        len1 -= k;
        if len1 == 0 {
            return Ok(());
        }
        len2 = gallop_left(&a[base1 + len1 - 1], a, base2, len2, len2 - 1, self.cmp);
        if len2 == 0 {
            return Ok(());
        }
        if len1 <= len2 {
            self.merge_lo(a, base1, len1, base2, len2)
        } else {
            self.merge_hi(a, base1, len1, base2, len2)
        }
    }

    /// Merges from the left, the first (shorter) run copied aside.
    fn merge_lo<T: Copy>(
        &mut self,
        a: &mut [T],
        base1: usize,
        mut len1: usize,
        base2: usize,
        mut len2: usize,
    ) -> Result<(), ContractViolation>
    where
        C: Fn(&T, &T) -> Ordering,
    {
        let cmp = self.cmp;
        let tmp: Vec<T> = a[base1..base1 + len1].to_vec();
        let (mut cursor1, mut cursor2, mut dest) = (0, base2, base1);
        a[dest] = a[cursor2];
        dest += 1;
        cursor2 += 1;
        len2 -= 1;
        if len2 == 0 {
            a[dest..dest + len1].copy_from_slice(&tmp[cursor1..cursor1 + len1]);
            return Ok(());
        }
        if len1 == 1 {
            a.copy_within(cursor2..cursor2 + len2, dest);
            a[dest + len2] = tmp[cursor1];
            return Ok(());
        }
        let mut min_gallop = self.min_gallop;
        'merge: loop {
            let (mut count1, mut count2) = (0isize, 0isize);
            // One element at a time until a run wins `min_gallop` times in a row.
            loop {
                if cmp(&a[cursor2], &tmp[cursor1]).is_lt() {
                    a[dest] = a[cursor2];
                    (dest, cursor2, count2, count1) = (dest + 1, cursor2 + 1, count2 + 1, 0);
                    len2 -= 1;
                    if len2 == 0 {
                        break 'merge;
                    }
                } else {
                    a[dest] = tmp[cursor1];
                    (dest, cursor1, count1, count2) = (dest + 1, cursor1 + 1, count1 + 1, 0);
                    len1 -= 1;
                    if len1 == 1 {
                        break 'merge;
                    }
                }
                if (count1 | count2) >= min_gallop {
                    break;
                }
            }
            // Galloping while it pays.
            loop {
                let run1 = gallop_right(&a[cursor2], &tmp, cursor1, len1, 0, cmp);
                if run1 != 0 {
                    a[dest..dest + run1].copy_from_slice(&tmp[cursor1..cursor1 + run1]);
                    (dest, cursor1, len1) = (dest + run1, cursor1 + run1, len1 - run1);
                    if len1 <= 1 {
                        break 'merge;
                    }
                }
                a[dest] = a[cursor2];
                (dest, cursor2) = (dest + 1, cursor2 + 1);
                len2 -= 1;
                if len2 == 0 {
                    break 'merge;
                }
                let run2 = gallop_left(&tmp[cursor1], a, cursor2, len2, 0, cmp);
                if run2 != 0 {
                    a.copy_within(cursor2..cursor2 + run2, dest);
                    (dest, cursor2, len2) = (dest + run2, cursor2 + run2, len2 - run2);
                    if len2 == 0 {
                        break 'merge;
                    }
                }
                a[dest] = tmp[cursor1];
                (dest, cursor1) = (dest + 1, cursor1 + 1);
                len1 -= 1;
                if len1 == 1 {
                    break 'merge;
                }
                min_gallop -= 1;
                if (run1 as isize) < MIN_GALLOP && (run2 as isize) < MIN_GALLOP {
                    break;
                }
            }
            min_gallop = min_gallop.max(0) + 2;
        }
        self.min_gallop = min_gallop.max(1);
        match len1 {
            0 => return Err(ContractViolation),
            1 => {
                a.copy_within(cursor2..cursor2 + len2, dest);
                a[dest + len2] = tmp[cursor1];
            }
            _ => a[dest..dest + len1].copy_from_slice(&tmp[cursor1..cursor1 + len1]),
        }
        Ok(())
    }

    /// Merges from the right, the second (shorter) run copied aside.
    fn merge_hi<T: Copy>(
        &mut self,
        a: &mut [T],
        base1: usize,
        mut len1: usize,
        base2: usize,
        mut len2: usize,
    ) -> Result<(), ContractViolation>
    where
        C: Fn(&T, &T) -> Ordering,
    {
        let cmp = self.cmp;
        let tmp: Vec<T> = a[base2..base2 + len2].to_vec();
        // Cursors and destination point one past the element they stand for.
        let (mut cursor1, mut cursor2, mut dest) = (base1 + len1, len2, base2 + len2);
        a[dest - 1] = a[cursor1 - 1];
        dest -= 1;
        cursor1 -= 1;
        len1 -= 1;
        if len1 == 0 {
            a[dest - len2..dest].copy_from_slice(&tmp[..len2]);
            return Ok(());
        }
        if len2 == 1 {
            a.copy_within(cursor1 - len1..cursor1, dest - len1);
            a[dest - len1 - 1] = tmp[cursor2 - 1];
            return Ok(());
        }
        let mut min_gallop = self.min_gallop;
        'merge: loop {
            let (mut count1, mut count2) = (0isize, 0isize);
            loop {
                if cmp(&tmp[cursor2 - 1], &a[cursor1 - 1]).is_lt() {
                    a[dest - 1] = a[cursor1 - 1];
                    (dest, cursor1, count1, count2) = (dest - 1, cursor1 - 1, count1 + 1, 0);
                    len1 -= 1;
                    if len1 == 0 {
                        break 'merge;
                    }
                } else {
                    a[dest - 1] = tmp[cursor2 - 1];
                    (dest, cursor2, count2, count1) = (dest - 1, cursor2 - 1, count2 + 1, 0);
                    len2 -= 1;
                    if len2 == 1 {
                        break 'merge;
                    }
                }
                if (count1 | count2) >= min_gallop {
                    break;
                }
            }
            loop {
                let run1 = len1 - gallop_right(&tmp[cursor2 - 1], a, base1, len1, len1 - 1, cmp);
                if run1 != 0 {
                    a.copy_within(cursor1 - run1..cursor1, dest - run1);
                    (dest, cursor1, len1) = (dest - run1, cursor1 - run1, len1 - run1);
                    if len1 == 0 {
                        break 'merge;
                    }
                }
                a[dest - 1] = tmp[cursor2 - 1];
                (dest, cursor2) = (dest - 1, cursor2 - 1);
                len2 -= 1;
                if len2 == 1 {
                    break 'merge;
                }
                let run2 = len2 - gallop_left(&a[cursor1 - 1], &tmp, 0, len2, len2 - 1, cmp);
                if run2 != 0 {
                    a[dest - run2..dest].copy_from_slice(&tmp[cursor2 - run2..cursor2]);
                    (dest, cursor2, len2) = (dest - run2, cursor2 - run2, len2 - run2);
                    if len2 <= 1 {
                        break 'merge;
                    }
                }
                a[dest - 1] = a[cursor1 - 1];
                (dest, cursor1) = (dest - 1, cursor1 - 1);
                len1 -= 1;
                if len1 == 0 {
                    break 'merge;
                }
                min_gallop -= 1;
                if (run1 as isize) < MIN_GALLOP && (run2 as isize) < MIN_GALLOP {
                    break;
                }
            }
            min_gallop = min_gallop.max(0) + 2;
        }
        self.min_gallop = min_gallop.max(1);
        match len2 {
            0 => return Err(ContractViolation),
            1 => {
                a.copy_within(cursor1 - len1..cursor1, dest - len1);
                a[dest - len1 - 1] = tmp[cursor2 - 1];
            }
            _ => a[dest - len2..dest].copy_from_slice(&tmp[..len2]),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng, rngs::StdRng};

    /// OpenGotha's board comparator in small: higher score first, then the
    /// higher rating, and never Equal.
    fn never_equal(items: &[(u8, u8)]) -> impl Fn(&usize, &usize) -> Ordering + '_ {
        |&x, &y| {
            let (a, b) = (items[x], items[y]);
            match b.0.cmp(&a.0) {
                Ordering::Equal if a.1 > b.1 => Ordering::Less,
                Ordering::Equal => Ordering::Greater,
                other => other,
            }
        }
    }

    fn pairs(flat: &[u8]) -> Vec<(u8, u8)> {
        flat.chunks(2).map(|p| (p[0], p[1])).collect()
    }

    #[test]
    fn a_consistent_comparator_gives_the_stable_order() {
        let mut rng = StdRng::seed_from_u64(3);
        for case in 0..300 {
            let n = rng.gen_range(0..=[20, 200, 2_000][case % 3]);
            let keys: Vec<u32> = (0..n)
                .map(|_| rng.gen_range(0..=[3, 50, 100_000][case / 3 % 3]))
                .collect();
            let mut items: Vec<usize> = (0..n).collect();
            if case % 4 == 0 {
                // Long runs, ascending and descending: merges and galloping.
                items.sort_by_key(|&k| (keys[k] / 7, std::cmp::Reverse(keys[k])));
            }
            let mut want = items.clone();
            want.sort_by_key(|&k| keys[k]);
            assert_eq!(sort(&mut items, |&x, &y| keys[x].cmp(&keys[y])), Ok(()));
            assert_eq!(items, want, "case {case}");
        }
    }

    #[test]
    fn a_comparator_that_never_answers_equal_sorts_as_in_java() {
        // Java 17 and 25 give this order (merges of runs, not insertion alone).
        let items = pairs(&[
            1, 3, 2, 2, 0, 3, 1, 2, 2, 3, 1, 3, 1, 0, 0, 1, 2, 1, 0, 2, 1, 3, 0, 2, 0, 2, 0, 2, 2,
            1, 0, 3, 0, 2, 1, 2, 0, 0, 2, 3, 1, 1, 0, 2, 1, 3, 2, 1, 2, 1, 0, 1, 2, 0, 2, 1, 2, 0,
            2, 3, 2, 2, 2, 2, 0, 3, 1, 2,
        ]);
        let mut order: Vec<usize> = (0..items.len()).collect();
        assert_eq!(sort(&mut order, never_equal(&items)), Ok(()));
        assert_eq!(
            order,
            [
                4, 19, 29, 1, 30, 31, 8, 14, 23, 24, 27, 26, 28, 0, 5, 10, 22, 3, 17, 33, 20, 6, 2,
                15, 32, 9, 11, 12, 13, 16, 21, 25, 7, 18
            ]
        );
    }

    #[test]
    fn where_java_throws_the_sort_is_refused_at_the_same_point() {
        // Java 17 and 25 throw "Comparison method violates its general
        // contract!" here, leaving the list in this order.
        let items = pairs(&[
            0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0,
            1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0,
            0, 0, 0, 1, 0, 0,
        ]);
        let mut order: Vec<usize> = (0..items.len()).collect();
        assert_eq!(
            sort(&mut order, never_equal(&items)),
            Err(ContractViolation)
        );
        assert_eq!(
            order,
            [
                0, 1, 3, 4, 6, 9, 10, 12, 14, 17, 19, 20, 24, 25, 26, 27, 30, 2, 5, 7, 8, 11, 13,
                15, 16, 18, 21, 22, 23, 28, 29, 31
            ]
        );
    }
}
