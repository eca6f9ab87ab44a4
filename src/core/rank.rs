//! Go ranks: 30k–1k, 1d–9d and 1p–9p, with OpenGotha's integer scale.
//!
//! OpenGotha stores a rank as an int from −30 (30k) to 8 (9d) and folds
//! professional ranks into it (1p–3p → 7d, 4p–6p → 8d, 7p–9p → 9d).

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// A player's rank (grade).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rank {
    /// 30k (weakest) to 1k.
    Kyu(u8),
    /// 1d to 9d.
    Dan(u8),
    /// 1p to 9p, professional.
    Pro(u8),
}

/// Why a text is not a rank.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a rank (expected 30k–1k, 1d–9d or 1p–9p)")]
pub struct RankError(pub String);

impl Rank {
    /// OpenGotha's weakest rank value (30k).
    pub const OPENGOTHA_MIN: i32 = -30;
    /// OpenGotha's strongest rank value (9d).
    pub const OPENGOTHA_MAX: i32 = 8;

    /// The rank on OpenGotha's scale: −30 for 30k, 0 for 1d, 8 for 9d.
    pub fn opengotha_value(self) -> i32 {
        match self {
            Rank::Kyu(k) => -i32::from(k),
            Rank::Dan(d) => i32::from(d) - 1,
            Rank::Pro(p) if p <= 3 => 6,
            Rank::Pro(p) if p <= 6 => 7,
            Rank::Pro(_) => 8,
        }
    }

    /// The rank for an OpenGotha value, clamped to 30k..9d as OpenGotha does.
    pub fn from_opengotha_value(value: i32) -> Self {
        let v = value.clamp(Self::OPENGOTHA_MIN, Self::OPENGOTHA_MAX);
        if v < 0 {
            Rank::Kyu((-v) as u8)
        } else {
            Rank::Dan((v + 1) as u8)
        }
    }

    /// Reads a rank the lenient way OpenGotha does: a bare number is a kyu
    /// rank and out-of-range values are clamped (`35k` → 30k, `12d` → 9d).
    pub fn parse_lenient(text: &str) -> Result<Self, RankError> {
        let t = text.trim();
        let err = || RankError(text.to_owned());
        let (digits, suffix) = match t.char_indices().last() {
            Some((i, c)) if c.is_ascii_alphabetic() => (&t[..i], c.to_ascii_lowercase()),
            Some(_) => (t, 'k'),
            None => return Err(err()),
        };
        let n: i32 = digits.trim().parse().map_err(|_| err())?;
        match suffix {
            'k' => Ok(Rank::from_opengotha_value(-n)),
            'd' => Ok(Rank::from_opengotha_value(n - 1)),
            'p' => Ok(Rank::Pro(n.clamp(1, 9) as u8)),
            _ => Err(err()),
        }
    }

    /// A number that orders ranks from weakest to strongest.
    fn strength(self) -> i32 {
        match self {
            Rank::Kyu(k) => -i32::from(k),
            Rank::Dan(d) => i32::from(d) - 1,
            Rank::Pro(p) => 100 + i32::from(p),
        }
    }
}

impl PartialOrd for Rank {
    fn partial_cmp(&self, other: &Rank) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Rank {
    fn cmp(&self, other: &Rank) -> Ordering {
        self.strength().cmp(&other.strength())
    }
}

impl FromStr for Rank {
    type Err = RankError;

    /// Strict parse, case-insensitive: a number, then the unit as players
    /// write it on a Latin or a Cyrillic keyboard: `5k`, `5 kyu`, `5к`,
    /// `5 кю`; `1D`, `1 dan`, `1д`, `1 дан`; `3p`, `3 pro`, `3п`, `3 про`.
    fn from_str(text: &str) -> Result<Self, RankError> {
        let t = text.trim();
        let err = || RankError(text.to_owned());
        let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
        let n: u8 = t[..digits].parse().map_err(|_| err())?;
        let unit = t[digits..].trim().to_lowercase();
        match (unit.as_str(), n) {
            ("k" | "kyu" | "к" | "кю", 1..=30) => Ok(Rank::Kyu(n)),
            ("d" | "dan" | "д" | "дан", 1..=9) => Ok(Rank::Dan(n)),
            ("p" | "pro" | "п" | "про", 1..=9) => Ok(Rank::Pro(n)),
            _ => Err(err()),
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rank::Kyu(k) => write!(f, "{k}K"),
            Rank::Dan(d) => write!(f, "{d}D"),
            Rank::Pro(p) => write!(f, "{p}P"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_parse_in_any_case_and_print_in_upper_case() {
        assert_eq!("5k".parse(), Ok(Rank::Kyu(5)));
        assert_eq!("1D".parse(), Ok(Rank::Dan(1)));
        assert_eq!(" 3p ".parse(), Ok(Rank::Pro(3)));
        assert_eq!(Rank::Kyu(5).to_string(), "5K");
        assert_eq!(Rank::Pro(3).to_string(), "3P");
        assert!("31k".parse::<Rank>().is_err());
        // Issue 31: ranks as typed on a Russian or Ukrainian keyboard.
        for (typed, rank) in [
            ("3к", Rank::Kyu(3)),
            ("15 кю", Rank::Kyu(15)),
            ("15 КЮ", Rank::Kyu(15)),
            ("2 дан", Rank::Dan(2)),
            ("2д", Rank::Dan(2)),
            ("1 про", Rank::Pro(1)),
            ("7 kyu", Rank::Kyu(7)),
            ("4 Dan", Rank::Dan(4)),
        ] {
            assert_eq!(typed.parse(), Ok(rank), "{typed}");
        }
        for wrong in ["3", "к3", "3 кюю", "3kd", "-3k", "", "кю"] {
            assert!(wrong.parse::<Rank>().is_err(), "{wrong}");
        }
        assert!("0d".parse::<Rank>().is_err());
        assert!("d".parse::<Rank>().is_err());
    }

    #[test]
    fn opengotha_values_run_from_30k_to_9d() {
        assert_eq!(Rank::Kyu(30).opengotha_value(), -30);
        assert_eq!(Rank::Kyu(1).opengotha_value(), -1);
        assert_eq!(Rank::Dan(1).opengotha_value(), 0);
        assert_eq!(Rank::Dan(9).opengotha_value(), 8);
        assert_eq!(Rank::Pro(2).opengotha_value(), 6);
        assert_eq!(Rank::Pro(9).opengotha_value(), 8);
        assert_eq!(Rank::from_opengotha_value(-4), Rank::Kyu(4));
        assert_eq!(Rank::from_opengotha_value(3), Rank::Dan(4));
        assert_eq!(Rank::from_opengotha_value(40), Rank::Dan(9));
    }

    #[test]
    fn lenient_parsing_clamps_like_opengotha() {
        assert_eq!(Rank::parse_lenient("35K"), Ok(Rank::Kyu(30)));
        assert_eq!(Rank::parse_lenient("12"), Ok(Rank::Kyu(12)));
        assert_eq!(Rank::parse_lenient("12d"), Ok(Rank::Dan(9)));
        assert!(Rank::parse_lenient("abc").is_err());
    }

    #[test]
    fn professionals_rank_above_amateur_dans() {
        assert!(Rank::Kyu(10) < Rank::Kyu(2));
        assert!(Rank::Kyu(1) < Rank::Dan(1));
        assert!(Rank::Dan(9) < Rank::Pro(1));
    }
}
