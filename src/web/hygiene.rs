//! Text the app reads, checked before any handler sees it: a path segment,
//! a query field, a form field or a JSON string holding a control character
//! (PostgreSQL refuses a NUL in text, so a lookup with one was a server
//! error) or bytes that are not UTF-8 is refused here, once for every
//! route, with 400 (422 for a JSON body) in the reader's language.
//!
//! Form fields and JSON strings may hold a tab and line breaks (a text
//! area sends them); paths and queries may not. Uploads (multipart) are
//! files, which their readers check. What a field may store beyond this
//! (length, bidi overrides, invisible names) is the core's rule,
//! `core::command::text`, which forms, API, CLI and importers share.

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::WebError;

/// Where a refused character was found: the reader is told which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Path,
    Query,
    Form,
    Json,
}

impl Place {
    /// The English words for an API client's `detail`.
    pub fn detail(self) -> &'static str {
        match self {
            Place::Path => "a control character or invalid UTF-8 in the path",
            Place::Query => "a control character or invalid UTF-8 in the query string",
            Place::Form => "a control character or invalid UTF-8 in a form field",
            Place::Json => "a control character in a JSON string",
        }
    }
}

/// Middleware: refuses a request whose path, query, urlencoded form or JSON
/// body holds text no handler may read (see the module's doc).
pub(super) async fn refuse_control_characters(request: Request, next: Next) -> Response {
    match checked(request).await {
        Ok(request) => next.run(request).await,
        Err(e) => e.into_response(),
    }
}

async fn checked(request: Request) -> Result<Request, WebError> {
    let uri = request.uri();
    if !uri
        .path()
        .split('/')
        .all(|segment| clean(segment.as_bytes(), false))
    {
        return Err(WebError::BadText(Place::Path));
    }
    if !uri
        .query()
        .is_none_or(|q| fields_clean(q.as_bytes(), false))
    {
        return Err(WebError::BadText(Place::Query));
    }
    let kind = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| {
            v.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        })
        .unwrap_or_default();
    let place = match kind.as_str() {
        "application/x-www-form-urlencoded" => Place::Form,
        k if k == "application/json" || k.ends_with("+json") => Place::Json,
        _ => return Ok(request),
    };
    let limit = super::security::body_limit(request.uri().path());
    let (parts, body) = request.into_parts();
    // A body over the limit, or one that broke off, is answered as too large:
    // nobody is left to read another answer to the second.
    let bytes: Bytes = axum::body::to_bytes(body, limit)
        .await
        .map_err(|_| WebError::TooLarge)?;
    let ok = match place {
        Place::Form => fields_clean(&bytes, true),
        // A body that is not JSON is the handler's to refuse, with its reason.
        _ => serde_json::from_slice::<serde_json::Value>(&bytes)
            .map_or(true, |value| json_clean(&value)),
    };
    if !ok {
        return Err(WebError::BadText(place));
    }
    Ok(Request::from_parts(parts, Body::from(bytes)))
}

/// Every name and value of an urlencoded string (`a=1&b=2`), decoded.
fn fields_clean(raw: &[u8], breaks: bool) -> bool {
    raw.split(|b| *b == b'&')
        .flat_map(|pair| pair.splitn(2, |b| *b == b'='))
        .all(|part| {
            let spaced: Vec<u8> = part
                .iter()
                .map(|b| if *b == b'+' { b' ' } else { *b })
                .collect();
            clean(&spaced, breaks)
        })
}

/// A percent-encoded piece is UTF-8 once decoded, without a control
/// character (tab and line breaks allowed when `breaks`).
fn clean(encoded: &[u8], breaks: bool) -> bool {
    let decoded: Vec<u8> = percent_encoding::percent_decode(encoded).collect();
    std::str::from_utf8(&decoded).is_ok_and(|text| text.chars().all(|c| allowed(c, breaks)))
}

fn allowed(c: char, breaks: bool) -> bool {
    !c.is_control() || (breaks && matches!(c, '\t' | '\n' | '\r'))
}

fn json_clean(value: &serde_json::Value) -> bool {
    use serde_json::Value;
    let text = |t: &str| t.chars().all(|c| allowed(c, true));
    match value {
        Value::String(t) => text(t),
        Value::Array(items) => items.iter().all(json_clean),
        Value::Object(fields) => fields.iter().all(|(k, v)| text(k) && json_clean(v)),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_and_broken_utf8_are_found_encoded_or_not() {
        assert!(clean(b"Kyiv%20Go", false));
        assert!(clean("Київ".as_bytes(), false));
        assert!(!clean(b"a%00b", false));
        assert!(!clean(b"a%ED%A0%80b", false), "a lone surrogate's bytes");
        assert!(!clean(b"a%09b", false));
        assert!(clean(b"a%09b%0D%0A", true), "a text area's tab and lines");
        assert!(!clean(b"a%07b", true));
        assert!(fields_clean(b"name=Ann&club=", false));
        assert!(!fields_clean(b"name=Ann&club=%00", false));
        assert!(!fields_clean(b"na%00me=Ann", false));
        assert!(json_clean(&serde_json::json!({"a": ["x\ny"]})));
        assert!(!json_clean(&serde_json::json!({"a": ["x\u{0}y"]})));
        assert!(!json_clean(&serde_json::json!({"a\u{1b}": 1})));
    }
}
