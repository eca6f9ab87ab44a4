//! Every address of a tournament's pages, built in one place: handlers
//! redirect to them, templates link to them
//! (`{{ crate::web::urls::round(tournament.short_name, round) }}`). An action
//! on a page is the page's address and a step (`{{ …round(…) }}/publish`).
//!
//! The route patterns (`/t/{short}/…` in each module's `routes`) are axum's
//! and stay with their handlers; these functions write the same addresses
//! filled in. Arguments take anything printable, so that templates may pass
//! their fields as they are.

use std::fmt::Display;

/// The address people reach this site at, as the request names it.
pub(crate) fn site_url(headers: &axum::http::HeaderMap) -> String {
    let host = headers
        .get("x-forwarded-host")
        .or_else(|| headers.get(axum::http::header::HOST))
        .and_then(|v| v.to_str().ok())
        .unwrap_or("localhost");
    let scheme = if super::cookies::is_https(headers) {
        "https"
    } else {
        "http"
    };
    format!("{scheme}://{host}")
}

/// A tournament's overview page; every other page of it lies below.
pub fn tournament(short: impl Display) -> String {
    format!("/t/{short}")
}

/// A page of the tournament with no number in its address: `settings`,
/// `staff`, `audit`, `poster`, `register`, `protocol`, `standings`,
/// `crosstable`, `export/opengotha.xml`…
pub fn page(short: impl Display, page: &str) -> String {
    format!("/t/{short}/{page}")
}

/// The players list.
pub fn players(short: impl Display) -> String {
    format!("/t/{short}/players")
}

/// One player, by number (`POST` updates it; `/edit`, `/games`, `/delete`,
/// `/withdraw`, `/confirm` below it).
pub fn player(short: impl Display, no: impl Display) -> String {
    format!("/t/{short}/players/{no}")
}

/// A player's games in published rounds.
pub fn player_games(short: impl Display, no: impl Display) -> String {
    format!("/t/{short}/players/{no}/games")
}

/// What a self-registered player sees after sending the form.
pub fn registered(short: impl Display, no: impl Display) -> String {
    format!("/t/{short}/registered/{no}")
}

/// The rounds list.
pub fn rounds(short: impl Display) -> String {
    format!("/t/{short}/rounds")
}

/// One round's pairings (`/publish`, `/unpair`, `/lock`, `/edit`, `/print`,
/// `/slips` below it).
pub fn round(short: impl Display, n: impl Display) -> String {
    format!("/t/{short}/rounds/{n}")
}

/// A round's results form.
pub fn results(short: impl Display, n: impl Display) -> String {
    format!("/t/{short}/rounds/{n}/results")
}

/// Why a board was paired as it was.
pub fn why(short: impl Display, n: impl Display, board: impl Display) -> String {
    format!("/t/{short}/rounds/{n}/boards/{board}/why")
}

/// The referees' desk (`/players`, `/log`, `/report` below it).
pub fn referee(short: impl Display) -> String {
    format!("/t/{short}/referee")
}

/// A round at the referees' desk (`/start` below it).
pub fn referee_round(short: impl Display, n: impl Display) -> String {
    format!("/t/{short}/referee/rounds/{n}")
}

/// One board at the referees' desk.
pub fn referee_board(short: impl Display, n: impl Display, board: impl Display) -> String {
    format!("/t/{short}/referee/rounds/{n}/boards/{board}")
}

/// The appeals page (`/committee`, `/link` below it).
pub fn appeals(short: impl Display) -> String {
    format!("/t/{short}/appeals")
}

/// One appeal (`/review`, `/decide`, `/escalate`, `/rule` below it).
pub fn appeal(short: impl Display, id: impl Display) -> String {
    format!("/t/{short}/appeals/{id}")
}

/// The server-sent events a live page listens to.
pub fn events(short: impl Display, since: impl Display) -> String {
    format!("/t/{short}/events?since={since}")
}

/// `target` when it is a path on this site, else `fallback`: one `/` then
/// no second `/` or `\` (browsers read `//host` and `/\host` as another
/// site), no scheme, and no control character or space, decoded or
/// percent-encoded (a browser drops a tab and follows `/%09/host`).
/// Every `back`, `next` and referrer-based redirect goes through here.
pub fn local_path(target: Option<&str>, fallback: &str) -> String {
    let safe = |path: &str| {
        let decoded: Vec<u8> = percent_encoding::percent_decode_str(path).collect();
        let rest = path.strip_prefix('/');
        rest.is_some_and(|rest| !rest.starts_with(['/', '\\']))
            && !path.contains('\\')
            && !decoded
                .iter()
                .any(|b| b.is_ascii_control() || *b == b'\\' || *b == b' ')
            && !decoded.starts_with(b"//")
            && !decoded.starts_with(b"/\\")
    };
    match target {
        Some(path) if safe(path) => path.to_string(),
        _ => fallback.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::local_path;

    #[test]
    fn only_paths_of_this_site_are_followed() {
        for bad in [
            "//evil.example/",
            "/\\evil.example/",
            "/%5Cevil.example/",
            "/%5cevil.example/",
            "/%09/evil.example",
            "/\t/evil.example",
            "/%2F/evil.example",
            "https://evil.example/",
            "javascript:alert(1)",
            "evil.example",
            "",
            "/a\0b",
            "/a%00b",
        ] {
            assert_eq!(local_path(Some(bad), "/"), "/", "{bad:?}");
        }
        for good in ["/", "/t/cup/standings?round=2", "/login?next=%2Ft%2Fcup"] {
            assert_eq!(local_path(Some(good), "/"), good);
        }
        assert_eq!(local_path(None, "/account"), "/account");
    }
}
