//! What each act of the log did, for the pages to say where the act is
//! shown (issue 28: "each act says its effect"): the results it changed
//! when it was logged, the acts it superseded, and why an act no longer
//! counts (revoked on appeal, annulled, superseded).
//!
//! Invariant: an act's effect is read off the effective tournament just
//! before and just after it, so it says exactly what `effective()` did.

use super::DisciplineError;
use super::board::{ResultChange, result_changes};
use super::effective::{Effective, annulled, effective, revoked, revoked_on_appeal};
use super::log::{Act, Entry, EntryId, Log, Players};
use super::sanction::SanctionKind;
use super::settings::DisciplineSettings;
use crate::core::tournament::Tournament;
use serde::Serialize;
use std::collections::BTreeMap;

/// Why an act no longer counts, or no longer decides its game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Struck {
    /// An appeal decision took its effect away.
    Revoked,
    /// This annulment took it back.
    Annulled(EntryId),
    /// This later act decided its game instead.
    Superseded(EntryId),
}

/// What one act did to the results when it was logged.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Effect {
    /// Results it changed, before and after.
    pub changes: Vec<ResultChange>,
    /// Acts whose result it replaced.
    pub superseding: Vec<EntryId>,
    /// For a warning that lost the game: the player's warnings in it so far.
    pub warnings: Option<u32>,
}

/// Each act struck through, and why.
pub fn struck(log: &Log, effective: &Effective) -> BTreeMap<EntryId, Struck> {
    let mut struck: BTreeMap<EntryId, Struck> = effective
        .superseded
        .iter()
        .map(|(e, by)| (*e, Struck::Superseded(*by)))
        .collect();
    struck.extend(
        revoked_on_appeal(log)
            .into_iter()
            .map(|e| (e, Struck::Revoked)),
    );
    struck.extend(
        annulled(log)
            .into_iter()
            .map(|(e, by)| (e, Struck::Annulled(by))),
    );
    struck
}

/// Whether the act can change a result, so its effect is worth working out.
fn may_decide(act: &Act) -> bool {
    match act {
        Act::Sanction(s) => matches!(
            s.kind,
            SanctionKind::Warning { .. }
                | SanctionKind::GameForfeit { .. }
                | SanctionKind::RemovalFromRound { .. }
        ),
        Act::Absence { .. }
        | Act::Correction { .. }
        | Act::Disturbance { .. }
        | Act::Annulment { .. }
        | Act::Decision { .. } => true,
        _ => false,
    }
}

/// The effect of each `wanted` act that changed a result, by entry. Each
/// costs two readings of the log (before and after it), so a page asks
/// only for the acts it shows: the notice after an act for that act, a
/// player's page for the acts on their games.
pub fn effects(
    base: &Tournament,
    log: &Log,
    settings: &DisciplineSettings,
    wanted: impl Fn(&Entry) -> bool,
) -> Result<BTreeMap<EntryId, Effect>, DisciplineError> {
    let entries = log.entries();
    // The last reading is kept: consecutive acts share one.
    let mut last: Option<(usize, Effective)> = None;
    let mut at = |n: usize| -> Result<Effective, DisciplineError> {
        if let Some((at, e)) = &last
            && *at == n
        {
            return Ok(e.clone());
        }
        let e = effective(base, &Log::from_entries(entries[..n].to_vec()), settings)?;
        last = Some((n, e.clone()));
        Ok(e)
    };
    let mut out = BTreeMap::new();
    for (i, entry) in entries.iter().enumerate() {
        if !may_decide(&entry.act) || !wanted(entry) {
            continue;
        }
        let (before, after) = (at(i)?, at(i + 1)?);
        let changes = result_changes(&before.tournament, &after.tournament);
        let superseding: Vec<EntryId> = after
            .superseded
            .iter()
            .filter(|(e, by)| **by == entry.id && !before.superseded.contains_key(e))
            .map(|(e, _)| *e)
            .collect();
        if changes.is_empty() && superseding.is_empty() {
            continue;
        }
        let warnings = warnings_so_far(&entries[..=i], entry, &before.tournament);
        out.insert(
            entry.id,
            Effect {
                changes,
                superseding,
                warnings,
            },
        );
    }
    Ok(out)
}

/// For a warning, how many warnings in force its player (the first named)
/// had in that game once it was given.
fn warnings_so_far(prefix: &[Entry], entry: &Entry, t: &Tournament) -> Option<u32> {
    let Act::Sanction(s) = &entry.act else {
        return None;
    };
    let SanctionKind::Warning { game, players } = &s.kind else {
        return None;
    };
    let g = game.game(t).ok()?;
    let player = *players.of(g).ok()?.first()?;
    let void = revoked(&Log::from_entries(prefix.to_vec()));
    let count = prefix
        .iter()
        .filter(|e| !void.contains(&e.id))
        .filter(|e| match &e.act {
            Act::Sanction(s) => matches!(
                &s.kind,
                SanctionKind::Warning { game: w, players: p }
                    if w == game && (*p == Players::Both || *p == Players::One(player))
            ),
            _ => false,
        })
        .count();
    Some(count as u32)
}
