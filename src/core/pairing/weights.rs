//! One function per OpenGotha pairing criterion, named after its
//! `PairingParameterSet` weight; the pair's weight is 1 plus their sum.
//!
//! Where OpenGotha computes a term in `double` and truncates it, we do the same
//! operations in `f64` in the same order, so each term is bit-for-bit
//! OpenGotha's; integer terms wrap as Java's `long` would on absurd weights.
//! The matching itself compares only the resulting `i64` sums.

pub use crate::core::pairing::parameters::{DuddMode, SeedSystem};

/// A player's place among the score groups before the round: OpenGotha's
/// `groupNumber`, `groupSize`, `innerPlacement`, `nbDU`, `nbDD`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GroupSeat {
    /// Score group, 0 the strongest (categories first, then main score).
    pub group: i64,
    /// Number of players of the tournament in that group.
    pub size: i64,
    /// Position inside the group, 0-based, by placement then additional criterion.
    pub placement: i64,
    /// Earlier games against a player of a higher group.
    pub draw_ups: i64,
    /// Earlier games against a player of a lower group.
    pub draw_downs: i64,
}

/// OpenGotha's concave "NX1" function `W·(1−x)·(1+k·x)`, `x = num/den`,
/// truncated as Java's `(long)` cast does.
pub fn concave(weight: i64, num: i64, den: i64, nx1: f64) -> i64 {
    let x = num as f64 / den as f64;
    (weight as f64 * (1.0 - x) * (1.0 + nx1 * x)) as i64
}

/// OpenGotha's deterministic random in `0..=max` from the two players' names
/// (`name + firstName`); swapping the players gives `max` minus the value.
pub fn det_random(max: i64, key1: &str, key2: &str) -> i64 {
    // Java compares and indexes strings by UTF-16 code units.
    let (u1, u2): (Vec<u16>, Vec<u16>) =
        (key1.encode_utf16().collect(), key2.encode_utf16().collect());
    let inverse = u1 > u2;
    let (first, second) = if inverse { (&u2, &u1) } else { (&u1, &u2) };
    let sum = first
        .iter()
        .chain(second.iter())
        .zip(1i64..)
        .fold(0i64, |acc, (&c, i)| {
            acc.wrapping_add(i64::from(c).wrapping_mul(i))
        });
    if max <= 0 {
        return 0;
    }
    let r = sum.wrapping_mul(1_234_567) % max.saturating_add(1);
    if inverse { max - r } else { r }
}

/// `paiBaAvoidDuplGame`: the full weight when the two players have never met.
pub fn avoid_duplicate_games(weight: i64, have_met: bool) -> i64 {
    if have_met { 0 } else { weight }
}

/// `paiBaRandom`: OpenGotha's random term. Non-deterministic random is
/// replaced by the deterministic one, as core reads no entropy.
pub fn random(weight: i64, key1: &str, key2: &str) -> i64 {
    det_random(weight, key1, key2)
}

/// `paiBaBalanceWB`: for an even game only, the full weight when the two
/// white-minus-black balances have opposite signs, half when one is 0 and the
/// other at least 2 away.
pub fn balance_wb(weight: i64, handicap: i64, wb1: i64, wb2: i64) -> i64 {
    if handicap != 0 {
        0
    } else if wb1 * wb2 < 0 {
        weight
    } else if (wb1 == 0 && wb2.abs() >= 2) || (wb2 == 0 && wb1.abs() >= 2) {
        weight / 2
    } else {
        0
    }
}

/// `paiMaAvoidMixingCategories`: concave in the category gap, only when the
/// tournament has several categories.
pub fn avoid_mixing_categories(
    weight: i64,
    nx1: f64,
    cat1: i64,
    cat2: i64,
    categories: i64,
) -> i64 {
    if categories > 1 {
        concave(weight, (cat1 - cat2).abs(), categories, nx1)
    } else {
        0
    }
}

/// `paiMaMinimizeScoreDifference`: concave in the score-group gap over the
/// number of groups, only inside one category.
pub fn minimize_score_difference(
    weight: i64,
    nx1: f64,
    seat1: &GroupSeat,
    seat2: &GroupSeat,
    same_category: bool,
    groups: i64,
) -> i64 {
    if same_category {
        concave(weight, (seat1.group - seat2.group).abs(), groups, nx1)
    } else {
        0
    }
}

