//! Who may play, and in which age group.
//!
//! - The credentials commission's checks (Ukrainian rules III.6–7: documents
//!   and a doctor's clearance; XII.3–4: anti-doping education, and nobody
//!   on the suspension list is admitted). The tournament names the checks it
//!   requires; a player without one of them is registered but not admitted,
//!   and the pairing leaves them out ([`crate::core::pairing::pair_round`]).
//!   The EGF and RFG texts require none, so none is required by default.
//!   An inclusive event (XIII.3) requires the clearance and an insurance
//!   policy for its days ([`crate::core::inclusive`]).
//! - Age groups by birth year: age = the event's year − the birth year
//!   (RFG art. 19; Ukrainian rules IV.1.1 count the age on 31 December of the
//!   event's year, which is the same number). A group is a range of ages;
//!   groups may not overlap, and the standings can be shown per group.

pub use crate::core::player::Checks;
pub use crate::core::problem::EntryRefusal;
pub use crate::core::settings::{Admission, AgeGroup};
use crate::core::standings::{Row, Standings};
use crate::core::{Player, PlayerId, RoundNo, Settings, Tournament};

/// Why a player may not enter the event.
pub fn entry_refusals(settings: &Settings, player: &Player) -> Vec<EntryRefusal> {
    let refusal = |field, key, args| EntryRefusal { field, key, args };
    let rules = &settings.admission;
    let mut refusals = Vec::new();
    if rules.min_age.is_some() || rules.max_age.is_some() {
        match age(settings, player) {
            None => refusals.push(refusal("birth_year", "admission.birth_year_needed", vec![])),
            Some(a) if rules.min_age.is_some_and(|min| a < min) => refusals.push(refusal(
                "birth_year",
                "admission.too_young",
                vec![("age", rules.min_age.unwrap_or_default().to_string())],
            )),
            Some(a) if rules.max_age.is_some_and(|max| a > max) => refusals.push(refusal(
                "birth_year",
                "admission.too_old",
                vec![("age", rules.max_age.unwrap_or_default().to_string())],
            )),
            Some(_) => {}
        }
    }
    if rules.women_only && player.gender != Some(crate::core::player::Gender::Female) {
        refusals.push(refusal("gender", "admission.women_only", vec![]));
    }
    refusals.extend(crate::core::inclusive::insurance_refusals(player));
    refusals
}

impl AgeGroup {
    fn overlaps(&self, other: &AgeGroup) -> bool {
        let low = self.min_age.unwrap_or(0).max(other.min_age.unwrap_or(0));
        let high = self
            .max_age
            .unwrap_or(u16::MAX)
            .min(other.max_age.unwrap_or(u16::MAX));
        low <= high
    }
}

/// Why a player is not admitted, as translation keys; empty when admitted.
pub fn not_admitted_because(settings: &Settings, player: &Player) -> Vec<&'static str> {
    let required = settings.admission.required;
    let recorded = player.checks;
    // Ukrainian rules XIII.3: an inclusive event admits on the doctor's
    // clearance and a policy covering its days, whatever else it requires.
    let inclusive = settings.admission.inclusive;
    let mut why = Vec::new();
    if player.suspended {
        why.push("admission.suspended");
    }
    for (needed, has, key) in [
        (
            required.documents,
            recorded.documents,
            "admission.missing_documents",
        ),
        (
            required.medical || inclusive,
            recorded.medical,
            "admission.missing_medical",
        ),
        (
            required.anti_doping,
            recorded.anti_doping,
            "admission.missing_anti_doping",
        ),
    ] {
        if needed && !has {
            why.push(key);
        }
    }
    if inclusive {
        why.extend(crate::core::inclusive::insurance_gap(
            settings,
            &player.insurance,
        ));
    }
    why
}

/// Whether the player may be paired.
pub fn is_admitted(settings: &Settings, player: &Player) -> bool {
    not_admitted_because(settings, player).is_empty()
}

