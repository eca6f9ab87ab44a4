//! Why a command was refused: typed, so the page, the API and the command
//! line each say it in their reader's language from the same value.

use crate::core::TournamentError;
use crate::core::discipline::DisciplineError;
use crate::core::pairing::PairingError;
pub use crate::core::problem::FieldProblem;
use crate::core::{BoardNo, RoundNo};

/// What changed under a stale write, so the person or program sees what
/// conflicted rather than only that something did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Staleness {
    /// The latest change that overlaps the write, when it is known.
    pub changed: Option<super::scope::Scope>,
    /// The tournament's version now, when the write named the one it saw.
    pub version: Option<i32>,
    /// The result now stored, when the write was about one board.
    pub stored: Option<String>,
}

/// A refused command; the state is left as it was.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Refusal {
    #[error("you do not have permission for this")]
    Forbidden,
    /// No such player, round, board or appeal.
    #[error("not found")]
    NotFound,
    /// What the command was based on changed since it was read.
    #[error("the tournament changed since this was read")]
    Stale(Staleness),
    /// Fields that break a rule of the action.
    #[error("invalid: {0:?}")]
    Fields(Vec<FieldProblem>),
    /// Names already registered that look like this player: the organiser
    /// confirms it is a different person.
    #[error("possibly already registered: {0:?}")]
    LikelyDuplicate(Vec<String>),
    /// The same name was registered already (the form sent twice).
    #[error("already registered")]
    AlreadyRegistered { name: String },
    #[error("registration is closed")]
    RegistrationClosed,
    /// The round is not paired.
    #[error("round {0} is not paired")]
    NotPaired(RoundNo),
    /// A manual pairing change that breaks a rule, as the engine says it.
    #[error("{0}")]
    PairingEdit(String),
    /// Results that cannot be entered, each with its board.
    #[error("results refused: {0:?}")]
    Results(Vec<ResultProblem>),
    #[error(transparent)]
    Tournament(#[from] TournamentError),
    #[error(transparent)]
    Pairing(#[from] PairingError),
    #[error(transparent)]
    Discipline(#[from] DisciplineError),
}

/// Why one typed result was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultProblem {
    /// No game on this board in the round.
    NoBoard(RoundNo, BoardNo),
    /// A jigo under half-point komi.
    ImpossibleJigo { board: BoardNo, komi: String },
    /// A known result the person did not see would be replaced.
    Conflict {
        board: BoardNo,
        stored: String,
        entered: String,
    },
    /// The round is locked: its results change only by correction or appeal.
    Locked,
    /// The same board twice with different results.
    Twice(BoardNo),
    /// A confirmed result changes only by correction or appeal.
    Confirmed(BoardNo, DisciplineError),
    /// A margin, resignation or loss on time the game or the clock rules out.
    Method(BoardNo, crate::core::TournamentError),
}

impl Refusal {
    /// One field's problem.
    pub fn field(field: &'static str, key: &'static str) -> Self {
        Refusal::Fields(vec![FieldProblem::new(field, key)])
    }
}
