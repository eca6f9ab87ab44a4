//! Score units. Scores are held in half points (×2), as OpenGotha does, so a
//! jigo's ½ is exact; `Quarters` (×4) holds products of two half-point scores
//! (SODOS), and `Ratio` the few rule-text values that are true fractions.
//!
//! This is the only place the ×2 and ×4 conventions are written.

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Neg, Sub};

/// A score in half points: `HalfPoints::from_halves(7)` is 3½.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(transparent)]
pub struct HalfPoints(i32);

impl HalfPoints {
    /// No points.
    pub const ZERO: HalfPoints = HalfPoints(0);
    /// Half a point (a jigo).
    pub const HALF: HalfPoints = HalfPoints(1);
    /// One point (a win).
    pub const ONE: HalfPoints = HalfPoints(2);

    /// A score of `halves` half points.
    pub const fn from_halves(halves: i32) -> Self {
        HalfPoints(halves)
    }

    /// A score of `points` whole points.
    pub const fn from_points(points: i32) -> Self {
        HalfPoints(points * 2)
    }

    /// The score counted in half points.
    pub const fn halves(self) -> i32 {
        self.0
    }

    /// A decimal in whole or half points, as a komi is typed (`7.5`, `6`,
    /// `0,5`, `-0.5`, `7.50`); `None` for anything else.
    pub fn parse_decimal(text: &str) -> Option<Self> {
        let t = text.trim().replace(',', ".");
        let (negative, t) = match t.strip_prefix('-') {
            Some(rest) => (true, rest.to_owned()),
            None => (false, t),
        };
        let (whole, fraction) = t.split_once('.').unwrap_or((&t, ""));
        let whole: i32 = whole.parse().ok()?;
        let half = match fraction.trim_end_matches('0') {
            "" => 0,
            "5" => 1,
            _ => return None,
        };
        let halves = whole.checked_mul(2)?.checked_add(half)?;
        Some(HalfPoints(if negative { -halves } else { halves }))
    }

    /// The score with any half point dropped (towards zero, as OpenGotha's integer division).
    pub const fn rounded_down(self) -> Self {
        HalfPoints(self.0 / 2 * 2)
    }

    /// The product of two scores, exact in quarter points.
    pub const fn times(self, other: HalfPoints) -> Quarters {
        Quarters(self.0 as i64 * other.0 as i64)
    }

    /// The same score in quarter points.
    pub const fn to_quarters(self) -> Quarters {
        Quarters(self.0 as i64 * 2)
    }

    /// `self` multiplied by a whole number.
    pub const fn scaled(self, factor: i32) -> Self {
        HalfPoints(self.0 * factor)
    }
}

impl Add for HalfPoints {
    type Output = HalfPoints;
    fn add(self, rhs: HalfPoints) -> HalfPoints {
        HalfPoints(self.0 + rhs.0)
    }
}

impl AddAssign for HalfPoints {
    fn add_assign(&mut self, rhs: HalfPoints) {
        self.0 += rhs.0;
    }
}

impl Sub for HalfPoints {
    type Output = HalfPoints;
    fn sub(self, rhs: HalfPoints) -> HalfPoints {
        HalfPoints(self.0 - rhs.0)
    }
}

impl Neg for HalfPoints {
    type Output = HalfPoints;
    fn neg(self) -> HalfPoints {
        HalfPoints(-self.0)
    }
}

impl Sum for HalfPoints {
    fn sum<I: Iterator<Item = HalfPoints>>(iter: I) -> HalfPoints {
        HalfPoints(iter.map(|h| h.0).sum())
    }
}

impl fmt::Display for HalfPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Ratio::new(i64::from(self.0), 2).fmt(f)
    }
}

/// A value in quarter points (×4).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Quarters(i64);

impl Quarters {
    /// A value of `quarters` quarter points.
    pub const fn from_quarters(quarters: i64) -> Self {
        Quarters(quarters)
    }

    /// The value counted in quarter points.
    pub const fn quarters(self) -> i64 {
        self.0
    }
}

impl Add for Quarters {
    type Output = Quarters;
    fn add(self, rhs: Quarters) -> Quarters {
        Quarters(self.0 + rhs.0)
    }
}

impl Sum for Quarters {
    fn sum<I: Iterator<Item = Quarters>>(iter: I) -> Quarters {
        Quarters(iter.map(|q| q.0).sum())
    }
}

