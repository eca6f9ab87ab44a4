//! Reading and writing the few cookies Tengen uses, without a cookie jar.

use axum::http::{HeaderMap, HeaderValue, header};

/// The value of a named cookie in the request.
pub fn get<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|pair| {
            let (k, v) = pair.trim().split_once('=')?;
            (k == name).then_some(v)
        })
}

/// A `Set-Cookie` value: HttpOnly, SameSite=Lax, Secure when served over https.
pub fn set(name: &str, value: &str, max_age_seconds: i64, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{name}={value}; Path=/; Max-Age={max_age_seconds}; HttpOnly; SameSite=Lax{secure}"
    ))
    .expect("cookie names and values are ASCII tokens")
}

/// True when the request reached us over https, directly or through a proxy.
pub fn is_https(headers: &HeaderMap) -> bool {
    headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("https"))
}
