//! Why a board was paired as it was, for the organiser: the pair's weight
//! term by term beside the pairs its two players would have had in the best
//! pairing without it (`core::pairing::explain`).
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /t/{short}/rounds/{n}/boards/{b}/why` | [`show_why`] | whoever may edit pairings |
//!
//! The round is weighed again from the tournament as it stands before the
//! round, so results or participation changed since the pairing show here.

use crate::web::access::{Staff, may};
use askama::Template;
use axum::Router;
use axum::extract::{Path, State};
use axum::response::Html;
use axum::routing::get;

use super::AppState;
use super::incidents::name;
use super::page::{Ctx, Layout, render};
use super::view::view;
use crate::core::pairing::{self, Breakdown, PairingError, numbers};
use crate::core::{BoardNo, RoundNo};
use crate::desk::TournamentRow;
use crate::web::error::{WebError, WebResult};

pub(super) fn routes() -> Router<AppState> {
    Router::new().route("/t/{short}/rounds/{n}/boards/{b}/why", get(show_why))
}

/// One pair of the explanation: who, and its weight term by term.
struct PairColumn {
    players: String,
    terms: Vec<i64>,
    total: i64,
}

#[derive(Template)]
#[template(path = "rounds/why.html")]
struct WhyPage {
    layout: Layout,
    tournament: TournamentRow,
    round: u32,
    board: u32,
    /// Term labels, in `Breakdown` order.
    terms: Vec<&'static str>,
    /// The board's pair, then the two pairs of the alternative.
    pairs: Vec<PairColumn>,
    /// What the round gives up without the board's pair; `None` when no
    /// pairing without it exists.
    loss: Option<i64>,
    /// Why there is nothing to explain, as a translation key ("" when there is).
    nothing_key: &'static str,
}

/// Term labels, in the order of [`Breakdown::terms`].
const TERMS: [&str; 9] = [
    "why.avoid_duplicate_games",
    "why.random",
    "why.balance_wb",
    "why.avoid_mixing_categories",
    "why.minimize_score_difference",
    "why.dudd",
    "why.maximize_seeding",
    "why.minimize_handicap",
    "why.avoid_same_geo",
];

fn column(players: String, b: &Breakdown) -> WebResult<PairColumn> {
    Ok(PairColumn {
        players,
        terms: b.terms().to_vec(),
        total: b.total()?,
    })
}

async fn show_why(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::EditPairings>,
    ctx: Ctx,
    Path((_, n, b)): Path<(String, u32, u32)>,
) -> WebResult<Html<String>> {
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let board = BoardNo::new(b).ok_or(WebError::NotFound)?;
    let t = view(&app, access.tournament.tournament_id)
        .await?
        .effective
        .tournament;
    let game = t.game_on(round, board).ok_or(WebError::NotFound)?.clone();
    let explained = if !numbers::pairs_on_numbers(t.settings().system) {
        let before = pairing::before_round(&t, round);
        let (white, black) = (game.white, game.black);
        // Two full matchings: off the async workers.
        Some(
            tokio::task::spawn_blocking(move || {
                pairing::Draw::prepare(&before, round)?.explain(white, black)
            })
            .await
            .map_err(anyhow::Error::from)?,
        )
    } else {
        None
    };
    let pair_name = |a, b| format!("{} — {}", name(&t, a), name(&t, b));
    let (pairs, loss, nothing_key) = match explained {
        None => (Vec::new(), None, "why.by_table"),
        // One of the two was not in the draw: the pair was made by hand.
        Some(Err(PairingError::NoValidPairing)) => (Vec::new(), None, "why.by_hand"),
        Some(Err(e)) => return Err(e.into()),
        Some(Ok(why)) => {
            let mut pairs = vec![column(pair_name(game.white, game.black), &why.chosen)?];
            let loss = match &why.alternative {
                Some(alt) => {
                    pairs.push(column(
                        pair_name(game.white, alt.first_opponent.0),
                        &alt.first_opponent.1,
                    )?);
                    pairs.push(column(
                        pair_name(game.black, alt.second_opponent.0),
                        &alt.second_opponent.1,
                    )?);
                    Some(alt.loss)
                }
                None => None,
            };
            (pairs, loss, "")
        }
    };
    render(&WhyPage {
        layout: Layout::titled(
            &ctx,
            &format!(
                "{} — {}",
                access.tournament.name,
                ctx.lang.tf(
                    "incident.board",
                    &[("round", n.to_string()), ("board", b.to_string())]
                )
            ),
        ),
        tournament: access.tournament,
        round: n,
        board: b,
        terms: TERMS.to_vec(),
        pairs,
        loss,
        nothing_key,
    })
}
