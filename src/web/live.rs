//! What makes public pages fast and live: a cache of the pages visitors
//! read most (the pairings of a round), and server-sent events that tell
//! open pages to reload when their tournament changes.
//!
//! Every committed change calls [`Live::changed`]. A cached page is served
//! only while its tournament's generation is unchanged and for at most
//! [`Live::TTL`], so a change made by another server process shows within
//! that time even without a notice.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use tokio::sync::broadcast;
use uuid::Uuid;

/// The cache and the change notices, shared by every request.
pub struct Live {
    inner: Mutex<Inner>,
    notices: broadcast::Sender<Uuid>,
}

#[derive(Default)]
struct Inner {
    generations: HashMap<Uuid, u64>,
    pages: HashMap<String, Page>,
}

struct Page {
    tournament_id: Uuid,
    generation: u64,
    stored_at: Instant,
    /// Set while one request re-renders an expired page; the others keep
    /// serving it meanwhile instead of all rendering at once.
    refreshing_since: Option<Instant>,
    html: Bytes,
}

impl Default for Live {
    fn default() -> Self {
        Live {
            inner: Mutex::default(),
            notices: broadcast::channel(256).0,
        }
    }
}

impl Live {
    /// The longest a cached page is served without asking the database.
    pub const TTL: Duration = Duration::from_secs(2);
    /// Bounds memory: past this many pages the cache starts afresh.
    const MAX_PAGES: usize = 10_000;

    /// The cached page, if it is still current. When it has merely expired,
    /// one caller gets `None` (and renders it again) while the others are
    /// still served the page; after a change, everyone renders afresh.
    pub fn page(&self, key: &str) -> Option<Bytes> {
        let mut inner = self.inner.lock().expect("live lock");
        let Inner { generations, pages } = &mut *inner;
        let page = pages.get_mut(key)?;
        if page.generation != generations.get(&page.tournament_id).copied().unwrap_or(0) {
            return None;
        }
        let refreshing = page
            .refreshing_since
            .is_some_and(|since| since.elapsed() < Self::TTL);
        if page.stored_at.elapsed() < Self::TTL || refreshing {
            return Some(page.html.clone());
        }
        page.refreshing_since = Some(Instant::now());
        None
    }

    /// The tournament's generation; read it before loading what a page shows.
    pub fn generation(&self, tournament_id: Uuid) -> u64 {
        self.inner
            .lock()
            .expect("live lock")
            .generations
            .get(&tournament_id)
            .copied()
            .unwrap_or(0)
    }

    /// Keeps a page rendered from data read at `generation`, unless the
    /// tournament changed meanwhile (then the page may already be stale).
    pub fn keep(&self, key: String, tournament_id: Uuid, generation: u64, html: Bytes) {
        let mut inner = self.inner.lock().expect("live lock");
        if inner.generations.get(&tournament_id).copied().unwrap_or(0) != generation {
            return;
        }
        if inner.pages.len() >= Self::MAX_PAGES {
            inner.pages.clear();
        }
        let page = Page {
            tournament_id,
            generation,
            stored_at: Instant::now(),
            refreshing_since: None,
            html,
        };
        inner.pages.insert(key, page);
    }

    /// Records that a tournament changed (after the change is committed).
    pub fn changed(&self, tournament_id: Uuid) {
        *self
            .inner
            .lock()
            .expect("live lock")
            .generations
            .entry(tournament_id)
            .or_default() += 1;
        // Nobody listening is fine: no page is open.
        let _ = self.notices.send(tournament_id);
    }

    /// Ends every open page's event stream, so that a server stopping does
    /// not wait for pages that would never hang up (their browsers
    /// reconnect, to this server restarted or to another instance).
    pub fn shut_down(&self) {
        let _ = self.notices.send(Uuid::nil());
    }

    /// Notices of changes, for one open page's event stream; the nil id
    /// means the server is stopping ([`Live::shut_down`]).
    pub fn subscribe(&self) -> broadcast::Receiver<Uuid> {
        self.notices.subscribe()
    }
}

impl crate::desk::Listener for Live {
    fn changed(&self, tournament_id: Uuid) {
        Live::changed(self, tournament_id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_retires_the_cached_pages_of_its_tournament_only() {
        let live = Live::default();
        let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
        live.keep("a".into(), a, live.generation(a), Bytes::from("A"));
        live.keep("b".into(), b, live.generation(b), Bytes::from("B"));
        live.changed(a);
        assert!(live.page("a").is_none());
        assert_eq!(live.page("b"), Some(Bytes::from("B")));
    }

    #[test]
    fn a_page_read_before_a_change_is_not_kept_after_it() {
        let live = Live::default();
        let t = Uuid::new_v4();
        let read_at = live.generation(t);
        live.changed(t);
        live.keep("p".into(), t, read_at, Bytes::from("old"));
        assert!(live.page("p").is_none());
    }

    #[test]
    fn one_caller_refreshes_an_expired_page_while_the_others_are_served_it() {
        let live = Live::default();
        let t = Uuid::new_v4();
        live.keep("p".into(), t, 0, Bytes::from("old"));
        live.inner
            .lock()
            .unwrap()
            .pages
            .get_mut("p")
            .unwrap()
            .stored_at -= Live::TTL;
        assert_eq!(live.page("p"), None, "the first caller refreshes");
        assert_eq!(
            live.page("p"),
            Some(Bytes::from("old")),
            "the next ones are served meanwhile"
        );
        live.keep("p".into(), t, 0, Bytes::from("new"));
        assert_eq!(live.page("p"), Some(Bytes::from("new")));
    }

    #[tokio::test]
    async fn open_pages_hear_of_changes() {
        let live = Live::default();
        let mut notices = live.subscribe();
        let t = Uuid::new_v4();
        live.changed(t);
        assert_eq!(notices.recv().await.unwrap(), t);
    }
}
