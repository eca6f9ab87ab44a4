//! One-time notices after a save ("Player saved", "Round 2 published").
//!
//! A handler that saves returns a [`Flash`] beside its redirect; the
//! [`middleware`] turns it into the short-lived cookie `tengen_flash`. The
//! next page reads it into its layout (`Ctx::notice`), and the middleware
//! clears the cookie on the HTML response that showed it. Only keys listed in
//! [`KEYS`] are shown, so a forged cookie can name no other text.

use axum::extract::{Request, State};
use axum::http::{HeaderMap, header};
use axum::middleware::Next;
use axum::response::{IntoResponseParts, Response, ResponseParts};

use super::i18n::Lang;
use super::{AppState, cookies};

/// The cookie that carries a notice across one redirect.
const COOKIE: &str = "tengen_flash";

/// Long enough for the redirect, short enough not to greet a later visit.
const MAX_AGE_SECONDS: i64 = 60;

/// Every notice a handler may leave; each is a key in `src/locales/notice.yml`.
pub const KEYS: &[&str] = &[
    "notice.account_created",
    "notice.appeal_decided",
    "notice.appeal_filed",
    "notice.appeal_referred",
    "notice.appeal_reviewing",
    "notice.appeal_ruled",
    "notice.committee_saved",
    "notice.imported",
    "notice.line_up_saved",
    "notice.player_confirmed",
    "notice.player_deleted",
    "notice.player_saved",
    "notice.player_withdrawn",
    "notice.players_added",
    "notice.rating_list_loaded",
    "notice.ratings_updated",
    "notice.referee_saved",
    "notice.referee_saved_effect",
    "notice.registered",
    "notice.roles_saved",
    "notice.results_entered",
    "notice.results_submitted",
    "notice.results_unchanged",
    "notice.round_locked",
    "notice.round_paired",
    "notice.round_published",
    "notice.round_scheduled",
    "notice.round_started",
    "notice.round_unpaired",
    "notice.pairing_edited",
    "notice.settings_saved",
    "notice.settings_saved_komi",
    "notice.snapshot_copied",
    "notice.snapshot_restored",
    "notice.standings_verified",
    "notice.staff_added",
    "notice.staff_removed",
    "notice.team_deleted",
    "notice.team_saved",
    "notice.token_revoked",
    "notice.tournament_created",
    "notice.winners_declared",
];

/// A notice for the page after a redirect: a key of [`KEYS`] and the values
/// its text names.
#[derive(Clone, Debug, PartialEq)]
pub struct Flash {
    key: &'static str,
    args: Vec<(&'static str, String)>,
}

impl Flash {
    /// The notice `key`, which must be listed in [`KEYS`].
    pub fn new(key: &'static str) -> Self {
        debug_assert!(KEYS.contains(&key), "{key} is not a notice key");
        Flash {
            key,
            args: Vec::new(),
        }
    }

    /// The same notice with `%{name}` standing for `value`.
    pub fn arg(mut self, name: &'static str, value: impl ToString) -> Self {
        self.args.push((name, value.to_string()));
        self
    }

    /// The cookie value: the key and the values, form-encoded (so ASCII).
    fn encode(&self) -> String {
        let mut out = form_urlencoded::Serializer::new(String::new());
        out.append_pair("k", self.key);
        for (name, value) in &self.args {
            out.append_pair(name, value);
        }
        out.finish()
    }
}

impl IntoResponseParts for Flash {
    type Error = std::convert::Infallible;

    /// Left for the middleware, which knows whether the cookie must be Secure.
    fn into_response_parts(self, mut res: ResponseParts) -> Result<ResponseParts, Self::Error> {
        res.extensions_mut().insert(self);
        Ok(res)
    }
}

/// The request's notice in `lang`, or "" when it carries none we know.
pub fn notice(headers: &HeaderMap, lang: Lang) -> String {
    let Some(value) = cookies::get(headers, COOKIE) else {
        return String::new();
    };
    let mut key = None;
    let mut args = Vec::new();
    for (name, value) in form_urlencoded::parse(value.as_bytes()) {
        if name == "k" {
            key = KEYS.iter().find(|k| **k == value);
        } else {
            args.push((name.into_owned(), value.into_owned()));
        }
    }
    let Some(key) = key else {
        return String::new();
    };
    let args: Vec<(&str, String)> = args.iter().map(|(n, v)| (n.as_str(), v.clone())).collect();
    lang.tf(key, &args)
}

/// Whether the request carries a notice to show (its page is its own).
pub fn carried(headers: &HeaderMap) -> bool {
    cookies::get(headers, COOKIE).is_some()
}

/// Middleware: sets the cookie for a [`Flash`] a handler returned, and clears
/// it once an HTML page has been sent with the request that carried it.
pub async fn middleware(State(app): State<AppState>, request: Request, next: Next) -> Response {
    let secure = super::auth::is_secure(&app, request.headers());
    let carried = carried(request.headers());
    let mut response = next.run(request).await;
    let cookie = if let Some(flash) = response.extensions_mut().remove::<Flash>() {
        Some(cookies::set(
            COOKIE,
            &flash.encode(),
            MAX_AGE_SECONDS,
            secure,
        ))
    } else if carried && is_page(&response) {
        Some(cookies::set(COOKIE, "", 0, secure))
    } else {
        None
    };
    if let Some(cookie) = cookie {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    response
}

/// A page a person reads: not a redirect, an asset, an event stream or JSON.
fn is_page(response: &Response) -> bool {
    !response.status().is_redirection()
        && response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("text/html"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn carrying(flash: &Flash) -> HeaderMap {
        let mut headers = HeaderMap::new();
        let cookie = format!("{COOKIE}={}", flash.encode());
        headers.insert(header::COOKIE, HeaderValue::from_str(&cookie).unwrap());
        headers
    }

    #[test]
    fn a_notice_reads_back_with_its_values_in_the_readers_language() {
        let flash = Flash::new("notice.player_saved").arg("name", "Анна Иванова");
        assert_eq!(
            notice(&carrying(&flash), Lang::Ru),
            Lang::Ru.tf(
                "notice.player_saved",
                &[("name", "Анна Иванова".to_string())]
            )
        );
    }

    #[test]
    fn every_notice_key_has_its_text_in_every_language() {
        for key in KEYS {
            for lang in Lang::ALL {
                assert!(!lang.t(key).ends_with(key), "{key} in {}", lang.code());
            }
        }
    }

    #[test]
    fn a_cookie_naming_an_unknown_key_shows_nothing() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("tengen_flash=k=nav.login"),
        );
        assert_eq!(notice(&headers, Lang::En), "");
    }
}
