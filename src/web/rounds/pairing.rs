//! Pairing a round, changing it by hand, publishing, locking and unpairing it.

use crate::core::access::Action;
use crate::core::command::{Command, Done, split_round};
use crate::core::discipline::Reason;
use crate::core::pairing::{self};
use crate::core::schedule::Start;
use crate::core::{PlayerId, RoundNo, Tournament};
use crate::desk::Caller;
use crate::web::AppState;
use crate::web::access::authorise;
use crate::web::access::{Staff, may};
use crate::web::auth::SignedIn;
use crate::web::change::run;
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::page::{ConfirmPage, Ctx, Layout, render};
use crate::web::urls;
use axum::Form;
use axum::extract::{Path, State};
use axum::response::{Html, Redirect};

/// Pairs the first round without games. Pairing a large field takes CPU
/// time, so it runs off the async threads.
pub(super) async fn pair_next_round(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::EditPairings>,
) -> WebResult<(Flash, Redirect)> {
    let caller = Caller::Account(access.me.clone());
    let ran = app
        .desk
        .pair_next(&caller, access.tournament.tournament_id)
        .await?;
    let Done::Round(round) = ran.outcome.done else {
        return Err(WebError::NotFound);
    };
    Ok((
        Flash::new("notice.round_paired").arg("round", round.get()),
        Redirect::to(&urls::round(&access.tournament.short_name, round.get())),
    ))
}

/// What an organiser can set on a paired round.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Mark {
    /// Players may see it.
    Published,
    /// Its results change only by correction or appeal.
    Locked,
}

pub(super) async fn publish_round(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path((short, n)): Path<(String, u32)>,
) -> WebResult<(Flash, Redirect)> {
    mark_round(&app, me, &short, n, Mark::Published).await
}

pub(super) async fn lock_round(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path((short, n)): Path<(String, u32)>,
) -> WebResult<(Flash, Redirect)> {
    mark_round(&app, me, &short, n, Mark::Locked).await
}

pub(super) async fn mark_round(
    app: &AppState,
    me: crate::desk::Account,
    short: &str,
    n: u32,
    mark: Mark,
) -> WebResult<(Flash, Redirect)> {
    let access = authorise(app, short, me, Action::EditPairings).await?;
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let command = match mark {
        Mark::Published => Command::Publish { round },
        Mark::Locked => Command::Lock { round },
    };
    run(&access, None, command).await?;
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
pub(super) async fn confirm_unpair(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::EditPairings>,
    ctx: Ctx,
    Path((short, n)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    // Refused here as the step itself would be, rather than after the question.
    let caller = Caller::Account(access.me.clone());
    app.desk
        .try_run(
            &caller,
            access.tournament.tournament_id,
            Command::Unpair { round },
        )
        .await?;
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

pub(super) async fn unpair_round(
    Staff(access, _): Staff<may::EditPairings>,
    Path((_, n)): Path<(String, u32)>,
) -> WebResult<(Flash, Redirect)> {
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    run(&access, None, Command::Unpair { round }).await?;
    Ok((
        Flash::new("notice.round_unpaired").arg("round", n),
        Redirect::to(&urls::rounds(&access.tournament.short_name)),
    ))
}

/// A round's official start as the schedule form sends it.
#[derive(serde::Deserialize)]
pub(super) struct StartForm {
    version: i32,
    #[serde(default)]
    start: String,
}

/// The organiser sets a round's official start (blank clears it); the
/// round and the players' pages show the assembly from it (RFG 16.6.1).
pub(super) async fn schedule_round(
    Staff(access, _): Staff<may::EditSettings>,
    Path((_, n)): Path<(String, u32)>,
    Form(form): Form<StartForm>,
) -> WebResult<(Flash, Redirect)> {
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let start = match form.start.trim() {
        "" => None,
        text => Some(Start::parse(text).ok_or_else(|| {
            WebError::from(crate::core::command::Refusal::field(
                "start",
                "round.error.bad_start",
            ))
        })?),
    };
    let command = Command::ScheduleRound { round, start };
    run(&access, Some(form.version), command).await?;
    Ok((
        Flash::new("notice.round_scheduled").arg("round", n),
        Redirect::to(&urls::rounds(&access.tournament.short_name)),
    ))
}

/// Why the chief referee cancels a round.
#[derive(serde::Deserialize)]
pub(super) struct CancelForm {
    #[serde(default)]
    reason: String,
}

/// The chief referee cancels the round, results and all (Ukrainian V.3);
/// the reason goes into the referees' log.
pub(super) async fn cancel_round(
    Staff(access, _): Staff<may::CancelRound>,
    Path((_, n)): Path<(String, u32)>,
    Form(form): Form<CancelForm>,
) -> WebResult<(Flash, Redirect)> {
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let reason = Reason::new(&form.reason)
        .map_err(|e| WebError::from(crate::core::command::Refusal::from(e)))?;
    run(&access, None, Command::CancelRound { round, reason }).await?;
    Ok((
        Flash::new("notice.round_cancelled").arg("round", n),
        Redirect::to(&urls::rounds(&access.tournament.short_name)),
    ))
}

/// Problems of a round's pairing, as sentences for the organiser.
pub(super) fn check_lines(ctx: &Ctx, t: &Tournament, round: RoundNo) -> Vec<String> {
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
pub(super) struct EditForm {
    action: String,
    first: u32,
    #[serde(default)]
    second: Option<u32>,
}

/// A manual change to a paired round with no result yet. Hard constraints
/// are checked by the core; a change that breaks one is refused.
pub(super) async fn edit_pairing(
    Staff(access, _): Staff<may::EditPairings>,
    Path((_, n)): Path<(String, u32)>,
    Form(form): Form<EditForm>,
) -> WebResult<(Flash, Redirect)> {
    use pairing::manual::Edit;
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
    run(&access, None, Command::AdjustPairing { round, edit }).await?;
    Ok((
        Flash::new("notice.pairing_edited").arg("round", n),
        Redirect::to(&urls::round(&access.tournament.short_name, n)),
    ))
}
