//! The referees' desk, made for a phone in a noisy hall: the round by board,
//! one page per board to log a sanction, a late arrival, a protest, a
//! confirmation or a correction in a tap or two, player sanctions, the
//! incident log and the chief referee's report.
//!
//! Referees never edit results here: every form appends an act to the
//! discipline log (`core::discipline`), and the pages show its effect.
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /t/{short}/referee` | [`desk`] | referees, organisers: the latest paired round |
//! | `GET /t/{short}/referee/rounds/{n}` | [`show_round`] | the round by board |
//! | `POST /t/{short}/referee/rounds/{n}/start` | [`start_round`] | starts the clocks (lateness counts from here) |
//! | `GET`, `POST /t/{short}/referee/rounds/{n}/boards/{b}` | [`show_board`], [`act_on_board`] | one board |
//! | `GET`, `POST /t/{short}/referee/players` | [`show_player_acts`], [`act_on_player`] | removals, withdrawal, bans |
//! | `GET /t/{short}/referee/log` | [`show_log`] | the incident log, per round |
//! | `GET /t/{short}/referee/report` | [`show_report`] | the chief referee's report (`?format=text` downloads it) |

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};

use super::AppState;
use super::access::{Access, authorise};
use super::acts::{FormError, now, official, wall_clock};
use super::auth::SignedIn;
use super::change::{json, mutate_with_book};
use super::error::{WebError, WebResult};
use super::flash::Flash;
use super::i18n::Lang;
use super::incidents::{describe, name};
use super::page::{Ctx, Layout, render};
use super::urls;
use super::view::{View, view};
use crate::core::access::Action;
use crate::core::discipline::{
    Act, Confirmer, DisciplineError, Entry, GameRef, PenaltyCause, Players, Reason, Sanction,
    SanctionKind, Subject, board_status, result_changes, start_of,
};
use crate::core::{BoardNo, HalfPoints, PlayerId, RoundNo, Tournament, results};
use crate::store::tournaments::TournamentRow;

pub(super) fn routes() -> axum::Router<AppState> {
    Router::new()
        .route("/t/{short}/referee", get(desk))
        .route("/t/{short}/referee/rounds/{n}", get(show_round))
        .route("/t/{short}/referee/rounds/{n}/start", post(start_round))
        .route(
            "/t/{short}/referee/rounds/{n}/boards/{b}",
            get(show_board).post(act_on_board),
        )
        .route(
            "/t/{short}/referee/players",
            get(show_player_acts).post(act_on_player),
        )
        .route("/t/{short}/referee/log", get(show_log))
        .route("/t/{short}/referee/report", get(show_report))
}

/// One board on the referee's round page.
struct DeskBoard {
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
struct RoundPage {
    layout: Layout,
    tournament: TournamentRow,
    round: u32,
    rounds: Vec<u32>,
    started: String,
    boards: Vec<DeskBoard>,
    warnings_to_forfeit: u32,
}

fn paired_rounds(t: &Tournament) -> Vec<u32> {
    let mut rounds: Vec<u32> = t.games().iter().map(|g| g.round.get()).collect();
    rounds.sort_unstable();
    rounds.dedup();
    rounds
}

fn paired_round(t: &Tournament, n: u32) -> WebResult<RoundNo> {
    RoundNo::new(n)
        .filter(|r| t.is_paired(*r))
        .ok_or(WebError::NotFound)
}

/// The latest paired round, where the referees work.
async fn desk(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
) -> WebResult<Html<String>> {
    let access = authorise(&app, &short, me, Action::LogSanction).await?;
    let view = view(&app, access.tournament.tournament_id).await?;
    let latest = view.entered.games().iter().map(|g| g.round.get()).max();
    round_page(&ctx, access, &view, latest)
}

async fn show_round(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, n)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let access = authorise(&app, &short, me, Action::LogSanction).await?;
    let view = view(&app, access.tournament.tournament_id).await?;
    paired_round(&view.entered, n)?;
    round_page(&ctx, access, &view, Some(n))
}

/// The round by board (`None`: nothing paired yet).
fn round_page(ctx: &Ctx, access: Access, view: &View, n: Option<u32>) -> WebResult<Html<String>> {
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
        let status = board_status(&view.entered, &view.book.log, game, &view.book.settings)?;
        boards.push(DeskBoard {
            board: g.board.get(),
            white: name(t, g.white),
            black: name(t, g.black),
            result: results::notation(g.result, g.origin),
            note_key: super::incidents::note_key(g.result, g.origin),
            white_warnings: status.warnings[0],
            black_warnings: status.warnings[1],
            protest: !status.protests.is_empty(),
            confirmed: status.locked_by.is_some(),
        });
    }
    let started = view
        .book
        .log
        .entries()
        .iter()
        .find_map(|e| match e.act {
            Act::StartRound {
                round: r,
                board: None,
            } if Some(r) == round => Some(e.at),
            _ => None,
        })
        .map(|at| wall_clock(at, &access.tournament.time_zone))
        .unwrap_or_default();
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
        boards,
        warnings_to_forfeit: view.book.settings.warnings_to_forfeit,
    })
}

async fn start_round(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path((short, n)): Path<(String, u32)>,
) -> WebResult<(Flash, Redirect)> {
    let access = authorise(&app, &short, me, Action::LogSanction).await?;
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let act = Act::StartRound { round, board: None };
    record(&app, &access, act).await?;
    Ok((
        Flash::new("notice.round_started").arg("round", n),
        Redirect::to(&urls::referee_round(&short, n)),
    ))
}

/// Records one act in its own transaction; the audit log gets the act and,
/// when it changed results, each result before and after.
async fn record(app: &AppState, access: &Access, act: Act) -> WebResult<Entry> {
    let by = official(&access.me)?;
    let action = format!("referee.{}", act_key(&act));
    mutate_with_book(app, access, None, &action, |t, book| {
        let before = book.effective(t)?.tournament;
        let entry = book.record(t, now(), by, act)?;
        let after = book.effective(t)?.tournament;
        let changes = result_changes(&before, &after);
        let was: Vec<_> = changes.iter().map(|c| (c.game, c.before)).collect();
        let is: Vec<_> = changes.iter().map(|c| (c.game, c.after)).collect();
        let logged = serde_json::json!({ "entry": entry, "results": is });
        Ok((entry, Some(json(&was)?), Some(logged)))
    })
    .await
}

/// A short name of the act for the audit log's action column.
fn act_key(act: &Act) -> &'static str {
    match act {
        Act::StartRound { .. } => "start_round",
        Act::Sanction(s) => match s.kind {
            SanctionKind::Remark { .. } => "remark",
            SanctionKind::Warning { .. } => "warning",
            SanctionKind::PenaltyPoints { .. } => "penalty",
            SanctionKind::GameForfeit { .. } => "forfeit",
            SanctionKind::TimeChange { .. } => "time_change",
            SanctionKind::RemovalFromRound { .. } => "removal_from_round",
            SanctionKind::RemovalFromTournament { .. } => "removal_from_tournament",
            SanctionKind::SupergroupBan { .. } => "supergroup_ban",
            SanctionKind::RatingReduction { .. } => "rating_reduction",
        },
        Act::Absence { .. } => "absence",
        Act::Withdrawal { .. } => "withdrawal",
        Act::Protest { .. } => "protest",
        Act::Confirmation { .. } => "confirmation",
        Act::Correction { .. } => "correction",
        Act::Decision { .. } => "decision",
    }
}

/// What a board form sends; every field is optional so a half-filled form
/// comes back with what was typed and a message.
#[derive(serde::Deserialize, Default, Clone)]
pub(super) struct BoardForm {
    #[serde(default)]
    act: String,
    /// "white", "black" or "both".
    #[serde(default)]
    player: String,
    #[serde(default)]
    reason: String,
    /// Penalty: "ing", "pair_go" or "other".
    #[serde(default)]
    cause: String,
    #[serde(default)]
    amount: String,
    /// Time change in minutes, signed.
    #[serde(default)]
    minutes: String,
    /// Correction: a result code as on the results page.
    #[serde(default)]
    result: String,
    /// Confirmation: "players" or "referee".
    #[serde(default)]
    confirmer: String,
}

/// One player's tally on the board page.
struct SideStatus {
    warnings: u32,
    /// Penalty points, "" when none.
    penalty: String,
    minutes: i32,
}

#[derive(Template)]
#[template(path = "referee/board.html")]
struct BoardPage {
    layout: Layout,
    tournament: TournamentRow,
    round: u32,
    white: String,
    black: String,
    result: String,
    note_key: &'static str,
    /// Warnings, penalty points and minutes added, White then Black.
    sides: [SideStatus; 2],
    warnings_to_forfeit: u32,
    protests: Vec<String>,
    confirmed: bool,
    started: bool,
    /// When the absent player may be forfeited ("" before the round starts).
    forfeit_from: String,
    forfeit_now: bool,
    incidents: Vec<String>,
    form: BoardForm,
    error: String,
}

async fn show_board(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, n, b)): Path<(String, u32, u32)>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::LogSanction).await?;
    let view = view(&app, access.tournament.tournament_id).await?;
    let game = game_ref(&view.entered, n, b)?;
    board_page(
        &ctx,
        access.tournament,
        &view,
        game,
        BoardForm::default(),
        String::new(),
    )
}

fn game_ref(t: &Tournament, n: u32, b: u32) -> WebResult<GameRef> {
    let round = paired_round(t, n)?;
    let board = BoardNo::new(b).ok_or(WebError::NotFound)?;
    t.game_on(round, board).ok_or(WebError::NotFound)?;
    Ok(GameRef { round, board })
}

fn board_page(
    ctx: &Ctx,
    tournament: TournamentRow,
    view: &View,
    game: GameRef,
    form: BoardForm,
    error: String,
) -> WebResult<Response> {
    let t = &view.effective.tournament;
    let g = game.game(t)?;
    let status = board_status(&view.entered, &view.book.log, game, &view.book.settings)?;
    let now = now();
    let incidents = view
        .book
        .log
        .entries()
        .iter()
        .filter(|e| e.act.game() == Some(game))
        .map(|e| {
            format!(
                "{} {} · {} · {}",
                e.id,
                wall_clock(e.at, &tournament.time_zone),
                e.by.as_str(),
                describe(t, ctx.lang, e)
            )
        })
        .collect();
    let page = BoardPage {
        layout: Layout::titled(
            ctx,
            &format!(
                "{} — {}",
                tournament.name,
                ctx.lang.tf(
                    "incident.board",
                    &[
                        ("round", game.round.get().to_string()),
                        ("board", game.board.get().to_string())
                    ]
                )
            ),
        ),
        round: game.round.get(),
        white: name(t, g.white),
        black: name(t, g.black),
        result: results::notation(g.result, g.origin),
        note_key: super::incidents::note_key(g.result, g.origin),
        sides: [0, 1].map(|i| SideStatus {
            warnings: status.warnings[i],
            penalty: if status.penalties[i] == HalfPoints::ZERO {
                String::new()
            } else {
                status.penalties[i].to_string()
            },
            minutes: status.time_changes[i] / 60,
        }),
        warnings_to_forfeit: status.warnings_to_forfeit,
        protests: status.protests.iter().map(|p| name(t, *p)).collect(),
        confirmed: status.locked_by.is_some(),
        started: start_of(&view.book.log, game).is_some(),
        forfeit_from: status
            .forfeit_from
            .map(|at| wall_clock(at, &tournament.time_zone))
            .unwrap_or_default(),
        forfeit_now: status.forfeit_from.is_some_and(|at| at <= now),
        incidents,
        tournament,
        form,
        error,
    };
    super::page::render_refusal(&page, !page.error.is_empty())
}

/// The act a board form asks for, or why it cannot be done.
fn board_act(t: &Tournament, game: GameRef, form: &BoardForm) -> Result<Act, FormError> {
    let g = t
        .game_on(game.round, game.board)
        .ok_or(FormError::Discipline(DisciplineError::NoSuchGame {
            round: game.round,
            board: game.board,
        }))?;
    let players = match form.player.as_str() {
        "white" => Some(Players::One(g.white)),
        "black" => Some(Players::One(g.black)),
        "both" => Some(Players::Both),
        _ => None,
    };
    let one = || match players {
        Some(Players::One(p)) => Ok(p),
        _ => Err(FormError::Field("referee.choose_player")),
    };
    let some = || players.ok_or(FormError::Field("referee.choose_player"));
    let reason = || Reason::new(&form.reason).map_err(FormError::Discipline);
    let sanction = |kind: SanctionKind| -> Result<Act, FormError> {
        Ok(Act::Sanction(Sanction {
            kind,
            reason: reason()?,
        }))
    };
    match form.act.as_str() {
        "warning" => sanction(SanctionKind::Warning {
            game,
            players: some()?,
        }),
        "forfeit" => sanction(SanctionKind::GameForfeit {
            game,
            players: some()?,
        }),
        "remark" => sanction(SanctionKind::Remark {
            subject: Subject::Player(one()?),
            game: Some(game),
        }),
        "penalty" => {
            let amount = || {
                form.amount
                    .trim()
                    .parse::<u8>()
                    .ok()
                    .filter(|a| *a > 0)
                    .ok_or(FormError::Field("referee.bad_amount"))
            };
            let cause = match form.cause.as_str() {
                "ing" => PenaltyCause::IngOvertime { periods: amount()? },
                "pair_go" => PenaltyCause::PairGoOrder,
                _ => PenaltyCause::Other {
                    points: HalfPoints::from_points(i32::from(amount()?)),
                },
            };
            sanction(SanctionKind::PenaltyPoints {
                game,
                player: one()?,
                cause,
            })
        }
        "time" => {
            let minutes: i32 = form
                .minutes
                .trim()
                .trim_start_matches('+')
                .parse()
                .ok()
                .filter(|m: &i32| *m != 0 && m.abs() <= 600)
                .ok_or(FormError::Field("referee.bad_minutes"))?;
            sanction(SanctionKind::TimeChange {
                game,
                players: some()?,
                seconds: minutes * 60,
            })
        }
        "removal_round" => sanction(SanctionKind::RemovalFromRound {
            player: one()?,
            round: game.round,
        }),
        "absent" => Ok(Act::Absence {
            game,
            players: some()?,
        }),
        "protest" => Ok(Act::Protest {
            game,
            player: one()?,
        }),
        "confirm" => Ok(Act::Confirmation {
            game,
            by: if form.confirmer == "players" {
                Confirmer::BothPlayers
            } else {
                Confirmer::Referee
            },
        }),
        "correct" => {
            let (result, origin) =
                results::parse_code(&form.result).ok_or(FormError::Field("referee.bad_result"))?;
            Ok(Act::Correction {
                game,
                result,
                origin,
                reason: reason()?,
            })
        }
        _ => Err(FormError::Field("referee.choose_act")),
    }
}

/// Runs `record`, turning a refusal by the rules into a message for the form.
async fn record_or_explain(
    app: &AppState,
    access: &Access,
    act: Act,
) -> WebResult<Result<Entry, FormError>> {
    match record(app, access, act).await {
        Ok(entry) => Ok(Ok(entry)),
        Err(WebError::Discipline(e)) => Ok(Err(FormError::Discipline(e))),
        Err(e) => Err(e),
    }
}

async fn act_on_board(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, n, b)): Path<(String, u32, u32)>,
    Form(form): Form<BoardForm>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::LogSanction).await?;
    let current = view(&app, access.tournament.tournament_id).await?;
    let game = game_ref(&current.entered, n, b)?;
    let outcome = match board_act(&current.entered, game, &form) {
        Ok(act) => record_or_explain(&app, &access, act).await?,
        Err(e) => Err(e),
    };
    match outcome {
        Ok(_) => Ok((
            Flash::new("notice.referee_saved"),
            Redirect::to(&urls::referee_board(&short, n, b)),
        )
            .into_response()),
        Err(e) => {
            let current = view(&app, access.tournament.tournament_id).await?;
            let message = e.message(ctx.lang);
            board_page(&ctx, access.tournament, &current, game, form, message)
        }
    }
}

/// What the player-sanctions form sends.
#[derive(serde::Deserialize, Default, Clone)]
pub(super) struct PlayerForm {
    #[serde(default)]
    act: String,
    #[serde(default)]
    player: String,
    #[serde(default)]
    round: String,
    #[serde(default)]
    reason: String,
    /// Supergroup ban: which future tournaments; withdrawal: a note.
    #[serde(default)]
    text: String,
    #[serde(default)]
    points: String,
}

#[derive(Template)]
#[template(path = "referee/players.html")]
struct PlayerActsPage {
    layout: Layout,
    tournament: TournamentRow,
    players: Vec<(u32, String)>,
    rounds: Vec<u32>,
    form: PlayerForm,
    error: String,
}

fn player_acts_page(
    ctx: &Ctx,
    tournament: TournamentRow,
    t: &Tournament,
    form: PlayerForm,
    error: String,
) -> WebResult<Response> {
    let players = super::incidents::sorted_players(t);
    let page = PlayerActsPage {
        layout: Layout::titled(
            ctx,
            &format!(
                "{} — {}",
                tournament.name,
                ctx.lang.t("referee.players_title")
            ),
        ),
        tournament,
        players,
        rounds: (1..=t.settings().number_of_rounds).collect(),
        form,
        error,
    };
    super::page::render_refusal(&page, !page.error.is_empty())
}

async fn show_player_acts(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::LogSanction).await?;
    let view = view(&app, access.tournament.tournament_id).await?;
    let form = PlayerForm {
        round: view
            .entered
            .next_round()
            .map(|r| r.get().to_string())
            .unwrap_or_default(),
        ..PlayerForm::default()
    };
    player_acts_page(&ctx, access.tournament, &view.entered, form, String::new())
}

fn player_act(t: &Tournament, form: &PlayerForm) -> Result<Act, FormError> {
    let player = form
        .player
        .trim()
        .parse()
        .ok()
        .map(PlayerId)
        .filter(|p| t.player(*p).is_some())
        .ok_or(FormError::Field("referee.choose_player"))?;
    let round = || {
        form.round
            .trim()
            .parse()
            .ok()
            .and_then(RoundNo::new)
            .ok_or(FormError::Field("referee.choose_round"))
    };
    let sanction = |kind: SanctionKind| -> Result<Act, FormError> {
        Ok(Act::Sanction(Sanction {
            kind,
            reason: Reason::new(&form.reason).map_err(FormError::Discipline)?,
        }))
    };
    match form.act.as_str() {
        "withdrawal" => Ok(Act::Withdrawal {
            player,
            from_round: round()?,
            note: form.text.trim().to_string(),
        }),
        "removal_round" => sanction(SanctionKind::RemovalFromRound {
            player,
            round: round()?,
        }),
        "removal_tournament" => sanction(SanctionKind::RemovalFromTournament {
            player,
            from_round: round()?,
        }),
        "remark" => sanction(SanctionKind::Remark {
            subject: Subject::Player(player),
            game: None,
        }),
        "supergroup_ban" => sanction(SanctionKind::SupergroupBan {
            player,
            scope: form.text.trim().to_string(),
        }),
        "rating_reduction" => sanction(SanctionKind::RatingReduction {
            player,
            points: form
                .points
                .trim()
                .parse()
                .ok()
                .filter(|p| *p > 0)
                .ok_or(FormError::Field("referee.bad_amount"))?,
        }),
        _ => Err(FormError::Field("referee.choose_act")),
    }
}

async fn act_on_player(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
    Form(form): Form<PlayerForm>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::LogSanction).await?;
    let current = view(&app, access.tournament.tournament_id).await?;
    let outcome = match player_act(&current.entered, &form) {
        Ok(act) => record_or_explain(&app, &access, act).await?,
        Err(e) => Err(e),
    };
    match outcome {
        Ok(_) => Ok((
            Flash::new("notice.referee_saved"),
            Redirect::to(&format!("{}/log", urls::referee(&short))),
        )
            .into_response()),
        Err(e) => player_acts_page(
            &ctx,
            access.tournament,
            &current.entered,
            form,
            e.message(ctx.lang),
        ),
    }
}

/// One line of the incident log.
struct LogLine {
    id: String,
    at: String,
    by: String,
    text: String,
    revoked: bool,
}

#[derive(Template)]
#[template(path = "referee/log.html")]
struct LogPage {
    layout: Layout,
    tournament: TournamentRow,
    rounds: Vec<u32>,
    round: Option<u32>,
    lines: Vec<LogLine>,
}

#[derive(serde::Deserialize, Default)]
struct LogQuery {
    round: Option<u32>,
}

async fn show_log(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
    Query(query): Query<LogQuery>,
) -> WebResult<Html<String>> {
    let access = authorise(&app, &short, me, Action::LogSanction).await?;
    let view = view(&app, access.tournament.tournament_id).await?;
    let report = view.book.report(&view.entered)?;
    let revoked: Vec<_> = report
        .rounds
        .iter()
        .flat_map(|r| &r.incidents)
        .chain(&report.general)
        .filter(|i| i.revoked)
        .map(|i| i.entry.id)
        .collect();
    let lines = view
        .book
        .log
        .entries()
        .iter()
        .filter(|e| {
            query
                .round
                .is_none_or(|n| e.act.round().map(RoundNo::get) == Some(n))
        })
        .map(|e| LogLine {
            id: e.id.to_string(),
            at: wall_clock(e.at, &access.tournament.time_zone),
            by: e.by.as_str().to_string(),
            text: describe(&view.effective.tournament, ctx.lang, e),
            revoked: revoked.contains(&e.id),
        })
        .collect();
    render(&LogPage {
        layout: Layout::titled(
            &ctx,
            &format!(
                "{} — {}",
                access.tournament.name,
                ctx.lang.t("referee.log_title")
            ),
        ),
        rounds: paired_rounds(&view.entered),
        tournament: access.tournament,
        round: query.round,
        lines,
    })
}

/// The chief referee's report in the reader's language.
struct ReportText {
    rounds: Vec<(u32, Vec<String>)>,
    general: Vec<String>,
    warnings: Vec<String>,
    withdrawals: Vec<String>,
    federation: Vec<String>,
    committee: Vec<String>,
    appeals: Vec<(String, Vec<String>)>,
    pending: String,
}

fn report_text(view: &View, lang: Lang, zone: &str) -> WebResult<ReportText> {
    let t = &view.effective.tournament;
    let report = view.book.report(&view.entered)?;
    let line = |i: &crate::core::discipline::Incident| {
        let mut text = format!(
            "{} {} · {} · {}",
            i.entry.id,
            wall_clock(i.entry.at, zone),
            i.entry.by.as_str(),
            describe(t, lang, &i.entry)
        );
        if i.revoked {
            text.push_str(&format!(" ({})", lang.t("referee.revoked")));
        }
        text
    };
    let appeals = report
        .appeals
        .iter()
        .map(|a| {
            let summary = super::appeal_words::summary(t, &view.book, a, lang, zone);
            (summary.title, summary.lines)
        })
        .collect();
    Ok(ReportText {
        rounds: report
            .rounds
            .iter()
            .map(|r| (r.round.get(), r.incidents.iter().map(line).collect()))
            .collect(),
        general: report.general.iter().map(line).collect(),
        warnings: report
            .warnings
            .iter()
            .map(|w| {
                let mut text = format!(
                    "{}: {} × {}",
                    lang.tf(
                        "incident.board",
                        &[
                            ("round", w.game.round.get().to_string()),
                            ("board", w.game.board.get().to_string())
                        ]
                    ),
                    name(t, w.player),
                    w.count
                );
                if w.forfeited {
                    text.push_str(&format!(" → {}", lang.t("referee.forfeited")));
                }
                text
            })
            .collect(),
        withdrawals: report
            .withdrawals
            .iter()
            .map(|w| {
                let key = if w.annulled {
                    "referee.withdrawal_annulled"
                } else {
                    "referee.withdrawal_kept"
                };
                lang.tf(
                    key,
                    &[
                        ("player", name(t, w.player)),
                        ("round", w.from_round.get().to_string()),
                        ("played", w.played.to_string()),
                    ],
                )
            })
            .collect(),
        federation: report.federation.iter().map(line).collect(),
        committee: report
            .committee
            .iter()
            .flat_map(|c| {
                let members = c.members.iter().map(|m| m.name.as_str().to_string());
                let reserves = c
                    .reserves
                    .iter()
                    .map(|m| format!("{} ({})", m.name.as_str(), lang.t("appeals.reserve")));
                members.chain(reserves).collect::<Vec<_>>()
            })
            .collect(),
        appeals,
        pending: report
            .pending_appeals
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", "),
    })
}

#[derive(Template)]
#[template(path = "referee/report.html")]
struct ReportPage {
    layout: Layout,
    tournament: TournamentRow,
    dates: String,
    report: ReportText,
}

#[derive(Template)]
#[template(path = "referee/report.txt")]
struct ReportFile<'a> {
    layout: &'a Layout,
    tournament: &'a TournamentRow,
    dates: &'a str,
    report: &'a ReportText,
}

#[derive(serde::Deserialize, Default)]
struct ReportQuery {
    #[serde(default)]
    format: String,
}

async fn show_report(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
    Query(query): Query<ReportQuery>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::LogSanction).await?;
    let view = view(&app, access.tournament.tournament_id).await?;
    let general = &view.entered.settings().general;
    let dates = [general.begin_date.as_str(), general.end_date.as_str()]
        .iter()
        .filter(|d| !d.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" – ");
    let report = report_text(&view, ctx.lang, &access.tournament.time_zone)?;
    let layout = Layout::titled(
        &ctx,
        &format!(
            "{} — {}",
            access.tournament.name,
            ctx.lang.t("referee.report_title")
        ),
    );
    if query.format == "text" {
        let body = ReportFile {
            layout: &layout,
            tournament: &access.tournament,
            dates: &dates,
            report: &report,
        }
        .render()
        .map_err(anyhow::Error::from)?;
        let file = format!(
            "attachment; filename=\"{}-referee-report.txt\"",
            access.tournament.short_name
        );
        return Ok((
            StatusCode::OK,
            [
                (
                    header::CONTENT_TYPE,
                    "text/plain; charset=utf-8".to_string(),
                ),
                (header::CONTENT_DISPOSITION, file),
            ],
            body,
        )
            .into_response());
    }
    Ok(render(&ReportPage {
        layout,
        tournament: access.tournament,
        dates,
        report,
    })?
    .into_response())
}