/// The tournament as the pairing of `round` sees it: a player not admitted
/// sits the round out, as one who does not take part in it. `None` when
/// every player who takes part is admitted.
pub fn without_unadmitted(t: &Tournament, round: RoundNo) -> Option<Tournament> {
    let out: Vec<PlayerId> = t
        .players()
        .iter()
        .filter(|p| p.participation.plays(round) && !is_admitted(t.settings(), p))
        .map(|p| p.id)
        .collect();
    if out.is_empty() {
        return None;
    }
    let mut t = t.clone();
    for id in out {
        t.set_participation(id, round, false).ok()?;
    }
    Some(t)
}

/// The event's year, from its first day (`YYYY-MM-DD`).
fn event_year(settings: &Settings) -> Option<u16> {
    settings.general.begin_date.get(..4)?.parse().ok()
}

/// The player's age for the age groups: the event's year − the birth year.
pub fn age(settings: &Settings, player: &Player) -> Option<u16> {
    event_year(settings)?.checked_sub(player.birth_year?)
}

/// The age group the player belongs to, if any.
pub fn age_group<'s>(settings: &'s Settings, player: &Player) -> Option<&'s AgeGroup> {
    let age = age(settings, player)?;
    settings
        .admission
        .age_groups
        .iter()
        .find(|g| g.contains(age))
}

/// The standings of one age group: its players in the order of the whole
/// table, placed from 1 among themselves, equal values sharing a place.
pub fn age_group_standings(t: &Tournament, table: &Standings, group: &AgeGroup) -> Standings {
    let mut rows: Vec<Row> = table
        .rows
        .iter()
        .filter(|r| {
            t.player(r.player)
                .and_then(|p| age(t.settings(), p))
                .is_some_and(|a| group.contains(a))
        })
        .cloned()
        .collect();
    for i in 0..rows.len() {
        rows[i].place = if i > 0 && rows[i].values == rows[i - 1].values {
            rows[i - 1].place
        } else {
            i as u32 + 1
        };
    }
    Standings {
        rows,
        ..table.clone()
    }
}

