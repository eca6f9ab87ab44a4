//! One board at the desk: a sanction, a late arrival, a protest, a
//! confirmation, a correction, an incident at the board (a neutralised
//! clock, premature passes, an illegal move, a disturbed position, a
//! corrected clock, a violation) or an adjournment in a tap or two, and the
//! adjourned game's sealing label (`label.rs`).

use super::desk::paired_round;
use super::{record_or_explain, saved_notice};
use crate::core::access::Action;
use crate::core::discipline::{
    Act, Confirmer, DisciplineError, GameRef, PenaltyCause, Players, Reason, Sanction,
    SanctionKind, StartKind, Subject, adjourned, finite_time_under_territory,
};
use crate::core::events::pair_go::{OrderClaim, OrderRuling, order_ruling};
use crate::core::round::Colour;
use crate::core::rules::Profile;
use crate::core::rules::counting::{Board, Kind};
use crate::core::settings::Resumption;
use crate::core::{BoardNo, HalfPoints, Tournament, results};
use crate::desk::now;
use crate::store::tournaments::TournamentRow;
use crate::web::AppState;
use crate::web::access::authorise;
use crate::web::acts::{FormError, recorded_count, wall_clock};
use crate::web::auth::SignedIn;
use crate::web::error::{WebError, WebResult};
use crate::web::i18n::Lang;
use crate::web::incidents::{clock_time, name};
use crate::web::page::{Ctx, Layout};
use crate::web::urls;
use crate::web::view::{View, view};
use askama::Template;
use axum::Form;
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Redirect, Response};
use form::BoardForm;
use incident_forms::{
    incident_act, neutralisation_choices, remedy_choices, violation, violation_choices,
};
use tools::{count_kind, counted, nigiri, order_of_play, resumption_times, review, stones};

/// One player's tally on the board page.
pub(super) struct SideStatus {
    warnings: u32,
    /// Penalty points, "" when none.
    penalty: String,
    /// Minutes added to or taken from the clock, in words ("+5 мин"); ""
    /// when none.
    minutes: String,
    /// The time the referee last set the clock to, "" when never.
    clock: String,
}

#[derive(Template)]
#[template(path = "referee/board.html")]
pub(super) struct BoardPage {
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
    /// What lateness counts from, in words.
    late_from: String,
    /// When the absent player may be forfeited ("" before the round starts).
    forfeit_from: String,
    forfeit_now: bool,
    /// Seconds until the forfeit time, when it is still to come: the
    /// buttons open then without a reload (issue 31).
    forfeit_in: u64,
    incidents: Vec<history::BoardIncident>,
    /// Where an annulment is posted.
    annul_action: String,
    /// Pair go or rengo: who moves, in turn, from the first move (empty otherwise).
    order: Vec<String>,
    /// How this game is counted: "fill_in", "area" or "territory".
    count_kind: &'static str,
    /// The ruleset leaves the kind of count to the referee (custom rules).
    count_kind_free: bool,
    /// Passes hand the opponent a prisoner, and White passes last (GTR
    /// area scoring with Japanese material).
    pass_stones: bool,
    /// A count's result, "B+2.5", shown before it is recorded.
    counted: String,
    /// Stone counts that are not 180, for the referee to review.
    review: String,
    /// After a nigiri: the name of who plays Black.
    nigiri_black: String,
    /// The GTR's twelve circumstances for a neutralised clock: (key, words).
    neutralisations: Vec<(&'static str, String)>,
    /// The GTR's five procedures for a disturbed position: (number, words).
    remedies: Vec<(u8, String)>,
    /// Violations at this board a sanction may still name: (entry, words).
    violations: Vec<(u32, String)>,
    /// Premature passes reset the clocks here (territory, finite time).
    premature_passes: bool,
    /// What a clock cut must leave, in words (the RFG code's 15 minutes), or "".
    least_after_cut: String,
    /// When the game resumes if it is adjourned, else "".
    adjourned: String,
    /// The count was referred to the chief referee, who alone records it.
    count_in_dispute: bool,
    /// The published resumption times, empty where adjournment is not allowed.
    resumption_times: Vec<String>,
    /// The board's sealing label.
    label: String,
    form: BoardForm,
    error: String,
}

pub(super) async fn show_board(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, n, b)): Path<(String, u32, u32)>,
    Query(query): Query<BoardQuery>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::LogSanction).await?;
    let view = view(&app, access.tournament.tournament_id).await?;
    let game = game_ref(&view.entered, n, b)?;
    let form = BoardForm {
        count_kind: query.count,
        ..BoardForm::default()
    };
    board_page(&ctx, access.tournament, &view, game, form, String::new())
}

