//! `WebError`: every way a request can fail, mapped to a status and a page
//! in the layout (or JSON under `/api`), never a stack trace.

use axum::http::StatusCode;

use crate::core::TournamentError;
use crate::core::discipline::DisciplineError;
use crate::core::pairing::PairingError;
pub use crate::web::discipline_words::discipline_message;
use axum::response::{IntoResponse, Response};

/// A failed request.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("page not found")]
    NotFound,
    #[error("sign in to continue")]
    Unauthorized,
    #[error("you do not have permission for this")]
    Forbidden,
    #[error("the form expired or came from another site; reload the page and try again")]
    Csrf,
    #[error("the tournament changed since this page was loaded")]
    StaleForm,
    #[error("registration is closed")]
    RegistrationClosed,
    #[error("the upload was incomplete or too large")]
    BadUpload,
    /// A body declared larger than the address takes.
    #[error("the file is too large")]
    TooLarge,
    /// Text no handler may read: a control character or bytes that are
    /// not UTF-8, in the path, query, a form field or a JSON string.
    #[error("a control character or invalid text in the request")]
    BadText(super::hygiene::Place),
    /// A request the API could not accept, with what was wrong.
    #[error("invalid request: {0}")]
    Invalid(String),
    /// A command the core refused, with a reason the other variants do not name.
    #[error(transparent)]
    Refused(Box<crate::core::command::Refusal>),
    #[error(transparent)]
    Domain(#[from] TournamentError),
    #[error(transparent)]
    Pairing(#[from] PairingError),
    #[error(transparent)]
    Discipline(#[from] DisciplineError),
    #[error("database error")]
    Sqlx(#[from] sqlx::Error),
    #[error("internal error")]
    Internal(#[from] anyhow::Error),
}

/// The database cannot be reached (stopped, restarting, the network down):
/// a moment's trouble to retry, not a fault of the request. The pool's
/// acquire timeout (`store::Store::connect`) bounds how long it takes to tell.
fn database_down(e: &sqlx::Error) -> bool {
    matches!(
        e,
        sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::Io(_)
            | sqlx::Error::WorkerCrashed
    )
}

/// The alias every handler returns.
pub type WebResult<T> = Result<T, WebError>;

impl WebError {
    pub fn status(&self) -> StatusCode {
        match self {
            WebError::NotFound => StatusCode::NOT_FOUND,
            WebError::Unauthorized => StatusCode::UNAUTHORIZED,
            WebError::Forbidden | WebError::Csrf => StatusCode::FORBIDDEN,
            WebError::StaleForm | WebError::RegistrationClosed => StatusCode::CONFLICT,
            WebError::BadUpload => StatusCode::BAD_REQUEST,
            WebError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            WebError::BadText(super::hygiene::Place::Json) | WebError::Invalid(_) => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            WebError::BadText(_) => StatusCode::BAD_REQUEST,
            WebError::Refused(r) => refused_status(r),
            WebError::Domain(e) => domain_status(e),
            WebError::Pairing(e) => pairing_status(e),
            WebError::Discipline(e) => discipline_status(e),
            WebError::Sqlx(e) if database_down(e) => StatusCode::SERVICE_UNAVAILABLE,
            WebError::Sqlx(_) | WebError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The translation key of the message shown to the person.
    pub fn message_key(&self) -> &'static str {
        match self {
            WebError::NotFound => "error.not_found",
            WebError::Unauthorized => "error.unauthorized",
            WebError::Forbidden => "error.forbidden",
            WebError::Csrf => "error.csrf",
            WebError::StaleForm => "error.stale_form",
            WebError::RegistrationClosed => "error.registration_closed",
            WebError::BadUpload => "error.bad_upload",
            WebError::TooLarge => "error.too_large",
            WebError::BadText(_) => "error.bad_text",
            WebError::Invalid(_) => "error.invalid_request",
            WebError::Refused(r) => refused_message_key(r),
            WebError::Domain(e) => domain_message_key(e),
            WebError::Pairing(PairingError::NoValidPairing) => "error.no_valid_pairing",
            WebError::Pairing(PairingError::WeightOutOfRange) => "error.internal",
            WebError::Pairing(PairingError::TableChanged { .. }) => "error.table_changed",
            WebError::Pairing(PairingError::DuplicateDrawNumber(_)) => {
                "error.duplicate_draw_number"
            }
            WebError::Pairing(PairingError::BracketChanged { .. }) => "error.bracket_changed",
            WebError::Pairing(PairingError::ResultsMissing(_)) => "error.results_missing",
            WebError::Pairing(PairingError::BothWon(_)) => "error.both_won",
            WebError::Pairing(PairingError::KnockoutFinished) => "error.knockout_finished",
            WebError::Pairing(PairingError::ScheveningenTeams(_)) => "error.scheveningen_teams",
            WebError::Pairing(PairingError::MatchesFinished) => "error.matches_finished",
            WebError::Pairing(PairingError::ScheveningenFinished(_)) => {
                "error.scheveningen_finished"
            }
            WebError::Pairing(PairingError::ColourLimits { .. }) => "error.colour_limits",
            WebError::Discipline(e) => discipline_message(e).0,
            WebError::Sqlx(e) if database_down(e) => "error.database_unavailable",
            WebError::Sqlx(_) | WebError::Internal(_) => "error.internal",
        }
    }
}

/// A refusal the core gives for what was sent (422), or for what the
/// tournament already holds (409).
fn refused_status(r: &crate::core::command::Refusal) -> StatusCode {
    use crate::core::command::{Refusal::*, ResultProblem};
    match r {
        LikelyDuplicate(_) | AlreadyRegistered { .. } | Stale(_) => StatusCode::CONFLICT,
        // A short name, draw number or team name another holds.
        Fields(problems) if problems.iter().all(|p| p.key.ends_with("_taken")) => {
            StatusCode::CONFLICT
        }
        // A program's results refused: the first reason sets the status.
        Results(problems) => match problems.first() {
            Some(ResultProblem::NoBoard(..)) => StatusCode::NOT_FOUND,
            Some(ResultProblem::Confirmed(_, e)) => discipline_status(e),
            Some(ResultProblem::Conflict { .. }) => StatusCode::CONFLICT,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        },
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

/// The message key of a refusal the other variants do not name; for
/// results, the first reason's, as a program reads it in `error`.
fn refused_message_key(r: &crate::core::command::Refusal) -> &'static str {
    use crate::core::command::{Refusal::*, ResultProblem};
    match r {
        Results(problems) => match problems.first() {
            Some(ResultProblem::NoBoard(..)) => "error.no_such_board",
            Some(ResultProblem::ImpossibleJigo { .. }) => "error.impossible_jigo",
            Some(ResultProblem::Confirmed(_, e)) => discipline_message(e).0,
            Some(ResultProblem::Conflict { .. }) => "error.stale_form",
            Some(ResultProblem::Locked) => "results.locked",
            Some(ResultProblem::Method(..)) => "results.impossible_method",
            Some(ResultProblem::Twice(_)) | None => "error.invalid_request",
        },
        Stale(_) => "error.stale_form",
        _ => "error.invalid_request",
    }
}

/// A pairing that cannot be made as things stand (results, the bracket) is a
/// conflict; one that the settings or numbers rule out is unprocessable.
fn pairing_status(e: &PairingError) -> StatusCode {
    match e {
        PairingError::BracketChanged { .. }
        | PairingError::TableChanged { .. }
        | PairingError::ResultsMissing(_)
        | PairingError::BothWon(_)
        | PairingError::KnockoutFinished
        | PairingError::MatchesFinished
        | PairingError::ScheveningenFinished(_)
        | PairingError::ColourLimits { .. } => StatusCode::CONFLICT,
        PairingError::NoValidPairing
        | PairingError::WeightOutOfRange
        | PairingError::DuplicateDrawNumber(_)
        | PairingError::ScheveningenTeams(_) => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

/// Every refusal of the core gets a status; no `_` arm, so a new variant
/// must be decided here.
fn domain_status(e: &TournamentError) -> StatusCode {
    match e {
        TournamentError::UnknownPlayer(_) | TournamentError::NoSuchBoard { .. } => {
            StatusCode::NOT_FOUND
        }
        TournamentError::RoundAlreadyPaired(_)
        | TournamentError::RoundHasResults(_)
        | TournamentError::PlayerHasGames(_)
        | TournamentError::PlayerInTable(_)
        | TournamentError::PlayerInTeam(_)
        | TournamentError::RatingsFixed
        | TournamentError::AlreadyAssigned { .. }
        | TournamentError::ByeTaken(_) => StatusCode::CONFLICT,
        TournamentError::SelfPairing(_)
        | TournamentError::RoundOutOfRange { .. }
        | TournamentError::ImpossibleJigo { .. }
        | TournamentError::MethodWithoutWinner { .. }
        | TournamentError::ImpossibleMargin { .. }
        | TournamentError::TieGoesTo { .. }
        | TournamentError::NoTimeLimit { .. } => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

/// The message key of a refused change, for pages that say it in a list.
pub(super) fn domain_message_key(e: &TournamentError) -> &'static str {
    match e {
        TournamentError::UnknownPlayer(_) => "error.unknown_player",
        TournamentError::NoSuchBoard { .. } => "error.no_such_board",
        TournamentError::RoundAlreadyPaired(_) => "error.round_already_paired",
        TournamentError::RoundHasResults(_) => "error.round_has_results",
        TournamentError::PlayerHasGames(_) => "error.player_has_games",
        TournamentError::PlayerInTable(_) => "error.player_in_table",
        TournamentError::PlayerInTeam(_) => "error.player_in_team",
        TournamentError::RatingsFixed => "error.ratings_fixed",
        TournamentError::AlreadyAssigned { .. } => "error.already_assigned",
        TournamentError::ByeTaken(_) => "error.bye_taken",
        TournamentError::SelfPairing(_) => "error.self_pairing",
        TournamentError::RoundOutOfRange { .. } => "error.round_out_of_range",
        TournamentError::ImpossibleJigo { .. } => "error.impossible_jigo",
        TournamentError::MethodWithoutWinner { .. }
        | TournamentError::ImpossibleMargin { .. }
        | TournamentError::NoTimeLimit { .. } => "results.impossible_method",
        TournamentError::TieGoesTo { .. } => "error.tie_goes_to",
    }
}

pub(crate) fn discipline_status(e: &DisciplineError) -> StatusCode {
    use DisciplineError::*;
    match e {
        UnknownAppeal(_) | UnknownEntry(_) => StatusCode::NOT_FOUND,
        NotTheAuthor { .. } => StatusCode::FORBIDDEN,
        RoundAlreadyStarted(_)
        | ResultLocked { .. }
        | GameOver { .. }
        | ColoursUnderRuling { .. }
        | AppealState { .. }
        | CommitteeAfterRoundOne
        | PlayerInRecords(_)
        | RoundHasRecords(_)
        | ViolationSanctioned { .. }
        | PrizeAppealsOpen(_)
        | AlreadyDecided { .. }
        | AlreadyAnnulled { .. }
        | AnnulmentStands(_)
        | DecisionNotAnnulled(_)
        | WrittenOnTheGames(_) => StatusCode::CONFLICT,
        MissingReason
        | MissingOfficial
        | UnknownPlayer(_)
        | UnknownTeam(_)
        | UnwrittenAppeal
        | UnsignedTeamAppeal(_)
        | NotCaptain { .. }
        | RoundOutOfRange { .. }
        | NoSuchGame { .. }
        | ImpossibleJigo { .. }
        | ImpossibleMethod { .. }
        | NotInGame { .. }
        | RoundNotPaired(_)
        | RoundNotStarted(_)
        | TooEarlyToForfeit { .. }
        | GamePlayed { .. }
        | NoResultToConfirm { .. }
        | NothingPlayedOtherwise { .. }
        | HandicapOutOfRange(_)
        | AdjournmentNotAllowed
        | ResumptionNotListed(_)
        | PlayedAfterWithdrawal { .. }
        | NoCommittee
        | NotAppealable(_)
        | NoProtest { .. }
        | AppealTooLate { .. }
        | Unsigned(_)
        | NotOnPanel { .. }
        | TooFewSigners { .. }
        | PairingDecisionFinal(_)
        | RemediesOnRejection(_)
        | ArbiterAtTwoLevels { .. }
        | TournamentNotOver(_)
        | CommitteeSize { .. }
        | TooFewReserves { .. }
        | DuplicateMember(_)
        | CommitteeShort { .. }
        | NoFiniteTimeUnderTerritory
        | MissingJustification { .. }
        | CutBelowLeast { .. }
        | TimeOutOfRange { .. }
        | ImpossiblePenalty
        | NoTimeChange
        | NoRatingReduction
        | RuledByLog { .. }
        | NotAViolation(_)
        | ViolationElsewhere(_) => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

/// A 429 with its `Retry-After` (whole seconds), so a program knows when
/// to try again as the page tells a person.
pub fn too_many_attempts(seconds: u64, page: axum::response::Html<String>) -> Response {
    (
        StatusCode::TOO_MANY_REQUESTS,
        [(axum::http::header::RETRY_AFTER, seconds.to_string())],
        page,
    )
        .into_response()
}

/// Marks a response as an error for the error-page middleware, which knows
/// the request's language and renders the page (or JSON for the API).
#[derive(Clone, Debug)]
pub struct ErrorPage {
    pub status: StatusCode,
    pub message_key: &'static str,
    /// What exactly was wrong, for API clients.
    pub detail: Option<String>,
    /// The values the message names (`%{name}` in its text).
    pub args: Vec<(&'static str, String)>,
    /// A refusal, whose detail a page gives in the reader's language.
    pub refusal: Option<Box<crate::core::command::Refusal>>,
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        match &self {
            WebError::Sqlx(e) => tracing::error!(error = ?e, "database error"),
            WebError::Internal(e) => tracing::error!(error = ?e, "internal error"),
            _ => {}
        }
        let page = ErrorPage {
            status: self.status(),
            message_key: self.message_key(),
            detail: match &self {
                WebError::Invalid(detail) => Some(detail.clone()),
                WebError::BadText(place) => Some(place.detail().to_string()),
                WebError::Refused(r) => Some(super::refusals::detail(super::i18n::Lang::En, r)),
                _ => None,
            },
            refusal: match &self {
                WebError::Refused(r) => Some(r.clone()),
                _ => None,
            },
            args: self.message_args(),
        };
        let mut response = page.status.into_response();
        response.extensions_mut().insert(page);
        response
    }
}

impl WebError {
    /// The values the message names (`%{round}` and the like), for the
    /// error page and for a page that says beforehand why it would refuse.
    pub fn message_args(&self) -> Vec<(&'static str, String)> {
        match self {
            WebError::Discipline(e) => discipline_message(e).1,
            // The first refused result names its message's values.
            WebError::Refused(r) => match r.as_ref() {
                crate::core::command::Refusal::Results(problems) => match problems.first() {
                    Some(crate::core::command::ResultProblem::Confirmed(_, e)) => {
                        discipline_message(e).1
                    }
                    _ => Vec::new(),
                },
                _ => Vec::new(),
            },
            WebError::Pairing(PairingError::DuplicateDrawNumber(number)) => {
                vec![("number", number.to_string())]
            }
            WebError::Pairing(PairingError::ScheveningenTeams(teams)) => {
                vec![("teams", teams.to_string())]
            }
            WebError::Pairing(
                PairingError::BracketChanged { round }
                | PairingError::TableChanged { round }
                | PairingError::ResultsMissing(round)
                | PairingError::BothWon(round)
                | PairingError::ScheveningenFinished(round),
            ) => vec![("round", round.get().to_string())],
            WebError::Pairing(PairingError::ColourLimits { round, gap }) => {
                vec![("round", round.get().to_string()), ("gap", gap.to_string())]
            }
            _ => Vec::new(),
        }
    }
}
