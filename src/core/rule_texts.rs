//! One table per rule text (EGF GTR, RFG code, Ukrainian rules, and the
//! organiser's own, which fixes nothing): every default the text fixes,
//! each with its article. Choosing a text applies its table ([`apply`]); [`changes`] says
//! beforehand what that would change, for the settings form's confirmation
//! and the API's answer.
//!
//! A value a text leaves open (the EGF GTR's rules of play, the Ukrainian
//! lateness limit) is not in its table and stays as the tournament has it,
//! so the EGF table never touches the settings OpenGotha files carry.

use crate::core::admission::Checks;
use crate::core::discipline::{DisciplineSettings, Ruleset};
use crate::core::rules::ForfeitTime;
use crate::core::rules::profile::Profile;
use crate::core::settings::{Settings, System};
use crate::core::standings::Criterion;
use crate::core::units::HalfPoints;

impl DisciplineSettings {
    /// The values a rule text gives ([`table`]),
    /// or the EGF value where it is silent.
    pub fn for_ruleset(ruleset: Ruleset) -> Self {
        let egf = DisciplineSettings {
            ruleset,
            // GTR "Sanctions > Warning": two warnings in the same game.
            warnings_to_forfeit: 2,
            // GTR "Timing rules > Start": late 60 minutes or more.
            forfeit_time: ForfeitTime::EGF,
            // GTR "Other overtime systems": entering each Ing period costs 2 points.
            ing_period_penalty: HalfPoints::from_points(2),
            // RFG App. 4 §3.6 4): 3 points; the GTR names no size.
            pair_go_order_penalty: HalfPoints::from_points(3),
            // The GTR keeps a leaver's games (removal: "past results not stated").
            annul_below_half: false,
            // GTR "Arbitration > Player responsibility": no protest, no appeal.
            protest_required: true,
            // GTR "Arbitration > Appeals committee": three persons and reserves.
            committee_members: 3,
            committee_reserves: 1,
            exclude_club_mates: false,
            appeal_deadline_minutes: None,
        };
        // The text's own values over the EGF's (core::rule_texts's table).
        let mut d = egf;
        let mut scratch = Settings::default();
        apply(ruleset, &mut scratch, &mut d);
        d
    }
}

impl Default for DisciplineSettings {
    /// The EGF General Tournament Rules.
    fn default() -> Self {
        DisciplineSettings::for_ruleset(Ruleset::Egf)
    }
}

/// A default one rule text fixes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fixed {
    /// The rules of play: what an equal count means and the komi of
    /// handicap games come with them.
    RulesOfPlay(Profile),
    /// The komi of even games.
    EvenKomi(HalfPoints),
    /// The points (wins and McMahon score) of a bye under these systems.
    ByePoints(&'static [System], HalfPoints),
    /// The tiebreaks, in order, under these systems.
    Tiebreaks(&'static [System], &'static [Criterion]),
    /// Warnings in one game that lose it.
    WarningsToLose(u32),
    /// Whether a lateness of exactly the limit loses the game (the limit's
    /// minutes, 60 by default, are the tournament's).
    Lateness(ForfeitTime),
    /// The checks a player needs to be admitted (and paired).
    Admission(Checks),
    /// Members of the appeals committee.
    CommitteeMembers(u32),
    /// Reserves named with the committee.
    CommitteeReserves(u32),
    /// An appeal about a finished game needs a protest first.
    ProtestRequired(bool),
    /// A player who leaves before half their games has them annulled.
    AnnulBelowHalf(bool),
    /// The penalty for each Ing overtime period.
    IngPeriodPenalty(HalfPoints),
    /// The penalty for a move out of turn in pair go.
    PairGoOrderPenalty(HalfPoints),
    /// Two stones off the handicap between players weaker than 15 kyu.
    WeakPlayersMinusTwo(bool),
    /// No geographic preference in the McMahon top group.
    NoGeographyInTopGroup(bool),
}

