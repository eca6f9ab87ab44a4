//! Commands to one tournament wait for their turn here, before taking a
//! database connection: they would queue on the tournament's row lock
//! anyway, and twenty referees queued there held every connection kept for
//! changes, so the twenty-first write waited past the pool's timeout and
//! got an error page (issue 27, the referees' wave). Waiting here holds
//! nothing; other tournaments' commands pass by.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{Mutex as Turn, OwnedMutexGuard};
use uuid::Uuid;

/// How long a command waits for its turn before the caller is told the
/// server is busy (503): far longer than a queue of referees takes.
const WAIT: Duration = Duration::from_secs(10);

#[derive(Clone, Default)]
pub(super) struct Turns(Arc<Mutex<HashMap<Uuid, Arc<Turn<()>>>>>);

/// A command's turn at one tournament, until dropped.
pub(super) struct Held {
    guard: Option<OwnedMutexGuard<()>>,
    id: Uuid,
    turns: Turns,
}

impl Turns {
    /// Waits for the turn at `id`; `None` after [`WAIT`].
    pub(super) async fn take(&self, id: Uuid) -> Option<Held> {
        let turn = {
            let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
            map.entry(id).or_default().clone()
        };
        let guard = tokio::time::timeout(WAIT, turn.lock_owned()).await.ok()?;
        Some(Held {
            guard: Some(guard),
            id,
            turns: self.clone(),
        })
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut map = self.turns.0.lock().unwrap_or_else(|e| e.into_inner());
        // The map's and this guard's: nobody else waits, so the entry goes.
        if map.get(&self.id).is_some_and(|t| Arc::strong_count(t) == 2) {
            map.remove(&self.id);
        }
        self.guard.take();
    }
}
