//! The tournament form: one struct for creating and editing, holding what
//! the person typed (so a refused form comes back as they left it), and its
//! validation into the core's [`Settings`] (`validate.rs`).

mod fields;
mod pairing_panel;
mod time_words;
mod validate;

pub use time_words::{time_label, time_summary};

use crate::core::discipline::{DisciplineSettings, Ruleset};

use crate::core::events::series::JigoRule;
use crate::core::pairing::parameters::SeedSystem;
use crate::core::presets;
use crate::core::rules::profile::Profile;
use crate::core::settings::HandicapPlacement;
use crate::core::settings::Sides;
use crate::core::settings::{
    Adjournment, Level, Overtime, PanelMember, PreliminaryListing, RefereePanel, Resumption,
    TieRule,
};
use crate::core::{Criterion, HalfPoints, Settings, System};

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
    /// When the regulations were published, `yyyy-mm-dd`.
    pub regulations_published: String,
    pub blitz: Option<String>,
    pub time_zone: String,
    pub system: String,
    pub rounds: String,
    /// Games per round-robin meeting: a match of best of N.
    pub best_of: String,
    /// What a jigo counts for in a match.
    pub match_jigo: String,
    /// Who plays a game: a player, a pair go side or a rengo side.
    pub sides: String,
    pub losers_play_on: Option<String>,
    /// Knockout: two losses eliminate.
    pub two_losses: Option<String>,
    /// Ukrainian Swiss: the largest |Black − White| with an even number of rounds.
    pub colour_gap_even_rounds: String,
    pub bar: String,
    pub floor: String,
    /// Players may start above the bar group (RFG App. 7 §1.3).
    pub supergroup: Option<String>,
    pub board_size: String,
    /// A rules-of-play profile whose komi and tie rule replace the fields below it.
    pub rules_profile: String,
    pub komi: String,
    pub tie_rule: String,
    /// "fixed" or "free".
    pub handicap_placement: String,
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
    /// The places the tiebreaks decide; blank: every place.
    pub tiebreak_places: String,
    /// The credentials commission's checks a player needs to be paired.
    pub required_documents: Option<String>,
    pub required_medical: Option<String>,
    pub required_anti_doping: Option<String>,
    /// Age groups, one a line: `name: min-max` (either end may be left out).
    pub age_groups: String,
    /// Prizes, one a line: `place; money; title; award`.
    pub prizes: String,
    /// Who may enter: the youngest and oldest age, a women's event.
    pub min_age: String,
    pub max_age: String,
    pub women_only: Option<String>,
    /// An inclusive event (Ukrainian rules XIII).
    pub inclusive: Option<String>,
    /// Replace pairing, handicap and placement by the system's standard ones.
    pub use_presets: Option<String>,
    pub pai_minimize_score_difference: String,
    pub pai_dudd_weight: String,
    pub pai_maximize_seeding: String,
    pub pai_balance_white_black: String,
    pub pai_random: String,
    pub pai_avoid_same_geo: String,
    /// No geographic preference inside the top group (RFG App. 9 §7.4).
    pub pai_no_geography_in_top_group: Option<String>,
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
    /// Games may be adjourned; when they resume, one a line; the longest
    /// adjournment in minutes (GTR "Adjournment").
    pub adjournment: Option<String>,
    pub adjournment_times: String,
    pub adjournment_max_minutes: String,
    /// The competition rules referees and the appeals committee follow.
    pub ruleset: String,
    /// Minutes after a referee's decision to appeal it; empty: no deadline.
    pub appeal_deadline_minutes: String,
    pub schedule: String,
    pub director: String,
    pub chief_referee: String,
    pub chief_referee_category: String,
    pub chief_secretary: String,
    pub chief_secretary_category: String,
    /// Deputies and referees, one a line: `name, category`.
    pub referees: String,
    pub rank_norms: String,
    /// The event's level ([`crate::core::settings::Level::key`]).
    pub level: String,
    /// The tournament version the form was loaded at; absent when creating.
    pub version: Option<i32>,
    /// Sent from the preview of what a newly chosen rule text changes: the
    /// organiser saw it and applies it.
    pub confirm_rules: Option<String>,
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
    pub appeal_deadline_minutes: Option<u32>,
}

