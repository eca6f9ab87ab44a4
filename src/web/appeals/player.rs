//! The player's private appeal pages, reached through the link the staff
//! issued: their appeals and a form to file one.

use super::filing::FileForm;
use super::filing::filing;
use crate::core::PlayerId;
use crate::core::discipline::{Appeal, FiledBy, Party};
use crate::store::discipline as discipline_store;
use crate::store::tournaments::{self, TournamentRow};
use crate::web::AppState;
use crate::web::acts::FormError;
use crate::web::appeal_words::{Summary, summary};
use crate::web::change::{change_document, json};
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::incidents::{describe, name};
use crate::web::page::{Ctx, Layout};
use crate::web::view::{View, view};
use askama::Template;
use axum::Form;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Redirect, Response};

#[derive(Template)]
#[template(path = "appeals/player.html")]
pub(super) struct PlayerPage {
    layout: Layout,
    player: String,
    appeals: Vec<Summary>,
    games: Vec<(u32, u32, String)>,
    entries: Vec<(u32, String)>,
    error: String,
}

impl PlayerPage {
    /// "Round 2, board 5", as a person writes it.
    fn game_label(&self, round: &u32, board: &u32) -> String {
        self.layout.lang.tf(
            "incident.board",
            &[("round", round.to_string()), ("board", board.to_string())],
        )
    }
}

/// The tournament, view and player a private link opens.
pub(super) async fn by_link(
    app: &AppState,
    token: &str,
) -> WebResult<(TournamentRow, View, PlayerId)> {
    let (id, no) =
        discipline_store::by_player_link(&app.store.pool, &crate::ops::token_hash(token))
            .await?
            .ok_or(WebError::NotFound)?;
    let tournament = tournaments::by_id(&app.store.pool, id)
        .await?
        .ok_or(WebError::NotFound)?;
    let view = view(app, id).await?;
    Ok((tournament, view, PlayerId(no as u32)))
}

pub(super) fn player_page_for(
    ctx: &Ctx,
    tournament: TournamentRow,
    view: &View,
    player: PlayerId,
    error: String,
) -> WebResult<Response> {
    let t = &view.effective.tournament;
    let own = |a: &&Appeal| matches!(a.filing.appellant, Party::Player(p) if p == player);
    let games = t
        .games()
        .iter()
        .filter(|g| g.colour_of(player).is_some())
        .map(|g| {
            let opponent = if g.white == player { g.black } else { g.white };
            (g.round.get(), g.board.get(), name(t, opponent))
        })
        .collect();
    let entries = view
        .book
        .log
        .entries()
        .iter()
        .filter(|e| {
            let game = e.act.game().and_then(|g| t.game_on(g.round, g.board));
            game.is_some_and(|g| g.colour_of(player).is_some())
                && matches!(
                    e.act,
                    crate::core::discipline::Act::Sanction(_)
                        | crate::core::discipline::Act::Absence { .. }
                        | crate::core::discipline::Act::Correction { .. }
                )
        })
        .map(|e| (e.id.0, format!("{} {}", e.id, describe(t, ctx.lang, e))))
        .collect();
    let page = PlayerPage {
        layout: Layout::titled(
            ctx,
            &format!("{} — {}", tournament.name, ctx.lang.t("appeals.my_appeals")),
        ),
        player: name(t, player),
        appeals: view
            .book
            .appeals
            .iter()
            .filter(own)
            .map(|a| summary(t, &view.book, a, ctx.lang, &tournament.time_zone))
            .collect(),
        games,
        entries,
        error,
    };
    crate::web::page::render_refusal(&page, !page.error.is_empty())
}

/// A player's own appeals, and the form to file one: nobody else's.
pub(super) async fn player_page(
    State(app): State<AppState>,
    ctx: Ctx,
    Path(token): Path<String>,
) -> WebResult<Response> {
    let (tournament, view, player) = by_link(&app, &token).await?;
    player_page_for(&ctx, tournament, &view, player, String::new())
}

pub(super) async fn player_files(
    State(app): State<AppState>,
    ctx: Ctx,
    Path(token): Path<String>,
    Form(form): Form<FileForm>,
) -> WebResult<Response> {
    let (tournament, _, player) = by_link(&app, &token).await?;
    let outcome = match filing(&form, player, FiledBy::Party) {
        Ok(filing) => {
            let id = tournament.tournament_id;
            let result =
                change_document(&app, id, None, None, "appeals.file_by_player", |t, book| {
                    let appeal = book.file(filing, t)?;
                    Ok(((), None, Some(json(&book.appeal(appeal))?)))
                })
                .await;
            match result {
                Ok(()) => Ok(()),
                Err(WebError::Discipline(e)) => Err(FormError::Discipline(e)),
                Err(e) => return Err(e),
            }
        }
        Err(e) => Err(e),
    };
    match outcome {
        Ok(()) => Ok((
            Flash::new("notice.appeal_filed"),
            Redirect::to(&format!("/p/{token}")),
        )
            .into_response()),
        Err(e) => {
            let (tournament, view, player) = by_link(&app, &token).await?;
            player_page_for(&ctx, tournament, &view, player, e.message(ctx.lang))
        }
    }
}
