//! The act a board form asks for: the form's fields read into the core's
//! act (a sanction, a ruling, a count, an adjournment), or why it cannot be.

use super::form::BoardForm;
use super::incident_forms::{incident_act, violation};
use super::tools::{counted, stones};
use crate::core::discipline::{
    Act, Confirmer, DisciplineError, GameRef, PenaltyCause, Players, Reason, Sanction,
    SanctionKind, Subject,
};
use crate::core::events::pair_go::{OrderClaim, OrderRuling, order_ruling};
use crate::core::rules::counting::Board;
use crate::core::settings::Resumption;
use crate::core::{HalfPoints, Tournament, results};
use crate::web::acts::{FormError, recorded_count};
use crate::web::i18n::Lang;

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
