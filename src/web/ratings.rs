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
use encoding_rs::Encoding;

use super::AppState;
use super::auth::SignedIn;
use super::error::{WebError, WebResult};
use super::flash::Flash;
use super::i18n::Lang;
use super::page::{Ctx, Layout, render, render_invalid};
use crate::core::formats::rating_list::{
    self, RatedPlayer, RatingIndex, RatingListError, SEARCH_LIMIT,
};
use crate::core::formats::text::TextError;
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
        Ok(self.current(app).await?.map(|(_, index)| index))
    }

    /// The newest uploaded list's id and index, if there is one.
    pub async fn current(&self, app: &AppState) -> WebResult<Option<(i64, Arc<RatingIndex>)>> {
        let Some(latest) = rating_lists::latest(&app.store.pool).await? else {
            return Ok(None);
        };
        if let Some((id, index)) = self.current.lock().expect("rating cache").as_ref()
            && *id == latest.rating_list_id
        {
            return Ok(Some((*id, index.clone())));
        }
        let content = rating_lists::content(&app.store.pool, latest.rating_list_id)
            .await?
            .unwrap_or_default();
        // Read as it was when uploaded: the same choice of encoding.
        let encoding = latest
            .encoding
            .as_deref()
            .and_then(|label| Encoding::for_label(label.as_bytes()));
        let index = tokio::task::spawn_blocking(move || {
            rating_list::parse_in(&content, encoding).map(RatingIndex::new)
        })
        .await
        .map_err(anyhow::Error::from)?
        .map_err(anyhow::Error::from)?;
        let index = Arc::new(index);
        *self.current.lock().expect("rating cache") = Some((latest.rating_list_id, index.clone()));
        Ok(Some((latest.rating_list_id, index)))
    }
}

/// One entry of the encoding menu of an upload form.
pub struct EncodingOption {
    /// The WHATWG label sent back, empty for "detect".
    pub value: &'static str,
    pub label: String,
    pub selected: bool,
}

/// The encodings an organiser may name for a text upload: the ones player
/// and rating lists really come in. Detection (see `formats::text`) tells
/// only UTF-8, UTF-16 with its mark, windows-1251 and a Latin code page
/// apart; KOI8 and windows-1250 files must be named.
pub(super) fn encoding_options(lang: Lang, selected: &str) -> Vec<EncodingOption> {
    let cyrillic = lang.t("encoding.cyrillic");
    let western = lang.t("encoding.western");
    let central = lang.t("encoding.central_european");
    [
        ("", lang.t("encoding.auto")),
        ("UTF-8", "UTF-8".to_string()),
        ("windows-1251", format!("windows-1251 ({cyrillic})")),
        ("KOI8-R", format!("KOI8-R ({cyrillic})")),
        ("KOI8-U", format!("KOI8-U ({cyrillic})")),
        (
            "windows-1252",
            format!("windows-1252, ISO-8859-1 ({western})"),
        ),
        ("ISO-8859-15", format!("ISO-8859-15 ({western})")),
        ("windows-1250", format!("windows-1250 ({central})")),
        ("UTF-16LE", "UTF-16LE".to_string()),
    ]
    .into_iter()
    .map(|(value, label)| EncodingOption {
        value,
        label,
        selected: value == selected,
    })
    .collect()
}

/// The encoding named on an upload form: none for "detect".
pub(super) fn chosen_encoding(value: &str) -> WebResult<Option<&'static Encoding>> {
    match value.trim() {
        "" => Ok(None),
        label => Encoding::for_label(label.as_bytes())
            .map(Some)
            .ok_or(WebError::BadUpload),
    }
}

/// A file refused for its encoding, in the reader's words, naming the line.
pub(super) fn text_error(lang: Lang, e: &TextError) -> String {
    match e {
        TextError::Malformed { line, encoding } => lang.tf(
            "upload.not_text",
            &[
                ("line", line.to_string()),
                ("encoding", encoding.to_string()),
            ],
        ),
        TextError::UnknownEncoding(label) => {
            lang.tf("upload.unknown_encoding", &[("encoding", label.clone())])
        }
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
            file_name = field.file_name().unwrap_or("rating-list.txt").to_string();
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
