//! A registered player and the rounds they take part in.

use super::ids::{PlayerId, RoundNo};
use super::rank::Rank;
use super::rating::ListKind;
use super::rating::Rating;
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A player registered in a tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Surrogate id, unique in the tournament.
    pub id: PlayerId,
    /// Family name.
    pub name: String,
    /// Given name.
    pub first_name: String,
    /// Country code (OpenGotha: 2 letters or empty).
    pub country: String,
    /// Club (OpenGotha: up to 4 characters).
    pub club: String,
    /// European Go Database PIN.
    pub egf_pin: String,
    /// French federation licence number.
    pub ffg_licence: String,
    /// French federation licence status.
    pub ffg_licence_status: String,
    /// American Go Association id.
    pub aga_id: String,
    /// AGA membership expiry, as written by the source.
    pub aga_expiration_date: String,
    /// Rank used for McMahon groups and handicaps.
    pub rank: Rank,
    /// Rating on the GoR scale.
    pub rating: Rating,
    /// Where the rating came from (`EGF …`, `FFG …`, `AGA …`, `MAN`, `INI`).
    pub rating_origin: String,
    /// Grade the player declared, as written (`3K`), possibly empty.
    pub grade: String,
    /// Year of birth, when known.
    pub birth_year: Option<u16>,
    /// Gender, when known (women's and youth prizes).
    pub gender: Option<Gender>,
    /// Correction added to the start McMahon score (bar groups: +1, +2; may be negative).
    pub smms_correction: i32,
    /// Rounds the player takes part in.
    pub participation: Participation,
    /// Whether the registration is confirmed.
    pub registration: Registration,
    /// Number the organiser gave for systems that pair on fixed numbers
    /// (round robin, knockout, RFG and Ukrainian Swiss), e.g. drawn by lot; see
    /// `pairing::numbers`. Absent in files written before it existed.
    #[serde(default)]
    pub draw_number: Option<u32>,
    /// The rating list the rating was taken from; none for a rating typed
    /// by hand, computed from the rank or read from another program's file.
    #[serde(default)]
    pub rating_source: Option<RatingSource>,
    /// A pair go or rengo side's members in playing order (RFG code App. 4
    /// §3): the entry is the side, its rating their mean. Empty for a player.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<Member>,
    /// The credentials commission's checks recorded for the player
    /// ([`crate::core::admission`]).
    #[serde(default)]
    pub checks: Checks,
    /// On the anti-doping suspension list (Ukrainian rules XII.3): never
    /// admitted.
    #[serde(default)]
    pub suspended: bool,
    /// The insurance policy recorded (Ukrainian rules XIII.3).
    #[serde(default, skip_serializing_if = "Insurance::is_empty")]
    pub insurance: Insurance,
}

/// The credentials commission's checks, as required or as recorded.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema,
)]
pub struct Checks {
    /// Identity and eligibility documents (III.6).
    pub documents: bool,
    /// A doctor's clearance (III.7).
    pub medical: bool,
    /// Anti-doping education certificate (ADEL, XII.4).
    pub anti_doping: bool,
}

/// The insurance policy the credentials commission recorded: the days it is
/// valid. Empty when none is recorded.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Insurance {
    /// The first day covered, when the policy states one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Date>,
    /// The last day covered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<Date>,
}

impl Insurance {
    /// No policy recorded.
    pub fn is_empty(&self) -> bool {
        self.from.is_none() && self.until.is_none()
    }
}

/// One member of a pair go or rengo side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    /// Name as the organiser typed it.
    pub name: String,
    /// EGF rating (GoR), from the rank where none was given.
    pub rating: Rating,
    /// Gender, where the event's sides need it (mixed pairs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gender: Option<Gender>,
}

/// Which rating list a player's rating comes from, and of which day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingSource {
    /// The federation's list.
    pub list: ListKind,
    /// The list's date, when it states one.
    pub date: Option<Date>,
    /// The rank the list gave with the rating. While the player's rank is
    /// still this one, it follows a newer list; a rank set by hand stays.
    pub rank: Rank,
}

