//! The effective tournament: the tournament as entered, with the log applied.
//!
//! Invariant: results that express sanctions exist only here, derived from
//! the log, so the same log always gives the same tournament, applying it
//! twice changes nothing, and unrelated entries commute. Precedence: the
//! entered result, then the log's acts on each game in log order (a
//! correction supersedes every earlier forfeit, absence or correction of
//! its game, and a later forfeit or absence supersedes it in turn), then
//! appeal decisions, then withdrawals. Annulled and revoked acts count for
//! nothing.

use super::DisciplineError;
use super::incident::DisturbanceRemedy;
use super::log::{Act, EntryId, GameRef, Log, Remedy};
use super::sanction::SanctionKind;
use super::settings::DisciplineSettings;
use super::withdrawal::{Withdrawn, withdraw};
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::round::{Game, GameResult, ResultOrigin};
use crate::core::tournament::Tournament;
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// The tournament with every sanction, forfeit and decision of the log applied.
#[derive(Debug, Clone, PartialEq)]
pub struct Effective {
    /// Results as they stand: pairing, the pairings page and rating read this.
    pub tournament: Tournament,
    /// Players who left, with how their games count.
    pub withdrawals: Vec<Withdrawn>,
    /// Acts whose result a later act of the log on the same game replaced,
    /// with the entry that did.
    pub superseded: BTreeMap<EntryId, EntryId>,
}

/// Who lost a game by forfeit, whether any loss was a sanction, and the
/// entries that decided the game so far, each with the players it made lose
/// (a later correction supersedes those it contradicts).
#[derive(Default)]
struct Forfeits {
    players: BTreeSet<PlayerId>,
    by_sanction: bool,
    deciding: Vec<(EntryId, Vec<PlayerId>)>,
}

/// What the log decided on each game so far, in log order.
#[derive(Default)]
struct Decided {
    forfeits: BTreeMap<GameRef, Forfeits>,
    corrected: BTreeMap<GameRef, EntryId>,
    superseded: BTreeMap<EntryId, EntryId>,
}

impl Decided {
    /// `players` lose `game` by entry `id`, over any earlier correction.
    fn lose(&mut self, game: GameRef, players: Vec<PlayerId>, by_sanction: bool, id: EntryId) {
        if let Some(c) = self.corrected.remove(&game) {
            self.superseded.insert(c, id);
        }
        let f = self.forfeits.entry(game).or_default();
        f.players.extend(players.iter().copied());
        f.by_sanction |= by_sanction;
        f.deciding.push((id, players));
    }

    /// The referee is the first of the three levels of judgement (GTR
    /// "Arbitration", RFG 26.1 а) and the chief referee keeps each round's
    /// record (RFG 26.2.1 с): a correction replaces whatever the log decided
    /// on the game before it, forfeits and absences included, and nothing
    /// decided after it; only an appeal decision stands over both. An
    /// earlier act the correction agrees with (Black's absence, when the
    /// correction gives White the game by default) is not overturned: it
    /// stays in force in the log and the report, and only the slips the
    /// correction contradicts are superseded.
    fn correct(&mut self, game: GameRef, id: EntryId, corrected: &Game) {
        if let Some(f) = self.forfeits.remove(&game) {
            let contradicted = f
                .deciding
                .into_iter()
                .filter(|(_, players)| !players.iter().all(|p| loses(corrected, *p)))
                .map(|(earlier, _)| (earlier, id));
            self.superseded.extend(contradicted);
        }
        if let Some(earlier) = self.corrected.insert(game, id) {
            self.superseded.insert(earlier, id);
        }
    }
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
    let mut warnings: BTreeMap<(GameRef, PlayerId), u32> = BTreeMap::new();
    let mut decided = Decided::default();
    for e in &active {
        match &e.act {
            Act::Correction {
                game,
                result,
                origin,
                method,
                ..
            } => {
                set(&mut t, *game, *result, *origin)?;
                if method.is_some() {
                    t.set_method(game.round, game.board, *method).map_err(|_| {
                        DisciplineError::NoSuchGame {
                            round: game.round,
                            board: game.board,
                        }
                    })?;
                }
                decided.correct(*game, e.id, game.game(&t)?);
            }
            Act::Absence { game, players } => {
                let players = players.of(game.game(&t)?)?;
                decided.lose(*game, players, false, e.id)
            }
            Act::Sanction(s) => match &s.kind {
                // GTR "Sanctions > Game Forfeit", RFG 21(S).2 в: one or both lose.
                SanctionKind::GameForfeit { game, players } => {
                    let players = players.of(game.game(&t)?)?;
                    decided.lose(*game, players, true, e.id)
                }
                // GTR "Sanctions > Warning", RFG 21(S).2 б, Ukrainian IV.4 3):
                // counted per player and game; the one that reaches the
                // number loses the game from then.
                SanctionKind::Warning { game, players } => {
                    let mut losers = Vec::new();
                    for p in players.of(game.game(&t)?)? {
                        let count = warnings.entry((*game, p)).or_default();
                        *count += 1;
                        if *count >= settings.warnings_to_forfeit {
                            losers.push(p);
                        }
                    }
                    if !losers.is_empty() {
                        decided.lose(*game, losers, true, e.id)
                    }
                }
                SanctionKind::RemovalFromRound { player, round } => {
                    t.set_participation(*player, *round, false)
                        .map_err(|_| DisciplineError::UnknownPlayer(*player))?;
                    if let Some(g) = game_of(&t, *player, *round) {
                        decided.lose(g, vec![*player], false, e.id);
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
            } => decided.lose(*game, vec![*player], true, e.id),
            // Decisions have their own step; the rest change no result.
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
            | Act::Decision { .. } => {}
            // What an annulment takes away is left out of `active` above.
            Act::Annulment { .. } => {}
            // What was played is written on the game itself when recorded
            // (`command::discipline`): the results page, the pairing and the
            // exports all read the game; a cancelled round's games are gone.
            Act::PlayedAs { .. } | Act::RoundCancelled { .. } => {}
            // An adjourned game has no result until one is entered: the
            // standings count it as not yet played (`discipline::adjourned`).
            Act::Adjourned { .. } => {}
        }
    }
    for (game, f) in decided.forfeits {
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
        superseded: decided.superseded,
    })
}

/// Entries without any effect: revoked on appeal or annulled.
pub fn revoked(log: &Log) -> HashSet<EntryId> {
    let mut revoked = revoked_on_appeal(log);
    revoked.extend(annulled(log).into_keys());
    revoked
}

/// Entries annulled, with the annulment that did it. An annulment is never
/// annulled nor appealed (`Log::check`), so each one in the log holds.
pub fn annulled(log: &Log) -> BTreeMap<EntryId, EntryId> {
    log.entries()
        .iter()
        .filter_map(|e| match &e.act {
            Act::Annulment { entry, .. } => Some((*entry, e.id)),
            _ => None,
        })
        .collect()
}

/// Entries revoked by a decision that is itself in force; decisions only
/// revoke earlier entries, so one pass from the newest settles it.
pub fn revoked_on_appeal(log: &Log) -> HashSet<EntryId> {
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

/// Whether `player` loses `game` as it now stands, without playing it: an
/// absence or a forfeit of theirs is what such a result says happened.
fn loses(game: &Game, player: PlayerId) -> bool {
    let lost = match game.result {
        GameResult::BlackWins => game.white == player,
        GameResult::WhiteWins => game.black == player,
        GameResult::BothLose => game.colour_of(player).is_some(),
        GameResult::Jigo | GameResult::BothWin | GameResult::Unknown => false,
    };
    lost && game.origin != ResultOrigin::Played
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
