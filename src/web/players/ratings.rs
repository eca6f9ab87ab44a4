//! Refreshing every player's rating from the newest rating list before
//! round 1: a preview, then the change.

use crate::web::access::{Staff, may};
use askama::Template;
use axum::extract::State;
use axum::response::{Html, Redirect};
// Repeated fields (the participation boxes) need serde_html_form's decoder.
use super::list::source_text;
use crate::core::command::Command;
use crate::core::formats::rating_list::MatchedBy;
use crate::core::{Rank, Rating, RoundNo};
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::access::Access;
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::page::{Ctx, Layout, render};
use crate::web::urls;
use axum_extra::extract::Form;

/// A player's rank and rating as the refresh page shows them, and the list's name and date.
pub(super) fn rating_text(rank: Rank, rating: Rating, source: String) -> (String, String) {
    (format!("{rank} · {}", rating.gor()), source)
}

/// One line of the refresh preview.
pub(super) struct RatingChangeLine {
    name: String,
    /// How the player was found in the list, in words.
    matched_by: String,
    before: (String, String),
    after: (String, String),
    /// The rank differs from the list's and stays, as set by hand.
    rank_kept: bool,
}

#[derive(Template)]
#[template(path = "players/ratings.html")]
pub(super) struct RatingsPage {
    layout: Layout,
    tournament: TournamentRow,
    /// The newest list's id, and its federation and date; none without a list.
    list: Option<(i64, String)>,
    changes: Vec<RatingChangeLine>,
    not_found: Vec<String>,
    /// "3 players already have the list's rating", or "".
    unchanged: String,
}

/// What refreshing the ratings from the newest list would change; nothing
/// is saved until the organiser confirms. Refused once round 1 is paired.
pub(super) async fn preview_ratings(
    State(app): State<AppState>,
    Staff(Access { tournament, .. }, _): Staff<may::ManagePlayers>,
    ctx: Ctx,
) -> WebResult<Html<String>> {
    let state = crate::web::view::load(&app, tournament.tournament_id).await?;
    if state.is_paired(RoundNo::FIRST) {
        return Err(crate::core::TournamentError::RatingsFixed.into());
    }
    let mut page = RatingsPage {
        layout: Layout::titled(&ctx, &tournament.name),
        tournament,
        list: None,
        changes: Vec::new(),
        not_found: Vec::new(),
        unchanged: String::new(),
    };
    let Some((list_id, index)) = app.ratings.current(&app).await? else {
        return render(&page);
    };
    let updates = index.updates(state.players());
    let name = |id| state.player(id).map(|p| p.full_name()).unwrap_or_default();
    page.changes = updates
        .changes
        .iter()
        .filter_map(|c| {
            let before = state.player(c.player)?;
            let matched_by = match c.matched_by {
                MatchedBy::EgfPin => ctx
                    .lang
                    .tf("ratings.update.by_pin", &[("pin", before.egf_pin.clone())]),
                MatchedBy::FfgLicence => ctx.lang.tf(
                    "ratings.update.by_licence",
                    &[("licence", before.ffg_licence.clone())],
                ),
                MatchedBy::Name => ctx.lang.t("ratings.update.by_name"),
            };
            Some(RatingChangeLine {
                name: before.full_name(),
                matched_by,
                before: rating_text(before.rank, before.rating, source_text(before)),
                after: rating_text(c.rank, c.rating, c.source.to_string()),
                rank_kept: c.rank != c.source.rank,
            })
        })
        .collect();
    page.not_found = updates.not_found.iter().map(|id| name(*id)).collect();
    if updates.unchanged > 0 {
        let players = ctx.lang.plural("count.players", updates.unchanged as u64);
        page.unchanged = ctx
            .lang
            .tf("ratings.update.unchanged", &[("players", players)]);
    }
    page.list = Some((list_id, index.list().label()));
    render(&page)
}

/// The refresh as previewed: the list and the tournament version it was
/// shown for, so a newer list or another change in between refuses it.
#[derive(serde::Deserialize)]
pub(super) struct RatingsForm {
    list: i64,
    version: i32,
}

/// Sets every found player's rating (and a rank the list gave) from the
/// newest list, as one audited change.
pub(super) async fn update_ratings(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::ManagePlayers>,
    Form(form): Form<RatingsForm>,
) -> WebResult<(Flash, Redirect)> {
    let (list_id, index) = app
        .ratings
        .current(&app)
        .await?
        .ok_or(WebError::StaleForm)?;
    if list_id != form.list {
        return Err(WebError::StaleForm);
    }
    // The refresh as previewed: any change since the preview refuses it
    // as stale, so the players read now are the ones previewed.
    let (_, state) = app.desk.read(access.tournament.tournament_id).await?;
    let updates = index.updates(state.doc.players());
    let count = updates.changes.len();
    let command = Command::RefreshRatings { updates };
    crate::web::change::run(&access, Some(form.version), command).await?;
    Ok((
        Flash::new("notice.ratings_updated").arg("count", count),
        Redirect::to(&urls::players(&access.tournament.short_name)),
    ))
}