/// Position term of a drawn player: how well its place in its group suits
/// the mode, out of `half_weight`.
fn dudd_position(half_weight: i64, mode: DuddMode, seat: &GroupSeat) -> i64 {
    let (n, p) = (seat.size, seat.placement);
    let numerator = match mode {
        DuddMode::Top => n - 1 - p,
        DuddMode::Mid => n - 1 - (2 * p - n + 1).abs(),
        DuddMode::Bottom => p,
    };
    half_weight.wrapping_mul(numerator) / n
}

/// `paiMaDUDDWeight`: for players 1 to 3 groups apart, prefers drawing the
/// players the modes ask for and compensating earlier draw-ups/downs
/// (OpenGotha 3.44.05 scenarios); divided by `(category gap + 1)^4`.
#[allow(clippy::too_many_arguments)]
pub fn dudd(
    weight: i64,
    upper_mode: DuddMode,
    lower_mode: DuddMode,
    compensate: bool,
    seat1: &GroupSeat,
    seat2: &GroupSeat,
    category_gap: i64,
) -> i64 {
    let gap = (seat1.group - seat2.group).abs();
    if gap == 0 || gap >= 4 {
        return 0;
    }
    let (upper, lower) = if seat1.group < seat2.group {
        (seat1, seat2)
    } else {
        (seat2, seat1)
    };
    // 2 is neutral; each player drawn again the same way counts one down,
    // each player compensating an earlier draw the other way counts one up.
    let mut scenario = 2 - i64::from(upper.draw_downs > 0) - i64::from(lower.draw_ups > 0);
    if scenario != 0 && upper.draw_ups > 0 && upper.draw_downs < upper.draw_ups {
        scenario += 1;
    }
    if scenario != 0 && lower.draw_downs > 0 && lower.draw_ups < lower.draw_downs {
        scenario += 1;
    }
    let unit = weight / 5;
    let mut cost =
        dudd_position(unit / 2, upper_mode, upper) + dudd_position(unit / 2, lower_mode, lower);
    let scenario = if scenario > 2 && !compensate {
        2
    } else {
        scenario
    };
    cost = cost.wrapping_add(scenario.wrapping_mul(unit));
    let divisor = category_gap + 1;
    cost / divisor / divisor / divisor / divisor
}

/// `paiMaMaximizeSeeding`: inside one score group, how well the two places
/// fit the seeding system; `key1`, `key2` feed split-and-random.
pub fn maximize_seeding(
    weight: i64,
    system: SeedSystem,
    seat1: &GroupSeat,
    seat2: &GroupSeat,
    key1: &str,
    key2: &str,
) -> i64 {
    if seat1.group != seat2.group {
        return 0;
    }
    let (n, c1, c2) = (seat1.size, seat1.placement, seat2.placement);
    match system {
        SeedSystem::SplitAndRandom => {
            if (2 * c1 < n) != (2 * c2 < n) {
                let range = (weight as f64 * 0.2) as i64;
                weight - det_random(range, key1, key2)
            } else {
                0
            }
        }
        SeedSystem::SplitAndFold => {
            let x = c1 + c2 - (n - 1);
            weight.wrapping_sub((weight.wrapping_mul(x) / (n - 1)).wrapping_mul(x) / (n - 1))
        }
        SeedSystem::SplitAndSlip => {
            let x = 2 * (c1 - c2).abs() - n;
            weight.wrapping_sub((weight.wrapping_mul(x) / n).wrapping_mul(x) / n)
        }
    }
}

/// `paiSeMinimizeHandicap`: concave in the gap of pseudo McMahon scores
/// (players above the secondary-criteria thresholds all count as the maximum).
pub fn minimize_handicap(
    weight: i64,
    nx1: f64,
    pseudo_mms1: i64,
    pseudo_mms2: i64,
    range: i64,
) -> i64 {
    concave(weight, (pseudo_mms1 - pseudo_mms2).abs(), range, nx1)
}

/// How two players relate geographically, for [`avoid_same_geo`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geography {
    /// Same country (case-insensitive; two empty countries are the same).
    pub same_country: bool,
    /// Same club (case-insensitive; two empty clubs are the same).
    pub same_club: bool,
    /// Both clubs belong to one clubs group.
    pub same_clubs_group: bool,
}

