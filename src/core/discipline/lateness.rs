//! Late arrival: the referee starts the round (a log entry), and a player
//! still absent once the forfeit time has passed may be forfeited in one tap.
//!
//! EGF GTR "Timing rules > Start": late 60 minutes or more loses. RFG Code
//! 21.4: more than 60 minutes "unless stated otherwise"; both absent → both
//! lose. No clock is read here: the caller passes the time.

use super::DisciplineError;
use super::log::{Act, GameRef, Log, Moment};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// How late a player may be before losing the game (the same rule as
/// `rules::lateness::ForfeitTime` on the `rules` branch; keep one at merge).
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

    /// The first moment a player absent since `start` has lost.
    pub fn first_forfeit_moment(&self, start: Moment) -> Moment {
        let secs = i64::try_from(self.limit.as_secs()).unwrap_or(i64::MAX);
        let at_limit = start.plus_seconds(secs);
        if self.limit_loses {
            at_limit
        } else {
            at_limit.plus_seconds(1)
        }
    }
}

/// When the clocks of `game` were started: its own start if the referee
/// started that board apart (GTR "Timing rules > Start"), else its round's.
pub fn start_of(log: &Log, game: GameRef) -> Option<Moment> {
    let start = |board| {
        log.entries().iter().find_map(|e| match e.act {
            Act::StartRound { round, board: b } if round == game.round && b == board => Some(e.at),
            _ => None,
        })
    };
    start(Some(game.board)).or_else(|| start(None))
}

/// Whether a player of `game` still absent at `now` may be forfeited now.
pub fn may_forfeit(
    forfeit_time: &ForfeitTime,
    log: &Log,
    game: GameRef,
    now: Moment,
) -> Result<(), DisciplineError> {
    let start = start_of(log, game).ok_or(DisciplineError::RoundNotStarted(game.round))?;
    if forfeit_time.is_forfeited(now.since(start)) {
        Ok(())
    } else {
        Err(DisciplineError::TooEarlyToForfeit {
            round: game.round,
            board: game.board,
            possible_from: forfeit_time.first_forfeit_moment(start),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::discipline::test_support::*;
    use crate::core::ids::RoundNo;

    #[test]
    fn the_egf_forfeits_at_sixty_minutes_and_the_rfg_after() {
        let hour = Duration::from_secs(3600);
        assert!(ForfeitTime::EGF.is_forfeited(hour));
        assert!(!ForfeitTime::RFG.is_forfeited(hour));
        assert!(ForfeitTime::RFG.is_forfeited(hour + Duration::from_secs(1)));
        assert!(!ForfeitTime::EGF.is_forfeited(hour - Duration::from_secs(1)));
    }

    #[test]
    fn an_absent_player_may_be_forfeited_only_after_the_forfeit_time() {
        let (t, _) = four_players_round_one();
        let mut log = Log::default();
        let board = board1();
        assert_eq!(
            may_forfeit(&ForfeitTime::EGF, &log, board, minute(70)),
            Err(DisciplineError::RoundNotStarted(board.round))
        );
        start_round(&mut log, &t, 1, minute(0));
        assert_eq!(
            may_forfeit(&ForfeitTime::EGF, &log, board, minute(59)),
            Err(DisciplineError::TooEarlyToForfeit {
                round: board.round,
                board: board.board,
                possible_from: minute(60)
            })
        );
        assert_eq!(
            may_forfeit(&ForfeitTime::EGF, &log, board, minute(60)),
            Ok(())
        );
        let rfg = may_forfeit(&ForfeitTime::RFG, &log, board, minute(60));
        assert!(
            matches!(rfg, Err(DisciplineError::TooEarlyToForfeit { possible_from, .. })
            if possible_from == minute(60).plus_seconds(1))
        );
    }

    #[test]
    fn a_board_started_late_counts_from_its_own_start() {
        let (t, _) = four_players_round_one();
        let mut log = Log::default();
        start_round(&mut log, &t, 1, minute(0));
        let act = Act::StartRound {
            round: board1().round,
            board: Some(board1().board),
        };
        log.record(&t, &settings(), minute(20), referee(), act)
            .unwrap();
        assert_eq!(start_of(&log, board1()), Some(minute(20)));
        assert!(may_forfeit(&ForfeitTime::EGF, &log, board1(), minute(70)).is_err());
        assert_eq!(start_of(&log, board2()), Some(minute(0)));
    }

    #[test]
    fn a_round_is_started_once_and_only_when_paired() {
        let (t, _) = four_players_round_one();
        let mut log = Log::default();
        let start = |n| Act::StartRound {
            round: RoundNo::new(n).unwrap(),
            board: None,
        };
        assert_eq!(
            log.record(&t, &settings(), minute(0), referee(), start(2)),
            Err(DisciplineError::RoundNotPaired(RoundNo::new(2).unwrap()))
        );
        start_round(&mut log, &t, 1, minute(0));
        assert_eq!(
            log.record(&t, &settings(), minute(1), referee(), start(1)),
            Err(DisciplineError::RoundAlreadyStarted(RoundNo::FIRST))
        );
    }
}
