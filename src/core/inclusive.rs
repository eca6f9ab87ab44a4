//! Inclusive events (Ukrainian rules XIII): sports events held among war
//! veterans, persons with disabilities and persons with everyday-functioning
//! limitations.
//!
//! - XIII.3: a player is admitted on the doctor's clearance and an insurance
//!   policy valid for the whole event (its terms covering sports events,
//!   which the credentials commission reads before recording it), "without
//!   regard to sports ranks and titles": Tengen records none, and a player
//!   with no Go rank is entered at [`UNRANKED`] rather than refused
//!   (`command::inclusive`).
//! - XIII.6: no sports ranks or titles are awarded, so the final protocol
//!   reports no rank norms ([`crate::core::formats::protocol::RankNorms`]).
//!
//! The section names no classes of functional ability, so none is recorded.

use jiff::civil::Date;

pub use crate::core::player::Insurance;
use crate::core::problem::EntryRefusal;
use crate::core::{Player, Rank, Settings};

/// The rank a player without one enters an inclusive event at: the lowest,
/// so the McMahon groups and handicaps still have a number.
pub const UNRANKED: Rank = Rank::Kyu(30);

/// The event's first and last day, when its dates are readable; a one-day
/// event may leave its last day out.
pub fn event_days(settings: &Settings) -> Option<(Date, Date)> {
    let first: Date = settings.general.begin_date.trim().parse().ok()?;
    let last = match settings.general.end_date.trim() {
        "" => first,
        text => text.parse().ok()?,
    };
    Some((first, last))
}

/// Why the player's policy does not cover every day of the event, as a
/// translation key; `None` when it does.
pub fn insurance_gap(settings: &Settings, insurance: &Insurance) -> Option<&'static str> {
    let Some(until) = insurance.until else {
        return Some("admission.no_insurance");
    };
    // The settings of an inclusive event keep its dates (check_settings);
    // without them no day can be shown to be uncovered.
    let (first, last) = event_days(settings)?;
    if insurance.from.is_some_and(|from| from > first) {
        Some("admission.insurance_starts_late")
    } else if until < last {
        Some("admission.insurance_ends_early")
    } else {
        None
    }
}

/// A policy recorded as it cannot be: valid from a day but to no day, or
/// ending before it begins.
pub fn insurance_refusals(player: &Player) -> Vec<EntryRefusal> {
    let Insurance { from, until } = player.insurance;
    let key = match (from, until) {
        (Some(_), None) => "admission.insurance_until_needed",
        (Some(from), Some(until)) if until < from => "admission.insurance_reversed",
        _ => return Vec::new(),
    };
    vec![EntryRefusal {
        field: "insured_until",
        key,
        args: Vec::new(),
    }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::admission::{entry_refusals, is_admitted, not_admitted_because};
    use crate::core::pairing::pair_round;
    use crate::core::{PlayerId, RoundNo, Tournament};

    fn day(text: &str) -> Date {
        text.parse().unwrap()
    }

    /// An inclusive event from 1 to 3 May 2025.
    fn inclusive() -> Settings {
        let mut settings = Settings::default();
        settings.general.begin_date = "2025-05-01".into();
        settings.general.end_date = "2025-05-03".into();
        settings.admission.inclusive = true;
        settings
    }

    fn cleared(name: &str, rank: Rank, until: &str) -> Player {
        let mut p = Player::new(PlayerId(0), name, "A", rank);
        p.checks.medical = true;
        p.insurance.until = Some(day(until));
        p
    }

    /// XIII.3: the policy must be valid for the whole event: one ending on
    /// the second of three days, or beginning on the second, leaves the
    /// player out; no policy at all too. An event that is not inclusive
    /// asks for none.
    #[test]
    fn insurance_that_ends_a_day_early_keeps_a_player_out() {
        let settings = inclusive();
        let mut player = cleared("Early", Rank::Kyu(5), "2025-05-02");
        assert_eq!(
            not_admitted_because(&settings, &player),
            ["admission.insurance_ends_early"]
        );
        player.insurance.until = Some(day("2025-05-03"));
        assert!(is_admitted(&settings, &player), "to the last day");
        player.insurance.from = Some(day("2025-05-02"));
        assert_eq!(
            not_admitted_because(&settings, &player),
            ["admission.insurance_starts_late"]
        );
        player.insurance.from = Some(day("2025-05-01"));
        assert!(is_admitted(&settings, &player), "from the first day");
        player.insurance = Insurance::default();
        assert_eq!(
            not_admitted_because(&settings, &player),
            ["admission.no_insurance"]
        );
        let mut open = settings.clone();
        open.admission.inclusive = false;
        assert!(is_admitted(&open, &player));

        let mut one_day = settings;
        one_day.general.end_date.clear();
        player.insurance.until = Some(day("2025-05-01"));
        assert!(is_admitted(&one_day, &player), "a one-day event");
    }

    /// XIII.3: the doctor's clearance is required in an inclusive event even
    /// when the tournament does not require it of everyone, and the pairing
    /// leaves a player without it out.
    #[test]
    fn a_player_without_the_doctors_clearance_is_not_paired() {
        let settings = inclusive();
        assert!(!settings.admission.required.medical);
        let mut t = Tournament::new(settings);
        for name in ["Ann", "Bob", "Cid"] {
            t.register(cleared(name, Rank::Kyu(5), "2025-05-03"));
        }
        let mut uncleared = cleared("Dan", Rank::Kyu(5), "2025-05-03");
        uncleared.checks.medical = false;
        assert_eq!(
            not_admitted_because(t.settings(), &uncleared),
            ["admission.missing_medical"]
        );
        let dan = t.register(uncleared);
        let paired = pair_round(&t, RoundNo::FIRST).unwrap();
        assert_eq!(paired.games.len(), 1);
        let in_round: Vec<PlayerId> = paired
            .games
            .iter()
            .flat_map(|g| [g.white, g.black])
            .chain(paired.bye)
            .collect();
        assert_eq!(in_round.len(), 3);
        assert!(!in_round.contains(&dan), "{in_round:?}");
    }

    /// XIII.3: admission takes no account of ranks: the lowest rank, with no
    /// rating, is admitted on the clearance and the policy alone.
    #[test]
    fn a_player_of_no_rank_is_admitted_on_clearance_and_insurance() {
        let settings = inclusive();
        let player = cleared("New", UNRANKED, "2025-05-03");
        assert!(entry_refusals(&settings, &player).is_empty());
        assert!(is_admitted(&settings, &player));
    }

    #[test]
    fn a_policy_to_no_day_or_ending_before_it_begins_is_refused() {
        let mut player = cleared("Odd", Rank::Kyu(5), "2025-05-01");
        player.insurance.from = Some(day("2025-05-02"));
        let keys = |p: &Player| -> Vec<&str> {
            insurance_refusals(p).into_iter().map(|r| r.key).collect()
        };
        assert_eq!(keys(&player), ["admission.insurance_reversed"]);
        player.insurance.until = None;
        assert_eq!(keys(&player), ["admission.insurance_until_needed"]);
        player.insurance.from = None;
        assert!(keys(&player).is_empty());
    }
}
