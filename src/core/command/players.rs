//! Registration: the rules of a player as typed on the organiser's form, on
//! the self-registration form or sent by a program — the same checks for all.

use crate::core::audit::Event;
use std::str::FromStr;

use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::sides::{mean_rating, members};
use super::{Done, FieldProblem, Outcome, Refusal, State, json};
use crate::core::pairing::numbers;
use crate::core::settings::Sides;
use crate::core::{Participation, Player, PlayerId, Rank, Rating, Registration, RoundNo};

/// A player as typed: every field as text, checked by [`PlayerDraft::check`].
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct PlayerDraft {
    pub name: String,
    pub first_name: String,
    pub rank: String,
    /// EGF rating (GoR); empty: the rank's.
    pub rating: String,
    /// Two letters; empty for none.
    pub country: String,
    pub club: String,
    pub egf_pin: String,
    /// McMahon start score correction, -5..5; empty: 0.
    pub smms_correction: String,
    /// Draw number for round robin, knockout and the RFG and Ukrainian Swiss; empty for none.
    pub draw_number: String,
    /// A final registration (the organiser's form); otherwise preliminary.
    pub is_final: bool,
    /// The rounds the player plays; `None` keeps every round.
    pub rounds: Option<Vec<u32>>,
    /// Self-registration: where to reach the player.
    pub email: String,
    /// A pair go or rengo side's members, one a line in playing order:
    /// `name, rating` or `name, rank`.
    #[serde(default)]
    pub members: String,
    /// The year of birth, for the age groups; `None` keeps it as it was
    /// (a program that does not send it), empty clears it.
    pub birth_year: Option<String>,
    /// The credentials commission's checks; `None` keeps them. Never taken
    /// from a self-registration.
    pub checks: Option<crate::core::admission::Checks>,
    /// On the anti-doping suspension list; `None` keeps it.
    pub suspended: Option<bool>,
    /// The insurance policy's first and last day, `yyyy-mm-dd` (Ukrainian
    /// rules XIII.3); `None` keeps each, empty clears it.
    pub insured_from: Option<String>,
    pub insured_until: Option<String>,
    /// "female", "male" or empty for not given; `None` keeps it.
    pub gender: Option<String>,
    /// Why a top-group player leaves a round out ([`super::absence`]).
    pub absence_reason: String,
    /// The rating list's entry for this player, when its rating is the one
    /// typed: its list, origin and licence are kept (looked up by the shell).
    #[serde(skip)]
    pub from_list: Option<ListEntry>,
}

/// What a rating list says of a player, for [`PlayerDraft::from_list`].
#[derive(Clone, Debug, PartialEq)]
pub struct ListEntry {
    pub rating: Rating,
    pub source: crate::core::player::RatingSource,
    pub origin: String,
    pub ffg_licence: String,
    pub ffg_licence_status: String,
}

/// The longest text each field of a player takes: names and clubs longer
/// than any real one only widen every list they appear in (a 300-character
/// name made a phone page 5,327 px wide). EGF pins have 8 digits; RFC 5321
/// allows 254 characters of e-mail address.
/// A pair go or rengo side's name, its members' names joined by " & ":
/// up to three members (rengo) of a name's length each, so a side of two
/// 60-letter names is not refused for the names the form accepted.
pub const MAX_SIDE_NAME: usize = 3 * 60 + 2 * " & ".len();

pub const MAX_LENGTHS: [(&str, usize); 5] = [
    ("name", 60),
    ("first_name", 60),
    ("club", 60),
    ("egf_pin", 16),
    ("email", 254),
];

