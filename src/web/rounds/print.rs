//! A round on paper: pairings by board or by name, and result slips.

use super::boards::{BoardLine, board_lines};
use crate::core::RoundNo;
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::access::{Staff, may};
use crate::web::error::{WebError, WebResult};
use crate::web::page::{Ctx, Layout, render};
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::response::Html;

/// A player's line on the alphabetical list: their board, colour and opponent.
pub(super) struct NameLine {
    name: String,
    board: String,
    colour: String,
    opponent: String,
    handicap: u8,
}

#[derive(Template)]
#[template(path = "rounds/print.html")]
pub(super) struct PrintPage {
    layout: Layout,
    tournament: TournamentRow,
    round: u32,
    by_name: bool,
    boards: Vec<BoardLine>,
    /// The player with the round's bye, listed after the boards.
    bye: Option<String>,
    names: Vec<NameLine>,
}

#[derive(serde::Deserialize, Default)]
pub(super) struct PrintQuery {
    #[serde(default)]
    by: String,
}

pub(super) async fn print_pairings(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::EditPairings>,
    ctx: Ctx,
    Path((_, n)): Path<(String, u32)>,
    Query(query): Query<PrintQuery>,
) -> WebResult<Html<String>> {
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let view = crate::web::view::view(&app, access.tournament.tournament_id).await?;
    let state = view.effective.tournament;
    if !state.is_paired(round) {
        return Err(WebError::NotFound);
    }
    let boards = board_lines(&state, &view.book.log, round, "");
    let bye = state
        .byes()
        .iter()
        .find(|b| b.round == round)
        .and_then(|b| state.player(b.player))
        .map(|p| p.full_name());
    let by_name = query.by == "name";
    let mut names = Vec::new();
    if by_name {
        for b in &boards {
            let (white, black) = (ctx.lang.t("round.white"), ctx.lang.t("round.black"));
            names.push(NameLine {
                name: b.white.clone(),
                board: b.board.to_string(),
                colour: white,
                opponent: b.black.clone(),
                handicap: b.handicap,
            });
            names.push(NameLine {
                name: b.black.clone(),
                board: b.board.to_string(),
                colour: black,
                opponent: b.white.clone(),
                handicap: b.handicap,
            });
        }
        if let Some(bye) = &bye {
            names.push(NameLine {
                name: bye.clone(),
                board: "—".into(),
                colour: String::new(),
                opponent: ctx.lang.t("round.bye"),
                handicap: 0,
            });
        }
        names.sort_by(|a, b| {
            crate::core::fold::fold(&a.name).cmp(&crate::core::fold::fold(&b.name))
        });
    }
    render(&PrintPage {
        layout: Layout::titled(
            &ctx,
            &format!(
                "{} — {}",
                access.tournament.name,
                ctx.lang.tf("title.round", &[("n", n.to_string())])
            ),
        ),
        tournament: access.tournament,
        round: n,
        by_name,
        boards,
        bye,
        names,
    })
}

#[derive(Template)]
#[template(path = "rounds/slips.html")]
pub(super) struct SlipsPage {
    layout: Layout,
    tournament: TournamentRow,
    round: u32,
    boards: Vec<BoardLine>,
}

pub(super) async fn print_slips(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::EditPairings>,
    ctx: Ctx,
    Path((_, n)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let view = crate::web::view::view(&app, access.tournament.tournament_id).await?;
    let state = view.effective.tournament;
    if !state.is_paired(round) {
        return Err(WebError::NotFound);
    }
    render(&SlipsPage {
        layout: Layout::titled(
            &ctx,
            &format!(
                "{} — {}",
                access.tournament.name,
                ctx.lang.tf("title.slips", &[("n", n.to_string())])
            ),
        ),
        boards: board_lines(&state, &view.book.log, round, ""),
        tournament: access.tournament,
        round: n,
    })
}