/// The board page's address may pick the kind of count (custom rules).
#[derive(serde::Deserialize, Default)]
pub(super) struct BoardQuery {
    #[serde(default)]
    count: String,
}

pub(super) fn game_ref(t: &Tournament, n: u32, b: u32) -> WebResult<GameRef> {
    let round = paired_round(t, n)?;
    let board = BoardNo::new(b).ok_or(WebError::NotFound)?;
    t.game_on(round, board).ok_or(WebError::NotFound)?;
    Ok(GameRef { round, board })
}

pub(super) fn board_page(
    ctx: &Ctx,
    tournament: TournamentRow,
    view: &View,
    game: GameRef,
    form: BoardForm,
    error: String,
) -> WebResult<Response> {
    let t = &view.effective.tournament;
    let g = game.game(t)?;
    let board = Board::of(&t.settings().rules, g);
    let kind = count_kind(&form, &board);
    let status = view.board_status(game)?;
    let now = now();
    let incidents = history::incidents(ctx, view, game, &tournament.time_zone)?;
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
        result: results::game_notation(g),
        note_key: crate::web::incidents::note_key(g.result, g.origin),
        sides: [0, 1].map(|i| SideStatus {
            warnings: status.warnings[i],
            penalty: if status.penalties[i] == HalfPoints::ZERO {
                String::new()
            } else {
                status.penalties[i].to_string()
            },
            minutes: match status.time_changes[i] / 60 {
                0 => String::new(),
                m => ctx.lang.tf("time.minutes", &[("n", format!("{m:+}"))]),
            },
            clock: status.clocks[i].map(clock_time).unwrap_or_default(),
        }),
        warnings_to_forfeit: status.warnings_to_forfeit,
        protests: status.protests.iter().map(|p| name(t, *p)).collect(),
        confirmed: status.locked_by.is_some(),
        started: status.start.is_some(),
        late_from: status.start.map_or_else(String::new, |start| {
            let key = match start.kind {
                StartKind::Official => "referee.late_from.official",
                StartKind::Round => "referee.late_from.round",
                StartKind::Board => "referee.late_from.board",
            };
            let time = crate::web::acts::hour(start.at.unix_seconds(), &tournament.time_zone);
            ctx.lang.tf(key, &[("time", time)])
        }),
        forfeit_from: status
            .forfeit_from
            .map(|at| wall_clock(at, &tournament.time_zone))
            .unwrap_or_default(),
        forfeit_now: status.forfeit_from.is_some_and(|at| at <= now),
        forfeit_in: status.forfeit_from.map_or(0, |at| at.since(now).as_secs()),
        incidents,
        annul_action: format!("{}/annul", urls::referee(&tournament.short_name)),
        order: order_of_play(t, g),
        count_kind: match kind {
            Kind::FillIn => "fill_in",
            Kind::Area => "area",
            Kind::Territory => "territory",
        },
        count_kind_free: Kind::of(board.profile).is_none(),
        pass_stones: board.profile.is_some_and(Profile::pass_gives_prisoner),
        counted: match (form.act.as_str(), error.is_empty()) {
            ("count", true) => counted(&form, &board)
                .map(|o| o.to_string())
                .unwrap_or_default(),
            _ => String::new(),
        },
        review: review(&form),
        nigiri_black: match (form.act.as_str(), nigiri(&form)) {
            ("nigiri", Ok(Colour::White)) => name(t, g.white),
            ("nigiri", Ok(Colour::Black)) => name(t, g.black),
            _ => String::new(),
        },
        neutralisations: neutralisation_choices(ctx.lang),
        remedies: remedy_choices(ctx.lang),
        violations: violation_choices(t, &view.book.log, game, ctx.lang),
        premature_passes: finite_time_under_territory(view.entered.settings()),
        least_after_cut: view
            .book
            .settings
            .least_time_after_cut()
            .map(|least| {
                ctx.lang
                    .tf("referee.least_after_cut", &[("least", clock_time(least))])
            })
            .unwrap_or_default(),
        count_in_dispute: view.book.log.count_in_dispute(game),
        adjourned: adjourned(t, &view.book.log)
            .get(&game)
            .map(ToString::to_string)
            .unwrap_or_default(),
        resumption_times: resumption_times(t),
        label: format!(
            "{}/label",
            urls::referee_board(&tournament.short_name, game.round, game.board)
        ),
        tournament,
        form,
        error,
    };
    crate::web::page::render_refusal(&page, !page.error.is_empty())
}

