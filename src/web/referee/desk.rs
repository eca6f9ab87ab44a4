//! The referees' desk: the latest paired round by board, any round, and
//! starting a round's clocks.

use super::record;
use crate::core::discipline::{Act, GameRef, Moment};
use crate::core::{RoundNo, Tournament, results};
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::access::Access;
use crate::web::access::{Staff, may};
use crate::web::acts::wall_clock;
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::incidents::name;
use crate::web::page::{Ctx, Layout, render};
use crate::web::urls;
use crate::web::view::{View, view};
use askama::Template;
use axum::extract::{Path, State};
use axum::response::{Html, Redirect};

/// One board on the referee's round page.
pub(super) struct DeskBoard {
    board: u32,
    white: String,
    black: String,
    result: String,
    note_key: &'static str,
    white_warnings: u32,
    black_warnings: u32,
    protest: bool,
    confirmed: bool,
}

#[derive(Template)]
#[template(path = "referee/round.html")]
pub(super) struct RoundPage {
    layout: Layout,
    tournament: TournamentRow,
    round: u32,
    rounds: Vec<u32>,
    started: String,
    /// When photography in the hall ends ("" before the round starts).
    photos_until: String,
    /// Line-ups of this round that came after their deadline, with the
    /// minutes: the referee decides what follows (RFG App. 4 §1.2).
    late_line_ups: Vec<String>,
    boards: Vec<DeskBoard>,
    warnings_to_forfeit: u32,
}

pub(super) fn paired_rounds(t: &Tournament) -> Vec<u32> {
    let mut rounds: Vec<u32> = t.games().iter().map(|g| g.round.get()).collect();
    rounds.sort_unstable();
    rounds.dedup();
    rounds
}

pub(super) fn paired_round(t: &Tournament, n: u32) -> WebResult<RoundNo> {
    RoundNo::new(n)
        .filter(|r| t.is_paired(*r))
        .ok_or(WebError::NotFound)
}

/// The latest paired round, where the referees work.
pub(super) async fn desk(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::LogSanction>,
    ctx: Ctx,
) -> WebResult<Html<String>> {
    let view = view(&app, access.tournament.tournament_id).await?;
    let latest = view.entered.games().iter().map(|g| g.round.get()).max();
    round_page(&ctx, access, &view, latest)
}

pub(super) async fn show_round(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::LogSanction>,
    ctx: Ctx,
    Path((_, n)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let view = view(&app, access.tournament.tournament_id).await?;
    paired_round(&view.entered, n)?;
    round_page(&ctx, access, &view, Some(n))
}

/// The round by board (`None`: nothing paired yet).
pub(super) fn round_page(
    ctx: &Ctx,
    access: Access,
    view: &View,
    n: Option<u32>,
) -> WebResult<Html<String>> {
    let round = n.map(|n| paired_round(&view.entered, n)).transpose()?;
    let t = &view.effective.tournament;
    let mut games: Vec<_> = t
        .games()
        .iter()
        .filter(|g| Some(g.round) == round)
        .collect();
    games.sort_by_key(|g| g.board);
    let mut boards = Vec::with_capacity(games.len());
    for g in games {
        let game = GameRef {
            round: g.round,
            board: g.board,
        };
        let status = view.board_status(game)?;
        boards.push(DeskBoard {
            board: g.board.get(),
            white: name(t, g.white),
            black: name(t, g.black),
            result: results::game_notation(g),
            note_key: crate::web::incidents::note_key(g.result, g.origin),
            white_warnings: status.warnings[0],
            black_warnings: status.warnings[1],
            protest: !status.protests.is_empty(),
            confirmed: status.locked_by.is_some(),
        });
    }
    let started = view.book.log.entries().iter().find_map(|e| match e.act {
        Act::StartRound {
            round: r,
            board: None,
        } if Some(r) == round => Some(e.at),
        _ => None,
    });
    let zone = &access.tournament.time_zone;
    // Photographers work only in the round's opening minutes (RFG App. 8 §8.3).
    let photos_until = started
        .zip(round)
        .map(|(at, r)| {
            let minutes = i64::from(crate::core::rules::lateness::photography_minutes(r));
            wall_clock(
                Moment::from_unix_seconds(at.unix_seconds() + minutes * 60),
                zone,
            )
        })
        .unwrap_or_default();
    let started = started.map(|at| wall_clock(at, zone)).unwrap_or_default();
    render(&RoundPage {
        layout: Layout::titled(
            ctx,
            &format!(
                "{} — {}",
                access.tournament.name,
                match n {
                    Some(n) => ctx.lang.tf("title.referee_round", &[("n", n.to_string())]),
                    None => ctx.lang.t("referee.title"),
                }
            ),
        )
        .live(&access.tournament.short_name, access.tournament.version),
        rounds: paired_rounds(&view.entered),
        tournament: access.tournament,
        round: n.unwrap_or(0),
        started,
        photos_until,
        late_line_ups: t
            .teams()
            .iter()
            .filter_map(|team| {
                let filed = team.filed.iter().find(|f| Some(f.round) == round)?;
                let minutes = filed.late_minutes?;
                Some(ctx.lang.tf(
                    "lineup.late_by",
                    &[
                        ("team", team.name.clone()),
                        ("minutes", minutes.to_string()),
                    ],
                ))
            })
            .collect(),
        boards,
        warnings_to_forfeit: view.book.settings.warnings_to_forfeit,
    })
}

pub(super) async fn start_round(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::LogSanction>,
    Path((short, n)): Path<(String, u32)>,
) -> WebResult<(Flash, Redirect)> {
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let act = Act::StartRound { round, board: None };
    record(&app, &access, act, false).await?;
    Ok((
        Flash::new("notice.round_started").arg("round", n),
        Redirect::to(&urls::referee_round(&short, n)),
    ))
}
