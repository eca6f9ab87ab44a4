//! The aggregate every rule of a user action reads: one tournament as a
//! whole (document, discipline book, round marks, header, change scopes),
//! and what it answers about its rounds.

use super::{Changes, Header, Refusal, RoundMark, Rounds};
use crate::core::RoundNo;
use crate::core::Tournament;
use crate::core::discipline::{Book, Effective, Moment, Schedule};

/// Everything a rule of a user action reads: one tournament as a whole.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// Players, games and settings, as entered.
    pub doc: Tournament,
    /// The referees' log, appeals and the committee.
    pub book: Book,
    /// Which rounds players may see, and which are locked.
    pub rounds: Rounds,
    /// The settings kept beside the document.
    pub header: Header,
    /// What changed at which version, for the scoped version check.
    pub changes: Changes,
}

impl State {
    /// A new tournament: its document and header, nothing else yet.
    pub fn new(doc: Tournament, header: Header) -> Self {
        State {
            doc,
            book: Book::default(),
            rounds: Rounds::new(),
            header,
            changes: Changes::default(),
        }
    }

    /// The rounds' official starts on the programme, as moments in the
    /// tournament's time zone.
    pub fn schedule(&self) -> Schedule {
        Schedule::new(self.rounds.iter().filter_map(|(n, mark)| {
            let at = mark.start?.unix_seconds(&self.header.time_zone)?;
            Some((RoundNo::new(*n)?, Moment::from_unix_seconds(at)))
        }))
    }

    /// The mark of a round (none: neither published nor locked).
    pub fn mark(&self, round: RoundNo) -> RoundMark {
        self.rounds.get(&round.get()).copied().unwrap_or_default()
    }

    /// Players may see this round's pairing.
    pub fn is_published(&self, round: RoundNo) -> bool {
        self.mark(round).published.is_some()
    }

    /// The round's results change only by correction or appeal.
    pub fn is_locked(&self, round: RoundNo) -> bool {
        self.mark(round).locked.is_some()
    }

    /// The round is no longer paired: it is neither published nor locked,
    /// and keeps its official start.
    pub(super) fn clear_mark(&mut self, round: RoundNo) {
        let start = self.mark(round).start;
        self.rounds.remove(&round.get());
        if start.is_some() {
            self.rounds.insert(
                round.get(),
                RoundMark {
                    start,
                    ..RoundMark::default()
                },
            );
        }
    }

    /// The results as they stand after sanctions and appeal decisions.
    pub fn effective(&self) -> Result<Effective, Refusal> {
        Ok(self.book.effective(&self.doc)?)
    }
}
