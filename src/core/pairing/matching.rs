//! Maximum-weight perfect matching over the players to pair.
//!
//! OpenGotha pairs a round by a maximum-weight matching on the complete graph of
//! the players, with Gabow's O(n³) algorithm ([`super::gabow`]), which we run the
//! same way so that ties between equally heavy pairings go the same way too.
//! Checked against brute force below. Invariant: the result is perfect, so every
//! vertex gets exactly one mate.

use super::{PairingError, gabow};

/// Largest weight the solver is given: it doubles weights and adds duals of
/// about that size, so we leave a comfortable margin.
const MAX_WEIGHT: i64 = i64::MAX / 64;

/// The pairs `(i, j)`, `i < j`, of a maximum-weight perfect matching of the `n`
/// vertices, where `weight(i, j)` (called with `i < j` only) is the benefit of
/// pairing `i` with `j`, or `None` when they must not be paired. Weights may be
/// negative. The pairs come sorted by `i`.
///
/// Weights of 1 or more with no pair forbidden (OpenGotha's, as a rule) reach
/// the solver as they are, as in OpenGotha. Otherwise they are shifted first:
/// adding the same constant to every weight adds `n/2` times it to every
/// perfect matching, and changes none of the solver's choices (test
/// `a_uniform_shift_changes_nothing`), so the result is the one OpenGotha gets
/// whenever OpenGotha's is perfect. A forbidden pair weighs 1 and the others
/// are lifted far enough above it that no perfect matching using one can beat
/// one that does not.
pub fn max_weight_perfect_matching(
    n: usize,
    weight: impl Fn(usize, usize) -> Option<i64>,
) -> Result<Vec<(usize, usize)>, PairingError> {
    if !n.is_multiple_of(2) {
        return Err(PairingError::NoValidPairing);
    }
    if n == 0 {
        return Ok(Vec::new());
    }
    let mut given = vec![None; n * n];
    let (mut min, mut max, mut forbidden) = (i64::MAX, i64::MIN, false);
    for i in 0..n {
        for j in (i + 1)..n {
            let w = weight(i, j);
            match w {
                Some(w) => {
                    min = min.min(w);
                    max = max.max(w);
                }
                None => forbidden = true,
            }
            given[i * n + j] = w;
            given[j * n + i] = w;
        }
    }
    if max == i64::MIN {
        return Err(PairingError::NoValidPairing);
    }
    let lift = if forbidden {
        // Allowed pairs weigh at least 2 + (n/2)·spread: n/2 of them outweigh
        // n/2 − 1 of them plus a forbidden one.
        (max - min)
            .checked_mul(n as i64 / 2)
            .and_then(|k| k.checked_add(2))
            .and_then(|k| k.checked_sub(min))
    } else {
        1i64.checked_sub(min).map(|k| k.max(0))
    }
    .ok_or(PairingError::WeightOutOfRange)?;
    match max.checked_add(lift) {
        Some(top) if top <= MAX_WEIGHT => {}
        _ => return Err(PairingError::WeightOutOfRange),
    }
    let matrix: Vec<i64> = given.iter().map(|w| w.map_or(1, |w| w + lift)).collect();
    let mate = gabow::max_weight_matching(n, &matrix);
    let mut pairs = Vec::with_capacity(n / 2);
    for (i, m) in mate.iter().enumerate() {
        match m {
            Some(j) if i < *j && given[i * n + j].is_some() => pairs.push((i, *j)),
            Some(j) if i > *j => {}
            _ => return Err(PairingError::NoValidPairing),
        }
    }
    Ok(pairs)
}

