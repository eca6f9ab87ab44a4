//! The EGF rating (GoR): a tournament's class and adjusted time as the EGD
//! files (h9) carry them.

use crate::core::rules::TimeControl;
use crate::core::settings::Settings;

pub use crate::core::rules::EgfClass;

/// The tournament's EGF class, from its time control and whether it is played
/// on the internet, as OpenGotha's `Tournament.egfClass()` decides it (the
/// letter of an h9 file's `CL[]` header).
pub fn egf_class(settings: &Settings) -> EgfClass {
    TimeControl::from(&settings.time).egf_class(settings.general.internet)
}

/// The EGF adjusted time in whole minutes, as OpenGotha's
/// `egfAdjustedTime() / 60` writes it into an h9 file's `TM[]` header: main
/// time plus 45 byo-yomi periods, 60 Canadian moves or 120 Fischer
/// increments, each step rounded down to the second and the sum to the minute.
pub fn adjusted_minutes(settings: &Settings) -> u32 {
    let seconds = TimeControl::from(&settings.time)
        .egf_adjusted_time()
        .as_secs();
    u32::try_from(seconds / 60).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::settings::{Overtime, TimeSystem};

    fn settings(internet: bool, time: TimeSystem) -> Settings {
        let mut s = Settings::default();
        s.general.internet = internet;
        s.time = time;
        s
    }

    fn byo_yomi(basic_minutes: u32, seconds: u32) -> TimeSystem {
        TimeSystem {
            basic_minutes,
            overtime: Overtime::StandardByoYomi,
            std_byo_yomi_seconds: seconds,
            ..TimeSystem::default()
        }
    }

    fn canadian(basic_minutes: u32, moves: u32, seconds: u32) -> TimeSystem {
        TimeSystem {
            basic_minutes,
            overtime: Overtime::CanadianByoYomi,
            canadian_moves: moves,
            canadian_seconds: seconds,
            ..TimeSystem::default()
        }
    }

    fn fischer(basic_minutes: u32, seconds: u32) -> TimeSystem {
        TimeSystem {
            basic_minutes,
            overtime: Overtime::Fischer,
            fischer_seconds: seconds,
            ..TimeSystem::default()
        }
    }

    fn sudden_death(basic_minutes: u32) -> TimeSystem {
        TimeSystem {
            basic_minutes,
            overtime: Overtime::SuddenDeath,
            ..TimeSystem::default()
        }
    }

    #[test]
    fn adjusted_minutes_round_down_as_opengotha_does() {
        let minutes = |t| adjusted_minutes(&settings(false, t));
        // 3600 + 45×30 = 4950 s = 82.5 min → 82.
        assert_eq!(minutes(byo_yomi(60, 30)), 82);
        // 3600 + 60×300/15 = 4800 s → 80.
        assert_eq!(minutes(canadian(60, 15, 300)), 80);
        // 2400 + 6000/7 = 2400 + 857 (integer division) = 3257 s = 54.28 → 54.
        assert_eq!(minutes(canadian(40, 7, 100)), 54);
        // 2700 + 120×15 = 4500 s → 75.
        assert_eq!(minutes(fischer(45, 15)), 75);
        assert_eq!(minutes(sudden_death(50)), 50);
        // No stones a period would divide by zero; it counts as one stone.
        assert_eq!(minutes(canadian(40, 0, 60)), 100);
    }

    #[test]
    fn classes_follow_opengotha_thresholds() {
        let class = |t| egf_class(&settings(false, t)).letter();
        // A needs bt ≥ 3600 and TA ≥ 4500: 60 min + 15/5 min gives 4800.
        assert_eq!(class(canadian(60, 15, 300)), 'A');
        // 60 min sudden death: bt 3600 but TA 3600 < 4500 → B.
        assert_eq!(class(sudden_death(60)), 'B');
        // 59 min + 30 s byo-yomi: bt 3540 < 3600 → B.
        assert_eq!(class(byo_yomi(59, 30)), 'B');
        // 25 min + 10 s byo-yomi: bt 1500, TA 1950 ≥ 1800 → C.
        assert_eq!(class(byo_yomi(25, 10)), 'C');
        // 25 min sudden death: TA 1500 < 1800 → X.
        assert_eq!(class(sudden_death(25)), 'X');
        // Fischer A: bt 2700, TA 2700 + 1800 = 4500.
        assert_eq!(class(fischer(45, 15)), 'A');
        // Fischer 45 min + 14 s: TA 4380 < 4500, bt ≥ 1800 and TA ≥ 3000 → B.
        assert_eq!(class(fischer(45, 14)), 'B');
        // Fischer C: bt 1200, TA 1200 + 600 = 1800.
        assert_eq!(class(fischer(20, 5)), 'C');
        assert_eq!(class(fischer(19, 30)), 'X');
    }

    #[test]
    fn internet_tournaments_are_class_d_or_x() {
        let class = |t| egf_class(&settings(true, t)).letter();
        // The class A times on the internet are still D.
        assert_eq!(class(canadian(90, 15, 300)), 'D');
        // Byo-yomi D needs bt ≥ 2400: 39 min fails though TA is large.
        assert_eq!(class(canadian(39, 5, 300)), 'X');
        // Fischer D: bt 1800, TA 1800 + 1200 = 3000.
        assert_eq!(class(fischer(30, 10)), 'D');
        assert_eq!(class(fischer(30, 9)), 'X');
    }

    #[test]
    fn class_weights_are_the_egd_ones() {
        assert_eq!(EgfClass::A.weight(), Some(1.0));
        assert_eq!(EgfClass::B.weight(), Some(0.75));
        assert_eq!(EgfClass::C.weight(), Some(0.5));
        assert_eq!(EgfClass::D.weight(), Some(0.25));
        assert_eq!(EgfClass::X.weight(), None);
        assert_eq!(EgfClass::X.to_string(), "X");
    }
}
