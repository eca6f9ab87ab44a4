//! The sanctions a referee may impose, with what each one targets.
//!
//! The catalogue is the EGF GTR "Sanctions", RFG Code art. 21(S).2 and the
//! Ukrainian rules IV.4: advice, warning, game forfeit, and "other
//! sanctions". Each carries the reason the rules require (GTR: "a sanction
//! is a last resort"); what it does to results lives in `effective`.

use super::log::{EntryId, GameRef, Players, Reason};
use super::settings::DisciplineSettings;
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::units::HalfPoints;
use serde::{Deserialize, Serialize};

/// A sanction and the reason given for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Sanction {
    /// What the sanction is and whom it targets.
    pub kind: SanctionKind,
    /// Why it was imposed.
    pub reason: Reason,
    /// The entry recording the violation it punishes, when there is one:
    /// one sanction per violation (Ukrainian rules IV.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub violation: Option<EntryId>,
}

/// Who receives a remark.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Subject {
    /// A registered player.
    Player(PlayerId),
    /// A spectator, by name (GTR: "a player's or spectator's rules violations").
    Spectator(String),
}

/// Why penalty points are given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum PenaltyCause {
    /// Ing overtime periods entered (GTR "Other overtime systems").
    IngOvertime {
        /// Periods entered.
        periods: u8,
    },
    /// A move out of order in pair Go (RFG App. 4 §3.6).
    PairGoOrder,
    /// Any other penalty, of this size.
    Other {
        /// The points.
        points: HalfPoints,
    },
}

/// The sanctions, mildest first (RFG 21(S).2 gives this order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum SanctionKind {
    /// Remark or advice: the correct behaviour is stated; no effect on results.
    Remark {
        /// Who receives it.
        subject: Subject,
        /// The game it happened at, if any.
        game: Option<GameRef>,
    },
    /// A warning; enough of them in one game forfeit it.
    Warning {
        /// The game.
        game: GameRef,
        /// Who is warned.
        players: Players,
    },
    /// Penalty points counted into the game's score by the players.
    PenaltyPoints {
        /// The game.
        game: GameRef,
        /// Who is penalised.
        player: PlayerId,
        /// Why.
        cause: PenaltyCause,
    },
    /// One or both players lose the game.
    GameForfeit {
        /// The game.
        game: GameRef,
        /// Who loses.
        players: Players,
    },
    /// The players' time is changed by `seconds` (negative: taken away).
    TimeChange {
        /// The game.
        game: GameRef,
        /// Whose time.
        players: Players,
        /// Seconds added to the clock.
        seconds: i32,
    },
    /// The player is not paired in the round, and loses its game if already paired.
    RemovalFromRound {
        /// The player.
        player: PlayerId,
        /// The round.
        round: RoundNo,
    },
    /// The player plays no round from `from_round`, as a withdrawal does.
    RemovalFromTournament {
        /// The player.
        player: PlayerId,
        /// The first round not played.
        from_round: RoundNo,
    },
    /// Debarred from a supergroup in a future tournament: for the federation
    /// report, and flagged on the same person in the site's later
    /// tournaments (`core::supergroup`).
    SupergroupBan {
        /// The player.
        player: PlayerId,
        /// Which future tournaments, as decided.
        scope: String,
        /// The last day the ban applies, when the decision set one; later
        /// tournaments are not flagged.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(value_type = Option<String>, format = Date)]
        until: Option<jiff::civil::Date>,
    },
    /// Rating or qualification points taken away (for the federation report).
    RatingReduction {
        /// The player.
        player: PlayerId,
        /// Points taken.
        points: u32,
    },
}

impl SanctionKind {
    /// The game the sanction is about, if any.
    pub fn game(&self) -> Option<GameRef> {
        match self {
            SanctionKind::Remark { game, .. } => *game,
            SanctionKind::Warning { game, .. }
            | SanctionKind::PenaltyPoints { game, .. }
            | SanctionKind::GameForfeit { game, .. }
            | SanctionKind::TimeChange { game, .. } => Some(*game),
            SanctionKind::RemovalFromRound { .. }
            | SanctionKind::RemovalFromTournament { .. }
            | SanctionKind::SupergroupBan { .. }
            | SanctionKind::RatingReduction { .. } => None,
        }
    }

    /// The round the sanction is about, if any.
    pub fn round(&self) -> Option<RoundNo> {
        match self {
            SanctionKind::RemovalFromRound { round, .. } => Some(*round),
            SanctionKind::RemovalFromTournament { from_round, .. } => Some(*from_round),
            _ => self.game().map(|g| g.round),
        }
    }

    /// The players of the game it targets, for the sanctions given in a game.
    pub fn players(&self) -> Option<Players> {
        match self {
            SanctionKind::Warning { players, .. }
            | SanctionKind::GameForfeit { players, .. }
            | SanctionKind::TimeChange { players, .. } => Some(*players),
            SanctionKind::PenaltyPoints { player, .. } => Some(Players::One(*player)),
            SanctionKind::Remark {
                subject: Subject::Player(p),
                game: Some(_),
            } => Some(Players::One(*p)),
            _ => None,
        }
    }

    /// The one player targeted, when there is one.
    pub fn player(&self) -> Option<PlayerId> {
        match self {
            SanctionKind::Remark {
                subject: Subject::Player(player),
                ..
            }
            | SanctionKind::PenaltyPoints { player, .. }
            | SanctionKind::RemovalFromRound { player, .. }
            | SanctionKind::RemovalFromTournament { player, .. }
            | SanctionKind::SupergroupBan { player, .. }
            | SanctionKind::RatingReduction { player, .. } => Some(*player),
            SanctionKind::Warning { players, .. }
            | SanctionKind::GameForfeit { players, .. }
            | SanctionKind::TimeChange { players, .. } => match players {
                Players::One(p) => Some(*p),
                Players::Both => None,
            },
            SanctionKind::Remark { .. } => None,
        }
    }

    /// Whether the sanction outlives the tournament and goes to the federation
    /// (GTR "Other sanctions"; RFG 21(S).2 г; Ukrainian IV.4 4)).
    pub fn is_for_federation(&self) -> bool {
        matches!(
            self,
            SanctionKind::SupergroupBan { .. } | SanctionKind::RatingReduction { .. }
        )
    }
}

impl DisciplineSettings {
    /// The points a penalty costs.
    pub fn penalty(&self, cause: PenaltyCause) -> HalfPoints {
        match cause {
            PenaltyCause::IngOvertime { periods } => {
                self.ing_period_penalty.scaled(i32::from(periods))
            }
            PenaltyCause::PairGoOrder => self.pair_go_order_penalty,
            PenaltyCause::Other { points } => points,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_ing_periods_cost_four_points() {
        let s = DisciplineSettings::default();
        let cost = s.penalty(PenaltyCause::IngOvertime { periods: 2 });
        assert_eq!(cost, HalfPoints::from_points(4));
        assert_eq!(
            s.penalty(PenaltyCause::PairGoOrder),
            HalfPoints::from_points(3)
        );
    }

    #[test]
    fn only_bans_and_rating_reductions_go_to_the_federation() {
        let ban = SanctionKind::SupergroupBan {
            player: PlayerId(1),
            scope: "next year".into(),
            until: None,
        };
        let removal = SanctionKind::RemovalFromRound {
            player: PlayerId(1),
            round: RoundNo::FIRST,
        };
        assert!(ban.is_for_federation());
        assert!(!removal.is_for_federation());
        assert_eq!(removal.round(), Some(RoundNo::FIRST));
    }
}
