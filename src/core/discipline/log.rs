//! The incident log: every act of a referee or of the appeals bodies that
//! can touch a tournament, in the order it happened.
//!
//! Invariant: entries are only appended, through [`Log::record`], which
//! checks each act against the tournament and refuses to change a locked
//! result except by an administrative correction or an appeal decision.

use super::DisciplineError;
use super::board::result_changes;
use super::effective::effective;
use super::finality::{Authority, Confirmer, check_change};
use super::incident::{DisturbanceRemedy, NeutralisationReason, TimeAdjustment};
use super::sanction::Sanction;
use super::settings::DisciplineSettings;
use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::round::{Game, GameResult, Method, ResultOrigin};
use crate::core::settings::Resumption;
use crate::core::tournament::Tournament;
use serde::{Deserialize, Serialize};

pub use super::names::{AppealId, EntryId, Moment, Official, Reason};

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

/// One act, who did it and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Its number in the log.
    pub id: EntryId,
    /// When it was done.
    pub at: Moment,
    /// The official who did it.
    pub by: Official,
    /// What was done.
    pub act: Act,
}

/// A tournament's incident log, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Log {
    entries: Vec<Entry>,
}

impl Log {
    /// A log as stored (entries in the order they were recorded).
    pub fn from_entries(entries: Vec<Entry>) -> Self {
        Log { entries }
    }

    /// Every entry, oldest first.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entry with this id.
    pub fn entry(&self, id: EntryId) -> Option<&Entry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// The game an entry concerns: an annulment concerns its act's.
    pub fn game_of(&self, entry: &Entry) -> Option<GameRef> {
        match &entry.act {
            Act::Annulment { entry: target, .. } => self.entry(*target)?.act.game(),
            act => act.game(),
        }
    }

    /// The round an entry concerns: an annulment concerns its act's.
    pub fn round_of(&self, entry: &Entry) -> Option<RoundNo> {
        match &entry.act {
            Act::Annulment { entry: target, .. } => self.entry(*target)?.act.round(),
            act => act.round(),
        }
    }

    /// Whether the count of `game` was referred to the chief referee and
    /// no correction of its result has followed (WMSG Proc. 10).
    pub fn count_in_dispute(&self, game: GameRef) -> bool {
        let mut open = false;
        for e in &self.entries {
            match &e.act {
                Act::CountDisputed { game: g, .. } if *g == game => open = true,
                Act::Correction { game: g, .. } if *g == game => open = false,
                _ => {}
            }
        }
        open
    }

    /// Checks `act` against `tournament` (as entered, before the log) and
    /// appends it; returns the new entry for the caller to store.
    pub fn record(
        &mut self,
        tournament: &Tournament,
        settings: &DisciplineSettings,
        at: Moment,
        by: Official,
        act: Act,
    ) -> Result<Entry, DisciplineError> {
        self.check(tournament, settings, &act)?;
        let before = effective(tournament, self, settings)?.tournament;
        let id = EntryId(self.entries.iter().map(|e| e.id.0).max().unwrap_or(0) + 1);
        let entry = Entry { id, at, by, act };
        let mut next = self.clone();
        next.entries.push(entry.clone());
        let after = effective(tournament, &next, settings)?.tournament;
        let authority = match &entry.act {
            // An annulment gives its reason as a correction does.
            Act::Correction { reason, .. } | Act::Annulment { reason, .. } => {
                Authority::Correction {
                    reason: reason.clone(),
                }
            }
            Act::Decision { appeal, .. } => Authority::AppealDecision(*appeal),
            _ => Authority::Plain,
        };
        for change in result_changes(&before, &after) {
            check_change(self, change.game, &authority)?;
        }
        *self = next;
        Ok(entry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::discipline::test_support::*;

    #[test]
    fn a_log_survives_its_json_and_a_reasonless_entry_does_not_load() {
        let (t, [a, ..]) = four_players_round_one();
        let mut log = Log::default();
        start_round(&mut log, &t, 1, minute(0));
        log.record(&t, &settings(), minute(5), referee(), warn(board1(), a))
            .unwrap();
        let json = serde_json::to_string(&log).unwrap();
        assert_eq!(serde_json::from_str::<Log>(&json).unwrap(), log);
        let blank = json.replace("noted by the referee", "  ");
        assert!(serde_json::from_str::<Log>(&blank).is_err());
    }

    #[test]
    fn reasons_and_officials_are_never_blank() {
        assert_eq!(Reason::new(" \t"), Err(DisciplineError::MissingReason));
        assert_eq!(Official::new(""), Err(DisciplineError::MissingOfficial));
        assert_eq!(Reason::new(" phone rang ").unwrap().as_str(), "phone rang");
    }

    #[test]
    fn a_sanction_must_name_a_player_of_its_game() {
        let (t, [_, _, c, _]) = four_players_round_one();
        let mut log = Log::default();
        assert_eq!(
            log.record(&t, &settings(), minute(5), referee(), warn(board1(), c)),
            Err(DisciplineError::NotInGame {
                player: c,
                round: board1().round,
                board: board1().board
            })
        );
        let nowhere = warn(at(1, 9), c);
        assert!(matches!(
            log.record(&t, &settings(), minute(5), referee(), nowhere),
            Err(DisciplineError::NoSuchGame { .. })
        ));
        assert!(log.entries().is_empty());
    }
}
