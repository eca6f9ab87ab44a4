//! One round's pairings as everyone reads them, with a search for a
//! player's board, and the page of a round still to come.

use super::pairing::check_lines;
use crate::core::access::Action;
use crate::core::pairing::{self, report::ReportLimits};
use crate::core::translit::NameQuery;
use crate::core::{GameResult, RoundNo, Tournament};
use crate::desk::TournamentRow;
use crate::web::access::Reader;
use crate::web::error::{WebError, WebResult};
use crate::web::page::{Ctx, Layout, render};
use crate::web::view::round_times;
use askama::Template;
use axum::extract::{Path, Query};
use axum::response::Html;

use super::boards::{BoardLine, board_lines};

#[derive(Template)]
#[template(path = "rounds/show.html")]
pub(super) struct RoundPage {
    layout: Layout,
    tournament: TournamentRow,
    round: u32,
    boards: Vec<BoardLine>,
    bye: String,
    /// "Find me" found the player with the bye.
    bye_found: bool,
    /// Who rests this round while two losses decide: "Ann P, Bob Q".
    resting: String,
    /// What "find me" says when it found nobody in this round; "" otherwise.
    not_found: String,
    query: String,
    published: bool,
    locked: bool,
    can_pair: bool,
    can_enter_results: bool,
    can_referee: bool,
    /// The chief referee may cancel the round (Ukrainian V.3): the last
    /// paired one.
    can_cancel: bool,
    has_results: bool,
    report: Vec<String>,
    /// Hard problems and unpaired players, for manual edits.
    problems: Vec<String>,
    /// (number, name) of every player, for the manual-edit selects.
    players: Vec<(u32, String)>,
    /// When the players assemble and the round starts (RFG 16.6.1), "" when
    /// the organiser has set no start.
    time: String,
    /// The rounds before and after, when the reader may see them.
    prev: Option<RoundLink>,
    next: Option<RoundLink>,
    /// The latest round out, when it is a later one.
    later: Option<RoundLink>,
}

#[derive(serde::Deserialize, Default)]
pub(super) struct FindQuery {
    #[serde(default)]
    q: String,
}

pub(super) async fn show_round(
    ctx: Ctx,
    Reader(opened): Reader,
    Path((_, n)): Path<(String, u32)>,
    Query(find): Query<FindQuery>,
) -> WebResult<axum::response::Response> {
    let tournament = opened.tournament.clone();
    let tournament_id = tournament.tournament_id;
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let view = opened.view().await?;
    let marks = opened.state().await?;
    // The page names the version of the data it shows: a cached copy then
    // never sends its readers to reload for a change it already holds.
    let time = round_times(marks, view.book.settings.ruleset)
        .iter()
        .find(|t| t.round == n)
        .map(|t| t.words(ctx.lang))
        .unwrap_or_default();
    let (version, entered) = (view.version, view.entered);
    let recorded = view.book.check_round_free(round).is_err();
    let log = view.book.log;
    let state = view.effective.tournament;
    let s = marks.mark(round);
    let _is_staff = opened.is_staff();
    let sight = opened.sight().await?;
    // A round the reader may see: paired, and published unless they are staff.
    let visible = |r: u32| RoundNo::new(r).is_some_and(|r| state.is_paired(r) && sight.sees(r));
    let link = |r: u32| RoundLink {
        n: r,
        label: ctx.lang.tf("title.round", &[("n", r.to_string())]),
    };
    if !visible(n) {
        if n > state.settings().number_of_rounds {
            return Err(WebError::NotFound);
        }
        // A player who opens the round before it is out waits on a page
        // that reloads itself when it is published (issue 31).
        let Html(html) = render(&WaitingPage {
            layout: Layout::titled(&ctx, &format!("{} — {}", tournament.name, link(n).label))
                .live(&tournament.short_name, version),
            words: ctx.lang.tf("round.waiting", &[("n", n.to_string())]),
            latest: (1..n).rev().find(|r| visible(*r)).map(link),
            tournament,
        })?;
        return Ok(crate::web::page_cache::cacheable(tournament_id, Html(html)));
    }
    let prev = (n > 1 && visible(n - 1)).then(|| link(n - 1));
    let next = visible(n + 1).then(|| link(n + 1));
    // A page left open on an earlier round points to the latest one out.
    let later = (n + 1..=state.settings().number_of_rounds)
        .rev()
        .find(|r| visible(*r))
        .map(link);
    let can_pair = opened.may(Action::EditPairings).await?;
    let report = if can_pair {
        report_lines(&ctx, &state, round)
    } else {
        Vec::new()
    };
    let problems = if can_pair {
        check_lines(&ctx, &state, round)
    } else {
        Vec::new()
    };
    let mut players: Vec<(u32, String)> = if can_pair {
        state
            .players()
            .iter()
            .map(|p| (p.id.0, p.full_name()))
            .collect()
    } else {
        Vec::new()
    };
    players.sort_by_cached_key(|p| crate::core::fold::fold(&p.1));
    let bye = state
        .byes()
        .iter()
        .find(|b| b.round == round)
        .and_then(|b| state.player(b.player))
        .map(|p| p.full_name())
        .unwrap_or_default();
    let resting = crate::core::pairing::knockout_round::resting(&state, round)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|p| state.player(p))
        .map(|p| p.full_name())
        .collect::<Vec<_>>()
        .join(", ");
    let boards = board_lines(&state, &log, round, &find.q);
    let bye_found = NameQuery::new(&find.q).finds(&bye);
    let not_found = if find.q.trim().is_empty() || bye_found || boards.iter().any(|b| b.found) {
        String::new()
    } else {
        ctx.lang
            .tf("round.not_found", &[("query", find.q.trim().to_string())])
    };
    let Html(html) = render(&RoundPage {
        layout: Layout::titled(
            &ctx,
            &format!(
                "{} — {}",
                tournament.name,
                ctx.lang.tf("title.round", &[("n", n.to_string())])
            ),
        )
        .live(&tournament.short_name, version),
        // What undoing or editing the pairing would refuse: results as
        // entered (on every board, whatever the search) or referees'
        // records on its games.
        has_results: recorded
            || entered
                .games()
                .iter()
                .any(|g| g.round == round && g.result != GameResult::Unknown),
        tournament,
        round: n,
        boards,
        bye,
        bye_found,
        resting,
        not_found,
        query: find.q,
        published: s.published.is_some(),
        locked: s.locked.is_some(),
        can_pair,
        can_enter_results: opened.may(Action::EnterResults).await?,
        can_referee: opened.may(Action::LogSanction).await?,
        can_cancel: opened.may(Action::CancelRound).await?
            && state.last_round_with_game() == Some(round),
        report,
        problems,
        players,
        time,
        prev,
        next,
        later,
    })?;
    Ok(crate::web::page_cache::cacheable(tournament_id, Html(html)))
}

