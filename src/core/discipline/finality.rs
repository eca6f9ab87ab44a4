//! Result finality: a result confirmed by both players or by the referee is
//! locked (RFG Code 16.8 з: "не может быть изменен ни при каких обстоятельствах").
//!
//! Invariant: a locked result changes only by an administrative correction
//! with a reason or by an appeal decision; the shell writes both to the audit log.

use super::DisciplineError;
use super::log::{Act, AppealId, GameRef, Log, Reason};
use serde::{Deserialize, Serialize};

/// Who confirmed a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Confirmer {
    /// Both players signed the result (RFG 16.8 л).
    BothPlayers,
    /// The referee recorded it.
    Referee,
}

/// On what authority a result is being changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Authority {
    /// An ordinary edit on the results page.
    Plain,
    /// An administrative correction of a data-entry error.
    Correction {
        /// Why.
        reason: Reason,
    },
    /// The decision of this appeal.
    AppealDecision(AppealId),
}

/// Who locked the result of `game`, if anyone did.
pub fn locked_by(log: &Log, game: GameRef) -> Option<Confirmer> {
    log.entries().iter().find_map(|e| match e.act {
        Act::Confirmation { game: g, by } if g == game => Some(by),
        _ => None,
    })
}

/// Whether the result of `game` may be changed on this authority.
pub fn check_change(
    log: &Log,
    game: GameRef,
    authority: &Authority,
) -> Result<(), DisciplineError> {
    match (locked_by(log, game), authority) {
        (Some(by), Authority::Plain) => Err(DisciplineError::ResultLocked {
            round: game.round,
            board: game.board,
            by,
        }),
        (None, _) | (Some(_), Authority::Correction { .. } | Authority::AppealDecision(_)) => {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::discipline::test_support::*;
    use crate::core::round::{GameResult, ResultOrigin};

    #[test]
    fn a_confirmed_result_refuses_a_plain_edit_but_takes_a_correction() {
        let (mut t, _) = four_players_round_one();
        t.set_result(
            board1().round,
            board1().board,
            GameResult::WhiteWins,
            ResultOrigin::Played,
        )
        .unwrap();
        let mut log = Log::default();
        assert_eq!(check_change(&log, board1(), &Authority::Plain), Ok(()));
        let confirm = Act::Confirmation {
            game: board1(),
            by: Confirmer::BothPlayers,
        };
        log.record(&t, &settings(), minute(90), referee(), confirm)
            .unwrap();
        assert_eq!(
            check_change(&log, board1(), &Authority::Plain),
            Err(DisciplineError::ResultLocked {
                round: board1().round,
                board: board1().board,
                by: Confirmer::BothPlayers
            })
        );
        let correction = Authority::Correction {
            reason: Reason::new("slip was misread").unwrap(),
        };
        assert_eq!(check_change(&log, board1(), &correction), Ok(()));
        assert_eq!(
            check_change(&log, board1(), &Authority::AppealDecision(AppealId(1))),
            Ok(())
        );
        assert_eq!(check_change(&log, board2(), &Authority::Plain), Ok(()));
    }

    #[test]
    fn a_locked_result_refuses_a_forfeit_but_not_a_correction() {
        let (mut t, [a, ..]) = four_players_round_one();
        t.set_result(
            board1().round,
            board1().board,
            GameResult::WhiteWins,
            ResultOrigin::Played,
        )
        .unwrap();
        let mut log = Log::default();
        let confirm = Act::Confirmation {
            game: board1(),
            by: Confirmer::Referee,
        };
        log.record(&t, &settings(), minute(90), referee(), confirm)
            .unwrap();
        let forfeit = forfeit_act(board1(), a);
        assert!(matches!(
            log.record(&t, &settings(), minute(95), referee(), forfeit),
            Err(DisciplineError::ResultLocked { .. })
        ));
        let fix = Act::Correction {
            game: board1(),
            result: GameResult::BlackWins,
            origin: ResultOrigin::Played,
            method: None,
            reason: Reason::new("colours were swapped on the slip").unwrap(),
        };
        log.record(&t, &settings(), minute(96), referee(), fix)
            .unwrap();
        assert_eq!(log.entries().len(), 2);
    }
}