impl fmt::Display for RatingSource {
    /// `EGD 2018-02-22`, or `EGD` for a list without a date.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::core::rating::label(self.list, self.date))
    }
}

impl Player {
    /// A finally registered player taking part in every round, other fields empty.
    pub fn new(id: PlayerId, name: &str, first_name: &str, rank: Rank) -> Self {
        Player {
            id,
            name: name.to_owned(),
            first_name: first_name.to_owned(),
            country: String::new(),
            club: String::new(),
            egf_pin: String::new(),
            ffg_licence: String::new(),
            ffg_licence_status: String::new(),
            aga_id: String::new(),
            aga_expiration_date: String::new(),
            rank,
            rating: Rating::new(Rating::MIN),
            rating_origin: String::new(),
            grade: String::new(),
            birth_year: None,
            gender: None,
            smms_correction: 0,
            participation: Participation::ALL,
            registration: Registration::Final,
            draw_number: None,
            rating_source: None,
            members: Vec::new(),
            checks: Default::default(),
            suspended: false,
            insurance: Default::default(),
        }
    }

    /// The members' ratings of a pair go or rengo side; `None` for a player.
    pub fn member_ratings(&self) -> Option<Vec<Rating>> {
        (self.members.len() >= 2).then(|| self.members.iter().map(|m| m.rating).collect())
    }

    /// `name firstName`, as OpenGotha prints it.
    pub fn full_name(&self) -> String {
        format!("{} {}", self.name, self.first_name)
    }
}

/// A player's gender.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Gender {
    /// Female.
    Female,
    /// Male.
    Male,
}

/// Whether a registration is preliminary or final (OpenGotha `PRE`/`FIN`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Registration {
    /// Pre-registered; not paired.
    Preliminary,
    /// Confirmed.
    Final,
}

/// The set of rounds a player takes part in (rounds 1 to 32).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Participation(u32);

impl Participation {
    /// Highest round number a participation can name.
    pub const MAX_ROUNDS: u32 = 32;
    /// Taking part in every round.
    pub const ALL: Participation = Participation(u32::MAX);

    /// Whether the player takes part in `round`; rounds past 32 count as taken part in.
    pub fn plays(self, round: RoundNo) -> bool {
        round.get() > Self::MAX_ROUNDS || self.0 & (1 << round.index()) != 0
    }

    /// The same participation with `round` set to `plays`.
    pub fn with(self, round: RoundNo, plays: bool) -> Self {
        if round.get() > Self::MAX_ROUNDS {
            return self;
        }
        let bit = 1 << round.index();
        Participation(if plays { self.0 | bit } else { self.0 & !bit })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_written_before_rating_sources_still_loads() {
        let mut value =
            serde_json::to_value(Player::new(PlayerId(1), "Kim", "Ji", Rank::Dan(1))).unwrap();
        value.as_object_mut().unwrap().remove("rating_source");
        let player: Player = serde_json::from_value(value).unwrap();
        assert_eq!(player.rating_source, None);
    }

    #[test]
    fn a_rating_source_names_its_list_and_day() {
        let source = RatingSource {
            list: ListKind::Egf,
            date: Some(Date::new(2018, 5, 3).unwrap()),
            rank: Rank::Kyu(2),
        };
        assert_eq!(source.to_string(), "EGD 2018-05-03");
        let back: RatingSource =
            serde_json::from_value(serde_json::to_value(source).unwrap()).unwrap();
        assert_eq!(back, source);
        assert_eq!(
            RatingSource {
                date: None,
                ..source
            }
            .to_string(),
            "EGD"
        );
    }

    #[test]
    fn participation_can_skip_single_rounds() {
        let r2 = RoundNo::new(2).unwrap();
        let p = Participation::ALL.with(r2, false);
        assert!(p.plays(RoundNo::FIRST));
        assert!(!p.plays(r2));
        assert!(p.with(r2, true).plays(r2));
    }
}
