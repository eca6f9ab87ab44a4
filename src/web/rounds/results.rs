//! Entering a round's results: the quick-entry line and the table.

use super::boards::{BoardLine, board_lines};
use crate::core::command::{Command, Done, Refusal, ResultEntry, ResultProblem, check_results};
use crate::core::discipline::GameRef;
use crate::core::{BoardNo, RoundNo, results};
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::access::{Staff, may};
use crate::web::change::run;
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::page::{Ctx, Layout, render};
use crate::web::refusals::result_text;
use crate::web::urls;
use askama::Template;
use axum::Form;
use axum::extract::{Path, Query, State};
use axum::response::{Html, Redirect};
use std::collections::HashMap;

#[derive(Template)]
#[template(path = "rounds/results.html")]
pub(super) struct ResultsPage {
    layout: Layout,
    tournament: TournamentRow,
    round: u32,
    boards: Vec<ResultLine>,
    locked: bool,
    /// The quick entry as typed, kept on a refused submission.
    entry: String,
    /// Entries refused as impossible or unreadable, in words.
    refusals: Vec<String>,
    /// Boards that already hold a different result, in words; the form that
    /// was sent (the quick entry when `entry` is set, else the table) then
    /// offers `replace`.
    conflicts: Vec<String>,
}

/// A board on the results page: the result as entered (what the field
/// edits), and the result as it stands when the referees' log changes it.
pub(super) struct ResultLine {
    line: BoardLine,
    /// The standing result when it differs from the entered one.
    standing: Option<BoardLine>,
    /// Confirmed: a plain edit is refused.
    confirmed: bool,
    /// What the field shows: the stored code, or what was typed on a refused
    /// submission.
    field: String,
    /// The result the person saw before editing the field (`was_<n>`): a
    /// field changed over a result they did not see is a conflict.
    was: String,
    /// Saved by the submission just before.
    saved: bool,
}

pub(super) fn result_lines(
    view: &crate::web::view::View,
    round: RoundNo,
    typed: &HashMap<String, String>,
    saved: &[u32],
) -> Vec<ResultLine> {
    let log = &view.book.log;
    let standing = board_lines(&view.effective.tournament, log, round, "");
    board_lines(&view.entered, log, round, "")
        .into_iter()
        .zip(standing)
        .filter_map(|(line, standing)| {
            let game = GameRef {
                round,
                board: BoardNo::new(line.board)?,
            };
            let field = typed.get(&format!("board_{}", line.board));
            let was = typed.get(&format!("was_{}", line.board));
            // A field the person left as it was shows what is stored now.
            let (field, was) = if field == was {
                (None, None)
            } else {
                (field, was)
            };
            Some(ResultLine {
                confirmed: view.book.check_plain_change(game).is_err(),
                standing: (standing.code != line.code).then_some(standing),
                field: field.unwrap_or(&line.code).clone(),
                was: was.unwrap_or(&line.code).clone(),
                saved: saved.contains(&line.board),
                line,
            })
        })
        .collect()
}

#[derive(serde::Deserialize, Default)]
pub(super) struct SavedQuery {
    /// The boards the last submission saved, comma-separated.
    #[serde(default)]
    saved: String,
}

pub(super) async fn show_results(
    Staff(access, _): Staff<may::EnterResults>,
    ctx: Ctx,
    Path((_, n)): Path<(String, u32)>,
    Query(query): Query<SavedQuery>,
) -> WebResult<Html<String>> {
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let view = access.view().await?;
    let s = access.state().await?.mark(round);
    let saved: Vec<u32> = query
        .saved
        .split(',')
        .filter_map(|b| b.trim().parse().ok())
        .collect();
    render(&ResultsPage {
        layout: results_layout(&ctx, &access.tournament, n),
        tournament: access.tournament,
        round: n,
        boards: result_lines(&view, round, &HashMap::new(), &saved),
        locked: s.locked.is_some(),
        entry: String::new(),
        refusals: Vec::new(),
        conflicts: Vec::new(),
    })
}

pub(super) fn results_layout(ctx: &Ctx, tournament: &TournamentRow, n: u32) -> Layout {
    Layout::titled(
        ctx,
        &format!(
            "{} — {}",
            tournament.name,
            ctx.lang.tf("title.results", &[("n", n.to_string())])
        ),
    )
}

