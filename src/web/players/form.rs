//! The player form's fields and their checks, and the registrations that look
//! like one already on the list.

use std::str::FromStr;
// Repeated fields (the participation boxes) need serde_html_form's decoder.
use crate::core::{
    Participation, Player, PlayerId, Rank, Rating, Registration, RoundNo, Tournament,
};
use crate::web::page::{Ctx, FieldErrors};
use sha2::{Digest, Sha256};

/// The player form as typed.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(default)]
pub struct PlayerForm {
    pub name: String,
    pub first_name: String,
    pub rank: String,
    pub rating: String,
    pub country: String,
    pub club: String,
    pub egf_pin: String,
    pub smms_correction: String,
    /// Draw number for round robin, knockout and RFG Swiss; empty for none.
    pub draw_number: String,
    pub is_final: Option<String>,
    /// Rounds ticked as played, as "1", "2", … (repeated field `round`).
    #[serde(default)]
    pub round: Vec<String>,
    /// Fingerprint of the player as the form was loaded: a changed player refuses the edit.
    pub digest: String,
    pub email: String,
    /// "It is a different person" on the duplicate warning.
    pub confirm_duplicate: Option<String>,
}

pub(super) fn digest(player: &Player) -> String {
    let bytes = serde_json::to_vec(player).unwrap_or_default();
    hex::encode(&Sha256::digest(bytes)[..12])
}

impl PlayerForm {
    pub(super) fn of(player: &Player, rounds: u32) -> Self {
        PlayerForm {
            name: player.name.clone(),
            first_name: player.first_name.clone(),
            rank: player.rank.to_string(),
            rating: player.rating.gor().to_string(),
            country: player.country.clone(),
            club: player.club.clone(),
            egf_pin: player.egf_pin.clone(),
            smms_correction: player.smms_correction.to_string(),
            draw_number: player
                .draw_number
                .map(|n| n.to_string())
                .unwrap_or_default(),
            is_final: (player.registration == Registration::Final).then(|| "on".into()),
            round: (1..=rounds)
                .filter_map(RoundNo::new)
                .filter(|r| player.participation.plays(*r))
                .map(|r| r.get().to_string())
                .collect(),
            digest: digest(player),
            email: String::new(),
            confirm_duplicate: None,
        }
    }

    pub(super) fn blank(rounds: u32) -> Self {
        PlayerForm {
            smms_correction: "0".into(),
            is_final: Some("on".into()),
            round: (1..=rounds).map(|r| r.to_string()).collect(),
            ..PlayerForm::default()
        }
    }

    pub(super) fn plays(&self, round: &u32) -> bool {
        self.round.iter().any(|r| r == &round.to_string())
    }

