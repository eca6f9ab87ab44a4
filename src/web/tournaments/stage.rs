//! The final stage made from qualifying groups in one action (RFG code
//! 18.2, App. 6 §6.11): the organiser picks the group tournaments, how many
//! each sends and how the final is played; Tengen creates the final with
//! the qualifiers seeded so that group-mates meet as late as possible.

use crate::web::access::{Staff, may};
use askama::Template;
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Redirect, Response};
// Repeated fields (the group boxes) need serde_html_form's decoder.
use axum_extra::extract::Form;
use serde::Deserialize;

use crate::core::command::{Header, Refusal, State as Aggregate};
use crate::core::events::final_stage::final_stage;
use crate::core::events::stages::{FinalFormat, GroupFormat, StageProblem, StageRules};
use crate::core::{System, Tournament};
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::access::Access;
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::page::{Ctx, FieldErrors, Layout, render, render_invalid};
use crate::web::refusals::field_errors;
use crate::web::urls;

/// The form as sent.
#[derive(Debug, Clone, Deserialize)]
pub(super) struct StageForm {
    #[serde(default)]
    group: Vec<String>,
    qualifiers: String,
    format: String,
    name: String,
    short_name: String,
    /// Ticked: groups still being played are taken as they stand.
    #[serde(default)]
    unfinished: Option<String>,
}

#[derive(Template)]
#[template(path = "tournaments/stage.html")]
struct StagePage {
    layout: Layout,
    tournament: TournamentRow,
    /// Short name, name, chosen: the tournaments the organiser may take as groups.
    groups: Vec<(String, String, bool)>,
    qualifiers: String,
    knockout: bool,
    /// Groups still being played are taken as they stand.
    unfinished: bool,
    name: String,
    short_name: String,
    errors: FieldErrors,
}

/// The tournaments `access.me` organises, this one first.
async fn candidates(app: &AppState, access: &Access) -> WebResult<Vec<TournamentRow>> {
    let mut out = vec![access.tournament.clone()];
    let others = app.desk.organised(&app.store.pool, &access.me).await?;
    out.extend(
        others
            .into_iter()
            .filter(|row| row.tournament_id != access.tournament.tournament_id),
    );
    Ok(out)
}

fn page(
    ctx: &Ctx,
    access: &Access,
    rows: &[TournamentRow],
    form: &StageForm,
    errors: FieldErrors,
) -> StagePage {
    StagePage {
        layout: Layout::new(ctx, "stage.title"),
        tournament: access.tournament.clone(),
        groups: rows
            .iter()
            .map(|r| {
                let chosen = form.group.contains(&r.short_name);
                (r.short_name.clone(), r.name.clone(), chosen)
            })
            .collect(),
        qualifiers: form.qualifiers.clone(),
        knockout: form.format != "round_robin",
        unfinished: form.unfinished.is_some(),
        name: form.name.clone(),
        short_name: form.short_name.clone(),
        errors,
    }
}

pub(super) async fn stage_form(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::EditSettings>,
    ctx: Ctx,
    Path(short): Path<String>,
) -> WebResult<Html<String>> {
    let rows = candidates(&app, &access).await?;
    let form = StageForm {
        group: vec![short.clone()],
        qualifiers: "2".into(),
        format: "knockout".into(),
        name: format!("{} — {}", access.tournament.name, ctx.lang.t("stage.final")),
        short_name: format!("{short}-final"),
        unfinished: None,
    };
    render(&page(&ctx, &access, &rows, &form, FieldErrors::default()))
}

