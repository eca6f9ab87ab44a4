//! The scoped version check: a write based on an older version of the
//! tournament is refused only when what it touches changed since. Two
//! referees entering results on different boards never refuse each other;
//! two organisers editing the same player do.

use serde::{Deserialize, Serialize};

use crate::core::discipline::AppealId;
use crate::core::{BoardNo, PlayerId, RoundNo};

/// What a command touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// Everything: settings, a pairing computed from all results.
    Tournament,
    /// The list of registrations (a new player is checked against it).
    Players,
    Player(PlayerId),
    Round(RoundNo),
    Board(RoundNo, BoardNo),
    /// The referees' log and the committee.
    Discipline,
    Appeal(AppealId),
}

impl Scope {
    /// True when a change to one can make a write to the other stale.
    pub fn overlaps(self, other: Scope) -> bool {
        use Scope::*;
        match (self, other) {
            (Tournament, _) | (_, Tournament) => true,
            (Round(a), Board(b, _)) | (Board(b, _), Round(a)) => a == b,
            // A referee's act can change any result or player; an appeal
            // decision too.
            (Discipline, Board(..) | Round(_) | Player(_) | Appeal(_))
            | (Board(..) | Round(_) | Player(_) | Appeal(_), Discipline) => true,
            (Appeal(_), Board(..) | Round(_)) | (Board(..) | Round(_), Appeal(_)) => true,
            (a, b) => a == b,
        }
    }
}

/// Why a write touching `scope`, based on `seen`, is stale while the
/// tournament is at `current`: none when it is not. A board's write is told
/// the result stored there now.
pub fn staleness(
    state: &super::State,
    scope: Scope,
    seen: i32,
    current: i32,
) -> Option<super::Staleness> {
    if !state.changes.is_stale(scope, seen, current) {
        return None;
    }
    let stored = match scope {
        Scope::Board(round, board) => state
            .doc
            .game_on(round, board)
            .map(|g| crate::core::results::notation(g.result, g.origin)),
        _ => None,
    };
    Some(super::Staleness {
        changed: state.changes.latest_overlap(scope, seen),
        version: Some(current),
        stored,
    })
}

/// How many changes are remembered: a write based on a version older than
/// all of them is refused unless nothing at all changed since.
const KEPT: usize = 500;

/// The scopes of the latest changes, each with the version it made.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Changes(Vec<(Scope, i32)>);

impl Changes {
    /// Notes a change that made `version`.
    pub fn note(&mut self, scope: Scope, version: i32) {
        self.0.push((scope, version));
        if self.0.len() > KEPT {
            self.0.drain(..self.0.len() - KEPT);
        }
    }

    /// True when a write touching `scope`, based on `seen` while the
    /// tournament is at `current`, must be refused.
    pub fn is_stale(&self, scope: Scope, seen: i32, current: i32) -> bool {
        if seen >= current {
            return seen > current;
        }
        // Versions between `seen` and `current` not remembered: unknown, so stale.
        let oldest = self.0.first().map_or(current, |(_, v)| *v);
        if seen < oldest - 1 {
            return true;
        }
        self.0
            .iter()
            .any(|(touched, v)| *v > seen && touched.overlaps(scope))
    }

    /// The latest remembered change since `seen` that overlaps `scope`.
    pub fn latest_overlap(&self, scope: Scope, seen: i32) -> Option<Scope> {
        self.0
            .iter()
            .rev()
            .find(|(touched, v)| *v > seen && touched.overlaps(scope))
            .map(|(touched, _)| *touched)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(r: u32, b: u32) -> Scope {
        Scope::Board(RoundNo::new(r).unwrap(), BoardNo::new(b).unwrap())
    }

    #[test]
    fn results_on_other_boards_do_not_make_a_write_stale() {
        let mut changes = Changes::default();
        changes.note(board(1, 1), 11);
        changes.note(board(1, 2), 12);
        assert!(!changes.is_stale(board(1, 3), 10, 12));
        assert!(changes.is_stale(board(1, 2), 10, 12));
        assert!(!changes.is_stale(board(1, 2), 12, 12));
        assert!(changes.is_stale(Scope::Round(RoundNo::FIRST), 10, 12));
    }

    #[test]
    fn a_version_older_than_what_is_remembered_is_stale() {
        let mut changes = Changes::default();
        for v in 1..=(KEPT as i32 + 10) {
            changes.note(board(1, 1), v);
        }
        assert!(changes.is_stale(board(2, 2), 3, KEPT as i32 + 10));
        assert!(!changes.is_stale(board(2, 2), 20, KEPT as i32 + 10));
    }

    #[test]
    fn a_version_from_the_future_is_stale() {
        assert!(Changes::default().is_stale(Scope::Players, 5, 4));
    }
}
