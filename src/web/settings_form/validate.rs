//! Reading the tournament form into the core's [`Settings`]: every field
//! parsed, then the settings' own rules asked of the core.

use std::str::FromStr;

use super::*;

impl TournamentForm {
    /// Checks every field, starting from `base` so that settings the form
    /// does not show (pairing weights, display options) are kept.
    pub fn validate(&self, ctx: &Ctx, base: &Settings) -> Result<ValidForm, FieldErrors> {
        let mut errors = FieldErrors::default();
        let t = |key: &str| ctx.lang.t(key);
        let mut s = base.clone();

        let name = self.name.trim();
        let short = self.short_name.trim();
        let begin = self.begin_date.trim();
        let end = self.end_date.trim();
        s.general.name = crate::core::command::name(name);
        s.general.short_name = short.to_string();
        s.general.location = self.location.trim().to_string();
        s.general.begin_date = begin.to_string();
        s.general.end_date = end.to_string();
        s.general.regulations_published = self.regulations_published.trim().to_string();
        s.general.blitz = self.blitz.is_some();
        s.general.director = self.director.trim().to_string();
        let member = |name: &str, category: &str| PanelMember {
            name: name.trim().to_string(),
            category: category.trim().to_string(),
        };
        s.general.panel = RefereePanel {
            chief_referee: member(&self.chief_referee, &self.chief_referee_category),
            chief_secretary: member(&self.chief_secretary, &self.chief_secretary_category),
            referees: Vec::new(),
        };
        for line in self.referees.lines().filter(|l| !l.trim().is_empty()) {
            let (name, category) = line.split_once(',').unwrap_or((line, ""));
            if name.trim().is_empty() {
                errors.add("referees", t("settings.error.referee_without_name"));
                break;
            }
            s.general.panel.referees.push(member(name, category));
        }
        s.general.rank_norms = self.rank_norms.trim().to_string();
        // A form from before this field keeps the level it had.
        match self.level.trim() {
            "" => {}
            key => match Level::ALL.into_iter().find(|l| l.key() == key) {
                Some(level) => s.general.level = level,
                None => errors.add("level", t("form.choose")),
            },
        }

        match value_of(&SYSTEMS, &self.system) {
            Some(system) => s.system = system,
            None => errors.add("system", t("form.choose")),
        }
        match self.rounds.trim().parse::<u32>() {
            Ok(n) => s.number_of_rounds = n,
            Err(_) => errors.add("rounds", t("tournament.error.rounds")),
        }
        // A form from before this field, or a program that leaves it out,
        // means single games.
        match self.best_of.trim() {
            "" => s.best_of = 1,
            text => match text.parse::<u32>() {
                Ok(n) if (1..=9).contains(&n) => s.best_of = n,
                _ => errors.add(
                    "best_of",
                    ctx.lang.tf(
                        "form.number_range",
                        &[("min", "1".into()), ("max", "9".into())],
                    ),
                ),
            },
        }
        // Left out (an older form, a program): the default, half a point.
        s.match_jigo = value_of(&MATCH_JIGO_RULES, &self.match_jigo).unwrap_or_default();
        // Left out (an older form, a program): the sides stay as they are.
        if let Some(sides) = value_of(&SIDES, &self.sides) {
            s.sides = sides;
        }
        s.losers_play_on = self.losers_play_on.is_some();
        s.supergroup = self.supergroup.is_some();
        s.pairing.no_geography_in_top_group = self.pai_no_geography_in_top_group.is_some();
        s.two_losses_eliminate = self.two_losses.is_some();
        // Left out (an older form, a program): the limit stays as it is;
        // its range is the core's rule (check_settings).
        match self.colour_gap_even_rounds.trim() {
            "" => {}
            text => match text.parse::<u32>() {
                Ok(n) => s.colour_gap_even_rounds = n,
                Err(_) => errors.add(
                    "colour_gap_even_rounds",
                    ctx.lang.tf(
                        "form.number_range",
                        &[("min", "1".into()), ("max", "2".into())],
                    ),
                ),
            },
        }
        s.display.show_gor_change = self.show_gor_change.is_some();
        match self.tiebreak_places.trim() {
            "" => s.tiebreak_places = 0,
            text => match text.parse::<u32>() {
                Ok(n) if n <= 9999 => s.tiebreak_places = n,
                _ => errors.add(
                    "tiebreak_places",
                    ctx.lang.tf(
                        "form.number_range",
                        &[("min", "0".into()), ("max", "9999".into())],
                    ),
                ),
            },
        }
        s.admission.required = crate::core::admission::Checks {
            documents: self.required_documents.is_some(),
            medical: self.required_medical.is_some(),
            anti_doping: self.required_anti_doping.is_some(),
        };
        s.admission.women_only = self.women_only.is_some();
        s.admission.inclusive = self.inclusive.is_some();
        for (field, text, slot) in [
            ("min_age", &self.min_age, &mut s.admission.min_age),
            ("max_age", &self.max_age, &mut s.admission.max_age),
        ] {
            match text.trim() {
                "" => *slot = None,
                text => match text.parse::<u16>() {
                    Ok(age) if age <= 120 => *slot = Some(age),
                    _ => errors.add(
                        field,
                        ctx.lang.tf(
                            "form.number_range",
                            &[("min", "0".into()), ("max", "120".into())],
                        ),
                    ),
                },
            }
        }
        match crate::core::prizes::read_lines(&self.prizes) {
            Ok(prizes) => s.prizes = prizes,
            Err(line) => errors.add(
                "prizes",
                ctx.lang
                    .tf("prizes.error.line", &[("line", line.to_string())]),
            ),
        }
        match age_groups(&self.age_groups) {
            Ok(groups) => s.admission.age_groups = groups,
            Err(line) => errors.add(
                "age_groups",
                ctx.lang.tf(
                    "settings.error.age_group_line",
                    &[("line", line.to_string())],
                ),
            ),
        }
        s.adjournment.allowed = self.adjournment.is_some();
        match resumption_times(&self.adjournment_times) {
            Ok(times) => s.adjournment.times = times,
            Err(line) => errors.add(
                "adjournment_times",
                ctx.lang.tf(
                    "settings.error.adjournment_time_line",
                    &[("line", line.to_string())],
                ),
            ),
        }
        // Empty: not set yet (round 1 waits for it while adjournment is allowed).
        match self.adjournment_max_minutes.trim() {
            "" => s.adjournment.max_minutes = None,
            text => match text.parse::<u32>() {
                Ok(minutes) => s.adjournment.max_minutes = Some(minutes),
                Err(_) => errors.add(
                    "adjournment_max_minutes",
                    ctx.lang.tf(
                        "form.number_range",
                        &[
                            ("min", "1".into()),
                            ("max", Adjournment::MAX_MINUTES.to_string()),
                        ],
                    ),
                ),
            },
        }
        let rank = |field: &'static str, text: &str, errors: &mut FieldErrors| {
            fields::rank(ctx.lang, field, text, errors)
        };
        if let Some(bar) = rank("bar", &self.bar, &mut errors) {
            s.mcmahon.bar = bar;
        }
        if let Some(floor) = rank("floor", &self.floor, &mut errors) {
            s.mcmahon.floor = floor;
        }