/// A round named in the round pages' links: "Round 3".
pub(super) struct RoundLink {
    n: u32,
    label: String,
}

/// A round the reader cannot see yet, in place of its pairings.
#[derive(Template)]
#[template(path = "rounds/waiting.html")]
pub(super) struct WaitingPage {
    layout: Layout,
    tournament: TournamentRow,
    /// "Round 3 is not published yet; this page shows it as soon as it is."
    words: String,
    /// The latest round out before it, if any.
    latest: Option<RoundLink>,
}

/// The pairing report as sentences for the organiser.
pub(super) fn report_lines(ctx: &Ctx, t: &Tournament, round: RoundNo) -> Vec<String> {
    let r = pairing::report::report(t, round, &ReportLimits::default());
    let t_ = |key: &str| ctx.lang.t(key);
    let boards = |list: &[pairing::report::Board]| {
        list.iter()
            .map(|b| b.board.get().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut lines = Vec::new();
    if !r.repeats.is_empty() {
        lines.push(format!("{}: {}", t_("report.repeats"), boards(&r.repeats)));
    }
    if !r.score_gaps.is_empty() {
        let b: Vec<_> = r
            .score_gaps
            .iter()
            .map(|(b, gap)| format!("{} ({gap})", b.board.get()))
            .collect();
        lines.push(format!("{}: {}", t_("report.score_gaps"), b.join(", ")));
    }
    if !r.same_club.is_empty() {
        lines.push(format!(
            "{}: {}",
            t_("report.same_club"),
            boards(&r.same_club)
        ));
    }
    if !r.same_country.is_empty() {
        lines.push(format!(
            "{}: {}",
            t_("report.same_country"),
            boards(&r.same_country)
        ));
    }
    if !r.big_handicaps.is_empty() {
        let b: Vec<_> = r
            .big_handicaps
            .iter()
            .map(|(b, h)| format!("{} ({h})", b.board.get()))
            .collect();
        lines.push(format!("{}: {}", t_("report.big_handicaps"), b.join(", ")));
    }
    if !r.colour_imbalance.is_empty() {
        let p: Vec<_> = r
            .colour_imbalance
            .iter()
            .filter_map(|(id, balance)| {
                t.player(*id)
                    .map(|p| format!("{} ({balance:+})", p.full_name()))
            })
            .collect();
        lines.push(format!(
            "{}: {}",
            t_("report.colour_imbalance"),
            p.join(", ")
        ));
    }
    lines
}
