//! What the referee's board page shows, computed here so the template only
//! displays it: warnings, penalty points and time changes in force,
//! protests, the lock, and when an absent player may be forfeited.

use super::DisciplineError;
use super::effective::revoked;
use super::finality::{Confirmer, locked_by};
use super::incident::PREMATURE_PASSES_SECONDS;
use super::lateness::{GameStart, Schedule, first_forfeit_moment, start_of};
use super::log::{Act, GameRef, Log, Moment};
use super::sanction::SanctionKind;
use super::settings::DisciplineSettings;
use crate::core::ids::PlayerId;
use crate::core::round::{GameResult, ResultOrigin};
use crate::core::tournament::Tournament;
use crate::core::units::HalfPoints;
use serde::Serialize;

/// The discipline state of one board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardStatus {
    /// The game.
    pub game: GameRef,
    /// Warnings in force, White's then Black's.
    pub warnings: [u32; 2],
    /// Warnings that forfeit the game.
    pub warnings_to_forfeit: u32,
    /// Penalty points, White's then Black's, for the players' count.
    pub penalties: [HalfPoints; 2],
    /// Seconds the referee added to (or took from) each clock, White's then
    /// Black's: time sanctions and time allowed after an illegal move.
    pub time_changes: [i32; 2],
    /// Seconds each clock was last set to by the referee (a correction, or
    /// premature passes), White's then Black's.
    pub clocks: [Option<u32>; 2],
    /// Players who declared the game played under protest.
    pub protests: Vec<PlayerId>,
    /// Who locked the result, if anyone.
    pub locked_by: Option<Confirmer>,
    /// What lateness counts from; `None` before the round starts.
    pub start: Option<GameStart>,
    /// From when an absent player may be forfeited; `None` before the round starts.
    pub forfeit_from: Option<Moment>,
}

/// The board's status, from the log.
pub fn board_status(
    tournament: &Tournament,
    log: &Log,
    schedule: &Schedule,
    game: GameRef,
    settings: &DisciplineSettings,
) -> Result<BoardStatus, DisciplineError> {
    let g = game.game(tournament)?;
    let start = start_of(log, schedule, game);
    let revoked = revoked(log);
    let side = |p: PlayerId| usize::from(p == g.black);
    let (mut warnings, mut penalties, mut time_changes) =
        ([0, 0], [HalfPoints::ZERO; 2], [0i32, 0]);
    let mut protests = Vec::new();
    let mut clocks = [None, None];
    for e in log
        .entries()
        .iter()
        .filter(|e| !revoked.contains(&e.id) && e.act.game() == Some(game))
    {
        match &e.act {
            Act::Sanction(s) => match &s.kind {
                SanctionKind::Warning { players, .. } => {
                    for p in players.of(g)? {
                        warnings[side(p)] += 1;
                    }
                }
                SanctionKind::PenaltyPoints { player, cause, .. } => {
                    penalties[side(*player)] += settings.penalty(*cause);
                }
                SanctionKind::TimeChange {
                    players, seconds, ..
                } => {
                    for p in players.of(g)? {
                        time_changes[side(p)] = time_changes[side(p)].saturating_add(*seconds);
                    }
                }
                _ => {}
            },
            Act::Protest { player, .. } if !protests.contains(player) => protests.push(*player),
            Act::IllegalMove {
                time: Some(time), ..
            } => {
                for p in time.players.of(g)? {
                    time_changes[side(p)] = time_changes[side(p)].saturating_add(time.seconds);
                }
            }
            Act::ClockCorrection {
                player,
                after_seconds,
                ..
            } => clocks[side(*player)] = Some(*after_seconds),
            Act::PrematurePasses { .. } => clocks = [Some(PREMATURE_PASSES_SECONDS); 2],
            _ => {}
        }
    }
    Ok(BoardStatus {
        game,
        warnings,
        warnings_to_forfeit: settings.warnings_to_forfeit,
        penalties,
        time_changes,
        clocks,
        protests,
        locked_by: locked_by(log, game),
        start,
        forfeit_from: start.map(|s| first_forfeit_moment(&settings.forfeit_time, s.at)),
    })
}

/// A game whose result differs between two versions of a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ResultChange {
    /// The game.
    pub game: GameRef,
    /// Result and origin before.
    pub before: (GameResult, ResultOrigin),
    /// Result and origin after.
    pub after: (GameResult, ResultOrigin),
}

/// The results that differ from `before` to `after` (the same tournament with
/// more of the log applied): what the audit log records as both values.
pub fn result_changes(before: &Tournament, after: &Tournament) -> Vec<ResultChange> {
    after
        .games()
        .iter()
        .filter_map(|new| {
            let old = before.game_on(new.round, new.board)?;
            let change = ResultChange {
                game: GameRef {
                    round: new.round,
                    board: new.board,
                },
                before: (old.result, old.origin),
                after: (new.result, new.origin),
            };
            (change.before != change.after).then_some(change)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::discipline::effective::effective;
    use crate::core::discipline::test_support::*;

    #[test]
    fn the_board_shows_warnings_protests_penalties_time_changes_and_the_forfeit_time() {
        let (t, [a, b, ..]) = four_players_round_one();
        let s = settings();
        let mut log = Log::default();
        let status = board_status(&t, &log, &Schedule::default(), board1(), &s).unwrap();
        assert_eq!((status.warnings, status.forfeit_from), ([0, 0], None));
        start_round(&mut log, &t, 1, minute(0));
        log.record(&t, &s, minute(5), referee(), warn(board1(), b))
            .unwrap();
        let protest = Act::Protest {
            game: board1(),
            player: a,
        };
        log.record(&t, &s, minute(6), referee(), protest).unwrap();
        let status = board_status(&t, &log, &Schedule::default(), board1(), &s).unwrap();
        assert_eq!(status.warnings, [0, 1]);
        assert_eq!(status.protests, [a]);
        assert_eq!(status.forfeit_from, Some(minute(60)));
        assert_eq!(status.locked_by, None);
        let ing = sanction(SanctionKind::PenaltyPoints {
            game: board1(),
            player: b,
            cause: crate::core::discipline::PenaltyCause::IngOvertime { periods: 1 },
        });
        log.record(&t, &s, minute(7), referee(), ing).unwrap();
        let clock = sanction(SanctionKind::TimeChange {
            game: board1(),
            players: crate::core::discipline::Players::One(a),
            seconds: -300,
        });
        log.record(&t, &s, minute(8), referee(), clock).unwrap();
        let status = board_status(&t, &log, &Schedule::default(), board1(), &s).unwrap();
        assert_eq!(
            status.penalties,
            [HalfPoints::ZERO, HalfPoints::from_points(2)]
        );
        assert_eq!(status.time_changes, [-300, 0]);
    }

    #[test]
    fn the_changes_a_second_warning_makes_are_listed_with_both_values() {
        let (t, [a, ..]) = four_players_round_one();
        let s = settings();
        let mut log = Log::default();
        log.record(&t, &s, minute(5), referee(), warn(board1(), a))
            .unwrap();
        let before = effective(&t, &log, &s).unwrap().tournament;
        log.record(&t, &s, minute(6), referee(), warn(board1(), a))
            .unwrap();
        let after = effective(&t, &log, &s).unwrap().tournament;
        assert_eq!(
            result_changes(&before, &after),
            [ResultChange {
                game: board1(),
                before: (GameResult::Unknown, ResultOrigin::Played),
                after: (GameResult::BlackWins, ResultOrigin::RefereeDecision),
            }]
        );
    }
}
