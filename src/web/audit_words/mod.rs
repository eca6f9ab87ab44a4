//! The audit log in words: what each recorded action did, in the reader's
//! language, with the fields it changed as before → after. The log stores
//! JSON written by many handlers (`action` names them); this module is the
//! one place that reads it back, and an action it does not know still reads
//! as its name and the fields that changed, never as a JSON dump.

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::i18n::Lang;
use super::incidents;
use crate::core::discipline::{Appeal, AppealState, Entry, GameRef, Outcome};
use crate::core::results;
use crate::core::{
    BoardNo, Game, GameResult, Gender, HalfPoints, Player, Registration, ResultOrigin, RoundNo,
    Tournament,
};
use diff::field_diff;
use labels::setting_label;

/// One entry in words.
#[derive(Debug, PartialEq, Eq)]
pub struct AuditWords {
    /// What was done, as a sentence.
    pub what: String,
    /// The fields that changed, before → after.
    pub changes: Vec<FieldChange>,
}

/// A changed field: its label and both values, "" when absent.
#[derive(Debug, PartialEq, Eq)]
pub struct FieldChange {
    pub field: String,
    pub before: String,
    pub after: String,
}

/// Who did it: the account's display name, or the person acting without one.
pub fn who(lang: Lang, action: &str, account: Option<&str>) -> String {
    match account {
        Some(name) => name.to_string(),
        // Self-registration is the one change a visitor makes; every other
        // change without an account comes through a player's private link.
        None if action == "player.self_register" => lang.t("audit.by_registration"),
        None => lang.t("audit.by_private_link"),
    }
}

