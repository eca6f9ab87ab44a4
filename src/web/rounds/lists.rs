//! The rounds list and one round's pairings as everyone reads them, with a
//! search for a player's board.

use super::pairing::check_lines;
use crate::core::access::Action;
use crate::core::discipline::{GameRef, Log, adjourned};
use crate::core::pairing::{self, report::ReportLimits};
use crate::core::settings::{System, TieRule};
use crate::core::translit::NameQuery;
use crate::core::{GameResult, PlayerId, RoundNo, Tournament, results};
use crate::desk::TournamentRow;
use crate::web::access::Reader;
use crate::web::error::{WebError, WebResult};
use crate::web::incidents::note_key;
use crate::web::page::{Ctx, Layout, render};
use crate::web::view::round_times;
use askama::Template;
use axum::extract::{Path, Query};
use axum::response::Html;

/// One round in the list.
pub(super) struct RoundLine {
    number: u32,
    /// "8 boards", in the reader's plural form.
    boards: String,
    published: bool,
    locked: bool,
    /// "3 results missing", or "" when none is.
    results_missing: String,
}

#[derive(Template)]
#[template(path = "rounds/index.html")]
pub(super) struct RoundsPage {
    layout: Layout,
    tournament: TournamentRow,
    rounds: Vec<RoundLine>,
    next_round: Option<u32>,
    can_pair: bool,
    /// Why the next round cannot be paired, said before the click: a
    /// knockout decided or waiting for results ("" when it can be).
    cannot_pair: String,
    /// The programme: each round's start and assembly in words, with the
    /// start as the organiser's form shows it ("" when none).
    schedule: Vec<ScheduleLine>,
    /// The reader sets the rounds' official starts.
    can_schedule: bool,
    /// The rule text fixes an assembly before the start (the RFG Code).
    has_assembly: bool,
}

/// One round of the programme.
pub(super) struct ScheduleLine {
    round: u32,
    start: String,
    /// "Round 2: assembly at 09:55; the round starts at …", "" when unset.
    words: String,
}

pub(super) async fn list_rounds(
    ctx: Ctx,
    Reader(opened): Reader,
) -> WebResult<axum::response::Response> {
    let tournament = opened.tournament.clone();
    let tournament_id = tournament.tournament_id;
    let view = opened.view().await?;
    let ruleset = view.book.settings.ruleset;
    let state = view.effective.tournament;
    let marks = opened.state().await?;
    let sight = opened.sight().await?;
    let can_pair = opened.may(Action::EditPairings).await?;
    let can_schedule = opened.may(Action::EditSettings).await?;
    let times = round_times(marks, ruleset);
    let schedule = (1..=state.settings().number_of_rounds)
        .filter_map(|round| {
            let time = times.iter().find(|t| t.round == round);
            (can_schedule || time.is_some()).then(|| ScheduleLine {
                round,
                start: time.map(|t| t.start.to_string()).unwrap_or_default(),
                // The organiser's form shows the start: only an assembly is
                // news beside it.
                words: time
                    .filter(|t| !can_schedule || t.assembly.is_some())
                    .map(|t| t.line(ctx.lang))
                    .unwrap_or_default(),
            })
        })
        .collect();
    let rounds = (1..=state.settings().number_of_rounds)
        .filter_map(RoundNo::new)
        .filter(|r| state.is_paired(*r))
        .map(|r| {
            let games: Vec<_> = state.games().iter().filter(|g| g.round == r).collect();
            let s = marks.mark(r);
            let missing = games
                .iter()
                .filter(|g| g.result == GameResult::Unknown)
                .count() as u64;
            RoundLine {
                number: r.get(),
                boards: ctx.lang.plural("count.boards", games.len() as u64),
                published: s.published.is_some(),
                locked: s.locked.is_some(),
                results_missing: if missing > 0 {
                    ctx.lang.plural("round.results_missing", missing)
                } else {
                    String::new()
                },
            }
        })
        .filter(|line| RoundNo::new(line.number).is_some_and(|r| sight.sees(r)))
        .collect();
    // A knockout's next round is cheap to try: the button says beforehand
    // what pairing would refuse, instead of leading to an error page.
    let next_round = state.next_round();
    let cannot_pair = match next_round {
        Some(next) if can_pair && state.settings().system == crate::core::System::Knockout => {
            match crate::core::pairing::pair_round(&state, next) {
                Err(e) => {
                    let e = WebError::Pairing(e);
                    ctx.lang.tf(e.message_key(), &e.message_args())
                }
                Ok(_) => String::new(),
            }
        }
        _ => String::new(),
    };
    let html = render(&RoundsPage {
        // Players wait here for the next round: it appears when published.
        layout: Layout::titled(&ctx, &tournament.name)
            .live(&tournament.short_name, tournament.version),
        next_round: next_round.map(RoundNo::get),
        tournament,
        rounds,
        can_pair,
        cannot_pair,
        schedule,
        can_schedule,
        has_assembly: crate::core::schedule::assembly_minutes(ruleset).is_some(),
    })?;
    Ok(crate::web::page_cache::cacheable(tournament_id, html))
}