impl BoardPage {
    /// The count as typed, carried by the form that records it.
    fn count_fields(&self) -> Vec<(&'static str, String)> {
        let f = &self.form;
        let on = |checked: &Option<String>| checked.as_ref().map(|_| "on".to_string());
        [
            ("owner", Some(f.owner.clone())),
            ("empty_points", Some(f.empty_points.clone())),
            ("losing_stones", Some(f.losing_stones.clone())),
            ("seki", on(&f.seki)),
            ("black_last", on(&f.black_last)),
            ("black_stones", Some(f.black_stones.clone())),
            ("white_stones", Some(f.white_stones.clone())),
            ("black_area", Some(f.black_area.clone())),
            ("white_area", Some(f.white_area.clone())),
            ("black_territory", Some(f.black_territory.clone())),
            ("black_prisoners", Some(f.black_prisoners.clone())),
            ("black_passes", Some(f.black_passes.clone())),
            ("white_territory", Some(f.white_territory.clone())),
            ("white_prisoners", Some(f.white_prisoners.clone())),
            ("white_passes", Some(f.white_passes.clone())),
            ("white_last_pass", on(&f.white_last_pass)),
        ]
        .into_iter()
        .filter_map(|(name, value)| value.filter(|v| !v.is_empty()).map(|v| (name, v)))
        .collect()
    }
}

