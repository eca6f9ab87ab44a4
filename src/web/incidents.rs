//! The incident log in words: one sentence per entry, in the reader's
//! language, for the referee pages, the chief referee's report and a
//! player's view of their appeal.

use super::i18n::Lang;
use crate::core::Tournament;
use crate::core::discipline::{
    Act, Confirmer, DisturbanceRemedy, Entry, GameRef, Level, NeutralisationReason,
    PREMATURE_PASSES_SECONDS, PenaltyCause, Players, Remedy, SanctionKind, Subject,
};
use crate::core::results;
use crate::core::{GameResult, ResultOrigin};
use crate::core::{PlayerId, RoundNo};

/// A player's name, or their number when they are not registered.
pub fn name(t: &Tournament, player: PlayerId) -> String {
    t.player(player)
        .map(|p| p.full_name())
        .unwrap_or_else(|| format!("#{player}"))
}

/// (number, name) of every player, by name: the choices of a form.
pub fn sorted_players(t: &Tournament) -> Vec<(u32, String)> {
    let mut players: Vec<(u32, String)> = t
        .players()
        .iter()
        .map(|p| (p.id.0, p.full_name()))
        .collect();
    players.sort_by(|a, b| a.1.cmp(&b.1));
    players
}

/// The players meant: a name, or both players of the game.
fn who(t: &Tournament, lang: Lang, game: GameRef, players: Players) -> String {
    match players {
        Players::One(p) => name(t, p),
        Players::Both => match t.game_on(game.round, game.board) {
            Some(g) => format!(
                "{} {} {}",
                name(t, g.white),
                lang.t("incident.and"),
                name(t, g.black)
            ),
            None => lang.t("incident.both"),
        },
    }
}

fn board(lang: Lang, game: GameRef) -> String {
    lang.tf(
        "incident.board",
        &[
            ("round", game.round.get().to_string()),
            ("board", game.board.get().to_string()),
        ],
    )
}

fn round(r: RoundNo) -> (&'static str, String) {
    ("round", r.get().to_string())
}

