//! Tournaments: the public list, one tournament with its settings and the
//! `version` every write is based on, creating one, changing its settings.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::access::{Based, readable};
use super::errors::{ApiBody, ApiPath, ReadErrors, WriteErrors};
use crate::core::command::{self, Command, Header};
use crate::core::command::{FieldProblem, Refusal};
use crate::core::discipline::{DisciplineSettings, Ruleset};
use crate::core::rule_texts;
use crate::core::{Settings, System, Tournament, presets};
use crate::web::AppState;
use crate::web::auth::ApiAccount;
use crate::web::error::{WebError, WebResult};
use crate::web::i18n::Lang;
use crate::web::rule_words::ChangeWords;

/// A tournament as the API lists it.
#[derive(Serialize, ToSchema)]
pub(super) struct TournamentSummary {
    /// The tournament's name in URLs.
    short_name: String,
    name: String,
    /// IANA time zone, e.g. `Europe/Prague`.
    time_zone: String,
}

/// The tournaments the caller may see: the public ones, and with a token
/// also those its account is staff of (every one for a site administrator),
/// as the site's home page lists them.
#[utoipa::path(
    get,
    path = "/tournaments",
    tag = "tournaments",
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "the tournaments the caller may see", body = Vec<TournamentSummary>),
        ReadErrors
    )
)]
pub(super) async fn list_tournaments(
    State(app): State<AppState>,
    headers: HeaderMap,
) -> WebResult<Json<Vec<TournamentSummary>>> {
    let account = super::access::optional_account(&app, &headers).await?;
    let rows = app.desk.visible(&app.store.pool, account.as_ref()).await?;
    Ok(Json(
        rows.into_iter()
            .map(|t| TournamentSummary {
                short_name: t.short_name,
                name: t.name,
                time_zone: t.time_zone,
            })
            .collect(),
    ))
}

/// One tournament.
#[derive(Serialize, ToSchema)]
pub(super) struct TournamentDetail {
    short_name: String,
    name: String,
    time_zone: String,
    /// The version a write must be based on.
    version: i32,
    registration_open: bool,
    /// The settings, as the tournament file stores them.
    #[schema(value_type = Object)]
    settings: serde_json::Value,
    /// The rule text the referees follow and its values, as `PUT
    /// …/settings` takes them (`discipline`).
    #[schema(value_type = Object)]
    discipline: serde_json::Value,
    /// The settings kept beside the document, as `PUT …/settings` takes
    /// them (`header`): a program reads them here and sends them back.
    #[schema(value_type = Object)]
    header: serde_json::Value,
    /// When the results were submitted to the EGF ratings commission (GTR
    /// "Guidelines of organization"), and by whom; null until then.
    submitted_to_egf: Option<super::closing::ClosingAct>,
    /// A supervisor's confirmation of the supergroup (GTR "Officials"), with
    /// whether the group is still as confirmed; null until then.
    supergroup_confirmed: Option<super::closing::ClosingAct>,
    /// Each round with an official start: its start and assembly.
    round_times: Vec<RoundTimeOut>,
}

/// A round's official start and assembly (RFG 16.6.1).
#[derive(Serialize, ToSchema)]
pub(super) struct RoundTimeOut {
    round: u32,
    /// `2026-05-10 10:00`, in the tournament's time zone.
    start: String,
    /// 5 minutes before the start under the RFG Code; null when the rule
    /// text fixes no assembly.
    assembly: Option<String>,
}

/// A tournament, its settings and version.
#[utoipa::path(
    get,
    path = "/tournaments/{short}",
    tag = "tournaments",
    params(("short" = String, Path, description = "the tournament's short name")),
    security((), ("bearer" = [])),
    responses((status = 200, description = "the tournament", body = TournamentDetail), ReadErrors)
)]
pub(super) async fn show_tournament(
    State(app): State<AppState>,
    headers: HeaderMap,
    ApiPath(short): ApiPath<String>,
) -> WebResult<Json<TournamentDetail>> {
    let opened = readable(&app, &headers, &short).await?;
    let t = &opened.tournament;
    let view = opened.view().await?;
    let ruleset = view.book.settings.ruleset;
    let round_times = crate::web::view::round_times(opened.state().await?, ruleset)
        .into_iter()
        .map(|time| RoundTimeOut {
            round: time.round,
            start: time.start.to_string(),
            assembly: time.assembly.map(|a| a.to_string()),
        })
        .collect();
    let submitted = view.book.closing_status(&view.effective).submitted;
    let submitted_to_egf = super::closing::ClosingAct::of(submitted);
    let supergroup_confirmed =
        super::closing::ClosingAct::of(view.book.supergroup_confirmation(&view.entered));
    let discipline = serde_json::to_value(&view.book.settings).map_err(anyhow::Error::from)?;
    let header = serde_json::to_value(crate::core::command::Header {
        time_zone: t.time_zone.clone(),
        registration_open: t.registration_open,
        is_public: t.is_public,
        late_forfeit_minutes: t.late_forfeit_minutes,
        schedule: t.schedule.clone(),
    })
    .map_err(anyhow::Error::from)?;
    let state = view.effective.tournament;
    Ok(Json(TournamentDetail {
        header,
        short_name: t.short_name.clone(),
        name: t.name.clone(),
        time_zone: t.time_zone.clone(),
        version: t.version,
        registration_open: t.registration_open,
        settings: serde_json::to_value(state.settings()).map_err(anyhow::Error::from)?,
        discipline,
        submitted_to_egf,
        supergroup_confirmed,
        round_times,
    }))
}

