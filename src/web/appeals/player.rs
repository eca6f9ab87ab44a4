//! The player's private appeal pages, reached through the link the staff
//! issued: their appeals and a form to file one.

use super::filing::FileForm;
use super::filing::filing;
use super::list::settle;
use crate::core::PlayerId;
use crate::core::command::Command;
use crate::core::discipline::{Appeal, FiledBy, Party};
use crate::desk::Caller;
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::access::Link;
use crate::web::appeal_words::{Summary, summary};
use crate::web::error::WebResult;
use crate::web::flash::Flash;
use crate::web::incidents::{describe, name};
use crate::web::page::{Ctx, Layout};
use crate::web::view::View;
use askama::Template;
use axum::Form;
use axum::extract::State;
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
    /// The team the player captains, whose line-ups they submit here and
    /// whose appeals they file (RFG App. 4 §1.7): number and name.
    captain_of: Option<(u32, String)>,
    line_up_link: String,
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

pub(super) fn player_page_for(
    ctx: &Ctx,
    tournament: TournamentRow,
    view: &View,
    player: PlayerId,
    error: String,
    token: &str,
) -> WebResult<Response> {
    let t = &view.effective.tournament;
    let own = |a: &&Appeal| {
        a.filing.signatory == Some(player)
            || matches!(a.filing.appellant, Party::Player(p) if p == player)
    };
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
        captain_of: t
            .teams()
            .iter()
            .find(|team| team.captain == Some(player))
            .map(|team| (team.number, team.name.clone())),
        line_up_link: format!("/p/{token}/lineup"),
    };
    crate::web::page::render_refusal(&page, !page.error.is_empty())
}

/// A player's own appeals, and the form to file one: nobody else's.
pub(super) async fn player_page(ctx: Ctx, Link(opened, token): Link) -> WebResult<Response> {
    let view = opened.view().await?;
    player_page_for(
        &ctx,
        opened.tournament,
        &view,
        opened.me,
        String::new(),
        &token,
    )
}

pub(super) async fn player_files(
    State(app): State<AppState>,
    ctx: Ctx,
    Link(opened, token): Link,
    Form(form): Form<FileForm>,
) -> WebResult<Response> {
    let player = opened.me;
    let outcome = match filing(&form, player, FiledBy::Party) {
        Ok(filing) => {
            let caller = Caller::PlayerLink(player);
            let command = Command::FileAppeal { filing };
            settle(&app, &caller, opened.tournament.tournament_id, command)
                .await?
                .map(|_| ())
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
            let view = opened.view().await?;
            let message = e.message(ctx.lang);
            player_page_for(&ctx, opened.tournament, &view, player, message, &token)
        }
    }
}
