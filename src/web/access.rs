//! Who may see or act on a tournament: [`authorise`] for staff acts (403
//! otherwise), [`viewable`] for reading (public, or staff of it; 404
//! otherwise).

use super::AppState;
use super::error::{WebError, WebResult};
use super::page::Ctx;
use crate::core::access::{self, Action, StaffRole};
use crate::store::accounts::Account;
use crate::store::tournaments::{self, TournamentRow};

/// The tournament and the person allowed to act on it.
pub(crate) struct Access {
    pub tournament: TournamentRow,
    pub me: Account,
}

/// Loads a tournament and refuses with 403 unless `me` may do `action`.
pub(crate) async fn authorise(
    app: &AppState,
    short: &str,
    me: Account,
    action: Action,
) -> WebResult<Access> {
    let (tournament, roles) = tournaments::with_roles(&app.store.pool, short, me.account_id)
        .await?
        .ok_or(WebError::NotFound)?;
    if !may_see(&tournament, &roles, me.is_admin) {
        return Err(WebError::NotFound);
    }
    if !access::may(&roles, me.is_admin, action) {
        return Err(WebError::Forbidden);
    }
    Ok(Access { tournament, me })
}

/// The tournament and the player a private link opens; 404 for a link
/// nobody issued (or one issued again since).
pub(crate) async fn player_link(
    app: &AppState,
    token: &str,
) -> WebResult<(TournamentRow, crate::core::PlayerId)> {
    let (id, no) = crate::store::discipline::by_player_link(
        &app.store.pool,
        &crate::desk::accounts::token_hash(token),
    )
    .await?
    .ok_or(WebError::NotFound)?;
    let tournament = tournaments::by_id(&app.store.pool, id)
        .await?
        .ok_or(WebError::NotFound)?;
    Ok((tournament, crate::core::PlayerId(no as u32)))
}

/// A tournament anyone may look at: public, or staff of it.
pub(crate) async fn viewable(
    app: &AppState,
    ctx: &Ctx,
    short: &str,
) -> WebResult<(TournamentRow, Vec<StaffRole>)> {
    let tournament = match &ctx.user {
        Some(_) => tournaments::by_short_name(&app.store.pool, short).await?,
        None => row_for_visitors(app, short).await?,
    }
    .ok_or(WebError::NotFound)?;
    let roles = match &ctx.user {
        Some(me) => {
            tournaments::roles_of(&app.store.pool, tournament.tournament_id, me.account_id).await?
        }
        None => Vec::new(),
    };
    if !may_see(&tournament, &roles, ctx.is_admin()) {
        return Err(WebError::NotFound);
    }
    Ok((tournament, roles))
}

/// The tournament of a short name as visitors without a session read it:
/// one database read per change, however many phones open its pages and
/// event streams at once after a round is published.
async fn row_for_visitors(app: &AppState, short: &str) -> WebResult<Option<TournamentRow>> {
    use super::live::Lookup;
    match app.live.lookup::<TournamentRow>(short).await {
        Lookup::Hit(row) => Ok(Some(row)),
        Lookup::Make(ticket) => {
            let row = tournaments::by_short_name(&app.store.pool, short).await?;
            if let Some(row) = &row {
                ticket.keep(row.tournament_id, row.clone());
            }
            Ok(row)
        }
    }
}

/// Who may know a tournament exists: anyone for a public one, else its
/// staff and site administrators. Everyone else gets what a tournament
/// that does not exist gets (404), so a private one cannot be found out.
pub(crate) fn may_see(tournament: &TournamentRow, roles: &[StaffRole], admin: bool) -> bool {
    tournament.is_public || !roles.is_empty() || admin
}
