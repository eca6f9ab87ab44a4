//! The read door: a tournament opened for one caller. [`Desk::open`] loads
//! the row and the caller's roles in one read and answers who may know the
//! tournament exists; the state (through the door's kept copy) is read once,
//! when first asked, and what the caller may see and do is answered by the
//! core's one permission table under the tournament's rule text
//! ([`crate::core::command::Actor::may_under`], as [`Desk::run`] asks it).
//!
//! Visibility is one rule here: published rounds for visitors and players,
//! every paired round for the staff ([`Opened::last_visible_round`]).

use std::sync::Arc;

use tokio::sync::OnceCell;

use super::{Caller, Desk, DeskError, Ran, actor};
use crate::core::access::{Action, StaffRole};
use crate::core::command::{Command, Refusal, State};
use crate::core::discipline::{BoardStatus, Book, DisciplineError, Effective, GameRef, Schedule};
use crate::core::{PlayerId, RoundNo, Tournament};
use crate::store::{discipline, tournaments};

/// The read model's types, for the pages: a tournament's row and an account.
pub use crate::store::accounts::Account;
pub use crate::store::tournaments::{Listed, StaffMember, TournamentRow};

/// Who opened a tournament: an account ([`Opened<Account>`], staff acts),
/// maybe an account ([`Opened<Option<Account>>`], readers) or a player
/// through their private link ([`Opened<PlayerId>`]).
pub trait Who: Send + Sync {
    /// The account, if the caller is signed in.
    fn account(&self) -> Option<&Account>;
    /// The caller at the door.
    fn caller(&self) -> Caller;
}

impl Who for Account {
    fn account(&self) -> Option<&Account> {
        Some(self)
    }
    fn caller(&self) -> Caller {
        Caller::Account(self.clone())
    }
}

impl Who for Option<Account> {
    fn account(&self) -> Option<&Account> {
        self.as_ref()
    }
    fn caller(&self) -> Caller {
        self.clone().map_or(Caller::Public, Caller::Account)
    }
}

impl Who for PlayerId {
    fn account(&self) -> Option<&Account> {
        None
    }
    fn caller(&self) -> Caller {
        Caller::PlayerLink(*self)
    }
}

/// A tournament as one caller may see it.
pub struct Opened<W> {
    pub tournament: TournamentRow,
    /// The caller's roles in it (none for visitors and players).
    pub roles: Vec<StaffRole>,
    pub me: W,
    desk: Desk,
    pub(super) db: sqlx::PgPool,
    state: OnceCell<(i32, Arc<State>)>,
}

/// A tournament as readers see it: the document as entered, its discipline
/// book, and the two combined (`effective.tournament`: results as they stand
/// after sanctions, forfeits and appeal decisions, which pairing, the pages
/// and the exports read), all at one version.
pub struct View {
    pub version: i32,
    pub entered: Tournament,
    pub book: Book,
    pub effective: Effective,
    /// The rounds' official starts, from which lateness counts.
    pub schedule: Schedule,
}

impl View {
    /// `state` at `version` as readers see it.
    pub fn of(version: i32, state: &State) -> Result<View, Refusal> {
        Ok(View {
            version,
            schedule: state.schedule(),
            effective: state.effective()?,
            entered: state.doc.clone(),
            book: state.book.clone(),
        })
    }

    /// A board's warnings, penalties, clocks and lateness, from the log.
    pub fn board_status(&self, game: GameRef) -> Result<BoardStatus, DisciplineError> {
        crate::core::discipline::board_status(
            &self.entered,
            &self.book.log,
            &self.schedule,
            game,
            &self.book.settings,
        )
    }

    /// What the standings are computed from (games of an early leaver annulled
    /// where the rule text says so).
    pub fn for_standings(&self) -> Tournament {
        self.effective.for_standings()
    }
}

/// Who may know a tournament exists: anyone for a public one, else its
/// staff and site administrators. Everyone else gets what a tournament that
/// does not exist gets, so a private one cannot be found out.
fn may_see(tournament: &TournamentRow, roles: &[StaffRole], admin: bool) -> bool {
    tournament.is_public || !roles.is_empty() || admin
}

/// Which rounds a caller sees: published rounds for visitors and players,
/// every round for the staff.
#[derive(Clone, Copy)]
pub struct Sight<'a> {
    state: &'a State,
    staff: bool,
}

impl<'a> Sight<'a> {
    /// The rounds of `state` as the staff (`staff`) or anyone else sees them.
    pub fn of(state: &'a State, staff: bool) -> Self {
        Sight { state, staff }
    }

    /// Whether the round's pairing and results are seen.
    pub fn sees(&self, round: RoundNo) -> bool {
        self.staff || self.state.mark(round).published.is_some()
    }

    /// The last paired round seen (0 before any).
    pub fn last_round(&self) -> u32 {
        let doc = &self.state.doc;
        (1..=doc.settings().number_of_rounds)
            .filter_map(RoundNo::new)
            .take_while(|r| doc.is_paired(*r))
            .filter(|r| self.sees(*r))
            .map(RoundNo::get)
            .max()
            .unwrap_or(0)
    }
}

impl Desk {
    /// Opens the tournament `short` for `me`: [`DeskError::NotFound`] when
    /// there is none, or none this caller may know of.
    pub async fn open<W: Who>(
        &self,
        db: &sqlx::PgPool,
        short: &str,
        me: W,
    ) -> Result<Opened<W>, DeskError> {
        let (tournament, roles) = match me.account() {
            Some(a) => tournaments::with_roles(db, short, a.account_id).await?,
            None => tournaments::by_short_name(db, short)
                .await?
                .map(|row| (row, Vec::new())),
        }
        .ok_or(DeskError::NotFound)?;
        self.opened(db, tournament, roles, me)
    }