/// One row of a rule text's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub fixed: Fixed,
    /// Where the text fixes it.
    pub article: &'static str,
}

const fn entry(fixed: Fixed, article: &'static str) -> Entry {
    Entry { fixed, article }
}

const SWISS_AND_MCMAHON: &[System] = &[
    System::McMahon,
    System::Swiss,
    System::SwissCat,
    System::RfgSwiss,
    System::UkraineSwiss,
];
const EVERY_SYSTEM: &[System] = &[
    System::McMahon,
    System::Swiss,
    System::SwissCat,
    System::Cup,
    System::RoundRobin,
    System::Knockout,
    System::RfgSwiss,
    System::UkraineSwiss,
];
const UA_MCMAHON_TIEBREAKS: &[Criterion] = &[
    Criterion::Mms,
    Criterion::Sosm,
    Criterion::Sodosm,
    Criterion::Sososm,
    Criterion::HeadToHead,
    Criterion::Rating,
];
const UA_SWISS_TIEBREAKS: &[Criterion] = &[
    Criterion::Nbw,
    Criterion::BuchholzUa,
    Criterion::Sodosw,
    Criterion::Sososw,
    Criterion::HeadToHead,
    Criterion::Rating,
];

const EGF: &[Entry] = &[
    entry(Fixed::WarningsToLose(2), "GTR Sanctions: Warning"),
    entry(Fixed::Lateness(ForfeitTime::EGF), "GTR Timing rules: Start"),
    entry(
        Fixed::CommitteeMembers(3),
        "GTR Arbitration: Appeals committee",
    ),
    entry(
        Fixed::CommitteeReserves(1),
        "GTR Arbitration: Appeals committee",
    ),
    entry(
        Fixed::ProtestRequired(true),
        "GTR Arbitration: Player responsibility",
    ),
    entry(Fixed::AnnulBelowHalf(false), "GTR Sanctions: Removal"),
    entry(
        Fixed::IngPeriodPenalty(HalfPoints::from_points(2)),
        "GTR Other overtime systems",
    ),
];

const RFG: &[Entry] = &[
    entry(Fixed::RulesOfPlay(Profile::JapaneseTerritory), "RFG 15.1 б"),
    entry(Fixed::EvenKomi(HalfPoints::from_halves(13)), "RFG 16.4 б"),
    entry(
        Fixed::ByePoints(EVERY_SYSTEM, HalfPoints::ONE),
        "RFG 20.2 а",
    ),
    entry(Fixed::WarningsToLose(2), "RFG 21(S).2 б"),
    entry(Fixed::Lateness(ForfeitTime::RFG), "RFG 21.4 а"),
    entry(Fixed::AnnulBelowHalf(true), "RFG 21.5 б"),
    entry(Fixed::CommitteeMembers(3), "RFG 26.4 а"),
    entry(Fixed::CommitteeReserves(2), "RFG 26.4 а"),
    entry(Fixed::ProtestRequired(true), "RFG 26.3 б"),
    entry(
        Fixed::PairGoOrderPenalty(HalfPoints::from_points(3)),
        "RFG App. 4 §3.6",
    ),
    entry(Fixed::WeakPlayersMinusTwo(true), "RFG App. 5 §5.5"),
    entry(Fixed::NoGeographyInTopGroup(true), "RFG App. 9 §7.4"),
];

const UKRAINE: &[Entry] = &[
    entry(
        Fixed::RulesOfPlay(Profile::JapaneseTerritory),
        "UA VIII (Japanese rules)",
    ),
    entry(Fixed::EvenKomi(HalfPoints::from_halves(13)), "UA VIII.17"),
    entry(
        Fixed::ByePoints(SWISS_AND_MCMAHON, HalfPoints::ONE),
        "UA II.5, II.6",
    ),
    entry(
        Fixed::Tiebreaks(&[System::McMahon], UA_MCMAHON_TIEBREAKS),
        "UA III.3",
    ),
    entry(
        Fixed::Tiebreaks(&[System::Swiss, System::UkraineSwiss], UA_SWISS_TIEBREAKS),
        "UA II.5, III.3",
    ),
    entry(Fixed::WarningsToLose(3), "UA IV.4 3)"),
    entry(
        Fixed::Admission(Checks {
            documents: true,
            medical: true,
            anti_doping: true,
        }),
        "UA III.6–7, XII.4",
    ),
    entry(Fixed::ProtestRequired(false), "UA VI"),
];

