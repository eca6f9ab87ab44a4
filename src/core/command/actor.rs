//! Who runs a command, when, and what a tournament may hold on the site:
//! the context every rule of a user action is checked in.

use super::{FieldProblem, Refusal};
use crate::core::access::Action;
use crate::core::access::StaffRole;
use crate::core::discipline::{Moment, Official};
use crate::core::ids::PlayerId;

/// Who acts.
#[derive(Clone, Debug)]
pub enum Actor {
    /// A signed-in member of the staff (or a site administrator, who holds
    /// every role open to them: [`Action::open_to_site_admins`]), with the
    /// name their acts are signed with.
    Staff {
        roles: Vec<StaffRole>,
        admin: bool,
        name: String,
    },
    /// A player through their private link.
    Player(PlayerId),
    /// Anyone: self-registration.
    Public,
}

impl Actor {
    /// True when the actor may take this action as staff.
    pub fn may(&self, action: Action) -> bool {
        match self {
            Actor::Staff { roles, admin, .. } => crate::core::access::may(roles, *admin, action),
            Actor::Player(_) | Actor::Public => false,
        }
    }

    /// True when the actor may take this action under the tournament's
    /// rule text ([`StaffRole::allows_under`]).
    pub fn may_under(&self, action: Action, ruleset: crate::core::discipline::Ruleset) -> bool {
        match self {
            Actor::Staff { roles, admin, .. } => {
                (*admin && action.open_to_site_admins())
                    || roles.iter().any(|r| r.allows_under(action, ruleset))
            }
            Actor::Player(_) | Actor::Public => false,
        }
    }

    /// The name a referee's act is signed with.
    pub fn official(&self) -> Result<Official, Refusal> {
        match self {
            Actor::Staff { name, .. } => Ok(Official::new(name)?),
            Actor::Player(_) | Actor::Public => Err(Refusal::Forbidden),
        }
    }
}

/// When and by whom a command runs.
#[derive(Clone, Debug)]
pub struct Context {
    pub at: Moment,
    pub actor: Actor,
}

/// What one tournament may hold on a site: a site administrator's setting
/// (`tengen serve --max-players`), so that one file or form cannot make
/// every later change to a tournament slow for everyone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub players: usize,
}

impl Limits {
    /// A congress is under 1,000 players (the EGC 2013 had 594); five
    /// times that leaves room and keeps every change in milliseconds.
    pub const PLAYERS: usize = 5_000;

    /// Refuses a tournament of `players` players, or one that `adding`
    /// would take past the limit, naming it.
    pub fn check_players(&self, players: usize, adding: usize) -> Result<(), FieldProblem> {
        let count = players.saturating_add(adding);
        if count <= self.players {
            return Ok(());
        }
        Err(FieldProblem::new("players", "limit.players")
            .arg("limit", self.players)
            .arg("count", count))
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            players: Self::PLAYERS,
        }
    }
}
