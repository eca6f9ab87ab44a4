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

use crate::web::access::{Staff, may};
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::response::Redirect;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

use super::AppState;
use super::access::authorise;
use super::auth::SignedIn;
use super::error::WebResult;
use super::files::{self, FileKind, FileOptions};
use super::flash::Flash;
use crate::core::access::Action;
use crate::core::command::Command;

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

/// The federations' file `kind` with the form's options.
async fn results_file(
    app: &AppState,
    short: &str,
    me: crate::desk::Account,
    kind: FileKind,
    query: FileQuery,
) -> WebResult<Response> {
    let access = authorise(app, short, me, Action::EditSettings).await?;
    let options = FileOptions {
        encoding: query.encoding.parse().ok(),
        keep_by_default: query.keep_by_default.is_some(),
        latin_names: query.latin_names.is_some(),
    };
    Ok(files::export(app, &access, kind, options)
        .await?
        .into_response())
}

async fn export_h9(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
    Query(query): Query<FileQuery>,
) -> WebResult<Response> {
    results_file(&app, &short, me, FileKind::H9, query).await
}

async fn export_tou(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
    Query(query): Query<FileQuery>,
) -> WebResult<Response> {
    results_file(&app, &short, me, FileKind::Tou, query).await
}

#[derive(serde::Deserialize)]
struct SubmittedForm {
    version: i32,
}

/// The final results were sent to the EGF ratings commission: the moment
/// and the organiser are recorded, shown with the standings.
async fn submit_results(
    Staff(access, _): Staff<may::EditSettings>,
    Path(short): Path<String>,
    axum::Form(form): axum::Form<SubmittedForm>,
) -> WebResult<(Flash, Redirect)> {
    super::change::run(&access, Some(form.version), Command::SubmitResults).await?;
    Ok((
        Flash::new("notice.results_submitted"),
        Redirect::to(&super::urls::page(&short, "standings")),
    ))
}