/// The fields, of (name, text as typed), longer than their limit, with it.
pub fn overlong(fields: &[(&'static str, &str)]) -> Vec<(&'static str, usize)> {
    fields
        .iter()
        .filter_map(|(field, text)| {
            let max = MAX_LENGTHS.iter().find(|(f, _)| f == field)?.1;
            (text.trim().chars().count() > max).then_some((*field, max))
        })
        .collect()
}

fn number_range(field: &'static str, min: impl ToString, max: impl ToString) -> FieldProblem {
    FieldProblem::new(field, "form.number_range")
        .arg("min", min)
        .arg("max", max)
}

impl PlayerDraft {
    /// Checks the fields and builds the player (`id` is kept for edits);
    /// `others` are the players registered, whose draw numbers are taken.
    /// A side of a pair go or rengo event (`sides`) takes its members, and
    /// from them its name, rating and rank where those are left empty.
    pub fn check(
        &self,
        id: PlayerId,
        rounds: u32,
        others: &[Player],
        self_registration: bool,
        sides: Sides,
    ) -> Result<Player, Refusal> {
        let mut problems = Vec::new();
        let members = members(&self.members, sides, &mut problems);
        let built_name = members
            .iter()
            .map(|m| m.name.as_str())
            .collect::<Vec<_>>()
            .join(" & ");
        let typed = super::text::name(&self.name);
        let name = if typed.is_empty() {
            built_name
        } else {
            typed.clone()
        };
        let first_name = super::text::name(&self.first_name);
        let club = super::text::name(&self.club);
        if name.is_empty() {
            problems.push(FieldProblem::new("name", "form.required"));
        }
        // A name built from the members is as long as they are, each within
        // its own limit: only a typed name has the field's.
        for (field, max) in overlong(&[
            ("name", &typed),
            ("first_name", &first_name),
            ("club", &club),
            ("egf_pin", &self.egf_pin),
            ("email", &self.email),
        ]) {
            problems.push(FieldProblem::new(field, "form.too_long").count(max as u64));
        }
        let mean = mean_rating(&members);
        let rank = match (self.rank.trim(), mean) {
            ("", Some(mean)) => Ok(mean.rank()),
            (typed, _) => Rank::from_str(typed),
        };
        if rank.is_err() {
            problems.push(FieldProblem::new("rank", "form.bad_rank"));
        }
        let rating = match self.rating.trim() {
            "" => mean,
            text => match text.parse::<i32>() {
                Ok(r) if (Rating::MIN..=Rating::MAX).contains(&r) => Some(Rating::new(r)),
                _ => {
                    problems.push(number_range("rating", Rating::MIN, Rating::MAX));
                    None
                }
            },
        };
        let country = self.country.trim().to_uppercase();
        if !(country.is_empty()
            || (country.len() == 2 && country.chars().all(|c| c.is_ascii_alphabetic())))
        {
            problems.push(FieldProblem::new("country", "player.error.country"));
        }
        let correction = match self.smms_correction.trim() {
            "" => 0,
            text => text
                .parse::<i32>()
                .ok()
                .filter(|c| (-5..=5).contains(c))
                .unwrap_or_else(|| {
                    problems.push(number_range("smms_correction", -5, 5));
                    0
                }),
        };
        let draw_number = match self.draw_number.trim() {
            "" => None,
            _ if self_registration => None,
            text => text
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=9999).contains(n))
                .or_else(|| {
                    problems.push(number_range("draw_number", 1, 9999));
                    None
                }),
        };
        if draw_number.is_some()
            && others
                .iter()
                .any(|p| p.id != id && p.draw_number == draw_number)
        {
            problems.push(FieldProblem::new(
                "draw_number",
                "player.error.draw_number_taken",
            ));
        }
        let email = self.email.trim();
        if !email.is_empty() && !email.contains('@') {
            problems.push(FieldProblem::new("email", "player.error.email"));
        }
        let birth_year = match self.birth_year.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(text) => text
                .parse::<u16>()
                .ok()
                .filter(|y| (1900..=2100).contains(y))
                .or_else(|| {
                    problems.push(number_range("birth_year", 1900, 2100));
                    None
                }),
        };
        // A round the tournament does not have is a mistake to say, not to
        // drop: a program counting rounds from 0 would lose one unseen.
        if let Some(plays) = &self.rounds
            && plays.iter().any(|r| !(1..=rounds).contains(r))
        {
            problems.push(number_range("rounds", 1, rounds));
        }
        if let Some(gender) = self.gender.as_deref()
            && !matches!(gender, "" | "female" | "male")
        {
            problems.push(FieldProblem::new("gender", "form.choose"));
        }
        let insurance = super::inclusive::insurance(self, &mut problems);
        let (Ok(rank), true) = (rank, problems.is_empty()) else {
            return Err(Refusal::Fields(problems));
        };
        let mut player = Player::new(id, &name, &first_name, rank);
        player.rating = rating.unwrap_or_else(|| Rating::of_rank(rank));
        player.rating_origin = if rating.is_some() { "MAN" } else { "INI" }.into();
        player.members = members;
        player.country = country;
        player.club = club;
        player.egf_pin = self.egf_pin.trim().to_string();
        player.smms_correction = correction;
        player.draw_number = draw_number;
        player.birth_year = birth_year;
        player.gender = match self.gender.as_deref() {
            Some("female") => Some(crate::core::player::Gender::Female),
            Some("male") => Some(crate::core::player::Gender::Male),
            _ => None,
        };
        if !self_registration {
            player.checks = self.checks.unwrap_or_default();
            player.suspended = self.suspended.unwrap_or_default();
            player.insurance = insurance;
        }
        player.grade = rank.to_string();
        player.registration = if self_registration || !self.is_final {
            Registration::Preliminary
        } else {
            Registration::Final
        };
        if let (false, Some(plays)) = (self_registration, &self.rounds) {
            player.participation = (1..=rounds)
                .filter_map(RoundNo::new)
                .fold(Participation::ALL, |p, r| {
                    p.with(r, plays.contains(&r.get()))
                });
        }
        // Chosen from the list, or typed from it, the rating is that list's word.
        if let Some(entry) = &self.from_list
            && entry.rating == player.rating
        {
            player.rating_source = Some(entry.source);
            player.rating_origin.clone_from(&entry.origin);
            if player.ffg_licence.is_empty() {
                player.ffg_licence.clone_from(&entry.ffg_licence);
                player
                    .ffg_licence_status
                    .clone_from(&entry.ffg_licence_status);
            }
        }
        Ok(player)
    }
}

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
