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
use crate::store::tournaments::{self, TournamentRow};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(show_home))
        .route("/language/{code}", get(switch_language))
}

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    layout: Layout,
    tournaments: Vec<TournamentRow>,
    needs_setup: bool,
}

async fn show_home(State(app): State<AppState>, ctx: Ctx) -> WebResult<Html<String>> {
    let tournaments = tournaments::visible(
        &app.store.pool,
        ctx.user.as_ref().map(|me| me.account_id),
        ctx.is_admin(),
    )
    .await?;
    let needs_setup = crate::store::accounts::count(&app.store.pool).await? == 0;
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
