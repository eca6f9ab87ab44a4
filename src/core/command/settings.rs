//! The settings' rules: checked when the organiser changes them, when a
//! file is imported and when a program sends them.

use super::{FieldProblem, Header};
use crate::core::settings::Adjournment;
use crate::core::{Settings, System};

/// Whether a tournament's short name can stand in its public address
/// `/t/<short>`: 1–40 Latin letters, digits, '-' and '_', starting with a
/// letter or digit (the same check as the database's).
pub fn is_valid_short_name(short: &str) -> bool {
    (1..=40).contains(&short.len())
        && short
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric())
        && short
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// A number's allowed range, as the message says it.
pub(super) fn range<T: PartialOrd + ToString>(
    problems: &mut Vec<FieldProblem>,
    field: &'static str,
    value: T,
    min: T,
    max: T,
) {
    if value < min || value > max {
        problems.push(
            FieldProblem::new(field, "form.number_range")
                .arg("min", min)
                .arg("max", max),
        );
    }
}

/// Every rule a tournament's settings and header must keep, whatever sent
/// them; `last_paired` is the last round with a game or a bye.
pub fn check_settings(
    s: &Settings,
    header: &Header,
    last_paired: Option<u32>,
) -> Vec<FieldProblem> {
    let mut problems = Vec::new();
    if s.general.name.trim().is_empty() {
        problems.push(FieldProblem::new("name", "form.required"));
    }
    if !is_valid_short_name(&s.general.short_name) {
        problems.push(FieldProblem::new(
            "short_name",
            "tournament.error.short_name",
        ));
    }
    if jiff::tz::TimeZone::get(header.time_zone.trim()).is_err() {
        problems.push(FieldProblem::new("time_zone", "tournament.error.time_zone"));
    }
    if !(1..=20).contains(&s.number_of_rounds) {
        problems.push(FieldProblem::new("rounds", "tournament.error.rounds"));
    } else if let Some(last) = last_paired.filter(|r| s.number_of_rounds < *r) {
        // Fewer rounds than are already paired would leave games in rounds
        // the tournament no longer has.
        problems
            .push(FieldProblem::new("rounds", "tournament.error.rounds_paired").arg("round", last));
    }
    // An age group holds someone: its youngest age is not above its oldest.
    if let Some(g) = s
        .admission
        .age_groups
        .iter()
        .find(|g| match (g.min_age, g.max_age) {
            (Some(min), Some(max)) => min > max,
            _ => false,
        })
    {
        problems.push(
            FieldProblem::new("age_groups", "settings.error.age_group_empty").arg("group", &g.name),
        );
    }
    // A player is in at most one age group (RFG 19; Ukrainian rules IV.1.1).
    if let Some((a, b)) = crate::core::admission::overlapping(&s.admission.age_groups) {
        problems.push(
            FieldProblem::new("age_groups", "settings.error.age_groups_overlap")
                .arg("first", &a.name)
                .arg("second", &b.name),
        );
    }
    // Ukrainian rules XIII.3: a player's insurance must cover the event's
    // days, which an inclusive event therefore states.
    if s.admission.inclusive && crate::core::inclusive::event_days(s).is_none() {
        problems.push(FieldProblem::new(
            "begin_date",
            "settings.error.inclusive_dates",
        ));
    }
    // McMahon: the floor is below the bar (EGF GTR; OpenGotha refuses it too).
    if s.mcmahon.floor > s.mcmahon.bar {
        problems.push(FieldProblem::new(
            "floor",
            "tournament.error.floor_above_bar",
        ));
    }
    if s.placement.is_empty() {
        problems.push(FieldProblem::new("criterion_1", "form.required"));
    }
    // RFG App. 6 §6.1: a blitz game gives each player 15 minutes at most.
    if s.general.blitz && s.time.basic_minutes > 15 {
        problems.push(FieldProblem::new(
            "basic_minutes",
            "settings.error.blitz_time",
        ));
    }
    // A date is written 2026-05-10 (ISO 8601, as OpenGotha and the h9 file
    // write it) or left blank, and the tournament ends no earlier than it
    // begins.
    let date = |text: &str| match text.trim() {
        "" => Ok(None),
        text => text.parse::<jiff::civil::Date>().map(Some),
    };
    let (begin, end) = (date(&s.general.begin_date), date(&s.general.end_date));
    if begin.is_err() {
        problems.push(FieldProblem::new("begin_date", "form.bad_date"));
    }
    match (begin, end) {
        (_, Err(_)) => problems.push(FieldProblem::new("end_date", "form.bad_date")),
        (Ok(Some(begin)), Ok(Some(end))) if end < begin => {
            problems.push(FieldProblem::new("end_date", "form.end_before_begin"))
        }
        _ => {}
    }
    let published = s.general.regulations_published.trim();
    if !published.is_empty() && published.parse::<jiff::civil::Date>().is_err() {
        problems.push(FieldProblem::new(
            "regulations_published",
            "settings.error.date",
        ));
    }
    range(&mut problems, "board_size", s.rules.board_size, 5, 25);
    // No ruleset comes near 50 points; a typo, or a program's garbage, may.
    let komi = s.rules.komi.halves();
    if !(-100..=100).contains(&komi) {
        problems.push(
            FieldProblem::new("komi", "form.number_range")
                .arg("min", -50)
                .arg("max", 50),
        );
    }
    range(&mut problems, "handicap_ceiling", s.handicap.ceiling, 0, 9);
    range(
        &mut problems,
        "handicap_correction",
        s.handicap.correction,
        -1,
        3,
    );
    if s.losers_play_on && s.two_losses_eliminate {
        problems.push(FieldProblem::new(
            "two_losses",
            "settings.error.two_losses_and_places",
        ));
    }
    // Series are paired by the round robin and the knockout only (RFG App. 7 §4–5).
    if s.best_of > 1 && !matches!(s.system, System::RoundRobin | System::Knockout) {
        problems.push(FieldProblem::new("best_of", "matches.error.system"));
    }
    range(&mut problems, "best_of", s.best_of, 1, 9);
    // Ukrainian rules II.5: at most 2 apart with an even number of rounds;
    // an organiser may hold it to 1, but no game sequence keeps it at 0.
    range(
        &mut problems,
        "colour_gap_even_rounds",
        s.colour_gap_even_rounds,
        1,
        2,
    );
    check_adjournment(&mut problems, &s.adjournment, last_paired.is_some());
    range(
        &mut problems,
        "late_forfeit_minutes",
        header.late_forfeit_minutes,
        0,
        600,
    );
    problems
}

