//! A player's fields for an inclusive event (Ukrainian rules XIII.3;
//! [`crate::core::inclusive`]): the insurance policy's days as typed, and
//! the entry of a player who has no rank.

use jiff::civil::Date;

use super::{FieldProblem, PlayerDraft};
use crate::core::Settings;
use crate::core::inclusive::{Insurance, UNRANKED};

/// The policy's days as typed; a date that cannot be read is a problem at
/// its field. A field not sent reads as empty here, and is kept on an
/// edit ([`kept`]).
pub(super) fn insurance(draft: &PlayerDraft, problems: &mut Vec<FieldProblem>) -> Insurance {
    let mut day = |field: &'static str, text: &Option<String>| -> Option<Date> {
        let text = text.as_deref().map(str::trim).unwrap_or_default();
        if text.is_empty() {
            return None;
        }
        text.parse()
            .inspect_err(|_| problems.push(FieldProblem::new(field, "form.bad_date")))
            .ok()
    };
    Insurance {
        from: day("insured_from", &draft.insured_from),
        until: day("insured_until", &draft.insured_until),
    }
}

/// The policy after an edit: each day the draft sent, else the one recorded.
pub(super) fn kept(draft: &PlayerDraft, typed: Insurance, before: Insurance) -> Insurance {
    Insurance {
        from: draft
            .insured_from
            .as_ref()
            .map_or(before.from, |_| typed.from),
        until: draft
            .insured_until
            .as_ref()
            .map_or(before.until, |_| typed.until),
    }
}

/// XIII.3 admits "without regard to sports ranks and titles": in an
/// inclusive event a player who gives no rank (nor a side's members to
/// take one from) is entered at the lowest rank rather than refused.
pub(super) fn unranked(mut draft: PlayerDraft, settings: &Settings) -> PlayerDraft {
    if settings.admission.inclusive && draft.rank.trim().is_empty() && draft.members.is_empty() {
        draft.rank = UNRANKED.to_string();
    }
    draft
}

#[cfg(test)]
mod tests {
    use super::super::team_tests::organiser;
    use super::super::{Command, Header, Refusal, State, apply};
    use super::*;
    use crate::core::admission::is_admitted;
    use crate::core::{PlayerId, Rank, Tournament};

    fn event(inclusive: bool) -> State {
        let mut settings = Settings::default();
        settings.general.begin_date = "2025-05-01".into();
        settings.general.end_date = "2025-05-03".into();
        settings.admission.inclusive = inclusive;
        State::new(Tournament::new(settings), Header::default())
    }

    /// Cleared by the doctor and insured to the last day, without a rank.
    fn newcomer() -> PlayerDraft {
        PlayerDraft {
            name: "Newcomer".into(),
            is_final: true,
            checks: Some(crate::core::admission::Checks {
                medical: true,
                ..Default::default()
            }),
            insured_until: Some("2025-05-03".into()),
            ..PlayerDraft::default()
        }
    }

    fn register(state: &mut State, draft: PlayerDraft) -> Result<PlayerId, Refusal> {
        let command = Command::Register {
            draft,
            confirm_duplicate: false,
        };
        apply(state, command, &organiser())?;
        Ok(state.doc.players().last().unwrap().id)
    }

    /// Ukrainian rules XIII.3: an inclusive event admits a player who has no
    /// rank, at the lowest one; any other event asks for a rank.
    #[test]
    fn a_player_with_no_rank_is_admitted_to_an_inclusive_event() {
        let mut inclusive = event(true);
        let id = register(&mut inclusive, newcomer()).unwrap();
        let player = inclusive.doc.player(id).unwrap();
        assert_eq!(player.rank, Rank::Kyu(30));
        assert!(is_admitted(inclusive.doc.settings(), player));

        let refusal = register(&mut event(false), newcomer()).unwrap_err();
        let Refusal::Fields(problems) = refusal else {
            panic!("{refusal:?}")
        };
        assert_eq!(problems[0].key, "form.bad_rank");
    }

    /// The policy's days are checked at their fields, and an edit that does
    /// not send them keeps them.
    #[test]
    fn the_policys_days_are_read_checked_and_kept() {
        let mut state = event(true);
        let unreadable = PlayerDraft {
            insured_from: Some("1 May".into()),
            insured_until: Some("2025-13-01".into()),
            ..newcomer()
        };
        let Err(Refusal::Fields(problems)) = register(&mut state, unreadable) else {
            panic!("unreadable days are refused")
        };
        let fields: Vec<_> = problems.iter().map(|p| (p.field, p.key)).collect();
        assert_eq!(
            fields,
            [
                ("insured_from", "form.bad_date"),
                ("insured_until", "form.bad_date")
            ]
        );
        let reversed = PlayerDraft {
            insured_from: Some("2025-05-04".into()),
            ..newcomer()
        };
        let Err(Refusal::Fields(problems)) = register(&mut state, reversed) else {
            panic!("a policy ending before it begins is refused")
        };
        assert_eq!(problems[0].key, "admission.insurance_reversed");
        assert!(state.doc.players().is_empty(), "nothing saved");

        let id = register(&mut state, newcomer()).unwrap();
        let edit = PlayerDraft {
            insured_until: None,
            rank: "3k".into(),
            ..newcomer()
        };
        let command = Command::EditPlayer {
            player: id,
            draft: edit,
            digest: None,
        };
        apply(&mut state, command, &organiser()).unwrap();
        let player = state.doc.player(id).unwrap();
        assert_eq!(player.insurance.until, "2025-05-03".parse().ok());
        assert_eq!(player.rank, Rank::Kyu(3));
    }
}
