//! One form for creating a tournament and editing its settings, and the
//! time control's live summary line of that form.

use askama::Template;
use axum::Form;
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Redirect, Response};

use crate::core::access::Action;
use crate::core::discipline::{Book, Ruleset};
use crate::core::rules::profile::Profile;
use crate::core::{Criterion, Settings, Tournament};
use crate::store::accounts::Account;
use crate::store::audit;
use crate::store::discipline as discipline_store;
use crate::store::tournaments;
use crate::web::AppState;
use crate::web::access::{Access, authorise};
use crate::web::auth::SignedIn;
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::page::{Ctx, FieldErrors, Layout, render, render_invalid};
use crate::web::settings_form::{self, TournamentForm};
use crate::web::urls;
use crate::web::view::view;

/// One form for creating and editing.
#[derive(Template)]
#[template(path = "tournaments/form.html")]
struct TournamentFormPage {
    layout: Layout,
    form: TournamentForm,
    errors: FieldErrors,
    /// The short name in the URL of the tournament being edited.
    editing: Option<String>,
}

impl TournamentFormPage {
    fn rulesets(&self) -> Vec<&'static str> {
        Ruleset::ALL.iter().map(|r| r.key()).collect()
    }

    fn systems(&self) -> Vec<&'static str> {
        settings_form::SYSTEMS.iter().map(|(key, _)| *key).collect()
    }

    /// (form value, translation key) of each rules-of-play profile.
    fn profiles(&self) -> Vec<(String, String)> {
        Profile::ALL
            .iter()
            .map(|p| (format!("{p:?}"), format!("profile.{p:?}")))
            .collect()
    }

    fn time_summary(&self) -> String {
        settings_form::time_summary(&self.form, self.layout.lang, false).unwrap_or_default()
    }

    fn is(&self, current: &str, option: &str) -> bool {
        current == option
    }

    /// (number, chosen criterion, error message) for each placement slot.
    fn criterion_slots(&self) -> Vec<(usize, String, String)> {
        self.form
            .criteria()
            .iter()
            .enumerate()
            .map(|(i, current)| {
                let error = self.errors.get(&format!("criterion_{}", i + 1)).to_string();
                (i + 1, current.to_string(), error)
            })
            .collect()
    }

    fn criteria_names(&self) -> Vec<&'static str> {
        Criterion::ALL.iter().map(|c| c.name()).collect()
    }
}

fn may_organise(me: &Account) -> WebResult<()> {
    if me.is_organiser || me.is_admin {
        Ok(())
    } else {
        Err(WebError::Forbidden)
    }
}

pub(super) async fn new_tournament(SignedIn(me): SignedIn, ctx: Ctx) -> WebResult<Html<String>> {
    may_organise(&me)?;
    render(&TournamentFormPage {
        layout: Layout::new(&ctx, "tournament.new.title"),
        form: TournamentForm::for_new(),
        errors: FieldErrors::default(),
        editing: None,
    })
}

fn short_name_taken(ctx: &Ctx) -> FieldErrors {
    let mut errors = FieldErrors::default();
    errors.add(
        "short_name",
        ctx.lang.t("tournament.error.short_name_taken"),
    );
    errors
}

fn is_short_name_taken(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(e) if e.constraint() == Some("tournament_short_name_key"))
}

pub(super) async fn create_tournament(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Form(form): Form<TournamentForm>,
) -> WebResult<Response> {
    may_organise(&me)?;
    let invalid = |errors| TournamentFormPage {
        layout: Layout::new(&ctx, "tournament.new.title"),
        form: form.clone(),
        errors,
        editing: None,
    };
    let valid = match form.validate(&ctx, &Settings::default()) {
        Ok(valid) => valid,
        Err(errors) => return Ok(render_invalid(&invalid(errors))?.into_response()),
    };
    let state = Tournament::new(valid.settings.clone());
    let mut tx = app.store.begin().await?;
    let created = match tournaments::insert(&mut *tx, me.account_id, &valid.header(), &state).await
    {
        Err(e) if is_short_name_taken(&e) => {
            return Ok(render_invalid(&invalid(short_name_taken(&ctx)))?.into_response());
        }
        other => other?,
    };
    let book = Book {
        settings: valid.discipline(),
        ..Book::default()
    };
    discipline_store::save(&mut *tx, created.tournament_id, &book).await?;
    audit::record(
        &mut *tx,
        Some(created.tournament_id),
        Some(me.account_id),
        "tournament.create",
        None,
        Some(serde_json::to_value(state.settings()).map_err(anyhow::Error::from)?),
    )
    .await?;
    tx.commit().await?;
    Ok((
        Flash::new("notice.tournament_created"),
        Redirect::to(&urls::tournament(&created.short_name)),
    )
        .into_response())
}