/// The act a board form asks for, or why it cannot be done.
pub(super) fn board_act(
    t: &Tournament,
    game: GameRef,
    form: &BoardForm,
    lang: Lang,
) -> Result<Act, FormError> {
    let g = t
        .game_on(game.round, game.board)
        .ok_or(FormError::Discipline(DisciplineError::NoSuchGame {
            round: game.round,
            board: game.board,
        }))?;
    let side = |value: &str| match value {
        "white" => Some(Players::One(g.white)),
        "black" => Some(Players::One(g.black)),
        "both" => Some(Players::Both),
        _ => None,
    };
    if let Some(act) = incident_act(game, form, side) {
        return act;
    }
    let players = side(&form.player);
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
            violation: violation(form)?,
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
            // How many points or periods a penalty may be is the core's
            // to say (`ImpossiblePenalty`), as for the API.
            let amount = || {
                form.amount
                    .trim()
                    .parse::<u8>()
                    .map_err(|_| FormError::Field("referee.bad_amount"))
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
                .parse::<i32>()
                .ok()
                .and_then(|m| m.checked_mul(60))
                .ok_or(FormError::Field("referee.bad_minutes"))?;
            // How much time is possible is the core's to say, as for the API.
            sanction(SanctionKind::TimeChange {
                game,
                players: some()?,
                seconds: minutes,
            })
        }
        "removal_round" => sanction(SanctionKind::RemovalFromRound {
            player: one()?,
            round: game.round,
        }),
        // RFG App. 4 §3.6: the ruling follows from the claim; only a
        // penalty or a lost game is an act to record.
        "order_error" => match order_ruling(OrderClaim {
            immediately: form.immediately.is_some(),
            intentional: form.intentional.is_some(),
            previous_move_in_order: form.previous_in_order.is_some(),
        }) {
            OrderRuling::TooLate => Err(FormError::Field("side.ruling.too_late")),
            OrderRuling::NoPenalty => Err(FormError::Field("side.ruling.no_penalty")),
            OrderRuling::GameLost => sanction(SanctionKind::GameForfeit {
                game,
                players: Players::One(one()?),
            }),
            OrderRuling::Penalty(_) => sanction(SanctionKind::PenaltyPoints {
                game,
                player: one()?,
                cause: PenaltyCause::PairGoOrder,
            }),
        },
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
            let (result, origin, method) = results::parse_entry_code(&form.result)
                .ok_or(FormError::Field("referee.bad_result"))?;
            Ok(Act::Correction {
                game,
                result,
                origin,
                method,
                reason: reason()?,
            })
        }
        // The referee's count, recorded with its margin (RFG 11.3) as a
        // referee's correction of the board's result.
        "record_count" => {
            let board = Board::of(&t.settings().rules, g);
            let outcome = counted(form, &board)?;
            recorded_count(game, outcome, &stones(form), lang).map_err(FormError::Discipline)
        }
        "played_as" => {
            let restart = match form.third_move.as_str() {
                "before" => true,
                "after" => false,
                _ => return Err(FormError::Field("referee.choose_noticed")),
            };
            let handicap = match form.handicap.trim() {
                "" => None,
                text => Some(
                    text.parse::<u8>()
                        .map_err(|_| FormError::Field("referee.bad_handicap"))?,
                ),
            };
            Ok(Act::PlayedAs {
                game,
                restart,
                colours_swapped: form.swapped.is_some(),
                handicap,
            })
        }
        "adjourn" => Ok(Act::Adjourned {
            game,
            resumes: Resumption::parse(&form.resumes)
                .ok_or(FormError::Field("referee.choose_resumption"))?,
        }),
        _ => Err(FormError::Field("referee.choose_act")),
    }
}

pub(super) async fn act_on_board(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, n, b)): Path<(String, u32, u32)>,
    Form(form): Form<BoardForm>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::LogSanction).await?;
    let current = view(&app, access.tournament.tournament_id).await?;
    let game = game_ref(&current.entered, n, b)?;
    // A count is shown first; recording it is a second tap. A nigiri
    // only says who plays Black.
    if form.act == "count" || form.act == "nigiri" {
        let error = match form.act.as_str() {
            "count" => {
                let g = game.game(&current.entered)?;
                counted(&form, &Board::of(&current.entered.settings().rules, g)).err()
            }
            _ => nigiri(&form).err(),
        }
        .map(|e| e.message(ctx.lang))
        .unwrap_or_default();
        return board_page(&ctx, access.tournament, &current, game, form, error);
    }
    let replace = form.replace.is_some();
    let outcome = match board_act(&current.entered, game, &form, ctx.lang) {
        Ok(act) => record_or_explain(&app, &access, act, replace).await?,
        Err(e) => Err(e),
    };
    match outcome {
        Ok(entry) => Ok((
            saved_notice(&app, &access, ctx.lang, &entry).await,
            Redirect::to(&urls::referee_board(&short, n, b)),
        )
            .into_response()),
        // A forfeit or an absence on a board with a result asks first.
        Err(FormError::Discipline(DisciplineError::AlreadyDecided { becomes, .. })) => {
            replace::ask(
                &ctx,
                &current,
                game,
                becomes,
                &form,
                &urls::referee_board(&short, n, b),
            )
        }
        Err(e) => {
            let current = view(&app, access.tournament.tournament_id).await?;
            let message = e.message_in(ctx.lang, Some(&access.tournament.time_zone));
            board_page(&ctx, access.tournament, &current, game, form, message)
        }
    }
}

mod form;
mod history;
mod incident_forms;
mod label;
mod replace;
mod tools;

pub(super) use label::show_label;
