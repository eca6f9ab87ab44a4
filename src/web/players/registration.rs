//! Players registering themselves while registration is open.

use crate::web::access::Reader;
use askama::Template;
use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::response::{Html, IntoResponse, Redirect, Response};
// Repeated fields (the participation boxes) need serde_html_form's decoder.
use super::form::PlayerForm;
use crate::core::PlayerId;
use crate::core::command::{Command, Done, Refusal};
use crate::desk::Caller;
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::access::viewable;
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::page::{Ctx, FieldErrors, Layout, render, render_invalid};
use crate::web::refusals::field_errors;
use crate::web::urls;
use axum_extra::extract::Form;

#[derive(Template)]
#[template(path = "players/register.html")]
pub(super) struct RegistrationPage {
    layout: Layout,
    tournament: TournamentRow,
    form: PlayerForm,
    errors: FieldErrors,
    /// The event's entries are pair go or rengo sides.
    sides: bool,
    /// An inclusive event, where the rank may be left out (Ukrainian rules XIII.3).
    inclusive: bool,
}

pub(super) async fn open_tournament(
    app: &AppState,
    ctx: &Ctx,
    short: &str,
) -> WebResult<TournamentRow> {
    let tournament = viewable(app, ctx.user.clone(), short).await?.tournament;
    if !tournament.registration_open {
        return Err(WebError::RegistrationClosed);
    }
    Ok(tournament)
}

/// Whether the tournament's entries are pair go or rengo sides, and
/// whether it is an inclusive event.
async fn entries(app: &AppState, tournament: &TournamentRow) -> WebResult<(bool, bool)> {
    let state = crate::web::view::load(app, tournament.tournament_id).await?;
    let settings = state.settings();
    Ok((
        settings.sides != crate::core::settings::Sides::Individual,
        settings.admission.inclusive,
    ))
}

pub(super) async fn show_registration(
    State(app): State<AppState>,
    ctx: Ctx,
    Path(short): Path<String>,
) -> WebResult<Html<String>> {
    let tournament = open_tournament(&app, &ctx, &short).await?;
    let (sides, inclusive) = entries(&app, &tournament).await?;
    render(&RegistrationPage {
        layout: Layout::titled(&ctx, &tournament.name),
        tournament,
        form: PlayerForm::default(),
        errors: FieldErrors::default(),
        sides,
        inclusive,
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
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ctx: Ctx,
    Path(short): Path<String>,
    Form(form): Form<PlayerForm>,
) -> WebResult<Response> {
    let tournament = open_tournament(&app, &ctx, &short).await?;
    let ip = crate::web::auth::client_ip(&app, peer.ip(), &headers);
    if let Err(seconds) = app.registrations.take(ip) {
        let mut errors = FieldErrors::default();
        errors.add(
            "name",
            ctx.lang
                .tf("register.wait", &[("seconds", seconds.to_string())]),
        );
        let (sides, inclusive) = entries(&app, &tournament).await?;
        let page = RegistrationPage {
            layout: Layout::titled(&ctx, &tournament.name),
            sides,
            inclusive,
            tournament,
            form,
            errors,
        };
        return Ok(crate::web::error::too_many_attempts(
            seconds,
            render(&page)?,
        ));
    }
    let command = Command::SelfRegister {
        draft: form.draft(None),
    };
    let ran = app
        .desk
        .run(&Caller::Public, tournament.tournament_id, None, command)
        .await
        .map_err(WebError::from);
    let errors = match ran {
        Ok(ran) => {
            let Done::Player { id, name } = ran.outcome.done else {
                return Err(WebError::NotFound);
            };
            return Ok((
                Flash::new("notice.registered").arg("name", name),
                Redirect::to(&urls::registered(&tournament.short_name, id.0)),
            )
                .into_response());
        }
        Err(WebError::Refused(refusal)) => match *refusal {
            Refusal::Fields(problems) => field_errors(ctx.lang, &problems),
            // The same name sent again is nearly always the form submitted
            // twice or a player unsure it worked: they are told so.
            Refusal::AlreadyRegistered { name } => {
                let mut errors = FieldErrors::default();
                errors.add(
                    "name",
                    ctx.lang
                        .tf("register.already_registered", &[("player", name)]),
                );
                errors
            }
            other => return Err(other.into()),
        },
        Err(e) => return Err(e),
    };
    let (sides, inclusive) = entries(&app, &tournament).await?;
    let page = RegistrationPage {
        layout: Layout::titled(&ctx, &tournament.name),
        sides,
        inclusive,
        tournament,
        form,
        errors,
    };
    Ok(render_invalid(&page)?.into_response())
}

pub(super) async fn show_registered(
    State(_app): State<AppState>,
    ctx: Ctx,
    Reader(opened): Reader,
    Path((_, no)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let state = opened.view().await?.effective.tournament;
    let player = state.player(PlayerId(no)).ok_or(WebError::NotFound)?;
    // Where preliminary registrations are hidden, this page names nobody
    // to someone trying numbers; the person who just registered reads
    // their name in the notice the registration left.
    let name = if opened.is_staff() || state.is_public(player) {
        player.full_name()
    } else {
        String::new()
    };
    render(&RegisteredPage {
        layout: Layout::titled(&ctx, &opened.tournament.name),
        tournament: opened.tournament,
        name,
    })
}