/// What an entry did; `t` is the tournament as it is now, for names.
pub fn describe(
    t: &Tournament,
    lang: Lang,
    action: &str,
    before: Option<&Value>,
    after: Option<&Value>,
) -> AuditWords {
    // Round-scoped actions carry their round after a colon: `round.lock:2`.
    let (name, arg) = action.split_once(':').unwrap_or((action, ""));
    let n = |key: &str, value: String| lang.tf(key, &[("n", value)]);
    let plain = |what: String| AuditWords {
        what,
        changes: Vec::new(),
    };
    let player = |v: Option<&Value>| read::<Player>(v);
    match name {
        "tournament.create" => plain(lang.t("audit.tournament_create")),
        "tournament.final_stage" => plain(lang.t("audit.tournament_final_stage")),
        "standings.verify" => plain(lang.t("audit.standings_verify")),
        "winners.declare" => plain(lang.t("audit.winners_declare")),
        "results.submit_egf" => plain(lang.t("audit.results_submit_egf")),
        "round.schedule" => {
            let start = after.and_then(Value::as_str).unwrap_or("—").to_string();
            plain(lang.tf(
                "audit.round_schedule",
                &[("n", arg.to_string()), ("start", start)],
            ))
        }
        "team.add" | "team.edit" | "team.delete" | "team.line_up" => {
            let team = after
                .or(before)
                .and_then(|v| v.get("name").or(v.get("team")))
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string();
            let key = match name {
                "team.add" => "audit.team_add",
                "team.edit" => "audit.team_edit",
                "team.delete" => "audit.team_delete",
                _ => "audit.team_line_up",
            };
            plain(lang.tf(key, &[("team", team), ("n", arg.to_string())]))
        }
        "tournament.restore_snapshot" => {
            let round = after.and_then(|v| v.get("round")).and_then(Value::as_u64);
            plain(n(
                "audit.tournament_restore_snapshot",
                round.unwrap_or(0).to_string(),
            ))
        }
        "tournament.import" => {
            let count = |key: &str| after.and_then(|v| v.get(key)).and_then(Value::as_u64);
            let from_tengen =
                after.and_then(|v| v.get("format")).and_then(Value::as_str) == Some("tengen");
            let key = if from_tengen {
                "audit.tournament_import_tengen"
            } else {
                "audit.tournament_import"
            };
            plain(lang.tf(
                key,
                &[
                    (
                        "players",
                        lang.plural("count.players", count("players").unwrap_or(0)),
                    ),
                    (
                        "games",
                        lang.plural("count.games", count("games").unwrap_or(0)),
                    ),
                ],
            ))
        }
        "tournament.settings" => AuditWords {
            what: lang.t("audit.tournament_settings"),
            changes: field_diff(before, after)
                .into_iter()
                .map(|c| {
                    // Komi is stored in half points (13 for 6.5).
                    let value = |v: &str| match (c.field.as_str(), v.parse::<i32>()) {
                        ("rules.komi", Ok(halves)) => HalfPoints::from_halves(halves).to_string(),
                        _ => v.to_string(),
                    };
                    FieldChange {
                        field: setting_label(lang, &c.field),
                        before: value(&c.before),
                        after: value(&c.after),
                    }
                })
                .collect(),
        },
        "staff.add" | "staff.remove" => {
            let v = after.or(before);
            let text = |key: &str| v.and_then(|v| v.get(key)).and_then(Value::as_str);
            let person = text("display_name")
                .or(text("username"))
                .map(str::to_string)
                .unwrap_or_else(|| lang.t("audit.someone"));
            let role = lang.t(&format!("role.{}", text("role").unwrap_or("referee")));
            let key = if name == "staff.add" {
                "audit.staff_add"
            } else {
                "audit.staff_remove"
            };
            plain(lang.tf(key, &[("person", person), ("role", role)]))
        }
        "player.add" | "player.self_register" | "player.confirm" | "player.delete" => {
            let Some(p) = player(after).or_else(|| player(before)) else {
                return fallback(lang, action, before, after);
            };
            let key = match name {
                "player.add" => "audit.player_add",
                "player.self_register" => "audit.player_self_register",
                "player.confirm" => "audit.player_confirm",
                _ => "audit.player_delete",
            };
            // Russian and Ukrainian verbs agree with the player's gender when
            // it is known; otherwise the sentence names an "участник".
            let key = match (name, p.gender) {
                ("player.add", Some(Gender::Female)) => "audit.player_add.female",
                ("player.add", Some(Gender::Male)) => "audit.player_add.male",
                ("player.self_register", Some(Gender::Female)) => {
                    "audit.player_self_register.female"
                }
                ("player.self_register", Some(Gender::Male)) => "audit.player_self_register.male",
                _ => key,
            };
            plain(lang.tf(key, &[("player", with_rank(&p))]))
        }
        "player.edit" => match (player(before), player(after)) {
            (Some(was), Some(is)) => AuditWords {
                what: lang.tf("audit.player_edit", &[("player", with_rank(&is))]),
                changes: player_changes(t, lang, &was, &is),
            },
            _ => fallback(lang, action, before, after),
        },
        "player.ratings_update" => {
            let (Some(was), Some(is)) = (read::<Vec<Player>>(before), read::<Vec<Player>>(after))
            else {
                return fallback(lang, action, before, after);
            };
            let rating = |p: &Player| match p.rating_source {
                Some(source) => format!("{} {} ({source})", p.rank, p.rating.gor()),
                None => format!("{} {}", p.rank, p.rating.gor()),
            };
            AuditWords {
                what: lang.tf(
                    "audit.ratings_update",
                    &[("players", lang.plural("count.players", is.len() as u64))],
                ),
                changes: was
                    .iter()
                    .zip(&is)
                    .map(|(was, is)| FieldChange {
                        field: is.full_name(),
                        before: rating(was),
                        after: rating(is),
                    })
                    .collect(),
            }
        }
        "player.import" => {
            let count = after.and_then(Value::as_array).map_or(0, Vec::len);
            plain(lang.tf(
                "audit.player_import",
                &[("players", lang.plural("count.players", count as u64))],
            ))
        }
        "player.withdraw" => match read::<Entry>(after) {
            Some(entry) => plain(incidents::describe(t, lang, &entry)),
            None => fallback(lang, action, before, after),
        },
        "round.pair" | "round.unpair" => {
            let games = read::<Vec<Game>>(after.or(before)).unwrap_or_default();
            let Some(round) = games.first().map(|g| g.round.get()) else {
                return fallback(lang, action, before, after);
            };
            let key = if name == "round.pair" {
                "audit.round_pair"
            } else {
                "audit.round_unpair"
            };
            plain(lang.tf(
                key,
                &[
                    ("round", round.to_string()),
                    ("boards", lang.plural("count.boards", games.len() as u64)),
                ],
            ))
        }
        "round.publish" => plain(n("audit.round_publish", arg.to_string())),
        "round.lock" => plain(n("audit.round_lock", arg.to_string())),
        "round.confirm" => plain(n("audit.round_confirm", arg.to_string())),
        "round.edit" => AuditWords {
            what: n("audit.round_edit", arg.to_string()),
            changes: pairing_changes(t, lang, before, after),
        },
        "results" => AuditWords {
            what: n("audit.results", arg.to_string()),
            changes: entered_results(lang, before, after),
        },
        "appeals.link" => {
            let name = arg
                .parse()
                .map(|no| incidents::name(t, crate::core::PlayerId(no)))
                .unwrap_or_default();
            plain(lang.tf("audit.appeals_link", &[("player", name)]))
        }
        "appeals.decide" | "appeals.rule" => {
            let appeal = read::<Appeal>(after.and_then(|v| v.get("appeal")));
            let Some(appeal) = appeal else {
                return fallback(lang, action, before, after);
            };
            let key = if name == "appeals.decide" {
                "audit.appeal_decided"
            } else {
                "audit.appeal_ruled"
            };
            let outcome = outcome(&appeal.state)
                .map(|o| lang.t(super::appeal_words::outcome_key(o)).to_lowercase())
                .unwrap_or_default();
            AuditWords {
                what: lang.tf(key, &[("n", appeal.id.0.to_string()), ("outcome", outcome)]),
                changes: logged_results(lang, before, after),
            }
        }
        _ if name.starts_with("appeals.") => appeal_change(lang, action, before, after),
        _ if name.starts_with("referee.") => {
            match read::<Entry>(after.and_then(|v| v.get("entry"))) {
                Some(entry) => AuditWords {
                    what: incidents::describe(t, lang, &entry),
                    changes: logged_results(lang, before, after),
                },
                None => fallback(lang, action, before, after),
            }
        }
        _ => fallback(lang, action, before, after),
    }
}

