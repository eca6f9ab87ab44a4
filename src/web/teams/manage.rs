//! The organiser's teams: the event's team settings, each team with its
//! members and its line-up for the open round, and the form that adds or
//! changes a team.

use crate::web::access::{Staff, may};
use askama::Template;
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Redirect, Response};
// Repeated fields (the member and reserve boxes) need serde_html_form's decoder.
use axum_extra::extract::Form;
use serde::Deserialize;

use super::lineup::{line_up_round, status};
use crate::core::command::{Command, Refusal, State as Aggregate, TeamDraft};
use crate::core::settings::TeamPlacement;
use crate::core::teams::BoardOrder;
use crate::core::teams::individual::IndividualShare;
use crate::core::{PlayerId, Tournament};
use crate::web::AppState;
use crate::web::access::Access;
use crate::web::change::run;
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::page::{Ctx, FieldErrors, Layout, render_refusal};
use crate::web::refusals::field_errors;
use crate::web::urls;

/// The add or change form as sent.
#[derive(Debug, Default, Clone, Deserialize)]
pub(super) struct TeamForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    member: Vec<u32>,
    #[serde(default)]
    reserve: Vec<u32>,
    /// A member's number, or empty for no captain.
    #[serde(default)]
    captain: String,
}

impl TeamForm {
    fn draft(&self) -> TeamDraft {
        TeamDraft {
            name: self.name.clone(),
            members: self.member.iter().map(|&n| PlayerId(n)).collect(),
            reserves: self.reserve.iter().map(|&n| PlayerId(n)).collect(),
            captain: self.captain.trim().parse().ok().map(PlayerId),
        }
    }

    fn of(t: &Tournament, number: u32) -> Option<Self> {
        let team = t.team(number)?;
        Some(TeamForm {
            name: team.name.clone(),
            member: Tournament::members_of(team).iter().map(|p| p.0).collect(),
            reserve: team.reserves.iter().map(|p| p.0).collect(),
            captain: team.captain.map(|p| p.0.to_string()).unwrap_or_default(),
        })
    }
}

/// A player the form offers: everyone not in another team.
struct Candidate {
    id: u32,
    name: String,
    rank: String,
    member: bool,
    reserve: bool,
    captain: bool,
}

/// A registered team as the list shows it.
struct TeamView {
    number: u32,
    name: String,
    /// Each member's name with "captain" or "reserve" where it applies.
    members: Vec<String>,
    /// The open round's line-up: who filed it, when, and whether late.
    line_up: String,
    late: bool,
    /// The captain's number, for the private link they submit through.
    captain: Option<u32>,
}

#[derive(Template)]
#[template(path = "teams/manage.html")]
struct ManagePage {
    layout: Layout,
    tournament: crate::desk::TournamentRow,
    boards: String,
    reserves: String,
    fixed_order: bool,
    deadline: String,
    half_share: bool,
    scheveningen: bool,
    pair_by_teams: bool,
    /// The team placement preset ("opengotha", "rfg", "ukraine"), or
    /// "custom" for criteria a file brought.
    placement: String,
    round: Option<u32>,
    /// The round whose match sheets print: the open round, once paired.
    sheets: Option<u32>,
    teams: Vec<TeamView>,
    /// The team being changed; `None` on the add form.
    editing: Option<u32>,
    form: TeamForm,
    candidates: Vec<Candidate>,
    errors: FieldErrors,
}

