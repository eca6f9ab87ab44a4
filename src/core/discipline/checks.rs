//! Whether an act may be recorded: it names a registered player, a round
//! and a game that exist, and only changes the tournament allows.

use super::DisciplineError;
use super::effective::{annulled, effective, revoked};
use super::incident::check_incident;
use super::log::{Act, EntryId, GameRef, Log, Players, Remedy};
use super::sanction::{PenaltyCause, SanctionKind};
use super::settings::DisciplineSettings;
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::round::{GameResult, Method, ResultOrigin};
use crate::core::tournament::Tournament;
use crate::core::units::HalfPoints;

impl Log {
    /// Whether `act` names things that exist and may be done now.
    pub(super) fn check(
        &self,
        tournament: &Tournament,
        settings: &DisciplineSettings,
        act: &Act,
    ) -> Result<(), DisciplineError> {
        if let Some(round) = act.round() {
            check_round(tournament, round)?;
        }
        if let Some(game) = act.game() {
            game.game(tournament)?;
        }
        match act {
            Act::StartRound { round, board } => {
                if !tournament.is_paired(*round) {
                    return Err(DisciplineError::RoundNotPaired(*round));
                }
                if let Some(board) = board {
                    GameRef {
                        round: *round,
                        board: *board,
                    }
                    .game(tournament)?;
                }
                let started = self.entries().iter().any(|e| {
                    matches!(e.act, Act::StartRound { round: r, board: b } if r == *round && b == *board)
                });
                if started {
                    return Err(DisciplineError::RoundAlreadyStarted(*round));
                }
                Ok(())
            }
            Act::Sanction(sanction) => {
                sanction.kind.check(tournament)?;
                self.check_violation(tournament, sanction)
            }
            Act::Absence { game, players } => {
                // Whether the forfeit time has passed is the command's to ask
                // (`may_forfeit`): the programme's starts are kept with the rounds.
                players.of(game.game(tournament)?)?;
                let now = effective(tournament, self, settings)?.tournament;
                let g = game.game(&now)?;
                if g.result != GameResult::Unknown && g.origin == ResultOrigin::Played {
                    return Err(DisciplineError::GamePlayed {
                        round: game.round,
                        board: game.board,
                    });
                }
                Ok(())
            }
            Act::Withdrawal {
                player, from_round, ..
            } => check_withdrawal(tournament, *player, *from_round),
            Act::Protest { game, player } => {
                Players::One(*player).of(game.game(tournament)?)?;
                Ok(())
            }
            Act::Confirmation { game, .. } => {
                let now = effective(tournament, self, settings)?.tournament;
                if game.game(&now)?.result == GameResult::Unknown {
                    return Err(DisciplineError::NoResultToConfirm {
                        round: game.round,
                        board: game.board,
                    });
                }
                Ok(())
            }
            Act::Correction {
                game,
                result,
                origin,
                method,
                ..
            } => {
                check_possible(tournament, *game, *result, *origin)?;
                match method {
                    Some(m) => check_method(tournament, *game, *result, *origin, *m),
                    None => Ok(()),
                }
            }
            Act::PlayedAs {
                game,
                restart,
                colours_swapped,
                handicap,
            } => self.check_played_as(*game, *restart, *colours_swapped, *handicap),
            Act::RoundCancelled { round, .. } => check_round(tournament, *round),
            Act::Adjourned { game, resumes } => {
                let rules = &tournament.settings().adjournment;
                if !rules.allowed {
                    return Err(DisciplineError::AdjournmentNotAllowed);
                }
                if !rules.lists(*resumes) {
                    return Err(DisciplineError::ResumptionNotListed(*resumes));
                }
                let now = effective(tournament, self, settings)?.tournament;
                if game.game(&now)?.result != GameResult::Unknown {
                    return Err(DisciplineError::GameOver {
                        round: game.round,
                        board: game.board,
                    });
                }
                Ok(())
            }
            Act::Decision { remedies, .. } => check_remedies(tournament, self, remedies),
            Act::Annulment { entry, .. } => self.check_annulment(*entry),
            Act::Neutralisation { .. }
            | Act::PrematurePasses { .. }
            | Act::IllegalMove { .. }
            | Act::Disturbance { .. }
            | Act::ClockCorrection { .. }
            | Act::Violation { .. }
            | Act::Mediated { .. }
            | Act::CountDisputed { .. } => check_incident(tournament, settings, act),
        }
    }
}