    /// Opens a tournament whose row a visitor's page already holds (the
    /// live pages' copy: one read per change however many phones ask).
    pub fn open_row(
        &self,
        db: &sqlx::PgPool,
        tournament: TournamentRow,
    ) -> Result<Opened<Option<Account>>, DeskError> {
        self.opened(db, tournament, Vec::new(), None)
    }

    /// The tournament and the player a private link opens; not found for a
    /// link nobody issued (or one issued again since).
    pub async fn open_link(
        &self,
        db: &sqlx::PgPool,
        token: &str,
    ) -> Result<Opened<PlayerId>, DeskError> {
        let (id, no) = discipline::by_player_link(db, &super::accounts::token_hash(token))
            .await?
            .ok_or(DeskError::NotFound)?;
        let tournament = tournaments::by_id(db, id)
            .await?
            .ok_or(DeskError::NotFound)?;
        Ok(Opened {
            tournament,
            roles: Vec::new(),
            me: PlayerId(no as u32),
            desk: self.clone(),
            db: db.clone(),
            state: OnceCell::new(),
        })
    }

    /// The row of the tournament `short`, as visitors' pages keep it.
    pub async fn row(
        &self,
        db: &sqlx::PgPool,
        short: &str,
    ) -> Result<Option<TournamentRow>, DeskError> {
        Ok(tournaments::by_short_name(db, short).await?)
    }

    fn opened<W: Who>(
        &self,
        db: &sqlx::PgPool,
        tournament: TournamentRow,
        roles: Vec<StaffRole>,
        me: W,
    ) -> Result<Opened<W>, DeskError> {
        let admin = me.account().is_some_and(|a| a.is_admin);
        if !may_see(&tournament, &roles, admin) {
            return Err(DeskError::NotFound);
        }
        Ok(Opened {
            tournament,
            roles,
            me,
            desk: self.clone(),
            db: db.clone(),
            state: OnceCell::new(),
        })
    }
}

impl<W: Who> Opened<W> {
    /// Whether the caller runs this tournament in any role, or the site:
    /// the staff see every paired round, published or not.
    pub fn is_staff(&self) -> bool {
        !self.roles.is_empty() || self.is_admin()
    }

    /// Whether a site administrator opened it.
    pub fn is_admin(&self) -> bool {
        self.me.account().is_some_and(|a| a.is_admin)
    }

    /// The tournament's state and its version, read once.
    pub async fn read(&self) -> Result<(i32, &State), DeskError> {
        let (version, state) = self
            .state
            .get_or_try_init(|| {
                self.desk
                    .read_shared(&self.db, self.tournament.tournament_id)
            })
            .await?;
        Ok((*version, state))
    }

    /// The tournament's state (document, book, round marks, header).
    pub async fn state(&self) -> Result<&State, DeskError> {
        Ok(self.read().await?.1)
    }

    /// The document as entered.
    pub async fn doc(&self) -> Result<Tournament, DeskError> {
        Ok(self.state().await?.doc.clone())
    }

    /// The tournament as readers see it, effective results computed.
    pub async fn view(&self) -> Result<View, DeskError> {
        let (version, state) = self.read().await?;
        Ok(View::of(version, state)?)
    }

    /// Whether the caller may take `action`: the core's table under the
    /// tournament's rule text, as the door asks it.
    pub async fn may(&self, action: Action) -> Result<bool, DeskError> {
        let ruleset = self.state().await?.book.settings.ruleset;
        Ok(actor(&self.me.caller(), self.roles.clone()).may_under(action, ruleset))
    }

    /// Refuses (403) unless the caller may take `action`.
    pub async fn require(&self, action: Action) -> Result<(), DeskError> {
        if self.may(action).await? {
            Ok(())
        } else {
            Err(Refusal::Forbidden.into())
        }
    }

    /// The last round whose results the caller may see: published rounds
    /// for visitors and players, every paired round for the staff (0
    /// before any).
    pub async fn last_visible_round(&self) -> Result<u32, DeskError> {
        Ok(self.sight().await?.last_round())
    }

    /// Which rounds the caller sees.
    pub async fn sight(&self) -> Result<Sight<'_>, DeskError> {
        Ok(Sight::of(self.state().await?, self.is_staff()))
    }

    /// Whether the caller may see round `round`: paired, and published
    /// unless the caller is staff.
    pub async fn sees_round(&self, round: RoundNo) -> Result<bool, DeskError> {
        let state = self.state().await?;
        Ok(state.doc.is_paired(round) && Sight::of(state, self.is_staff()).sees(round))
    }

    /// Whether round `round` is published.
    pub async fn published(&self, round: RoundNo) -> Result<bool, DeskError> {
        Ok(self.state().await?.mark(round).published.is_some())
    }

    /// Pairs the next round as the caller ([`Desk::pair_next`]).
    pub async fn pair_next(&self) -> Result<Ran, DeskError> {
        self.desk
            .pair_next(&self.me.caller(), self.tournament.tournament_id)
            .await
    }

    /// Runs a command as the caller, through the door.
    pub async fn run(&self, seen: Option<i32>, command: Command) -> Result<Ran, DeskError> {
        self.desk
            .run(
                &self.me.caller(),
                self.tournament.tournament_id,
                seen,
                command,
            )
            .await
    }

    /// Whether the command would be taken now, changing nothing.
    pub async fn try_run(&self, command: Command) -> Result<(), DeskError> {
        self.desk
            .try_run(&self.me.caller(), self.tournament.tournament_id, command)
            .await
    }
}
