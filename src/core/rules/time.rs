//! Time controls: main time and what follows it, with a compact label, the
//! EGF adjusted time and the EGF tournament class.
//!
//! The GTR ("Timing rules") describe Canadian overtime (the default),
//! Japanese byo-yomi, Ing overtime and finite thinking time; Fischer comes
//! from the EGD's class rules. Adjusted time and classes follow the EGD
//! definition (gemma.ujf.cas.cz/~cieply/GO/gor.html, "EGF tournament classes";
//! the same numbers as OpenGotha's `Tournament.egfClass()`).

use super::profile::Scoring;
use crate::core::settings::{Overtime as OpenGothaOvertime, TimeSystem};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// What follows the main time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Overtime {
    /// None: finite thinking time, the game is lost when main time runs out.
    SuddenDeath,
    /// Japanese byo-yomi: each move within `period`; an unused period is kept.
    ByoYomi {
        /// Number of periods.
        periods: u32,
        /// Length of each period.
        period: Duration,
    },
    /// Canadian overtime: `stones` moves within each `period` (GTR default).
    Canadian {
        /// Moves to play in each period.
        stones: u32,
        /// Length of each period.
        period: Duration,
    },
    /// Fischer: `increment` added after each move.
    Fischer {
        /// Time added per move.
        increment: Duration,
    },
    /// Ing overtime: up to 3 periods of 1/6 of the main time, 2 points each (GTR).
    Ing,
}

/// A time control: main time, then overtime.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    /// Main (basic) time per player.
    pub main: Duration,
    /// What follows it.
    pub overtime: Overtime,
}

/// EGF tournament classes, by their weight in the rating (A 1.00, B 0.75, C 0.50, D 0.25).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EgfClass {
    /// Basic time ≥ 60 min (Fischer 45) and adjusted time ≥ 75 min.
    A,
    /// Basic time ≥ 40 min (Fischer 30) and adjusted time ≥ 50 min.
    B,
    /// Basic time ≥ 25 min (Fischer 20) and adjusted time ≥ 30 min.
    C,
    /// Internet tournaments with the class B times.
    D,
    /// Unclassified: too fast for the EGF rating list (`X` in an h9 file).
    X,
}

impl EgfClass {
    /// The letter an h9 file's `CL[]` tag holds.
    pub fn letter(self) -> char {
        match self {
            EgfClass::A => 'A',
            EgfClass::B => 'B',
            EgfClass::C => 'C',
            EgfClass::D => 'D',
            EgfClass::X => 'X',
        }
    }

    /// The share of a game's rating change the EGD applies for this class;
    /// `None` for X, whose games are not rated.
    pub fn weight(self) -> Option<f64> {
        match self {
            EgfClass::A => Some(1.0),
            EgfClass::B => Some(0.75),
            EgfClass::C => Some(0.5),
            EgfClass::D => Some(0.25),
            EgfClass::X => None,
        }
    }
}

impl fmt::Display for EgfClass {
    /// The class letter, as [`EgfClass::letter`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A time control that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeError {
    /// Neither main time nor overtime: the first move would lose on time.
    #[error("sudden death needs a main time")]
    NoMainTime,
    /// Ing periods are a sixth of the main time, so there must be one.
    #[error("Ing overtime needs a main time: each period is a sixth of it")]
    IngWithoutMainTime,
    /// Byo-yomi with no period.
    #[error("byo-yomi needs at least one period")]
    NoPeriods,
    /// Canadian overtime with no stone to play.
    #[error("Canadian overtime needs at least one stone a period")]
    NoStones,
    /// A period (byo-yomi or Canadian) of zero length.
    #[error("an overtime period must last longer than zero seconds")]
    EmptyPeriod,
    /// Fischer without increment is sudden death.
    #[error("Fischer time needs an increment; without one, choose sudden death")]
    NoIncrement,
}

/// A time control that can be played but clashes with the rules of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TimeWarning {
    /// GTR "Finite thinking time under Territory Scoring": "not compatible with the Ing Overtime System".
    #[error("Ing overtime does not fit territory scoring (EGF GTR, finite thinking time)")]
    IngOvertimeWithTerritoryScoring,
}

