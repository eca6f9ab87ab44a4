//! The door's copy of the last state it saw of each busy tournament, at
//! the version stored: the next command starts from it instead of reading
//! and parsing the whole tournament again (issue 27: with twenty referees
//! on a 760-player tournament, reading the document was most of a write).
//! A copy is used only at the version it was kept at; any change, through
//! this door or another process's, moves the version on and leaves it
//! unused.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use uuid::Uuid;

use crate::core::command::State;

/// How many tournaments' states are kept: the few being run at once on one
/// server, not every tournament a federation's server holds.
const TOURNAMENTS: usize = 16;

#[derive(Clone, Default)]
pub(super) struct Kept(Arc<Mutex<Inner>>);

#[derive(Default)]
struct Inner {
    states: HashMap<Uuid, Entry>,
    clock: u64,
}

struct Entry {
    version: i32,
    state: Arc<State>,
    used: u64,
}

impl Kept {
    /// The kept state of `id` if it is at `version`.
    pub(super) fn get(&self, id: Uuid, version: i32) -> Option<Arc<State>> {
        let mut inner = self.0.lock().unwrap_or_else(|e| e.into_inner());
        inner.clock += 1;
        let now = inner.clock;
        let entry = inner.states.get_mut(&id).filter(|e| e.version == version)?;
        entry.used = now;
        Some(entry.state.clone())
    }

    /// Keeps `state` as `id` at `version` (what is stored, committed),
    /// forgetting the least recently used tournament beyond the bound.
    pub(super) fn put(&self, id: Uuid, version: i32, state: Arc<State>) {
        let mut inner = self.0.lock().unwrap_or_else(|e| e.into_inner());
        inner.clock += 1;
        let used = inner.clock;
        if inner.states.get(&id).is_some_and(|e| e.version > version) {
            return;
        }
        inner.states.insert(
            id,
            Entry {
                version,
                state,
                used,
            },
        );
        if inner.states.len() > TOURNAMENTS
            && let Some(oldest) = inner
                .states
                .iter()
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| *k)
        {
            inner.states.remove(&oldest);
        }
    }
}