/// [`max_weight_perfect_matching`] when no pair is forbidden, from the
/// symmetric matrix `weight[i * n + j]` (`i ≠ j`); with every weight 1 or more
/// (OpenGotha's) the solver reads the matrix as it is, with no copy.
pub fn max_weight_perfect_matching_of(
    n: usize,
    weight: &[i64],
) -> Result<Vec<(usize, usize)>, PairingError> {
    if !n.is_multiple_of(2) {
        return Err(PairingError::NoValidPairing);
    }
    if n == 0 {
        return Ok(Vec::new());
    }
    let (mut min, mut max) = (i64::MAX, i64::MIN);
    for i in 0..n {
        for &w in &weight[i * n + i + 1..(i + 1) * n] {
            min = min.min(w);
            max = max.max(w);
        }
    }
    let lift = 1i64
        .checked_sub(min)
        .map(|k| k.max(0))
        .ok_or(PairingError::WeightOutOfRange)?;
    match max.checked_add(lift) {
        Some(top) if top <= MAX_WEIGHT => {}
        _ => return Err(PairingError::WeightOutOfRange),
    }
    let mate = if lift == 0 {
        gabow::max_weight_matching(n, weight)
    } else {
        let lifted: Vec<i64> = weight.iter().map(|w| w + lift).collect();
        gabow::max_weight_matching(n, &lifted)
    };
    let mut pairs = Vec::with_capacity(n / 2);
    for (i, m) in mate.iter().enumerate() {
        match m {
            Some(j) if i < *j => pairs.push((i, *j)),
            Some(j) if i > *j => {}
            _ => return Err(PairingError::NoValidPairing),
        }
    }
    Ok(pairs)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use rand::{Rng, SeedableRng, rngs::StdRng};

    /// The best total over all perfect matchings of `0..n`, by enumeration.
    fn brute_force_best(n: usize, w: &[i64]) -> i64 {
        fn go(free: &mut Vec<usize>, n: usize, w: &[i64]) -> i64 {
            if free.is_empty() {
                return 0;
            }
            let a = free.remove(0);
            let mut best = i64::MIN;
            for k in 0..free.len() {
                let b = free.remove(k);
                best = best.max(w[a * n + b] + go(free, n, w));
                free.insert(k, b);
            }
            free.insert(0, a);
            best
        }
        go(&mut (0..n).collect(), n, w)
    }

    fn total(pairs: &[(usize, usize)], n: usize, w: &[i64]) -> i64 {
        pairs.iter().map(|&(i, j)| w[i * n + j]).sum()
    }

    fn assert_perfect(pairs: &[(usize, usize)], n: usize) {
        let mut seen = vec![false; n];
        for &(i, j) in pairs {
            assert!(
                i < j && !seen[i] && !seen[j],
                "vertex matched twice in {pairs:?}"
            );
            seen[i] = true;
            seen[j] = true;
        }
        assert!(seen.iter().all(|s| *s), "not perfect: {pairs:?}");
    }

    /// A symmetric weight matrix for `n` vertices drawn from `range`; the
    /// solver's own tests use it too.
    pub(in crate::core::pairing) fn random_weights(
        rng: &mut StdRng,
        n: usize,
        range: std::ops::RangeInclusive<i64>,
    ) -> Vec<i64> {
        let mut w = vec![0; n * n];
        for i in 0..n {
            for j in (i + 1)..n {
                w[i * n + j] = rng.gen_range(range.clone());
                w[j * n + i] = w[i * n + j];
            }
        }
        w
    }

    #[test]
    fn matches_brute_force_on_random_small_graphs() {
        let mut rng = StdRng::seed_from_u64(4);
        for case in 0..800 {
            let n = 2 * rng.gen_range(1..=6);
            // Narrow ranges give many ties; wide ones look like OpenGotha's tiers.
            let range = match case % 3 {
                0 => -3..=3,
                1 => -1_000..=1_000,
                _ => -100_000_000_000..=500_000_000_000_000,
            };
            let w = random_weights(&mut rng, n, range);
            let pairs = max_weight_perfect_matching(n, |i, j| Some(w[i * n + j])).unwrap();
            assert_perfect(&pairs, n);
            assert_eq!(
                total(&pairs, n, &w),
                brute_force_best(n, &w),
                "case {case}, n {n}"
            );
        }
    }

    #[test]
    fn matches_brute_force_on_score_group_shaped_graphs() {
        // Few distinct weights with big steps, as OpenGotha's tiers give:
        // many tight edges, blossoms and ties.
        let mut rng = StdRng::seed_from_u64(12);
        for case in 0..300 {
            let n = 2 * rng.gen_range(3..=6);
            let group: Vec<i64> = (0..n).map(|_| rng.gen_range(0..3)).collect();
            let mut w = vec![0; n * n];
            for i in 0..n {
                for j in (i + 1)..n {
                    let gap = (group[i] - group[j]).abs();
                    w[i * n + j] =
                        1_000_000 * (3 - gap) + 1_000 * rng.gen_range(0..2) + rng.gen_range(0..3);
                    w[j * n + i] = w[i * n + j];
                }
            }
            let pairs = max_weight_perfect_matching(n, |i, j| Some(w[i * n + j])).unwrap();
            assert_perfect(&pairs, n);
            assert_eq!(
                total(&pairs, n, &w),
                brute_force_best(n, &w),
                "case {case}, n {n}"
            );
        }
    }

    #[test]
    fn forbidden_pairs_are_avoided_while_a_perfect_matching_exists() {
        let mut rng = StdRng::seed_from_u64(21);
        for case in 0..300 {
            let n = 2 * rng.gen_range(2..=5);
            let w = random_weights(&mut rng, n, -1_000..=1_000);
            let allowed: Vec<bool> = (0..n * n).map(|_| rng.gen_bool(0.6)).collect();
            let weight = |i: usize, j: usize| allowed[i * n + j].then_some(w[i * n + j]);
            // Brute force over allowed edges only: forbidden ones weigh -infinity.
            let mut masked = w.clone();
            for i in 0..n {
                for j in (i + 1)..n {
                    if !allowed[i * n + j] {
                        masked[i * n + j] = -1_000_000_000;
                        masked[j * n + i] = -1_000_000_000;
                    }
                }
            }
            let best = brute_force_best(n, &masked);
            match max_weight_perfect_matching(n, weight) {
                Ok(pairs) => {
                    assert_perfect(&pairs, n);
                    assert!(
                        pairs.iter().all(|&(i, j)| allowed[i * n + j]),
                        "case {case}"
                    );
                    assert_eq!(total(&pairs, n, &w), best, "case {case}");
                }
                Err(e) => {
                    assert_eq!(e, PairingError::NoValidPairing);
                    assert!(
                        best < -500_000_000,
                        "case {case}: a perfect matching existed"
                    );
                }
            }
        }
    }

    #[test]
    fn no_exchange_of_partners_improves_a_large_matching() {
        // Beyond brute force: an optimal matching admits no better 2-exchange.
        let mut rng = StdRng::seed_from_u64(60);
        for case in 0..20 {
            let n = 2 * rng.gen_range(20..=60);
            let w = random_weights(
                &mut rng,
                n,
                if case % 2 == 0 { 0..=5 } else { 0..=1_000_000 },
            );
            let pairs = max_weight_perfect_matching(n, |i, j| Some(w[i * n + j])).unwrap();
            assert_perfect(&pairs, n);
            for (k, &(a, b)) in pairs.iter().enumerate() {
                for &(c, d) in &pairs[k + 1..] {
                    let now = w[a * n + b] + w[c * n + d];
                    let best_other = (w[a * n + c] + w[b * n + d]).max(w[a * n + d] + w[b * n + c]);
                    assert!(
                        now >= best_other,
                        "case {case}: swapping ({a},{b}) and ({c},{d}) improves"
                    );
                }
            }
        }
    }

    #[test]
    fn agrees_with_an_independent_blossom_on_larger_graphs() {
        // Beyond brute force: the optimum of our other, unrelated solver.
        let mut rng = StdRng::seed_from_u64(77);
        for case in 0..60 {
            let n = 2 * rng.gen_range(8..=50);
            let range = match case % 3 {
                0 => 1..=4,
                1 => 1..=1_000,
                _ => 1..=500_000_000_000_000,
            };
            let w = random_weights(&mut rng, n, range);
            let pairs = max_weight_perfect_matching(n, |i, j| Some(w[i * n + j])).unwrap();
            assert_perfect(&pairs, n);
            let other = crate::core::pairing::blossom::max_weight_perfect(&w, n);
            let other_total: i64 = (0..n)
                .filter_map(|i| other[i].filter(|&j| i < j).map(|j| w[i * n + j]))
                .sum();
            assert_eq!(total(&pairs, n, &w), other_total, "case {case}, n {n}");
        }
    }

    #[test]
    fn the_matrix_form_matches_as_the_function_form() {
        let mut rng = StdRng::seed_from_u64(31);
        for case in 0..200 {
            let n = 2 * rng.gen_range(1..=20);
            let range = match case % 3 {
                0 => 1..=3,
                1 => -1_000..=1_000,
                _ => -100_000_000_000..=500_000_000_000_000,
            };
            let w = random_weights(&mut rng, n, range);
            assert_eq!(
                max_weight_perfect_matching_of(n, &w),
                max_weight_perfect_matching(n, |i, j| Some(w[i * n + j])),
                "case {case}"
            );
        }
    }

    #[test]
    fn an_odd_number_of_players_has_no_perfect_matching() {
        assert_eq!(
            max_weight_perfect_matching(3, |_, _| Some(1)),
            Err(PairingError::NoValidPairing)
        );
    }

    #[test]
    fn weights_too_far_apart_are_refused_rather_than_wrapped() {
        let w = |i: usize, _| Some(if i == 0 { i64::MIN } else { i64::MAX });
        assert_eq!(
            max_weight_perfect_matching(4, w),
            Err(PairingError::WeightOutOfRange)
        );
    }

    #[test]
    fn three_hundred_players_are_matched_perfectly() {
        let mut rng = StdRng::seed_from_u64(300);
        let n = 300;
        let w = random_weights(&mut rng, n, 0..=500_000_000_000_000);
        let pairs = max_weight_perfect_matching(n, |i, j| Some(w[i * n + j])).unwrap();
        assert_perfect(&pairs, n);
    }
}