/// Moves the EGD counts in overtime for the adjusted time.
const BYO_YOMI_MOVES: u32 = 45;
const CANADIAN_MOVES: u32 = 60;
const FISCHER_MOVES: u32 = 120;

const fn minutes(n: u64) -> Duration {
    Duration::from_secs(n * 60)
}

impl TimeControl {
    /// Checks that a game can be played under this control.
    pub fn validate(&self) -> Result<(), TimeError> {
        let no_main = self.main.is_zero();
        match self.overtime {
            Overtime::SuddenDeath if no_main => Err(TimeError::NoMainTime),
            Overtime::Ing if no_main => Err(TimeError::IngWithoutMainTime),
            Overtime::ByoYomi { periods: 0, .. } => Err(TimeError::NoPeriods),
            Overtime::Canadian { stones: 0, .. } => Err(TimeError::NoStones),
            Overtime::ByoYomi { period, .. } | Overtime::Canadian { period, .. }
                if period.is_zero() =>
            {
                Err(TimeError::EmptyPeriod)
            }
            Overtime::Fischer { increment } if increment.is_zero() => Err(TimeError::NoIncrement),
            _ => Ok(()),
        }
    }

    /// What an organiser should hear about this control under `scoring`.
    pub fn warning(&self, scoring: Scoring) -> Option<TimeWarning> {
        (self.overtime == Overtime::Ing && scoring == Scoring::Territory)
            .then_some(TimeWarning::IngOvertimeWithTerritoryScoring)
    }

    /// Length of one Ing overtime period: a sixth of the main time (GTR).
    pub fn ing_period(&self) -> Duration {
        self.main / 6
    }

    /// The EGF adjusted time: main time plus the overtime of 45 byo-yomi moves,
    /// 60 Canadian moves or 120 Fischer moves.
    ///
    /// The EGD names no Ing overtime: its periods cost points, so like sudden
    /// death only the main time counts.
    pub fn egf_adjusted_time(&self) -> Duration {
        self.main
            + match self.overtime {
                Overtime::SuddenDeath | Overtime::Ing => Duration::ZERO,
                Overtime::ByoYomi { period, .. } => period * BYO_YOMI_MOVES,
                Overtime::Canadian { stones, period } => period * CANADIAN_MOVES / stones.max(1),
                Overtime::Fischer { increment } => increment * FISCHER_MOVES,
            }
    }

    /// The EGF class of a tournament played under this control.
    pub fn egf_class(&self, internet: bool) -> EgfClass {
        let adjusted = self.egf_adjusted_time();
        let fischer = matches!(self.overtime, Overtime::Fischer { .. });
        // (class, basic time, Fischer basic time, adjusted time), best class first.
        let thresholds: &[(EgfClass, u64, u64, u64)] = if internet {
            &[(EgfClass::D, 40, 30, 50)]
        } else {
            &[
                (EgfClass::A, 60, 45, 75),
                (EgfClass::B, 40, 30, 50),
                (EgfClass::C, 25, 20, 30),
            ]
        };
        thresholds
            .iter()
            .find(|&&(_, basic, fischer_basic, adjusted_min)| {
                let basic = if fischer { fischer_basic } else { basic };
                self.main >= minutes(basic) && adjusted >= minutes(adjusted_min)
            })
            .map_or(EgfClass::X, |&(class, ..)| class)
    }

    /// This control in OpenGotha's terms, `base` keeping the values of the
    /// systems not chosen; main time in whole minutes, byo-yomi periods and
    /// Ing overtime (sudden death there) are not in OpenGotha's format.
    pub fn to_opengotha(&self, base: &TimeSystem) -> TimeSystem {
        let seconds = |d: Duration| u32::try_from(d.as_secs()).unwrap_or(u32::MAX);
        let mut t = *base;
        t.basic_minutes = seconds(self.main) / 60;
        t.overtime = match self.overtime {
            Overtime::SuddenDeath | Overtime::Ing => OpenGothaOvertime::SuddenDeath,
            Overtime::ByoYomi { period, .. } => {
                t.std_byo_yomi_seconds = seconds(period);
                OpenGothaOvertime::StandardByoYomi
            }
            Overtime::Canadian { stones, period } => {
                t.canadian_moves = stones;
                t.canadian_seconds = seconds(period);
                OpenGothaOvertime::CanadianByoYomi
            }
            Overtime::Fischer { increment } => {
                t.fischer_seconds = seconds(increment);
                OpenGothaOvertime::Fischer
            }
        };
        t
    }
}

