//! A knockout's bracket page: each bracket round with its ties, every tie
//! with its score and its games ("game 2 of 3", replays of a jigo), who went
//! through, and the next round's ties as far as they are known (RFG code
//! App. 7 §4–5). Public as the standings are: rounds not yet published stay
//! out of it for visitors.

use crate::web::access::Reader;
use askama::Template;
use axum::Router;
use axum::response::Response;
use axum::routing::get;

use super::AppState;
use super::error::{WebError, WebResult};
use super::page::{Ctx, Layout, render};
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::pairing::knockout_view::{BracketTie, bracket};
use crate::core::settings::System;
use crate::core::tournament::Tournament;
use crate::desk::TournamentRow;

pub fn routes() -> Router<AppState> {
    Router::new().route("/t/{short}/bracket", get(show_bracket))
}

/// One side of a tie: the player (or who is still to come) and games won.
struct Side {
    name: String,
    won: u32,
    through: bool,
}

/// A tie as the page shows it.
struct TieLine {
    sides: [Side; 2],
    /// Each game: "Game 2 of 3 · round 4: ⚪ Ann 1-0".
    games: Vec<String>,
    /// Decided, being played, or waiting, in words.
    state: String,
}

#[derive(Template)]
#[template(path = "standings/bracket.html")]
struct BracketPage {
    layout: Layout,
    tournament: TournamentRow,
    /// Each bracket round's heading and ties, first round first.
    rounds: Vec<(String, Vec<TieLine>)>,
}

/// "Final", "Semi-finals", "Quarter-finals", else "1/8 finals".
fn heading(ctx: &Ctx, ties: usize) -> String {
    match ties {
        1 => ctx.lang.t("bracket.final"),
        2 => ctx.lang.t("bracket.semi_final"),
        4 => ctx.lang.t("bracket.quarter_final"),
        n => ctx.lang.tf("bracket.round_of", &[("ties", n.to_string())]),
    }
}

fn tie_line(ctx: &Ctx, state: &Tournament, tie: &BracketTie, best_of: u32) -> TieLine {
    let name = |p: Option<PlayerId>| {
        p.and_then(|p| state.player(p))
            .map(|p| p.full_name())
            .unwrap_or_default()
    };
    let (won_first, won_second) = tie.score();
    let side = |p: Option<PlayerId>, won: u32, empty: &str| Side {
        name: match p {
            Some(_) => name(p),
            None => ctx.lang.t(empty),
        },
        won,
        through: p.is_some() && tie.through == p,
    };
    let walkover = tie.first.is_some() && tie.second.is_none() && tie.through.is_some();
    let empty_second = if walkover {
        "bracket.nobody"
    } else {
        "bracket.to_come"
    };
    let games = (tie.games.iter().enumerate())
        .map(|(i, g)| {
            let result = crate::core::results::game_notation(g);
            let number = [
                ("game", (i + 1).to_string()),
                ("of", best_of.max(1).to_string()),
                ("round", g.round.get().to_string()),
            ];
            format!(
                "{}: ⚪ {} — ⚫ {} {result}",
                ctx.lang.tf("bracket.game", &number),
                name(Some(g.white)),
                name(Some(g.black)),
            )
        })
        .collect();
    let state_key = match (tie.through, tie.first.zip(tie.second)) {
        (Some(_), _) if walkover => "bracket.walkover",
        (Some(_), _) => "bracket.decided",
        (None, Some(_)) if !tie.games.is_empty() => "bracket.playing",
        _ => "bracket.waiting",
    };
    TieLine {
        sides: [
            side(tie.first, won_first, "bracket.to_come"),
            side(tie.second, won_second, empty_second),
        ],
        games,
        state: ctx.lang.t(state_key),
    }
}

async fn show_bracket(ctx: Ctx, Reader(opened): Reader) -> WebResult<Response> {
    let tournament = opened.tournament.clone();
    let tournament_id = tournament.tournament_id;
    let state = opened.view().await?.for_standings();
    if state.settings().system != System::Knockout {
        return Err(WebError::NotFound);
    }
    let last = opened.last_visible_round().await?;
    let best_of = state.settings().best_of;
    let rounds = RoundNo::new(last)
        .and_then(|last| bracket(&state, last))
        .unwrap_or_default()
        .iter()
        .map(|ties| {
            let lines = ties
                .iter()
                .map(|t| tie_line(&ctx, &state, t, best_of))
                .collect();
            (heading(&ctx, ties.len()), lines)
        })
        .collect();
    let html = render(&BracketPage {
        layout: Layout::titled(
            &ctx,
            &format!("{} — {}", tournament.name, ctx.lang.t("bracket.title")),
        )
        .live(&tournament.short_name, tournament.version),
        tournament,
        rounds,
    })?;
    Ok(crate::web::page_cache::cacheable(tournament_id, html))
}
