//! The sealing label of an adjourned game: what the players record on the
//! envelope, "the board number, pairing, and time of resumption" (GTR
//! "Adjournment"), printed for them. The sealed move itself goes in the
//! envelope by hand; Tengen never has it.

use super::game_ref;
use crate::core::discipline::adjourned;
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::access::{Staff, may};
use crate::web::error::{WebError, WebResult};
use crate::web::page::{Ctx, Layout, render};
use crate::web::view::view;
use askama::Template;
use axum::extract::{Path, State};
use axum::response::Html;

#[derive(Template)]
#[template(path = "referee/label.html")]
pub(in crate::web::referee) struct LabelPage {
    layout: Layout,
    tournament: TournamentRow,
    round: u32,
    board: u32,
    /// "Name (rank)" of each player, White then Black.
    white: String,
    black: String,
    /// When the game resumes; "" while it is not adjourned, for the
    /// players to write in.
    resumes: String,
}

/// The label for one board; a tournament that does not allow adjournment
/// has none, unless the game was adjourned while it did.
pub(in crate::web::referee) async fn show_label(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::LogSanction>,
    ctx: Ctx,
    Path((_, n, b)): Path<(String, u32, u32)>,
) -> WebResult<Html<String>> {
    let view = view(&app, access.tournament.tournament_id).await?;
    let game = game_ref(&view.entered, n, b)?;
    let t = &view.effective.tournament;
    let resumes = adjourned(t, &view.book.log)
        .get(&game)
        .map(ToString::to_string)
        .unwrap_or_default();
    if resumes.is_empty() && !t.settings().adjournment.allowed {
        return Err(WebError::NotFound);
    }
    let g = game.game(t)?;
    let player = |id| {
        t.player(id)
            .map(|p| format!("{} ({})", p.full_name(), p.rank))
            .unwrap_or_default()
    };
    render(&LabelPage {
        layout: Layout::titled(
            &ctx,
            &format!(
                "{} — {}",
                access.tournament.name,
                ctx.lang.tf(
                    "sealing.title",
                    &[("round", n.to_string()), ("board", b.to_string())]
                )
            ),
        ),
        white: player(g.white),
        black: player(g.black),
        tournament: access.tournament,
        round: n,
        board: b,
        resumes,
    })
}