    /// Checks the fields and builds the player (`id` is kept for edits);
    /// `others` are the players registered, whose draw numbers are taken.
    pub(super) fn validate(
        &self,
        ctx: &Ctx,
        id: PlayerId,
        (rounds, others): (u32, &[Player]),
        self_registration: bool,
    ) -> Result<Player, FieldErrors> {
        let mut errors = FieldErrors::default();
        let t = |key: &str| ctx.lang.t(key);
        let name = self.name.trim();
        if name.is_empty() {
            errors.add("name", t("form.required"));
        }
        for (field, max) in overlong(&[
            ("name", &self.name),
            ("first_name", &self.first_name),
            ("club", &self.club),
            ("egf_pin", &self.egf_pin),
            ("email", &self.email),
        ]) {
            errors.add(field, ctx.lang.plural("form.too_long", max as u64));
        }
        let rank = Rank::from_str(self.rank.trim());
        if rank.is_err() {
            errors.add("rank", t("form.bad_rank"));
        }
        let rating = match self.rating.trim() {
            "" => None,
            text => match text.parse::<i32>() {
                Ok(r) if (Rating::MIN..=Rating::MAX).contains(&r) => Some(Rating::new(r)),
                _ => {
                    errors.add(
                        "rating",
                        format!(
                            "{} {}–{}",
                            t("form.number_between"),
                            Rating::MIN,
                            Rating::MAX
                        ),
                    );
                    None
                }
            },
        };
        let country = self.country.trim().to_uppercase();
        if !(country.is_empty()
            || (country.len() == 2 && country.chars().all(|c| c.is_ascii_alphabetic())))
        {
            errors.add("country", t("player.error.country"));
        }
        let correction = match self.smms_correction.trim() {
            "" => 0,
            text => text
                .parse::<i32>()
                .ok()
                .filter(|c| (-5..=5).contains(c))
                .unwrap_or_else(|| {
                    errors.add(
                        "smms_correction",
                        format!("{} -5–5", t("form.number_between")),
                    );
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
                    errors.add(
                        "draw_number",
                        format!("{} 1–9999", t("form.number_between")),
                    );
                    None
                }),
        };
        if draw_number.is_some()
            && others
                .iter()
                .any(|p| p.id != id && p.draw_number == draw_number)
        {
            errors.add("draw_number", t("player.error.draw_number_taken"));
        }
        let email = self.email.trim();
        if self_registration && !email.is_empty() && !email.contains('@') {
            errors.add("email", t("player.error.email"));
        }
        let (Ok(rank), true) = (rank, errors.is_empty()) else {
            return Err(errors);
        };
        let mut player = Player::new(id, name, self.first_name.trim(), rank);
        player.rating = rating.unwrap_or_else(|| Rating::of_rank(rank));
        player.rating_origin = if rating.is_some() {
            "MAN".into()
        } else {
            "INI".into()
        };
        player.country = country;
        player.club = self.club.trim().to_string();
        player.egf_pin = self.egf_pin.trim().to_string();
        player.smms_correction = correction;
        player.draw_number = draw_number;
        player.grade = rank.to_string();
        player.registration = if self_registration || self.is_final.is_none() {
            Registration::Preliminary
        } else {
            Registration::Final
        };
        if !self_registration {
            player.participation = (1..=rounds)
                .filter_map(RoundNo::new)
                .fold(Participation::ALL, |p, r| p.with(r, self.plays(&r.get())));
        }
        Ok(player)
    }
}

/// The longest text each field of a player takes: names and clubs longer
/// than any real one only widen every list they appear in (a 300-character
/// name made a phone page 5,327 px wide). EGF pins have 8 digits; RFC 5321
/// allows 254 characters of e-mail address.
pub(super) const MAX_LENGTHS: [(&str, usize); 5] = [
    ("name", 60),
    ("first_name", 60),
    ("club", 60),
    ("egf_pin", 16),
    ("email", 254),
];

/// The fields, of (name, text as typed), longer than their limit, with it:
/// the one check of the player form, self-registration and the API.
pub(crate) fn overlong(fields: &[(&'static str, &str)]) -> Vec<(&'static str, usize)> {
    fields
        .iter()
        .filter_map(|(field, text)| {
            let max = MAX_LENGTHS.iter().find(|(f, _)| f == field)?.1;
            (text.trim().chars().count() > max).then_some((*field, max))
        })
        .collect()
}

/// A registration with the same name and first name, written the same way
/// but for case and spacing: the same form sent twice.
pub(super) fn same_registration<'t>(state: &'t Tournament, player: &Player) -> Option<&'t Player> {
    let norm = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    let (name, first) = (norm(&player.name), norm(&player.first_name));
    state
        .players()
        .iter()
        .find(|p| norm(&p.name) == name && norm(&p.first_name) == first)
}

/// Names already registered that look like this one, for a warning:
/// the same EGF pin, or the same name and first name once case and accents
/// are folded (`Ivanova Anna`, `IVANOVA Anna`), or the two swapped.
pub(super) fn likely_duplicates(state: &Tournament, player: &Player) -> Vec<String> {
    let fold = crate::core::fold::fold;
    let (name, first) = (fold(&player.name), fold(&player.first_name));
    state
        .players()
        .iter()
        .filter(|p| p.id != player.id)
        .filter(|p| {
            let same_pin = !player.egf_pin.is_empty() && p.egf_pin == player.egf_pin;
            let same_name = fold(&p.name) == name && fold(&p.first_name) == first;
            let swapped = fold(&p.name) == first && fold(&p.first_name) == name;
            same_pin || same_name || swapped
        })
        .map(|p| p.full_name())
        .collect()
}
