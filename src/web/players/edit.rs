//! Adding a player (with suggestions from the rating list) and editing one.

use crate::web::access::{Staff, may};
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::response::{Html, IntoResponse, Redirect, Response};
// Repeated fields (the participation boxes) need serde_html_form's decoder.
use super::form::PlayerForm;
use super::list::source_text;
use super::steps::may_delete;
use crate::core::PlayerId;
use crate::core::command::players::ListEntry;
use crate::core::command::{Command, Done, PlayerDraft, Refusal};
use crate::core::settings::Sides;
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::access::Access;
use crate::web::change::run;
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::page::{Ctx, FieldErrors, Layout, render, render_invalid};
use crate::web::refusals::field_errors;
use crate::web::urls;
use axum_extra::extract::Form;

#[derive(Template)]
#[template(path = "players/form.html")]
pub(super) struct PlayerFormPage {
    layout: Layout,
    tournament: TournamentRow,
    form: PlayerForm,
    errors: FieldErrors,
    rounds: Vec<u32>,
    /// The event's entries are pair go or rengo sides.
    sides: bool,
    /// An inclusive event (Ukrainian rules XIII): the insurance policy's
    /// days are asked, and the rank may be left out.
    inclusive: bool,
    /// The player's number when editing.
    editing: Option<u32>,
    /// Deleting the registration would be taken (see [`may_delete`]).
    deletable: bool,
    duplicates: Vec<String>,
    /// The rating-list search typed, and its matches.
    lookup: String,
    lookups: Vec<LookupLine>,
    /// Where the player's rating comes from ("EGD 2018-02-22"), or "".
    rating_source: String,
}

/// What the new-player page can be opened with: a rating-list search, or
/// the values of a chosen rating-list entry.
#[derive(serde::Deserialize, Default)]
#[serde(default)]
pub(super) struct NewPlayerQuery {
    lookup: String,
    name: String,
    first_name: String,
    rank: String,
    rating: String,
    club: String,
    country: String,
    egf_pin: String,
}

/// A rating-list match with the link that fills the form with it.
pub struct LookupLine {
    pub label: String,
    pub href: String,
}

pub(super) async fn new_player(
    State(app): State<AppState>,
    Staff(Access { tournament, .. }, _): Staff<may::ManagePlayers>,
    ctx: Ctx,
    Query(query): Query<NewPlayerQuery>,
) -> WebResult<Html<String>> {
    let state = crate::web::view::load(&app, tournament.tournament_id).await?;
    let (rounds, sides) = (state.settings().number_of_rounds, state.settings().sides);
    let inclusive = state.settings().admission.inclusive;
    let lookups = crate::web::rating_cache::suggestions(&app, &query.lookup)
        .await?
        .into_iter()
        .map(|p| {
            let href = form_urlencoded::Serializer::new(String::new())
                .append_pair("name", &p.name)
                .append_pair("first_name", &p.first_name)
                .append_pair("rank", &p.rank)
                .append_pair("rating", &p.rating.to_string())
                .append_pair("club", &p.club)
                .append_pair("country", &p.country)
                .append_pair("egf_pin", &p.egf_pin)
                .finish();
            LookupLine {
                label: format!(
                    "{} {} · {} · {} {} · {}",
                    p.name, p.first_name, p.rank, p.club, p.country, p.egf_pin
                ),
                href: format!("{}/new?{href}", urls::players(&tournament.short_name)),
            }
        })
        .collect();
    let form = PlayerForm {
        name: query.name,
        first_name: query.first_name,
        rank: query.rank,
        rating: query.rating,
        club: query.club,
        country: query.country,
        egf_pin: query.egf_pin,
        ..PlayerForm::blank(rounds)
    };
    render(&PlayerFormPage {
        layout: Layout::new(&ctx, "player.new.title"),
        tournament,
        form,
        errors: FieldErrors::default(),
        rounds: (1..=rounds).collect(),
        sides: sides != Sides::Individual,
        inclusive,
        editing: None,
        deletable: false,
        duplicates: Vec::new(),
        lookup: query.lookup,
        lookups,
        rating_source: String::new(),
    })
}

