//! Late arrival: lateness counts from the round's official start on the
//! programme, or from the referee's start of the round where the programme
//! has none; a player still absent once the forfeit time has passed may be
//! forfeited in one tap.
//!
//! EGF GTR "Timing rules > Start": late 60 minutes or more loses. RFG Code
//! 21.4: more than 60 minutes "unless stated otherwise"; both absent → both
//! lose. The rule itself is [`ForfeitTime`]; no clock is read here: the
//! caller passes the time.

use std::collections::BTreeMap;

use super::DisciplineError;
use super::log::{Act, GameRef, Log, Moment};
use crate::core::ids::RoundNo;
use crate::core::rules::ForfeitTime;

/// The rounds' official starts from the programme, as moments.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Schedule(BTreeMap<RoundNo, Moment>);

impl Schedule {
    pub fn new(starts: impl IntoIterator<Item = (RoundNo, Moment)>) -> Self {
        Schedule(starts.into_iter().collect())
    }

    /// The round's official start, when the programme gives one.
    pub fn official(&self, round: RoundNo) -> Option<Moment> {
        self.0.get(&round).copied()
    }
}

/// What a game's lateness counts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StartKind {
    /// The round's official start on the programme.
    Official,
    /// The referee's start of the round.
    Round,
    /// The referee's start of this board apart (GTR "Timing rules > Start").
    Board,
}

/// When and from what a game's lateness counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct GameStart {
    pub at: Moment,
    pub kind: StartKind,
}

/// The first moment a player absent since `start` has lost under `rule`.
pub fn first_forfeit_moment(rule: &ForfeitTime, start: Moment) -> Moment {
    let at_limit = start.plus_seconds(i64::try_from(rule.limit.as_secs()).unwrap_or(i64::MAX));
    if rule.limit_loses {
        at_limit
    } else {
        at_limit.plus_seconds(1)
    }
}

/// When the clocks of `game` were started by the referee: its own start if
/// the referee started that board apart, else its round's.
fn pressed_start(log: &Log, game: GameRef) -> Option<GameStart> {
    let start = |board| {
        log.entries().iter().find_map(|e| match e.act {
            Act::StartRound { round, board: b } if round == game.round && b == board => Some(e.at),
            _ => None,
        })
    };
    let board = start(Some(game.board)).map(|at| GameStart {
        at,
        kind: StartKind::Board,
    });
    board.or_else(|| {
        start(None).map(|at| GameStart {
            at,
            kind: StartKind::Round,
        })
    })
}

/// From when `game`'s lateness counts. A player is late from the round's
/// announced start (GTR "Timing rules > Start"; RFG Code 21.4 counts from
/// "the start of the round"), so the programme's start counts even before
/// the referee presses start; a round or board the referee started later
/// than announced (a delay the players did not cause) counts from then.
pub fn start_of(log: &Log, schedule: &Schedule, game: GameRef) -> Option<GameStart> {
    let official = schedule.official(game.round).map(|at| GameStart {
        at,
        kind: StartKind::Official,
    });
    match (official, pressed_start(log, game)) {
        (Some(o), Some(p)) => Some(if p.at > o.at { p } else { o }),
        (o, p) => o.or(p),
    }
}

/// Whether a player of `game` still absent at `now` may be forfeited now.
pub fn may_forfeit(
    forfeit_time: &ForfeitTime,
    log: &Log,
    schedule: &Schedule,
    game: GameRef,
    now: Moment,
) -> Result<(), DisciplineError> {
    let start = start_of(log, schedule, game)
        .ok_or(DisciplineError::RoundNotStarted(game.round))?
        .at;
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
        let none = Schedule::default();
        let board = board1();
        assert_eq!(
            may_forfeit(&ForfeitTime::EGF, &log, &none, board, minute(70)),
            Err(DisciplineError::RoundNotStarted(board.round))
        );
        start_round(&mut log, &t, 1, minute(0));
        assert_eq!(
            may_forfeit(&ForfeitTime::EGF, &log, &none, board, minute(59)),
            Err(DisciplineError::TooEarlyToForfeit {
                round: board.round,
                board: board.board,
                possible_from: minute(60)
            })
        );
        assert_eq!(
            may_forfeit(&ForfeitTime::EGF, &log, &none, board, minute(60)),
            Ok(())
        );
        let rfg = may_forfeit(&ForfeitTime::RFG, &log, &none, board, minute(60));
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
        let none = Schedule::default();
        let at = |game| start_of(&log, &none, game).map(|s| (s.at, s.kind));
        assert_eq!(at(board1()), Some((minute(20), StartKind::Board)));
        assert!(may_forfeit(&ForfeitTime::EGF, &log, &none, board1(), minute(70)).is_err());
        assert_eq!(at(board2()), Some((minute(0), StartKind::Round)));
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

    #[test]
    fn lateness_counts_from_the_official_start_unless_the_referee_started_later() {
        let (t, _) = four_players_round_one();
        let mut log = Log::default();
        let schedule = Schedule::new([(RoundNo::FIRST, minute(0))]);
        let at = |log: &Log, game| start_of(log, &schedule, game).map(|s| (s.at, s.kind));
        // No press needed: the programme's start counts.
        assert_eq!(at(&log, board1()), Some((minute(0), StartKind::Official)));
        assert_eq!(
            may_forfeit(&ForfeitTime::EGF, &log, &schedule, board1(), minute(60)),
            Ok(())
        );
        // A press before the announced start does not make anyone late earlier.
        let mut early = log.clone();
        start_round(&mut early, &t, 1, minute(-5));
        assert_eq!(at(&early, board1()), Some((minute(0), StartKind::Official)));
        // The round started a quarter of an hour late counts from then.
        start_round(&mut log, &t, 1, minute(15));
        assert_eq!(at(&log, board1()), Some((minute(15), StartKind::Round)));
        assert!(may_forfeit(&ForfeitTime::EGF, &log, &schedule, board1(), minute(60)).is_err());
        // A board started apart, later still, counts from its own start.
        let act = Act::StartRound {
            round: board2().round,
            board: Some(board2().board),
        };
        log.record(&t, &settings(), minute(30), referee(), act)
            .unwrap();
        assert_eq!(at(&log, board2()), Some((minute(30), StartKind::Board)));
        // Another round of the programme has its own start.
        let round_two = GameRef {
            round: RoundNo::new(2).unwrap(),
            board: board1().board,
        };
        assert_eq!(at(&log, round_two), None);
    }
}
