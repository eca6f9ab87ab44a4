//! The incident log: every act of a referee or of the appeals bodies that
//! can touch a tournament, in the order it happened.
//!
//! Invariant: entries are only appended, through [`Log::record`], which
//! checks each act against the tournament and refuses to change a locked
//! result except by an administrative correction or an appeal decision.

use super::DisciplineError;
use super::board::result_changes;
use super::effective::effective;
use super::finality::{Authority, check_change};
use super::settings::DisciplineSettings;
use crate::core::ids::RoundNo;
use crate::core::tournament::Tournament;
use serde::{Deserialize, Serialize};

pub use super::act::{Act, GameRef, Level, Players, Remedy};
pub use super::names::{AppealId, EntryId, Moment, Official, Reason};

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
