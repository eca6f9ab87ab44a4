//! Handlers get their tournament opened through the read door
//! ([`crate::desk::Desk::open`]) by an extractor, from the `{short}` path
//! segment and the caller's session: [`Staff`] for a staff act (404 for a
//! tournament the caller may not know of, 403 for an act their roles do not
//! allow under its rule text), [`Signed`] for a signed-in caller whose act
//! the handler names, [`Reader`] for reading (public, or staff of it; 404
//! otherwise) and [`Link`] for a player's private link.

use std::marker::PhantomData;

use axum::extract::{FromRequestParts, RawPathParams};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};

use super::AppState;
use super::auth::SignedIn;
use super::error::{WebError, WebResult};
use crate::core::PlayerId;
use crate::core::access::Action;
use crate::desk::{Account, Opened, TournamentRow};

/// A tournament opened by a signed-in person.
pub(crate) type Access = Opened<Account>;

/// A tournament opened by a reader, signed in or not.
pub(crate) type Reading = Opened<Option<Account>>;

/// The action a [`Staff`] extractor requires, named by a marker type.
pub(crate) trait Needs {
    const ACTION: Action;
}

/// Marker types, one per [`Action`] pages require: `Staff<may::EditPairings>`.
pub(crate) mod may {
    macro_rules! needs {
        ($($name:ident),*) => {$(
            pub(crate) struct $name;
            impl super::Needs for $name {
                const ACTION: super::Action = super::Action::$name;
            }
        )*};
    }
    needs!(
        EditSettings,
        ManageStaff,
        ManagePlayers,
        EditPairings,
        EnterResults,
        LogSanction,
        CancelRound,
        ConfirmSupergroup,
        DecideAppeal,
        ReadAppeals,
        ReadAuditLog
    );
}

/// A path segment by name (`short`, `token`).
async fn segment(parts: &mut Parts, app: &AppState, name: &str) -> WebResult<String> {
    let params = RawPathParams::from_request_parts(parts, app)
        .await
        .map_err(|_| WebError::NotFound)?;
    params
        .iter()
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value.to_string())
        .ok_or(WebError::NotFound)
}

/// The tournament `short` opened for a signed-in account.
pub(crate) async fn open(app: &AppState, short: &str, me: Account) -> WebResult<Access> {
    Ok(app.desk.open(&app.store.pool, short, me).await?)
}

/// [`open`], refused with 403 unless `me` may take `action`.
pub(crate) async fn authorise(
    app: &AppState,
    short: &str,
    me: Account,
    action: Action,
) -> WebResult<Access> {
    let access = open(app, short, me).await?;
    access.require(action).await?;
    Ok(access)
}

/// A staff act's tournament: the signed-in person may take `P`'s action.
pub(crate) struct Staff<P>(pub Access, pub PhantomData<P>);

impl<P: Needs> FromRequestParts<AppState> for Staff<P> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, Response> {
        let Signed(access) = Signed::from_request_parts(parts, app).await?;
        match access.require(P::ACTION).await {
            Ok(()) => Ok(Staff(access, PhantomData)),
            Err(e) => Err(WebError::from(e).into_response()),
        }
    }
}

/// A signed-in person's tournament, whose act the handler names
/// ([`Opened::require`]).
pub(crate) struct Signed(pub Access);

impl FromRequestParts<AppState> for Signed {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, Response> {
        let SignedIn(me) = SignedIn::from_request_parts(parts, app).await?;
        let short = segment(parts, app, "short")
            .await
            .map_err(IntoResponse::into_response)?;
        open(app, &short, me)
            .await
            .map(Signed)
            .map_err(IntoResponse::into_response)
    }
}

/// A tournament anyone may look at: public, or staff of it.
pub(crate) struct Reader(pub Reading);

impl FromRequestParts<AppState> for Reader {
    type Rejection = WebError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> WebResult<Self> {
        let me = super::auth::session_of(parts, app).await?;
        let short = segment(parts, app, "short").await?;
        viewable(app, me, &short).await.map(Reader)
    }
}

/// A tournament anyone may look at, as `me` (none: a visitor) reads it.
pub(crate) async fn viewable(
    app: &AppState,
    me: Option<Account>,
    short: &str,
) -> WebResult<Reading> {
    Ok(match me {
        Some(me) => app.desk.open(&app.store.pool, short, Some(me)).await?,
        None => {
            let row = row_for_visitors(app, short)
                .await?
                .ok_or(WebError::NotFound)?;
            app.desk.open_row(&app.store.pool, row)?
        }
    })
}

/// The tournament and the player a private link (`{token}`) opens; 404 for
/// a link nobody issued (or one issued again since).
pub(crate) struct Link(pub Opened<PlayerId>, pub String);

impl FromRequestParts<AppState> for Link {
    type Rejection = WebError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> WebResult<Self> {
        let token = segment(parts, app, "token").await?;
        let opened = app.desk.open_link(&app.store.pool, &token).await?;
        Ok(Link(opened, token))
    }
}

/// The tournament of a short name as visitors without a session read it:
/// one database read per change, however many phones open its pages and
/// event streams at once after a round is published.
async fn row_for_visitors(app: &AppState, short: &str) -> WebResult<Option<TournamentRow>> {
    use super::live::Lookup;
    match app.live.lookup::<TournamentRow>(short).await {
        Lookup::Hit(row) => Ok(Some(row)),
        Lookup::Make(ticket) => {
            let row = app.desk.row(&app.store.pool, short).await?;
            if let Some(row) = &row {
                ticket.keep(row.tournament_id, row.clone());
            }
            Ok(row)
        }
    }
}