impl Log {
    /// An act is annulled once, and never an annulment, an appeal decision
    /// or what is written on the games themselves.
    fn check_annulment(&self, entry: EntryId) -> Result<(), DisciplineError> {
        let target = self
            .entry(entry)
            .ok_or(DisciplineError::UnknownEntry(entry))?;
        if let Some(by) = annulled(self).get(&entry) {
            return Err(DisciplineError::AlreadyAnnulled { entry, by: *by });
        }
        match target.act {
            Act::Annulment { .. } => Err(DisciplineError::AnnulmentStands(entry)),
            Act::Decision { .. } => Err(DisciplineError::DecisionNotAnnulled(entry)),
            Act::RoundCancelled { .. } | Act::PlayedAs { restart: false, .. } => {
                Err(DisciplineError::WrittenOnTheGames(entry))
            }
            _ => Ok(()),
        }
    }

    /// Whether an entry decides the result of `game`: a correction, an
    /// absence, a game forfeit or an appeal's result.
    pub fn rules_result(&self, game: GameRef) -> bool {
        let void = revoked(self);
        let in_force = self.entries().iter().filter(|e| !void.contains(&e.id));
        in_force.into_iter().any(|e| match &e.act {
            Act::Correction { game: g, .. } | Act::Absence { game: g, .. } => *g == game,
            Act::Sanction(s) => {
                matches!(s.kind, SanctionKind::GameForfeit { game: g, .. } if g == game)
            }
            Act::Decision { remedies, .. } => remedies
                .iter()
                .any(|r| matches!(r, Remedy::SetResult { game: g, .. } if *g == game)),
            _ => false,
        })
    }

    /// A colour or handicap error says what was played, and swaps no
    /// colours under a result already ruled by colour (a correction, a
    /// forfeit, an absence or an appeal's remedy would then name the other
    /// player).
    fn check_played_as(
        &self,
        game: GameRef,
        restart: bool,
        colours_swapped: bool,
        handicap: Option<u8>,
    ) -> Result<(), DisciplineError> {
        let (round, board) = (game.round, game.board);
        if !restart && !colours_swapped && handicap.is_none() {
            return Err(DisciplineError::NothingPlayedOtherwise { round, board });
        }
        if let Some(stones) = handicap.filter(|h| *h > 9) {
            return Err(DisciplineError::HandicapOutOfRange(stones));
        }
        if colours_swapped && !restart && self.rules_result(game) {
            return Err(DisciplineError::ColoursUnderRuling { round, board });
        }
        Ok(())
    }
}

/// The round exists in the tournament.
fn check_round(tournament: &Tournament, round: RoundNo) -> Result<(), DisciplineError> {
    let rounds = tournament.settings().number_of_rounds;
    if round.get() > rounds {
        return Err(DisciplineError::RoundOutOfRange { round, rounds });
    }
    Ok(())
}

/// The player is registered.
pub(super) fn check_player(
    tournament: &Tournament,
    player: PlayerId,
) -> Result<(), DisciplineError> {
    tournament
        .player(player)
        .map(|_| ())
        .ok_or(DisciplineError::UnknownPlayer(player))
}

/// A player cannot leave before a round they played a game in.
pub(super) fn check_withdrawal(
    tournament: &Tournament,
    player: PlayerId,
    from_round: RoundNo,
) -> Result<(), DisciplineError> {
    check_player(tournament, player)?;
    check_round(tournament, from_round)?;
    let played_later = tournament
        .games()
        .iter()
        .find(|g| g.round >= from_round && g.colour_of(player).is_some() && g.was_played());
    match played_later {
        Some(g) => Err(DisciplineError::PlayedAfterWithdrawal {
            player,
            round: g.round,
        }),
        None => Ok(()),
    }
}

