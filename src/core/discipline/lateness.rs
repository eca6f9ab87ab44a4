//! Late arrival: the referee starts the round (a log entry), and a player
//! still absent once the forfeit time has passed may be forfeited in one tap.
//!
//! EGF GTR "Timing rules > Start": late 60 minutes or more loses. RFG Code
//! 21.4: more than 60 minutes "unless stated otherwise"; both absent → both
//! lose. The rule itself is [`ForfeitTime`]; no clock is read here: the
//! caller passes the time.

use super::DisciplineError;
use super::log::{Act, GameRef, Log, Moment};
use crate::core::rules::ForfeitTime;

/// The first moment a player absent since `start` has lost under `rule`.
pub fn first_forfeit_moment(rule: &ForfeitTime, start: Moment) -> Moment {
    let at_limit = start.plus_seconds(i64::try_from(rule.limit.as_secs()).unwrap_or(i64::MAX));
    if rule.limit_loses {
        at_limit
    } else {
        at_limit.plus_seconds(1)
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
            possible_from: first_forfeit_moment(forfeit_time, start),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::discipline::test_support::*;
    use crate::core::ids::RoundNo;

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