/// An exact fraction `numerator / denominator` (denominator > 0), compared by value.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct Ratio {
    numerator: i64,
    denominator: i64,
}

impl Ratio {
    /// `numerator / denominator`; a zero denominator is treated as 1.
    pub fn new(numerator: i64, denominator: i64) -> Self {
        debug_assert!(denominator != 0, "a ratio with a zero denominator");
        let (n, d) = match denominator {
            0 => (numerator, 1),
            d if d < 0 => (-numerator, -d),
            d => (numerator, d),
        };
        let g = gcd(n.unsigned_abs(), d.unsigned_abs()).max(1) as i64;
        Ratio {
            numerator: n / g,
            denominator: d / g,
        }
    }

    /// A whole number.
    pub fn whole(n: i64) -> Self {
        Ratio::new(n, 1)
    }

    /// The numerator in lowest terms.
    pub fn numerator(self) -> i64 {
        self.numerator
    }

    /// The denominator in lowest terms (always > 0).
    pub fn denominator(self) -> i64 {
        self.denominator
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl From<HalfPoints> for Ratio {
    fn from(h: HalfPoints) -> Ratio {
        Ratio::new(i64::from(h.0), 2)
    }
}

impl From<Quarters> for Ratio {
    fn from(q: Quarters) -> Ratio {
        Ratio::new(q.0, 4)
    }
}

impl Add for Ratio {
    type Output = Ratio;
    fn add(self, rhs: Ratio) -> Ratio {
        Ratio::new(
            self.numerator * rhs.denominator + rhs.numerator * self.denominator,
            self.denominator * rhs.denominator,
        )
    }
}

impl Sum for Ratio {
    fn sum<I: Iterator<Item = Ratio>>(iter: I) -> Ratio {
        iter.fold(Ratio::whole(0), |a, b| a + b)
    }
}

impl PartialEq for Ratio {
    fn eq(&self, other: &Ratio) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Ratio {}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Ratio) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ratio {
    fn cmp(&self, other: &Ratio) -> Ordering {
        let l = i128::from(self.numerator) * i128::from(other.denominator);
        let r = i128::from(other.numerator) * i128::from(self.denominator);
        l.cmp(&r)
    }
}

impl fmt::Display for Ratio {
    /// Exact decimals without trailing zeros (`3`, `3.5`, `12.25`); a fraction
    /// with no finite decimal form is shown to 4 places.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, d) = (self.numerator, self.denominator);
        let sign = if n < 0 { "-" } else { "" };
        let (n, d) = (n.unsigned_abs(), d.unsigned_abs());
        let mut digits = String::new();
        let mut rest = n % d;
        while rest != 0 && digits.len() < 4 {
            rest *= 10;
            digits.push(char::from(b'0' + (rest / d) as u8));
            rest %= d;
        }
        let digits = digits.trim_end_matches('0');
        if digits.is_empty() {
            write!(f, "{sign}{}", n / d)
        } else {
            write!(f, "{sign}{}.{digits}", n / d)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_points_print_as_exact_decimals() {
        assert_eq!(HalfPoints::from_halves(7).to_string(), "3.5");
        assert_eq!(HalfPoints::from_points(3).to_string(), "3");
        assert_eq!(HalfPoints::from_halves(-1).to_string(), "-0.5");
        assert_eq!(
            Ratio::from(Quarters::from_quarters(49)).to_string(),
            "12.25"
        );
        assert_eq!(Ratio::new(10, 3).to_string(), "3.3333");
    }

    #[test]
    fn rounding_down_drops_only_the_half_point() {
        assert_eq!(
            HalfPoints::from_halves(3).rounded_down(),
            HalfPoints::from_halves(2)
        );
        assert_eq!(
            HalfPoints::from_halves(4).rounded_down(),
            HalfPoints::from_halves(4)
        );
    }

    #[test]
    fn ratios_compare_by_value() {
        assert_eq!(Ratio::new(2, 4), Ratio::from(HalfPoints::HALF));
        assert!(Ratio::new(1, 3) < Ratio::new(1, 2));
        assert_eq!(
            HalfPoints::from_halves(3).times(HalfPoints::ONE),
            Quarters::from_quarters(6)
        );
    }
}