fn read<T: DeserializeOwned>(value: Option<&Value>) -> Option<T> {
    value.and_then(|v| serde_json::from_value(v.clone()).ok())
}

/// "Ivanova Anna 3K", as the players list names a player.
fn with_rank(p: &Player) -> String {
    format!("{} {}", p.full_name(), p.rank)
}

fn outcome(state: &AppealState) -> Option<Outcome> {
    match state {
        AppealState::Decided { decision, .. } | AppealState::Escalated { decision, .. } => {
            Some(decision.outcome)
        }
        AppealState::Ruled { ruling, .. } => Some(ruling.outcome),
        AppealState::Filed | AppealState::UnderReview { .. } => None,
    }
}

/// Filing, review, referral and the committee: the appeal that changed
/// between the two lists, named with the state it reached.
fn appeal_change(
    lang: Lang,
    action: &str,
    before: Option<&Value>,
    after: Option<&Value>,
) -> AuditWords {
    // A player's own filing keeps only their appeal; the others the lists.
    let changed = read::<Appeal>(after).or_else(|| {
        let was = read::<Vec<Appeal>>(before).unwrap_or_default();
        let is = read::<Vec<Appeal>>(after).unwrap_or_default();
        is.into_iter().find(|a| !was.contains(a))
    });
    let what = match (action, changed.as_ref()) {
        ("appeals.committee", _) => lang.t("audit.appeals_committee"),
        ("appeals.co_opt", _) => lang.t("audit.appeals_co_opt"),
        (_, Some(appeal)) => {
            let state = lang.t(super::appeal_words::status_key(appeal));
            lang.tf(
                "audit.appeal_state",
                &[("n", appeal.id.0.to_string()), ("state", state)],
            )
        }
        (_, None) => return fallback(lang, action, before, after),
    };
    AuditWords {
        what,
        changes: Vec::new(),
    }
}

/// "Round 2, board 5".
fn board_label(lang: Lang, round: RoundNo, board: BoardNo) -> String {
    lang.tf(
        "incident.board",
        &[
            ("round", round.get().to_string()),
            ("board", board.get().to_string()),
        ],
    )
}

/// Results typed on the results page or through the API: the games before
/// (one or a list) and after.
fn entered_results(lang: Lang, before: Option<&Value>, after: Option<&Value>) -> Vec<FieldChange> {
    let games = |v: Option<&Value>| {
        read::<Vec<Game>>(v)
            .or_else(|| read::<Game>(v).map(|g| vec![g]))
            .unwrap_or_default()
    };
    let was = games(before);
    games(after)
        .into_iter()
        .map(|is| {
            let old = was
                .iter()
                .find(|g| g.round == is.round && g.board == is.board)
                .map(|g| results::notation(g.result, g.origin))
                .unwrap_or_default();
            FieldChange {
                field: board_label(lang, is.round, is.board),
                before: old,
                after: results::notation(is.result, is.origin),
            }
        })
        .collect()
}

