//! The audit log in words: what each recorded event did, in the reader's
//! language, with the fields it changed as before → after. The log stores
//! the event (`core::audit::Event`) and JSON written by many commands; this
//! module is the one place that reads them back, and an event it has no
//! words for still reads as its name and the fields that changed, never as
//! a JSON dump.

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::i18n::Lang;
use super::incidents;
use crate::core::audit::Event;
use crate::core::discipline::Entry;
use crate::core::{Game, HalfPoints, Player, RoundNo, Tournament};
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
pub fn who(lang: Lang, event: &Event, account: Option<&str>) -> String {
    match account {
        Some(name) => name.to_string(),
        // Self-registration is the one change a visitor makes; every other
        // change without an account comes through a player's private link.
        None if *event == Event::SelfRegister => lang.t("audit.by_registration"),
        None => lang.t("audit.by_private_link"),
    }
}

/// What an entry did; `t` is the tournament as it is now, for names.
pub fn describe(
    t: &Tournament,
    lang: Lang,
    event: &Event,
    before: Option<&Value>,
    after: Option<&Value>,
) -> AuditWords {
    words(t, lang, event, before, after).unwrap_or_else(|| AuditWords {
        what: lang.tf(
            "audit.other",
            &[("action", event.name().replace(['.', '_'], " "))],
        ),
        changes: field_diff(before, after),
    })
}

/// The event's own words; `None` for an event without words of its own or
/// whose logged values this build cannot read.
fn words(
    t: &Tournament,
    lang: Lang,
    event: &Event,
    before: Option<&Value>,
    after: Option<&Value>,
) -> Option<AuditWords> {
    let n = |key: &str, round: &RoundNo| lang.tf(key, &[("n", round.get().to_string())]);
    let plain = |what: String| {
        Some(AuditWords {
            what,
            changes: Vec::new(),
        })
    };
    match event {
        Event::CreateTournament => plain(lang.t("audit.tournament_create")),
        Event::CreateFinalStage => plain(lang.t("audit.tournament_final_stage")),
        Event::VerifyStandings => plain(lang.t("audit.standings_verify")),
        Event::DeclareWinners => plain(lang.t("audit.winners_declare")),
        Event::SubmitResults => plain(lang.t("audit.results_submit_egf")),
        Event::ScheduleRound(round) => {
            let start = after.and_then(Value::as_str).unwrap_or("—").to_string();
            plain(lang.tf(
                "audit.round_schedule",
                &[("n", round.get().to_string()), ("start", start)],
            ))
        }
        Event::AddTeam | Event::EditTeam | Event::DeleteTeam | Event::LineUp(_) => {
            let team = after
                .or(before)
                .and_then(|v| v.get("name").or(v.get("team")))
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string();
            let (key, round) = match event {
                Event::LineUp(round) => ("audit.team_line_up", round.get().to_string()),
                Event::AddTeam => ("audit.team_add", String::new()),
                Event::EditTeam => ("audit.team_edit", String::new()),
                _ => ("audit.team_delete", String::new()),
            };
            plain(lang.tf(key, &[("team", team), ("n", round)]))
        }
        Event::RestoreSnapshot => {
            let round = after.and_then(|v| v.get("round")).and_then(Value::as_u64);
            plain(lang.tf(
                "audit.tournament_restore_snapshot",
                &[("n", round.unwrap_or(0).to_string())],
            ))
        }
        Event::ImportTournament => {
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
        Event::EditSettings => Some(AuditWords {
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
        }),
        Event::GrantRole | Event::RevokeRole => {
            let v = after.or(before);
            let text = |key: &str| v.and_then(|v| v.get(key)).and_then(Value::as_str);
            let person = text("display_name")
                .or(text("username"))
                .map(str::to_string)
                .unwrap_or_else(|| lang.t("audit.someone"));
            let role = lang.t(&format!("role.{}", text("role").unwrap_or("referee")));
            let key = if *event == Event::GrantRole {
                "audit.staff_add"
            } else {
                "audit.staff_remove"
            };
            plain(lang.tf(key, &[("person", person), ("role", role)]))
        }
        Event::AddPlayer | Event::SelfRegister | Event::ConfirmPlayer | Event::DeletePlayer => {
            players::registration(lang, event, before, after)
        }
        Event::EditPlayer => players::edit(t, lang, before, after),
        Event::UpdateRatings => players::ratings(lang, before, after),
        Event::ImportPlayers => {
            let count = after.and_then(Value::as_array).map_or(0, Vec::len);
            plain(lang.tf(
                "audit.player_import",
                &[("players", lang.plural("count.players", count as u64))],
            ))
        }
        Event::WithdrawPlayer => plain(incidents::describe(t, lang, &read::<Entry>(after)?)),
        Event::PairRound | Event::UnpairRound => {
            let games = read::<Vec<Game>>(after.or(before)).unwrap_or_default();
            let round = games.first()?.round.get();
            let key = if *event == Event::PairRound {
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
        Event::PublishRound(round) => plain(n("audit.round_publish", round)),
        Event::LockRound(round) => plain(n("audit.round_lock", round)),
        Event::ConfirmRound(round) => plain(n("audit.round_confirm", round)),
        Event::EditPairing(round) => Some(AuditWords {
            what: n("audit.round_edit", round),
            changes: games::pairing_changes(t, lang, before, after),
        }),
        Event::EnterResults(round) => Some(AuditWords {
            what: n("audit.results", round),
            changes: games::entered_results(lang, before, after),
        }),
        Event::IssuePlayerLink(player) => plain(lang.tf(
            "audit.appeals_link",
            &[("player", incidents::name(t, *player))],
        )),
        Event::DecideAppeal | Event::RuleOnAppeal => appeals::settled(lang, event, before, after),
        Event::FixCommittee
        | Event::CoOpt
        | Event::FileAppeal
        | Event::FileOwnAppeal
        | Event::ReviewAppeal
        | Event::EscalateAppeal => appeals::change(lang, event, before, after),
        Event::Act(_) => Some(AuditWords {
            what: incidents::describe(t, lang, &read::<Entry>(after.and_then(|v| v.get("entry")))?),
            changes: games::logged_results(lang, before, after),
        }),
        Event::MedicalClearance
        | Event::CancelRound(_)
        | Event::ConfirmSupergroup
        | Event::RecordPlayOff
        | Event::CreateAccount
        | Event::SetAccountRoles(_)
        | Event::Other(_) => None,
    }
}

fn read<T: DeserializeOwned>(value: Option<&Value>) -> Option<T> {
    value.and_then(|v| serde_json::from_value(v.clone()).ok())
}

/// "Ivanova Anna 3K", as the players list names a player.
fn with_rank(p: &Player) -> String {
    format!("{} {}", p.full_name(), p.rank)
}

/// The longest list of changed fields shown for one entry.
const MAX_FIELDS: usize = 20;

mod appeals;
mod diff;
mod games;
mod labels;
mod players;

#[cfg(test)]
mod tests;
