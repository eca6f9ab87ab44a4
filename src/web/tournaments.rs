//! Creating a tournament, its public page, settings, staff and audit log.
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /tournaments/new`, `POST /tournaments` | [`new_tournament`], [`create_tournament`] | organisers |
//! | `GET /t/{short}` | [`show_tournament`] | everyone |
//! | `GET /t/{short}/settings`, `POST` | [`edit_settings`], [`update_settings`] | owner, co-organisers |
//! | `GET /t/{short}/staff`, `POST` | [`show_staff`], [`add_staff`] | owner |
//! | `POST /t/{short}/staff/remove` | [`remove_staff`] | owner |
//! | `GET /t/{short}/audit` | [`show_audit`] | owner, co-organisers |
//! | `GET /time-summary?…` | [`time_summary`] | everyone: the time fields' EGF class, for the form's live line |
//! | `GET /t/{short}/poster` | [`show_poster`] | everyone: A4 poster with a QR code to the tournament page |

use askama::Template;
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use uuid::Uuid;

use super::AppState;
use super::audit_words::{self, AuditWords};
use super::auth::SignedIn;
use super::error::{WebError, WebResult};
use super::flash::Flash;
use super::page::{Ctx, FieldErrors, Layout, render, render_invalid};
use super::settings_form::{self, TournamentForm};
use crate::core::access::{self, Action, StaffRole};
use crate::core::discipline::{Book, Effective, Ruleset};
use crate::core::rules::profile::Profile;
use crate::core::rules::time::TimeControl;
use crate::core::{Criterion, Registration, Settings, Tournament};
use crate::store::accounts::{self, Account};
use crate::store::audit;
use crate::store::discipline as discipline_store;
use crate::store::tournaments::{self, StaffMember, TournamentRow};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/tournaments/new", get(new_tournament))
        .route("/tournaments", post(create_tournament))
        .route("/t/{short}", get(show_tournament))
        .route(
            "/t/{short}/settings",
            get(edit_settings).post(update_settings),
        )
        .route("/t/{short}/staff", get(show_staff).post(add_staff))
        .route("/t/{short}/staff/remove", post(remove_staff))
        .route("/t/{short}/audit", get(show_audit))
        .route("/t/{short}/poster", get(show_poster))
        .route("/time-summary", get(time_summary))
}

/// The tournament and the person allowed to act on it.
pub(super) struct Access {
    pub tournament: TournamentRow,
    pub me: Account,
}

/// Loads a tournament and refuses with 403 unless `me` may do `action`.
pub(super) async fn authorise(
    app: &AppState,
    short: &str,
    me: Account,
    action: Action,
) -> WebResult<Access> {
    let tournament = tournaments::by_short_name(&app.store.pool, short)
        .await?
        .ok_or(WebError::NotFound)?;
    let roles =
        tournaments::roles_of(&app.store.pool, tournament.tournament_id, me.account_id).await?;
    if !access::may(&roles, me.is_admin, action) {
        return Err(WebError::Forbidden);
    }
    Ok(Access { tournament, me })
}

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

async fn new_tournament(SignedIn(me): SignedIn, ctx: Ctx) -> WebResult<Html<String>> {
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

async fn create_tournament(
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
        Redirect::to(&format!("/t/{}", created.short_name)),
    )
        .into_response())
}

#[derive(Template)]
#[template(path = "tournaments/show.html")]
struct TournamentPage {
    layout: Layout,
    tournament: TournamentRow,
    /// Links to staff pages, shown only to staff.
    can_edit: bool,
    can_manage_staff: bool,
    can_referee: bool,
    is_staff: bool,
    info: Overview,
    /// The programme, one item a line.
    schedule: Vec<String>,
}

/// What a player wants to know before the first round.
struct Overview {
    dates: String,
    location: String,
    system: String,
    /// "5 rounds", in the reader's plural form.
    rounds: String,
    board_size: u8,
    komi: String,
    tie_rule: String,
    time: String,
    time_class: String,
    players: usize,
    /// The last published round, to jump to.
    current_round: Option<u32>,
}

async fn show_tournament(
    State(app): State<AppState>,
    ctx: Ctx,
    Path(short): Path<String>,
) -> WebResult<Html<String>> {
    let (tournament, roles) = viewable(&app, &ctx, &short).await?;
    let is_admin = ctx.is_admin();
    let state = view(&app, tournament.tournament_id)
        .await?
        .effective
        .tournament;
    let published = crate::store::rounds::states(&app.store.pool, tournament.tournament_id).await?;
    let s = state.settings();
    let time = TimeControl::from(&s.time);
    let dates = match (s.general.begin_date.as_str(), s.general.end_date.as_str()) {
        ("", "") => String::new(),
        (b, e) if b == e || e.is_empty() => b.to_string(),
        (b, e) => format!("{b} – {e}"),
    };
    let system_key = settings_form::SYSTEMS
        .iter()
        .find(|(_, v)| *v == s.system)
        .map(|(k, _)| *k)
        .unwrap_or("mcmahon");
    let tie_key = match s.rules.tie_rule {
        crate::core::settings::TieRule::Jigo => "jigo",
        crate::core::settings::TieRule::WhiteWins => "white_wins",
        crate::core::settings::TieRule::BlackWins => "black_wins",
    };
    let info = Overview {
        dates,
        location: s.general.location.clone(),
        system: ctx.lang.t(&format!("system.{system_key}")),
        rounds: ctx
            .lang
            .plural("overview.rounds", u64::from(s.number_of_rounds)),
        board_size: s.rules.board_size,
        komi: s.rules.komi.to_string(),
        tie_rule: ctx.lang.t(&format!("tie_rule.{tie_key}")),
        time_class: time.egf_class(s.general.internet).to_string(),
        time: settings_form::time_label(&time, ctx.lang),
        // Visitors count the field of play, as their players list shows it.
        players: state
            .players()
            .iter()
            .filter(|p| ctx.is_staff(&roles) || p.registration == Registration::Final)
            .count(),
        current_round: published
            .iter()
            .filter(|r| r.published_at.is_some())
            .map(|r| r.round_no as u32)
            .max(),
    };
    render(&TournamentPage {
        // The overview links the current round: it follows a publication.
        layout: Layout::titled(&ctx, &tournament.name)
            .live(&tournament.short_name, tournament.version),
        can_edit: access::may(&roles, is_admin, Action::EditSettings),
        can_manage_staff: access::may(&roles, is_admin, Action::ManageStaff),
        can_referee: access::may(&roles, is_admin, Action::LogSanction),
        is_staff: ctx.is_staff(&roles),
        schedule: tournament
            .schedule
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(String::from)
            .collect(),
        tournament,
        info,
    })
}

async fn edit_settings(
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

async fn update_settings(
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
        Redirect::to(&format!("/t/{}", valid.settings.general.short_name)),
    )
        .into_response())
}

#[derive(Template)]
#[template(path = "tournaments/staff.html")]
struct StaffPage {
    layout: Layout,
    tournament: TournamentRow,
    staff: Vec<StaffMember>,
    error: String,
}

async fn show_staff(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
) -> WebResult<Html<String>> {
    let Access { tournament, .. } = authorise(&app, &short, me, Action::ManageStaff).await?;
    let staff = tournaments::staff(&app.store.pool, tournament.tournament_id).await?;
    render(&StaffPage {
        layout: Layout::titled(&ctx, &tournament.name),
        tournament,
        staff,
        error: String::new(),
    })
}

#[derive(serde::Deserialize)]
struct StaffForm {
    username: String,
    role: String,
}

async fn add_staff(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
    Form(form): Form<StaffForm>,
) -> WebResult<Response> {
    let Access { tournament, me, .. } = authorise(&app, &short, me, Action::ManageStaff).await?;
    let role = StaffRole::from_key(&form.role).filter(|r| *r != StaffRole::Owner);
    let account = accounts::by_username(&app.store.pool, form.username.trim()).await?;
    let (Some(role), Some(account)) = (role, account) else {
        let staff = tournaments::staff(&app.store.pool, tournament.tournament_id).await?;
        let page = StaffPage {
            layout: Layout::titled(&ctx, &tournament.name),
            tournament,
            staff,
            error: ctx.lang.t("staff.error.unknown_user"),
        };
        return Ok(render_invalid(&page)?.into_response());
    };
    let mut tx = app.store.begin().await?;
    tournaments::add_staff(&mut *tx, tournament.tournament_id, account.account_id, role).await?;
    let after = serde_json::json!({
        "username": account.username,
        "display_name": account.display_name,
        "role": role.key(),
    });
    audit::record(
        &mut *tx,
        Some(tournament.tournament_id),
        Some(me.account_id),
        "staff.add",
        None,
        Some(after),
    )
    .await?;
    tx.commit().await?;
    Ok((
        Flash::new("notice.staff_added").arg("name", account.display_name),
        Redirect::to(&format!("/t/{}/staff", tournament.short_name)),
    )
        .into_response())
}

#[derive(serde::Deserialize)]
struct RemoveStaffForm {
    account_id: Uuid,
    role: String,
}

async fn remove_staff(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
    Form(form): Form<RemoveStaffForm>,
) -> WebResult<(Flash, Redirect)> {
    let Access { tournament, me, .. } = authorise(&app, &short, me, Action::ManageStaff).await?;
    let role = StaffRole::from_key(&form.role).ok_or(WebError::NotFound)?;
    let removed = tournaments::staff(&app.store.pool, tournament.tournament_id)
        .await?
        .into_iter()
        .find(|m| m.account_id == form.account_id);
    let mut tx = app.store.begin().await?;
    tournaments::remove_staff(&mut *tx, tournament.tournament_id, form.account_id, role).await?;
    let before = serde_json::json!({
        "account_id": form.account_id,
        "username": removed.as_ref().map(|m| &m.username),
        "display_name": removed.as_ref().map(|m| &m.display_name),
        "role": role.key(),
    });
    audit::record(
        &mut *tx,
        Some(tournament.tournament_id),
        Some(me.account_id),
        "staff.remove",
        Some(before),
        None,
    )
    .await?;
    tx.commit().await?;
    Ok((
        Flash::new("notice.staff_removed"),
        Redirect::to(&format!("/t/{}/staff", tournament.short_name)),
    ))
}

/// An audit entry in words, at the hall's time (the tournament's time zone).
struct AuditLine {
    at: String,
    /// The same moment in RFC 3339 (UTC), for `<time datetime>`.
    datetime: String,
    who: String,
    words: AuditWords,
}

#[derive(Template)]
#[template(path = "tournaments/audit.html")]
struct AuditPage {
    layout: Layout,
    tournament: TournamentRow,
    lines: Vec<AuditLine>,
}

async fn show_audit(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
) -> WebResult<Html<String>> {
    let Access { tournament, .. } = authorise(&app, &short, me, Action::ReadAuditLog).await?;
    let zone = jiff::tz::TimeZone::get(&tournament.time_zone).unwrap_or(jiff::tz::TimeZone::UTC);
    // Names come from the tournament as it is now: a player renamed since
    // reads under their current name.
    let state = load(&app, tournament.tournament_id).await?;
    let lines = audit::for_tournament(&app.store.pool, tournament.tournament_id)
        .await?
        .into_iter()
        .map(|entry| AuditLine {
            at: local_time(entry.at, &zone),
            // Whole seconds: HTML allows at most three digits of a fraction.
            datetime: entry
                .at
                .replace_nanosecond(0)
                .unwrap_or(entry.at)
                .format(&time::format_description::well_known::Rfc3339)
                .unwrap_or_default(),
            who: audit_words::who(ctx.lang, &entry.action, entry.who.as_deref()),
            words: audit_words::describe(
                &state,
                ctx.lang,
                &entry.action,
                entry.before.as_ref(),
                entry.after.as_ref(),
            ),
        })
        .collect();
    render(&AuditPage {
        layout: Layout::titled(&ctx, &tournament.name),
        tournament,
        lines,
    })
}

/// A tournament anyone may look at: public, or staff of it.
pub(super) async fn viewable(
    app: &AppState,
    ctx: &Ctx,
    short: &str,
) -> WebResult<(TournamentRow, Vec<StaffRole>)> {
    let tournament = tournaments::by_short_name(&app.store.pool, short)
        .await?
        .ok_or(WebError::NotFound)?;
    let roles = match &ctx.user {
        Some(me) => {
            tournaments::roles_of(&app.store.pool, tournament.tournament_id, me.account_id).await?
        }
        None => Vec::new(),
    };
    let is_admin = ctx.is_admin();
    if !tournament.is_public && roles.is_empty() && !is_admin {
        return Err(WebError::NotFound);
    }
    Ok((tournament, roles))
}

/// A tournament's document; a missing one is a 404.
pub(super) async fn load(app: &AppState, tournament_id: Uuid) -> WebResult<Tournament> {
    tournaments::load_state(&app.store.pool, tournament_id)
        .await?
        .ok_or(WebError::NotFound)
}

/// A tournament as readers see it: the document as entered, its discipline
/// book, and the two combined (`effective.tournament`: results as they stand
/// after sanctions, forfeits and appeal decisions, which pairing, the pages
/// and the exports read), all at one version.
pub(super) struct View {
    pub version: i32,
    pub entered: Tournament,
    pub book: Book,
    pub effective: Effective,
}

impl View {
    /// What the standings are computed from (games of an early leaver annulled
    /// where the rule text says so).
    pub fn for_standings(&self) -> Tournament {
        self.effective.for_standings()
    }
}

/// Loads a tournament for reading, with the discipline log applied.
pub(super) async fn view(app: &AppState, tournament_id: Uuid) -> WebResult<View> {
    let snapshot = discipline_store::load(&app.store.pool, tournament_id)
        .await?
        .ok_or(WebError::NotFound)?;
    let effective = snapshot.book.effective(&snapshot.state)?;
    Ok(View {
        version: snapshot.version,
        entered: snapshot.state,
        book: snapshot.book,
        effective,
    })
}

/// Runs one change to a tournament's document as one transaction: lock the
/// row, load, apply `change` (which returns what to show and to log), save,
/// append to the audit log, commit. A refused change saves nothing.
pub(super) async fn mutate<T>(
    app: &AppState,
    access: &Access,
    action: &str,
    change: impl FnOnce(
        &mut Tournament,
    ) -> WebResult<(T, Option<serde_json::Value>, Option<serde_json::Value>)>,
) -> WebResult<T> {
    mutate_at(app, access, None, action, change).await
}

/// [`mutate`], refused with 409 unless the tournament is still at
/// `expected_version` (when given): how the API turns a stale write away.
pub(super) async fn mutate_at<T>(
    app: &AppState,
    access: &Access,
    expected_version: Option<i32>,
    action: &str,
    change: impl FnOnce(
        &mut Tournament,
    ) -> WebResult<(T, Option<serde_json::Value>, Option<serde_json::Value>)>,
) -> WebResult<T> {
    mutate_with_book(app, access, expected_version, action, |t, _| change(t)).await
}

/// [`mutate_at`] for changes that also read or write the discipline book:
/// results (locked ones refuse), referees' acts and appeals.
pub(super) async fn mutate_with_book<T>(
    app: &AppState,
    access: &Access,
    expected_version: Option<i32>,
    action: &str,
    change: impl FnOnce(
        &mut Tournament,
        &mut Book,
    ) -> WebResult<(T, Option<serde_json::Value>, Option<serde_json::Value>)>,
) -> WebResult<T> {
    let (id, actor) = (access.tournament.tournament_id, Some(access.me.account_id));
    change_document(app, id, actor, expected_version, action, change).await
}

/// The one transaction every change runs in. `actor` is the signed-in
/// account, or `None` for a player acting through their private link.
pub(super) async fn change_document<T>(
    app: &AppState,
    id: Uuid,
    actor: Option<Uuid>,
    expected_version: Option<i32>,
    action: &str,
    change: impl FnOnce(
        &mut Tournament,
        &mut Book,
    ) -> WebResult<(T, Option<serde_json::Value>, Option<serde_json::Value>)>,
) -> WebResult<T> {
    let mut tx = app.store.begin().await?;
    let row = tournaments::lock(&mut tx, id)
        .await?
        .ok_or(WebError::NotFound)?;
    if expected_version.is_some_and(|v| v != row.version) {
        return Err(WebError::StaleForm);
    }
    let snapshot = discipline_store::load(&mut *tx, id)
        .await?
        .ok_or(WebError::NotFound)?;
    let (mut state, mut book) = (snapshot.state, snapshot.book);
    let (value, before, after) = change(&mut state, &mut book)?;
    // Whatever the change, the book must still name only what the tournament
    // has: otherwise no page of the tournament could be read afterwards.
    book.check_references(&state)?;
    tournaments::save_state(&mut *tx, id, &state).await?;
    discipline_store::save(&mut *tx, id, &book).await?;
    audit::record(&mut *tx, Some(id), actor, action, before, after).await?;
    tx.commit().await?;
    app.live.changed(id);
    Ok(value)
}

/// The address people reach this site at, as the request names it.
pub(super) fn site_url(headers: &axum::http::HeaderMap) -> String {
    let host = headers
        .get("x-forwarded-host")
        .or_else(|| headers.get(axum::http::header::HOST))
        .and_then(|v| v.to_str().ok())
        .unwrap_or("localhost");
    let scheme = if super::cookies::is_https(headers) {
        "https"
    } else {
        "http"
    };
    format!("{scheme}://{host}")
}

/// Serialises a value for the audit log.
pub(super) fn json<T: serde::Serialize>(value: &T) -> WebResult<serde_json::Value> {
    Ok(serde_json::to_value(value).map_err(anyhow::Error::from)?)
}

/// A moment as the people in the hall read it: their wall clock.
pub fn local_time(at: time::OffsetDateTime, zone: &jiff::tz::TimeZone) -> String {
    jiff::Timestamp::from_second(at.unix_timestamp())
        .map(|ts| {
            ts.to_zoned(zone.clone())
                .strftime("%Y-%m-%d %H:%M:%S %Z")
                .to_string()
        })
        .unwrap_or_default()
}

#[derive(Template)]
#[template(path = "tournaments/poster.html")]
struct PosterPage {
    layout: Layout,
    tournament: TournamentRow,
    url: String,
    qr_svg: String,
}

/// A poster for the hall: players scan it instead of queueing at a sheet.
async fn show_poster(
    State(app): State<AppState>,
    ctx: Ctx,
    headers: axum::http::HeaderMap,
    Path(short): Path<String>,
) -> WebResult<Html<String>> {
    let (tournament, _) = viewable(&app, &ctx, &short).await?;
    let url = format!("{}/t/{}", site_url(&headers), tournament.short_name);
    let code = qrcode::QrCode::new(url.as_bytes()).map_err(anyhow::Error::from)?;
    let qr_svg = code
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(240, 240)
        .quiet_zone(true)
        .build();
    // Inline SVG in HTML takes no XML declaration.
    let qr_svg = qr_svg
        .find("<svg")
        .map_or(qr_svg.clone(), |start| qr_svg[start..].to_string());
    render(&PosterPage {
        layout: Layout::titled(&ctx, &tournament.name),
        tournament,
        url,
        qr_svg,
    })
}

/// The time control's summary for the values in the query, as plain text.
async fn time_summary(
    ctx: Ctx,
    axum::extract::Query(form): axum::extract::Query<TournamentForm>,
) -> String {
    settings_form::time_summary(&form, ctx.lang, false).unwrap_or_default()
}
