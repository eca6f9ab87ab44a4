//! Rounds: pairing, publishing, the pairing lists players read on their
//! phones, and result entry.
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /t/{short}/rounds` | [`list_rounds`] | everyone |
//! | `GET /t/{short}/events` | [`events`] | everyone: server-sent `changed` events |
//! | `POST /t/{short}/rounds/pair` | [`pair_next_round`] | organisers |
//! | `GET /t/{short}/rounds/{n}?q=` | [`show_round`] | everyone once published; `q` finds a player |
//! | `POST /t/{short}/rounds/{n}/publish` | [`publish_round`] | organisers |
//! | `GET /t/{short}/rounds/{n}/unpair`, `POST` | [`confirm_unpair`], [`unpair_round`] | organisers |
//! | `POST /t/{short}/rounds/{n}/edit` | [`edit_pairing`] | organisers: pair, unpair, swap, bye by hand |
//! | `GET /t/{short}/rounds/{n}/results`, `POST` | [`show_results`], [`enter_results`] | organisers, referees |
//! | `POST /t/{short}/rounds/{n}/lock` | [`lock_round`] | organisers |
//! | `GET /t/{short}/rounds/{n}/print?by=name` | [`print_pairings`] | organisers: by board, or alphabetical |
//! | `GET /t/{short}/rounds/{n}/slips` | [`print_slips`] | organisers: result slips, four per A4 page |

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::response::{Html, Redirect};
use axum::routing::{get, post};
use axum::{Form, Router};

use super::AppState;
use super::access::{authorise, viewable};
use super::auth::SignedIn;
use super::change::{json, mutate_at, mutate_with_book};
use super::error::{WebError, WebResult};
use super::flash::Flash;
use super::incidents::note_key;
use super::page::{ConfirmPage, Ctx, Layout, render};
use super::urls;
use crate::core::access::{self, Action, StaffRole};
use crate::core::discipline::GameRef;
use crate::core::pairing::{self, report::ReportLimits};
use crate::core::{BoardNo, GameResult, PlayerId, ResultOrigin, RoundNo, Tournament, results};
use crate::store::rounds::{self as round_store, RoundState};
use crate::store::tournaments::TournamentRow;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/t/{short}/rounds", get(list_rounds))
        .route("/t/{short}/events", get(events))
        .route("/t/{short}/rounds/pair", post(pair_next_round))
        .route("/t/{short}/rounds/{n}", get(show_round))
        .route("/t/{short}/rounds/{n}/publish", post(publish_round))
        .route(
            "/t/{short}/rounds/{n}/unpair",
            get(confirm_unpair).post(unpair_round),
        )
        .route("/t/{short}/rounds/{n}/lock", post(lock_round))
        .route(
            "/t/{short}/rounds/{n}/results",
            get(show_results).post(enter_results),
        )
        .route("/t/{short}/rounds/{n}/print", get(print_pairings))
        .route("/t/{short}/rounds/{n}/edit", post(edit_pairing))
        .route("/t/{short}/rounds/{n}/slips", get(print_slips))
}

/// One round in the list.
struct RoundLine {
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
struct RoundsPage {
    layout: Layout,
    tournament: TournamentRow,
    rounds: Vec<RoundLine>,
    next_round: Option<u32>,
    can_pair: bool,
}

fn state_of(states: &[RoundState], round: u32) -> RoundState {
    states
        .iter()
        .find(|s| s.round_no as u32 == round)
        .cloned()
        .unwrap_or_default()
}

fn may(ctx: &Ctx, roles: &[StaffRole], action: Action) -> bool {
    access::may(roles, ctx.is_admin(), action)
}

async fn list_rounds(
    State(app): State<AppState>,
    ctx: Ctx,
    Path(short): Path<String>,
) -> WebResult<Html<String>> {
    let (tournament, roles) = viewable(&app, &ctx, &short).await?;
    let state = super::view::view(&app, tournament.tournament_id)
        .await?
        .effective
        .tournament;
    let states = round_store::states(&app.store.pool, tournament.tournament_id).await?;
    let can_pair = may(&ctx, &roles, Action::EditPairings);
    let rounds = (1..=state.settings().number_of_rounds)
        .filter_map(RoundNo::new)
        .filter(|r| state.is_paired(*r))
        .map(|r| {
            let games: Vec<_> = state.games().iter().filter(|g| g.round == r).collect();
            let s = state_of(&states, r.get());
            let missing = games
                .iter()
                .filter(|g| g.result == GameResult::Unknown)
                .count() as u64;
            RoundLine {
                number: r.get(),
                boards: ctx.lang.plural("count.boards", games.len() as u64),
                published: s.published_at.is_some(),
                locked: s.locked_at.is_some(),
                results_missing: if missing > 0 {
                    ctx.lang.plural("round.results_missing", missing)
                } else {
                    String::new()
                },
            }
        })
        .filter(|line| line.published || ctx.is_staff(&roles))
        .collect();
    render(&RoundsPage {
        // Players wait here for the next round: it appears when published.
        layout: Layout::titled(&ctx, &tournament.name)
            .live(&tournament.short_name, tournament.version),
        next_round: state.next_round().map(RoundNo::get),
        tournament,
        rounds,
        can_pair,
    })
}

/// Pairs the first round without games. Pairing a large field takes CPU
/// time, so it runs off the async threads.
async fn pair_next_round(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
) -> WebResult<(Flash, Redirect)> {
    let access = authorise(&app, &short, me, Action::EditPairings).await?;
    // Pairing reads results as they stand after sanctions and appeal
    // decisions; the new games go into the tournament as entered.
    let view = super::view::view(&app, access.tournament.tournament_id).await?;
    let snapshot = view.effective.tournament;
    let rounds = snapshot.settings().number_of_rounds;
    let round = snapshot.next_round().ok_or(WebError::Domain(
        crate::core::TournamentError::RoundOutOfRange {
            round: RoundNo::from_index(rounds as usize),
            rounds,
        },
    ))?;
    let paired = tokio::task::spawn_blocking(move || pairing::pair_round(&snapshot, round))
        .await
        .map_err(anyhow::Error::from)??;
    // Someone changed the tournament while we paired: refused as stale, pair again.
    mutate_at(&app, &access, Some(view.version), "round.pair", |t| {
        if round == RoundNo::FIRST && pairing::numbers::pairs_on_numbers(t.settings().system) {
            pairing::numbers::fix(t);
        }
        t.record_pairing(round, paired.games, paired.bye)?;
        let after = json(
            &t.games()
                .iter()
                .filter(|g| g.round == round)
                .collect::<Vec<_>>(),
        )?;
        Ok(((), None, Some(after)))
    })
    .await?;
    Ok((
        Flash::new("notice.round_paired").arg("round", round.get()),
        Redirect::to(&urls::round(&access.tournament.short_name, round.get())),
    ))
}

/// One board as the lists show it.
pub struct BoardLine {
    pub board: u32,
    pub white: String,
    pub white_rank: String,
    pub black: String,
    pub black_rank: String,
    pub handicap: u8,
    pub komi: String,
    /// A tie is possible: the komi is a whole number (a half point rules a
    /// jigo out, so the result slip offers no box for one).
    pub jigo: bool,
    pub result: String,
    pub code: String,
    /// Why the result was not played out, as a translation key ("" when it was).
    pub note_key: &'static str,
    /// Colours are drawn at the board (a knockout's nigiri): the listed
    /// White and Black are a placeholder until the organiser records them.
    pub nigiri: bool,
    /// True when the searched name is on this board.
    pub found: bool,
}

fn board_lines(t: &Tournament, round: RoundNo, query: &str) -> Vec<BoardLine> {
    let needle = query.trim().to_lowercase();
    let name = |id: PlayerId| t.player(id).map(|p| p.full_name()).unwrap_or_default();
    let rank = |id: PlayerId| t.player(id).map(|p| p.rank.to_string()).unwrap_or_default();
    let mut games: Vec<_> = t.games().iter().filter(|g| g.round == round).collect();
    games.sort_by_key(|g| g.board);
    games
        .into_iter()
        .map(|g| {
            let (white, black) = (name(g.white), name(g.black));
            let found = !needle.is_empty()
                && (white.to_lowercase().contains(&needle)
                    || black.to_lowercase().contains(&needle));
            BoardLine {
                board: g.board.get(),
                white_rank: rank(g.white),
                black_rank: rank(g.black),
                white,
                black,
                handicap: g.handicap,
                komi: g.komi.to_string(),
                jigo: g.komi.halves() % 2 == 0,
                result: results::notation(g.result, g.origin),
                code: results::code(g.result, g.origin),
                note_key: note_key(g.result, g.origin),
                nigiri: !g.colours_known,
                found,
            }
        })
        .collect()
}

#[derive(Template)]
#[template(path = "rounds/show.html")]
struct RoundPage {
    layout: Layout,
    tournament: TournamentRow,
    round: u32,
    boards: Vec<BoardLine>,
    bye: String,
    query: String,
    published: bool,
    locked: bool,
    can_pair: bool,
    can_enter_results: bool,
    can_referee: bool,
    has_results: bool,
    report: Vec<String>,
    /// Hard problems and unpaired players, for manual edits.
    problems: Vec<String>,
    /// (number, name) of every player, for the manual-edit selects.
    players: Vec<(u32, String)>,
}

#[derive(serde::Deserialize, Default)]
struct FindQuery {
    #[serde(default)]
    q: String,
}

async fn show_round(
    State(app): State<AppState>,
    ctx: Ctx,
    Path((short, n)): Path<(String, u32)>,
    Query(find): Query<FindQuery>,
) -> WebResult<axum::response::Response> {
    // Visitors without a search all get the same page: serve it from the
    // cache, unless this visitor has a notice of their own to see.
    let cache_key = (ctx.user.is_none() && find.q.is_empty() && ctx.notice.is_empty())
        .then(|| format!("round:{short}:{n}:{}", ctx.lang.code()));
    if let Some(html) = cache_key.as_deref().and_then(|key| app.live.page(key)) {
        return Ok(cached_html(html));
    }
    let (tournament, roles) = viewable(&app, &ctx, &short).await?;
    let (tournament_id, generation) = (
        tournament.tournament_id,
        app.live.generation(tournament.tournament_id),
    );
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let view = super::view::view(&app, tournament.tournament_id).await?;
    // The page names the version of the data it shows: a cached copy then
    // never sends its readers to reload for a change it already holds.
    let (version, entered) = (view.version, view.entered);
    let recorded = view.book.check_round_free(round).is_err();
    let state = view.effective.tournament;
    let s = state_of(
        &round_store::states(&app.store.pool, tournament.tournament_id).await?,
        n,
    );
    let is_staff = ctx.is_staff(&roles);
    if !state.is_paired(round) || (s.published_at.is_none() && !is_staff) {
        return Err(WebError::NotFound);
    }
    let can_pair = may(&ctx, &roles, Action::EditPairings);
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
    let boards = board_lines(&state, round, &find.q);
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
        query: find.q,
        published: s.published_at.is_some(),
        locked: s.locked_at.is_some(),
        can_pair,
        can_enter_results: may(&ctx, &roles, Action::EnterResults),
        can_referee: may(&ctx, &roles, Action::LogSanction),
        report,
        problems,
        players,
    })?;
    let html = axum::body::Bytes::from(html);
    if let Some(key) = cache_key {
        app.live.keep(key, tournament_id, generation, html.clone());
    }
    Ok(cached_html(html))
}

/// A page from the cache, with the same headers as a rendered one.
fn cached_html(html: axum::body::Bytes) -> axum::response::Response {
    use axum::response::IntoResponse;
    (
        [(axum::http::header::CONTENT_TYPE, "text/html; charset=utf-8")],
        html,
    )
        .into_response()
}

/// The pairing report as sentences for the organiser.
fn report_lines(ctx: &Ctx, t: &Tournament, round: RoundNo) -> Vec<String> {
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

/// What an organiser can set on a paired round.
#[derive(Clone, Copy, PartialEq)]
enum Mark {
    /// Players may see it.
    Published,
    /// Its results change only by correction or appeal.
    Locked,
}

async fn publish_round(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path((short, n)): Path<(String, u32)>,
) -> WebResult<(Flash, Redirect)> {
    mark_round(&app, me, &short, n, Mark::Published).await
}

async fn lock_round(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path((short, n)): Path<(String, u32)>,
) -> WebResult<(Flash, Redirect)> {
    mark_round(&app, me, &short, n, Mark::Locked).await
}

async fn mark_round(
    app: &AppState,
    me: crate::store::accounts::Account,
    short: &str,
    n: u32,
    mark: Mark,
) -> WebResult<(Flash, Redirect)> {
    let access = authorise(app, short, me, Action::EditPairings).await?;
    let id = access.tournament.tournament_id;
    let state = super::view::load(app, id).await?;
    let round = RoundNo::new(n)
        .filter(|r| state.is_paired(*r))
        .ok_or(WebError::NotFound)?;
    if mark == Mark::Locked {
        // Locking a round is the referee's confirmation of each of its
        // results; done first, so a retry after a failure completes it.
        let by = super::acts::official(&access.me)?;
        mutate_with_book(
            app,
            &access,
            None,
            &format!("round.confirm:{n}"),
            |t, book| {
                let entries = book.confirm_round(t, round, super::acts::now(), by)?;
                Ok(((), None, Some(json(&entries)?)))
            },
        )
        .await?;
    }
    let mut tx = app.store.begin().await?;
    let action = match mark {
        Mark::Published => {
            round_store::publish(&mut *tx, id, n as i32).await?;
            format!("round.publish:{n}")
        }
        Mark::Locked => {
            round_store::lock(&mut *tx, id, n as i32).await?;
            format!("round.lock:{n}")
        }
    };
    crate::store::audit::record(
        &mut *tx,
        Some(id),
        Some(access.me.account_id),
        &action,
        None,
        None,
    )
    .await?;
    tx.commit().await?;
    app.live.changed(id);
    let notice = match mark {
        Mark::Published => "notice.round_published",
        Mark::Locked => "notice.round_locked",
    };
    Ok((
        Flash::new(notice).arg("round", n),
        Redirect::to(&urls::round(&access.tournament.short_name, n)),
    ))
}

/// Asks before [`unpair_round`]: players may already have read the pairing.
async fn confirm_unpair(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, n)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let access = authorise(&app, &short, me, Action::EditPairings).await?;
    let state = super::view::load(&app, access.tournament.tournament_id).await?;
    let round = RoundNo::new(n)
        .filter(|r| state.is_paired(*r))
        .ok_or(WebError::NotFound)?;
    // Refused here as the step itself would be, rather than after the question.
    state.clone().unpair(round)?;
    super::view::view(&app, access.tournament.tournament_id)
        .await?
        .book
        .check_round_free(round)?;
    render(&ConfirmPage {
        layout: Layout::new(&ctx, "round.unpair"),
        question: ctx
            .lang
            .tf("confirm.unpair_round", &[("round", n.to_string())]),
        consequence: ctx.lang.t("confirm.unpair_consequence"),
        action: format!("{}/unpair", urls::round(&short, n)),
        button: ctx.lang.t("round.unpair"),
        cancel: urls::round(&short, n),
    })
}

async fn unpair_round(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path((short, n)): Path<(String, u32)>,
) -> WebResult<(Flash, Redirect)> {
    let access = authorise(&app, &short, me, Action::EditPairings).await?;
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    mutate_with_book(&app, &access, None, "round.unpair", |t, book| {
        book.release_round(round)?;
        let before = json(
            &t.games()
                .iter()
                .filter(|g| g.round == round)
                .collect::<Vec<_>>(),
        )?;
        t.unpair(round)?;
        Ok(((), Some(before), None))
    })
    .await?;
    round_store::clear(&app.store.pool, access.tournament.tournament_id, n as i32).await?;
    app.live.changed(access.tournament.tournament_id);
    Ok((
        Flash::new("notice.round_unpaired").arg("round", n),
        Redirect::to(&urls::rounds(&access.tournament.short_name)),
    ))
}

#[derive(Template)]
#[template(path = "rounds/results.html")]
struct ResultsPage {
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
struct ResultLine {
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

fn result_lines(
    view: &super::view::View,
    round: RoundNo,
    typed: &HashMap<String, String>,
    saved: &[u32],
) -> Vec<ResultLine> {
    let standing = board_lines(&view.effective.tournament, round, "");
    board_lines(&view.entered, round, "")
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
struct SavedQuery {
    /// The boards the last submission saved, comma-separated.
    #[serde(default)]
    saved: String,
}

async fn show_results(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, n)): Path<(String, u32)>,
    Query(query): Query<SavedQuery>,
) -> WebResult<Html<String>> {
    let access = authorise(&app, &short, me, Action::EnterResults).await?;
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let id = access.tournament.tournament_id;
    let view = super::view::view(&app, id).await?;
    let s = state_of(&round_store::states(&app.store.pool, id).await?, n);
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
        locked: s.locked_at.is_some(),
        entry: String::new(),
        refusals: Vec::new(),
        conflicts: Vec::new(),
    })
}

fn results_layout(ctx: &Ctx, tournament: &TournamentRow, n: u32) -> Layout {
    Layout::titled(
        ctx,
        &format!(
            "{} — {}",
            tournament.name,
            ctx.lang.tf("title.results", &[("n", n.to_string())])
        ),
    )
}

/// One result typed on the page.
struct Typed {
    board: BoardNo,
    result: GameResult,
    origin: ResultOrigin,
    /// From the quick entry, where the stored result is not in sight.
    quick: bool,
}

/// Reads one quick entry: a board number, then a code ("12 b", "7w!").
/// `Err(None)` when unreadable, `Err(Some(n))` for board 0.
fn parse_entry(entry: &str) -> Result<(BoardNo, GameResult, ResultOrigin), Option<u32>> {
    let digits = entry
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(entry.len());
    let (board, code) = entry.split_at(digits);
    let board: u32 = board.parse().map_err(|_| None)?;
    let (result, origin) = results::parse_code(code)
        .filter(|_| !code.trim().is_empty())
        .ok_or(None)?;
    let board = BoardNo::new(board).ok_or(Some(board))?;
    Ok((board, result, origin))
}

/// Results come as `entry` (one or more of "12 b", "7 w!", "3 =", separated
/// by commas or new lines) typed at the keyboard, and/or as `board_<n>`
/// fields from the full table. All or nothing: one refused entry saves none.
async fn enter_results(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, n)): Path<(String, u32)>,
    Form(fields): Form<HashMap<String, String>>,
) -> WebResult<axum::response::Response> {
    use axum::response::IntoResponse;
    let access = authorise(&app, &short, me, Action::EnterResults).await?;
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let id = access.tournament.tournament_id;
    let s = state_of(&round_store::states(&app.store.pool, id).await?, n);
    let lang = ctx.lang;
    let no_board = |board: u32| {
        lang.tf(
            "results.no_board",
            &[("board", board.to_string()), ("round", n.to_string())],
        )
    };
    let unreadable = |text: &str| lang.tf("results.unreadable", &[("entry", text.to_string())]);
    let mut typed: Vec<Typed> = Vec::new();
    let mut refusals = Vec::new();
    let entry = fields.get("entry").cloned().unwrap_or_default();
    for item in entry
        .split([',', ';', '\n'])
        .map(str::trim)
        .filter(|e| !e.is_empty())
    {
        match parse_entry(item) {
            Ok((board, result, origin)) => typed.push(Typed {
                board,
                result,
                origin,
                quick: true,
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
        if fields.get(&format!("was_{number}")) == Some(value) {
            continue;
        }
        match (BoardNo::new(number), results::parse_code(value)) {
            (Some(board), Some((result, origin))) => typed.push(Typed {
                board,
                result,
                origin,
                quick: false,
            }),
            (None, _) => refusals.push(no_board(number)),
            (_, None) => refusals.push(unreadable(&format!("{number} {value}"))),
        }
    }
    // One board typed twice with two results: which one was meant is unknown.
    let mut twice: Vec<u32> = typed
        .iter()
        .enumerate()
        .filter(|(i, a)| {
            typed[..*i]
                .iter()
                .any(|b| b.board == a.board && (b.result, b.origin) != (a.result, a.origin))
        })
        .map(|(_, t)| t.board.get())
        .collect();
    twice.sort_unstable();
    twice.dedup();
    for board in twice {
        refusals.push(lang.tf("results.twice", &[("board", board.to_string())]));
    }
    let view = super::view::view(&app, id).await?;
    let state = &view.entered;
    let replace = fields.contains_key("replace");
    let mut conflicts = Vec::new();
    let mut changes: Vec<&Typed> = Vec::new();
    for t in &typed {
        let board = t.board.get();
        let game = match state.check_result(round, t.board, t.result, t.origin) {
            Ok(game) => game,
            Err(crate::core::TournamentError::ImpossibleJigo { .. }) => {
                let komi = state
                    .game_on(round, t.board)
                    .map(|g| g.komi.to_string())
                    .unwrap_or_default();
                refusals.push(lang.tf(
                    "results.impossible_jigo",
                    &[("board", board.to_string()), ("komi", komi)],
                ));
                continue;
            }
            Err(_) => {
                refusals.push(no_board(board));
                continue;
            }
        };
        let stored = results::code(game.result, game.origin);
        // Only boards whose result really changes are written and logged.
        if (game.result, game.origin) == (t.result, t.origin) {
            continue;
        }
        // A known result is replaced only when the person saw it (the table
        // field they edited showed it) or confirmed the replacement.
        let seen = !t.quick && fields.get(&format!("was_{board}")) == Some(&stored);
        if game.result != GameResult::Unknown && !seen && !replace {
            conflicts.push(lang.tf(
                "results.conflict",
                &[
                    ("board", board.to_string()),
                    ("stored", results::notation(game.result, game.origin)),
                    ("entered", results::notation(t.result, t.origin)),
                ],
            ));
        }
        changes.push(t);
    }
    if s.locked_at.is_some() && !changes.is_empty() {
        refusals.push(lang.t("results.locked"));
    }
    // A confirmed result changes only by correction or appeal (RFG 16.8 з).
    for t in &changes {
        if let Err(e) = view.book.check_plain_change(GameRef {
            round,
            board: t.board,
        }) {
            let (key, args) = super::error::discipline_message(&e);
            refusals.push(lang.tf(key, &args));
        }
    }
    if !refusals.is_empty() || !conflicts.is_empty() {
        let page = ResultsPage {
            layout: results_layout(&ctx, &access.tournament, n),
            tournament: access.tournament.clone(),
            round: n,
            boards: result_lines(&view, round, &fields, &[]),
            locked: s.locked_at.is_some(),
            entry,
            refusals,
            conflicts,
        };
        return Ok(super::page::render_invalid(&page)?.into_response());
    }
    let results_page = urls::results(&access.tournament.short_name, n);
    if changes.is_empty() {
        return Ok((
            Flash::new("notice.results_unchanged"),
            Redirect::to(&results_page),
        )
            .into_response());
    }
    mutate_with_book(&app, &access, None, &format!("results:{n}"), |t, book| {
        let mut before = Vec::new();
        for c in &changes {
            book.check_plain_change(GameRef {
                round,
                board: c.board,
            })?;
            before.push(t.enter_result(round, c.board, c.result, c.origin)?);
        }
        let after: Vec<_> = changes
            .iter()
            .filter_map(|c| t.game_on(round, c.board).cloned())
            .collect();
        Ok(((), Some(json(&before)?), Some(json(&after)?)))
    })
    .await?;
    Ok((
        saved_notice(lang, &changes),
        Redirect::to(&format!(
            "{results_page}?saved={}",
            changes
                .iter()
                .map(|c| c.board.get().to_string())
                .collect::<Vec<_>>()
                .join(",")
        )),
    )
        .into_response())
}

/// "Results saved (3): board 5 1-0, …": the first few boards, so the
/// cookie stays small; the page lists them all.
fn saved_notice(lang: crate::web::i18n::Lang, changes: &[&Typed]) -> Flash {
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

/// Server-sent events: `changed` whenever this tournament changes, so open
/// pairing and standings pages reload themselves.
/// The version the page that listens shows.
#[derive(serde::Deserialize)]
struct Since {
    since: Option<i32>,
}

async fn events(
    State(app): State<AppState>,
    ctx: Ctx,
    Path(short): Path<String>,
    Query(since): Query<Since>,
) -> WebResult<
    axum::response::sse::Sse<
        impl futures_util::Stream<Item = Result<axum::response::sse::Event, std::convert::Infallible>>,
    >,
> {
    use axum::response::sse::{Event, KeepAlive, Sse};
    // Listening starts before the version is read, so no change falls between.
    let notices = app.live.subscribe();
    let (tournament, _) = viewable(&app, &ctx, &short).await?;
    let id = tournament.tournament_id;
    let stale = since.since.is_some_and(|v| v != tournament.version);
    let stream =
        futures_util::stream::unfold((notices, stale), move |(mut notices, stale)| async move {
            if stale {
                return Some((
                    Ok(Event::default().event("changed").data("reload")),
                    (notices, false),
                ));
            }
            loop {
                match notices.recv().await {
                    Ok(changed) if changed == id => {
                        return Some((
                            Ok(Event::default().event("changed").data("reload")),
                            (notices, false),
                        ));
                    }
                    Ok(_) => continue,
                    // Missed notices may include ours: tell the page to reload.
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        return Some((
                            Ok(Event::default().event("changed").data("reload")),
                            (notices, false),
                        ));
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
                }
            }
        });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// A player's line on the alphabetical list: their board, colour and opponent.
struct NameLine {
    name: String,
    board: String,
    colour: String,
    opponent: String,
    handicap: u8,
}

#[derive(Template)]
#[template(path = "rounds/print.html")]
struct PrintPage {
    layout: Layout,
    tournament: TournamentRow,
    round: u32,
    by_name: bool,
    boards: Vec<BoardLine>,
    names: Vec<NameLine>,
}

#[derive(serde::Deserialize, Default)]
struct PrintQuery {
    #[serde(default)]
    by: String,
}

async fn print_pairings(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, n)): Path<(String, u32)>,
    Query(query): Query<PrintQuery>,
) -> WebResult<Html<String>> {
    let access = authorise(&app, &short, me, Action::EditPairings).await?;
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let state = super::view::view(&app, access.tournament.tournament_id)
        .await?
        .effective
        .tournament;
    if !state.is_paired(round) {
        return Err(WebError::NotFound);
    }
    let boards = board_lines(&state, round, "");
    let by_name = query.by == "name";
    let mut names = Vec::new();
    if by_name {
        for b in &boards {
            let (white, black) = (ctx.lang.t("round.white"), ctx.lang.t("round.black"));
            names.push(NameLine {
                name: b.white.clone(),
                board: b.board.to_string(),
                colour: white,
                opponent: b.black.clone(),
                handicap: b.handicap,
            });
            names.push(NameLine {
                name: b.black.clone(),
                board: b.board.to_string(),
                colour: black,
                opponent: b.white.clone(),
                handicap: b.handicap,
            });
        }
        if let Some(bye) = state
            .byes()
            .iter()
            .find(|b| b.round == round)
            .and_then(|b| state.player(b.player))
        {
            names.push(NameLine {
                name: bye.full_name(),
                board: "—".into(),
                colour: String::new(),
                opponent: ctx.lang.t("round.bye"),
                handicap: 0,
            });
        }
        names.sort_by(|a, b| {
            crate::core::fold::fold(&a.name).cmp(&crate::core::fold::fold(&b.name))
        });
    }
    render(&PrintPage {
        layout: Layout::titled(
            &ctx,
            &format!(
                "{} — {}",
                access.tournament.name,
                ctx.lang.tf("title.round", &[("n", n.to_string())])
            ),
        ),
        tournament: access.tournament,
        round: n,
        by_name,
        boards,
        names,
    })
}

#[derive(Template)]
#[template(path = "rounds/slips.html")]
struct SlipsPage {
    layout: Layout,
    tournament: TournamentRow,
    round: u32,
    boards: Vec<BoardLine>,
}

async fn print_slips(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, n)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let access = authorise(&app, &short, me, Action::EditPairings).await?;
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let state = super::view::view(&app, access.tournament.tournament_id)
        .await?
        .effective
        .tournament;
    if !state.is_paired(round) {
        return Err(WebError::NotFound);
    }
    render(&SlipsPage {
        layout: Layout::titled(
            &ctx,
            &format!(
                "{} — {}",
                access.tournament.name,
                ctx.lang.tf("title.slips", &[("n", n.to_string())])
            ),
        ),
        boards: board_lines(&state, round, ""),
        tournament: access.tournament,
        round: n,
    })
}

/// The round's pairing as recorded, and the tournament without it: what
/// manual edits work on.
fn split_round(t: &Tournament, round: RoundNo) -> WebResult<(Tournament, pairing::RoundPairing)> {
    let mut games: Vec<_> = t
        .games()
        .iter()
        .filter(|g| g.round == round)
        .cloned()
        .collect();
    games.sort_by_key(|g| g.board);
    let bye = t.byes().iter().find(|b| b.round == round).map(|b| b.player);
    let mut before = t.clone();
    before.unpair(round)?;
    Ok((before, pairing::RoundPairing { games, bye }))
}

/// Problems of a round's pairing, as sentences for the organiser.
fn check_lines(ctx: &Ctx, t: &Tournament, round: RoundNo) -> Vec<String> {
    let Ok((before, current)) = split_round(t, round) else {
        return Vec::new();
    };
    let check = pairing::manual::check(&before, round, &current);
    let name = |id: PlayerId| t.player(id).map(|p| p.full_name()).unwrap_or_default();
    let mut lines: Vec<String> = check
        .violations
        .iter()
        .map(|v| match v {
            pairing::manual::Violation::Twice(p) => {
                format!("{}: {}", ctx.lang.t("manual.twice"), name(*p))
            }
            pairing::manual::Violation::NotTakingPart(p) => {
                format!("{}: {}", ctx.lang.t("manual.not_taking_part"), name(*p))
            }
            pairing::manual::Violation::AvoidableRepeat(a, b) => {
                format!(
                    "{}: {} – {}",
                    ctx.lang.t("manual.avoidable_repeat"),
                    name(*a),
                    name(*b)
                )
            }
            pairing::manual::Violation::AvoidableSecondBye(p) => {
                format!("{}: {}", ctx.lang.t("manual.second_bye"), name(*p))
            }
        })
        .collect();
    if !check.unpaired.is_empty() {
        let names: Vec<String> = check.unpaired.iter().map(|p| name(*p)).collect();
        lines.push(format!(
            "{}: {}",
            ctx.lang.t("manual.unpaired"),
            names.join(", ")
        ));
    }
    lines
}

#[derive(serde::Deserialize)]
struct EditForm {
    action: String,
    first: u32,
    #[serde(default)]
    second: Option<u32>,
}

/// A manual change to a paired round with no result yet. Hard constraints
/// are checked by the core; a change that breaks one is refused.
async fn edit_pairing(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path((short, n)): Path<(String, u32)>,
    Form(form): Form<EditForm>,
) -> WebResult<(Flash, Redirect)> {
    use pairing::manual::{Edit, apply, check};
    let access = authorise(&app, &short, me, Action::EditPairings).await?;
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let (a, b) = (PlayerId(form.first), form.second.map(PlayerId));
    let edit = match (form.action.as_str(), b) {
        ("pair", Some(b)) => Edit::Pair(a, b),
        ("swap", Some(b)) => Edit::Swap(a, b),
        ("unpair", _) => Edit::Unpair(a),
        ("bye", _) => Edit::Bye(a),
        ("colours", _) => Edit::Colours(a),
        _ => return Err(WebError::Invalid(form.action)),
    };
    let action = format!("round.edit:{n}");
    mutate_with_book(&app, &access, None, &action, |t, book| {
        book.check_round_free(round)?;
        let (before, current) = split_round(t, round)?;
        let edited =
            apply(&before, round, &current, edit).map_err(|e| WebError::Invalid(e.to_string()))?;
        let checked = check(&before, round, &edited);
        if let Some(v) = checked.violations.first() {
            return Err(WebError::Invalid(format!("{v:?}")));
        }
        let old = json(&current.games)?;
        let new = json(&edited.games)?;
        let mut next = before;
        next.record_pairing(round, edited.games, edited.bye)?;
        *t = next;
        Ok(((), Some(old), Some(new)))
    })
    .await?;
    Ok((
        Flash::new("notice.pairing_edited").arg("round", n),
        Redirect::to(&urls::round(&access.tournament.short_name, n)),
    ))
}
