//! Late arrival: when an absent player loses the game, as functions of how
//! long each player has been absent since the clocks were started (no clock
//! is read here).
//!
//! EGF GTR "Timing rules > Start": late 60 minutes or more loses. RFG Code
//! 21.4: more than 60 minutes "unless stated otherwise", both absent → both
//! lose. The Ukrainian rules set no forfeit time (IV.2.5 makes a no-show a
//! disciplinary matter), so their tournaments take the default.

use crate::core::round::GameResult;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// How late a player may be before losing the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ForfeitTime {
    /// The lateness that loses the game.
    pub limit: Duration,
    /// Whether arriving exactly at `limit` already loses (EGF: "60 minutes or more").
    pub limit_loses: bool,
}

impl ForfeitTime {
    /// EGF GTR "Timing rules > Start": "late 60 minutes or more, he loses his game".
    pub const EGF: ForfeitTime = ForfeitTime {
        limit: Duration::from_secs(60 * 60),
        limit_loses: true,
    };

    /// RFG Code 21.4 a: late "more than 60 minutes".
    pub const RFG: ForfeitTime = ForfeitTime {
        limit: Duration::from_secs(60 * 60),
        limit_loses: false,
    };

    /// Whether a player absent for `absent` has lost the game.
    pub fn is_forfeited(&self, absent: Duration) -> bool {
        absent > self.limit || (self.limit_loses && absent == self.limit)
    }

    /// The result once the players have been absent this long (`None`:
    /// present); `None` while nobody has lost. Both absent past the limit
    /// both lose (RFG 21.4 b; the GTR is silent).
    pub fn result(
        &self,
        black_absent: Option<Duration>,
        white_absent: Option<Duration>,
    ) -> Option<GameResult> {
        let lost = |absent: Option<Duration>| absent.is_some_and(|a| self.is_forfeited(a));
        match (lost(black_absent), lost(white_absent)) {
            (true, true) => Some(GameResult::BothLose),
            (true, false) => Some(GameResult::WhiteWins),
            (false, true) => Some(GameResult::BlackWins),
            (false, false) => None,
        }
    }
}

impl Default for ForfeitTime {
    /// The EGF rule: 60 minutes or more.
    fn default() -> Self {
        ForfeitTime::EGF
    }
}

/// The time charged to each player's clock when both were absent at the start
/// and one arrives after `elapsed`: half of it (RFG Code 16.6).
pub fn both_absent_charge(elapsed: Duration) -> Duration {
    elapsed / 2
}

/// Minutes after the clocks start during which photographers may work in
/// the playing hall: 10 in round 1, 5 in later rounds (RFG App. 8 §8.3).
pub fn photography_minutes(round: crate::core::RoundNo) -> u32 {
    if round == crate::core::RoundNo::FIRST {
        10
    } else {
        5
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn photographers_have_ten_minutes_in_round_one_and_five_later() {
        use crate::core::RoundNo;
        assert_eq!(photography_minutes(RoundNo::FIRST), 10);
        assert_eq!(photography_minutes(RoundNo::new(2).unwrap()), 5);
        assert_eq!(photography_minutes(RoundNo::new(7).unwrap()), 5);
    }

    fn minutes(m: u64) -> Duration {
        Duration::from_secs(m * 60)
    }

    #[test]
    fn the_egf_forfeits_at_sixty_minutes_and_the_rfg_after() {
        let just_before = minutes(60) - Duration::from_secs(1);
        assert!(!ForfeitTime::EGF.is_forfeited(just_before));
        assert!(ForfeitTime::EGF.is_forfeited(minutes(60)));
        assert!(!ForfeitTime::RFG.is_forfeited(minutes(60)));
        assert!(ForfeitTime::RFG.is_forfeited(minutes(60) + Duration::from_secs(1)));
        assert_eq!(ForfeitTime::default(), ForfeitTime::EGF);
    }

    #[test]
    fn the_absent_player_loses_and_two_absent_players_both_lose() {
        let rule = ForfeitTime {
            limit: minutes(30),
            limit_loses: true,
        };
        assert_eq!(
            rule.result(Some(minutes(30)), None),
            Some(GameResult::WhiteWins)
        );
        assert_eq!(
            rule.result(None, Some(minutes(45))),
            Some(GameResult::BlackWins)
        );
        assert_eq!(
            rule.result(Some(minutes(31)), Some(minutes(31))),
            Some(GameResult::BothLose)
        );
        assert_eq!(
            rule.result(Some(minutes(29)), Some(minutes(40))),
            Some(GameResult::BlackWins)
        );
        assert_eq!(rule.result(Some(minutes(29)), None), None);
        assert_eq!(rule.result(None, None), None);
    }

    #[test]
    fn both_absent_players_share_the_elapsed_time() {
        assert_eq!(both_absent_charge(minutes(20)), minutes(10));
    }
}