/// The organiser's own rules fix nothing: every setting stays as chosen
/// (an OpenGotha file's, say).
const CUSTOM: &[Entry] = &[];

/// The defaults `ruleset` fixes, in the order its table lists them.
pub fn table(ruleset: Ruleset) -> &'static [Entry] {
    match ruleset {
        Ruleset::Egf => EGF,
        Ruleset::Rfg => RFG,
        Ruleset::Ukraine => UKRAINE,
        Ruleset::Custom => CUSTOM,
    }
}

impl Fixed {
    /// Whether the default holds for a tournament under `system`.
    pub fn applies_to(self, system: System) -> bool {
        match self {
            Fixed::ByePoints(systems, _) | Fixed::Tiebreaks(systems, _) => {
                systems.contains(&system)
            }
            _ => true,
        }
    }

    /// The key of its name in the locale files.
    pub fn key(self) -> &'static str {
        match self {
            Fixed::RulesOfPlay(_) => "rule_text.rules_of_play",
            Fixed::EvenKomi(_) => "rule_text.even_komi",
            Fixed::ByePoints(..) => "rule_text.bye_points",
            Fixed::Tiebreaks(..) => "rule_text.tiebreaks",
            Fixed::WarningsToLose(_) => "rule_text.warnings_to_lose",
            Fixed::Lateness(_) => "rule_text.lateness",
            Fixed::Admission(_) => "rule_text.admission",
            Fixed::CommitteeMembers(_) => "rule_text.committee_members",
            Fixed::CommitteeReserves(_) => "rule_text.committee_reserves",
            Fixed::ProtestRequired(_) => "rule_text.protest_required",
            Fixed::AnnulBelowHalf(_) => "rule_text.annul_below_half",
            Fixed::IngPeriodPenalty(_) => "rule_text.ing_period_penalty",
            Fixed::PairGoOrderPenalty(_) => "rule_text.pair_go_order_penalty",
            Fixed::WeakPlayersMinusTwo(_) => "rule_text.weak_players_minus_two",
            Fixed::NoGeographyInTopGroup(_) => "rule_text.no_geography_in_top_group",
        }
    }

    fn set(self, s: &mut Settings, d: &mut DisciplineSettings) {
        match self {
            Fixed::RulesOfPlay(profile) => {
                s.rules.profile = Some(profile);
                s.rules.tie_rule = profile.tie_rule();
            }
            Fixed::EvenKomi(komi) => s.rules.komi = komi,
            Fixed::ByePoints(_, points) => {
                s.unplayed.nbw_bye = points;
                s.unplayed.mms_bye = points;
            }
            Fixed::Tiebreaks(_, criteria) => s.placement = criteria.to_vec(),
            Fixed::WarningsToLose(n) => d.warnings_to_forfeit = n,
            // The minutes are the organiser's ("60 unless stated otherwise",
            // RFG 21.4 а); the text fixes whether the limit itself loses.
            Fixed::Lateness(time) => d.forfeit_time.limit_loses = time.limit_loses,
            Fixed::Admission(checks) => s.admission.required = checks,
            Fixed::CommitteeMembers(n) => d.committee_members = n,
            Fixed::CommitteeReserves(n) => d.committee_reserves = n,
            Fixed::ProtestRequired(on) => d.protest_required = on,
            Fixed::AnnulBelowHalf(on) => d.annul_below_half = on,
            Fixed::IngPeriodPenalty(p) => d.ing_period_penalty = p,
            Fixed::PairGoOrderPenalty(p) => d.pair_go_order_penalty = p,
            Fixed::WeakPlayersMinusTwo(on) => s.handicap.weak_players_minus_two = on,
            Fixed::NoGeographyInTopGroup(on) => s.pairing.no_geography_in_top_group = on,
        }
    }

    /// The value this default sets, as it stands in `s` and `d`.
    fn read(self, s: &Settings, d: &DisciplineSettings) -> Value {
        match self {
            Fixed::RulesOfPlay(_) => Value::Profile(s.rules.profile),
            Fixed::EvenKomi(_) => Value::Points(s.rules.komi),
            Fixed::ByePoints(..) => Value::Points(s.unplayed.nbw_bye),
            Fixed::Tiebreaks(..) => Value::Criteria(s.placement.clone()),
            Fixed::WarningsToLose(_) => Value::Count(d.warnings_to_forfeit),
            Fixed::Lateness(_) => Value::Lateness(d.forfeit_time),
            Fixed::Admission(_) => Value::Checks(s.admission.required),
            Fixed::CommitteeMembers(_) => Value::Count(d.committee_members),
            Fixed::CommitteeReserves(_) => Value::Count(d.committee_reserves),
            Fixed::ProtestRequired(_) => Value::Flag(d.protest_required),
            Fixed::AnnulBelowHalf(_) => Value::Flag(d.annul_below_half),
            Fixed::IngPeriodPenalty(_) => Value::Points(d.ing_period_penalty),
            Fixed::PairGoOrderPenalty(_) => Value::Points(d.pair_go_order_penalty),
            Fixed::WeakPlayersMinusTwo(_) => Value::Flag(s.handicap.weak_players_minus_two),
            Fixed::NoGeographyInTopGroup(_) => Value::Flag(s.pairing.no_geography_in_top_group),
        }
    }
}

