//! What a referee records at a board besides sanctions: the clock stopped
//! for one of the GTR's twelve circumstances, premature passes, an illegal
//! move, a disturbed position, a corrected clock, and a violation that one
//! sanction may then name (EGF GTR "Irregularities", "Clock neutralisation",
//! "Finite thinking time under Territory Scoring", "Timing error"; RFG Code
//! 24.7 б; Ukrainian rules IV.4).
//!
//! Invariant: none of them changes a result but the fourth remedy for a
//! disturbed position, which awards the disturber a loss (`effective`).

use super::DisciplineError;
use super::effective::revoked;
use super::log::{Act, Entry, EntryId, GameRef, Log, Players};
use super::sanction::Sanction;
use super::settings::{DisciplineSettings, Ruleset};
use crate::core::ids::PlayerId;
use crate::core::rules::profile::Scoring;
use crate::core::settings::{Overtime, Settings};
use crate::core::tournament::Tournament;
use serde::{Deserialize, Serialize};

/// Why the clock was neutralised: the twelve circumstances of the GTR
/// "Clock neutralisation", in its order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum NeutralisationReason {
    /// By the players, after successive passes, at the start of a status
    /// assessment phase that does not continue or resume the main alternation.
    StatusAssessment,
    /// By the players at the start of the counting procedure.
    Counting,
    /// By the players, to reset the clock or count overtime stones for the next period.
    OvertimeReset,
    /// By a player, to visit the toilet shortly before or during overtime.
    Toilet,
    /// By a player, after placing a stone, to remove three or more stones
    /// without liberty in overtime or under finite thinking time.
    RemovingStones,
    /// By the players, to deal with a clock malfunction or to call the referee about it.
    ClockMalfunction,
    /// By a player at the start of a formal adjournment.
    Adjournment,
    /// By a player, to fetch a sealing form.
    FetchSealingForm,
    /// By a player, to complete a sealing form.
    CompleteSealingForm,
    /// By a player, to call an absent referee after informing the opponent.
    CallReferee,
    /// By the referee at the start of arbitration or a rule clarification.
    Arbitration,
    /// During an urgent announcement on behalf of the tournament director.
    Announcement,
}

impl NeutralisationReason {
    /// Every circumstance, as the GTR lists them: the referee's pick-list.
    pub const ALL: [NeutralisationReason; 12] = [
        NeutralisationReason::StatusAssessment,
        NeutralisationReason::Counting,
        NeutralisationReason::OvertimeReset,
        NeutralisationReason::Toilet,
        NeutralisationReason::RemovingStones,
        NeutralisationReason::ClockMalfunction,
        NeutralisationReason::Adjournment,
        NeutralisationReason::FetchSealingForm,
        NeutralisationReason::CompleteSealingForm,
        NeutralisationReason::CallReferee,
        NeutralisationReason::Arbitration,
        NeutralisationReason::Announcement,
    ];

    /// The identifier forms send.
    pub fn key(self) -> &'static str {
        match self {
            NeutralisationReason::StatusAssessment => "status_assessment",
            NeutralisationReason::Counting => "counting",
            NeutralisationReason::OvertimeReset => "overtime_reset",
            NeutralisationReason::Toilet => "toilet",
            NeutralisationReason::RemovingStones => "removing_stones",
            NeutralisationReason::ClockMalfunction => "clock_malfunction",
            NeutralisationReason::Adjournment => "adjournment",
            NeutralisationReason::FetchSealingForm => "fetch_sealing_form",
            NeutralisationReason::CompleteSealingForm => "complete_sealing_form",
            NeutralisationReason::CallReferee => "call_referee",
            NeutralisationReason::Arbitration => "arbitration",
            NeutralisationReason::Announcement => "announcement",
        }
    }

    /// Parses [`NeutralisationReason::key`].
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.key() == key)
    }
}

/// What the referee does about a disturbed position that the players cannot
/// simply correct: the GTR's five procedures, applied in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum DisturbanceRemedy {
    /// 1. Correct the position.
    CorrectPosition,
    /// 2. Continue with the position as it is.
    ContinueAsIs,
    /// 3. Unwind the game to a previous agreed position.
    Unwind,
    /// 4. Award a loss to the player who disturbed the position.
    LossToDisturber {
        /// Who disturbed it.
        player: PlayerId,
    },
    /// 5. Cancel the game and start afresh, possibly with reduced time limits.
    CancelAndRestart,
}

impl DisturbanceRemedy {
    /// Its number in the GTR's order, from 1.
    pub fn number(self) -> u8 {
        match self {
            DisturbanceRemedy::CorrectPosition => 1,
            DisturbanceRemedy::ContinueAsIs => 2,
            DisturbanceRemedy::Unwind => 3,
            DisturbanceRemedy::LossToDisturber { .. } => 4,
            DisturbanceRemedy::CancelAndRestart => 5,
        }
    }
}

/// Time the referee allows after an illegal move: seconds added to (when
/// negative, taken from) the clocks of the players meant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TimeAdjustment {
    /// Whose clock.
    pub players: Players,
    /// Seconds added; negative: taken away.
    pub seconds: i32,
}

/// What each clock shows after premature passes (GTR: "exactly 1 minute").
pub const PREMATURE_PASSES_SECONDS: u32 = 60;

/// Whether the tournament plays territory scoring with finite thinking time
/// (main time and no overtime: GTR "Finite thinking time does not use any
/// overtime"), where premature passes reset both clocks.
pub fn finite_time_under_territory(settings: &Settings) -> bool {
    let territory = settings
        .rules
        .profile
        .is_some_and(|p| p.scoring() == Scoring::Territory);
    territory && settings.time.overtime == Overtime::SuddenDeath && settings.time.basic_minutes > 0
}

