//! The tournament form: one struct for creating and editing, holding what
//! the person typed (so a refused form comes back as they left it), and its
//! validation into the core's [`Settings`].

use crate::core::discipline::{DisciplineSettings, Ruleset};
use std::str::FromStr;

use crate::core::pairing::parameters::SeedSystem;
use crate::core::presets;
use crate::core::rules::profile::Profile;
use crate::core::settings::{Overtime, PanelMember, PreliminaryListing, RefereePanel, TieRule};
use crate::core::{Criterion, HalfPoints, Rank, Settings, System};

use super::page::{Ctx, FieldErrors};
use crate::core::command::Header;

/// How many placement criteria the form offers (OpenGotha: 6).
pub const CRITERIA_SLOTS: usize = 6;

/// The fields as submitted; checkboxes are `Some` when ticked.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(default)]
pub struct TournamentForm {
    pub name: String,
    pub short_name: String,
    pub location: String,
    pub begin_date: String,
    pub end_date: String,
    pub time_zone: String,
    pub system: String,
    pub rounds: String,
    pub losers_play_on: Option<String>,
    pub bar: String,
    pub floor: String,
    pub board_size: String,
    /// A rules-of-play profile whose komi and tie rule replace the fields below it.
    pub rules_profile: String,
    pub komi: String,
    pub tie_rule: String,
    pub basic_minutes: String,
    pub overtime: String,
    pub byo_yomi_seconds: String,
    pub canadian_moves: String,
    pub canadian_seconds: String,
    pub fischer_seconds: String,
    pub handicap_based_on_mms: Option<String>,
    pub handicap_threshold: String,
    pub handicap_correction: String,
    pub handicap_ceiling: String,
    pub criterion_1: String,
    pub criterion_2: String,
    pub criterion_3: String,
    pub criterion_4: String,
    pub criterion_5: String,
    pub criterion_6: String,
    /// Show each player's EGF rating change in the standings.
    pub show_gor_change: Option<String>,
    /// Replace pairing, handicap and placement by the system's standard ones.
    pub use_presets: Option<String>,
    pub pai_minimize_score_difference: String,
    pub pai_dudd_weight: String,
    pub pai_maximize_seeding: String,
    pub pai_balance_white_black: String,
    pub pai_random: String,
    pub pai_avoid_same_geo: String,
    pub pai_prefer_mms_diff_rather_than_same_club: String,
    pub pai_prefer_mms_diff_rather_than_same_country: String,
    pub pai_seed_system1: String,
    pub pai_seed_system2: String,
    pub pai_last_round_for_seed_system1: String,
    pub pai_secondary_rank_threshold: String,
    pub registration_open: Option<String>,
    /// Where visitors see registrations not yet confirmed.
    pub preliminary_players: String,
    pub is_public: Option<String>,
    pub late_forfeit_minutes: String,
    /// The competition rules referees and the appeals committee follow.
    pub ruleset: String,
    pub schedule: String,
    pub director: String,
    pub chief_referee: String,
    pub chief_referee_category: String,
    pub chief_secretary: String,
    pub chief_secretary_category: String,
    /// Deputies and referees, one a line: `name, category`.
    pub referees: String,
    pub rank_norms: String,
    /// The tournament version the form was loaded at; absent when creating.
    pub version: Option<i32>,
}

/// What a valid form yields.
pub struct ValidForm {
    pub settings: Settings,
    pub time_zone: String,
    pub schedule: String,
    pub registration_open: bool,
    pub is_public: bool,
    pub late_forfeit_minutes: i32,
    pub ruleset: Ruleset,
}

/// The systems the form offers, as (form value, system).
pub const SYSTEMS: [(&str, System); 7] = [
    ("mcmahon", System::McMahon),
    ("swiss", System::Swiss),
    ("swisscat", System::SwissCat),
    ("cup", System::Cup),
    ("round_robin", System::RoundRobin),
    ("knockout", System::Knockout),
    ("rfg_swiss", System::RfgSwiss),
];

const OVERTIMES: [(&str, Overtime); 4] = [
    ("sudden_death", Overtime::SuddenDeath),
    ("byo_yomi", Overtime::StandardByoYomi),
    ("canadian", Overtime::CanadianByoYomi),
    ("fischer", Overtime::Fischer),
];

