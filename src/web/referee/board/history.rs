//! The acts logged on one board, as its page lists them: each with its
//! effect, struck through when it no longer counts, and its annul form.

use super::super::log::annullable;
use crate::core::discipline::GameRef;
use crate::web::act_effects::incident_words;
use crate::web::acts::wall_clock;
use crate::web::error::WebResult;
use crate::web::incidents::describe;
use crate::web::page::Ctx;
use crate::web::view::View;

/// An act at the board, with its effect, why it is struck through, and
/// whether it may still be annulled.
pub(in crate::web::referee) struct BoardIncident {
    pub(super) id: u32,
    pub(super) text: String,
    pub(super) effect: String,
    pub(super) struck: Option<String>,
    pub(super) annullable: bool,
}

/// Every act on `game`, annulments included, oldest first.
pub(super) fn incidents(
    ctx: &Ctx,
    view: &View,
    game: GameRef,
    zone: &str,
) -> WebResult<Vec<BoardIncident>> {
    let t = &view.effective.tournament;
    let log = &view.book.log;
    let report = view.book.report(&view.entered)?;
    Ok(report
        .rounds
        .iter()
        .flat_map(|r| &r.incidents)
        .filter(|i| log.game_of(&i.entry) == Some(game))
        .map(|i| {
            let e = &i.entry;
            let (effect, struck) = incident_words(t, ctx.lang, log, i);
            BoardIncident {
                id: e.id.0,
                text: format!(
                    "{} {} · {} · {}",
                    e.id,
                    wall_clock(e.at, zone),
                    e.by.as_str(),
                    describe(t, ctx.lang, e)
                ),
                effect,
                annullable: struck.is_none() && annullable(&e.act),
                struck,
            }
        })
        .collect())
}
