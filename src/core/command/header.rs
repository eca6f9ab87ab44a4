//! What the aggregate keeps beside the document: the header settings no
//! OpenGotha file carries, and each round's marks (published, locked, its
//! official start).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::core::discipline::Moment;
use crate::core::schedule::Start;

/// What is kept beside the document: settings no OpenGotha file carries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// The hall's time zone (IANA name).
    pub time_zone: String,
    /// Players may register themselves.
    pub registration_open: bool,
    /// Anyone may read the tournament; otherwise its staff only.
    pub is_public: bool,
    /// Minutes after the start of a round when an absent player loses by
    /// default (EGF GTR; RFG 16.4: 60 minutes by default).
    pub late_forfeit_minutes: i32,
    /// The round times as the organiser writes them.
    pub schedule: String,
}

impl Default for Header {
    fn default() -> Self {
        Header {
            time_zone: "UTC".into(),
            registration_open: false,
            is_public: true,
            late_forfeit_minutes: 60,
            schedule: String::new(),
        }
    }
}

/// A round's visibility and lock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundMark {
    /// Since when players may see the pairing.
    pub published: Option<Moment>,
    /// Since when its results change only by correction or appeal.
    pub locked: Option<Moment>,
    /// When it officially starts (RFG 16.6.1: the assembly is before it);
    /// kept when the round is unpaired or cancelled, as the programme is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Start>,
}

/// Round marks by round number.
pub type Rounds = BTreeMap<u32, RoundMark>;