/// Adds a player; a likely duplicate is shown once for confirmation.
pub(super) async fn add_player(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::ManagePlayers>,
    ctx: Ctx,
    Form(form): Form<PlayerForm>,
) -> WebResult<Response> {
    let loaded = crate::web::view::load(&app, access.tournament.tournament_id).await?;
    let (rounds, sides) = (loaded.settings().number_of_rounds, loaded.settings().sides);
    let inclusive = loaded.settings().admission.inclusive;
    let command = Command::Register {
        draft: drafted(&app, &form, rounds).await?,
        confirm_duplicate: form.confirm_duplicate.is_some(),
    };
    let (errors, duplicates) = match run(&access, None, command).await {
        Ok(ran) => {
            return Ok((
                Flash::new("notice.player_saved").arg("name", done_name(&ran)),
                Redirect::to(&urls::players(&access.tournament.short_name)),
            )
                .into_response());
        }
        Err(WebError::Refused(refusal)) => match *refusal {
            Refusal::Fields(problems) => (field_errors(ctx.lang, &problems), Vec::new()),
            Refusal::LikelyDuplicate(names) => (FieldErrors::default(), names),
            other => return Err(other.into()),
        },
        Err(e) => return Err(e),
    };
    let page = PlayerFormPage {
        layout: Layout::new(&ctx, "player.new.title"),
        tournament: access.tournament.clone(),
        form: form.clone(),
        errors,
        rounds: (1..=rounds).collect(),
        sides: sides != Sides::Individual,
        inclusive,
        editing: None,
        deletable: false,
        duplicates,
        lookup: String::new(),
        lookups: Vec::new(),
        rating_source: String::new(),
    };
    Ok(render_invalid(&page)?.into_response())
}

/// The name of the player a command registered or changed.
pub(super) fn done_name(ran: &crate::desk::Ran) -> String {
    match &ran.outcome.done {
        Done::Player { name, .. } => name.clone(),
        _ => String::new(),
    }
}

pub(super) async fn edit_player(
    State(app): State<AppState>,
    Staff(Access { tournament, .. }, _): Staff<may::ManagePlayers>,
    ctx: Ctx,
    Path((_, no)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let view = crate::web::view::view(&app, tournament.tournament_id).await?;
    let deletable = may_delete(&view, no).is_ok();
    let state = view.entered;
    let player = state.player(PlayerId(no)).ok_or(WebError::NotFound)?;
    let (rounds, sides) = (state.settings().number_of_rounds, state.settings().sides);
    let inclusive = state.settings().admission.inclusive;
    render(&PlayerFormPage {
        layout: Layout::titled(&ctx, &player.full_name()),
        form: PlayerForm::of(player, rounds),
        tournament,
        errors: FieldErrors::default(),
        rounds: (1..=rounds).collect(),
        sides: sides != Sides::Individual,
        inclusive,
        editing: Some(no),
        deletable,
        duplicates: Vec::new(),
        lookup: String::new(),
        lookups: Vec::new(),
        rating_source: source_text(player),
    })
}

pub(super) async fn update_player(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::ManagePlayers>,
    ctx: Ctx,
    Path((_, no)): Path<(String, u32)>,
    Form(form): Form<PlayerForm>,
) -> WebResult<Response> {
    let id = PlayerId(no);
    let state = crate::web::view::load(&app, access.tournament.tournament_id).await?;
    let (rounds, sides) = (state.settings().number_of_rounds, state.settings().sides);
    let inclusive = state.settings().admission.inclusive;
    let command = Command::EditPlayer {
        player: id,
        draft: drafted(&app, &form, rounds).await?,
        digest: Some(form.digest.clone()),
    };
    let errors = match run(&access, None, command).await {
        Ok(ran) => {
            return Ok((
                Flash::new("notice.player_saved").arg("name", done_name(&ran)),
                Redirect::to(&urls::players(&access.tournament.short_name)),
            )
                .into_response());
        }
        Err(WebError::Refused(refusal)) => match *refusal {
            Refusal::Fields(problems) => field_errors(ctx.lang, &problems),
            other => return Err(other.into()),
        },
        Err(e) => return Err(e),
    };
    let page = PlayerFormPage {
        layout: Layout::titled(&ctx, &access.tournament.name),
        tournament: access.tournament.clone(),
        form,
        errors,
        rounds: (1..=rounds).collect(),
        sides: sides != Sides::Individual,
        inclusive,
        editing: Some(no),
        deletable: false,
        duplicates: Vec::new(),
        lookup: String::new(),
        lookups: Vec::new(),
        rating_source: state.player(id).map(source_text).unwrap_or_default(),
    };
    Ok(render_invalid(&page)?.into_response())
}

/// The form as the core's draft, with the newest rating list's entry for
/// the player when the list has them: chosen from the list, or typed from
/// it, the rating is that list's word (found by PIN, licence or a name no
/// one else has).
pub(super) async fn drafted(
    app: &AppState,
    form: &PlayerForm,
    rounds: u32,
) -> WebResult<PlayerDraft> {
    let mut draft = form.draft(None);
    let Some(index) = app.ratings.index(app).await? else {
        return Ok(draft);
    };
    // A draft the core will refuse needs no list entry.
    let Ok(probe) = draft.check(PlayerId(0), rounds, &[], false, Sides::Individual) else {
        return Ok(draft);
    };
    draft.from_list = index.find(&probe).map(|(entry, _)| ListEntry {
        rating: entry.rating,
        source: index.source(entry),
        origin: entry.origin().into(),
        ffg_licence: entry.ffg_licence.clone(),
        ffg_licence_status: entry.ffg_licence_status.clone(),
    });
    Ok(draft)
}