impl From<&TimeSystem> for TimeControl {
    /// The control an OpenGotha file describes; its byo-yomi has one period.
    fn from(t: &TimeSystem) -> Self {
        let seconds = |s: u32| Duration::from_secs(u64::from(s));
        TimeControl {
            main: minutes(u64::from(t.basic_minutes)),
            overtime: match t.overtime {
                OpenGothaOvertime::SuddenDeath => Overtime::SuddenDeath,
                OpenGothaOvertime::StandardByoYomi => Overtime::ByoYomi {
                    periods: 1,
                    period: seconds(t.std_byo_yomi_seconds),
                },
                OpenGothaOvertime::CanadianByoYomi => Overtime::Canadian {
                    stones: t.canadian_moves,
                    period: seconds(t.canadian_seconds),
                },
                OpenGothaOvertime::Fischer => Overtime::Fischer {
                    increment: seconds(t.fischer_seconds),
                },
            },
        }
    }
}

/// A duration as the labels write it: `90 min`, `30 s`, `1 min 30 s` (e.g. the
/// adjusted time shown beside the EGF class).
pub struct Span(pub Duration);

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0.as_secs();
        match (s / 60, s % 60) {
            (0, s) => write!(f, "{s} s"),
            (m, 0) => write!(f, "{m} min"),
            (m, s) => write!(f, "{m} min {s} s"),
        }
    }
}

