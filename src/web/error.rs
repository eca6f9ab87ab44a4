//! `WebError`: every way a request can fail, mapped to a status and a page
//! in the layout (or JSON under `/api`), never a stack trace.

use axum::http::StatusCode;

use crate::core::TournamentError;
use crate::core::pairing::PairingError;
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
    #[error("too many attempts; wait a few minutes and try again")]
    TooManyAttempts,
    #[error("the tournament changed since this page was loaded")]
    StaleForm,
    #[error("registration is closed")]
    RegistrationClosed,
    #[error("the upload was incomplete or too large")]
    BadUpload,
    /// A request the API could not accept, with what was wrong.
    #[error("invalid request: {0}")]
    Invalid(String),
    #[error(transparent)]
    Domain(#[from] TournamentError),
    #[error(transparent)]
    Pairing(#[from] PairingError),
    #[error("database error")]
    Sqlx(#[from] sqlx::Error),
    #[error("internal error")]
    Internal(#[from] anyhow::Error),
}

/// The alias every handler returns.
pub type WebResult<T> = Result<T, WebError>;

impl WebError {
    pub fn status(&self) -> StatusCode {
        match self {
            WebError::NotFound => StatusCode::NOT_FOUND,
            WebError::Unauthorized => StatusCode::UNAUTHORIZED,
            WebError::Forbidden | WebError::Csrf => StatusCode::FORBIDDEN,
            WebError::TooManyAttempts => StatusCode::TOO_MANY_REQUESTS,
            WebError::StaleForm | WebError::RegistrationClosed => StatusCode::CONFLICT,
            WebError::BadUpload => StatusCode::BAD_REQUEST,
            WebError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
            WebError::Domain(e) => domain_status(e),
            WebError::Pairing(_) => StatusCode::UNPROCESSABLE_ENTITY,
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
            WebError::TooManyAttempts => "error.too_many_attempts",
            WebError::StaleForm => "error.stale_form",
            WebError::RegistrationClosed => "error.registration_closed",
            WebError::BadUpload => "error.bad_upload",
            WebError::Invalid(_) => "error.invalid_request",
            WebError::Domain(e) => domain_message_key(e),
            WebError::Pairing(PairingError::NoValidPairing) => "error.no_valid_pairing",
            WebError::Pairing(PairingError::WeightOutOfRange) => "error.internal",
            WebError::Pairing(PairingError::NotAutomatic(_)) => "error.not_automatic",
            WebError::Sqlx(_) | WebError::Internal(_) => "error.internal",
        }
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
        | TournamentError::AlreadyAssigned { .. }
        | TournamentError::ByeTaken(_) => StatusCode::CONFLICT,
        TournamentError::SelfPairing(_) | TournamentError::RoundOutOfRange { .. } => {
            StatusCode::UNPROCESSABLE_ENTITY
        }
    }
}

fn domain_message_key(e: &TournamentError) -> &'static str {
    match e {
        TournamentError::UnknownPlayer(_) => "error.unknown_player",
        TournamentError::NoSuchBoard { .. } => "error.no_such_board",
        TournamentError::RoundAlreadyPaired(_) => "error.round_already_paired",
        TournamentError::RoundHasResults(_) => "error.round_has_results",
        TournamentError::PlayerHasGames(_) => "error.player_has_games",
        TournamentError::AlreadyAssigned { .. } => "error.already_assigned",
        TournamentError::ByeTaken(_) => "error.bye_taken",
        TournamentError::SelfPairing(_) => "error.self_pairing",
        TournamentError::RoundOutOfRange { .. } => "error.round_out_of_range",
    }
}

/// Marks a response as an error for the error-page middleware, which knows
/// the request's language and renders the page (or JSON for the API).
#[derive(Clone, Debug)]
pub struct ErrorPage {
    pub status: StatusCode,
    pub message_key: &'static str,
    /// What exactly was wrong, for API clients.
    pub detail: Option<String>,
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
                _ => None,
            },
        };
        let mut response = page.status.into_response();
        response.extensions_mut().insert(page);
        response
    }
}
