//! One form for creating a tournament and editing its settings, and the
//! time control's live summary line of that form.

use crate::web::access::{Staff, may};
use askama::Template;
use axum::Form;
use axum::extract::State;
use axum::response::{Html, IntoResponse, Redirect, Response};

use crate::core::advice::{Weight, advice};
use crate::core::command::{self, Command, Refusal};
use crate::core::discipline::{Book, Ruleset};
use crate::core::rules::profile::Profile;
use crate::core::settings::Level;
use crate::core::{Criterion, Settings, Tournament};
use crate::desk::Account;
use crate::web::AppState;
use crate::web::access::Access;
use crate::web::auth::SignedIn;
use crate::web::change::run;
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::page::{Ctx, FieldErrors, Layout, render, render_invalid};
use crate::web::refusals::field_errors;
use crate::web::rule_words::ChangeWords;
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
    /// What the rule texts advise of the tournament as saved: the text and
    /// its weight's class.
    advice: Vec<(String, &'static str)>,
    /// What a rule text newly chosen will change, shown for confirmation.
    preview: Vec<ChangeWords>,
}

impl TournamentFormPage {
    fn levels(&self) -> Vec<&'static str> {
        Level::ALL.iter().map(|l| l.key()).collect()
    }

    /// The preview's first line: choosing the text sets what its articles fix.
    fn preview_intro(&self) -> String {
        let text = self
            .layout
            .t(&format!("ruleset.{}", self.form.ruleset.trim()));
        self.layout
            .lang
            .tf("rule_text.preview_intro", &[("text", text)])
    }

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
    if me.may_create_tournament() {
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
        advice: Vec::new(),
        preview: Vec::new(),
    })
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
        advice: Vec::new(),
        preview: Vec::new(),
    };
    let valid = match form.validate(&ctx, &Settings::default()) {
        Ok(valid) => valid,
        Err(errors) => return Ok(render_invalid(&invalid(errors))?.into_response()),
    };
    let mut settings = valid.settings.clone();
    let mut discipline = valid.discipline();
    crate::core::rule_texts::apply(valid.ruleset, &mut settings, &mut discipline);
    let summary = serde_json::to_value(&settings).map_err(anyhow::Error::from)?;
    let mut state = command::State::new(Tournament::new(settings), valid.header());
    state.book.settings = discipline;
    let created = match app
        .desk
        .create(
            me.account_id,
            state,
            crate::core::audit::Event::CreateTournament,
            summary,
        )
        .await
        .map_err(WebError::from)
    {
        Ok(created) => created,
        Err(WebError::Refused(refusal)) => match *refusal {
            Refusal::Fields(problems) => {
                let errors = field_errors(ctx.lang, &problems);
                return Ok(render_invalid(&invalid(errors))?.into_response());
            }
            other => return Err(other.into()),
        },
        Err(e) => return Err(e),
    };
    Ok((
        Flash::new("notice.tournament_created"),
        Redirect::to(&urls::tournament(&created.short_name)),
    )
        .into_response())
}

/// The advice of [`crate::core::advice`] in the reader's language.
fn advice_lines(ctx: &Ctx, t: &Tournament, book: &Book) -> Vec<(String, &'static str)> {
    advice(t, book)
        .into_iter()
        .map(|a| {
            let class = match a.weight {
                Weight::Note => "note",
                Weight::Warning => "warning",
                Weight::BeforeRoundOne => "before-round-one",
            };
            (ctx.lang.tf(a.key, &a.args), class)
        })
        .collect()
}

pub(super) async fn edit_settings(
    State(app): State<AppState>,
    Staff(Access { tournament, .. }, _): Staff<may::EditSettings>,
    ctx: Ctx,
) -> WebResult<Html<String>> {
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
    form.appeal_deadline_minutes = view
        .book
        .settings
        .appeal_deadline_minutes
        .map(|m| m.to_string())
        .unwrap_or_default();
    render(&TournamentFormPage {
        layout: Layout::titled(&ctx, &tournament.name),
        form,
        errors: FieldErrors::default(),
        editing: Some(tournament.short_name),
        advice: advice_lines(&ctx, &state, &view.book),
        preview: Vec::new(),
    })
}

pub(super) async fn update_settings(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::EditSettings>,
    ctx: Ctx,
    Form(form): Form<TournamentForm>,
) -> WebResult<Response> {
    let tournament = &access.tournament;
    let page = |errors, preview| TournamentFormPage {
        layout: Layout::titled(&ctx, &tournament.name),
        form: TournamentForm {
            confirm_rules: None,
            ..form.clone()
        },
        errors,
        editing: Some(tournament.short_name.clone()),
        advice: Vec::new(),
        preview,
    };
    let invalid = |errors| page(errors, Vec::new());
    let viewed = view(&app, tournament.tournament_id).await?;
    let valid = match form.validate(&ctx, viewed.entered.settings()) {
        Ok(valid) => valid,
        Err(errors) => return Ok(render_invalid(&invalid(errors))?.into_response()),
    };
    // A rule text newly chosen changes what its articles fix: the organiser
    // sees each change with its article and confirms before it is saved.
    if form.confirm_rules.is_none() {
        let preview: Vec<ChangeWords> = command::text_changes(
            &viewed.book.settings,
            &valid.settings,
            Some(&valid.discipline()),
        )
        .iter()
        .map(|c| ChangeWords::of(c, ctx.lang))
        .collect();
        if !preview.is_empty() {
            // The fields show the rules of play that saving will apply.
            let mut applied = valid.settings.clone();
            let mut discipline = valid.discipline();
            if valid.ruleset != viewed.book.settings.ruleset {
                crate::core::rule_texts::apply(valid.ruleset, &mut applied, &mut discipline);
            }
            let mut shown = page(FieldErrors::default(), preview);
            shown.form.komi = applied.rules.komi.to_string();
            shown.form.rules_profile = (applied.rules.profile)
                .map(|p| format!("{p:?}"))
                .unwrap_or_default();
            return Ok(render(&shown)?.into_response());
        }
    }
    let command = Command::ChangeSettings {
        settings: Box::new(valid.settings.clone()),
        header: valid.header(),
        discipline: Some(Box::new(valid.discipline())),
    };
    // The form carries the version it was loaded at: a change meanwhile refuses it.
    match run(&access, Some(form.version.unwrap_or(-1)), command).await {
        Ok(_) => {}
        Err(WebError::Refused(refusal)) => match *refusal {
            Refusal::Fields(problems) => {
                let errors = field_errors(ctx.lang, &problems);
                return Ok(render_invalid(&invalid(errors))?.into_response());
            }
            other => return Err(other.into()),
        },
        Err(e) => return Err(e),
    }
    // Rules of play newly chosen set their komi over the one typed (GTR: their
    // parameters are the defaults): the notice says so rather than silently.
    let saved = view(&app, tournament.tournament_id).await?;
    let komi = saved.entered.settings().rules.komi;
    let typed = crate::core::units::HalfPoints::parse_decimal(form.komi.trim());
    let flash = match typed {
        Some(typed) if typed != komi => Flash::new("notice.settings_saved_komi")
            .arg("komi", crate::web::rule_words::decimal(komi, ctx.lang)),
        _ => Flash::new("notice.settings_saved"),
    };
    Ok((
        flash,
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
