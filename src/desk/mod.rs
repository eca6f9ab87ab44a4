//! The door: every change to a tournament passes here, whether it came from
//! a web form, the JSON API or the command line.
//!
//! [`Desk::run`] runs one [`Command`] as one transaction: lock the
//! tournament row, load the aggregate, check the version the command was
//! based on against what it touches, let the core apply the command, save
//! the whole aggregate, append the audit entry (who, when, before, after),
//! commit, and tell the listeners. A refusal saves nothing.

use std::sync::Arc;

use uuid::Uuid;

use crate::core::PlayerId;
use crate::core::access::StaffRole;
use crate::core::audit::Event;
use crate::core::command::{self, Actor, Command, Context, Done, Outcome, Refusal, State};
use crate::core::discipline::Moment;
use crate::store::{Store, aggregate, archives, audit, tournaments};

pub mod accounts;
mod archive;
pub mod imports;
mod kept;
mod links;
mod open;
pub mod ratings;
mod reads;
mod staff;
mod turns;
pub use crate::store::archives::Snapshot;
pub use crate::store::audit::AuditEntry;
pub use crate::store::discipline::BanSource;
pub use archive::Imported;
pub use open::{Account, Listed, Opened, Sight, StaffMember, TournamentRow, View, Who};

/// Who is at the door.
#[derive(Clone, Debug)]
pub enum Caller {
    /// A signed-in account (through a page, a token or the command line).
    Account(Account),
    /// A player through their private link.
    PlayerLink(PlayerId),
    /// Anyone (self-registration).
    Public,
}

impl Caller {
    fn account_id(&self) -> Option<Uuid> {
        match self {
            Caller::Account(a) => Some(a.account_id),
            Caller::PlayerLink(_) | Caller::Public => None,
        }
    }
}