/// Results a referee's act or an appeal decision changed, logged as
/// `[[game, [result, origin]], …]` before and `{"results": …}` after.
fn logged_results(lang: Lang, before: Option<&Value>, after: Option<&Value>) -> Vec<FieldChange> {
    type Changed = Vec<(GameRef, (GameResult, ResultOrigin))>;
    let list = |v: Option<&Value>| {
        let v = v.map(|v| v.get("results").unwrap_or(v));
        read::<Changed>(v).unwrap_or_default()
    };
    let was = list(before);
    list(after)
        .into_iter()
        .map(|(game, (result, origin))| FieldChange {
            field: board_label(lang, game.round, game.board),
            before: was
                .iter()
                .find(|(g, _)| *g == game)
                .map(|(_, (r, o))| results::notation(*r, *o))
                .unwrap_or_default(),
            after: results::notation(result, origin),
        })
        .collect()
}

/// A round's pairing edited by hand: the boards whose players changed.
fn pairing_changes(
    t: &Tournament,
    lang: Lang,
    before: Option<&Value>,
    after: Option<&Value>,
) -> Vec<FieldChange> {
    let was = read::<Vec<Game>>(before).unwrap_or_default();
    let is = read::<Vec<Game>>(after).unwrap_or_default();
    let pair = |g: &Game| {
        format!(
            "{} – {}",
            incidents::name(t, g.white),
            incidents::name(t, g.black)
        )
    };
    let mut boards: Vec<(RoundNo, BoardNo)> =
        was.iter().chain(&is).map(|g| (g.round, g.board)).collect();
    boards.sort();
    boards.dedup();
    boards
        .into_iter()
        .filter_map(|(round, board)| {
            let on = |games: &[Game]| {
                games
                    .iter()
                    .find(|g| g.round == round && g.board == board)
                    .map(pair)
                    .unwrap_or_default()
            };
            let (old, new) = (on(&was), on(&is));
            (old != new).then(|| FieldChange {
                field: board_label(lang, round, board),
                before: old,
                after: new,
            })
        })
        .collect()
}

/// The fields of the player form that changed, under the form's labels.
fn player_changes(t: &Tournament, lang: Lang, was: &Player, is: &Player) -> Vec<FieldChange> {
    let absent = |p: &Player| {
        (1..=t.settings().number_of_rounds)
            .filter_map(RoundNo::new)
            .filter(|r| !p.participation.plays(*r))
            .map(|r| r.get().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let registration = |p: &Player| {
        lang.t(match p.registration {
            Registration::Final => "audit.final",
            Registration::Preliminary => "player.preliminary",
        })
    };
    let number = |n: Option<u32>| n.map(|n| n.to_string()).unwrap_or_default();
    let fields: [(&str, String, String); 11] = [
        ("player.family_name", was.name.clone(), is.name.clone()),
        (
            "player.first_name",
            was.first_name.clone(),
            is.first_name.clone(),
        ),
        ("player.rank", was.rank.to_string(), is.rank.to_string()),
        (
            "player.rating",
            was.rating.gor().to_string(),
            is.rating.gor().to_string(),
        ),
        ("player.club", was.club.clone(), is.club.clone()),
        ("player.country", was.country.clone(), is.country.clone()),
        ("player.egf_pin", was.egf_pin.clone(), is.egf_pin.clone()),
        (
            "player.smms_correction",
            was.smms_correction.to_string(),
            is.smms_correction.to_string(),
        ),
        (
            "player.draw_number",
            number(was.draw_number),
            number(is.draw_number),
        ),
        ("player.absent", absent(was), absent(is)),
        ("player.registration", registration(was), registration(is)),
    ];
    fields
        .into_iter()
        .filter(|(_, old, new)| old != new)
        .map(|(key, before, after)| FieldChange {
            field: lang.t(key),
            before,
            after,
        })
        .collect()
}

/// An action this module does not know: its name, and the fields that changed.
fn fallback(lang: Lang, action: &str, before: Option<&Value>, after: Option<&Value>) -> AuditWords {
    AuditWords {
        what: lang.tf(
            "audit.other",
            &[("action", action.replace(['.', '_'], " "))],
        ),
        changes: field_diff(before, after),
    }
}

/// The longest list of changed fields shown for one entry.
const MAX_FIELDS: usize = 20;

mod diff;
mod labels;

#[cfg(test)]
mod tests;