/// Results come as `entry` (one or more of "12 b", "7 w!", "3 =", separated
/// by commas or new lines) typed at the keyboard, and/or as `board_<n>`
/// fields from the full table. All or nothing: one refused entry saves none.
pub(super) async fn enter_results(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::EnterResults>,
    ctx: Ctx,
    Path((_, n)): Path<(String, u32)>,
    Form(fields): Form<HashMap<String, String>>,
) -> WebResult<axum::response::Response> {
    use axum::response::IntoResponse;
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let id = access.tournament.tournament_id;
    let s = access.state().await?.mark(round);
    let lang = ctx.lang;
    let no_board = |board: u32| {
        lang.tf(
            "results.no_board",
            &[("board", board.to_string()), ("round", n.to_string())],
        )
    };
    let unreadable = |text: &str| lang.tf("results.unreadable", &[("entry", text.to_string())]);
    let mut typed: Vec<ResultEntry> = Vec::new();
    let mut refusals = Vec::new();
    let entry = fields.get("entry").cloned().unwrap_or_default();
    for item in results::entry_items(&entry) {
        match results::parse_entry(item) {
            // The quick entry shows no stored result: none was seen.
            Ok((board, result, origin, method)) => typed.push(ResultEntry {
                board,
                result,
                origin,
                method,
                seen: None,
            }),
            Err(Some(board)) => refusals.push(no_board(board)),
            Err(None) => refusals.push(unreadable(item)),
        }
    }
    let mut table: Vec<_> = fields
        .iter()
        .filter_map(|(key, value)| Some((key.strip_prefix("board_")?.parse::<u32>().ok()?, value)))
        .collect();
    table.sort_by_key(|(board, _)| *board);
    for (number, value) in table {
        // The table sends every board; a field left as it was is no entry,
        // or a result entered meanwhile by someone else would be undone.
        let was = fields.get(&format!("was_{number}"));
        if was == Some(value) {
            continue;
        }
        match (BoardNo::new(number), results::parse_entry_code(value)) {
            (Some(board), Some((result, origin, method))) => typed.push(ResultEntry {
                board,
                result,
                origin,
                method,
                seen: was.and_then(|w| results::parse_code(w)),
            }),
            (None, _) => refusals.push(no_board(number)),
            (_, None) => refusals.push(unreadable(&format!("{number} {value}"))),
        }
    }
    let replace = fields.contains_key("replace");
    let command = Command::EnterResults {
        round,
        entries: typed.clone(),
        replace,
    };
    // An unreadable line saves nothing; the core still says what else it
    // would refuse, so the person fixes everything at once.
    let problems = if refusals.is_empty() {
        match run(&access, None, command).await {
            Ok(ran) => return Ok(saved(lang, &access.tournament.short_name, n, &typed, ran)),
            Err(WebError::Refused(refusal)) => match *refusal {
                Refusal::Results(problems) => problems,
                other => return Err(other.into()),
            },
            Err(e) => return Err(e),
        }
    } else {
        let (_, state) = app.desk.read(id).await?;
        check_results(&state, round, &typed, replace).1
    };
    let mut conflicts = Vec::new();
    for p in &problems {
        let text = result_text(lang, p);
        match p {
            ResultProblem::Conflict { .. } => conflicts.push(text),
            _ => refusals.push(text),
        }
    }
    let view = crate::web::view::view(&app, id).await?;
    let page = ResultsPage {
        layout: results_layout(&ctx, &access.tournament, n),
        tournament: access.tournament.clone(),
        round: n,
        boards: result_lines(&view, round, &fields, &[]),
        locked: s.locked.is_some(),
        entry,
        refusals,
        conflicts,
    };
    Ok(crate::web::page::render_invalid(&page)?.into_response())
}

/// Back to the results page, saying which boards changed.
fn saved(
    lang: crate::web::i18n::Lang,
    short: &str,
    n: u32,
    typed: &[ResultEntry],
    ran: crate::desk::Ran,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let results_page = urls::results(short, n);
    let Done::Results(boards) = ran.outcome.done else {
        return (
            Flash::new("notice.results_unchanged"),
            Redirect::to(&results_page),
        )
            .into_response();
    };
    let changes: Vec<&ResultEntry> = boards
        .iter()
        .filter_map(|b| typed.iter().find(|t| t.board == *b))
        .collect();
    (
        saved_notice(lang, &changes),
        Redirect::to(&format!(
            "{results_page}?saved={}",
            boards
                .iter()
                .map(|b| b.get().to_string())
                .collect::<Vec<_>>()
                .join(",")
        )),
    )
        .into_response()
}

/// "Results saved (3): board 5 1-0, …": the first few boards, so the
/// cookie stays small; the page lists them all.
pub(super) fn saved_notice(lang: crate::web::i18n::Lang, changes: &[&ResultEntry]) -> Flash {
    const SHOWN: usize = 8;
    let mut list: Vec<String> = changes
        .iter()
        .take(SHOWN)
        .map(|c| {
            lang.tf(
                "results.saved_board",
                &[
                    ("board", c.board.get().to_string()),
                    ("result", results::notation(c.result, c.origin)),
                ],
            )
        })
        .collect();
    if changes.len() > SHOWN {
        list.push("…".into());
    }
    Flash::new("notice.results_entered")
        .arg("count", changes.len())
        .arg("list", list.join(", "))
}