/// Why the door turned a command away.
#[derive(Debug, thiserror::Error)]
pub enum DeskError {
    #[error("no such tournament")]
    NotFound,
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("database error")]
    Sqlx(#[from] sqlx::Error),
    #[error("internal error")]
    Internal(#[from] anyhow::Error),
}

/// What a command did, and the version the tournament is at now.
#[derive(Debug)]
pub struct Ran {
    pub outcome: Outcome,
    pub version: i32,
}

/// Told after each committed change (the live pages' refresh).
pub trait Listener: Send + Sync {
    fn changed(&self, tournament_id: Uuid);
}

/// The door, shared by the web server and the command line.
#[derive(Clone)]
pub struct Desk {
    store: Store,
    listener: Option<Arc<dyn Listener>>,
    limits: command::Limits,
    kept: kept::Kept,
    turns: turns::Turns,
}

/// The server's clock, as the core counts time.
pub fn now() -> Moment {
    Moment::from_unix_seconds(time::OffsetDateTime::now_utc().unix_timestamp())
}

/// The name an account's acts are signed with: its display name, else its
/// user name.
pub fn signature(a: &Account) -> String {
    if a.display_name.trim().is_empty() {
        a.username.clone()
    } else {
        a.display_name.clone()
    }
}

/// The core's actor for a caller holding `roles` in the tournament.
pub fn actor(caller: &Caller, roles: Vec<StaffRole>) -> Actor {
    match caller {
        Caller::Account(a) => Actor::Staff {
            roles,
            admin: a.is_admin,
            name: signature(a),
        },
        Caller::PlayerLink(p) => Actor::Player(*p),
        Caller::Public => Actor::Public,
    }
}

impl Desk {
    pub fn new(store: Store, listener: Option<Arc<dyn Listener>>) -> Self {
        Desk {
            store,
            listener,
            limits: command::Limits::default(),
            kept: kept::Kept::default(),
            turns: turns::Turns::default(),
        }
    }

    /// The same door under the site's own limits.
    pub fn with_limits(self, limits: command::Limits) -> Self {
        Desk { limits, ..self }
    }

    /// Runs one command. `seen` is the tournament version the command was
    /// based on, when the caller knows it: the command is refused as stale
    /// only when something it touches changed since.
    pub async fn run(
        &self,
        caller: &Caller,
        tournament_id: Uuid,
        seen: Option<i32>,
        command: Command,
    ) -> Result<Ran, DeskError> {
        let _turn = self
            .turns
            .take(tournament_id)
            .await
            .ok_or(DeskError::Sqlx(sqlx::Error::PoolTimedOut))?;
        let mut tx = self.store.begin().await?;
        let (version, roles) = aggregate::lock_version(&mut tx, tournament_id, caller.account_id())
            .await?
            .ok_or(DeskError::NotFound)?;
        let before = match self.kept.get(tournament_id, version) {
            Some(state) => state,
            None => {
                let (_, state) = aggregate::read(&mut *tx, tournament_id)
                    .await?
                    .ok_or(DeskError::NotFound)?;
                Arc::new(state)
            }
        };
        let state = &before;
        let scope = command.scope();
        if let Some(stale) = seen.and_then(|seen| command::staleness(state, scope, seen, version)) {
            return Err(Refusal::Stale(stale).into());
        }
        let cx = Context {
            at: now(),
            actor: actor(caller, roles),
        };
        let adding = command.adds_players();
        if adding > 0 {
            self.limits
                .check_players(state.doc.players().len(), adding)
                .map_err(|p| Refusal::Fields(vec![p]))?;
        }
        // A self-registered player's e-mail is kept beside the document,
        // for organisers only.
        let contact = match &command {
            Command::SelfRegister { draft } if !draft.email.trim().is_empty() => {
                Some(draft.email.trim().to_string())
            }
            _ => None,
        };
        let (mut state, outcome) = command::apply_to(&before, command, &cx)?;
        if outcome.done == Done::Nothing {
            self.kept.put(tournament_id, version, before);
            return Ok(Ran { outcome, version });
        }
        let version = version + 1;
        state.changes.note(scope, version);
        aggregate::save(&mut tx, tournament_id, version, Some(&before), &state)
            .await
            .map_err(short_name_taken)?;
        if let (Some(email), Done::Player { id, .. }) = (&contact, &outcome.done) {
            tournaments::save_contact(&mut *tx, tournament_id, id.0 as i32, email).await?;
        }
        // Every publication keeps the tournament as it then is, for its
        // organiser to go back to (restorable in place or as a copy).
        if let Done::Round(round) = outcome.done
            && matches!(outcome.event, Event::PublishRound(_))
        {
            let archive = archive::without_audit(&mut tx, tournament_id, &state).await?;
            archives::take_snapshot(&mut *tx, tournament_id, round.get(), &archive).await?;
        }
        audit::record(
            &mut *tx,
            Some(tournament_id),
            caller.account_id(),
            &outcome.event,
            outcome.before.clone(),
            outcome.after.clone(),
        )
        .await?;
        crate::store::changes::announce(&mut *tx, tournament_id).await?;
        tx.commit().await?;
        self.kept.put(tournament_id, version, Arc::new(state));
        if let Some(listener) = &self.listener {
            listener.changed(tournament_id);
        }
        Ok(Ran { outcome, version })
    }

    /// Whether the command would be taken now, changing nothing: a step
    /// that asks first is refused before the question, as it would be after.
    pub async fn try_run(
        &self,
        caller: &Caller,
        tournament_id: Uuid,
        command: Command,
    ) -> Result<(), DeskError> {
        let (_, mut state) = self.read(tournament_id).await?;
        let cx = context(&self.store.pool, caller, tournament_id).await?;
        command::apply(&mut state, command, &cx)?;
        Ok(())
    }

    /// Pairs the first round without games. The engine reads results as
    /// they stand after sanctions and appeal decisions and, pairing a large
    /// field taking CPU time, runs off the async threads; the pairing is then
    /// recorded unless the tournament changed meanwhile (refused as stale:
    /// pair again).
    pub async fn pair_next(&self, caller: &Caller, tournament_id: Uuid) -> Result<Ran, DeskError> {
        let (version, state) = self.read(tournament_id).await?;
        let round = command::next_round(&state.doc)?;
        let effective = state.effective()?.tournament;
        // A team event pairs its teams, then their line-ups board by board.
        let paired = tokio::task::spawn_blocking(move || {
            let by_teams = effective.settings().teams.pair_by_teams;
            if effective.teams().is_empty() || !by_teams {
                crate::core::pairing::pair_round(&effective, round)
            } else {
                crate::core::teams::pairing::pair_teams(&effective, round).map(|r| {
                    crate::core::pairing::RoundPairing {
                        games: r.games,
                        bye: None,
                    }
                })
            }
        })
        .await
        .map_err(anyhow::Error::from)?
        .map_err(Refusal::from)?;
        let command = Command::Pair {
            round,
            games: paired.games,
            bye: paired.bye,
        };
        self.run(caller, tournament_id, Some(version), command)
            .await
    }

    /// The aggregate and its version, for reading: the door's own copy when
    /// it holds the stored version, else read (and kept).
    pub async fn read(&self, tournament_id: Uuid) -> Result<(i32, State), DeskError> {
        self.read_on(&self.store.pool, tournament_id).await
    }

    /// [`Desk::read`] on a reader's own pool: pages read without taking
    /// the connections kept for changes.
    pub async fn read_on(
        &self,
        db: &sqlx::PgPool,
        tournament_id: Uuid,
    ) -> Result<(i32, State), DeskError> {
        let (version, state) = self.read_shared(db, tournament_id).await?;
        Ok((version, State::clone(&state)))
    }

    /// [`Desk::read_on`] without a copy: the kept state itself.
    async fn read_shared(
        &self,
        db: &sqlx::PgPool,
        tournament_id: Uuid,
    ) -> Result<(i32, Arc<State>), DeskError> {
        let version = tournaments::version_of(db, tournament_id)
            .await?
            .ok_or(DeskError::NotFound)?;
        if let Some(state) = self.kept.get(tournament_id, version) {
            return Ok((version, state));
        }
        let (version, state) = aggregate::read(db, tournament_id)
            .await?
            .ok_or(DeskError::NotFound)?;
        let state = Arc::new(state);
        self.kept.put(tournament_id, version, state.clone());
        Ok((version, state))
    }

    /// A new tournament from a whole state (the creation form or an
    /// imported file): its settings checked as any change of them is, and
    /// rounds that already have games published.
    pub async fn create(
        &self,
        owner: Uuid,
        mut state: State,
        event: Event,
        summary: serde_json::Value,
    ) -> Result<tournaments::TournamentRow, DeskError> {
        check_new(&state)?;
        self.limits
            .check_players(state.doc.players().len(), 0)
            .map_err(|p| Refusal::Fields(vec![p]))?;
        let last = state.doc.last_round_with_game().map(|r| r.get());
        let at = now();
        for round in (1..=last.unwrap_or(0)).filter_map(crate::core::RoundNo::new) {
            if state.doc.is_paired(round) {
                state.rounds.entry(round.get()).or_default().published = Some(at);
            }
        }
        let mut tx = self.store.begin().await?;
        // Every way a tournament is made (the form, the API, a file, a
        // final stage, the command line) passes here.
        if !crate::store::accounts::may_create_tournament(&mut *tx, owner).await? {
            return Err(Refusal::Forbidden.into());
        }
        let row = insert(&mut tx, owner, &state).await?;
        audit::record(
            &mut *tx,
            Some(row.tournament_id),
            Some(owner),
            &event,
            None,
            Some(summary),
        )
        .await?;
        tx.commit().await?;
        Ok(row)
    }
}

/// A new tournament's settings, checked as any change of them is, and all
/// its text by the rule every command's is ([`command::text::check_new`]).
fn check_new(state: &State) -> Result<(), DeskError> {
    command::text::check_new(state)?;
    let last = state.doc.last_round_with_game().map(|r| r.get());
    let problems = command::check_settings(state.doc.settings(), &state.header, last);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Refusal::Fields(problems).into())
    }
}

