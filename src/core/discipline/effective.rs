//! The effective tournament: the tournament as entered, with the log applied.
//!
//! Invariant: results that express sanctions exist only here, derived from
//! the log, so the same log always gives the same tournament, applying it
//! twice changes nothing, and unrelated entries commute. Precedence, last
//! wins: entered result → corrections → forfeits (a disturber's loss among
//! them) → appeal decisions → withdrawals.

use super::DisciplineError;
use super::incident::DisturbanceRemedy;
use super::log::{Act, EntryId, GameRef, Log, Remedy};
use super::sanction::SanctionKind;
use super::settings::DisciplineSettings;
use super::withdrawal::{Withdrawn, withdraw};
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::round::{GameResult, ResultOrigin};
use crate::core::tournament::Tournament;
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// The tournament with every sanction, forfeit and decision of the log applied.
#[derive(Debug, Clone, PartialEq)]
pub struct Effective {
    /// Results as they stand: pairing, the pairings page and rating read this.
    pub tournament: Tournament,
    /// Players who left, with how their games count.
    pub withdrawals: Vec<Withdrawn>,
}

/// Who lost a game by forfeit, and whether any loss was a sanction.
#[derive(Default)]
struct Forfeits {
    players: BTreeSet<PlayerId>,
    by_sanction: bool,
}

/// Applies `log` to `base`, the tournament as entered.
pub fn effective(
    base: &Tournament,
    log: &Log,
    settings: &DisciplineSettings,
) -> Result<Effective, DisciplineError> {
    let revoked = revoked(log);
    let active: Vec<_> = log
        .entries()
        .iter()
        .filter(|e| !revoked.contains(&e.id))
        .collect();
    let mut t = base.clone();
    for e in &active {
        if let Act::Correction {
            game,
            result,
            origin,
            method,
            ..
        } = &e.act
        {
            set(&mut t, *game, *result, *origin)?;
            if method.is_some() {
                t.set_method(game.round, game.board, *method).map_err(|_| {
                    DisciplineError::NoSuchGame {
                        round: game.round,
                        board: game.board,
                    }
                })?;
            }
        }
    }
    let mut forfeits: BTreeMap<GameRef, Forfeits> = BTreeMap::new();
    let mut warnings: BTreeMap<(GameRef, PlayerId), u32> = BTreeMap::new();
    let mut lose = |game: GameRef, players: Vec<PlayerId>, by_sanction: bool| {
        let f = forfeits.entry(game).or_default();
        f.players.extend(players);
        f.by_sanction |= by_sanction;
    };
    for e in &active {
        match &e.act {
            Act::Absence { game, players } => lose(*game, players.of(game.game(&t)?)?, false),
            Act::Sanction(s) => match &s.kind {
                // GTR "Sanctions > Game Forfeit", RFG 21(S).2 в: one or both lose.
                SanctionKind::GameForfeit { game, players } => {
                    lose(*game, players.of(game.game(&t)?)?, true)
                }
                SanctionKind::Warning { game, players } => {
                    for p in players.of(game.game(&t)?)? {
                        *warnings.entry((*game, p)).or_default() += 1;
                    }
                }
                SanctionKind::RemovalFromRound { player, round } => {
                    t.set_participation(*player, *round, false)
                        .map_err(|_| DisciplineError::UnknownPlayer(*player))?;
                    if let Some(g) = game_of(&t, *player, *round) {
                        lose(g, vec![*player], false);
                    }
                }
                // Withdrawals come last; the rest is for the report and the federation.
                SanctionKind::RemovalFromTournament { .. }
                | SanctionKind::Remark { .. }
                | SanctionKind::PenaltyPoints { .. }
                | SanctionKind::TimeChange { .. }
                | SanctionKind::SupergroupBan { .. }
                | SanctionKind::RatingReduction { .. } => {}
            },
            // GTR "Position disturbance", remedy 4: a loss for the disturber.
            Act::Disturbance {
                game,
                remedy: DisturbanceRemedy::LossToDisturber { player },
                ..
            } => lose(*game, vec![*player], true),
            // Corrections and decisions have their own steps; the rest change no result.
            Act::StartRound { .. }
            | Act::Neutralisation { .. }
            | Act::PrematurePasses { .. }
            | Act::IllegalMove { .. }
            | Act::Disturbance { .. }
            | Act::ClockCorrection { .. }
            | Act::Violation { .. }
            | Act::Mediated { .. }
            | Act::CountDisputed { .. }
            | Act::Withdrawal { .. }
            | Act::Protest { .. }
            | Act::Confirmation { .. }
            | Act::Correction { .. }
            | Act::Decision { .. } => {}
            // What was played is written on the game itself when recorded
            // (`command::discipline`): the results page, the pairing and the
            // exports all read the game; a cancelled round's games are gone.
            Act::PlayedAs { .. } | Act::RoundCancelled { .. } => {}
            // An adjourned game has no result until one is entered: the
            // standings count it as not yet played (`discipline::adjourned`).
            Act::Adjourned { .. } => {}
        }
    }
    // GTR "Sanctions > Warning", RFG 21(S).2 б, Ukrainian IV.4 3): counted per player and game.
    for ((game, player), count) in warnings {
        if count >= settings.warnings_to_forfeit {
            lose(game, vec![player], true);
        }
    }
    for (game, f) in forfeits {
        let g = game.game(&t)?;
        let result = match (f.players.contains(&g.white), f.players.contains(&g.black)) {
            (true, true) => GameResult::BothLose,
            (true, false) => GameResult::BlackWins,
            (false, true) => GameResult::WhiteWins,
            (false, false) => continue,
        };
        let origin = if f.by_sanction {
            ResultOrigin::RefereeDecision
        } else {
            ResultOrigin::ByDefault
        };
        set(&mut t, game, result, origin)?;
    }
    for e in &active {
        if let Act::Decision { remedies, .. } = &e.act {
            for remedy in remedies {
                if let Remedy::SetResult {
                    game,
                    result,
                    origin,
                } = remedy
                {
                    set(&mut t, *game, *result, *origin)?;
                }
            }
        }
    }
    let mut leaving: BTreeMap<PlayerId, (RoundNo, EntryId)> = BTreeMap::new();
    for e in &active {
        let left = match &e.act {
            Act::Withdrawal {
                player, from_round, ..
            } => Some((*player, *from_round)),
            Act::Sanction(s) => match s.kind {
                SanctionKind::RemovalFromTournament { player, from_round } => {
                    Some((player, from_round))
                }
                _ => None,
            },
            _ => None,
        };
        if let Some((player, from)) = left {
            let earliest = leaving.entry(player).or_insert((from, e.id));
            if from < earliest.0 {
                *earliest = (from, e.id);
            }
        }
    }
    let withdrawals = withdraw(&mut t, &leaving, settings)?;
    Ok(Effective {
        tournament: t,
        withdrawals,
    })
}

