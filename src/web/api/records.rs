//! What the officials recorded, for a program as for the staff's pages: the
//! referees' log, the appeals and the audit log, each entry as stored and
//! in the reader's words.

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::Serialize;
use utoipa::ToSchema;

use super::errors::{ApiPath, WriteErrors};
use crate::core::access::Action;
use crate::web::AppState;
use crate::web::access::authorise;
use crate::web::act_effects::incident_words;
use crate::web::appeal_words::summary;
use crate::web::auth::ApiAccount;
use crate::web::error::{WebError, WebResult};
use crate::web::i18n::Lang;
use crate::web::incidents::describe;
use crate::web::view::view;

/// One act of the referees' log.
#[derive(Serialize, ToSchema)]
pub(super) struct LogEntryOut {
    id: u32,
    /// Unix seconds.
    at: i64,
    /// The referee's or body's name as signed.
    by: String,
    /// The act as stored (`core::discipline::Act`).
    #[schema(value_type = Object)]
    act: serde_json::Value,
    /// The act in the reader's language.
    words: String,
    /// What it did to the game or the player, in words ("" for none).
    effect: String,
    /// Why it no longer stands (annulled, overturned), in words; null while it stands.
    struck: Option<String>,
}

/// The referees' log, oldest first.
#[derive(Serialize, ToSchema)]
pub(super) struct LogOut {
    version: i32,
    entries: Vec<LogEntryOut>,
}

/// The referees' log: every act with who logged it and what it did (the
/// referees' and the chief referee's).
#[utoipa::path(
    get,
    path = "/tournaments/{short}/log",
    tag = "discipline",
    params(("short" = String, Path, description = "the tournament's short name")),
    security(("bearer" = [])),
    responses((status = 200, description = "the log", body = LogOut), WriteErrors)
)]
pub(super) async fn show_log(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    headers: HeaderMap,
    ApiPath(short): ApiPath<String>,
) -> WebResult<Json<LogOut>> {
    let lang = Lang::negotiate(&headers);
    let access = authorise(&app, &short, account, Action::LogSanction).await?;
    let view = view(&app, access.tournament.tournament_id).await?;
    let report = view.book.report(&view.entered)?;
    let t = &view.effective.tournament;
    let log = &view.book.log;
    let incidents: std::collections::BTreeMap<_, _> = (report.rounds.iter())
        .flat_map(|r| &r.incidents)
        .chain(&report.general)
        .map(|i| (i.entry.id, i))
        .collect();
    let entries = (log.entries().iter())
        .map(|e| {
            let (effect, struck) = incidents
                .get(&e.id)
                .map(|i| incident_words(t, lang, log, i))
                .unwrap_or_default();
            LogEntryOut {
                id: e.id.0,
                at: e.at.unix_seconds(),
                by: e.by.as_str().to_string(),
                act: serde_json::to_value(&e.act).unwrap_or_default(),
                words: describe(t, lang, e),
                effect,
                struck,
            }
        })
        .collect();
    Ok(Json(LogOut {
        version: view.version,
        entries,
    }))
}

/// One appeal.
#[derive(Serialize, ToSchema)]
pub(super) struct AppealOut {
    id: u32,
    /// The appeal as stored (`core::discipline::Appeal`): filing, state,
    /// decision and ruling.
    #[schema(value_type = Object)]
    appeal: serde_json::Value,
    /// Its title in the reader's language.
    title: String,
    /// Its state, as a stable key (`appeals.status.filed` …).
    status: &'static str,
    /// Its story in the reader's language, line by line.
    lines: Vec<String>,
}

/// The appeals, by number.
#[derive(Serialize, ToSchema)]
pub(super) struct AppealsOut {
    version: i32,
    appeals: Vec<AppealOut>,
}

/// The appeals and where each stands (any of the tournament's staff).
#[utoipa::path(
    get,
    path = "/tournaments/{short}/appeals",
    tag = "discipline",
    params(("short" = String, Path, description = "the tournament's short name")),
    security(("bearer" = [])),
    responses((status = 200, description = "the appeals", body = AppealsOut), WriteErrors)
)]
pub(super) async fn list_appeals(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    headers: HeaderMap,
    ApiPath(short): ApiPath<String>,
) -> WebResult<Json<AppealsOut>> {
    let lang = Lang::negotiate(&headers);
    let access = authorise(&app, &short, account, Action::ReadAppeals).await?;
    let view = view(&app, access.tournament.tournament_id).await?;
    let zone = &access.tournament.time_zone;
    let appeals = (view.book.appeals.iter())
        .map(|a| {
            let words = summary(&view.entered, &view.book, a, lang, zone);
            AppealOut {
                id: words.id,
                appeal: serde_json::to_value(a).unwrap_or_default(),
                title: words.title,
                status: words.status_key,
                lines: words.lines,
            }
        })
        .collect();
    Ok(Json(AppealsOut {
        version: view.version,
        appeals,
    }))
}

/// One change of the audit log.
#[derive(Serialize, ToSchema)]
pub(super) struct AuditOut {
    /// RFC 3339.
    at: String,
    /// Who made it: an account's display name, or how a visitor did.
    who: String,
    /// The action as stored.
    action: String,
    /// What it did, in the reader's language.
    words: String,
    #[schema(value_type = Option<Object>)]
    before: Option<serde_json::Value>,
    #[schema(value_type = Option<Object>)]
    after: Option<serde_json::Value>,
}

/// The audit log, newest first (the organisers').
#[utoipa::path(
    get,
    path = "/tournaments/{short}/audit",
    tag = "tournaments",
    params(("short" = String, Path, description = "the tournament's short name")),
    security(("bearer" = [])),
    responses((status = 200, description = "the audit log", body = Vec<AuditOut>), WriteErrors)
)]
pub(super) async fn show_audit(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    headers: HeaderMap,
    ApiPath(short): ApiPath<String>,
) -> WebResult<Json<Vec<AuditOut>>> {
    let lang = Lang::negotiate(&headers);
    let access = authorise(&app, &short, account, Action::ReadAuditLog).await?;
    // Names come from the tournament as it is now, as on the page.
    let state = access.doc().await?;
    let entries = access.audit_log().await?;
    let out = entries
        .into_iter()
        .map(|e| {
            let words = crate::web::audit_words::describe(
                &state,
                lang,
                &e.event,
                e.before.as_ref(),
                e.after.as_ref(),
            );
            AuditOut {
                at: (e.at.format(&time::format_description::well_known::Rfc3339))
                    .map_err(|_| WebError::NotFound)
                    .unwrap_or_default(),
                who: crate::web::audit_words::who(lang, &e.event, e.who.as_deref()),
                words: words.what,
                action: e.event.name(),
                before: e.before,
                after: e.after,
            }
        })
        .collect();
    Ok(Json(out))
}
