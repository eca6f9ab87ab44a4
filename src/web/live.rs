//! What makes public pages fast and live: a cache of the pages visitors
//! read without signing in, and server-sent events that tell open pages to
//! reload when their tournament changes.
//!
//! The moment that matters is a round's publication or a corrected result:
//! thousands of phones are told at once and reload at once. So:
//! - a page is rendered once per change (single flight): the first reader
//!   renders it, the others wait for that render without holding a
//!   database connection, and are all served its bytes;
//! - a cached page is served while its tournament has not changed since the
//!   page's data was read, and for at most [`Live::TTL`], so a change made by
//!   another server process shows within that time even without a notice;
//!   when a page merely expired, one reader renders it again while the
//!   others are still served it.
//!
//! Changes are counted on one clock (an epoch) for the whole server: a
//! reader notes the epoch before reading anything, so a page is never kept
//! when its tournament changed while it was being rendered.

use std::collections::{HashMap, HashSet};
use std::marker::PhantomData;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use tokio::sync::{broadcast, watch};
use uuid::Uuid;

use crate::desk::TournamentRow;

/// The cache and the change notices, shared by every request.
pub struct Live {
    inner: Mutex<Inner>,
    notices: broadcast::Sender<Uuid>,
}

#[derive(Default)]
struct Inner {
    clock: Clock,
    tables: Tables,
}

#[derive(Default)]
struct Clock {
    /// Counts every change on this server.
    epoch: u64,
    /// The epoch of each tournament's last change.
    changed_at: HashMap<Uuid, u64>,
    next_ticket: u64,
}

impl Clock {
    fn is_current<V>(&self, entry: &Entry<V>) -> bool {
        self.changed_at
            .get(&entry.tournament_id)
            .is_none_or(|&at| at <= entry.read_at)
    }
}

/// What the cache keeps, a table per kind.
#[derive(Default)]
pub struct Tables {
    /// Pages as sent to visitors without a session, by language and address.
    pages: Kept<Bytes>,
    /// Tournament headers by short name, for the event streams and pages of
    /// visitors without a session (thousands connect at once).
    rows: Kept<TournamentRow>,
}

/// What is kept of one kind, with the values being made.
pub struct Kept<V> {
    entries: HashMap<String, Entry<V>>,
    /// Values being made now, with the channel their readers wait on.
    making: HashMap<String, (u64, watch::Receiver<Made<V>>)>,
    /// Pages that answered without saying they may be cached (a page with a
    /// form, say): their readers render their own, without waiting.
    refused: HashSet<String>,
    /// What the entries hold ([`Kind::size`]).
    bytes: usize,
}

impl<V> Default for Kept<V> {
    fn default() -> Self {
        Kept {
            entries: HashMap::new(),
            making: HashMap::new(),
            refused: HashSet::new(),
            bytes: 0,
        }
    }
}

/// How a value being made turned out, for the readers waiting on it.
#[derive(Clone)]
enum Made<V> {
    Pending,
    /// Kept: it is in the table.
    Kept,
    /// Made, but not kept (its tournament changed meanwhile): the readers
    /// waiting get it all the same, and reload again at the next notice.
    Handed(V),
    /// Not made (an error page, or a page that may not be kept): each
    /// waiting reader makes its own at once.
    Gone,
}

struct Entry<V> {
    tournament_id: Uuid,
    /// The epoch before the value's data was read.
    read_at: u64,
    stored_at: Instant,
    value: V,
}

/// A kind of value [`Live`] keeps, each in its own table.
pub trait Kind: Clone + Send + Sync + 'static {
    fn kept(tables: &mut Tables) -> &mut Kept<Self>;
    /// The memory it holds, near enough.
    fn size(&self) -> usize;
}

impl Kind for Bytes {
    fn kept(tables: &mut Tables) -> &mut Kept<Self> {
        &mut tables.pages
    }

    fn size(&self) -> usize {
        self.len()
    }
}

impl Kind for TournamentRow {
    fn kept(tables: &mut Tables) -> &mut Kept<Self> {
        &mut tables.rows
    }

    fn size(&self) -> usize {
        std::mem::size_of::<Self>() + self.name.len() + self.schedule.len()
    }
}

/// What a reader is to do.
pub enum Lookup<V: Kind> {
    /// Use this value.
    Hit(V),
    /// Make the value; [`Ticket::keep`] stores it for the readers waiting.
    Make(Ticket<V>),
}

/// The right, and the duty, to make one value: readers of the same key
/// wait for it. Dropped without [`Ticket::keep`], it lets them go on.
pub struct Ticket<V: Kind> {
    live: Arc<Live>,
    key: String,
    id: u64,
    read_at: u64,
    /// Set when the waiting readers' turn depends on this ticket.
    exclusive: Option<watch::Sender<Made<V>>>,
    kind: PhantomData<V>,
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
    /// The longest a cached value is used without asking the database.
    pub const TTL: Duration = Duration::from_secs(2);
    /// Bounds memory: past this many entries, or this many bytes of pages,
    /// a table starts afresh (addresses with made-up queries fill it).
    const MAX_ENTRIES: usize = 10_000;
    const MAX_BYTES: usize = 256 << 20;
    /// The longest a reader waits for another's render before rendering
    /// its own (a render stuck on a slow database).
    const WAIT: Duration = Duration::from_secs(5);

