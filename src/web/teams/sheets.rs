//! Printable match sheets: one per match of a round, with each board's
//! players and colours, a result box per board and the captains' and the
//! referee's signatures (RFG App. 4 §1.7: the captains sign the result).

use crate::web::access::{Staff, may};
use askama::Template;
use axum::extract::{Query, State};
use axum::response::Html;

use super::show::{MatchLine, match_line};
use crate::core::teams::matches::matches_up_to;
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::error::{WebError, WebResult};
use crate::web::page::{Ctx, Layout, render};
use crate::web::view::RoundQuery;

#[derive(Template)]
#[template(path = "teams/sheets.html")]
struct SheetsPage {
    layout: Layout,
    tournament: TournamentRow,
    round: u32,
    matches: Vec<MatchLine>,
}

pub(in crate::web) async fn match_sheets(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::EditPairings>,
    ctx: Ctx,
    Query(query): Query<RoundQuery>,
) -> WebResult<Html<String>> {
    let (_, state) = app.desk.read(access.tournament.tournament_id).await?;
    let t = &state.doc;
    let round = query
        .round
        .or(t.last_round_with_game().map(|r| r.get()))
        .ok_or(WebError::NotFound)?;
    let matches: Vec<MatchLine> = matches_up_to(t, round)
        .iter()
        .filter(|m| m.round.get() == round)
        .map(|m| match_line(t, m))
        .collect();
    if matches.is_empty() {
        return Err(WebError::NotFound);
    }
    render(&SheetsPage {
        layout: Layout::titled(
            &ctx,
            &format!(
                "{} — {} {round}",
                access.tournament.name,
                ctx.lang.t("sheets.title")
            ),
        ),
        tournament: access.tournament,
        round,
        matches,
    })
}