/// The GTR has the adjournment times and their maximal duration published
/// "at the start of the tournament": before round 1 an incomplete set-up is
/// advice that holds round 1 back (`core::advice`); once it is paired, one
/// is refused.
fn check_adjournment(problems: &mut Vec<FieldProblem>, a: &Adjournment, started: bool) {
    if let Some(minutes) = a.max_minutes {
        range(
            problems,
            "adjournment_max_minutes",
            minutes,
            1,
            Adjournment::MAX_MINUTES,
        );
    }
    if !(started && a.allowed) {
        return;
    }
    if a.times.is_empty() {
        problems.push(FieldProblem::new(
            "adjournment_times",
            "settings.error.adjournment_times",
        ));
    }
    if a.max_minutes.is_none() {
        problems.push(FieldProblem::new(
            "adjournment_max_minutes",
            "settings.error.adjournment_duration",
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(s: &Settings) -> Vec<&'static str> {
        check_settings(s, &Header::default(), None)
            .into_iter()
            .map(|p| p.key)
            .collect()
    }

    #[test]
    fn a_blitz_tournament_gives_each_player_fifteen_minutes_at_most() {
        let mut s = Settings::default();
        s.general.short_name = "blitz".into();
        s.general.blitz = true;
        s.time.basic_minutes = 16;
        assert_eq!(keys(&s), ["settings.error.blitz_time"]);
        s.time.basic_minutes = 15;
        assert!(keys(&s).is_empty(), "{:?}", keys(&s));
        s.general.blitz = false;
        s.time.basic_minutes = 90;
        assert!(keys(&s).is_empty());
    }

    #[test]
    fn adjournment_without_times_or_a_maximum_is_refused_once_round_one_is_paired() {
        let mut s = Settings::default();
        s.general.short_name = "adjourn".into();
        s.adjournment.allowed = true;
        assert!(keys(&s).is_empty(), "before round 1 it is advice");
        let fields = |s: &Settings| -> Vec<_> {
            check_settings(s, &Header::default(), Some(1))
                .into_iter()
                .map(|p| (p.field, p.key))
                .collect()
        };
        assert_eq!(
            fields(&s),
            [
                ("adjournment_times", "settings.error.adjournment_times"),
                (
                    "adjournment_max_minutes",
                    "settings.error.adjournment_duration"
                )
            ]
        );
        s.adjournment.times =
            vec![crate::core::settings::Resumption::parse("2026-05-10 10:00").unwrap()];
        s.adjournment.max_minutes = Some(0);
        assert_eq!(
            fields(&s),
            [("adjournment_max_minutes", "form.number_range")]
        );
        s.adjournment.max_minutes = Some(16 * 60);
        assert!(fields(&s).is_empty());
    }

    /// Ukrainian rules XIII.3: the insurance must cover the event's days,
    /// so an inclusive event without readable dates is refused.
    #[test]
    fn an_inclusive_event_states_its_days() {
        let mut s = Settings::default();
        s.general.short_name = "inclusive".into();
        s.admission.inclusive = true;
        assert_eq!(keys(&s), ["settings.error.inclusive_dates"]);
        s.general.begin_date = "2025-05-01".into();
        assert!(keys(&s).is_empty(), "a one-day event");
        s.general.end_date = "May the 3rd".into();
        assert_eq!(
            keys(&s),
            ["settings.error.inclusive_dates", "form.bad_date"]
        );
    }

    /// Whatever sends them (the form, the API, a file), dates are ISO
    /// dates or blank, and the last day is not before the first.
    #[test]
    fn dates_are_read_as_dates_and_end_no_earlier_than_they_begin() {
        let fields = |s: &Settings| -> Vec<_> {
            check_settings(s, &Header::default(), None)
                .into_iter()
                .map(|p| (p.field, p.key))
                .collect()
        };
        let mut s = Settings::default();
        s.general.short_name = "dates".into();
        s.general.end_date = "May the 3rd".into();
        assert_eq!(fields(&s), [("end_date", "form.bad_date")]);
        s.general.begin_date = "2025-02-30".into();
        s.general.end_date = "2025-05-03".into();
        assert_eq!(fields(&s), [("begin_date", "form.bad_date")]);
        s.general.begin_date = "2025-05-04".into();
        assert_eq!(fields(&s), [("end_date", "form.end_before_begin")]);
        s.general.begin_date = "2025-05-03".into();
        assert!(fields(&s).is_empty(), "a one-day event");
    }
}
