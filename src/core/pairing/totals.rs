//! Every pair's total weight at once, equal to [`Draw::breakdown`]'s total
//! pair by pair (test `totals_are_the_breakdowns_totals`), but fast enough for
//! a congress: a 650-player round has 211,000 pairs.
//!
//! What [`Draw::breakdown`] derives per pair from strings, settings and
//! floating point is mostly per player or depends on a small gap, so it is
//! read here from numbers per player and from tables by gap. The rows are
//! shared between two threads: every pair's weight is independent of the
//! others, so the split changes no weight.

use super::{Draw, Entrant, PairingError, colours, weights};
use crate::core::rank::Rank;
use crate::core::settings::HandicapSettings;
use std::collections::HashMap;

/// Below this many players a second thread costs more than it saves.
pub(super) const PARALLEL_FROM: usize = 128;

/// One player as the weights read them, in numbers.
struct Seat {
    seat: weights::GroupSeat,
    category: i64,
    wb_balance: i64,
    pseudo_mms: i64,
    country: u32,
    club: u32,
    top: bool,
    /// Pseudo rank for the handicap, capped at the no-handicap threshold; None
    /// for a pair-go or rengo side, whose handicap comes from its members.
    handicap_rank: Option<i32>,
    below_15k: bool,
}

/// A term that depends only on a gap, computed once per gap.
struct ByGap(Vec<i64>);

impl ByGap {
    fn new(len: i64, term: impl Fn(i64) -> i64) -> Self {
        ByGap((0..len.clamp(0, 4096)).map(term).collect())
    }

    fn get(&self, gap: i64, term: impl Fn(i64) -> i64) -> i64 {
        usize::try_from(gap)
            .ok()
            .and_then(|g| self.0.get(g).copied())
            .unwrap_or_else(|| term(gap))
    }
}

/// Interns `s`, so that equal strings get equal numbers.
fn intern(ids: &mut HashMap<String, u32>, s: &str) -> u32 {
    let next = ids.len() as u32;
    *ids.entry(s.to_owned()).or_insert(next)
}

impl Draw<'_> {
    /// Every pair's total weight, `totals[i * n + j]` for `i ≠ j` (symmetric).
    pub(super) fn totals(&self) -> Result<Vec<i64>, PairingError> {
        let n = self.entrants.len();
        let seats = self.seats();
        let terms = Terms::new(self);
        let mut totals = vec![0i64; n * n];
        if n < PARALLEL_FROM {
            terms.rows(self, &seats, 0, &mut totals)?;
        } else {
            // Row i has n − 1 − i pairs: the rows of the first 29% of the
            // players hold half of them.
            let split = n - ((n * n / 2) as f64).sqrt() as usize;
            let (head, tail) = totals.split_at_mut(split * n);
            let (first, second) = std::thread::scope(|s| {
                let worker = s.spawn(|| terms.rows(self, &seats, 0, head));
                let second = terms.rows(self, &seats, split, tail);
                (worker.join(), second)
            });
            first.unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
            second?;
        }
        for i in 0..n {
            for j in (i + 1)..n {
                totals[j * n + i] = totals[i * n + j];
            }
        }
        Ok(totals)
    }

    fn seats(&self) -> Vec<Seat> {
        let settings = self.tournament.settings();
        let handicap = &settings.handicap;
        let (mut countries, mut clubs) = (HashMap::new(), HashMap::new());
        self.entrants
            .iter()
            .map(|e: &Entrant| Seat {
                seat: e.seat,
                category: e.category,
                wb_balance: e.wb_balance,
                pseudo_mms: e.pseudo_mms,
                country: intern(&mut countries, &e.country),
                club: intern(&mut clubs, &e.club),
                top: settings.pairing.no_geography_in_top_group
                    && crate::core::supergroup::starts_in_top_group(settings, e.player, 0),
                handicap_rank: e
                    .player
                    .member_ratings()
                    .is_none()
                    .then(|| handicap_rank(handicap, e)),
                below_15k: e.player.rank.opengotha_value() < Rank::Kyu(15).opengotha_value(),
            })
            .collect()
    }
}

/// `colours::signed_handicap`'s pseudo rank of a single player.
fn handicap_rank(settings: &HandicapSettings, e: &Entrant) -> i32 {
    let p = if settings.based_on_mms {
        e.mms2 / 2 + Rank::OPENGOTHA_MIN
    } else {
        e.player.rank.opengotha_value()
    };
    p.min(settings.no_handicap_threshold.opengotha_value())
}

/// Whether the game would be even: `colours::signed_handicap` is 0.
fn even(
    settings: &HandicapSettings,
    draw: &Draw,
    (i, a): (usize, &Seat),
    (j, b): (usize, &Seat),
) -> bool {
    let (Some(ra), Some(rb)) = (a.handicap_rank, b.handicap_rank) else {
        let (x, y) = (&draw.entrants[i], &draw.entrants[j]);
        return colours::signed_handicap(settings, &x.colour_input(), &y.colour_input()) == 0;
    };
    let raw = ra - rb;
    let correction = if settings.weak_players_minus_two && a.below_15k && b.below_15k {
        2
    } else {
        settings.correction
    };
    // Corrected towards 0 and clamped to the ceiling: 0 exactly when |raw| ≤ correction
    // (or the ceiling is 0).
    raw == 0 || raw.abs() <= correction || settings.ceiling == 0
}

