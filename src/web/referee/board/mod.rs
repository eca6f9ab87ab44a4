//! One board at the desk: a sanction, a late arrival, a protest, a
//! confirmation, a correction or an adjournment in a tap or two, and the
//! adjourned game's sealing label (`label.rs`).

use super::desk::paired_round;
use super::record_or_explain;
use crate::core::access::Action;
use crate::core::discipline::{
    Act, Confirmer, DisciplineError, GameRef, PenaltyCause, Players, Reason, Sanction,
    SanctionKind, Subject, adjourned, board_status, start_of,
};
use crate::core::events::pair_go::{OrderClaim, OrderRuling, member_to_move, order_ruling};
use crate::core::round::{Colour, ResultOrigin};
use crate::core::settings::Resumption;
use crate::core::{BoardNo, HalfPoints, Tournament, results};
use crate::desk::now;
use crate::store::tournaments::TournamentRow;
use crate::web::AppState;
use crate::web::access::authorise;
use crate::web::acts::{FormError, wall_clock};
use crate::web::auth::SignedIn;
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::incidents::{describe, name};
use crate::web::page::{Ctx, Layout};
use crate::web::urls;
use crate::web::view::{View, view};
use askama::Template;
use axum::Form;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Redirect, Response};
use tools::{counted, nigiri, resumption_times, review};

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
    /// A move out of order (pair go, rengo): the three facts of the claim.
    #[serde(default)]
    immediately: Option<String>,
    #[serde(default)]
    intentional: Option<String>,
    #[serde(default)]
    previous_in_order: Option<String>,
    /// A colour or handicap error: noticed "before" or "after" the third
    /// move, the colours swapped, the handicap stones placed.
    #[serde(default)]
    third_move: String,
    #[serde(default)]
    swapped: Option<String>,
    #[serde(default)]
    handicap: String,
    /// WMSG fill-in count: whose territory is left partly unfilled
    /// ("black" or "white"), its empty points, the losing stones in it, an
    /// unfilled seki point, and whether Black moved last.
    #[serde(default)]
    owner: String,
    #[serde(default)]
    empty_points: String,
    #[serde(default)]
    losing_stones: String,
    #[serde(default)]
    seki: Option<String>,
    #[serde(default)]
    black_last: Option<String>,
    /// Stones of each colour counted after the count, "" when not counted
    /// (WMSG Proc. 9: 180 each).
    #[serde(default)]
    black_stones: String,
    #[serde(default)]
    white_stones: String,
    /// Nigiri: who holds the white stones ("white" or "black", as paired),
    /// how many, and the other's guess ("odd" or "even").
    #[serde(default)]
    nigiri_holder: String,
    #[serde(default)]
    nigiri_stones: String,
    #[serde(default)]
    nigiri_guess: String,
    /// Adjournment: when the game resumes, one of the published times.
    #[serde(default)]
    resumes: String,
}

/// One player's tally on the board page.
pub(super) struct SideStatus {
    warnings: u32,
    /// Penalty points, "" when none.
    penalty: String,
    minutes: i32,
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
    /// When the absent player may be forfeited ("" before the round starts).
    forfeit_from: String,
    forfeit_now: bool,
    incidents: Vec<String>,
    /// Pair go or rengo: who moves, in turn, from the first move (empty otherwise).
    order: Vec<String>,
    /// A fill-in count's result, "B+2.5", shown before it is recorded.
    counted: String,
    /// Stone counts that are not 180, for the referee to review.
    review: String,
    /// After a nigiri: the name of who plays Black.
    nigiri_black: String,
    /// When the game resumes if it is adjourned, else "".
    adjourned: String,
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
        result: results::game_notation(g),
        note_key: crate::web::incidents::note_key(g.result, g.origin),
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
        order: order_of_play(t, g),
        counted: match (form.act.as_str(), error.is_empty()) {
            ("count", true) => counted(&form).map(|o| o.to_string()).unwrap_or_default(),
            _ => String::new(),
        },
        review: review(&form),
        nigiri_black: match (form.act.as_str(), nigiri(&form)) {
            ("nigiri", Ok(Colour::White)) => name(t, g.white),
            ("nigiri", Ok(Colour::Black)) => name(t, g.black),
            _ => String::new(),
        },
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

/// Who moves in a pair go or rengo game, one full turn of both sides from
/// move 1 (RFG App. 4 §3.3), as "⚫ name"; empty for a game of two players.
fn order_of_play(t: &Tournament, g: &crate::core::Game) -> Vec<String> {
    let side = |id| {
        let members = t.player(id).map(|p| p.members.clone()).unwrap_or_default();
        (members.len() >= 2).then_some(members)
    };
    let (Some(black), Some(white)) = (side(g.black), side(g.white)) else {
        return Vec::new();
    };
    let turn = 2 * black.len().max(white.len());
    (1..=turn as u32)
        .map(|n| {
            let (colour, _) = member_to_move(n, g.handicap, 1);
            let members = if colour == Colour::Black {
                &black
            } else {
                &white
            };
            let (_, k) = member_to_move(n, g.handicap, members.len());
            let stone = if colour == Colour::Black {
                "⚫"
            } else {
                "⚪"
            };
            format!("{stone} {}", members[k].name)
        })
        .collect()
}

/// The act a board form asks for, or why it cannot be done.
pub(super) fn board_act(t: &Tournament, game: GameRef, form: &BoardForm) -> Result<Act, FormError> {
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
            let (result, origin) =
                results::parse_code(&form.result).ok_or(FormError::Field("referee.bad_result"))?;
            Ok(Act::Correction {
                game,
                result,
                origin,
                reason: reason()?,
            })
        }
        // WMSG 2008 fill-in: the counted result, recorded with its margin
        // in the reason, as a referee's correction of the board's result.
        "record_count" => {
            let outcome = counted(form)?;
            // A stone count off 180 goes into the log for review (WMSG Proc. 9).
            let review = match review(form) {
                r if r.is_empty() => r,
                r => format!("; stones to review: {r}"),
            };
            Ok(Act::Correction {
                game,
                result: outcome.result,
                origin: ResultOrigin::Played,
                reason: Reason::new(&format!("WMSG 2008 fill-in count: {outcome}{review}"))
                    .map_err(FormError::Discipline)?,
            })
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
            "count" => counted(&form).err(),
            _ => nigiri(&form).err(),
        }
        .map(|e| e.message(ctx.lang))
        .unwrap_or_default();
        return board_page(&ctx, access.tournament, &current, game, form, error);
    }
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

mod label;
mod tools;

pub(super) use label::show_label;
