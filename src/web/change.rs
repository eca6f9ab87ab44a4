//! Changing a tournament: every change to its document and discipline book
//! runs in one transaction ([`change_document`]) that locks, loads, applies,
//! saves, writes the audit log and tells live pages; [`json`] serialises
//! what the audit log keeps.

use uuid::Uuid;

use super::AppState;
use super::access::Access;
use super::error::{WebError, WebResult};
use crate::core::Tournament;
use crate::core::discipline::Book;
use crate::store::audit;
use crate::store::discipline as discipline_store;
use crate::store::tournaments;

/// Runs one change to a tournament's document as one transaction: lock the
/// row, load, apply `change` (which returns what to show and to log), save,
/// append to the audit log, commit. A refused change saves nothing.
pub(crate) async fn mutate<T>(
    app: &AppState,
    access: &Access,
    action: &str,
    change: impl FnOnce(
        &mut Tournament,
    ) -> WebResult<(T, Option<serde_json::Value>, Option<serde_json::Value>)>,
) -> WebResult<T> {
    mutate_at(app, access, None, action, change).await
}

/// [`mutate`], refused with 409 unless the tournament is still at
/// `expected_version` (when given): how the API turns a stale write away.
pub(crate) async fn mutate_at<T>(
    app: &AppState,
    access: &Access,
    expected_version: Option<i32>,
    action: &str,
    change: impl FnOnce(
        &mut Tournament,
    ) -> WebResult<(T, Option<serde_json::Value>, Option<serde_json::Value>)>,
) -> WebResult<T> {
    mutate_with_book(app, access, expected_version, action, |t, _| change(t)).await
}

/// [`mutate_at`] for changes that also read or write the discipline book:
/// results (locked ones refuse), referees' acts and appeals.
pub(crate) async fn mutate_with_book<T>(
    app: &AppState,
    access: &Access,
    expected_version: Option<i32>,
    action: &str,
    change: impl FnOnce(
        &mut Tournament,
        &mut Book,
    ) -> WebResult<(T, Option<serde_json::Value>, Option<serde_json::Value>)>,
) -> WebResult<T> {
    let (id, actor) = (access.tournament.tournament_id, Some(access.me.account_id));
    change_document(app, id, actor, expected_version, action, change).await
}

/// The one transaction every change runs in. `actor` is the signed-in
/// account, or `None` for a player acting through their private link.
pub(crate) async fn change_document<T>(
    app: &AppState,
    id: Uuid,
    actor: Option<Uuid>,
    expected_version: Option<i32>,
    action: &str,
    change: impl FnOnce(
        &mut Tournament,
        &mut Book,
    ) -> WebResult<(T, Option<serde_json::Value>, Option<serde_json::Value>)>,
) -> WebResult<T> {
    let mut tx = app.store.begin().await?;
    let row = tournaments::lock(&mut tx, id)
        .await?
        .ok_or(WebError::NotFound)?;
    if expected_version.is_some_and(|v| v != row.version) {
        return Err(WebError::StaleForm);
    }
    let snapshot = discipline_store::load(&mut *tx, id)
        .await?
        .ok_or(WebError::NotFound)?;
    let (mut state, mut book) = (snapshot.state, snapshot.book);
    let (value, before, after) = change(&mut state, &mut book)?;
    // Whatever the change, the book must still name only what the tournament
    // has: otherwise no page of the tournament could be read afterwards.
    book.check_references(&state)?;
    tournaments::save_state(&mut *tx, id, &state).await?;
    discipline_store::save(&mut *tx, id, &book).await?;
    audit::record(&mut *tx, Some(id), actor, action, before, after).await?;
    tx.commit().await?;
    app.live.changed(id);
    Ok(value)
}

/// Serialises a value for the audit log.
pub(crate) fn json<T: serde::Serialize>(value: &T) -> WebResult<serde_json::Value> {
    Ok(serde_json::to_value(value).map_err(anyhow::Error::from)?)
}
