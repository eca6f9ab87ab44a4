//! Ratings on the EGF GoR scale (100 points a grade, 2100 = 1d).
//!
//! OpenGotha keeps ratings between −900 and 2949 and stores FFG ratings
//! shifted by +2050; files older than data version 201 hold FFG-scale values.

use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which federation's list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ListKind {
    /// The European Go Database's `egf_db.txt`.
    Egf,
    /// The French federation's `ech_ffg_V3.txt`.
    Ffg,
}

impl fmt::Display for ListKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ListKind::Egf => "EGD",
            ListKind::Ffg => "FFG",
        })
    }
}

/// A list's name and date as organisers read them: `EGD 2018-02-22`, or
/// `EGD` for a list without a date.
pub fn label(kind: ListKind, date: Option<Date>) -> String {
    match date {
        Some(date) => format!("{kind} {date}"),
        None => kind.to_string(),
    }
}

/// A rating on the GoR scale, kept within OpenGotha's bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Rating(i32);

impl Rating {
    /// Lowest rating OpenGotha accepts.
    pub const MIN: i32 = -900;
    /// Highest rating OpenGotha accepts.
    pub const MAX: i32 = 2949;
    /// Difference between the GoR and the FFG scale.
    pub const FFG_OFFSET: i32 = 2050;

    /// A GoR rating, clamped to `MIN..=MAX`.
    pub fn new(gor: i32) -> Self {
        Rating(gor.clamp(Self::MIN, Self::MAX))
    }

    /// A rating given on the FFG scale (GoR − 2050).
    pub fn from_ffg(ffg: i32) -> Self {
        Rating::new(ffg + Self::FFG_OFFSET)
    }

    /// The rating a player of `rank` gets when none is known: the middle of
    /// the rank's GoR band (1d = 2100, 100 points a grade, as the EGD).
    pub fn of_rank(rank: super::rank::Rank) -> Self {
        Rating::new(2100 + 100 * rank.opengotha_value())
    }

    /// The GoR value.
    pub fn gor(self) -> i32 {
        self.0
    }

    /// The rank the rating stands for, rounded to the nearest grade
    /// (OpenGotha `Player.rankFromRating`).
    pub fn rank(self) -> super::rank::Rank {
        super::rank::Rank::from_opengotha_value((self.0 + 950).div_euclid(100) - 30)
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_are_clamped_to_opengotha_bounds() {
        assert_eq!(Rating::new(5000).gor(), 2949);
        assert_eq!(Rating::new(-2950).gor(), -900);
        assert_eq!(Rating::from_ffg(-250).gor(), 1800);
        assert_eq!(
            Rating::of_rank(super::super::rank::Rank::Kyu(1)).gor(),
            2000
        );
        assert_eq!(
            Rating::of_rank(super::super::rank::Rank::Dan(3)).gor(),
            2300
        );
    }
}
