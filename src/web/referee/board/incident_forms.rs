//! The board page's incidents that are not sanctions: a neutralised clock,
//! premature passes, an illegal move, a disturbed position, a corrected
//! clock and a violation (GTR "Irregularities", "Clock neutralisation";
//! RFG 24.7 б; Ukrainian rules IV.4), read from their forms, and the
//! choices those forms offer.

use super::BoardForm;
use crate::core::discipline::{
    Act, DisturbanceRemedy, EntryId, GameRef, Log, NeutralisationReason, Players, Reason,
    TimeAdjustment, open_violations,
};
use crate::core::{PlayerId, Tournament};
use crate::web::acts::FormError;
use crate::web::i18n::Lang;
use crate::web::incidents::{REMEDIES, describe, neutralisation_key};

/// The act an incident form asks for; `None` when `act` names none of them.
/// `side` reads a form's "white", "black" or "both" as the game's players.
pub(super) fn incident_act(
    game: GameRef,
    form: &BoardForm,
    side: impl Fn(&str) -> Option<Players>,
) -> Option<Result<Act, FormError>> {
    let players = side(&form.player);
    let one = || match players {
        Some(Players::One(p)) => Ok(p),
        _ => Err(FormError::Field("referee.choose_player")),
    };
    let act = match form.act.as_str() {
        "neutralisation" => NeutralisationReason::from_key(&form.neutralisation)
            .ok_or(FormError::Field("referee.choose_neutralisation"))
            .map(|reason| Act::Neutralisation {
                game,
                reason,
                player: match players {
                    Some(Players::One(p)) => Some(p),
                    _ => None,
                },
            }),
        "premature_passes" => Ok(Act::PrematurePasses { game }),
        "illegal_move" => illegal_move(game, form, one, side),
        "disturbance" => disturbance(game, form, one),
        "clock_correction" => clock_correction(game, form, one),
        "violation" => players
            .ok_or(FormError::Field("referee.choose_player"))
            .and_then(|players| {
                Ok(Act::Violation {
                    game,
                    players,
                    what: reason(&form.reason)?,
                })
            }),
        "mediated" => reason(&form.reason).map(|note| Act::Mediated { game, note }),
        "count_disputed" => {
            reason(&form.reason).map(|dispute| Act::CountDisputed { game, dispute })
        }
        _ => return None,
    };
    Some(act)
}

fn reason(text: &str) -> Result<Reason, FormError> {
    Reason::new(text).map_err(FormError::Discipline)
}

/// GTR "Illegal move": who played it, and the time the referee allows, if any.
fn illegal_move(
    game: GameRef,
    form: &BoardForm,
    one: impl Fn() -> Result<PlayerId, FormError>,
    side: impl Fn(&str) -> Option<Players>,
) -> Result<Act, FormError> {
    let time = match minutes(&form.minutes)? {
        None => None,
        Some(seconds) => Some(TimeAdjustment {
            players: side(&form.time_player)
                .ok_or(FormError::Field("referee.choose_time_player"))?,
            seconds,
        }),
    };
    Ok(Act::IllegalMove {
        game,
        player: one()?,
        time,
    })
}

/// GTR "Position disturbance": the remedy by its number, the disturber for
/// the fourth, and why the earlier ones would not do.
fn disturbance(
    game: GameRef,
    form: &BoardForm,
    one: impl Fn() -> Result<PlayerId, FormError>,
) -> Result<Act, FormError> {
    let remedy = match form.remedy.as_str() {
        "1" => DisturbanceRemedy::CorrectPosition,
        "2" => DisturbanceRemedy::ContinueAsIs,
        "3" => DisturbanceRemedy::Unwind,
        "4" => DisturbanceRemedy::LossToDisturber { player: one()? },
        "5" => DisturbanceRemedy::CancelAndRestart,
        _ => return Err(FormError::Field("referee.choose_remedy")),
    };
    let justification = match form.justification.trim() {
        "" => None,
        text => Some(reason(text)?),
    };
    Ok(Act::Disturbance {
        game,
        remedy,
        justification,
    })
}

/// GTR "Timing error", RFG 24.7 б: whose clock, what it showed, what it shows now.
fn clock_correction(
    game: GameRef,
    form: &BoardForm,
    one: impl Fn() -> Result<PlayerId, FormError>,
) -> Result<Act, FormError> {
    let time = |text: &str| clock(text).ok_or(FormError::Field("referee.bad_clock"));
    Ok(Act::ClockCorrection {
        game,
        player: one()?,
        before_seconds: time(&form.clock_before)?,
        after_seconds: time(&form.clock_after)?,
        reason: reason(&form.reason)?,
    })
}

/// The violation a sanction form names: "" for none, else its entry number.
pub(super) fn violation(form: &BoardForm) -> Result<Option<EntryId>, FormError> {
    match form.violation.trim().trim_start_matches('#') {
        "" => Ok(None),
        text => text
            .parse()
            .map(|n| Some(EntryId(n)))
            .map_err(|_| FormError::Field("referee.choose_violation")),
    }
}

/// Signed minutes ("+2", "-1", "1:30"), as seconds; `None` when blank.
fn minutes(text: &str) -> Result<Option<i32>, FormError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let (sign, rest) = match text.strip_prefix('-').or(text.strip_prefix('−')) {
        Some(rest) => (-1, rest),
        None => (1, text.trim_start_matches('+')),
    };
    // How much time is possible is the core's to say, as for the API.
    clock(rest)
        .and_then(|s| i32::try_from(s).ok())
        .map(|s| Some(sign * s))
        .ok_or(FormError::Field("referee.bad_minutes"))
}

/// A clock's time as typed: minutes ("45"), "m:ss" or "h:mm:ss", in seconds.
fn clock(text: &str) -> Option<u32> {
    let parts: Vec<u32> = text
        .trim()
        .split(':')
        .map(|p| p.trim().parse().ok())
        .collect::<Option<_>>()?;
    match parts[..] {
        [m] => m.checked_mul(60),
        [m, s] if s < 60 => m.checked_mul(60)?.checked_add(s),
        [h, m, s] if m < 60 && s < 60 => h.checked_mul(3600)?.checked_add(m * 60 + s),
        _ => None,
    }
}

/// The pick-list of a neutralised clock: the GTR's twelve circumstances.
pub(super) fn neutralisation_choices(lang: Lang) -> Vec<(&'static str, String)> {
    NeutralisationReason::ALL
        .iter()
        .map(|r| (r.key(), lang.t(neutralisation_key(*r))))
        .collect()
}

/// The five procedures for a disturbed position, numbered in the GTR's order.
pub(super) fn remedy_choices(lang: Lang) -> Vec<(u8, String)> {
    REMEDIES
        .iter()
        .map(|(number, key)| (*number, lang.t(key)))
        .collect()
}

/// The board's violations no sanction names yet: (entry number, in words).
pub(super) fn violation_choices(
    t: &Tournament,
    log: &Log,
    game: GameRef,
    lang: Lang,
) -> Vec<(u32, String)> {
    open_violations(log, game)
        .into_iter()
        .map(|e| (e.id.0, format!("{} {}", e.id, describe(t, lang, e))))
        .collect()
}
