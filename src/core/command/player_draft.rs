//! The rules of a player as typed on the organiser's form, on the
//! self-registration form or sent by a program: every field checked and the
//! player built ([`PlayerDraft::check`]), the same for all three.

use std::str::FromStr;

use serde::Deserialize;

use super::sides::{mean_rating, members};
use super::{FieldProblem, Refusal};
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
