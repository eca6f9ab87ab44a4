//! What each act of the log did, in words, where the act is shown: the
//! notice after the tap, the log line, the referee's report and the
//! player's page (issue 28). Struck-through acts say who took them back
//! and why.

use super::i18n::Lang;
use super::incidents::{describe, name};
use crate::core::Tournament;
use crate::core::discipline::{Act, Effect, Entry, EntryId, Log, Struck};
use crate::core::results;
use crate::core::{GameResult, ResultOrigin};

/// An entry as "entry 3 «Round 1, board 2: …»".
fn quoted(t: &Tournament, lang: Lang, log: &Log, id: EntryId) -> String {
    let words = log
        .entry(id)
        .map(|e| describe(t, lang, e))
        .unwrap_or_default();
    format!(
        "{} «{words}»",
        lang.tf("effect.entry", &[("entry", id.to_string())])
    )
}

/// What the result became, in words: who lost, or the result itself.
fn game_result_words(
    t: &Tournament,
    lang: Lang,
    entry: &Entry,
    game: crate::core::discipline::GameRef,
    after: (GameResult, ResultOrigin),
) -> String {
    let (white, black) = match t.game_on(game.round, game.board) {
        Some(g) => (name(t, g.white), name(t, g.black)),
        None => (String::new(), String::new()),
    };
    let by_log = after.1 != ResultOrigin::Played;
    match (&entry.act, after.0) {
        (Act::Correction { .. }, _) => lang.tf(
            "effect.corrected",
            &[("result", results::notation(after.0, after.1))],
        ),
        (_, GameResult::Unknown) => lang.t("effect.no_result"),
        (Act::Annulment { .. } | Act::Decision { .. }, _) | (_, GameResult::Jigo) => lang.tf(
            "effect.result_now",
            &[("result", results::notation(after.0, after.1))],
        ),
        (_, GameResult::WhiteWins) if by_log => {
            lang.tf("effect.lost_by_black", &[("player", black)])
        }
        (_, GameResult::BlackWins) if by_log => {
            lang.tf("effect.lost_by_white", &[("player", white)])
        }
        (_, GameResult::BothLose) => lang.t("effect.lost_by_both"),
        _ => lang.tf(
            "effect.result_now",
            &[("result", results::notation(after.0, after.1))],
        ),
    }
}

/// The effect of `entry` when it was logged, in one phrase: "second
/// warning — the game is lost by Black (Ivanov)", "result corrected to
/// 1-0!, superseding entry 3 «…»". Empty when it changed no result.
pub fn effect_words(
    t: &Tournament,
    lang: Lang,
    log: &Log,
    entry: &Entry,
    effect: &Effect,
) -> String {
    let mut parts: Vec<String> = Vec::new();
    if let Act::Annulment { entry: target, .. } = &entry.act {
        parts.push(lang.tf("effect.annuls", &[("entry", quoted(t, lang, log, *target))]));
    }
    let (warning, mut last) = outcome(t, lang, entry, effect);
    parts.extend(warning);
    if !effect.superseding.is_empty() {
        let earlier: Vec<String> = effect
            .superseding
            .iter()
            .map(|id| quoted(t, lang, log, *id))
            .collect();
        let superseding = lang.tf("effect.superseding", &[("acts", earlier.join(", "))]);
        last = if last.is_empty() {
            superseding
        } else {
            format!("{last}, {superseding}")
        };
    }
    if !last.is_empty() {
        parts.push(last);
    }
    parts.join(" — ")
}

/// What an act did to the game alone, without the acts it names or their
/// reasons: for the public pages, where a sanction's grounds stay out.
pub fn result_words(t: &Tournament, lang: Lang, entry: &Entry, effect: &Effect) -> String {
    let (warning, changes) = outcome(t, lang, entry, effect);
    warning
        .into_iter()
        .chain((!changes.is_empty()).then_some(changes))
        .collect::<Vec<_>>()
        .join(" — ")
}

/// The warning count an act reached, and the results it changed, in words.
fn outcome(t: &Tournament, lang: Lang, entry: &Entry, effect: &Effect) -> (Option<String>, String) {
    let warning = effect.warnings.map(|count| match count {
        2 => lang.t("effect.second_warning"),
        n => lang.tf("effect.nth_warning", &[("count", n.to_string())]),
    });
    let changes: Vec<String> = effect
        .changes
        .iter()
        .map(|c| game_result_words(t, lang, entry, c.game, c.after))
        .collect();
    (warning, changes.join("; "))
}

/// Why a struck-through act no longer counts: revoked on appeal, annulled
/// (by whom and why), or superseded by a later act on its game.
pub fn struck_words(lang: Lang, log: &Log, struck: Struck) -> String {
    match struck {
        Struck::Revoked => lang.t("referee.revoked"),
        Struck::Annulled(by) => {
            // The annulment is in the log by construction (`core::discipline::annulled`).
            let (official, reason) = match log.entry(by) {
                Some(Entry {
                    by: official,
                    act: Act::Annulment { reason, .. },
                    ..
                }) => (official.as_str(), reason.as_str()),
                _ => ("", ""),
            };
            lang.tf(
                "effect.annulled_by",
                &[
                    ("entry", by.to_string()),
                    ("official", official.to_string()),
                    ("reason", reason.to_string()),
                ],
            )
        }
        Struck::Superseded(by) => lang.tf("effect.superseded_by", &[("entry", by.to_string())]),
    }
}

/// A report incident's effect and, when struck through, why: the log
/// page, the report and the player's page show both beside the act.
pub fn incident_words(
    t: &Tournament,
    lang: Lang,
    log: &Log,
    incident: &crate::core::discipline::Incident,
) -> (String, Option<String>) {
    let effect = incident
        .effect
        .as_ref()
        .map(|e| effect_words(t, lang, log, &incident.entry, e))
        .unwrap_or_default();
    (effect, incident.struck.map(|s| struck_words(lang, log, s)))
}