impl DisciplineSettings {
    /// The least time a referee's cut may leave on a clock, in seconds:
    /// RFG 24.7 б "не должно быть меньше 15 минут"; the other texts set none.
    pub fn least_time_after_cut(&self) -> Option<u32> {
        match self.ruleset {
            Ruleset::Rfg => Some(15 * 60),
            Ruleset::Egf | Ruleset::Ukraine | Ruleset::Custom => None,
        }
    }
}

impl Act {
    /// Whether the entry records a violation that a sanction may name.
    pub(super) fn is_violation(&self) -> bool {
        matches!(
            self,
            Act::Violation { .. }
                | Act::IllegalMove { .. }
                | Act::Disturbance { .. }
                | Act::Neutralisation { .. }
        )
    }

    /// The one player an incident at a board names, if any.
    pub(super) fn board_player(&self) -> Option<PlayerId> {
        match self {
            Act::Neutralisation { player, .. } => *player,
            Act::IllegalMove { player, .. } | Act::ClockCorrection { player, .. } => Some(*player),
            Act::Disturbance {
                remedy: DisturbanceRemedy::LossToDisturber { player },
                ..
            } => Some(*player),
            _ => None,
        }
    }
}

/// Whether an incident at a board may be recorded: its players play
/// there, and what its rule text asks of it is given.
pub(super) fn check_incident(
    tournament: &Tournament,
    settings: &DisciplineSettings,
    act: &Act,
) -> Result<(), DisciplineError> {
    let Some(game) = act.game() else {
        return Ok(());
    };
    let g = game.game(tournament)?;
    if let Some(player) = act.board_player() {
        Players::One(player).of(g)?;
    }
    match act {
        Act::PrematurePasses { .. } if !finite_time_under_territory(tournament.settings()) => {
            Err(DisciplineError::NoFiniteTimeUnderTerritory)
        }
        Act::IllegalMove {
            time: Some(time), ..
        } => {
            super::time_change(i64::from(time.seconds))?;
            time.players.of(g).map(|_| ())
        }
        // GTR "in order": a later remedy says why the earlier ones would not do.
        Act::Disturbance {
            remedy,
            justification: None,
            ..
        } if remedy.number() > 1 => Err(DisciplineError::MissingJustification {
            remedy: remedy.number(),
        }),
        Act::ClockCorrection {
            player,
            before_seconds,
            after_seconds,
            ..
        } => {
            super::within_a_day(i64::from(*before_seconds))?;
            super::within_a_day(i64::from(*after_seconds))?;
            match settings.least_time_after_cut() {
                Some(least) if after_seconds < before_seconds && *after_seconds < least => {
                    Err(DisciplineError::CutBelowLeast {
                        player: *player,
                        after_seconds: *after_seconds,
                        least_seconds: least,
                    })
                }
                _ => Ok(()),
            }
        }
        Act::Violation { players, .. } => players.of(g).map(|_| ()),
        _ => Ok(()),
    }
}

impl Log {
    /// A sanction that names a violation names one recorded at the same
    /// game, against the player it punishes, that no sanction in force
    /// already punishes: "за одне порушення може бути застосована тільки
    /// одна з … санкцій" (Ukrainian rules IV.4; the GTR's "it can be one of
    /// the following"). A sanction an appeal revoked no longer counts.
    pub(super) fn check_violation(
        &self,
        tournament: &Tournament,
        sanction: &Sanction,
    ) -> Result<(), DisciplineError> {
        let Some(violation) = sanction.violation else {
            return Ok(());
        };
        let entry = self
            .entry(violation)
            .ok_or(DisciplineError::UnknownEntry(violation))?;
        if !entry.act.is_violation() {
            return Err(DisciplineError::NotAViolation(violation));
        }
        // Every violation is recorded at a game; a sanction given at another
        // game, or to someone the violation does not name, is for another one.
        let at = entry.act.game();
        let violators = match (&entry.act, at) {
            (Act::Violation { players, .. }, Some(at)) => players.of(at.game(tournament)?)?,
            (act, _) => act.board_player().into_iter().collect(),
        };
        let other_game = sanction.kind.game().is_some_and(|g| Some(g) != at);
        let other_player = sanction
            .kind
            .player()
            .is_some_and(|p| !violators.is_empty() && !violators.contains(&p));
        if other_game || other_player {
            return Err(DisciplineError::ViolationElsewhere(violation));
        }
        let revoked = revoked(self);
        let earlier = self.entries().iter().find(|e| {
            !revoked.contains(&e.id)
                && matches!(&e.act, Act::Sanction(s) if s.violation == Some(violation))
        });
        match earlier {
            Some(e) => Err(DisciplineError::ViolationSanctioned {
                violation,
                sanction: e.id,
            }),
            None => Ok(()),
        }
    }
}

/// The violations recorded at `game` that no sanction in force names yet:
/// the ones a new sanction may still name.
pub fn open_violations(log: &Log, game: GameRef) -> Vec<&Entry> {
    let revoked = revoked(log);
    let sanctioned: Vec<EntryId> = log
        .entries()
        .iter()
        .filter(|e| !revoked.contains(&e.id))
        .filter_map(|e| match &e.act {
            Act::Sanction(s) => s.violation,
            _ => None,
        })
        .collect();
    log.entries()
        .iter()
        .filter(|e| e.act.is_violation() && e.act.game() == Some(game))
        .filter(|e| !sanctioned.contains(&e.id))
        .collect()
}