pub(super) async fn edit_settings(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
) -> WebResult<Html<String>> {
    let Access { tournament, .. } = authorise(&app, &short, me, Action::EditSettings).await?;
    let view = view(&app, tournament.tournament_id).await?;
    let state = view.entered;
    let mut form = TournamentForm::from_settings(
        state.settings(),
        &tournament.time_zone,
        tournament.registration_open,
        tournament.is_public,
        tournament.late_forfeit_minutes,
    );
    form.version = Some(tournament.version);
    form.schedule = tournament.schedule.clone();
    form.ruleset = view.book.settings.ruleset.key().to_string();
    render(&TournamentFormPage {
        layout: Layout::titled(&ctx, &tournament.name),
        form,
        errors: FieldErrors::default(),
        editing: Some(tournament.short_name),
    })
}

pub(super) async fn update_settings(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
    Form(form): Form<TournamentForm>,
) -> WebResult<Response> {
    let Access { tournament, me, .. } = authorise(&app, &short, me, Action::EditSettings).await?;
    let invalid = |errors| TournamentFormPage {
        layout: Layout::titled(&ctx, &tournament.name),
        form: form.clone(),
        errors,
        editing: Some(tournament.short_name.clone()),
    };
    let mut tx = app.store.begin().await?;
    let current = tournaments::lock(&mut tx, tournament.tournament_id)
        .await?
        .ok_or(WebError::NotFound)?;
    if Some(current.version) != form.version {
        return Err(WebError::StaleForm);
    }
    let snapshot = discipline_store::load(&mut *tx, current.tournament_id)
        .await?
        .ok_or(WebError::NotFound)?;
    let (mut state, mut book) = (snapshot.state, snapshot.book);
    let before = serde_json::to_value(state.settings()).map_err(anyhow::Error::from)?;
    let valid = match form.validate(&ctx, state.settings()) {
        Ok(valid) => valid,
        Err(errors) => return Ok(render_invalid(&invalid(errors))?.into_response()),
    };
    // Fewer rounds than are already paired would leave games in rounds the
    // tournament no longer has.
    let paired = state
        .games()
        .iter()
        .map(|g| g.round)
        .chain(state.byes().iter().map(|b| b.round))
        .max();
    if let Some(last) = paired.filter(|r| valid.settings.number_of_rounds < r.get()) {
        let mut errors = FieldErrors::default();
        let round = [("round", last.get().to_string())];
        errors.add(
            "rounds",
            ctx.lang.tf("tournament.error.rounds_paired", &round),
        );
        return Ok(render_invalid(&invalid(errors))?.into_response());
    }
    state.set_settings(valid.settings.clone());
    tournaments::update_header(&mut *tx, current.tournament_id, &valid.header()).await?;
    book.settings = valid.discipline();
    book.check_references(&state)?;
    discipline_store::save(&mut *tx, current.tournament_id, &book).await?;
    match tournaments::save_state(&mut *tx, current.tournament_id, &state).await {
        Err(e) if is_short_name_taken(&e) => {
            return Ok(render_invalid(&invalid(short_name_taken(&ctx)))?.into_response());
        }
        other => other?,
    }
    let after = serde_json::to_value(state.settings()).map_err(anyhow::Error::from)?;
    audit::record(
        &mut *tx,
        Some(current.tournament_id),
        Some(me.account_id),
        "tournament.settings",
        Some(before),
        Some(after),
    )
    .await?;
    tx.commit().await?;
    app.live.changed(current.tournament_id);
    Ok((
        Flash::new("notice.settings_saved"),
        Redirect::to(&urls::tournament(&valid.settings.general.short_name)),
    )
        .into_response())
}

/// The time control's summary for the values in the query, as plain text.
pub(super) async fn time_summary(
    ctx: Ctx,
    axum::extract::Query(form): axum::extract::Query<TournamentForm>,
) -> String {
    settings_form::time_summary(&form, ctx.lang, false).unwrap_or_default()
}