/// The problem in the reader's words, on the field it concerns.
/// `groups` are the tournaments chosen as groups, in order.
fn stage_error(ctx: &Ctx, problem: &StageProblem, groups: &[&TournamentRow]) -> FieldErrors {
    let mut errors = FieldErrors::default();
    let (field, text) = match problem {
        StageProblem::NoGroups | StageProblem::GroupCount { .. } => {
            ("group", ctx.lang.t("stage.no_groups"))
        }
        StageProblem::NoQualifiers => ("qualifiers", ctx.lang.t("stage.no_qualifiers")),
        StageProblem::GroupTooSmall {
            group,
            players,
            needed,
        } => (
            "qualifiers",
            ctx.lang.tf(
                "stage.group_too_small",
                &[
                    ("group", group.to_string()),
                    ("players", players.to_string()),
                    ("needed", needed.to_string()),
                ],
            ),
        ),
        StageProblem::RoundRobinTooLarge { players, max } => (
            "format",
            ctx.lang.tf(
                "stage.round_robin_too_large",
                &[("players", players.to_string()), ("max", max.to_string())],
            ),
        ),
        StageProblem::FinalTooSmall(_) => ("qualifiers", ctx.lang.t("stage.final_too_small")),
        StageProblem::PlayerListedTwice(_) => ("group", ctx.lang.t("stage.listed_twice")),
        StageProblem::MixedEntries => ("group", ctx.lang.t("stage.mixed_entries")),
        StageProblem::GroupUnfinished { group } => {
            let name = groups.get(group - 1).map(|r| r.name.clone());
            let name = [("group", name.unwrap_or_else(|| group.to_string()))];
            ("unfinished", ctx.lang.tf("stage.group_unfinished", &name))
        }
    };
    errors.add(field, text);
    errors
}

pub(super) async fn create_final(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::EditSettings>,
    ctx: Ctx,
    Form(form): Form<StageForm>,
) -> WebResult<Response> {
    let rows = candidates(&app, &access).await?;
    let invalid = |errors| -> WebResult<Response> {
        Ok(render_invalid(&page(&ctx, &access, &rows, &form, errors))?.into_response())
    };
    let Ok(k) = form.qualifiers.trim().parse::<usize>() else {
        return invalid(stage_error(&ctx, &StageProblem::NoQualifiers, &[]));
    };
    // Only the tournaments offered, which the organiser may change, are groups.
    let chosen: Vec<&TournamentRow> = rows
        .iter()
        .filter(|r| form.group.contains(&r.short_name))
        .collect();
    let mut groups: Vec<Tournament> = Vec::new();
    for row in &chosen {
        groups.push(
            crate::web::view::view(&app, row.tournament_id)
                .await?
                .effective
                .tournament,
        );
    }
    let (_, first) = app.desk.read(access.tournament.tournament_id).await?;
    let rules = StageRules {
        groups: groups.len(),
        qualifiers_per_group: k,
        group_format: match first.doc.settings().system {
            System::RoundRobin => GroupFormat::RoundRobin,
            _ => GroupFormat::Swiss,
        },
        final_format: match form.format.as_str() {
            "round_robin" => FinalFormat::RoundRobin,
            _ => FinalFormat::Knockout,
        },
    };
    let mut settings = first.doc.settings().clone();
    settings.general.name = form.name.trim().to_string();
    settings.general.short_name = form.short_name.trim().to_string();
    let group_refs: Vec<&Tournament> = groups.iter().collect();
    let unfinished = form.unfinished.is_some();
    let doc = match final_stage(&group_refs, &rules, settings, unfinished) {
        Ok(doc) => doc,
        Err(problem) => return invalid(stage_error(&ctx, &problem, &chosen)),
    };
    let header = Header {
        registration_open: false,
        ..first.header.clone()
    };
    let mut state = Aggregate::new(doc, header);
    state.book.settings = first.book.settings.clone();
    let summary = serde_json::json!({
        "groups": chosen.iter().map(|r| &r.short_name).collect::<Vec<_>>(),
        "qualifiers_per_group": k,
        "final": form.format,
    });
    let created = match app
        .desk
        .create(
            access.me.account_id,
            state,
            crate::core::audit::Event::CreateFinalStage,
            summary,
        )
        .await
        .map_err(WebError::from)
    {
        Ok(created) => created,
        Err(WebError::Refused(refusal)) => match *refusal {
            Refusal::Fields(problems) => return invalid(field_errors(ctx.lang, &problems)),
            other => return Err(other.into()),
        },
        Err(e) => return Err(e),
    };
    Ok((
        Flash::new("notice.tournament_created"),
        Redirect::to(&urls::players(&created.short_name)),
    )
        .into_response())
}