/// A new tournament: the chosen system's standard settings.
#[derive(Deserialize, ToSchema)]
pub(super) struct NewTournament {
    #[schema(pattern = r"\S")]
    name: String,
    /// The name in URLs: Latin letters, digits, `-` and `_`.
    #[schema(pattern = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")]
    short_name: String,
    /// `McMahon` (the default), `Swiss`, `SwissCat`, `Cup`, `RoundRobin`,
    /// `Knockout`, `RfgSwiss` or `UkraineSwiss` (Ukrainian rules II.5; its
    /// settings' `colour_gap_even_rounds`, 2 by default, is the colour limit
    /// with an even number of rounds).
    #[serde(default = "mcmahon")]
    #[schema(value_type = String, example = "McMahon")]
    system: System,
    /// Rounds planned; by default 5.
    #[schema(minimum = 1, maximum = 20)]
    rounds: Option<u32>,
    /// IANA time zone of the hall; by default UTC.
    #[schema(example = "Europe/Prague")]
    time_zone: Option<String>,
    /// The rule text: `egf` (the default), `rfg`, `ukraine` or `custom`
    /// (the organiser's own, which fixes nothing); its defaults are
    /// applied after the system's.
    #[schema(example = "rfg")]
    ruleset: Option<String>,
}

fn mcmahon() -> System {
    System::McMahon
}

/// The created tournament.
#[derive(Serialize, ToSchema)]
pub(super) struct Created {
    short_name: String,
    version: i32,
}

/// Create a tournament owned by the token's account.
#[utoipa::path(
    post,
    path = "/tournaments",
    tag = "tournaments",
    request_body = NewTournament,
    security(("bearer" = [])),
    responses((status = 201, description = "created", body = Created), WriteErrors)
)]
pub(super) async fn create_tournament(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiBody(new): ApiBody<NewTournament>,
) -> WebResult<(StatusCode, Json<Created>)> {
    if !account.may_create_tournament() {
        return Err(WebError::Forbidden);
    }
    let ruleset = match new.ruleset.as_deref() {
        None => Ruleset::Egf,
        Some(key) => Ruleset::from_key(key).ok_or_else(|| {
            WebError::Refused(Box::new(Refusal::Fields(vec![FieldProblem::new(
                "ruleset",
                "form.choose",
            )])))
        })?,
    };
    let mut settings = Settings::default();
    presets::apply(&mut settings, new.system);
    settings.general.name = crate::core::command::name(&new.name);
    settings.general.short_name = new.short_name;
    if let Some(rounds) = new.rounds {
        settings.number_of_rounds = rounds;
    }
    let mut discipline = DisciplineSettings::default();
    rule_texts::apply(ruleset, &mut settings, &mut discipline);
    let header = Header {
        time_zone: new.time_zone.unwrap_or_else(|| "UTC".into()),
        ..Header::default()
    };
    let summary = serde_json::to_value(&settings).map_err(anyhow::Error::from)?;
    let mut state = command::State::new(Tournament::new(settings), header);
    state.book.settings = discipline;
    let row = app
        .desk
        .create(
            account.account_id,
            state,
            crate::core::audit::Event::CreateTournament,
            summary,
        )
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(Created {
            short_name: row.short_name,
            version: row.version,
        }),
    ))
}

/// New settings: the whole of them, as `GET /tournaments/{short}` gives
/// the document's.
#[derive(Deserialize, ToSchema)]
pub(super) struct SettingsIn {
    /// The tournament version this write is based on.
    version: i32,
    /// The settings, as the tournament file stores them.
    #[schema(value_type = Object)]
    settings: Box<Settings>,
    /// The settings kept beside the document: `time_zone`,
    /// `registration_open`, `is_public`, `late_forfeit_minutes`, `schedule`.
    #[schema(value_type = Object)]
    header: Header,
    /// The rule text the referees follow; absent: unchanged.
    #[schema(value_type = Option<Object>)]
    discipline: Option<Box<DisciplineSettings>>,
}

/// The tournament's version after a change of settings, and what a rule
/// text newly chosen changed beyond what was sent (its defaults, each with
/// its article).
#[derive(Serialize, ToSchema)]
pub(super) struct SettingsChanged {
    version: i32,
    changed: Vec<ChangeWords>,
}

/// Change the settings. A new `discipline.ruleset` applies the defaults
/// its text fixes; the answer lists them.
#[utoipa::path(
    put,
    path = "/tournaments/{short}/settings",
    tag = "tournaments",
    params(("short" = String, Path, description = "the tournament's short name")),
    request_body = SettingsIn,
    security(("bearer" = [])),
    responses((status = 200, description = "changed", body = SettingsChanged), WriteErrors)
)]
pub(super) async fn change_settings(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    headers: HeaderMap,
    ApiPath(short): ApiPath<String>,
    ApiBody(new): ApiBody<SettingsIn>,
) -> WebResult<Json<SettingsChanged>> {
    // Worked out on what is stored now; the write below refuses a version
    // that changed meanwhile, so it applies exactly these.
    let opened = crate::web::access::open(&app, &short, account).await?;
    let changed = command::text_changes(
        &opened.state().await?.book.settings,
        &new.settings,
        new.discipline.as_deref(),
    );
    let command = Command::ChangeSettings {
        settings: new.settings,
        header: new.header,
        discipline: new.discipline,
    };
    let based = Based {
        version: new.version,
    };
    let version = opened.run(Some(based.version), command).await?.version;
    let lang = Lang::negotiate(&headers);
    Ok(Json(SettingsChanged {
        version,
        changed: changed.iter().map(|c| ChangeWords::of(c, lang)).collect(),
    }))
}
