//! What the incident log records: each act of a referee or of the appeals
//! bodies, the game, players and remedy it names; [`super::log`] keeps them
//! in order and checks each against the tournament.

use super::DisciplineError;
use super::finality::Confirmer;
use super::incident::{DisturbanceRemedy, NeutralisationReason, TimeAdjustment};
use super::names::{AppealId, EntryId, Reason};
use super::sanction::Sanction;
use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::round::{Game, GameResult, Method, ResultOrigin};
use crate::core::settings::Resumption;
use crate::core::tournament::Tournament;
use serde::{Deserialize, Serialize};

/// A game, named by its round and board.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
pub struct GameRef {
    /// The round.
    pub round: RoundNo,
    /// The board.
    pub board: BoardNo,
}

impl GameRef {
    /// The game of `tournament` this names.
    pub fn game(self, tournament: &Tournament) -> Result<&Game, DisciplineError> {
        tournament
            .game_on(self.round, self.board)
            .ok_or(DisciplineError::NoSuchGame {
                round: self.round,
                board: self.board,
            })
    }
}

/// One or both players of a game (GTR: a warning or a forfeit "to either or both players").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Players {
    /// This player.
    One(PlayerId),
    /// Both players of the game.
    Both,
}

impl Players {
    /// The players meant, in `game`; refused if `One` names someone else.
    pub fn of(self, game: &Game) -> Result<Vec<PlayerId>, DisciplineError> {
        match self {
            Players::Both => Ok(vec![game.white, game.black]),
            Players::One(p) if game.colour_of(p).is_some() => Ok(vec![p]),
            Players::One(player) => Err(DisciplineError::NotInGame {
                player,
                round: game.round,
                board: game.board,
            }),
        }
    }
}

/// Which body of the three-level arbitration decided (GTR "Arbitration").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Level {
    /// The tournament's appeals committee.
    Committee,
    /// The federation's rules commission, after the tournament.
    Federation,
}

/// What an appeal decision changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Remedy {
    /// The entry no longer has any effect.
    Revoke(EntryId),
    /// The game gets this result, over any forfeit.
    SetResult {
        /// The game.
        game: GameRef,
        /// Its result.
        result: GameResult,
        /// How the result came about.
        origin: ResultOrigin,
    },
}

