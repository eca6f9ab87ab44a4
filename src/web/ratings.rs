//! The rating list organisers register players from: upload it once, then
//! search it while typing a name (or without JavaScript, by a search form).
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /rating-list`, `POST /rating-list` | [`show_list`], [`upload_list`] | organisers |
//! | `GET /rating-list/search?q=` | [`search`] | organisers: JSON for search-as-you-type |

use askama::Template;
use axum::extract::{DefaultBodyLimit, Multipart, Query, State};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::{Json, Router};
use encoding_rs::Encoding;

use super::AppState;
use super::auth::SignedIn;
use super::encodings::{EncodingOption, chosen_encoding, encoding_options, text_error};
use super::error::{WebError, WebResult};
use super::flash::Flash;
use super::page::{Ctx, Layout, render, render_invalid};
use super::rating_cache::{Suggestion, suggestions};
use crate::core::formats::rating_list::{self, RatingListError};
use crate::store::accounts::Account;
use crate::store::rating_lists::{self, RatingListInfo};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/rating-list", get(show_list).post(upload_list))
        .layer(DefaultBodyLimit::max(super::security::RATING_LIST_MAX))
        .route("/rating-list/search", get(search))
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
    /// The current list's federation and date, e.g. "EGD 2018-02-22".
    list: String,
    encodings: Vec<EncodingOption>,
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
        list: list_name(&app).await?,
        encodings: encoding_options(ctx.lang, ""),
        error: String::new(),
    })
}

/// "EGD 2018-02-22" for the newest list, empty without one.
async fn list_name(app: &AppState) -> WebResult<String> {
    Ok(app
        .ratings
        .index(app)
        .await?
        .map(|index| index.list().label())
        .unwrap_or_default())
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
    let mut encoding = String::new();
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|_| WebError::BadUpload)?
    {
        if field.name() == Some("encoding") {
            encoding = field.text().await.map_err(|_| WebError::BadUpload)?;
        } else if field.name() == Some("file") {
            // The name a browser gives is text to store like any other:
            // one that breaks the rule of text is not kept.
            use crate::core::command::text::{MAX_LINE, Shape, problem};
            file_name = field
                .file_name()
                .filter(|name| problem(name, Shape::Line(MAX_LINE)).is_none())
                .unwrap_or("rating-list.txt")
                .to_string();
            file = field
                .bytes()
                .await
                .map_err(|_| WebError::BadUpload)?
                .to_vec();
        }
    }
    let chosen = chosen_encoding(&encoding)?;
    let bytes = file.clone();
    let parsed = tokio::task::spawn_blocking(move || rating_list::parse_in(&bytes, chosen))
        .await
        .map_err(anyhow::Error::from)?;
    let list = match parsed {
        Ok(list) => list,
        Err(e) => {
            let problem = match &e {
                RatingListError::Text(e) => text_error(ctx.lang, e),
                RatingListError::NoPlayers { kind, malformed } => ctx.lang.tf(
                    "ratings.no_players",
                    &[
                        ("list", kind.to_string()),
                        ("malformed", malformed.len().to_string()),
                    ],
                ),
            };
            let page = ListPage {
                layout: Layout::new(&ctx, "ratings.title"),
                current: rating_lists::latest(&app.store.pool).await?,
                list: list_name(&app).await?,
                encodings: encoding_options(ctx.lang, &encoding),
                error: format!("{}: {problem}", ctx.lang.t("ratings.refused")),
            };
            return Ok(render_invalid(&page)?.into_response());
        }
    };
    let count = i32::try_from(list.players.len()).unwrap_or(i32::MAX);
    let label = chosen.map(Encoding::name);
    rating_lists::insert(
        &app.store.pool,
        me.account_id,
        &file_name,
        count,
        label,
        &file,
    )
    .await?;
    Ok((
        Flash::new("notice.rating_list_loaded").arg("count", count),
        Redirect::to("/rating-list"),
    )
        .into_response())
}

#[derive(serde::Deserialize)]
pub struct SearchQuery {
    #[serde(default)]
    q: String,
}

async fn search(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Query(query): Query<SearchQuery>,
) -> WebResult<Json<Vec<Suggestion>>> {
    may_organise(&me)?;
    Ok(Json(suggestions(&app, &query.q).await?))
}
