//! A change of the settings, and the return to a publication's snapshot:
//! each held to the settings' rules ([`super::settings`]) before it is made.

use super::settings::{check_settings, range};
use super::{Done, FieldProblem, Header, Outcome, Refusal, State, json};
use crate::core::Settings;
use crate::core::audit::Event;
use crate::core::discipline::DisciplineSettings;

/// The last round with a game or a bye.
fn last_paired(state: &State) -> Option<u32> {
    let doc = &state.doc;
    doc.games()
        .iter()
        .map(|g| g.round.get())
        .chain(doc.byes().iter().map(|b| b.round.get()))
        .max()
}

pub(super) fn change(
    state: &mut State,
    mut settings: Settings,
    header: Header,
    discipline: Option<DisciplineSettings>,
) -> Result<Outcome, Refusal> {
    settings.general.name = super::text::name(&settings.general.name);
    // A ruleset newly chosen brings its komi and tie rule unless these were
    // changed with it (GTR: "the stated rules of play and their parameters
    // are the default"), as the settings form does.
    let old = &state.doc.settings().rules;
    if let Some(profile) = settings.rules.profile.filter(|p| Some(*p) != old.profile)
        && settings.rules.komi == old.komi
        && settings.rules.tie_rule == old.tie_rule
    {
        settings.rules.komi = profile.komi();
        settings.rules.tie_rule = profile.tie_rule();
    }
    // Published earliest first, each time once, however they were sent.
    settings.adjournment.times.sort();
    settings.adjournment.times.dedup();
    let mut problems = check_settings(&settings, &header, last_paired(state));
    // Team settings as stored by an OpenGotha file are kept as they are; a
    // change must be within what the rules allow (RFG App. 4 §1.1: 2–10 boards).
    let teams = &settings.teams;
    if *teams != state.doc.settings().teams {
        range(&mut problems, "boards", teams.team_size, 2, 10);
        range(&mut problems, "reserves", teams.reserves, 0, 10);
        range(&mut problems, "deadline", teams.line_up_deadline, 0, 240);
    }
    // The boards of a match are fixed once teams have played: every match
    // and line-up so far has that many.
    let teams_played = !state.doc.teams().is_empty() && last_paired(state).is_some();
    if teams_played && settings.teams.team_size != state.doc.settings().teams.team_size {
        problems.push(FieldProblem::new("boards", "teams.boards_fixed"));
    }
    // Each registered entry is a player or a side: what plays cannot change under them.
    if settings.sides != state.doc.settings().sides && !state.doc.players().is_empty() {
        problems.push(FieldProblem::new("sides", "side.error.players_registered"));
    }
    // The supergroup is turned off only once nobody starts in it.
    if !settings.supergroup
        && (state.doc.players().iter())
            .any(|p| crate::core::supergroup::in_supergroup(&settings, p))
    {
        problems.push(FieldProblem::new(
            "supergroup",
            "settings.error.supergroup_in_use",
        ));
    }
    if !problems.is_empty() {
        return Err(Refusal::Fields(problems));
    }
    let mut discipline = discipline.map(|d| as_sent(&state.book.settings, d));
    // A rule text newly chosen brings every default it fixes (core::rule_texts).
    if let Some(d) = discipline
        .as_mut()
        .filter(|d| d.ruleset != state.book.settings.ruleset)
    {
        crate::core::rule_texts::apply(d.ruleset, &mut settings, d);
    }
    // The forfeit time is one value with two homes: the header, which forms
    // and the API show, and the referees' settings, which decide when an
    // absence may be logged. A changed header moves the referees'; a rule
    // text newly chosen brings its own to the header.
    let mut header = header;
    let minutes = u32::try_from(header.late_forfeit_minutes).unwrap_or(0);
    if header.late_forfeit_minutes != state.header.late_forfeit_minutes {
        let d = discipline
            .take()
            .unwrap_or_else(|| state.book.settings.clone());
        discipline = Some(d.with_forfeit_minutes(minutes));
    } else if let Some(d) = &discipline {
        header.late_forfeit_minutes = (d.forfeit_time.limit.as_secs() / 60) as i32;
    }
    let before = settings_record(state);
    state.doc.set_settings(settings);
    state.header = header;
    if let Some(discipline) = discipline {
        state.book.settings = discipline;
    }
    Ok(Outcome {
        event: Event::EditSettings,
        before,
        after: settings_record(state),
        done: Done::Settings,
    })
}

/// What the audit keeps of the settings: the document's, and the header's
/// beside them (a forfeit time cut from 60 minutes to 1 during a round is
/// a change the log must show, issue 31).
fn settings_record(state: &State) -> Option<serde_json::Value> {
    let mut record = json(state.doc.settings())?;
    let h = &state.header;
    if let serde_json::Value::Object(fields) = &mut record {
        fields.insert(
            "header".into(),
            serde_json::json!({
                "time_zone": h.time_zone,
                "registration_open": h.registration_open,
                "is_public": h.is_public,
                "late_forfeit_minutes": h.late_forfeit_minutes,
            }),
        );
    }
    Some(record)
}

/// Sent with only the ruleset changed (a program sending back what it
/// read), the rule text's own values come with it, as the form fills
/// them: the Ukrainian three warnings, the RFG's forfeit time …
fn as_sent(current: &DisciplineSettings, sent: DisciplineSettings) -> DisciplineSettings {
    let only_ruleset = DisciplineSettings {
        ruleset: current.ruleset,
        ..sent.clone()
    } == *current;
    if sent.ruleset != current.ruleset && only_ruleset {
        DisciplineSettings::for_ruleset(sent.ruleset)
    } else {
        sent
    }
}

/// What a change of settings will change: the defaults of a rule text
/// newly chosen (`change` applies them).
pub fn text_changes(
    current: &DisciplineSettings,
    settings: &Settings,
    sent: Option<&DisciplineSettings>,
) -> Vec<crate::core::rule_texts::Change> {
    // The referees' values are told against the book's, as a form sends
    // the new text's already.
    match sent {
        Some(d) if d.ruleset != current.ruleset => {
            crate::core::rule_texts::changes(d.ruleset, settings, current)
        }
        _ => Vec::new(),
    }
}

/// The tournament as a snapshot kept it. The snapshot's settings are held
/// to today's rules as any change of them is; its book naming only what
/// its document holds is checked by [`super::apply`] as for every command.
pub(super) fn restore(state: &mut State, snapshot: State, round: u32) -> Result<Outcome, Refusal> {
    let last = snapshot.doc.last_round_with_game().map(|r| r.get());
    let problems = check_settings(snapshot.doc.settings(), &snapshot.header, last);
    if !problems.is_empty() {
        return Err(Refusal::Fields(problems));
    }
    let summary = |s: &State| {
        serde_json::json!({
            "players": s.doc.players().len(),
            "games": s.doc.games().len(),
            "log": s.book.log.entries().len(),
            "appeals": s.book.appeals.len(),
        })
    };
    let before = summary(state);
    let mut after = summary(&snapshot);
    after["round"] = round.into();
    state.doc = snapshot.doc;
    state.book = snapshot.book;
    state.rounds = snapshot.rounds;
    state.header = snapshot.header;
    Ok(Outcome {
        event: Event::RestoreSnapshot,
        before: Some(before),
        after: Some(after),
        done: Done::Settings,
    })
}