/// One board as the lists show it.
pub struct BoardLine {
    pub board: u32,
    pub white: String,
    pub white_rank: String,
    pub black: String,
    pub black_rank: String,
    pub handicap: u8,
    pub komi: crate::core::units::HalfPoints,
    /// A jigo is possible: the komi is a whole number (a half point rules a
    /// jigo out) and an equal count is one (under Japanese or Ing rules an
    /// equal count in a handicap game is a win), so the slip offers a box.
    pub jigo: bool,
    /// What an equal count means, as a translation key, where the komi
    /// makes one possible; "" where it does not.
    pub equal: &'static str,
    pub result: String,
    pub code: String,
    /// Why the result was not played out, as a translation key ("" when it was).
    pub note_key: &'static str,
    /// When an adjourned game resumes ("" when it is not adjourned); the
    /// sealed move is not Tengen's to show (`core::discipline::Act::Adjourned`).
    pub adjourned: String,
    /// Colours are drawn at the board (a knockout's nigiri): the listed
    /// White and Black are a placeholder until the organiser records them.
    pub nigiri: bool,
    /// True when the searched name is on this board.
    pub found: bool,
    /// In a match of best of N (RFG App. 7 §5): which game of the two
    /// players' meeting this is, and N; 0 for a single game.
    pub match_game: u32,
    pub best_of: u32,
}

/// The boards of `round` in `t`, read with the referees' `log` for the
/// games adjourned and still without a result in `t`; "find me" with
/// `query` marks the boards it finds, in either script.
pub(super) fn board_lines(
    t: &Tournament,
    log: &Log,
    round: RoundNo,
    query: &str,
) -> Vec<BoardLine> {
    let adjourned = adjourned(t, log);
    let needle = NameQuery::new(query);
    let name = |id: PlayerId| t.player(id).map(|p| p.full_name()).unwrap_or_default();
    let rank = |id: PlayerId| t.player(id).map(|p| p.rank.to_string()).unwrap_or_default();
    let mut games: Vec<_> = t.games().iter().filter(|g| g.round == round).collect();
    games.sort_by_key(|g| g.board);
    let best_of = t.settings().best_of;
    let matches =
        best_of > 1 && matches!(t.settings().system, System::Knockout | System::RoundRobin);
    // The games the two players have played each other up to this one.
    let game_of_match = |white: PlayerId, black: PlayerId| -> u32 {
        let met = (t.games().iter())
            .filter(|g| {
                g.round <= round && g.colour_of(white).is_some() && g.colour_of(black).is_some()
            })
            .count();
        u32::try_from(met).unwrap_or(0)
    };
    games
        .into_iter()
        .map(|g| {
            let (white, black) = (name(g.white), name(g.black));
            let tie = (g.komi.halves() % 2 == 0)
                .then(|| crate::core::rules::counting::tie_rule(&t.settings().rules, g.handicap));
            let found = needle.finds(&white) || needle.finds(&black);
            BoardLine {
                board: g.board.get(),
                white_rank: rank(g.white),
                black_rank: rank(g.black),
                white,
                black,
                handicap: g.handicap,
                komi: g.komi,
                jigo: tie == Some(TieRule::Jigo),
                equal: match tie {
                    Some(TieRule::Jigo) => "tie_rule.jigo",
                    Some(TieRule::WhiteWins) => "tie_rule.white_wins",
                    Some(TieRule::BlackWins) => "tie_rule.black_wins",
                    None => "",
                },
                result: results::game_notation(g),
                code: results::entry_code(g.result, g.origin, g.method),
                note_key: note_key(g.result, g.origin),
                adjourned: adjourned
                    .get(&GameRef {
                        round,
                        board: g.board,
                    })
                    .map(ToString::to_string)
                    .unwrap_or_default(),
                nigiri: !g.colours_known,
                found,
                match_game: if matches {
                    game_of_match(g.white, g.black)
                } else {
                    0
                },
                best_of,
            }
        })
        .collect()
}

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
