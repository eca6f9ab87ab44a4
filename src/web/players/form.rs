//! The player form's fields, read into the core's [`PlayerDraft`].

use crate::core::command::PlayerDraft;
use crate::core::command::players::{ListEntry, digest};
use crate::core::{Player, Registration, RoundNo};

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
    /// Draw number for round robin, knockout and the RFG and Ukrainian Swiss; empty for none.
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
    /// A side's members, one a line: `name, rating`, then `f` or `m`.
    pub members: String,
    pub birth_year: String,
    /// "female", "male" or "".
    pub gender: String,
    /// The credentials commission's checks, ticked.
    pub check_documents: Option<String>,
    pub check_medical: Option<String>,
    pub check_anti_doping: Option<String>,
    pub suspended: Option<String>,
    /// The insurance policy's first and last day, `yyyy-mm-dd`; absent
    /// (the form shows them for inclusive events only) keeps them.
    pub insured_from: Option<String>,
    pub insured_until: Option<String>,
    /// Why a top-group player leaves a round out.
    pub absence_reason: String,
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
            members: player
                .members
                .iter()
                .map(crate::core::command::member_line)
                .collect::<Vec<_>>()
                .join("\n"),
            birth_year: player.birth_year.map(|y| y.to_string()).unwrap_or_default(),
            gender: match player.gender {
                Some(crate::core::player::Gender::Female) => "female".into(),
                Some(crate::core::player::Gender::Male) => "male".into(),
                None => String::new(),
            },
            check_documents: player.checks.documents.then(|| "on".into()),
            check_medical: player.checks.medical.then(|| "on".into()),
            check_anti_doping: player.checks.anti_doping.then(|| "on".into()),
            suspended: player.suspended.then(|| "on".into()),
            insured_from: day(player.insurance.from),
            insured_until: day(player.insurance.until),
            absence_reason: String::new(),
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

    /// The form as the core's draft: parsing only, every rule is the
    /// core's ([`PlayerDraft::check`]). `from_list` is the rating list's
    /// entry for the player, when one is found.
    pub(crate) fn draft(&self, from_list: Option<ListEntry>) -> PlayerDraft {
        PlayerDraft {
            name: self.name.clone(),
            first_name: self.first_name.clone(),
            rank: self.rank.clone(),
            rating: self.rating.clone(),
            country: self.country.clone(),
            club: self.club.clone(),
            egf_pin: self.egf_pin.clone(),
            smms_correction: self.smms_correction.clone(),
            draw_number: self.draw_number.clone(),
            is_final: self.is_final.is_some(),
            rounds: Some(
                self.round
                    .iter()
                    .filter_map(|r| r.parse::<u32>().ok())
                    .collect(),
            ),
            email: self.email.clone(),
            members: self.members.clone(),
            birth_year: Some(self.birth_year.clone()),
            checks: Some(crate::core::admission::Checks {
                documents: self.check_documents.is_some(),
                medical: self.check_medical.is_some(),
                anti_doping: self.check_anti_doping.is_some(),
            }),
            suspended: Some(self.suspended.is_some()),
            insured_from: self.insured_from.clone(),
            insured_until: self.insured_until.clone(),
            gender: Some(self.gender.clone()),
            absence_reason: self.absence_reason.clone(),
            from_list,
        }
    }
}

/// A day as a date field shows it, `yyyy-mm-dd`; "" for none.
fn day(date: Option<jiff::civil::Date>) -> Option<String> {
    Some(date.map(|d| d.to_string()).unwrap_or_default())
}
