//! One appeal before the committee: review, decision, referral to the
//! federation's rules commission and its ruling.

use super::list::settle_as_staff;
use crate::core::access::Action;
use crate::core::command::Command;
use crate::core::discipline::{
    Appeal, AppealId, AppealState, Appealed, Book, Decision, Official, Outcome, Reason, Remedy,
};
use crate::core::results;
use crate::desk::TournamentRow;
use crate::desk::now;
use crate::web::AppState;
use crate::web::access::Access;
use crate::web::access::{Staff, may};
use crate::web::acts::FormError;
use crate::web::appeal_words::{Summary, summary};
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::page::{Ctx, Layout};
use crate::web::urls;
use crate::web::view::view;
use askama::Template;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Redirect, Response};

#[derive(Template)]
#[template(path = "appeals/show.html")]
pub(super) struct ShowPage {
    layout: Layout,
    tournament: TournamentRow,
    appeal: Summary,
    /// Panel members who may sign, when it is under review.
    panel: Vec<String>,
    can_decide: bool,
    can_escalate: bool,
    /// Opens the referees' pages, so their tabs are shown.
    can_referee: bool,
    is_filed: bool,
    is_under_review: bool,
    is_decided: bool,
    is_escalated: bool,
    /// The appeal is about a game, so a decision may set its result.
    has_game: bool,
    error: String,
    /// What a refused decision or ruling sent, shown again as typed.
    typed: DecisionForm,
}

pub(super) async fn show_page(
    _app: &AppState,
    ctx: &Ctx,
    access: Access,
    id: u32,
    error: String,
    typed: DecisionForm,
) -> WebResult<Response> {
    let view = access.view().await?;
    let appeal = view
        .book
        .appeal(AppealId(id))
        .ok_or(WebError::NotFound)?
        .clone();
    let panel = match &appeal.state {
        AppealState::UnderReview { panel, .. } => panel
            .members
            .iter()
            .map(|m| m.name.as_str().to_string())
            .collect(),
        _ => Vec::new(),
    };
    let page = ShowPage {
        layout: Layout::titled(
            ctx,
            &format!(
                "{} — {}",
                access.tournament.name,
                ctx.lang
                    .tf("title.appeal", &[("n", appeal.id.0.to_string())])
            ),
        ),
        appeal: summary(
            &view.effective.tournament,
            &view.book,
            &appeal,
            ctx.lang,
            &access.tournament.time_zone,
        ),
        panel,
        can_decide: access.may(Action::DecideAppeal).await?,
        can_escalate: access.may(Action::EditSettings).await?,
        can_referee: access.may(Action::LogSanction).await?,
        is_filed: matches!(appeal.state, AppealState::Filed),
        is_under_review: matches!(appeal.state, AppealState::UnderReview { .. }),
        is_decided: matches!(appeal.state, AppealState::Decided { .. }),
        is_escalated: matches!(appeal.state, AppealState::Escalated { .. }),
        has_game: appeal.game(&view.book.log).is_some(),
        tournament: access.tournament,
        error,
        typed,
    };
    crate::web::page::render_refusal(&page, !page.error.is_empty())
}

pub(super) async fn show(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::ReadAppeals>,
    ctx: Ctx,
    Path((_, id)): Path<(String, u32)>,
) -> WebResult<Response> {
    show_page(
        &app,
        &ctx,
        access,
        id,
        String::new(),
        DecisionForm::default(),
    )
    .await
}

/// Back to the appeal, or the appeal again with the refusal and what was
/// typed.
pub(super) async fn after_step<T>(
    app: &AppState,
    ctx: &Ctx,
    access: Access,
    (id, typed): (u32, DecisionForm),
    outcome: Result<T, FormError>,
    notice: &'static str,
) -> WebResult<Response> {
    match outcome {
        Ok(_) => Ok((
            Flash::new(notice),
            Redirect::to(&urls::appeal(&access.tournament.short_name, id)),
        )
            .into_response()),
        Err(e) => show_page(app, ctx, access, id, e.message(ctx.lang), typed).await,
    }
}

pub(super) async fn review(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::DecideAppeal>,
    ctx: Ctx,
    Path((_, id)): Path<(String, u32)>,
) -> WebResult<Response> {
    let command = Command::TakeUpAppeal {
        appeal: AppealId(id),
    };
    let outcome = settle_as_staff(&app, &access, command).await?;
    let typed = (id, DecisionForm::default());
    after_step(
        &app,
        &ctx,
        access,
        typed,
        outcome,
        "notice.appeal_reviewing",
    )
    .await
}