impl fmt::Display for TimeControl {
    /// A compact label: `60 min + 5×30 s`, `60 min + 15 stones/5 min`,
    /// `45 min + 15 s/move`, `60 min`, `180 min + 3×30 min Ing`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", Span(self.main))?;
        match self.overtime {
            Overtime::SuddenDeath => Ok(()),
            Overtime::ByoYomi { periods, period } => write!(f, " + {periods}×{}", Span(period)),
            Overtime::Canadian { stones, period } => {
                write!(f, " + {stones} stones/{}", Span(period))
            }
            Overtime::Fischer { increment } => write!(f, " + {}/move", Span(increment)),
            Overtime::Ing => write!(f, " + 3×{} Ing", Span(self.ing_period())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(main_minutes: u64, overtime: Overtime) -> TimeControl {
        TimeControl {
            main: minutes(main_minutes),
            overtime,
        }
    }

    fn secs(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    fn byo_yomi(periods: u32, seconds: u64) -> Overtime {
        Overtime::ByoYomi {
            periods,
            period: secs(seconds),
        }
    }

    fn canadian(stones: u32, seconds: u64) -> Overtime {
        Overtime::Canadian {
            stones,
            period: secs(seconds),
        }
    }

    fn fischer(seconds: u64) -> Overtime {
        Overtime::Fischer {
            increment: secs(seconds),
        }
    }

    #[test]
    fn labels_are_compact() {
        assert_eq!(control(60, byo_yomi(5, 30)).to_string(), "60 min + 5×30 s");
        assert_eq!(
            control(60, canadian(15, 300)).to_string(),
            "60 min + 15 stones/5 min"
        );
        assert_eq!(control(45, fischer(15)).to_string(), "45 min + 15 s/move");
        assert_eq!(control(90, Overtime::SuddenDeath).to_string(), "90 min");
        assert_eq!(
            control(180, Overtime::Ing).to_string(),
            "180 min + 3×30 min Ing"
        );
        let odd = TimeControl {
            main: secs(90),
            overtime: byo_yomi(3, 90),
        };
        assert_eq!(odd.to_string(), "1 min 30 s + 3×1 min 30 s");
        let adjusted = control(60, byo_yomi(5, 30)).egf_adjusted_time();
        assert_eq!(Span(adjusted).to_string(), "82 min 30 s");
    }

    #[test]
    fn adjusted_time_follows_the_egd_examples() {
        // EGD: 60 min + 30 s byo-yomi → 82.5; 75 min + 12 stones/5 min → 100; 45 min + 15 s → 75.
        assert_eq!(
            control(60, byo_yomi(5, 30)).egf_adjusted_time(),
            secs(82 * 60 + 30)
        );
        assert_eq!(
            control(75, canadian(12, 300)).egf_adjusted_time(),
            minutes(100)
        );
        assert_eq!(control(45, fischer(15)).egf_adjusted_time(), minutes(75));
        assert_eq!(
            control(50, Overtime::SuddenDeath).egf_adjusted_time(),
            minutes(50)
        );
        assert_eq!(
            control(180, Overtime::Ing).egf_adjusted_time(),
            minutes(180)
        );
    }

    #[test]
    fn classes_need_both_basic_and_adjusted_time() {
        let class = |main, overtime| control(main, overtime).egf_class(false);
        assert_eq!(class(60, canadian(15, 300)), EgfClass::A);
        assert_eq!(class(60, Overtime::SuddenDeath), EgfClass::B);
        assert_eq!(class(75, Overtime::SuddenDeath), EgfClass::A);
        assert_eq!(class(59, canadian(5, 600)), EgfClass::B);
        assert_eq!(class(40, byo_yomi(5, 20)), EgfClass::B);
        assert_eq!(class(25, byo_yomi(5, 10)), EgfClass::C);
        assert_eq!(class(25, Overtime::SuddenDeath), EgfClass::X);
        assert_eq!(class(45, fischer(15)), EgfClass::A);
        assert_eq!(class(45, fischer(14)), EgfClass::B);
        assert_eq!(class(20, fischer(5)), EgfClass::C);
        assert_eq!(class(15, fischer(30)), EgfClass::X);
    }

    #[test]
    fn internet_tournaments_are_class_d_or_unclassified() {
        let class = |main, overtime| control(main, overtime).egf_class(true);
        assert_eq!(class(90, canadian(15, 300)), EgfClass::D);
        assert_eq!(class(30, fischer(10)), EgfClass::D);
        assert_eq!(class(30, canadian(15, 300)), EgfClass::X);
        assert_eq!(EgfClass::X.to_string(), "X");
    }

    #[test]
    fn unplayable_controls_are_refused() {
        let check = |main, overtime| control(main, overtime).validate();
        assert_eq!(check(0, Overtime::SuddenDeath), Err(TimeError::NoMainTime));
        assert_eq!(check(0, Overtime::Ing), Err(TimeError::IngWithoutMainTime));
        assert_eq!(check(60, byo_yomi(0, 30)), Err(TimeError::NoPeriods));
        assert_eq!(check(60, byo_yomi(5, 0)), Err(TimeError::EmptyPeriod));
        assert_eq!(check(60, canadian(0, 300)), Err(TimeError::NoStones));
        assert_eq!(check(60, canadian(25, 0)), Err(TimeError::EmptyPeriod));
        assert_eq!(check(60, fischer(0)), Err(TimeError::NoIncrement));
        assert_eq!(check(0, byo_yomi(3, 30)), Ok(()));
        assert_eq!(check(0, fischer(30)), Ok(()));
    }

    #[test]
    fn ing_overtime_under_territory_scoring_is_warned_about() {
        let ing = control(90, Overtime::Ing);
        assert_eq!(
            ing.warning(Scoring::Territory),
            Some(TimeWarning::IngOvertimeWithTerritoryScoring)
        );
        assert_eq!(ing.warning(Scoring::Area), None);
        assert_eq!(
            control(90, byo_yomi(5, 30)).warning(Scoring::Territory),
            None
        );
    }

    #[test]
    fn opengotha_time_systems_convert_both_ways() {
        let t = TimeSystem::default();
        let control = TimeControl::from(&t);
        assert_eq!(control.to_string(), "60 min + 15 stones/5 min");
        assert_eq!(control.to_opengotha(&t), t);
        let byo = TimeControl {
            main: minutes(40),
            overtime: byo_yomi(5, 20),
        }
        .to_opengotha(&t);
        assert_eq!(byo.basic_minutes, 40);
        assert_eq!(byo.overtime, OpenGothaOvertime::StandardByoYomi);
        assert_eq!(byo.std_byo_yomi_seconds, 20);
        assert_eq!(TimeControl::from(&byo).egf_class(false), EgfClass::B);
    }
}