    /// The kept value for `key`, or the ticket to make it. While another
    /// reader makes it, this one waits for that.
    pub async fn lookup<V: Kind>(self: &Arc<Self>, key: &str) -> Lookup<V> {
        let deadline = tokio::time::Instant::now() + Self::WAIT;
        loop {
            let mut waiting = {
                let mut inner = self.inner.lock().expect("live lock");
                let Inner { clock, tables } = &mut *inner;
                let kept = V::kept(tables);
                if kept.refused.contains(key) {
                    return Lookup::Make(self.ticket(clock, kept, key, false));
                }
                let current = kept.entries.get(key).filter(|e| clock.is_current(e));
                let age = current.map(|e| e.stored_at.elapsed());
                let fresh = age.is_some_and(|age| age < Self::TTL);
                // An expired value stands in while it is made again, but
                // not for longer than a reader would wait for it.
                let old = current
                    .filter(|e| e.stored_at.elapsed() < Self::TTL + Self::WAIT)
                    .map(|e| e.value.clone());
                match (fresh, old, kept.making.get(key).map(|(_, r)| r.clone())) {
                    (true, Some(value), _) => return Lookup::Hit(value),
                    // Expired but unchanged: used while one reader makes it again.
                    (false, Some(value), Some(_)) => return Lookup::Hit(value),
                    (_, _, Some(receiver)) => receiver,
                    (_, _, None) => return Lookup::Make(self.ticket(clock, kept, key, true)),
                }
            };
            // A render that takes too long is not waited for.
            let made = match tokio::time::timeout_at(deadline, waiting.changed()).await {
                Ok(Ok(())) => waiting.borrow().clone(),
                Ok(Err(_)) | Err(_) => Made::Gone,
            };
            match made {
                // The next turn finds it (or, changed again, waits anew).
                Made::Kept | Made::Pending => {}
                Made::Handed(value) => return Lookup::Hit(value),
                Made::Gone => {
                    let mut inner = self.inner.lock().expect("live lock");
                    let Inner { clock, tables } = &mut *inner;
                    return Lookup::Make(self.ticket(clock, V::kept(tables), key, false));
                }
            }
        }
    }

    fn ticket<V: Kind>(
        self: &Arc<Self>,
        clock: &mut Clock,
        kept: &mut Kept<V>,
        key: &str,
        exclusive: bool,
    ) -> Ticket<V> {
        clock.next_ticket += 1;
        let id = clock.next_ticket;
        let exclusive = exclusive.then(|| {
            let (sender, receiver) = watch::channel(Made::Pending);
            kept.making.insert(key.to_string(), (id, receiver));
            sender
        });
        Ticket {
            live: self.clone(),
            key: key.to_string(),
            id,
            read_at: clock.epoch,
            exclusive,
            kind: PhantomData,
        }
    }