        match self.board_size.trim().parse::<u8>() {
            Ok(n) if (5..=25).contains(&n) => s.rules.board_size = n,
            _ => errors.add("board_size", t("tournament.error.board_size")),
        }
        let chosen = Profile::ALL
            .into_iter()
            .find(|p| format!("{p:?}") == self.rules_profile);
        // A ruleset newly chosen sets the komi and the tie rule; kept as it
        // was, it leaves them as typed (GTR: its parameters are defaults).
        let profile = chosen.filter(|p| Some(*p) != s.rules.profile);
        s.rules.profile = chosen;
        match (profile, parse_komi(&self.komi)) {
            (Some(profile), _) => s.rules.komi = profile.komi(),
            (None, Some(komi)) => s.rules.komi = komi,
            (None, None) => errors.add("komi", t("tournament.error.komi")),
        }
        match (
            self.preliminary_players.trim(),
            value_of(&PRELIMINARY_LISTINGS, &self.preliminary_players),
        ) {
            // A form without the field (an older page) keeps the setting.
            ("", _) => {}
            (_, Some(listing)) => s.preliminary_players = listing,
            (_, None) => errors.add("preliminary_players", t("form.choose")),
        }
        match self.handicap_placement.as_str() {
            "fixed" => s.rules.handicap_placement = HandicapPlacement::Fixed,
            "free" => s.rules.handicap_placement = HandicapPlacement::Free,
            // A form from before this field keeps the placement.
            "" => {}
            _ => errors.add("handicap_placement", t("form.choose")),
        }
        match (profile, value_of(&TIE_RULES, &self.tie_rule)) {
            (Some(profile), _) => s.rules.tie_rule = profile.tie_rule(),
            (None, Some(rule)) => s.rules.tie_rule = rule,
            (None, None) => errors.add("tie_rule", t("form.choose")),
        }

        let number = |field: &'static str,
                      text: &str,
                      range: std::ops::RangeInclusive<u32>,
                      errors: &mut FieldErrors| {
            fields::number(ctx.lang, field, text, range, errors)
        };
        match value_of(&OVERTIMES, &self.overtime) {
            Some(o) => s.time.overtime = o,
            None => errors.add("overtime", t("form.choose")),
        }
        let time = &mut s.time;
        for (field, text, range, slot) in [
            (
                "basic_minutes",
                &self.basic_minutes,
                0..=600,
                &mut time.basic_minutes,
            ),
            (
                "byo_yomi_seconds",
                &self.byo_yomi_seconds,
                1..=600,
                &mut time.std_byo_yomi_seconds,
            ),
            (
                "canadian_moves",
                &self.canadian_moves,
                1..=100,
                &mut time.canadian_moves,
            ),
            (
                "canadian_seconds",
                &self.canadian_seconds,
                1..=3600,
                &mut time.canadian_seconds,
            ),
            (
                "fischer_seconds",
                &self.fischer_seconds,
                1..=600,
                &mut time.fischer_seconds,
            ),
        ] {
            if let Some(n) = number(field, text, range, &mut errors) {
                *slot = n;
            }
        }