/// The page for `state`, with the form as given and its errors.
fn page(
    ctx: &Ctx,
    access: &Access,
    state: &Aggregate,
    editing: Option<u32>,
    form: TeamForm,
    errors: FieldErrors,
) -> ManagePage {
    let t = &state.doc;
    let teams_settings = &t.settings().teams;
    let round = line_up_round(state);
    let name = |id: PlayerId| {
        t.player(id)
            .map(|p| p.full_name().trim().to_string())
            .unwrap_or_default()
    };
    let teams = t
        .teams()
        .iter()
        .map(|team| {
            let members = Tournament::members_of(team)
                .into_iter()
                .map(|m| {
                    let mark = if team.captain == Some(m) {
                        format!(" ({})", ctx.lang.t("teams.captain"))
                    } else if team.reserves.contains(&m) {
                        format!(" ({})", ctx.lang.t("teams.reserve"))
                    } else {
                        String::new()
                    };
                    format!("{}{mark}", name(m))
                })
                .collect();
            let (line_up, late) = match round {
                Some(r) => status(ctx.lang, state, team, r, &access.tournament.time_zone),
                None => (String::new(), false),
            };
            TeamView {
                number: team.number,
                name: team.name.clone(),
                members,
                line_up,
                late,
                captain: team.captain.map(|c| c.0),
            }
        })
        .collect();
    let mut candidates: Vec<Candidate> = t
        .players()
        .iter()
        .filter(|p| match t.team_of(p.id) {
            Some(team) => Some(team.number) == editing,
            None => true,
        })
        .map(|p| Candidate {
            id: p.id.0,
            name: p.full_name().trim().to_string(),
            rank: p.rank.to_string(),
            member: form.member.contains(&p.id.0),
            reserve: form.reserve.contains(&p.id.0),
            captain: form.captain == p.id.0.to_string(),
        })
        .collect();
    // Members first, in their order; then everyone else by name.
    candidates.sort_by_key(|c| {
        let at = form.member.iter().position(|&m| m == c.id);
        (at.is_none(), at, c.name.to_lowercase())
    });
    ManagePage {
        layout: match editing {
            Some(_) => Layout::titled(ctx, &form.name),
            None => Layout::new(ctx, "teams.manage"),
        },
        tournament: access.tournament.clone(),
        boards: teams_settings.team_size.to_string(),
        reserves: teams_settings.reserves.to_string(),
        fixed_order: teams_settings.board_order == BoardOrder::FixedByStrength,
        deadline: teams_settings.line_up_deadline.to_string(),
        half_share: teams_settings.individual_share == IndividualShare::Half,
        scheveningen: teams_settings.scheveningen,
        pair_by_teams: teams_settings.pair_by_teams,
        placement: TeamPlacement::of(&teams_settings.placement)
            .map_or("custom", TeamPlacement::key)
            .to_string(),
        round: round.map(|r| r.get()),
        sheets: round
            .filter(|r| t.is_paired(*r) && !t.teams().is_empty())
            .map(|r| r.get()),
        teams,
        editing,
        form,
        candidates,
        errors,
    }
}

async fn load(app: &AppState, access: &Access) -> WebResult<Aggregate> {
    Ok(app.desk.read(access.tournament.tournament_id).await?.1)
}

pub(in crate::web) async fn manage_teams(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::ManagePlayers>,
    ctx: Ctx,
) -> WebResult<Html<String>> {
    let state = load(&app, &access).await?;
    let page = page(
        &ctx,
        &access,
        &state,
        None,
        TeamForm::default(),
        FieldErrors::default(),
    );
    crate::web::page::render(&page)
}

