//! The question before a forfeit or an absence replaces the result a board
//! already has: a mis-tap on the wrong side would otherwise turn a win by
//! default into a double loss (issue 28).

use super::form::BoardForm;
use crate::core::discipline::GameRef;
use crate::core::results;
use crate::core::round::{GameResult, ResultOrigin};
use crate::web::error::WebResult;
use crate::web::incidents::name;
use crate::web::page::{Ctx, Layout, render};
use crate::web::view::View;
use askama::Template;
use axum::response::{IntoResponse, Response};

#[derive(Template)]
#[template(path = "referee/replace.html")]
pub(super) struct ReplacePage {
    layout: Layout,
    question: String,
    /// Where the confirmed act is posted again, and "Cancel" goes back.
    action: String,
    act: String,
    player: String,
    reason: String,
    violation: String,
}

/// Asks whether the act may replace the board's result, sending it again
/// with `replace` when the referee confirms.
pub(super) fn ask(
    ctx: &Ctx,
    view: &View,
    game: GameRef,
    becomes: (GameResult, ResultOrigin),
    form: &BoardForm,
    action: &str,
) -> WebResult<Response> {
    let t = &view.effective.tournament;
    let g = game.game(t)?;
    let question = ctx.lang.tf(
        "confirm.replace_result",
        &[
            ("round", game.round.get().to_string()),
            ("board", game.board.get().to_string()),
            ("white", name(t, g.white)),
            ("black", name(t, g.black)),
            ("result", results::game_notation(g)),
            ("new", results::notation(becomes.0, becomes.1)),
        ],
    );
    let page = ReplacePage {
        layout: Layout::new(ctx, "referee.title"),
        question,
        action: action.to_string(),
        act: form.act.clone(),
        player: form.player.clone(),
        reason: form.reason.clone(),
        violation: form.violation.clone(),
    };
    Ok((axum::http::StatusCode::CONFLICT, render(&page)?).into_response())
}
