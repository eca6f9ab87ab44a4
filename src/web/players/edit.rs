//! Adding a player (with suggestions from the rating list) and editing one.

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::response::{Html, IntoResponse, Redirect, Response};
// Repeated fields (the participation boxes) need serde_html_form's decoder.
use super::form::PlayerForm;
use super::form::digest;
use super::form::likely_duplicates;
use super::list::source_text;
use super::steps::may_delete;
use crate::core::access::Action;
use crate::core::{Player, PlayerId};
use crate::store::tournaments::TournamentRow;
use crate::web::AppState;
use crate::web::access::{Access, authorise};
use crate::web::auth::SignedIn;
use crate::web::change::{json, mutate};
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::page::{Ctx, FieldErrors, Layout, render, render_invalid};
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
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
    Query(query): Query<NewPlayerQuery>,
) -> WebResult<Html<String>> {
    let Access { tournament, .. } = authorise(&app, &short, me, Action::ManagePlayers).await?;
    let state = crate::web::view::load(&app, tournament.tournament_id).await?;
    let rounds = state.settings().number_of_rounds;
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
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
    Form(form): Form<PlayerForm>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::ManagePlayers).await?;
    let state = crate::web::view::load(&app, access.tournament.tournament_id).await?;
    let rounds = state.settings().number_of_rounds;
    let page = |errors, duplicates| PlayerFormPage {
        layout: Layout::new(&ctx, "player.new.title"),
        tournament: access.tournament.clone(),
        form: form.clone(),
        errors,
        rounds: (1..=rounds).collect(),
        editing: None,
        deletable: false,
        duplicates,
        lookup: String::new(),
        lookups: Vec::new(),
        rating_source: String::new(),
    };
    let mut player = match form.validate(&ctx, PlayerId(0), (rounds, state.players()), false) {
        Ok(player) => player,
        Err(errors) => return Ok(render_invalid(&page(errors, Vec::new()))?.into_response()),
    };
    stamp(&app, &mut player).await?;
    let duplicates = likely_duplicates(&state, &player);
    if !duplicates.is_empty() && form.confirm_duplicate.is_none() {
        return Ok(render_invalid(&page(FieldErrors::default(), duplicates))?.into_response());
    }
    let name = player.full_name();
    mutate(&app, &access, "player.add", |t| {
        let id = t.register(player);
        let after = json(t.player(id).expect("just registered"))?;
        Ok(((), None, Some(after)))
    })
    .await?;
    Ok((
        Flash::new("notice.player_saved").arg("name", name),
        Redirect::to(&urls::players(&access.tournament.short_name)),
    )
        .into_response())
}

pub(super) async fn edit_player(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, no)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let Access { tournament, .. } = authorise(&app, &short, me, Action::ManagePlayers).await?;
    let view = crate::web::view::view(&app, tournament.tournament_id).await?;
    let deletable = may_delete(&view, no).is_ok();
    let state = view.entered;
    let player = state.player(PlayerId(no)).ok_or(WebError::NotFound)?;
    let rounds = state.settings().number_of_rounds;
    render(&PlayerFormPage {
        layout: Layout::titled(&ctx, &player.full_name()),
        form: PlayerForm::of(player, rounds),
        tournament,
        errors: FieldErrors::default(),
        rounds: (1..=rounds).collect(),
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
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, no)): Path<(String, u32)>,
    Form(form): Form<PlayerForm>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::ManagePlayers).await?;
    let id = PlayerId(no);
    let state = crate::web::view::load(&app, access.tournament.tournament_id).await?;
    let rounds = state.settings().number_of_rounds;
    let mut player = match form.validate(&ctx, id, (rounds, state.players()), false) {
        Ok(player) => player,
        Err(errors) => {
            let page = PlayerFormPage {
                layout: Layout::titled(&ctx, &access.tournament.name),
                tournament: access.tournament.clone(),
                form,
                errors,
                rounds: (1..=rounds).collect(),
                editing: Some(no),
                deletable: false,
                duplicates: Vec::new(),
                lookup: String::new(),
                lookups: Vec::new(),
                rating_source: state.player(id).map(source_text).unwrap_or_default(),
            };
            return Ok(render_invalid(&page)?.into_response());
        }
    };
    if let Some(before) = state.player(id) {
        // The licence is not on the form: the list may give one only where there is none.
        player.ffg_licence.clone_from(&before.ffg_licence);
        player
            .ffg_licence_status
            .clone_from(&before.ffg_licence_status);
    }
    stamp(&app, &mut player).await?;
    let name = player.full_name();
    mutate(&app, &access, "player.edit", |t| {
        let before = t.player(id).ok_or(WebError::NotFound)?.clone();
        if digest(&before) != form.digest {
            return Err(WebError::StaleForm);
        }
        // Fields the form does not show (birth year…) stay as they were; a
        // rating left as it was keeps where it came from.
        let same_rating = player.rating == before.rating;
        let updated = Player {
            aga_id: before.aga_id.clone(),
            aga_expiration_date: before.aga_expiration_date.clone(),
            birth_year: before.birth_year,
            gender: before.gender,
            rating_origin: if same_rating {
                before.rating_origin.clone()
            } else {
                player.rating_origin.clone()
            },
            rating_source: if same_rating {
                before.rating_source
            } else {
                player.rating_source
            },
            ..player
        };
        t.update_player(updated)?;
        let after = json(t.player(id).expect("just updated"))?;
        Ok(((), Some(json(&before)?), Some(after)))
    })
    .await?;
    Ok((
        Flash::new("notice.player_saved").arg("name", name),
        Redirect::to(&urls::players(&access.tournament.short_name)),
    )
        .into_response())
}

/// Keeps which list a rating came from when it is the rating the newest
/// list gives the player (found by PIN, licence or a name no one else has):
/// chosen from the list, or typed from it, it is that list's word.
pub(super) async fn stamp(app: &AppState, player: &mut Player) -> WebResult<()> {
    let Some(index) = app.ratings.index(app).await? else {
        return Ok(());
    };
    if let Some((entry, _)) = index.find(player)
        && entry.rating == player.rating
    {
        player.rating_source = Some(index.source(entry));
        player.rating_origin = entry.origin().into();
        if player.ffg_licence.is_empty() {
            player.ffg_licence.clone_from(&entry.ffg_licence);
            player
                .ffg_licence_status
                .clone_from(&entry.ffg_licence_status);
        }
    }
    Ok(())
}
