//! The rating list organisers register players from: upload it once, then
//! search it while typing a name (or without JavaScript, by a search form).
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /rating-list`, `POST /rating-list` | [`show_list`], [`upload_list`] | organisers |
//! | `GET /rating-list/search?q=` | [`search`] | organisers: JSON for search-as-you-type |

use std::sync::{Arc, Mutex};

use askama::Template;
use axum::extract::{DefaultBodyLimit, Multipart, Query, State};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::{Json, Router};

use super::AppState;
use super::auth::SignedIn;
use super::error::{WebError, WebResult};
use super::flash::Flash;
use super::page::{Ctx, Layout, render, render_invalid};
use crate::core::formats::rating_list::{self, RatedPlayer, RatingIndex, SEARCH_LIMIT};
use crate::store::accounts::Account;
use crate::store::rating_lists::{self, RatingListInfo};

/// egf_db.txt is about 4 MB.
const MAX_UPLOAD: usize = 64 << 20;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/rating-list", get(show_list).post(upload_list))
        .layer(DefaultBodyLimit::max(MAX_UPLOAD))
        .route("/rating-list/search", get(search))
}

/// The index of the newest list, built once per upload.
#[derive(Default)]
pub struct RatingCache {
    current: Mutex<Option<(i64, Arc<RatingIndex>)>>,
}

impl RatingCache {
    /// The index of the newest uploaded list, if there is one.
    pub async fn index(&self, app: &AppState) -> WebResult<Option<Arc<RatingIndex>>> {
        let Some(latest) = rating_lists::latest(&app.store.pool).await? else {
            return Ok(None);
        };
        if let Some((id, index)) = self.current.lock().expect("rating cache").as_ref()
            && *id == latest.rating_list_id
        {
            return Ok(Some(index.clone()));
        }
        let content = rating_lists::content(&app.store.pool, latest.rating_list_id)
            .await?
            .unwrap_or_default();
        let index =
            tokio::task::spawn_blocking(move || rating_list::parse(&content).map(RatingIndex::new))
                .await
                .map_err(anyhow::Error::from)?
                .map_err(anyhow::Error::from)?;
        let index = Arc::new(index);
        *self.current.lock().expect("rating cache") = Some((latest.rating_list_id, index.clone()));
        Ok(Some(index))
    }
}

fn may_organise(me: &Account) -> WebResult<()> {
    if me.is_organiser || me.is_admin {
        Ok(())
    } else {
        Err(WebError::Forbidden)
    }
}

#[derive(Template)]
#[template(path = "ratings/show.html")]
struct ListPage {
    layout: Layout,
    current: Option<RatingListInfo>,
    error: String,
}

impl ListPage {
    /// "4512 players" in the current list, in the reader's plural form.
    fn player_count(&self) -> String {
        let n = self.current.as_ref().map_or(0, |l| l.player_count.max(0));
        self.layout.lang.plural("count.rated_players", n as u64)
    }
}

async fn show_list(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
) -> WebResult<Html<String>> {
    may_organise(&me)?;
    render(&ListPage {
        layout: Layout::new(&ctx, "ratings.title"),
        current: rating_lists::latest(&app.store.pool).await?,
        error: String::new(),
    })
}

/// Stores a list after reading it whole; a file with no player is refused.
async fn upload_list(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    mut multipart: Multipart,
) -> WebResult<Response> {
    may_organise(&me)?;
    let mut file = Vec::new();
    let mut file_name = String::new();
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|_| WebError::BadUpload)?
    {
        if field.name() == Some("file") {
            file_name = field.file_name().unwrap_or("rating-list.txt").to_string();
            file = field
                .bytes()
                .await
                .map_err(|_| WebError::BadUpload)?
                .to_vec();
        }
    }
    let bytes = file.clone();
    let parsed = tokio::task::spawn_blocking(move || rating_list::parse(&bytes))
        .await
        .map_err(anyhow::Error::from)?;
    let list = match parsed {
        Ok(list) => list,
        Err(e) => {
            let page = ListPage {
                layout: Layout::new(&ctx, "ratings.title"),
                current: rating_lists::latest(&app.store.pool).await?,
                error: format!("{}: {e}", ctx.lang.t("ratings.refused")),
            };
            return Ok(render_invalid(&page)?.into_response());
        }
    };
    let count = i32::try_from(list.players.len()).unwrap_or(i32::MAX);
    rating_lists::insert(&app.store.pool, me.account_id, &file_name, count, &file).await?;
    Ok((
        Flash::new("notice.rating_list_loaded").arg("count", count),
        Redirect::to("/rating-list"),
    )
        .into_response())
}

/// A rated player as the search returns it, ready to fill the player form.
#[derive(serde::Serialize)]
pub struct Suggestion {
    pub name: String,
    pub first_name: String,
    pub rank: String,
    pub rating: i32,
    pub club: String,
    pub country: String,
    pub egf_pin: String,
}

impl From<&RatedPlayer> for Suggestion {
    fn from(p: &RatedPlayer) -> Self {
        Suggestion {
            name: p.name.clone(),
            first_name: p.first_name.clone(),
            rank: p.rank.to_string(),
            rating: p.rating.gor(),
            club: p.club.clone(),
            country: p.country.clone(),
            egf_pin: p.egf_pin.clone(),
        }
    }
}

#[derive(serde::Deserialize)]
pub struct SearchQuery {
    #[serde(default)]
    q: String,
}

/// Players of the newest list matching a name or PIN (at most 20).
pub async fn suggestions(app: &AppState, query: &str) -> WebResult<Vec<Suggestion>> {
    if query.trim().chars().count() < 2 {
        return Ok(Vec::new());
    }
    let Some(index) = app.ratings.index(app).await? else {
        return Ok(Vec::new());
    };
    Ok(index
        .search(query, SEARCH_LIMIT)
        .into_iter()
        .map(Suggestion::from)
        .collect())
}

async fn search(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Query(query): Query<SearchQuery>,
) -> WebResult<Json<Vec<Suggestion>>> {
    may_organise(&me)?;
    Ok(Json(suggestions(&app, &query.q).await?))
}
