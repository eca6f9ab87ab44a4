//! Registration: a player entered from the organiser's form, the
//! self-registration form or a program — the same checks for all
//! ([`PlayerDraft`]) — edited, confirmed, deleted, imported and refreshed.

use crate::core::audit::Event;
use sha2::{Digest, Sha256};

pub use super::player_draft::{ListEntry, MAX_LENGTHS, MAX_SIDE_NAME, PlayerDraft, overlong};
use super::{Done, FieldProblem, Outcome, Refusal, State, json};
use crate::core::pairing::numbers;
use crate::core::{Player, PlayerId, Registration, RoundNo};

/// A fingerprint of a player as a form showed them: a changed player
/// refuses an edit based on the old one.
pub fn digest(player: &Player) -> String {
    let bytes = serde_json::to_vec(player).unwrap_or_default();
    hex::encode(&Sha256::digest(bytes)[..12])
}

fn registered(state: &mut State, player: Player, event: Event) -> Outcome {
    let id = state.doc.register(player);
    let player = state.doc.player(id).expect("just registered");
    Outcome {
        event,
        before: None,
        after: json(player),
        done: Done::Player {
            id,
            name: player.full_name(),
        },
    }
}

/// The event's entry rules by age and gender (Ukrainian rules IV.1.1).
fn may_enter(state: &State, player: &Player) -> Result<(), Refusal> {
    let mut problems: Vec<FieldProblem> =
        crate::core::admission::entry_refusals(state.doc.settings(), player)
            .into_iter()
            .map(|r| {
                r.args
                    .into_iter()
                    .fold(FieldProblem::new(r.field, r.key), |p, (name, value)| {
                        p.arg(name, value)
                    })
            })
            .collect();
    problems.extend(crate::core::supergroup::unless_enabled(
        state.doc.settings(),
        player,
    ));
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Refusal::Fields(problems))
    }
}

pub(super) fn register(
    state: &mut State,
    draft: PlayerDraft,
    confirm_duplicate: bool,
) -> Result<Outcome, Refusal> {
    let rounds = state.doc.settings().number_of_rounds;
    let sides = state.doc.settings().sides;
    let draft = super::inclusive::unranked(draft, state.doc.settings());
    let player = draft.check(PlayerId(0), rounds, state.doc.players(), false, sides)?;
    may_enter(state, &player)?;
    let duplicates = super::duplicates::likely_duplicates(state.doc.players(), &player);
    if !duplicates.is_empty() && !confirm_duplicate {
        return Err(Refusal::LikelyDuplicate(duplicates));
    }
    Ok(registered(state, player, Event::AddPlayer))
}

pub(super) fn self_register(state: &mut State, draft: PlayerDraft) -> Result<Outcome, Refusal> {
    if !state.header.registration_open {
        return Err(Refusal::RegistrationClosed);
    }
    let draft = super::inclusive::unranked(draft, state.doc.settings());
    let player = draft.check(PlayerId(0), 0, &[], true, state.doc.settings().sides)?;
    may_enter(state, &player)?;
    // The same name sent again is nearly always the form submitted twice or
    // a player unsure it worked: telling them so beats a second entry the
    // organiser must find and delete. A near match (accents, swapped names)
    // may be another person, so it is accepted and flagged on the list.
    if let Some(existing) = super::duplicates::same_registration(state.doc.players(), &player) {
        return Err(Refusal::AlreadyRegistered {
            name: existing.full_name(),
        });
    }
    Ok(registered(state, player, Event::SelfRegister))
}

