//! The rating list organisers register players from: the site's, uploaded
//! by its administrators (one list every organiser searches, so no
//! organiser replaces it under another's feet), then searched while typing
//! a name (or without JavaScript, by a search form).
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /rating-list` | [`show_list`] | organisers |
//! | `POST /rating-list` | [`upload_list`] | site administrators |
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
use crate::desk::Account;
use crate::desk::ratings::{NewList, StoredList};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/rating-list", get(show_list).post(upload_list))
        .layer(DefaultBodyLimit::max(super::security::RATING_LIST_MAX))
        .route("/rating-list/search", get(search))
}

fn may_organise(me: &Account) -> WebResult<()> {
    if me.may_create_tournament() {
        Ok(())
    } else {
        Err(WebError::Forbidden)
    }
}

#[derive(Template)]
#[template(path = "ratings/show.html")]
struct ListPage {
    layout: Layout,
    /// The stored lists, the newest (the one searched) first.
    lists: Vec<StoredList>,
    /// The current list's federation and date, e.g. "EGD 2018-02-22".
    list: String,
    /// Only a site administrator is shown the upload form.
    may_upload: bool,
    encodings: Vec<EncodingOption>,
    error: String,
}

impl ListPage {
    async fn new(app: &AppState, ctx: &Ctx, me: &Account, encoding: &str) -> WebResult<Self> {
        Ok(ListPage {
            layout: Layout::new(ctx, "ratings.title"),
            lists: app.desk.rating_lists(&app.store.pool).await?,
            list: list_name(app).await?,
            may_upload: me.is_admin,
            encodings: encoding_options(ctx.lang, encoding),
            error: String::new(),
        })
    }

    /// "4512 players" in a list, in the reader's plural form.
    fn player_count(&self, list: &StoredList) -> String {
        let n = list.player_count.max(0) as u64;
        self.layout.lang.plural("count.rated_players", n)
    }

    /// "1.3 MB" (or "740 KB"): the stored file's size.
    fn size(&self, list: &StoredList) -> String {
        file_size(self.layout.lang, list.size)
    }
}

/// A size in the reader's units: KB below one megabyte, else MB with one
/// decimal (1 MB = 1,000,000 bytes, as file managers show it).
fn file_size(lang: super::i18n::Lang, bytes: i64) -> String {
    let bytes = bytes.max(0);
    if bytes < 1_000_000 {
        let kb = (bytes + 999) / 1000;
        return lang.tf("ratings.size_kb", &[("n", kb.to_string())]);
    }
    let tenths = (bytes + 50_000) / 100_000;
    let mb = format!(
        "{}{}{}",
        tenths / 10,
        lang.t("ratings.decimal_point"),
        tenths % 10
    );
    lang.tf("ratings.size_mb", &[("n", mb)])
}

async fn show_list(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
) -> WebResult<Html<String>> {
    may_organise(&me)?;
    render(&ListPage::new(&app, &ctx, &me, "").await?)
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

/// Stores a list after reading it whole, and deletes the older list of its
/// federation; a file with no player is refused. Site administrators only.
async fn upload_list(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    mut multipart: Multipart,
) -> WebResult<Response> {
    if !me.is_admin {
        return Err(WebError::Forbidden);
    }
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
    // The file moves to the reader and back rather than being copied: a
    // national list is tens of megabytes.
    let (parsed, file) = tokio::task::spawn_blocking(move || {
        let parsed = rating_list::parse_in(&file, chosen);
        (parsed, file)
    })
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
            let mut page = ListPage::new(&app, &ctx, &me, &encoding).await?;
            page.error = format!("{}: {problem}", ctx.lang.t("ratings.refused"));
            return Ok(render_invalid(&page)?.into_response());
        }
    };
    let count = i32::try_from(list.players.len()).unwrap_or(i32::MAX);
    let kind = list.kind.to_string();
    // The parsed players are not stored; the cache reads the file again.
    drop(list);
    app.desk
        .replace_rating_list(NewList {
            uploaded_by: me.account_id,
            kind: &kind,
            file_name: &file_name,
            player_count: count,
            encoding: chosen.map(Encoding::name),
            content: &file,
        })
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