/// Remedies name existing games, and revoke only sanctions, absences,
/// corrections or decisions already in the log.
pub(super) fn check_remedies(
    tournament: &Tournament,
    log: &Log,
    remedies: &[Remedy],
) -> Result<(), DisciplineError> {
    for remedy in remedies {
        match remedy {
            Remedy::Revoke(id) => {
                let entry = log.entry(*id).ok_or(DisciplineError::UnknownEntry(*id))?;
                // A higher body may also undo a lower one's decision.
                if !is_appealable(&entry.act) && !matches!(entry.act, Act::Decision { .. }) {
                    return Err(DisciplineError::NotAppealable(*id));
                }
            }
            Remedy::SetResult {
                game,
                result,
                origin,
            } => check_possible(tournament, *game, *result, *origin)?,
        }
    }
    Ok(())
}

/// A result the game can have had, as for one entered by hand
/// ([`Tournament::check_result`]): no played jigo under half-point komi.
fn check_possible(
    tournament: &Tournament,
    game: GameRef,
    result: GameResult,
    origin: ResultOrigin,
) -> Result<(), DisciplineError> {
    let (round, board) = (game.round, game.board);
    match tournament.check_result(round, board, result, origin) {
        Ok(_) => Ok(()),
        Err(crate::core::TournamentError::ImpossibleJigo { .. }) => {
            Err(DisciplineError::ImpossibleJigo { round, board })
        }
        Err(crate::core::TournamentError::TieGoesTo { .. }) => {
            Err(DisciplineError::ImpossibleMethod { round, board })
        }
        Err(_) => Err(DisciplineError::NoSuchGame { round, board }),
    }
}

/// How the game ended fits its result, its komi and the time system
/// (`Tournament::check_method`).
fn check_method(
    tournament: &Tournament,
    game: GameRef,
    result: GameResult,
    origin: ResultOrigin,
    method: Method,
) -> Result<(), DisciplineError> {
    let (round, board) = (game.round, game.board);
    tournament
        .check_method(round, board, result, origin, method)
        .map_err(|_| DisciplineError::ImpossibleMethod { round, board })
}

/// Whether an act is a referee's decision that an appeal can name.
pub(super) fn is_appealable(act: &Act) -> bool {
    matches!(
        act,
        Act::Sanction(_)
            | Act::Absence { .. }
            | Act::Correction { .. }
            | Act::PrematurePasses { .. }
            | Act::IllegalMove { .. }
            | Act::Disturbance { .. }
            | Act::ClockCorrection { .. }
    )
}

impl SanctionKind {
    /// Whether the sanction names registered players, existing games and rounds.
    pub(super) fn check(&self, tournament: &Tournament) -> Result<(), DisciplineError> {
        if let Some(game) = self.game() {
            let g = game.game(tournament)?;
            if let Some(players) = self.players() {
                players.of(g)?;
            }
        }
        match self {
            SanctionKind::RemovalFromTournament { player, from_round } => {
                check_withdrawal(tournament, *player, *from_round)
            }
            SanctionKind::TimeChange { seconds, .. } => super::time_change(i64::from(*seconds)),
            SanctionKind::RatingReduction { points: 0, .. } => {
                Err(DisciplineError::NoRatingReduction)
            }
            SanctionKind::PenaltyPoints { cause, .. } => {
                let possible = match cause {
                    PenaltyCause::IngOvertime { periods } => (1..=3).contains(periods),
                    PenaltyCause::PairGoOrder => true,
                    PenaltyCause::Other { points } => {
                        *points > HalfPoints::ZERO && *points <= HalfPoints::from_points(100)
                    }
                };
                if possible {
                    Ok(())
                } else {
                    Err(DisciplineError::ImpossiblePenalty)
                }
            }
            _ => self
                .player()
                .map_or(Ok(()), |p| check_player(tournament, p)),
        }
    }
}