/// Seeding inside a score group, as (form value, system).
pub const SEED_SYSTEMS: [(&str, SeedSystem); 3] = [
    ("split_and_random", SeedSystem::SplitAndRandom),
    ("split_and_fold", SeedSystem::SplitAndFold),
    ("split_and_slip", SeedSystem::SplitAndSlip),
];

/// The choices for preliminary registrations, as (form value, listing).
pub const PRELIMINARY_LISTINGS: [(&str, PreliminaryListing); 2] = [
    ("apart", PreliminaryListing::Apart),
    ("hidden", PreliminaryListing::Hidden),
];

const TIE_RULES: [(&str, TieRule); 3] = [
    ("jigo", TieRule::Jigo),
    ("white_wins", TieRule::WhiteWins),
    ("black_wins", TieRule::BlackWins),
];

fn key_of<T: PartialEq + Copy>(table: &[(&'static str, T)], value: T) -> &'static str {
    table
        .iter()
        .find(|(_, v)| *v == value)
        .map(|(k, _)| *k)
        .unwrap_or("")
}

fn value_of<T: Copy>(table: &[(&'static str, T)], key: &str) -> Option<T> {
    table.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
}

/// Komi as people write it: `6.5`, `7`, `0.5`, `-3` (also with a comma).
pub fn parse_komi(text: &str) -> Option<HalfPoints> {
    let text = text.trim().replace(',', ".");
    let (whole, half) = match text.split_once('.') {
        Some((w, "5")) => (w, 1),
        Some((w, "0")) | Some((w, "")) => (w, 0),
        Some(_) => return None,
        None => (text.as_str(), 0),
    };
    let negative = whole.starts_with('-');
    let points: i32 = whole.parse().ok()?;
    if points.abs() > 50 {
        return None;
    }
    let halves = points * 2 + if negative { -half } else { half };
    Some(HalfPoints::from_halves(halves))
}

impl TournamentForm {
    /// A new tournament's form: McMahon with OpenGotha's defaults.
    pub fn for_new() -> Self {
        let mut settings = Settings::default();
        presets::apply(&mut settings, System::McMahon);
        // UTC until the organiser names the hall's zone: the form shows it,
        // and no city is a better guess for every server.
        let mut form = Self::from_settings(&settings, "UTC", false, true, 60);
        form.name.clear();
        form.short_name.clear();
        form.version = None;
        form.use_presets = Some("on".into());
        form
    }

    /// The form showing stored settings.
    pub fn from_settings(
        s: &Settings,
        time_zone: &str,
        registration_open: bool,
        is_public: bool,
        late_forfeit_minutes: i32,
    ) -> Self {
        let criterion = |i: usize| {
            s.placement
                .get(i)
                .map(|c| c.name().to_string())
                .unwrap_or_default()
        };
        TournamentForm {
            name: s.general.name.clone(),
            short_name: s.general.short_name.clone(),
            location: s.general.location.clone(),
            begin_date: s.general.begin_date.clone(),
            end_date: s.general.end_date.clone(),
            time_zone: time_zone.to_string(),
            system: key_of(&SYSTEMS, s.system).to_string(),
            rounds: s.number_of_rounds.to_string(),
            losers_play_on: s.losers_play_on.then(|| "on".into()),
            bar: s.mcmahon.bar.to_string(),
            floor: s.mcmahon.floor.to_string(),
            board_size: s.rules.board_size.to_string(),
            rules_profile: String::new(),
            komi: s.rules.komi.to_string(),
            tie_rule: key_of(&TIE_RULES, s.rules.tie_rule).to_string(),
            basic_minutes: s.time.basic_minutes.to_string(),
            overtime: key_of(&OVERTIMES, s.time.overtime).to_string(),
            byo_yomi_seconds: s.time.std_byo_yomi_seconds.to_string(),
            canadian_moves: s.time.canadian_moves.to_string(),
            canadian_seconds: s.time.canadian_seconds.to_string(),
            fischer_seconds: s.time.fischer_seconds.to_string(),
            handicap_based_on_mms: s.handicap.based_on_mms.then(|| "on".into()),
            handicap_threshold: s.handicap.no_handicap_threshold.to_string(),
            handicap_correction: s.handicap.correction.to_string(),
            handicap_ceiling: s.handicap.ceiling.to_string(),
            criterion_1: criterion(0),
            criterion_2: criterion(1),
            criterion_3: criterion(2),
            criterion_4: criterion(3),
            criterion_5: criterion(4),
            criterion_6: criterion(5),
            show_gor_change: s.display.show_gor_change.then(|| "on".into()),
            use_presets: None,
            pai_minimize_score_difference: s.pairing.minimize_score_difference.to_string(),
            pai_dudd_weight: s.pairing.dudd_weight.to_string(),
            pai_maximize_seeding: s.pairing.maximize_seeding.to_string(),
            pai_balance_white_black: s.pairing.balance_white_black.to_string(),
            pai_random: s.pairing.random.to_string(),
            pai_avoid_same_geo: s.pairing.avoid_same_geo.to_string(),
            pai_prefer_mms_diff_rather_than_same_club: s
                .pairing
                .prefer_mms_diff_rather_than_same_club
                .to_string(),
            pai_prefer_mms_diff_rather_than_same_country: s
                .pairing
                .prefer_mms_diff_rather_than_same_country
                .to_string(),
            pai_seed_system1: key_of(&SEED_SYSTEMS, s.pairing.seed_system1).to_string(),
            pai_seed_system2: key_of(&SEED_SYSTEMS, s.pairing.seed_system2).to_string(),
            pai_last_round_for_seed_system1: s.pairing.last_round_for_seed_system1.to_string(),
            pai_secondary_rank_threshold: s.pairing.secondary_rank_threshold.to_string(),
            registration_open: registration_open.then(|| "on".into()),
            preliminary_players: key_of(&PRELIMINARY_LISTINGS, s.preliminary_players).to_string(),
            is_public: is_public.then(|| "on".into()),
            late_forfeit_minutes: late_forfeit_minutes.to_string(),
            ruleset: Ruleset::Egf.key().to_string(),
            schedule: String::new(),
            director: s.general.director.clone(),
            chief_referee: s.general.panel.chief_referee.name.clone(),
            chief_referee_category: s.general.panel.chief_referee.category.clone(),
            chief_secretary: s.general.panel.chief_secretary.name.clone(),
            chief_secretary_category: s.general.panel.chief_secretary.category.clone(),
            referees: s
                .general
                .panel
                .referees
                .iter()
                .map(|r| match r.category.as_str() {
                    "" => r.name.clone(),
                    category => format!("{}, {category}", r.name),
                })
                .collect::<Vec<_>>()
                .join("\n"),
            rank_norms: s.general.rank_norms.clone(),
            version: None,
        }
    }

    /// The chosen criteria slots, for the template.
    pub fn criteria(&self) -> [&str; CRITERIA_SLOTS] {
        [
            &self.criterion_1,
            &self.criterion_2,
            &self.criterion_3,
            &self.criterion_4,
            &self.criterion_5,
            &self.criterion_6,
        ]
    }

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
        let date_ok = |d: &str| d.is_empty() || jiff::civil::Date::from_str(d).is_ok();
        if !date_ok(begin) {
            errors.add("begin_date", t("form.bad_date"));
        }
        if !date_ok(end) || (!begin.is_empty() && !end.is_empty() && end < begin) {
            errors.add("end_date", t("form.bad_date"));
        }
        s.general.name = name.to_string();
        s.general.short_name = short.to_string();
        s.general.location = self.location.trim().to_string();
        s.general.begin_date = begin.to_string();
        s.general.end_date = end.to_string();
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

        match value_of(&SYSTEMS, &self.system) {
            Some(system) => s.system = system,
            None => errors.add("system", t("form.choose")),
        }
        match self.rounds.trim().parse::<u32>() {
            Ok(n) => s.number_of_rounds = n,
            Err(_) => errors.add("rounds", t("tournament.error.rounds")),
        }
        s.losers_play_on = self.losers_play_on.is_some();
        s.display.show_gor_change = self.show_gor_change.is_some();
        let rank = |field: &'static str, text: &str, errors: &mut FieldErrors| match Rank::from_str(
            text.trim(),
        ) {
            Ok(rank) => Some(rank),
            Err(_) => {
                errors.add(field, t("form.bad_rank"));
                None
            }
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
        let profile = Profile::ALL
            .into_iter()
            .find(|p| format!("{p:?}") == self.rules_profile);
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
        match (profile, value_of(&TIE_RULES, &self.tie_rule)) {
            (Some(profile), _) => s.rules.tie_rule = profile.tie_rule(),
            (None, Some(rule)) => s.rules.tie_rule = rule,
            (None, None) => errors.add("tie_rule", t("form.choose")),
        }

        let number = |field: &'static str,
                      text: &str,
                      range: std::ops::RangeInclusive<u32>,
                      errors: &mut FieldErrors| {
            match text.trim().parse::<u32>() {
                Ok(n) if range.contains(&n) => Some(n),
                _ => {
                    errors.add(
                        field,
                        format!(
                            "{} {}–{}",
                            t("form.number_between"),
                            range.start(),
                            range.end()
                        ),
                    );
                    None
                }
            }
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

        // The advanced pairing panel: OpenGotha's weights, each at most its maximum.
        let weight =
            |field: &'static str, text: &str, max: i64, errors: &mut FieldErrors| match text
                .trim()
                .parse::<i64>(
            ) {
                Ok(w) if (0..=max).contains(&w) => Some(w),
                _ => {
                    errors.add(field, format!("{} 0–{max}", t("form.number_between")));
                    None
                }
            };
        let p = &mut s.pairing;
        for (field, text, max, slot) in [
            (
                "pai_minimize_score_difference",
                &self.pai_minimize_score_difference,
                100_000_000_000,
                &mut p.minimize_score_difference,
            ),
            (
                "pai_dudd_weight",
                &self.pai_dudd_weight,
                100_000_000,
                &mut p.dudd_weight,
            ),
            (
                "pai_maximize_seeding",
                &self.pai_maximize_seeding,
                5_000_000,
                &mut p.maximize_seeding,
            ),
            (
                "pai_balance_white_black",
                &self.pai_balance_white_black,
                1_000_000,
                &mut p.balance_white_black,
            ),
            ("pai_random", &self.pai_random, 1_000_000_000, &mut p.random),
            (
                "pai_avoid_same_geo",
                &self.pai_avoid_same_geo,
                100_000_000_000_000,
                &mut p.avoid_same_geo,
            ),
        ] {
            if let Some(w) = weight(field, text, max, &mut errors) {
                *slot = w;
            }
        }
        let club = number(
            "pai_prefer_mms_diff_rather_than_same_club",
            &self.pai_prefer_mms_diff_rather_than_same_club,
            0..=10,
            &mut errors,
        );
        let country = number(
            "pai_prefer_mms_diff_rather_than_same_country",
            &self.pai_prefer_mms_diff_rather_than_same_country,
            0..=10,
            &mut errors,
        );
        if let (Some(club), Some(country)) = (club, country) {
            (
                s.pairing.prefer_mms_diff_rather_than_same_club,
                s.pairing.prefer_mms_diff_rather_than_same_country,
            ) = (club as i32, country as i32);
        }
        match (
            value_of(&SEED_SYSTEMS, &self.pai_seed_system1),
            value_of(&SEED_SYSTEMS, &self.pai_seed_system2),
        ) {
            (Some(a), Some(b)) => (s.pairing.seed_system1, s.pairing.seed_system2) = (a, b),
            _ => errors.add("pai_seed_system1", t("form.choose")),
        }
        if let Some(n) = number(
            "pai_last_round_for_seed_system1",
            &self.pai_last_round_for_seed_system1,
            1..=21,
            &mut errors,
        ) {
            s.pairing.last_round_for_seed_system1 = n;
        }
        if let Some(threshold) = rank(
            "pai_secondary_rank_threshold",
            &self.pai_secondary_rank_threshold,
            &mut errors,
        ) {
            s.pairing.secondary_rank_threshold = threshold;
        }
        if self.use_presets.is_some() {
            let system = s.system;
            presets::apply(&mut s, system);
        }

        let late = number(
            "late_forfeit_minutes",
            &self.late_forfeit_minutes,
            0..=600,
            &mut errors,
        );
        let ruleset = match self.ruleset.trim() {
            "" => Some(Ruleset::Egf),
            key => Ruleset::from_key(key),
        };
        if ruleset.is_none() {
            errors.add("ruleset", t("form.choose"));
        }
        let valid = ValidForm {
            settings: s,
            time_zone: self.time_zone.trim().to_string(),
            schedule: self.schedule.trim().to_string(),
            registration_open: self.registration_open.is_some(),
            is_public: self.is_public.is_some(),
            late_forfeit_minutes: late.unwrap_or(60) as i32,
            ruleset: ruleset.unwrap_or(Ruleset::Egf),
        };
        // The settings' own rules are the core's (the door checks them again
        // on saving); asked here too so that the form says every problem at once.
        for p in crate::core::command::check_settings(&valid.settings, &valid.header(), None) {
            if errors.get(p.field).is_empty() {
                errors.add(p.field, super::refusals::field_text(ctx.lang, &p));
            }
        }
        if errors.is_empty() {
            Ok(valid)
        } else {
            Err(errors)
        }
    }
}

/// The time control as typed, with its EGF adjusted time and class
/// (`60 min + 5×30 s · 82 min 30 s · class A`); `None` while a field is unreadable.
pub fn time_summary(
    form: &TournamentForm,
    lang: super::i18n::Lang,
    internet: bool,
) -> Option<String> {
    use crate::core::rules::time::TimeControl;
    let number = |text: &str| text.trim().parse::<u32>().ok();
    let time = crate::core::settings::TimeSystem {
        basic_minutes: number(&form.basic_minutes)?,
        overtime: value_of(&OVERTIMES, &form.overtime)?,
        std_byo_yomi_seconds: number(&form.byo_yomi_seconds)?,
        canadian_moves: number(&form.canadian_moves)?.max(1),
        canadian_seconds: number(&form.canadian_seconds)?,
        fischer_seconds: number(&form.fischer_seconds)?,
    };
    let control = TimeControl::from(&time);
    Some(format!(
        "{} · {} {} · {} {}",
        time_label(&control, lang),
        lang.t("settings.adjusted_time"),
        span(control.egf_adjusted_time(), lang),
        lang.t("overview.egf_class"),
        control.egf_class(internet)
    ))
}

/// A duration as people write it in `lang`: `90 min`, `1 мин 30 с`.
fn span(d: std::time::Duration, lang: super::i18n::Lang) -> String {
    let unit = |key, n: u64| lang.tf(key, &[("n", n.to_string())]);
    match (d.as_secs() / 60, d.as_secs() % 60) {
        (0, s) => unit("time.seconds", s),
        (m, 0) => unit("time.minutes", m),
        (m, s) => format!("{} {}", unit("time.minutes", m), unit("time.seconds", s)),
    }
}

/// A time control's label in `lang` (the core's `Display` is the English
/// one, kept for files): `60 мин + 5×30 с`, `45 хв + 15 с за хід`.
pub fn time_label(
    control: &crate::core::rules::time::TimeControl,
    lang: super::i18n::Lang,
) -> String {
    use crate::core::rules::time::Overtime;
    let main = span(control.main, lang);
    let overtime = match control.overtime {
        Overtime::SuddenDeath => return main,
        Overtime::ByoYomi { periods, period } => format!("{periods}×{}", span(period, lang)),
        Overtime::Canadian { stones, period } => format!(
            "{}/{}",
            lang.plural("time.canadian", u64::from(stones)),
            span(period, lang)
        ),
        Overtime::Fischer { increment } => {
            lang.tf("time.fischer", &[("span", span(increment, lang))])
        }
        Overtime::Ing => lang.tf("time.ing", &[("span", span(control.ing_period(), lang))]),
    };
    format!("{main} + {overtime}")
}

const CRITERION_FIELDS: [&str; CRITERIA_SLOTS] = [
    "criterion_1",
    "criterion_2",
    "criterion_3",
    "criterion_4",
    "criterion_5",
    "criterion_6",
];

impl ValidForm {
    /// What the referees and the appeals committee follow: the rule text's
    /// values with the tournament's forfeit time.
    pub fn discipline(&self) -> DisciplineSettings {
        DisciplineSettings::for_ruleset(self.ruleset)
            .with_forfeit_minutes(self.late_forfeit_minutes.max(0) as u32)
    }

    pub fn header(&self) -> Header {
        Header {
            time_zone: self.time_zone.clone(),
            schedule: self.schedule.clone(),
            registration_open: self.registration_open,
            is_public: self.is_public,
            late_forfeit_minutes: self.late_forfeit_minutes,
        }
    }
}

/// Each criterion's short name with its explanation in `lang`, as the
/// standings and the protocol head their columns.
pub fn named(lang: super::i18n::Lang, criteria: &[Criterion]) -> Vec<(String, String)> {
    criteria
        .iter()
        .map(|c| {
            (
                c.name().to_string(),
                lang.t(&format!("criterion.{}", c.name())),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_is_read_as_people_write_it() {
        assert_eq!(parse_komi("6.5"), Some(HalfPoints::from_halves(13)));
        assert_eq!(parse_komi("7,5"), Some(HalfPoints::from_halves(15)));
        assert_eq!(parse_komi("8"), Some(HalfPoints::from_halves(16)));
        assert_eq!(parse_komi("0.5"), Some(HalfPoints::from_halves(1)));
        assert_eq!(parse_komi("-0.5"), Some(HalfPoints::from_halves(-1)));
        assert_eq!(parse_komi("6.25"), None);
        assert_eq!(parse_komi("lots"), None);
    }

    #[test]
    fn stored_settings_survive_the_form_unchanged() {
        let settings = Settings::default();
        let form = TournamentForm::from_settings(&settings, "UTC", true, false, 45);
        let ctx = Ctx {
            lang: crate::web::i18n::Lang::En,
            user: None,
            csrf: String::new(),
            path: String::new(),
            notice: String::new(),
        };
        let valid = form
            .validate(&ctx, &settings)
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(valid.settings, settings);
        assert_eq!(
            (
                valid.registration_open,
                valid.is_public,
                valid.late_forfeit_minutes
            ),
            (true, false, 45)
        );
    }

    #[test]
    fn the_referee_panel_survives_the_form_and_a_nameless_referee_is_refused() {
        let mut settings = Settings::default();
        settings.general.director = "Петров П. П.".into();
        settings.general.panel = RefereePanel {
            chief_referee: PanelMember {
                name: "Иванов И. И.".into(),
                category: "судья всероссийской категории".into(),
            },
            chief_secretary: PanelMember {
                name: "Сидорова С. С.".into(),
                category: String::new(),
            },
            referees: vec![
                PanelMember {
                    name: "Ким К.".into(),
                    category: "судья первой категории".into(),
                },
                PanelMember {
                    name: "Ли Л.".into(),
                    category: String::new(),
                },
            ],
        };
        settings.general.rank_norms = "Иванов — КМС".into();
        let ctx = Ctx {
            lang: crate::web::i18n::Lang::Ru,
            user: None,
            csrf: String::new(),
            path: String::new(),
            notice: String::new(),
        };
        let mut form = TournamentForm::from_settings(&settings, "UTC", false, true, 60);
        let valid = form
            .validate(&ctx, &Settings::default())
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(valid.settings.general, settings.general);

        form.referees = "Ким К.\n, судья первой категории".into();
        let errors = form.validate(&ctx, &settings).err().expect("refused");
        assert!(!errors.get("referees").is_empty());
    }

    #[test]
    fn a_rules_profile_sets_komi_and_tie_rule() {
        let mut form = TournamentForm::from_settings(&Settings::default(), "UTC", false, true, 60);
        form.rules_profile = "SimplifiedIngArea".into();
        form.komi = "6.5".into();
        let ctx = Ctx {
            lang: crate::web::i18n::Lang::En,
            user: None,
            csrf: String::new(),
            path: String::new(),
            notice: String::new(),
        };
        let valid = form
            .validate(&ctx, &Settings::default())
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(valid.settings.rules.komi, HalfPoints::from_points(8));
        assert_eq!(valid.settings.rules.tie_rule, TieRule::BlackWins);
    }

    #[test]
    fn every_wrong_field_gets_its_own_message() {
        let mut form = TournamentForm::for_new();
        form.short_name = "no spaces allowed".into();
        form.rounds = "0".into();
        form.komi = "6.3".into();
        form.floor = "5d".into();
        form.criterion_2 = form.criterion_1.clone();
        let ctx = Ctx {
            lang: crate::web::i18n::Lang::En,
            user: None,
            csrf: String::new(),
            path: String::new(),
            notice: String::new(),
        };
        let errors = form
            .validate(&ctx, &Settings::default())
            .err()
            .expect("refused");
        for field in [
            "name",
            "short_name",
            "rounds",
            "komi",
            "floor",
            "criterion_2",
        ] {
            assert!(!errors.get(field).is_empty(), "{field} has no message");
        }
    }
}