/// Inserts a new tournament's row and saves its aggregate (in `tx`).
async fn insert(
    tx: &mut sqlx::PgConnection,
    owner: Uuid,
    state: &State,
) -> Result<tournaments::TournamentRow, DeskError> {
    let header = tournaments::Header {
        time_zone: &state.header.time_zone,
        registration_open: state.header.registration_open,
        is_public: state.header.is_public,
        late_forfeit_minutes: state.header.late_forfeit_minutes,
        schedule: &state.header.schedule,
    };
    let row = tournaments::insert(&mut *tx, owner, &header, &state.doc)
        .await
        .map_err(short_name_taken)?;
    aggregate::save(tx, row.tournament_id, row.version, None, state).await?;
    // Sanctions are a referee's (EGF GTR "Sanctions"): whoever creates a
    // tournament is its chief referee until they name another.
    tournaments::add_staff(&mut *tx, row.tournament_id, owner, StaffRole::ChiefReferee).await?;
    Ok(row)
}

/// The moment and the actor, with the roles the caller holds in the tournament.
async fn context(
    db: impl sqlx::PgExecutor<'_>,
    caller: &Caller,
    tournament_id: Uuid,
) -> sqlx::Result<Context> {
    let roles = match caller {
        Caller::Account(a) => tournaments::roles_of(db, tournament_id, a.account_id).await?,
        Caller::PlayerLink(_) | Caller::Public => Vec::new(),
    };
    Ok(Context {
        at: now(),
        actor: actor(caller, roles),
    })
}

/// The short name's unique constraint, as the field's refusal.
fn short_name_taken(e: sqlx::Error) -> DeskError {
    match &e {
        sqlx::Error::Database(d) if d.constraint() == Some("tournament_short_name_key") => {
            Refusal::field("short_name", "tournament.error.short_name_taken").into()
        }
        _ => e.into(),
    }
}