    /// Records that a tournament changed (after the change is committed).
    pub fn changed(&self, tournament_id: Uuid) {
        {
            let mut inner = self.inner.lock().expect("live lock");
            inner.clock.epoch += 1;
            let epoch = inner.clock.epoch;
            inner.clock.changed_at.insert(tournament_id, epoch);
        }
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

impl<V: Kind> Ticket<V> {
    /// Keeps the value made under this ticket as `tournament_id`'s, unless
    /// the tournament changed since the ticket was given (the value may
    /// then show the state before the change); the waiting readers get it.
    pub fn keep(self, tournament_id: Uuid, value: V) {
        let mut inner = self.live.inner.lock().expect("live lock");
        let Inner { clock, tables } = &mut *inner;
        let entry = Entry {
            tournament_id,
            read_at: self.read_at,
            stored_at: Instant::now(),
            value,
        };
        if !clock.is_current(&entry) {
            if let Some(sender) = &self.exclusive {
                sender.send_replace(Made::Handed(entry.value));
            }
            return;
        }
        let kept = V::kept(tables);
        kept.bytes += entry.value.size();
        if kept.entries.len() >= Live::MAX_ENTRIES || kept.bytes > Live::MAX_BYTES {
            kept.entries.clear();
            kept.bytes = entry.value.size();
        }
        if let Some(old) = kept.entries.insert(self.key.clone(), entry) {
            kept.bytes = kept.bytes.saturating_sub(old.value.size());
        }
        if let Some(sender) = &self.exclusive {
            sender.send_replace(Made::Kept);
        }
    }

    /// This key's value may not be kept: its readers no longer wait.
    pub fn refuse(self) {
        let mut inner = self.live.inner.lock().expect("live lock");
        let kept = V::kept(&mut inner.tables);
        if kept.refused.len() >= Live::MAX_ENTRIES {
            kept.refused.clear();
        }
        kept.refused.insert(self.key.clone());
    }
}

impl<V: Kind> Drop for Ticket<V> {
    fn drop(&mut self) {
        if self.exclusive.is_none() {
            return;
        }
        let mut inner = self.live.inner.lock().expect("live lock");
        let making = &mut V::kept(&mut inner.tables).making;
        if making.get(&self.key).is_some_and(|(id, _)| *id == self.id) {
            making.remove(&self.key);
        }
        if let Some(sender) = &self.exclusive
            && matches!(*sender.borrow(), Made::Pending)
        {
            sender.send_replace(Made::Gone);
        }
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

    fn ticket(lookup: Lookup<Bytes>) -> Ticket<Bytes> {
        match lookup {
            Lookup::Make(ticket) => ticket,
            Lookup::Hit(_) => panic!("expected to render"),
        }
    }

    fn hit(lookup: Lookup<Bytes>) -> Bytes {
        match lookup {
            Lookup::Hit(html) => html,
            Lookup::Make(_) => panic!("expected a cached page"),
        }
    }

    #[tokio::test]
    async fn a_change_retires_the_cached_pages_of_its_tournament_only() {
        let live = Arc::new(Live::default());
        let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
        ticket(live.lookup("a").await).keep(a, Bytes::from("A"));
        ticket(live.lookup("b").await).keep(b, Bytes::from("B"));
        live.changed(a);
        ticket(live.lookup("a").await);
        assert_eq!(hit(live.lookup("b").await), Bytes::from("B"));
    }

    #[tokio::test]
    async fn a_page_read_before_a_change_is_not_kept_after_it() {
        let live = Arc::new(Live::default());
        let t = Uuid::new_v4();
        let render = ticket(live.lookup("p").await);
        live.changed(t);
        render.keep(t, Bytes::from("old"));
        ticket(live.lookup("p").await);
    }

    #[tokio::test]
    async fn readers_of_a_page_being_rendered_wait_for_that_render() {
        let live = Arc::new(Live::default());
        let t = Uuid::new_v4();
        let render = ticket(live.lookup("p").await);
        let readers: Vec<_> = (0..100)
            .map(|_| {
                let live = live.clone();
                tokio::spawn(async move { hit(live.lookup("p").await) })
            })
            .collect();
        tokio::task::yield_now().await;
        render.keep(t, Bytes::from("new"));
        for reader in readers {
            assert_eq!(reader.await.unwrap(), Bytes::from("new"));
        }
    }

    #[tokio::test]
    async fn after_a_change_one_reader_renders_and_the_others_get_its_page() {
        let live = Arc::new(Live::default());
        let t = Uuid::new_v4();
        ticket(live.lookup("p").await).keep(t, Bytes::from("old"));
        live.changed(t);
        let render = ticket(live.lookup("p").await);
        let reader = {
            let live = live.clone();
            tokio::spawn(async move { hit(live.lookup("p").await) })
        };
        tokio::task::yield_now().await;
        assert!(
            !reader.is_finished(),
            "the old page is not served after a change"
        );
        render.keep(t, Bytes::from("new"));
        assert_eq!(reader.await.unwrap(), Bytes::from("new"));
    }

    #[tokio::test]
    async fn a_page_made_while_its_tournament_changed_is_handed_to_the_readers_who_waited() {
        let live = Arc::new(Live::default());
        let t = Uuid::new_v4();
        let render = ticket(live.lookup("p").await);
        let reader = {
            let live = live.clone();
            tokio::spawn(async move { hit(live.lookup("p").await) })
        };
        tokio::task::yield_now().await;
        live.changed(t);
        render.keep(t, Bytes::from("made"));
        assert_eq!(reader.await.unwrap(), Bytes::from("made"));
        ticket(live.lookup("p").await);
    }

    #[tokio::test]
    async fn one_reader_refreshes_an_expired_page_while_the_others_are_served_it() {
        let live = Arc::new(Live::default());
        let t = Uuid::new_v4();
        ticket(live.lookup("p").await).keep(t, Bytes::from("old"));
        live.inner
            .lock()
            .unwrap()
            .tables
            .pages
            .entries
            .get_mut("p")
            .unwrap()
            .stored_at -= Live::TTL;
        let render = ticket(live.lookup("p").await);
        assert_eq!(hit(live.lookup("p").await), Bytes::from("old"));
        render.keep(t, Bytes::from("new"));
        assert_eq!(hit(live.lookup("p").await), Bytes::from("new"));
    }

    #[tokio::test]
    async fn a_render_that_fails_lets_the_waiting_readers_render_their_own() {
        let live = Arc::new(Live::default());
        let render = ticket(live.lookup("p").await);
        let reader = {
            let live = live.clone();
            tokio::spawn(async move { ticket(live.lookup("p").await).id })
        };
        tokio::task::yield_now().await;
        drop(render);
        reader.await.unwrap();
    }

    #[tokio::test]
    async fn readers_of_a_page_that_may_not_be_cached_do_not_wait_for_each_other() {
        let live = Arc::new(Live::default());
        ticket(live.lookup("form").await).refuse();
        let first = ticket(live.lookup("form").await);
        let second = ticket(live.lookup("form").await);
        assert!(first.exclusive.is_none() && second.exclusive.is_none());
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
