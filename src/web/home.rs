//! The front page and the language switcher.
//!
//! | route | handler |
//! |---|---|
//! | `GET /` | [`show_home`] |
//! | `GET /language/{code}?back=` | [`switch_language`] |

use askama::Template;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{Html, IntoResponse, Redirect};
use axum::routing::get;

use super::error::{WebError, WebResult};
use super::i18n::{self, Lang};
use super::page::{Ctx, Layout, render};
use super::{AppState, cookies};
use crate::desk::Listed;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(show_home))
        .route("/language/{code}", get(switch_language))
}

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    layout: Layout,
    tournaments: Vec<Line>,
    needs_setup: bool,
}

/// A tournament on the front page: its name, dates and where it stands.
struct Line {
    short_name: String,
    name: String,
    /// "28.11.2026 – 30.11.2026" in Russian and Ukrainian, as written in
    /// English; "" without dates.
    dates: String,
    /// "Round 3 of 5 published", or "Registration".
    status: String,
}

/// A date as the reader's language writes it: `28.11.2026` in Russian and
/// Ukrainian, `2026-11-28` in English; anything else as typed.
fn date(lang: Lang, typed: &str) -> String {
    let parts: Vec<&str> = typed.trim().split('-').collect();
    match (lang, parts.as_slice()) {
        (Lang::Ru | Lang::Uk, [y, m, d]) if y.len() == 4 => format!("{d}.{m}.{y}"),
        _ => typed.trim().to_string(),
    }
}

fn line(lang: Lang, t: Listed) -> Line {
    let (begin, end) = (date(lang, &t.begin_date), date(lang, &t.end_date));
    let dates = match (begin.is_empty(), end.is_empty() || end == begin) {
        (true, _) => String::new(),
        (false, true) => begin,
        (false, false) => format!("{begin} – {end}"),
    };
    let status = if t.published == 0 {
        lang.t("home.status.registration")
    } else {
        let of = [
            ("round", t.published.to_string()),
            ("rounds", t.rounds.max(t.published).to_string()),
        ];
        lang.tf("home.status.round", &of)
    };
    Line {
        short_name: t.short_name,
        name: t.name,
        dates,
        status,
    }
}

async fn show_home(State(app): State<AppState>, ctx: Ctx) -> WebResult<Html<String>> {
    let tournaments = app
        .desk
        .listed(&app.store.pool, ctx.user.as_ref())
        .await?
        .into_iter()
        .map(|t| line(ctx.lang, t))
        .collect();
    let needs_setup = app.desk.needs_setup(&app.store.pool).await?;
    render(&HomePage {
        layout: Layout::new(&ctx, "home.title"),
        tournaments,
        needs_setup,
    })
}

#[derive(serde::Deserialize)]
struct Back {
    back: Option<String>,
}

/// Remembers the language in a cookie and returns to the page the person was on.
async fn switch_language(
    Path(code): Path<String>,
    Query(back): Query<Back>,
    headers: HeaderMap,
) -> WebResult<impl IntoResponse> {
    let lang = Lang::from_code(&code).ok_or(WebError::NotFound)?;
    // Only paths of this site, so the switcher cannot be an open redirect.
    let back = super::urls::local_path(back.back.as_deref(), "/");
    let cookie = cookies::set(
        i18n::COOKIE,
        lang.code(),
        365 * 86_400,
        cookies::is_https(&headers),
    );
    Ok(([(header::SET_COOKIE, cookie)], Redirect::to(&back)))
}
