//! Results files for the federations, downloaded by the organisers: the
//! EGF's (h9) for the European Go Database and the FFG's (tou); and the
//! organiser's record that the results went to the EGF ratings commission
//! (GTR "Guidelines of organization").
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /t/{short}/export/results.h9?encoding=&keep_by_default=&latin_names=` | [`export_h9`] | organisers |
//! | `GET /t/{short}/export/results.tou?encoding=` | [`export_tou`] | organisers |
//! | `POST /t/{short}/export/submitted` | [`submit_results`] | organisers |

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::Redirect;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

use super::AppState;
use super::access::authorise;
use super::auth::SignedIn;
use super::error::WebResult;
use super::flash::Flash;
use crate::core::Tournament;
use crate::core::access::Action;
use crate::core::command::Command;
use crate::core::formats::text::Charset;
use crate::core::formats::{h9, tou};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/t/{short}/export/results.h9", get(export_h9))
        .route("/t/{short}/export/results.tou", get(export_tou))
        .route("/t/{short}/export/submitted", post(submit_results))
}

#[derive(serde::Deserialize, Default)]
struct FileQuery {
    /// `iso-8859-15` for OpenGotha's bytes; UTF-8 otherwise.
    #[serde(default)]
    encoding: String,
    /// A checkbox: present when games won by default are kept.
    #[serde(default)]
    keep_by_default: Option<String>,
    /// A checkbox, ticked on the form: names in Latin letters.
    #[serde(default)]
    latin_names: Option<String>,
}

impl FileQuery {
    fn encoding(&self, default: Charset) -> Charset {
        self.encoding.parse().unwrap_or(default)
    }
}

/// The tournament twice: as its standings stand after sanctions and appeals
/// (the order and criteria), and as played (the games a federation rates,
/// including those the rules annul for the standings); and the file name.
async fn rated(
    app: &AppState,
    short: &str,
    me: crate::store::accounts::Account,
) -> WebResult<(Tournament, Tournament, String)> {
    let access = authorise(app, short, me, Action::EditSettings).await?;
    let view = super::view::view(app, access.tournament.tournament_id).await?;
    Ok((
        view.for_standings(),
        view.effective.tournament,
        access.tournament.short_name,
    ))
}

fn download(bytes: Vec<u8>, encoding: Charset, file_name: String) -> Response {
    let charset = encoding.label();
    (
        [
            (
                header::CONTENT_TYPE,
                format!("text/plain; charset={charset}"),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{file_name}\""),
            ),
        ],
        bytes,
    )
        .into_response()
}

async fn export_h9(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
    Query(query): Query<FileQuery>,
) -> WebResult<Response> {
    let (ranked, played, short) = rated(&app, &short, me).await?;
    let options = h9::Options {
        keep_by_default: query.keep_by_default.is_some(),
        latin_names: query.latin_names.is_some(),
    };
    let encoding = query.encoding(Charset::Utf8);
    let text = h9::export_played(&ranked, &played, options);
    Ok(download(
        encoding.encode(&text),
        encoding,
        format!("{short}.h9"),
    ))
}

async fn export_tou(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
    Query(query): Query<FileQuery>,
) -> WebResult<Response> {
    let (ranked, played, short) = rated(&app, &short, me).await?;
    // The FFG reads ISO-8859-15, as OpenGotha writes it.
    let encoding = query.encoding(Charset::Latin9);
    let text = tou::export_played(&ranked, &played);
    Ok(download(
        encoding.encode(&text),
        encoding,
        format!("{short}.tou"),
    ))
}

#[derive(serde::Deserialize)]
struct SubmittedForm {
    version: i32,
}

/// The final results were sent to the EGF ratings commission: the moment
/// and the organiser are recorded, shown with the standings.
async fn submit_results(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
    axum::Form(form): axum::Form<SubmittedForm>,
) -> WebResult<(Flash, Redirect)> {
    let access = authorise(&app, &short, me, Action::EditSettings).await?;
    super::change::run(&app, &access, Some(form.version), Command::SubmitResults).await?;
    Ok((
        Flash::new("notice.results_submitted"),
        Redirect::to(&super::urls::page(&short, "standings")),
    ))
}