/// The systems the form offers, as (form value, system).
pub const SYSTEMS: [(&str, System); 8] = [
    ("mcmahon", System::McMahon),
    ("swiss", System::Swiss),
    ("swisscat", System::SwissCat),
    ("cup", System::Cup),
    ("round_robin", System::RoundRobin),
    ("knockout", System::Knockout),
    ("rfg_swiss", System::RfgSwiss),
    ("ukraine_swiss", System::UkraineSwiss),
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

const MATCH_JIGO_RULES: [(&str, JigoRule); 3] = [
    ("half", JigoRule::HalfPointEach),
    ("no_win", JigoRule::NoWin),
    ("replayed", JigoRule::Replayed),
];

const SIDES: [(&str, Sides); 3] = [
    ("individual", Sides::Individual),
    ("pair_go", Sides::PairGo),
    ("rengo", Sides::Rengo),
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
            regulations_published: s.general.regulations_published.clone(),
            blitz: s.general.blitz.then(|| "on".into()),
            time_zone: time_zone.to_string(),
            system: key_of(&SYSTEMS, s.system).to_string(),
            rounds: s.number_of_rounds.to_string(),
            best_of: s.best_of.to_string(),
            match_jigo: key_of(&MATCH_JIGO_RULES, s.match_jigo).to_string(),
            sides: key_of(&SIDES, s.sides).to_string(),
            losers_play_on: s.losers_play_on.then(|| "on".into()),
            two_losses: s.two_losses_eliminate.then(|| "on".into()),
            colour_gap_even_rounds: s.colour_gap_even_rounds.to_string(),
            bar: s.mcmahon.bar.to_string(),
            floor: s.mcmahon.floor.to_string(),
            supergroup: s.supergroup.then(|| "on".into()),
            board_size: s.rules.board_size.to_string(),
            rules_profile: s
                .rules
                .profile
                .map(|p| format!("{p:?}"))
                .unwrap_or_default(),
            komi: s.rules.komi.to_string(),
            tie_rule: key_of(&TIE_RULES, s.rules.tie_rule).to_string(),
            handicap_placement: match s.rules.handicap_placement {
                HandicapPlacement::Fixed => "fixed".into(),
                HandicapPlacement::Free => "free".into(),
            },
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
            tiebreak_places: match s.tiebreak_places {
                0 => String::new(),
                n => n.to_string(),
            },
            required_documents: s.admission.required.documents.then(|| "on".into()),
            required_medical: s.admission.required.medical.then(|| "on".into()),
            required_anti_doping: s.admission.required.anti_doping.then(|| "on".into()),
            prizes: s
                .prizes
                .iter()
                .map(crate::core::prizes::line)
                .collect::<Vec<_>>()
                .join("\n"),
            age_groups: s
                .admission
                .age_groups
                .iter()
                .map(age_group_line)
                .collect::<Vec<_>>()
                .join("\n"),
            min_age: s
                .admission
                .min_age
                .map(|a| a.to_string())
                .unwrap_or_default(),
            max_age: s
                .admission
                .max_age
                .map(|a| a.to_string())
                .unwrap_or_default(),
            women_only: s.admission.women_only.then(|| "on".into()),
            inclusive: s.admission.inclusive.then(|| "on".into()),
            use_presets: None,
            pai_minimize_score_difference: s.pairing.minimize_score_difference.to_string(),
            pai_dudd_weight: s.pairing.dudd_weight.to_string(),
            pai_maximize_seeding: s.pairing.maximize_seeding.to_string(),
            pai_balance_white_black: s.pairing.balance_white_black.to_string(),
            pai_random: s.pairing.random.to_string(),
            pai_avoid_same_geo: s.pairing.avoid_same_geo.to_string(),
            pai_no_geography_in_top_group: s.pairing.no_geography_in_top_group.then(|| "on".into()),
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
            adjournment: s.adjournment.allowed.then(|| "on".into()),
            adjournment_times: s
                .adjournment
                .times
                .iter()
                .map(Resumption::to_string)
                .collect::<Vec<_>>()
                .join("\n"),
            adjournment_max_minutes: s
                .adjournment
                .max_minutes
                .map(|m| m.to_string())
                .unwrap_or_default(),
            ruleset: Ruleset::Egf.key().to_string(),
            confirm_rules: None,
            appeal_deadline_minutes: String::new(),
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
            level: s.general.level.key().to_string(),
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
        DisciplineSettings {
            appeal_deadline_minutes: self.appeal_deadline_minutes,
            ..DisciplineSettings::for_ruleset(self.ruleset)
        }
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
#[cfg(test)]
mod tests;

/// An age group as the form writes it: `U12: -12`, `U16: 13-16`, `Veterans: 60-`.
fn age_group_line(g: &crate::core::admission::AgeGroup) -> String {
    let end = |a: Option<u16>| a.map(|a| a.to_string()).unwrap_or_default();
    format!("{}: {}-{}", g.name, end(g.min_age), end(g.max_age))
}