/// What a decision or ruling form sends.
#[derive(serde::Deserialize, Default)]
pub(super) struct DecisionForm {
    #[serde(default)]
    outcome: String,
    #[serde(default)]
    reasons: String,
    /// Panel members who sign (checkboxes), or names one per line for a ruling.
    #[serde(default)]
    signed_by: Vec<String>,
    #[serde(default)]
    signers: String,
    /// The decided result of the game, as a result code; empty: unchanged.
    #[serde(default)]
    result: String,
    /// Also take the appealed entry's effect away (a modified decision).
    #[serde(default)]
    revoke: Option<String>,
    /// Fewer than three sign: the committee could not meet in full in time.
    #[serde(default)]
    could_not_meet: Option<String>,
}

pub(super) fn decision(
    form: &DecisionForm,
    appeal: &Appeal,
    book: &Book,
) -> Result<Decision, FormError> {
    let outcome = match form.outcome.as_str() {
        "upheld" => Outcome::Upheld,
        "rejected" => Outcome::Rejected,
        "modified" => Outcome::Modified,
        "declined" => Outcome::Declined,
        _ => return Err(FormError::Field("appeals.choose_outcome")),
    };
    let reasons = Reason::new(&form.reasons).map_err(FormError::Discipline)?;
    let signed_by = form
        .signed_by
        .iter()
        .map(String::as_str)
        .chain(form.signers.lines())
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(Official::new)
        .collect::<Result<Vec<_>, _>>()
        .map_err(FormError::Discipline)?;
    let mut remedies = Vec::new();
    if let (Some(_), Appealed::Entry(id)) = (&form.revoke, appeal.filing.appealed) {
        remedies.push(Remedy::Revoke(id));
    }
    if !form.result.trim().is_empty() {
        let (result, origin) =
            results::parse_code(&form.result).ok_or(FormError::Field("referee.bad_result"))?;
        let game = appeal
            .game(&book.log)
            .ok_or(FormError::Field("appeals.no_game"))?;
        remedies.push(Remedy::SetResult {
            game,
            result,
            origin,
        });
    }
    Ok(Decision {
        outcome,
        reasons,
        signed_by,
        at: now(),
        remedies,
        could_not_meet: form.could_not_meet.is_some(),
    })
}

/// Records a decision (`federation`: the rules commission's ruling); the
/// audit log keeps every result it changed, before and after.
pub(super) async fn decide_with(
    app: &AppState,
    access: &Access,
    id: u32,
    form: &DecisionForm,
    federation: bool,
) -> WebResult<Result<(), FormError>> {
    let current = view(app, access.tournament.tournament_id).await?;
    let appeal = current
        .book
        .appeal(AppealId(id))
        .ok_or(WebError::NotFound)?;
    let decision = match decision(form, appeal, &current.book) {
        Ok(d) => d,
        Err(e) => return Ok(Err(e)),
    };
    let appeal = AppealId(id);
    let command = if federation {
        Command::RuleOnAppeal {
            appeal,
            ruling: decision,
        }
    } else {
        Command::DecideAppeal { appeal, decision }
    };
    Ok(settle_as_staff(app, access, command).await?.map(|_| ()))
}

pub(super) async fn decide(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::DecideAppeal>,
    ctx: Ctx,
    Path((_, id)): Path<(String, u32)>,
    axum_extra::extract::Form(form): axum_extra::extract::Form<DecisionForm>,
) -> WebResult<Response> {
    let outcome = decide_with(&app, &access, id, &form, false).await?;
    after_step(
        &app,
        &ctx,
        access,
        (id, form),
        outcome,
        "notice.appeal_decided",
    )
    .await
}

pub(super) async fn escalate(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::EditSettings>,
    ctx: Ctx,
    Path((_, id)): Path<(String, u32)>,
) -> WebResult<Response> {
    let command = Command::EscalateAppeal {
        appeal: AppealId(id),
    };
    let outcome = settle_as_staff(&app, &access, command).await?;
    let typed = (id, DecisionForm::default());
    after_step(&app, &ctx, access, typed, outcome, "notice.appeal_referred").await
}

pub(super) async fn rule(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::EditSettings>,
    ctx: Ctx,
    Path((_, id)): Path<(String, u32)>,
    axum_extra::extract::Form(form): axum_extra::extract::Form<DecisionForm>,
) -> WebResult<Response> {
    let outcome = decide_with(&app, &access, id, &form, true).await?;
    after_step(
        &app,
        &ctx,
        access,
        (id, form),
        outcome,
        "notice.appeal_ruled",
    )
    .await
}