/// The round's constants and tables of the terms.
struct Terms {
    categories: ByGap,
    score: ByGap,
    handicap: ByGap,
    /// `avoid_same_geo` by same country, same club, same clubs group.
    geo: [i64; 8],
    seed_system: weights::SeedSystem,
}

impl Terms {
    fn new(draw: &Draw) -> Self {
        let settings = draw.tournament.settings();
        let p = &settings.pairing;
        let nx1 = p.standard_nx1_factor;
        let count = draw.groups.count;
        let categories = settings.number_of_categories() as i64;
        let handicap_range = draw.handicap_range();
        let geo = std::array::from_fn(|k| {
            weights::avoid_same_geo(
                p.avoid_same_geo,
                p.minimize_score_difference,
                nx1,
                i64::from(p.prefer_mms_diff_rather_than_same_country),
                i64::from(p.prefer_mms_diff_rather_than_same_club),
                weights::Geography {
                    same_country: k & 1 != 0,
                    same_club: k & 2 != 0,
                    same_clubs_group: k & 4 != 0,
                },
                count,
            )
        });
        Terms {
            categories: ByGap::new(categories, |gap| {
                weights::avoid_mixing_categories(p.avoid_mixing_categories, nx1, 0, gap, categories)
            }),
            score: ByGap::new(count, |gap| {
                weights::concave(p.minimize_score_difference, gap, count, nx1)
            }),
            handicap: ByGap::new(handicap_range + 1, |gap| {
                weights::minimize_handicap(p.minimize_handicap, nx1, 0, gap, handicap_range)
            }),
            geo,
            seed_system: draw.seed_system(),
        }
    }

    /// Fills the rows from `first` of the upper triangle (`out` starts at row `first`).
    fn rows(
        &self,
        draw: &Draw,
        seats: &[Seat],
        first: usize,
        out: &mut [i64],
    ) -> Result<(), PairingError> {
        let n = seats.len();
        // No one to pair (a round asked for before anyone registered).
        if n == 0 {
            return Ok(());
        }
        for (row, i) in out.chunks_exact_mut(n).zip(first..) {
            for (j, cell) in row.iter_mut().enumerate().skip(i + 1) {
                *cell = self.total(draw, seats, i, j)?;
            }
        }
        Ok(())
    }

    /// `draw.breakdown(i, j).total()`, term by term in the same order.
    fn total(&self, draw: &Draw, seats: &[Seat], i: usize, j: usize) -> Result<i64, PairingError> {
        let settings = draw.tournament.settings();
        let p = &settings.pairing;
        let nx1 = p.standard_nx1_factor;
        let (a, b) = (&seats[i], &seats[j]);
        let (ea, eb) = (&draw.entrants[i], &draw.entrants[j]);
        let categories = settings.number_of_categories() as i64;
        let category_gap = (a.category - b.category).abs();
        let group_gap = (a.seat.group - b.seat.group).abs();
        let geography = if a.top && b.top {
            0
        } else {
            let clubs_group = ea.clubs_groups.iter().any(|g| eb.clubs_groups.contains(g));
            usize::from(a.country == b.country)
                | usize::from(a.club == b.club) << 1
                | usize::from(clubs_group) << 2
        };
        let terms = [
            weights::avoid_duplicate_games(p.avoid_duplicate_game, draw.met[i * seats.len() + j]),
            if p.random == 0 {
                0
            } else {
                weights::random(p.random, &ea.key, &eb.key)
            },
            if p.balance_white_black != 0 && even(&settings.handicap, draw, (i, a), (j, b)) {
                weights::balance_wb(p.balance_white_black, 0, a.wb_balance, b.wb_balance)
            } else {
                0
            },
            if categories > 1 {
                self.categories.get(category_gap, |gap| {
                    weights::avoid_mixing_categories(
                        p.avoid_mixing_categories,
                        nx1,
                        0,
                        gap,
                        categories,
                    )
                })
            } else {
                0
            },
            if category_gap == 0 {
                self.score.get(group_gap, |gap| {
                    weights::concave(p.minimize_score_difference, gap, draw.groups.count, nx1)
                })
            } else {
                0
            },
            weights::dudd(
                p.dudd_weight,
                p.dudd_upper_mode,
                p.dudd_lower_mode,
                p.compensate_dudd,
                &a.seat,
                &b.seat,
                category_gap,
            ),
            weights::maximize_seeding(
                p.maximize_seeding,
                self.seed_system,
                &a.seat,
                &b.seat,
                &ea.key,
                &eb.key,
            ),
            self.handicap
                .get((a.pseudo_mms - b.pseudo_mms).abs(), |gap| {
                    weights::minimize_handicap(
                        p.minimize_handicap,
                        nx1,
                        0,
                        gap,
                        draw.handicap_range(),
                    )
                }),
            self.geo[geography],
        ];
        terms
            .into_iter()
            .try_fold(1i64, |sum, term| sum.checked_add(term))
            .ok_or(PairingError::WeightOutOfRange)
    }
}