/// What the entry did, in one sentence (reasons included).
pub fn describe(t: &Tournament, lang: Lang, entry: &Entry) -> String {
    match &entry.act {
        Act::StartRound {
            round: r,
            board: None,
        } => lang.tf("incident.start_round", &[round(*r)]),
        Act::RoundCancelled { round: r, reason } => format!(
            "{} — {}",
            lang.tf("incident.round_cancelled", &[round(*r)]),
            reason.as_str()
        ),
        Act::StartRound {
            round: r,
            board: Some(b),
        } => {
            board(
                lang,
                GameRef {
                    round: *r,
                    board: *b,
                },
            ) + ": "
                + &lang.t("incident.start_board")
        }
        Act::Sanction(s) => {
            let what = sanction(t, lang, &s.kind);
            match s.violation {
                Some(v) => format!(
                    "{what} — {} ({})",
                    s.reason.as_str(),
                    lang.tf("incident.for_violation", &[("entry", v.to_string())])
                ),
                None => format!("{what} — {}", s.reason.as_str()),
            }
        }
        Act::Absence { game, players } => format!(
            "{}: {} {}",
            board(lang, *game),
            lang.t("incident.absent"),
            who(t, lang, *game, *players)
        ),
        Act::Withdrawal {
            player,
            from_round,
            note,
        } => {
            let text = lang.tf(
                "incident.withdrawal",
                &[("player", name(t, *player)), round(*from_round)],
            );
            if note.trim().is_empty() {
                text
            } else {
                format!("{text} — {note}")
            }
        }
        Act::Protest { game, player } => format!(
            "{}: {} {}",
            board(lang, *game),
            lang.t("incident.protest"),
            name(t, *player)
        ),
        Act::Confirmation { game, by } => format!(
            "{}: {}",
            board(lang, *game),
            lang.t(match by {
                Confirmer::BothPlayers => "incident.confirmed_by_players",
                Confirmer::Referee => "incident.confirmed_by_referee",
            })
        ),
        Act::PlayedAs {
            game,
            restart,
            colours_swapped,
            handicap,
        } => {
            let mut what = Vec::new();
            if *restart {
                what.push(lang.t("incident.played_as_restart"));
            } else {
                if *colours_swapped {
                    what.push(lang.t("incident.played_as_swapped"));
                }
                if let Some(stones) = handicap {
                    what.push(lang.tf(
                        "incident.played_as_handicap",
                        &[("stones", stones.to_string())],
                    ));
                }
            }
            format!("{}: {}", board(lang, *game), what.join("; "))
        }
        Act::Adjourned { game, resumes } => format!(
            "{}: {}",
            board(lang, *game),
            lang.tf("incident.adjourned", &[("time", resumes.to_string())])
        ),
        Act::Correction {
            game,
            result,
            origin,
            method,
            reason,
        } => format!(
            "{}: {} {} — {}",
            board(lang, *game),
            lang.t("incident.correction"),
            results::method_text(*result, *method)
                .unwrap_or_else(|| results::notation(*result, *origin)),
            reason.as_str()
        ),
        Act::Neutralisation {
            game,
            reason,
            player,
        } => {
            let text = format!(
                "{}: {} — {}",
                board(lang, *game),
                lang.t("incident.neutralised"),
                lang.t(neutralisation_key(*reason))
            );
            match player {
                Some(p) => format!("{text} ({})", name(t, *p)),
                None => text,
            }
        }
        Act::PrematurePasses { game } => format!(
            "{}: {}",
            board(lang, *game),
            lang.tf(
                "incident.premature_passes",
                &[("time", clock_time(PREMATURE_PASSES_SECONDS))]
            )
        ),
        Act::IllegalMove { game, player, time } => {
            let text = format!(
                "{}: {}",
                board(lang, *game),
                lang.tf("incident.illegal_move", &[("player", name(t, *player))])
            );
            match time {
                Some(time) => format!(
                    "{text}; {} {} ({})",
                    lang.t("incident.time_allowed"),
                    who(t, lang, *game, time.players),
                    signed_minutes(time.seconds)
                ),
                None => text,
            }
        }
        Act::Disturbance {
            game,
            remedy,
            justification,
        } => {
            let mut text = format!(
                "{}: {} {}. {}",
                board(lang, *game),
                lang.t("incident.disturbance"),
                remedy.number(),
                lang.t(remedy_key(*remedy))
            );
            if let DisturbanceRemedy::LossToDisturber { player } = remedy {
                text = format!("{text}: {}", name(t, *player));
            }
            match justification {
                Some(why) => format!("{text} — {}", why.as_str()),
                None => text,
            }
        }
        Act::ClockCorrection {
            game,
            player,
            before_seconds,
            after_seconds,
            reason,
        } => format!(
            "{}: {} — {}",
            board(lang, *game),
            lang.tf(
                "incident.clock_correction",
                &[
                    ("player", name(t, *player)),
                    ("before", clock_time(*before_seconds)),
                    ("after", clock_time(*after_seconds)),
                ]
            ),
            reason.as_str()
        ),
        Act::Violation {
            game,
            players,
            what,
        } => format!(
            "{}: {} {} — {}",
            board(lang, *game),
            lang.t("incident.violation"),
            who(t, lang, *game, *players),
            what.as_str()
        ),
        Act::CountDisputed { game, dispute } => format!(
            "{}: {} — {}",
            board(lang, *game),
            lang.t("incident.count_disputed"),
            dispute.as_str()
        ),
        Act::Mediated { game, note } => format!(
            "{}: {} — {}",
            board(lang, *game),
            lang.t("incident.mediated"),
            note.as_str()
        ),
        Act::Annulment { entry, reason } => lang.tf(
            "incident.annulment",
            &[
                ("entry", entry.to_string()),
                ("reason", reason.as_str().to_string()),
            ],
        ),
        Act::Decision {
            appeal,
            level,
            remedies,
        } => {
            let body = lang.t(match level {
                Level::Committee => "incident.decision_committee",
                Level::Federation => "incident.decision_federation",
            });
            let remedies: Vec<String> = remedies.iter().map(|r| remedy(lang, r)).collect();
            format!("{body} {appeal}: {}", remedies.join("; "))
        }
    }
}

/// A clock's time as it reads: `1:00`, `45:00`, `1:30:00`.
pub fn clock_time(seconds: u32) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// Seconds added to a clock as minutes and seconds with their sign: `+2:00`, `−0:30`.
fn signed_minutes(seconds: i32) -> String {
    let sign = if seconds < 0 { '−' } else { '+' };
    format!("{sign}{}", clock_time(seconds.unsigned_abs()))
}

/// The words of one of the GTR's twelve circumstances for a neutralised clock.
pub fn neutralisation_key(reason: NeutralisationReason) -> &'static str {
    match reason {
        NeutralisationReason::StatusAssessment => "neutralisation.status_assessment",
        NeutralisationReason::Counting => "neutralisation.counting",
        NeutralisationReason::OvertimeReset => "neutralisation.overtime_reset",
        NeutralisationReason::Toilet => "neutralisation.toilet",
        NeutralisationReason::RemovingStones => "neutralisation.removing_stones",
        NeutralisationReason::ClockMalfunction => "neutralisation.clock_malfunction",
        NeutralisationReason::Adjournment => "neutralisation.adjournment",
        NeutralisationReason::FetchSealingForm => "neutralisation.fetch_sealing_form",
        NeutralisationReason::CompleteSealingForm => "neutralisation.complete_sealing_form",
        NeutralisationReason::CallReferee => "neutralisation.call_referee",
        NeutralisationReason::Arbitration => "neutralisation.arbitration",
        NeutralisationReason::Announcement => "neutralisation.announcement",
    }
}

/// The GTR's five procedures for a disturbed position, by number, with their words.
pub const REMEDIES: [(u8, &str); 5] = [
    (1, "disturbance.correct"),
    (2, "disturbance.continue"),
    (3, "disturbance.unwind"),
    (4, "disturbance.loss"),
    (5, "disturbance.restart"),
];