pub(super) fn edit(
    state: &mut State,
    id: PlayerId,
    draft: PlayerDraft,
    seen: Option<String>,
) -> Result<Outcome, Refusal> {
    let before = state.doc.player(id).ok_or(Refusal::NotFound)?.clone();
    if seen.is_some_and(|d| d != digest(&before)) {
        return Err(Refusal::Stale(super::Staleness {
            changed: Some(super::Scope::Player(id)),
            ..Default::default()
        }));
    }
    let rounds = state.doc.settings().number_of_rounds;
    let sides = state.doc.settings().sides;
    let draft = super::inclusive::unranked(draft, state.doc.settings());
    let mut player = draft.check(id, rounds, state.doc.players(), false, sides)?;
    // The licence is not on the form: the list may give one only where there is none.
    player.ffg_licence.clone_from(&before.ffg_licence);
    player
        .ffg_licence_status
        .clone_from(&before.ffg_licence_status);
    if let Some(entry) = &draft.from_list
        && entry.rating == player.rating
        && player.ffg_licence.is_empty()
    {
        player.ffg_licence.clone_from(&entry.ffg_licence);
        player
            .ffg_licence_status
            .clone_from(&entry.ffg_licence_status);
    }
    // Fields the form does not show (gender…), and those a program did not
    // send, stay as they were; a rating left as it was keeps where it came
    // from.
    let same_rating = player.rating == before.rating;
    let updated = Player {
        aga_id: before.aga_id.clone(),
        aga_expiration_date: before.aga_expiration_date.clone(),
        birth_year: if draft.birth_year.is_some() {
            player.birth_year
        } else {
            before.birth_year
        },
        checks: draft.checks.unwrap_or(before.checks),
        suspended: draft.suspended.unwrap_or(before.suspended),
        insurance: super::inclusive::kept(&draft, player.insurance, before.insurance),
        gender: if draft.gender.is_some() {
            player.gender
        } else {
            before.gender
        },
        rating_origin: if same_rating {
            before.rating_origin.clone()
        } else {
            player.rating_origin.clone()
        },
        rating_source: if same_rating {
            before.rating_source
        } else {
            player.rating_source
        },
        ..player
    };
    may_enter(state, &updated)?;
    let reason = super::absence::reason_for(state, &before, &updated, &draft.absence_reason)?;
    let name = updated.full_name();
    state.doc.update_player(updated)?;
    let mut after = json(state.doc.player(id).expect("just updated"));
    if let (Some(reason), Some(serde_json::Value::Object(map))) = (reason, after.as_mut()) {
        map.insert("absence_reason".into(), reason.into());
    }
    Ok(Outcome {
        event: Event::EditPlayer,
        before: json(&before),
        after,
        done: Done::Player { id, name },
    })
}

pub(super) fn confirm(state: &mut State, id: PlayerId) -> Result<Outcome, Refusal> {
    let before = state.doc.player(id).ok_or(Refusal::NotFound)?.clone();
    let after = Player {
        registration: Registration::Final,
        ..before.clone()
    };
    state.doc.update_player(after.clone())?;
    Ok(Outcome {
        event: Event::ConfirmPlayer,
        before: json(&before),
        after: json(&after),
        done: Done::Player {
            id,
            name: after.full_name(),
        },
    })
}

/// Whether the registration can be deleted: no games, nothing in the
/// referees' log or the appeals names the player (asked before the question).
pub fn deletable(
    doc: &crate::core::Tournament,
    book: &crate::core::discipline::Book,
    id: PlayerId,
) -> Result<(), Refusal> {
    book.clone().forget_player(doc, id)?;
    doc.clone().remove_player(id)?;
    Ok(())
}

pub(super) fn delete(state: &mut State, id: PlayerId) -> Result<Outcome, Refusal> {
    if state.doc.player(id).is_none() {
        return Err(Refusal::NotFound);
    }
    state.book.forget_player(&state.doc, id)?;
    let removed = state.doc.remove_player(id)?;
    Ok(Outcome {
        event: Event::DeletePlayer,
        before: json(&removed),
        after: None,
        done: Done::Player {
            id,
            name: removed.full_name(),
        },
    })
}

pub(super) fn import(state: &mut State, mut players: Vec<Player>) -> Result<Outcome, Refusal> {
    let count = players.len();
    for p in &mut players {
        for text in [&mut p.name, &mut p.first_name, &mut p.club] {
            *text = super::text::name(text);
        }
    }
    let before = state.doc.players().len();
    for p in players {
        state.doc.register(p);
    }
    let added = &state.doc.players()[before..];
    Ok(Outcome {
        event: Event::ImportPlayers,
        before: None,
        after: json(&added),
        done: Done::Players(count),
    })
}

pub(super) fn refresh_ratings(
    state: &mut State,
    updates: crate::core::tournament::ratings::RatingUpdates,
) -> Result<Outcome, Refusal> {
    let changed = |t: &crate::core::Tournament| -> Vec<Player> {
        updates
            .changes
            .iter()
            .filter_map(|c| t.player(c.player).cloned())
            .collect()
    };
    let before = changed(&state.doc);
    updates.apply(&mut state.doc)?;
    Ok(Outcome {
        event: Event::UpdateRatings,
        before: json(&before),
        after: json(&changed(&state.doc)),
        done: Done::Players(updates.changes.len()),
    })
}

/// Draw numbers are fixed when round 1 is paired, in the systems that pair
/// on them (round robin, knockout, RFG and Ukrainian Swiss).
pub(super) fn fix_numbers(state: &mut State, round: RoundNo) {
    if round == RoundNo::FIRST && numbers::pairs_on_numbers(state.doc.settings().system) {
        numbers::fix(&mut state.doc);
    }
}