/// A value one default reads or sets, for the pages to put in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A rules-of-play profile, or the organiser's own (`None`).
    Profile(Option<Profile>),
    Points(HalfPoints),
    Criteria(Vec<Criterion>),
    Count(u32),
    Lateness(ForfeitTime),
    Checks(Checks),
    Flag(bool),
}

/// What choosing a rule text changes in one default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub entry: Entry,
    pub before: Value,
    pub after: Value,
}

/// Applies the defaults `ruleset` fixes for the tournament's system and
/// says what changed. The discipline settings take the text's values; the
/// settings keep whatever the text leaves open.
pub fn apply(ruleset: Ruleset, s: &mut Settings, d: &mut DisciplineSettings) -> Vec<Change> {
    d.ruleset = ruleset;
    let mut changes = Vec::new();
    for entry in table(ruleset) {
        if !entry.fixed.applies_to(s.system) {
            continue;
        }
        let before = entry.fixed.read(s, d);
        entry.fixed.set(s, d);
        let after = entry.fixed.read(s, d);
        if before != after {
            changes.push(Change {
                entry: *entry,
                before,
                after,
            });
        }
    }
    changes
}

/// Applies the defaults of `ruleset` that depend on the system (a bye's
/// points, the tiebreaks), as a system's standard settings are chosen anew.
pub fn apply_for_system(ruleset: Ruleset, s: &mut Settings) {
    let mut scratch = DisciplineSettings::default();
    for entry in table(ruleset) {
        if matches!(entry.fixed, Fixed::ByePoints(..) | Fixed::Tiebreaks(..))
            && entry.fixed.applies_to(s.system)
        {
            entry.fixed.set(s, &mut scratch);
        }
    }
}

/// What [`apply`] would change, leaving `s` and `d` as they are.
pub fn changes(ruleset: Ruleset, s: &Settings, d: &DisciplineSettings) -> Vec<Change> {
    apply(ruleset, &mut s.clone(), &mut d.clone())
}

#[cfg(test)]
#[path = "rule_texts_tests.rs"]
mod tests;