pub(in crate::web) async fn edit_team(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::ManagePlayers>,
    ctx: Ctx,
    Path((_, n)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let state = load(&app, &access).await?;
    let form = TeamForm::of(&state.doc, n).ok_or(WebError::NotFound)?;
    let page = page(&ctx, &access, &state, Some(n), form, FieldErrors::default());
    crate::web::page::render(&page)
}

/// Runs a team command; a refusal of its fields comes back on the form.
async fn settle(
    app: &AppState,
    ctx: &Ctx,
    access: Access,
    editing: Option<u32>,
    form: TeamForm,
    command: Command,
    notice: &'static str,
) -> WebResult<Response> {
    match run(&access, None, command).await {
        Ok(_) => Ok((
            Flash::new(notice).arg("team", form.name.trim()),
            Redirect::to(&urls::page(&access.tournament.short_name, "teams/manage")),
        )
            .into_response()),
        Err(WebError::Refused(refusal)) => match *refusal {
            Refusal::Fields(problems) => {
                let state = load(app, &access).await?;
                let errors = field_errors(ctx.lang, &problems);
                let page = page(ctx, &access, &state, editing, form, errors);
                render_refusal(&page, true)
            }
            other => Err(other.into()),
        },
        Err(e) => Err(e),
    }
}

pub(in crate::web) async fn add_team(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::ManagePlayers>,
    ctx: Ctx,
    Form(form): Form<TeamForm>,
) -> WebResult<Response> {
    let command = Command::RegisterTeam {
        draft: form.draft(),
    };
    settle(&app, &ctx, access, None, form, command, "notice.team_saved").await
}

pub(in crate::web) async fn save_team(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::ManagePlayers>,
    ctx: Ctx,
    Path((_, n)): Path<(String, u32)>,
    Form(form): Form<TeamForm>,
) -> WebResult<Response> {
    let command = Command::EditTeam {
        team: n,
        draft: form.draft(),
    };
    settle(
        &app,
        &ctx,
        access,
        Some(n),
        form,
        command,
        "notice.team_saved",
    )
    .await
}

pub(in crate::web) async fn delete_team(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::ManagePlayers>,
    ctx: Ctx,
    Path((_, n)): Path<(String, u32)>,
) -> WebResult<Response> {
    let state = load(&app, &access).await?;
    let form = TeamForm::of(&state.doc, n).ok_or(WebError::NotFound)?;
    let command = Command::DeleteTeam { team: n };
    settle(
        &app,
        &ctx,
        access,
        Some(n),
        form,
        command,
        "notice.team_deleted",
    )
    .await
}

/// The team settings page refused: the settings as typed, with their errors.
fn refused_settings(
    ctx: &Ctx,
    access: &Access,
    state: &Aggregate,
    form: &TeamSettingsForm,
    errors: FieldErrors,
) -> WebResult<Response> {
    let mut page = page(ctx, access, state, None, TeamForm::default(), errors);
    page.boards = form.boards.clone();
    page.reserves = form.reserves.clone();
    page.deadline = form.deadline.clone();
    page.fixed_order = form.fixed_order.is_some();
    page.half_share = form.individual_share == "half";
    page.scheveningen = form.scheveningen.is_some();
    page.pair_by_teams = form.pair_by_teams.is_some();
    page.placement = form.placement.clone();
    render_refusal(&page, true)
}

/// The team settings as sent.
#[derive(Debug, Deserialize)]
pub(super) struct TeamSettingsForm {
    boards: String,
    reserves: String,
    #[serde(default)]
    fixed_order: Option<String>,
    deadline: String,
    #[serde(default)]
    individual_share: String,
    #[serde(default)]
    scheveningen: Option<String>,
    #[serde(default)]
    pair_by_teams: Option<String>,
    /// A preset of [`TeamPlacement`] by its key; "custom" or none keeps
    /// the criteria as they are.
    #[serde(default)]
    placement: String,
}

pub(in crate::web) async fn save_team_settings(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::EditSettings>,
    ctx: Ctx,
    Path(short): Path<String>,
    Form(form): Form<TeamSettingsForm>,
) -> WebResult<Response> {
    let state = load(&app, &access).await?;
    let mut settings = state.doc.settings().clone();
    let mut errors = FieldErrors::default();
    let mut number =
        |field: &'static str, text: &str, range: std::ops::RangeInclusive<u32>| match text
            .trim()
            .parse::<u32>()
        {
            Ok(n) if range.contains(&n) => n,
            _ => {
                let message = ctx.lang.tf(
                    "teams.out_of_range",
                    &[
                        ("min", range.start().to_string()),
                        ("max", range.end().to_string()),
                    ],
                );
                errors.add(field, message);
                0
            }
        };
    let boards = number("boards", &form.boards, 2..=10);
    let reserves = number("reserves", &form.reserves, 0..=10);
    let deadline = number("deadline", &form.deadline, 0..=240);
    if !errors.is_empty() {
        return refused_settings(&ctx, &access, &state, &form, errors);
    }
    settings.teams.team_size = boards;
    settings.teams.reserves = reserves;
    settings.teams.line_up_deadline = deadline;
    settings.teams.scheveningen = form.scheveningen.is_some();
    settings.teams.pair_by_teams = form.pair_by_teams.is_some();
    if let Some(preset) = TeamPlacement::ALL
        .into_iter()
        .find(|p| p.key() == form.placement)
    {
        settings.teams.placement = preset.criteria();
    }
    settings.teams.individual_share = match form.individual_share.as_str() {
        "half" => IndividualShare::Half,
        _ => IndividualShare::TwoThirds,
    };
    settings.teams.board_order = if form.fixed_order.is_some() {
        BoardOrder::FixedByStrength
    } else {
        BoardOrder::Free
    };
    let command = Command::ChangeSettings {
        settings: Box::new(settings),
        header: state.header.clone(),
        discipline: None,
    };
    match run(&access, None, command).await {
        Ok(_) => Ok((
            Flash::new("notice.settings_saved"),
            Redirect::to(&urls::page(&short, "teams/manage")),
        )
            .into_response()),
        Err(WebError::Refused(refusal)) => match *refusal {
            Refusal::Fields(problems) => {
                let errors = field_errors(ctx.lang, &problems);
                refused_settings(&ctx, &access, &state, &form, errors)
            }
            other => Err(other.into()),
        },
        Err(e) => Err(e),
    }
}
