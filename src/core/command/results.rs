//! Results typed on the results page or sent by a program: every board
//! checked before any is written, so a refusal saves none.

use super::{Done, Outcome, Refusal, ResultProblem, State, json};
use crate::core::audit::Event;
use crate::core::discipline::GameRef;
use crate::core::round::Method;
use crate::core::{BoardNo, GameResult, ResultOrigin, RoundNo, TournamentError, results};

/// One typed result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResultEntry {
    pub board: BoardNo,
    pub result: GameResult,
    pub origin: ResultOrigin,
    /// How the game ended, when the sheet says so (`B+3.5`, `W+R`, `W+T`).
    pub method: Option<Method>,
    /// The result the person saw on this board when typing (the table's
    /// field as loaded); `None` from a quick entry line.
    pub seen: Option<(GameResult, ResultOrigin)>,
}

/// The entries that change a board, and every reason to refuse them: what
/// the results page lists before anything is saved.
pub fn check_results(
    state: &State,
    round: RoundNo,
    entries: &[ResultEntry],
    replace: bool,
) -> (Vec<ResultEntry>, Vec<ResultProblem>) {
    let doc = &state.doc;
    let mut problems = Vec::new();
    // One board typed twice with two results: which one was meant is unknown.
    let mut twice: Vec<BoardNo> = entries
        .iter()
        .enumerate()
        .filter(|(i, a)| {
            entries[..*i]
                .iter()
                .any(|b| b.board == a.board && (b.result, b.origin) != (a.result, a.origin))
        })
        .map(|(_, e)| e.board)
        .collect();
    twice.sort_unstable();
    twice.dedup();
    problems.extend(twice.into_iter().map(ResultProblem::Twice));
    let mut changes: Vec<ResultEntry> = Vec::new();
    for e in entries {
        let game = match doc.check_result(round, e.board, e.result, e.origin) {
            Ok(game) => game,
            Err(TournamentError::ImpossibleJigo { .. }) => {
                let komi = doc
                    .game_on(round, e.board)
                    .map(|g| g.komi.to_string())
                    .unwrap_or_default();
                problems.push(ResultProblem::ImpossibleJigo {
                    board: e.board,
                    komi,
                });
                continue;
            }
            Err(error @ TournamentError::TieGoesTo { .. }) => {
                problems.push(ResultProblem::Method(e.board, error));
                continue;
            }
            Err(_) => {
                problems.push(ResultProblem::NoBoard(round, e.board));
                continue;
            }
        };
        if let Some(method) = e.method
            && let Err(error) = doc.check_method(round, e.board, e.result, e.origin, method)
        {
            problems.push(ResultProblem::Method(e.board, error));
            continue;
        }
        // Only boards whose result really changes are written and logged.
        if (game.result, game.origin, game.method) == (e.result, e.origin, e.method)
            || changes.iter().any(|c| c.board == e.board)
        {
            continue;
        }
        // A known result is replaced only when the person saw it or
        // confirmed the replacement.
        let seen = e.seen == Some((game.result, game.origin));
        if game.result != GameResult::Unknown && !seen && !replace {
            problems.push(ResultProblem::Conflict {
                board: e.board,
                stored: results::notation(game.result, game.origin),
                entered: results::notation(e.result, e.origin),
            });
        }
        changes.push(*e);
    }
    if state.is_locked(round) && !changes.is_empty() {
        problems.push(ResultProblem::Locked);
    }
    // A result the referees' log decides is changed there, by a correction
    // with its reason: a plain entry saying otherwise would be overridden
    // unseen.
    if !changes.is_empty()
        && let Ok(effective) = state.effective()
    {
        for c in &changes {
            let game = GameRef {
                round,
                board: c.board,
            };
            let entered = doc.game_on(round, c.board).map(|g| (g.result, g.origin));
            let decided = effective
                .tournament
                .game_on(round, c.board)
                .map(|g| (g.result, g.origin));
            let ruled = state.book.log.rules_result(game) || entered != decided;
            // A slip that agrees with the log's winner is no contradiction.
            if ruled && decided.map(|(result, _)| result) != Some(c.result) {
                let error = crate::core::discipline::DisciplineError::RuledByLog {
                    round,
                    board: c.board,
                };
                problems.push(ResultProblem::Confirmed(c.board, error));
            }
        }
    }
    // A confirmed result changes only by correction or appeal (RFG 16.8 з).
    for c in &changes {
        if let Err(e) = state.book.check_plain_change(GameRef {
            round,
            board: c.board,
        }) {
            problems.push(ResultProblem::Confirmed(c.board, e));
        }
    }
    (changes, problems)
}

pub(super) fn enter(
    state: &mut State,
    round: RoundNo,
    entries: Vec<ResultEntry>,
    replace: bool,
) -> Result<Outcome, Refusal> {
    let (changes, problems) = check_results(state, round, &entries, replace);
    if !problems.is_empty() {
        return Err(Refusal::Results(problems));
    }
    if changes.is_empty() {
        return Ok(Outcome {
            event: Event::EnterResults(round),
            before: None,
            after: None,
            done: Done::Nothing,
        });
    }
    let mut before = Vec::new();
    for c in &changes {
        before.push(state.doc.enter_result(round, c.board, c.result, c.origin)?);
        state.doc.set_method(round, c.board, c.method)?;
    }
    let after: Vec<_> = changes
        .iter()
        .filter_map(|c| state.doc.game_on(round, c.board).cloned())
        .collect();
    Ok(Outcome {
        event: Event::EnterResults(round),
        before: json(&before),
        after: json(&after),
        done: Done::Results(changes.iter().map(|c| c.board).collect()),
    })
}
