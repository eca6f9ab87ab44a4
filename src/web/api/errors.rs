//! How the API refuses: one JSON body for every error ([`ApiError`], written
//! by the error-page middleware), the sets of refusals the handlers document
//! ([`ReadErrors`], [`WriteErrors`], [`TokenErrors`]), and extractors whose
//! rejections are such refusals rather than axum's plain-text ones.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequestParts, Path, Query};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;
use utoipa::{IntoResponses, ToSchema};

use crate::web::error::{WebError, WebResult};

/// Every error of the API.
#[derive(Serialize, ToSchema)]
pub struct ApiError {
    /// What went wrong, as a stable key (`error.not_found`, `error.stale_form` …).
    #[schema(example = "error.not_found")]
    pub error: &'static str,
    /// The same in the request's language (`Accept-Language`).
    pub message: String,
    /// What exactly was wrong with the request, when it was refused as invalid.
    pub detail: Option<String>,
}

/// A path under `/api/v1` that no route serves: 404 with `error.no_route`,
/// told apart from a route's own 404 (`error.not_found`, no such tournament).
pub(super) async fn no_route(headers: axum::http::HeaderMap) -> Response {
    let lang = crate::web::i18n::Lang::negotiate(&headers);
    let body = ApiError {
        error: "error.no_route",
        message: lang.t("error.no_route"),
        detail: None,
    };
    (StatusCode::NOT_FOUND, Json(body)).into_response()
}

/// The refusals of a read: reads need no token, but a sent one must be valid.
#[derive(IntoResponses)]
#[allow(dead_code, reason = "never built: it only documents the responses")]
pub(super) enum ReadErrors {
    /// A control character or bytes that are not UTF-8 in the path or the
    /// query (`web::hygiene`).
    #[response(status = 400)]
    BadText(ApiError),
    /// A bearer token was sent and is not known.
    #[response(status = 401)]
    Unauthorized(ApiError),
    /// No such tournament, round or board, or one the caller may not see.
    #[response(status = 404)]
    NotFound(ApiError),
    /// The database does not answer (for about a second): try again.
    #[response(status = 503)]
    Unavailable(ApiError),
}

/// The refusals of a write.
#[derive(IntoResponses)]
#[allow(dead_code, reason = "never built: it only documents the responses")]
pub(super) enum WriteErrors {
    /// A control character or bytes that are not UTF-8 in the path or the
    /// query (`web::hygiene`).
    #[response(status = 400)]
    BadText(ApiError),
    /// No bearer token, or an unknown one.
    #[response(status = 401)]
    Unauthorized(ApiError),
    /// The token's account may not do this in this tournament.
    #[response(status = 403)]
    Forbidden(ApiError),
    /// No such tournament, round or board.
    #[response(status = 404)]
    NotFound(ApiError),
    /// The tournament changed since `version`, or the change conflicts with
    /// its state; nothing was changed.
    #[response(status = 409)]
    Conflict(ApiError),
    /// The request cannot be taken (the body is not valid, a string holds
    /// a control character, or the round's results are locked); `detail`
    /// says why.
    #[response(status = 422)]
    Invalid(ApiError),
    /// The body is larger than a request may be (2 MB), refused unread.
    #[response(status = 413)]
    TooLarge(ApiError),
    /// The database does not answer (for about a second): try again.
    #[response(status = 503)]
    Unavailable(ApiError),
}

/// The refusals of a request that needs a token and names no tournament.
#[derive(IntoResponses)]
#[allow(dead_code, reason = "never built: it only documents the responses")]
pub(super) enum TokenErrors {
    /// A control character or bytes that are not UTF-8 in the path or the
    /// query (`web::hygiene`).
    #[response(status = 400)]
    BadText(ApiError),
    /// No bearer token, or an unknown one.
    #[response(status = 401)]
    Unauthorized(ApiError),
    /// The database does not answer (for about a second): try again.
    #[response(status = 503)]
    Unavailable(ApiError),
}

/// A refused JSON body: 422 with what serde said.
///
/// A whole number written as a float (`3.0`) is a whole number: JSON
/// Schema counts it as an integer, as schemathesis showed serde does not.
pub(super) fn body<T: DeserializeOwned>(
    json: Result<Json<serde_json::Value>, JsonRejection>,
) -> WebResult<T> {
    fn whole(value: &mut serde_json::Value) {
        match value {
            serde_json::Value::Number(n) => {
                if let Some(f) = n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15)
                    && n.is_f64()
                {
                    *value = serde_json::Value::from(f as i64);
                }
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(whole),
            serde_json::Value::Object(fields) => fields.values_mut().for_each(whole),
            _ => {}
        }
    }
    let mut value = json
        .map(|Json(v)| v)
        .map_err(|e| WebError::Invalid(e.body_text()))?;
    whole(&mut value);
    serde_json::from_value(value).map_err(|e| WebError::Invalid(e.to_string()))
}

/// A JSON body read as [`body`] reads it: refused (422) with what serde said.
pub(super) struct ApiBody<T>(pub T);

impl<T, S> axum::extract::FromRequest<S> for ApiBody<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = WebError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, WebError> {
        let json = Json::<serde_json::Value>::from_request(request, state).await;
        body(json).map(ApiBody)
    }
}

/// Path parameters; one that does not parse (`rounds/x`) names nothing: 404.
pub(super) struct ApiPath<T>(pub T);

impl<T, S> FromRequestParts<S> for ApiPath<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = WebError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, WebError> {
        Path::<T>::from_request_parts(parts, state)
            .await
            .map(|Path(v)| ApiPath(v))
            .map_err(|_| WebError::NotFound)
    }
}

/// A query string; one that does not parse is invalid: 422.
pub(super) struct ApiQuery<T>(pub T);

impl<T, S> FromRequestParts<S> for ApiQuery<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = WebError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, WebError> {
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(v)| ApiQuery(v))
            .map_err(|e| WebError::Invalid(e.body_text()))
    }
}