/// The words of a procedure for a disturbed position.
fn remedy_key(remedy: DisturbanceRemedy) -> &'static str {
    let number = usize::from(remedy.number());
    REMEDIES[number.clamp(1, REMEDIES.len()) - 1].1
}

/// What a decision changes, in words.
pub fn remedy(lang: Lang, remedy: &Remedy) -> String {
    match remedy {
        Remedy::Revoke(id) => lang.tf("incident.revokes", &[("entry", id.to_string())]),
        Remedy::SetResult {
            game,
            result,
            origin,
        } => format!(
            "{}: {}",
            board(lang, *game),
            results::notation(*result, *origin)
        ),
    }
}

fn sanction(t: &Tournament, lang: Lang, kind: &SanctionKind) -> String {
    let on = |game: &GameRef| board(lang, *game);
    match kind {
        SanctionKind::Remark { subject, game } => {
            let whom = match subject {
                Subject::Player(p) => name(t, *p),
                Subject::Spectator(s) => s.clone(),
            };
            let text = format!("{} {whom}", lang.t("sanction.remark"));
            match game {
                Some(g) => format!("{}: {text}", on(g)),
                None => text,
            }
        }
        SanctionKind::Warning { game, players } => format!(
            "{}: {} {}",
            on(game),
            lang.t("sanction.warning"),
            who(t, lang, *game, *players)
        ),
        SanctionKind::PenaltyPoints {
            game,
            player,
            cause,
        } => {
            let cause = match cause {
                PenaltyCause::IngOvertime { periods } => {
                    lang.tf("penalty.ing", &[("periods", periods.to_string())])
                }
                PenaltyCause::PairGoOrder => lang.t("penalty.pair_go"),
                PenaltyCause::Other { points } => {
                    lang.tf("penalty.other", &[("points", points.to_string())])
                }
            };
            format!(
                "{}: {} {} ({cause})",
                on(game),
                lang.t("sanction.penalty"),
                name(t, *player)
            )
        }
        SanctionKind::GameForfeit { game, players } => format!(
            "{}: {} {}",
            on(game),
            lang.t("sanction.forfeit"),
            who(t, lang, *game, *players)
        ),
        SanctionKind::TimeChange {
            game,
            players,
            seconds,
        } => format!(
            "{}: {} {} ({:+} min)",
            on(game),
            lang.t("sanction.time"),
            who(t, lang, *game, *players),
            seconds / 60
        ),
        SanctionKind::RemovalFromRound { player, round: r } => lang.tf(
            "sanction.removal_round_text",
            &[("player", name(t, *player)), round(*r)],
        ),
        SanctionKind::RemovalFromTournament { player, from_round } => lang.tf(
            "sanction.removal_tournament_text",
            &[("player", name(t, *player)), round(*from_round)],
        ),
        SanctionKind::SupergroupBan { player, scope, .. } => lang.tf(
            "sanction.supergroup_ban_text",
            &[("player", name(t, *player)), ("scope", scope.clone())],
        ),
        SanctionKind::RatingReduction { player, points } => lang.tf(
            "sanction.rating_reduction_text",
            &[("player", name(t, *player)), ("points", points.to_string())],
        ),
    }
}

/// Why a result was not played out, as a translation key ("" when it was).
pub fn note_key(result: GameResult, origin: ResultOrigin) -> &'static str {
    match (result, origin) {
        (GameResult::Unknown, _) | (_, ResultOrigin::Played) => "",
        (_, ResultOrigin::ByDefault) => "result.by_default",
        (_, ResultOrigin::RefereeDecision) => "result.referee_decision",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// GTR "Clock neutralisation": the referee's pick-list names each of the
    /// twelve circumstances in the reader's language, none twice.
    #[test]
    fn every_neutralisation_circumstance_has_its_own_words_in_each_language() {
        for lang in Lang::ALL {
            let words: HashSet<String> = NeutralisationReason::ALL
                .iter()
                .map(|r| {
                    let (key, text) = (neutralisation_key(*r), lang.t(neutralisation_key(*r)));
                    assert_ne!(text, key, "{lang:?}: a key shown as its text");
                    text
                })
                .collect();
            assert_eq!(words.len(), 12, "{lang:?}: {words:?}");
        }
        let toilet = |lang: Lang| lang.t(neutralisation_key(NeutralisationReason::Toilet));
        assert!(toilet(Lang::Ru).contains("туалет"), "{}", toilet(Lang::Ru));
        assert!(toilet(Lang::Uk).contains("туалет"), "{}", toilet(Lang::Uk));
    }

    #[test]
    fn clock_times_read_as_on_a_clock() {
        assert_eq!(clock_time(60), "1:00");
        assert_eq!(clock_time(899), "14:59");
        assert_eq!(clock_time(5400), "1:30:00");
        assert_eq!(signed_minutes(-30), "−0:30");
        assert_eq!(signed_minutes(120), "+2:00");
    }
}
