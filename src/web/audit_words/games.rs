//! Games in the audit log, board by board: results typed, results a
//! referee's act or an appeal changed, and pairings edited by hand.

use serde_json::Value;

use super::{FieldChange, Lang, incidents, read};
use crate::core::discipline::GameRef;
use crate::core::results;
use crate::core::{BoardNo, Game, GameResult, ResultOrigin, RoundNo, Tournament};

/// "Round 2, board 5".
fn board_label(lang: Lang, round: RoundNo, board: BoardNo) -> String {
    lang.tf(
        "incident.board",
        &[
            ("round", round.get().to_string()),
            ("board", board.get().to_string()),
        ],
    )
}

/// Results typed on the results page or through the API: the games before
/// (one or a list) and after.
pub(super) fn entered_results(
    lang: Lang,
    before: Option<&Value>,
    after: Option<&Value>,
) -> Vec<FieldChange> {
    let games = |v: Option<&Value>| {
        read::<Vec<Game>>(v)
            .or_else(|| read::<Game>(v).map(|g| vec![g]))
            .unwrap_or_default()
    };
    let was = games(before);
    games(after)
        .into_iter()
        .map(|is| {
            let old = was
                .iter()
                .find(|g| g.round == is.round && g.board == is.board)
                .map(|g| results::notation(g.result, g.origin))
                .unwrap_or_default();
            FieldChange {
                field: board_label(lang, is.round, is.board),
                before: old,
                after: results::notation(is.result, is.origin),
            }
        })
        .collect()
}

/// Results a referee's act or an appeal decision changed, logged as
/// `[[game, [result, origin]], …]` before and `{"results": …}` after.
pub(super) fn logged_results(
    lang: Lang,
    before: Option<&Value>,
    after: Option<&Value>,
) -> Vec<FieldChange> {
    type Changed = Vec<(GameRef, (GameResult, ResultOrigin))>;
    let list = |v: Option<&Value>| {
        let v = v.map(|v| v.get("results").unwrap_or(v));
        read::<Changed>(v).unwrap_or_default()
    };
    let was = list(before);
    list(after)
        .into_iter()
        .map(|(game, (result, origin))| FieldChange {
            field: board_label(lang, game.round, game.board),
            before: was
                .iter()
                .find(|(g, _)| *g == game)
                .map(|(_, (r, o))| results::notation(*r, *o))
                .unwrap_or_default(),
            after: results::notation(result, origin),
        })
        .collect()
}

/// A round's pairing edited by hand: the boards whose players changed.
pub(super) fn pairing_changes(
    t: &Tournament,
    lang: Lang,
    before: Option<&Value>,
    after: Option<&Value>,
) -> Vec<FieldChange> {
    let was = read::<Vec<Game>>(before).unwrap_or_default();
    let is = read::<Vec<Game>>(after).unwrap_or_default();
    let pair = |g: &Game| {
        format!(
            "{} – {}",
            incidents::name(t, g.white),
            incidents::name(t, g.black)
        )
    };
    let mut boards: Vec<(RoundNo, BoardNo)> =
        was.iter().chain(&is).map(|g| (g.round, g.board)).collect();
    boards.sort();
    boards.dedup();
    boards
        .into_iter()
        .filter_map(|(round, board)| {
            let on = |games: &[Game]| {
                games
                    .iter()
                    .find(|g| g.round == round && g.board == board)
                    .map(pair)
                    .unwrap_or_default()
            };
            let (old, new) = (on(&was), on(&is));
            (old != new).then(|| FieldChange {
                field: board_label(lang, round, board),
                before: old,
                after: new,
            })
        })
        .collect()
}