/// What was done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Act {
    /// The referee started the clocks of a round, or of one board apart.
    StartRound {
        /// The round.
        round: RoundNo,
        /// The board started apart, if any.
        board: Option<BoardNo>,
    },
    /// A sanction.
    Sanction(Sanction),
    /// Players still absent after the forfeit time lose by default.
    Absence {
        /// The game.
        game: GameRef,
        /// Who is absent.
        players: Players,
    },
    /// The player left the tournament and plays no round from `from_round`.
    Withdrawal {
        /// The player.
        player: PlayerId,
        /// The first round not played.
        from_round: RoundNo,
        /// What the player or organiser said, possibly empty.
        note: String,
    },
    /// The player declared the game played under protest (GTR "Arbitration >
    /// Player responsibility", RFG 26.3 б).
    Protest {
        /// The game.
        game: GameRef,
        /// Who protests.
        player: PlayerId,
    },
    /// The result was confirmed, which locks it (RFG 16.8 з).
    Confirmation {
        /// The game.
        game: GameRef,
        /// Who confirmed it.
        by: Confirmer,
    },
    /// The game was played with the wrong colours or handicap (EGF GTR
    /// "Colour or handicap error"; RFG 22.1). Noticed before each player's
    /// third move, it is restarted as paired; noticed later, it goes on and
    /// what was played is recorded on the game, which later pairings, the
    /// colour balance, the standings and the rating export then read.
    PlayedAs {
        /// The game.
        game: GameRef,
        /// Noticed before the third move: the game restarts as paired.
        restart: bool,
        /// The players had each other's colours.
        colours_swapped: bool,
        /// The handicap stones actually placed, when not the paired number.
        handicap: Option<u8>,
    },
    /// The game was adjourned and resumes at one of the published times
    /// (GTR "Adjournment"). The sealed move is deliberately not part of
    /// the act: it is in the envelope, marked "so that the opponent cannot
    /// see its location" (GTR "Sealing a move"), and Tengen never holds it,
    /// so no page, export or API can let it out.
    Adjourned {
        /// The game.
        game: GameRef,
        /// When it resumes.
        resumes: Resumption,
    },
    /// An administrative correction of a result entered wrongly.
    Correction {
        /// The game.
        game: GameRef,
        /// The right result.
        result: GameResult,
        /// How it came about.
        origin: ResultOrigin,
        /// How the game ended, when the referee says so: a counted result
        /// carries its margin (RFG 11.3).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        method: Option<Method>,
        /// Why it is corrected.
        reason: Reason,
    },
    /// The chief referee cancelled the round (Ukrainian rules V.3): its
    /// games were taken away, and the reason stays here. Made by
    /// `Command::CancelRound` only.
    RoundCancelled {
        /// The round.
        round: RoundNo,
        /// Why.
        reason: Reason,
    },
    /// The clock was neutralised, in one of the circumstances the GTR
    /// "Clock neutralisation" lists.
    Neutralisation {
        /// The game.
        game: GameRef,
        /// Which circumstance.
        reason: NeutralisationReason,
        /// The player who stopped the clock, when one did.
        player: Option<PlayerId>,
    },
    /// The first two passes came prematurely in the competitive phase (GTR
    /// "Finite thinking time under Territory Scoring"): each clock is set
    /// to exactly one minute and play resumes.
    PrematurePasses {
        /// The game.
        game: GameRef,
    },
    /// An illegal move noticed within three moves: the game is unwound to
    /// the move before it and goes on (GTR "Illegal move").
    IllegalMove {
        /// The game.
        game: GameRef,
        /// Who played it.
        player: PlayerId,
        /// The time adjustment the referee allowed, if any.
        time: Option<TimeAdjustment>,
    },
    /// A disturbed position the players could not simply correct (GTR
    /// "Position disturbance").
    Disturbance {
        /// The game.
        game: GameRef,
        /// The procedure applied.
        remedy: DisturbanceRemedy,
        /// Why the earlier procedures would not do; needed from the second on.
        justification: Option<Reason>,
    },
    /// The referee corrected a clock's time (GTR "Timing error"; RFG 24.7 б).
    ClockCorrection {
        /// The game.
        game: GameRef,
        /// Whose clock.
        player: PlayerId,
        /// Seconds it showed.
        before_seconds: u32,
        /// Seconds it shows after the correction.
        after_seconds: u32,
        /// Why.
        reason: Reason,
    },
    /// A rules violation at the board, which one sanction may then name
    /// (Ukrainian rules IV.4).
    Violation {
        /// The game.
        game: GameRef,
        /// Who broke the rules.
        players: Players,
        /// What happened.
        what: Reason,
    },
    /// A dispute over the count referred to the chief referee (WMSG 2008
    /// Appendix 1, Proc. 10): until the chief referee records the result,
    /// no other official may; an appeal against that result goes to the
    /// appeals committee, the arbitration committee of the text.
    CountDisputed {
        /// The game.
        game: GameRef,
        /// What the players dispute.
        dispute: Reason,
    },
    /// A dispute the referee closed without a judgement, by mediating
    /// between the players or clarifying a rule (GTR "Referee": a case
    /// "mediated / clarified" has no judgement, so there is nothing to
    /// appeal against).
    Mediated {
        /// The game.
        game: GameRef,
        /// What was settled, and how.
        note: Reason,
    },
    /// An earlier act taken back, a slip of the finger rather than a
    /// decision to overturn (that is an appeal's: GTR "Arbitration"): the
    /// act stays in the log and counts for nothing. Logged by the act's
    /// author or the chief referee (`command::discipline`).
    Annulment {
        /// The act annulled.
        entry: EntryId,
        /// Why.
        reason: Reason,
    },
    /// An appeal decision's effect; made by [`crate::core::discipline::Appeal::decide`].
    Decision {
        /// The appeal decided.
        appeal: AppealId,
        /// Who decided.
        level: Level,
        /// What changes.
        remedies: Vec<Remedy>,
    },
}

impl Act {
    /// The game the act concerns, if any.
    pub fn game(&self) -> Option<GameRef> {
        match self {
            Act::Sanction(s) => s.kind.game(),
            Act::Absence { game, .. }
            | Act::Protest { game, .. }
            | Act::Confirmation { game, .. }
            | Act::PlayedAs { game, .. }
            | Act::Correction { game, .. }
            | Act::Adjourned { game, .. }
            | Act::Neutralisation { game, .. }
            | Act::PrematurePasses { game }
            | Act::IllegalMove { game, .. }
            | Act::Disturbance { game, .. }
            | Act::ClockCorrection { game, .. }
            | Act::Violation { game, .. }
            | Act::Mediated { game, .. }
            | Act::CountDisputed { game, .. } => Some(*game),
            Act::StartRound { .. }
            | Act::Withdrawal { .. }
            | Act::RoundCancelled { .. }
            | Act::Annulment { .. }
            | Act::Decision { .. } => None,
        }
    }

    /// Whether the act is the referee's own ruling at the board (a
    /// sanction is one besides): a clock stopped, set or corrected, an
    /// illegal move, a disturbed position or a violation (EGF GTR "Timing
    /// error", "Clock neutralisation", "Illegal move", "Position
    /// disturbance": each is the referee's).
    pub fn is_ruling(&self) -> bool {
        matches!(
            self,
            Act::Neutralisation { .. }
                | Act::PrematurePasses { .. }
                | Act::IllegalMove { .. }
                | Act::Disturbance { .. }
                | Act::ClockCorrection { .. }
                | Act::Violation { .. }
        )
    }

    /// Whether the act is a sanction (EGF GTR "Sanctions": a referee's).
    pub fn is_sanction(&self) -> bool {
        matches!(self, Act::Sanction(_))
    }

    /// The round the act concerns, if any.
    pub fn round(&self) -> Option<RoundNo> {
        match self {
            Act::StartRound { round, .. } | Act::RoundCancelled { round, .. } => Some(*round),
            Act::Withdrawal { from_round, .. } => Some(*from_round),
            Act::Sanction(s) => s.kind.round(),
            _ => self.game().map(|g| g.round),
        }
    }
}