/// The first two groups whose ages overlap, or a group whose bounds are
/// reversed (given as the same group twice).
pub fn overlapping(groups: &[AgeGroup]) -> Option<(&AgeGroup, &AgeGroup)> {
    for (i, a) in groups.iter().enumerate() {
        if let (Some(min), Some(max)) = (a.min_age, a.max_age)
            && min > max
        {
            return Some((a, a));
        }
        if let Some(b) = groups[i + 1..].iter().find(|b| a.overlaps(b)) {
            return Some((a, b));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{PlayerId, Rank};

    fn group(name: &str, min: Option<u16>, max: Option<u16>) -> AgeGroup {
        AgeGroup {
            name: name.into(),
            min_age: min,
            max_age: max,
        }
    }

    fn born(year: u16) -> Player {
        let mut p = Player::new(PlayerId(1), "Lee", "Ann", Rank::Kyu(5));
        p.birth_year = Some(year);
        p
    }

    /// Ukrainian rules IV.1.1, RFG 19: age by birth year only; born 2013,
    /// a 2025 event: 12, in "up to 12" and not in "up to 10".
    #[test]
    fn a_player_born_in_2013_is_twelve_at_a_2025_event() {
        let mut settings = Settings::default();
        settings.general.begin_date = "2025-03-01".into();
        settings.admission.age_groups = vec![
            group("U10", None, Some(10)),
            group("U12", Some(11), Some(12)),
            group("Veterans", Some(60), None),
        ];
        let player = born(2013);
        assert_eq!(age(&settings, &player), Some(12));
        assert_eq!(age_group(&settings, &player).unwrap().name, "U12");
        assert!(!settings.admission.age_groups[0].contains(12));
        assert_eq!(age_group(&settings, &born(1964)).unwrap().name, "Veterans");
        assert!(age_group(&settings, &born(1970)).is_none(), "55: no group");
    }

    #[test]
    fn overlapping_or_reversed_groups_are_found() {
        let apart = [
            group("U10", None, Some(10)),
            group("U12", Some(11), Some(12)),
        ];
        assert!(overlapping(&apart).is_none());
        let both_twelve = [
            group("U12", None, Some(12)),
            group("U14", Some(12), Some(14)),
        ];
        assert_eq!(overlapping(&both_twelve).unwrap().1.name, "U14");
        let reversed = [group("odd", Some(14), Some(12))];
        assert!(overlapping(&reversed).is_some());
    }

    /// Ukrainian rules IV.1.1: a player of 12 may enter an under-14 or an
    /// open event but not a veterans' one; a veterans' event refuses 59; a
    /// women's event refuses a man, and a men's event takes a woman.
    #[test]
    fn entry_follows_the_events_ages_and_gender() {
        use crate::core::player::Gender;
        let mut settings = Settings::default();
        settings.general.begin_date = "2025-05-01".into();
        let twelve = born(2013);
        let refused = |s: &Settings, p: &Player| -> Vec<&str> {
            entry_refusals(s, p).into_iter().map(|r| r.key).collect()
        };
        assert!(refused(&settings, &twelve).is_empty(), "an open event");
        settings.admission.max_age = Some(14);
        assert!(refused(&settings, &twelve).is_empty(), "under 14");
        settings.admission.max_age = Some(10);
        assert_eq!(refused(&settings, &twelve), ["admission.too_old"]);
        settings.admission.max_age = None;
        settings.admission.min_age = Some(60);
        assert_eq!(refused(&settings, &twelve), ["admission.too_young"]);
        assert_eq!(
            refused(&settings, &born(1966)),
            ["admission.too_young"],
            "59"
        );
        assert!(refused(&settings, &born(1965)).is_empty(), "60");
        let mut unknown = born(1960);
        unknown.birth_year = None;
        assert_eq!(
            refused(&settings, &unknown),
            ["admission.birth_year_needed"]
        );

        let mut open = Settings::default();
        let mut man = born(1990);
        man.gender = Some(Gender::Male);
        let mut woman = born(1990);
        woman.gender = Some(Gender::Female);
        assert!(
            refused(&open, &woman).is_empty(),
            "a woman in an open (men's) event"
        );
        open.admission.women_only = true;
        assert_eq!(refused(&open, &man), ["admission.women_only"]);
        assert!(refused(&open, &woman).is_empty());
    }

    /// RFG 19: the standings of an age group keep the whole table's order
    /// and place its players from 1.
    #[test]
    fn an_age_group_has_its_own_places() {
        use crate::core::standings::standings;
        let mut settings = Settings::default();
        settings.display.display_non_playing_players = true;
        settings.general.begin_date = "2025-05-01".into();
        let u12 = group("U12", None, Some(12));
        settings.admission.age_groups = vec![u12.clone()];
        let mut t = Tournament::new(settings);
        for (name, year) in [("Old", 1990), ("Kid", 2014), ("Teen", 2008), ("Tot", 2016)] {
            let mut p = born(year);
            p.name = name.into();
            t.register(p);
        }
        let criteria = t.settings().placement.clone();
        let table = standings(&t, 1, &criteria);
        assert_eq!(table.rows.len(), 4);
        let kids = age_group_standings(&t, &table, &u12);
        let names: Vec<&str> = kids
            .rows
            .iter()
            .map(|r| t.player(r.player).unwrap().name.as_str())
            .collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(sorted, ["Kid", "Tot"]);
        assert_eq!(kids.rows[0].place, 1);
    }

    /// Ukrainian rules III.7, XII.3–4: a player without a required check
    /// (a doctor's clearance, the ADEL certificate), or on the suspension
    /// list, is not admitted; nothing is required unless
    /// the tournament says so.
    #[test]
    fn a_required_check_missing_or_a_suspension_keeps_a_player_out() {
        let mut settings = Settings::default();
        let mut player = born(2000);
        assert!(is_admitted(&settings, &player));
        settings.admission.required.medical = true;
        assert_eq!(
            not_admitted_because(&settings, &player),
            ["admission.missing_medical"]
        );
        player.checks.medical = true;
        assert!(is_admitted(&settings, &player));
        settings.admission.required.anti_doping = true;
        assert_eq!(
            not_admitted_because(&settings, &player),
            ["admission.missing_anti_doping"]
        );
        player.checks.anti_doping = true;
        assert!(is_admitted(&settings, &player));
        player.suspended = true;
        assert_eq!(
            not_admitted_because(&settings, &player),
            ["admission.suspended"]
        );
    }
}
