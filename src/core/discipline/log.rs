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
use super::sanction::Sanction;
use super::settings::DisciplineSettings;
use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::round::{Game, GameResult, ResultOrigin};
use crate::core::settings::Resumption;
use crate::core::tournament::Tournament;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// A moment, in seconds since the Unix epoch (UTC), as the caller's clock gave it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Moment(i64);

impl Moment {
    /// The moment `seconds` after the Unix epoch.
    pub const fn from_unix_seconds(seconds: i64) -> Self {
        Moment(seconds)
    }

    /// Seconds since the Unix epoch.
    pub const fn unix_seconds(self) -> i64 {
        self.0
    }

    /// The moment `seconds` later.
    pub const fn plus_seconds(self, seconds: i64) -> Self {
        Moment(self.0.saturating_add(seconds))
    }

    /// Time from `earlier` to `self`; zero if `earlier` is later.
    pub fn since(self, earlier: Moment) -> Duration {
        Duration::from_secs(u64::try_from(self.0.saturating_sub(earlier.0)).unwrap_or(0))
    }
}

/// The number of an entry in a tournament's log, from 1.
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
#[serde(transparent)]
pub struct EntryId(pub u32);

impl fmt::Display for EntryId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// The number of an appeal in a tournament, from 1.
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
#[serde(transparent)]
pub struct AppealId(pub u32);

impl fmt::Display for AppealId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A non-empty text: the reasons every decision must give (GTR
/// "Arbitration > General": "explained in clear language").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Reason(String);

impl Reason {
    /// The text, trimmed; refused when empty.
    pub fn new(text: &str) -> Result<Self, DisciplineError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(DisciplineError::MissingReason);
        }
        Ok(Reason(text.to_owned()))
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Reason {
    type Error = DisciplineError;
    fn try_from(text: String) -> Result<Self, DisciplineError> {
        Reason::new(&text)
    }
}

impl From<Reason> for String {
    fn from(reason: Reason) -> String {
        reason.0
    }
}

/// The name of the official (referee, committee member) who acted.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Official(String);

impl Official {
    /// The name, trimmed; refused when empty.
    pub fn new(name: &str) -> Result<Self, DisciplineError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(DisciplineError::MissingOfficial);
        }
        Ok(Official(name.to_owned()))
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Official {
    type Error = DisciplineError;
    fn try_from(name: String) -> Result<Self, DisciplineError> {
        Official::new(&name)
    }
}

impl From<Official> for String {
    fn from(official: Official) -> String {
        official.0
    }
}

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
        /// Why it is corrected.
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
            | Act::Adjourned { game, .. }
            | Act::Correction { game, .. } => Some(*game),
            Act::StartRound { .. } | Act::Withdrawal { .. } | Act::Decision { .. } => None,
        }
    }

    /// The round the act concerns, if any.
    pub fn round(&self) -> Option<RoundNo> {
        match self {
            Act::StartRound { round, .. } => Some(*round),
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
        self.check(tournament, settings, at, &act)?;
        let before = effective(tournament, self, settings)?.tournament;
        let id = EntryId(self.entries.iter().map(|e| e.id.0).max().unwrap_or(0) + 1);
        let entry = Entry { id, at, by, act };
        let mut next = self.clone();
        next.entries.push(entry.clone());
        let after = effective(tournament, &next, settings)?.tournament;
        let authority = match &entry.act {
            Act::Correction { reason, .. } => Authority::Correction {
                reason: reason.clone(),
            },
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