/// Entries revoked by a decision that is itself in force; decisions only
/// revoke earlier entries, so one pass from the newest settles it.
pub fn revoked(log: &Log) -> HashSet<EntryId> {
    let mut revoked = HashSet::new();
    for e in log.entries().iter().rev() {
        if revoked.contains(&e.id) {
            continue;
        }
        if let Act::Decision { remedies, .. } = &e.act {
            revoked.extend(remedies.iter().filter_map(|r| match r {
                Remedy::Revoke(id) => Some(*id),
                Remedy::SetResult { .. } => None,
            }));
        }
    }
    revoked
}

/// The game `player` has in `round`, if paired.
fn game_of(t: &Tournament, player: PlayerId, round: RoundNo) -> Option<GameRef> {
    t.games()
        .iter()
        .find(|g| g.round == round && g.colour_of(player).is_some())
        .map(|g| GameRef {
            round: g.round,
            board: g.board,
        })
}

/// Sets a result, naming the game in the error if it is gone.
pub(super) fn set(
    t: &mut Tournament,
    game: GameRef,
    result: GameResult,
    origin: ResultOrigin,
) -> Result<(), DisciplineError> {
    t.set_result(game.round, game.board, result, origin)
        .map(|_| ())
        .map_err(|_| DisciplineError::NoSuchGame {
            round: game.round,
            board: game.board,
        })
}