/// `paiSeAvoidSameGeo` with `paiSePreferMMSDiffRatherThanSameCountry/Club`:
/// a different country or club is worth about that many score groups, so the
/// term is the score-difference weight minus a concave cost, capped at
/// `geo_weight` (negative when `geo_weight` exceeds `score_weight`).
pub fn avoid_same_geo(
    geo_weight: i64,
    score_weight: i64,
    nx1: f64,
    country_factor: i64,
    club_factor: i64,
    geography: Geography,
    groups: i64,
) -> i64 {
    let range = groups as f64;
    let country_ratio = if geography.same_country || country_factor == 0 {
        0.0
    } else {
        (country_factor as f64 / range).min(1.0)
    };
    let club_ratio = if geography.same_club || club_factor == 0 {
        0.0
    } else if geography.same_clubs_group {
        club_factor as f64 / 2.0 / range
    } else {
        club_factor as f64 * 1.2 / range
    }
    .min(1.0);
    let mut ratio = country_ratio.max(club_ratio) + country_ratio.min(club_ratio) / 2.0;
    if ratio > 0.0 {
        ratio += 0.5 / range;
    }
    let concave_cost = (geo_weight as f64 * (1.0 - ratio) * (1.0 + nx1 * ratio)) as i64;
    score_weight.wrapping_sub(concave_cost).min(geo_weight)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(group: i64, size: i64, placement: i64) -> GroupSeat {
        GroupSeat {
            group,
            size,
            placement,
            ..GroupSeat::default()
        }
    }

    #[test]
    fn score_difference_is_concave_in_the_group_gap() {
        // AVG11prueba R4: one group apart out of four, 0.75 · 1.125 of the weight.
        let (a, b) = (seat(0, 1, 0), seat(1, 3, 0));
        assert_eq!(
            minimize_score_difference(100_000_000_000, 0.5, &a, &b, true, 4),
            84_375_000_000
        );
        assert_eq!(
            minimize_score_difference(100_000_000_000, 0.5, &a, &a, true, 4),
            100_000_000_000
        );
        assert_eq!(
            minimize_score_difference(100_000_000_000, 0.5, &a, &b, false, 4),
            0
        );
    }

    #[test]
    fn det_random_mirrors_when_the_players_are_swapped() {
        for max in [1, 7, 1_000_000] {
            let r = det_random(max, "PuertaLoli", "GalbinStefano");
            assert!((0..=max).contains(&r));
            assert_eq!(det_random(max, "GalbinStefano", "PuertaLoli"), max - r);
        }
        assert_eq!(det_random(0, "a", "b"), 0);
    }

    #[test]
    fn colour_balance_counts_only_for_even_games() {
        assert_eq!(balance_wb(1_000_000, 0, 1, -1), 1_000_000);
        assert_eq!(balance_wb(1_000_000, 0, 0, 2), 500_000);
        assert_eq!(balance_wb(1_000_000, 0, 0, 1), 0);
        assert_eq!(balance_wb(1_000_000, 2, 1, -1), 0);
    }

    #[test]
    fn seeding_fold_prefers_first_against_last() {
        let w = 5_000_000;
        let (first, last, second) = (seat(0, 4, 0), seat(0, 4, 3), seat(0, 4, 1));
        assert_eq!(
            maximize_seeding(w, SeedSystem::SplitAndFold, &first, &last, "a", "b"),
            w
        );
        assert!(maximize_seeding(w, SeedSystem::SplitAndFold, &first, &second, "a", "b") < w);
        assert_eq!(
            maximize_seeding(
                w,
                SeedSystem::SplitAndSlip,
                &first,
                &seat(0, 4, 2),
                "a",
                "b"
            ),
            w
        );
    }

    #[test]
    fn dudd_is_neutral_for_players_without_earlier_draws() {
        // Two groups of one: the position terms are 0 and the scenario is neutral.
        let (a, b) = (seat(0, 1, 0), seat(1, 1, 0));
        assert_eq!(
            dudd(100_000_000, DuddMode::Mid, DuddMode::Mid, true, &a, &b, 0),
            40_000_000
        );
        assert_eq!(
            dudd(
                100_000_000,
                DuddMode::Mid,
                DuddMode::Mid,
                true,
                &a,
                &seat(4, 1, 0),
                0
            ),
            0
        );
    }
}
