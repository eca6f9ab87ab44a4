//! Players registering themselves while registration is open.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Redirect, Response};
// Repeated fields (the participation boxes) need serde_html_form's decoder.
use super::form::PlayerForm;
use super::form::same_registration;
use crate::core::PlayerId;
use crate::store::tournaments::{self, TournamentRow};
use crate::web::AppState;
use crate::web::access::viewable;
use crate::web::change::json;
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::page::{Ctx, FieldErrors, Layout, render, render_invalid};
use crate::web::urls;
use axum_extra::extract::Form;

#[derive(Template)]
#[template(path = "players/register.html")]
pub(super) struct RegistrationPage {
    layout: Layout,
    tournament: TournamentRow,
    form: PlayerForm,
    errors: FieldErrors,
}

pub(super) async fn open_tournament(
    app: &AppState,
    ctx: &Ctx,
    short: &str,
) -> WebResult<TournamentRow> {
    let (tournament, _) = viewable(app, ctx, short).await?;
    if !tournament.registration_open {
        return Err(WebError::RegistrationClosed);
    }
    Ok(tournament)
}

pub(super) async fn show_registration(
    State(app): State<AppState>,
    ctx: Ctx,
    Path(short): Path<String>,
) -> WebResult<Html<String>> {
    let tournament = open_tournament(&app, &ctx, &short).await?;
    render(&RegistrationPage {
        layout: Layout::titled(&ctx, &tournament.name),
        tournament,
        form: PlayerForm::default(),
        errors: FieldErrors::default(),
    })
}

#[derive(Template)]
#[template(path = "players/registered.html")]
pub(super) struct RegisteredPage {
    layout: Layout,
    tournament: TournamentRow,
    name: String,
}

/// Self-registration: the player arrives as preliminary, for an organiser to confirm.
pub(super) async fn register(
    State(app): State<AppState>,
    ctx: Ctx,
    Path(short): Path<String>,
    Form(form): Form<PlayerForm>,
) -> WebResult<Response> {
    let tournament = open_tournament(&app, &ctx, &short).await?;
    let player = match form.validate(&ctx, PlayerId(0), (0, &[]), true) {
        Ok(player) => player,
        Err(errors) => {
            let page = RegistrationPage {
                layout: Layout::titled(&ctx, &tournament.name),
                tournament,
                form,
                errors,
            };
            return Ok(render_invalid(&page)?.into_response());
        }
    };
    let id = tournament.tournament_id;
    let mut tx = app.store.begin().await?;
    tournaments::lock(&mut tx, id)
        .await?
        .ok_or(WebError::NotFound)?;
    let mut state = tournaments::load_state(&mut *tx, id)
        .await?
        .ok_or(WebError::NotFound)?;
    // The same name sent again is nearly always the form submitted twice or
    // a player unsure it worked: telling them so beats a second entry the
    // organiser must find and delete. A near match (accents, swapped names)
    // may be another person, so it is accepted and flagged on the list.
    if let Some(existing) = same_registration(&state, &player) {
        let mut errors = FieldErrors::default();
        errors.add(
            "name",
            ctx.lang.tf(
                "register.already_registered",
                &[("player", existing.full_name())],
            ),
        );
        let page = RegistrationPage {
            layout: Layout::titled(&ctx, &tournament.name),
            tournament,
            form,
            errors,
        };
        return Ok(render_invalid(&page)?.into_response());
    }
    let name = player.full_name();
    let no = state.register(player);
    tournaments::save_state(&mut *tx, id, &state).await?;
    let email = form.email.trim();
    if !email.is_empty() {
        tournaments::save_contact(&mut *tx, id, no.0 as i32, email).await?;
    }
    let after = json(state.player(no).expect("just registered"))?;
    crate::store::audit::record(
        &mut *tx,
        Some(id),
        None,
        "player.self_register",
        None,
        Some(after),
    )
    .await?;
    tx.commit().await?;
    app.live.changed(id);
    Ok((
        Flash::new("notice.registered").arg("name", name),
        Redirect::to(&urls::registered(&tournament.short_name, no.0)),
    )
        .into_response())
}

pub(super) async fn show_registered(
    State(app): State<AppState>,
    ctx: Ctx,
    Path((short, no)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let (tournament, roles) = viewable(&app, &ctx, &short).await?;
    let state = crate::web::view::view(&app, tournament.tournament_id)
        .await?
        .effective
        .tournament;
    let player = state.player(PlayerId(no)).ok_or(WebError::NotFound)?;
    // Where preliminary registrations are hidden, this page names nobody
    // to someone trying numbers; the person who just registered reads
    // their name in the notice the registration left.
    let name = if ctx.is_staff(&roles) || state.is_public(player) {
        player.full_name()
    } else {
        String::new()
    };
    render(&RegisteredPage {
        layout: Layout::titled(&ctx, &tournament.name),
        tournament,
        name,
    })
}
