//! Whole tournaments in and out as files, for a program that runs an event
//! through the API alone: the same files the organisers download (OpenGotha,
//! MacMahon, Tengen's own, EGF h9, FFG tou) and the same import.

use axum::Json;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::errors::{ApiError, ApiPath, ApiQuery, WriteErrors};
use crate::core::access::Action;
use crate::desk::imports;
use crate::web::AppState;
use crate::web::access::authorise;
use crate::web::auth::ApiAccount;
use crate::web::error::{WebError, WebResult};
use crate::web::files::{self, FileKind, FileOptions};
use crate::web::i18n::Lang;
use crate::web::import_words::{problem_words, unread_message};

/// How a results file is written.
#[derive(Deserialize, Default, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct FileQuery {
    /// `utf-8`, `iso-8859-15` or `windows-1251`; by default UTF-8 for h9,
    /// ISO-8859-15 for tou (as OpenGotha writes them).
    encoding: Option<String>,
    /// h9: keep the games won by default (the EGF rates none).
    #[serde(default)]
    keep_by_default: bool,
    /// h9: names in Latin letters.
    #[serde(default)]
    latin_names: bool,
}

/// Download the tournament as a file: `opengotha.xml`, `macmahon.xml`,
/// `tournament.json` (Tengen's own: sanctions, appeals, staff and log),
/// `results.h9` or `results.tou`; the same bytes as the organisers' page.
#[utoipa::path(
    get,
    path = "/tournaments/{short}/files/{name}",
    tag = "files",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("name" = String, Path, description = "which file",
            pattern = r"^(opengotha\.xml|macmahon\.xml|tournament\.json|results\.h9|results\.tou)$"),
        FileQuery,
    ),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "the file, as an attachment", content_type = "application/octet-stream", body = String),
        WriteErrors,
    )
)]
pub(super) async fn download_file(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, name)): ApiPath<(String, String)>,
    ApiQuery(query): ApiQuery<FileQuery>,
) -> WebResult<Response> {
    let kind = FileKind::named(&name).ok_or(WebError::NotFound)?;
    let encoding = match query.encoding.as_deref() {
        None => None,
        Some(text) => Some(text.parse().map_err(|_| {
            WebError::Invalid(format!(
                "encoding: {text:?} is not utf-8, iso-8859-15 or windows-1251"
            ))
        })?),
    };
    let access = authorise(&app, &short, account, Action::EditSettings).await?;
    let options = FileOptions {
        encoding,
        keep_by_default: query.keep_by_default,
        latin_names: query.latin_names,
    };
    Ok(files::export(&app, &access, kind, options)
        .await?
        .into_response())
}

/// Where an imported tournament goes.
#[derive(Deserialize, Default, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct ImportQuery {
    /// Its short name; by default the file's.
    short_name: Option<String>,
    /// The hall's IANA time zone; by default the file's, else UTC.
    time_zone: Option<String>,
}

/// A tournament made from a file.
#[derive(Serialize, ToSchema)]
pub(super) struct ImportedOut {
    short_name: String,
    version: i32,
    /// What of the file has no place in Tengen, in the reader's language
    /// (a MacMahon file's top group, say); empty when everything was taken.
    unread: Vec<String>,
}

/// Create a tournament from a file sent as the body: OpenGotha, MacMahon or
/// AutoKorsak, EGF results (h9) or Tengen's own, told apart by their
/// content. All or nothing: a refused file stores nothing, and the answer
/// names each bad line.
#[utoipa::path(
    post,
    path = "/tournaments/import",
    tag = "files",
    params(ImportQuery),
    request_body(content = String, content_type = "application/octet-stream",
        description = "the file's bytes, at most 32 MB"),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "created", body = ImportedOut),
        WriteErrors,
    )
)]
pub(super) async fn import_file(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<ImportQuery>,
    body: Body,
) -> WebResult<Response> {
    if !account.may_create_tournament() {
        return Err(WebError::Forbidden);
    }
    let file = axum::body::to_bytes(body, crate::web::security::IMPORT_MAX)
        .await
        .map_err(|_| WebError::TooLarge)?
        .to_vec();
    let lang = Lang::negotiate(&headers);
    let time_zone = query.time_zone.unwrap_or_default();
    let imported = imports::import_tournament(
        &app.store,
        app.config.limits,
        account.account_id,
        file,
        query.short_name.as_deref(),
        time_zone.trim(),
    )
    .await?;
    match imported {
        Ok(created) => {
            let body = ImportedOut {
                short_name: created.row.short_name.clone(),
                version: created.row.version,
                unread: (created.unread.iter())
                    .map(|u| unread_message(lang, u))
                    .collect(),
            };
            Ok((StatusCode::CREATED, Json(body)).into_response())
        }
        Err(problem) => {
            let (message, problems) = problem_words(lang, &problem);
            let body = ApiError {
                error: "error.import",
                message,
                detail: Some(problems.join("\n")).filter(|d| !d.is_empty()),
            };
            Ok((StatusCode::UNPROCESSABLE_ENTITY, Json(body)).into_response())
        }
    }
}