        s.handicap.based_on_mms = self.handicap_based_on_mms.is_some();
        if let Some(threshold) = rank("handicap_threshold", &self.handicap_threshold, &mut errors) {
            s.handicap.no_handicap_threshold = threshold;
        }
        match self.handicap_correction.trim().parse::<i32>() {
            Ok(n) if (-1..=3).contains(&n) => s.handicap.correction = n,
            _ => errors.add(
                "handicap_correction",
                format!("{} -1–3", t("form.number_between")),
            ),
        }
        if let Some(n) = number(
            "handicap_ceiling",
            &self.handicap_ceiling,
            0..=9,
            &mut errors,
        ) {
            s.handicap.ceiling = n as u8;
        }

        let mut placement = Vec::new();
        for (i, text) in self.criteria().iter().enumerate() {
            if text.is_empty() {
                continue;
            }
            match Criterion::from_str(text) {
                Ok(c) if !placement.contains(&c) => placement.push(c),
                _ => {
                    errors.add(CRITERION_FIELDS[i], t("tournament.error.criterion"));
                }
            }
        }
        s.placement = placement;

        self.read_pairing_panel(ctx.lang, &mut s.pairing, &mut errors);

        let late = number(
            "late_forfeit_minutes",
            &self.late_forfeit_minutes,
            0..=600,
            &mut errors,
        );
        // Empty: appeals have no deadline.
        let appeal_deadline = match self.appeal_deadline_minutes.trim() {
            "" => None,
            text => number("appeal_deadline_minutes", text, 1..=1440, &mut errors),
        };
        let ruleset = match self.ruleset.trim() {
            "" => Some(Ruleset::Egf),
            key => Ruleset::from_key(key),
        };
        if ruleset.is_none() {
            errors.add("ruleset", t("form.choose"));
        }
        // A system's standard settings, under a rule text its own for the
        // system (UA II.5, II.6, III.3: a bye's point, the tiebreaks).
        if self.use_presets.is_some() {
            let system = s.system;
            presets::apply(&mut s, system);
            crate::core::rule_texts::apply_for_system(ruleset.unwrap_or(Ruleset::Egf), &mut s);
        }
        let valid = ValidForm {
            settings: s,
            time_zone: self.time_zone.trim().to_string(),
            schedule: self.schedule.trim().to_string(),
            registration_open: self.registration_open.is_some(),
            is_public: self.is_public.is_some(),
            late_forfeit_minutes: late.unwrap_or(60) as i32,
            ruleset: ruleset.unwrap_or(Ruleset::Egf),
            appeal_deadline_minutes: appeal_deadline,
        };
        // The settings' own rules are the core's (the door checks them again
        // on saving); asked here too so that the form says every problem at once.
        for p in crate::core::command::check_settings(&valid.settings, &valid.header(), None) {
            if errors.get(p.field).is_empty() {
                errors.add(p.field, crate::web::refusals::field_text(ctx.lang, &p));
            }
        }
        if errors.is_empty() {
            Ok(valid)
        } else {
            Err(errors)
        }
    }
}

/// Resumption times typed one a line (`2026-05-10 10:00`); the number of
/// the first line that cannot be read.
fn resumption_times(text: &str) -> Result<Vec<Resumption>, usize> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, line)| Resumption::parse(line).ok_or(i + 1))
        .collect()
}

/// Age groups typed one a line, `name: min-max` with either end left out
/// (`U12: -12`, `Veterans: 60-`) or one age (`U12: 12`); the number of the
/// first line that cannot be read.
fn age_groups(text: &str) -> Result<Vec<crate::core::admission::AgeGroup>, usize> {
    let age = |t: &str| match t.trim() {
        "" => Ok(None),
        t => t.parse::<u16>().map(Some).map_err(|_| ()),
    };
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, line)| {
            let read = || -> Result<_, ()> {
                let (name, range) = line.rsplit_once(':').ok_or(())?;
                let name = crate::core::command::name(name);
                let (min, max) = match range.split_once('-') {
                    Some((min, max)) => (age(min)?, age(max)?),
                    None => (age(range)?, age(range)?),
                };
                if name.is_empty() || (min.is_none() && max.is_none()) {
                    return Err(());
                }
                Ok(crate::core::admission::AgeGroup {
                    name,
                    min_age: min,
                    max_age: max,
                })
            };
            read().map_err(|()| i + 1)
        })
        .collect()
}
