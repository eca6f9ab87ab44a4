//! The players of a tournament: the list (public players, or all of them
//! for its staff), registering one, changing, confirming, deleting and
//! withdrawing a registration. The rules are the core's (`core::command`):
//! the same player is refused here as on the organiser's form.

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::access::{Based, Version, ran, readable, run};
use super::errors::{ApiPath, ReadErrors, WriteErrors, body};
use crate::core::command::absence;
use crate::core::command::{Command, Done, PlayerDraft};
use crate::core::discipline::bans::Ban;
use crate::core::{Player, PlayerId, Registration, RoundNo, Settings};
use crate::desk::Ran;
use crate::web::AppState;
use crate::web::auth::ApiAccount;
use crate::web::error::WebResult;

/// A registered player.
#[derive(Serialize, ToSchema)]
pub(super) struct PlayerOut {
    /// The player's number in the tournament.
    no: u32,
    name: String,
    first_name: String,
    #[schema(example = "2d")]
    rank: String,
    /// The EGF rating (GoR).
    rating: i32,
    club: String,
    country: String,
    egf_pin: String,
    /// Whether the registration is confirmed.
    #[serde(rename = "final")]
    is_final: bool,
    /// The rounds the player plays.
    rounds: Vec<u32>,
    /// The credentials commission's checks (documents, the doctor's
    /// clearance, anti-doping), for the staff only.
    #[serde(skip_serializing_if = "Option::is_none")]
    checks: Option<crate::core::admission::Checks>,
    /// The first and last day of the insurance policy recorded, for the
    /// staff only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(format = Date)]
    insured_from: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(format = Date)]
    insured_until: Option<String>,
    /// Why the credentials commission has not admitted the player, who is
    /// therefore not paired, as stable keys (`admission.missing_medical`,
    /// `admission.insurance_ends_early` …); empty when admitted.
    #[schema(examples(json!(["admission.insurance_ends_early"])))]
    not_admitted: Vec<&'static str>,
    /// Whether the player starts in the top group (a supergroup included),
    /// for the staff only.
    #[serde(skip_serializing_if = "Option::is_none")]
    top_group: Option<bool>,
    /// Supergroup bans the site's earlier tournaments recorded for the same
    /// person that reach this tournament (RFG 21(S).2 г; GTR "debarred from
    /// a supergroup"), for the staff only.
    #[serde(skip_serializing_if = "Option::is_none")]
    supergroup_bans: Option<Vec<BanOut>>,
}

/// A supergroup ban from an earlier tournament.
#[derive(Serialize, ToSchema)]
pub(super) struct BanOut {
    /// The tournament that imposed it; absent when the reader may not see it.
    #[serde(skip_serializing_if = "Option::is_none")]
    tournament: Option<String>,
    /// The day it was imposed.
    #[schema(format = Date)]
    date: String,
    /// Which future tournaments, as decided.
    scope: String,
    /// Its last day, when the decision set one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(format = Date)]
    until: Option<String>,
    /// The warning as the pages word it, in the request's language
    /// (`Accept-Language`).
    warning: String,
}

impl BanOut {
    fn of(ban: &Ban, lang: crate::web::i18n::Lang) -> Self {
        BanOut {
            tournament: ban.tournament.clone(),
            date: ban.imposed.to_string(),
            scope: ban.recorded.scope.clone(),
            until: ban.recorded.until.map(|d| d.to_string()),
            warning: crate::web::supergroup::warning(lang, ban),
        }
    }
}

impl PlayerOut {
    fn of(p: &Player, settings: &Settings, is_staff: bool) -> Self {
        let rounds = settings.number_of_rounds;
        let day = |d: Option<jiff::civil::Date>| d.filter(|_| is_staff).map(|d| d.to_string());
        PlayerOut {
            no: p.id.0,
            name: p.name.clone(),
            first_name: p.first_name.clone(),
            rank: p.rank.to_string(),
            rating: p.rating.gor(),
            club: p.club.clone(),
            country: p.country.clone(),
            egf_pin: p.egf_pin.clone(),
            is_final: p.registration == Registration::Final,
            rounds: (1..=rounds)
                .filter(|r| RoundNo::new(*r).is_some_and(|r| p.participation.plays(r)))
                .collect(),
            checks: is_staff.then_some(p.checks),
            insured_from: day(p.insurance.from),
            insured_until: day(p.insurance.until),
            not_admitted: crate::core::admission::not_admitted_because(settings, p),
            top_group: None,
            supergroup_bans: None,
        }
    }
}

/// The players, with the tournament's version.
#[derive(Serialize, ToSchema)]
pub(super) struct PlayerList {
    version: i32,
    players: Vec<PlayerOut>,
}

/// The registered players (for the staff, also the ones not public).
#[utoipa::path(
    get,
    path = "/tournaments/{short}/players",
    tag = "players",
    params(("short" = String, Path, description = "the tournament's short name")),
    security((), ("bearer" = [])),
    responses((status = 200, description = "the players", body = PlayerList), ReadErrors)
)]
pub(super) async fn list_players(
    State(app): State<AppState>,
    headers: HeaderMap,
    ApiPath(short): ApiPath<String>,
) -> WebResult<Json<PlayerList>> {
    let opened = readable(&app, &headers, &short).await?;
    let (t, is_staff) = (&opened.tournament, opened.is_staff());
    let view = opened.view().await?;
    let state = &view.effective.tournament;
    let lang = crate::web::i18n::Lang::negotiate(&headers);
    let bans = if is_staff {
        let bans = crate::web::supergroup::bans(&opened).await?;
        crate::web::supergroup::by_player(state, &bans)
    } else {
        Default::default()
    };
    let players = state
        .players()
        .iter()
        .filter(|p| is_staff || state.is_public(p))
        .map(|p| PlayerOut {
            top_group: is_staff.then(|| absence::top_group(state, &view.book, p)),
            supergroup_bans: is_staff.then(|| {
                bans.get(&p.id)
                    .into_iter()
                    .flatten()
                    .map(|b| BanOut::of(b, lang))
                    .collect()
            }),
            ..PlayerOut::of(p, state.settings(), is_staff)
        })
        .collect();
    Ok(Json(PlayerList {
        version: t.version,
        players,
    }))
}

/// A number the API takes as JSON number or as text, as a form would send it.
#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum Loose {
    Number(serde_json::Number),
    Text(String),
}

impl Loose {
    fn text(value: Option<Loose>) -> String {
        match value {
            Some(Loose::Number(n)) => n.to_string(),
            Some(Loose::Text(t)) => t,
            None => String::new(),
        }
    }
}

fn yes() -> bool {
    true
}

/// A player as the API takes it: the fields of the organiser's form, checked
/// by the same rules.
#[derive(Deserialize, ToSchema)]
pub(super) struct PlayerIn {
    /// The tournament version this write is based on.
    version: i32,
    #[serde(default)]
    name: String,
    #[serde(default)]
    first_name: String,
    #[serde(default)]
    #[schema(examples("5k", "2d"))]
    rank: String,
    /// The GoR (a number or its text); by default the rank's.
    #[schema(value_type = Option<i32>, minimum = -900, maximum = 2949)]
    rating: Option<Loose>,
    #[serde(default)]
    club: String,
    /// Two letters, e.g. `CZ`.
    #[serde(default)]
    country: String,
    #[serde(default)]
    egf_pin: String,
    /// McMahon start score correction, -5..5.
    #[schema(value_type = Option<i32>, minimum = -5, maximum = 5)]
    smms_correction: Option<Loose>,
    /// Draw number (round robin, knockout, RFG and Ukrainian Swiss).
    #[schema(value_type = Option<u32>, minimum = 1, maximum = 9999)]
    draw_number: Option<Loose>,
    /// A final registration (the default); otherwise preliminary.
    #[serde(default = "yes", rename = "final")]
    is_final: bool,
    /// The rounds the player plays; by default every round.
    rounds: Option<Vec<u32>>,
    /// Why a top-group player leaves a round out (a documented illness or
    /// a family loss the referee accepts: RFG 21.2, EGF GTR "Top groups");
    /// without it such a change is refused.
    #[serde(default)]
    absence_reason: String,
    /// Register a player whose name looks like one registered already.
    #[serde(default)]
    confirm_duplicate: bool,
    /// A pair go or rengo side's members in playing order, one a line:
    /// `name, rating` or `name, rank`.
    #[serde(default)]
    #[schema(examples("Ivanova Anna, 2k, f\nPetrov Boris, 1850, m"))]
    members: String,
    /// The year of birth, for the age groups; left out keeps it.
    #[schema(minimum = 1900, maximum = 2100)]
    birth_year: Option<u16>,
    /// The credentials commission's checks recorded; left out keeps them.
    checks: Option<crate::core::admission::Checks>,
    /// On the anti-doping suspension list; left out keeps it.
    suspended: Option<bool>,
    /// The first and last day the player's insurance policy covers
    /// (Ukrainian rules XIII.3: an inclusive event admits a player insured
    /// for its days); left out keeps each, "" clears it.
    #[schema(format = Date, examples("2025-05-01"))]
    insured_from: Option<String>,
    #[schema(format = Date, examples("2025-05-03"))]
    insured_until: Option<String>,
    /// "female", "male" or "" (not given); left out keeps it.
    #[schema(examples("female", "male"))]
    gender: Option<String>,
}

impl PlayerIn {
    fn draft(self) -> (i32, PlayerDraft, bool) {
        let draft = PlayerDraft {
            name: self.name,
            first_name: self.first_name,
            rank: self.rank,
            rating: Loose::text(self.rating),
            country: self.country,
            club: self.club,
            egf_pin: self.egf_pin,
            smms_correction: Loose::text(self.smms_correction),
            draw_number: Loose::text(self.draw_number),
            is_final: self.is_final,
            rounds: self.rounds,
            members: self.members,
            birth_year: self.birth_year.map(|y| y.to_string()),
            checks: self.checks,
            suspended: self.suspended,
            insured_from: self.insured_from,
            insured_until: self.insured_until,
            gender: self.gender,
            absence_reason: self.absence_reason,
            ..PlayerDraft::default()
        };
        (self.version, draft, self.confirm_duplicate)
    }
}

/// The registered player's number and the new version.
#[derive(Serialize, ToSchema)]
pub(super) struct Registered {
    no: u32,
    version: i32,
}

fn player_no(ran: &Ran) -> u32 {
    match &ran.outcome.done {
        Done::Player { id, .. } => id.0,
        _ => 0,
    }
}

/// Register a player.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/players",
    tag = "players",
    params(("short" = String, Path, description = "the tournament's short name")),
    request_body = PlayerIn,
    security(("bearer" = [])),
    responses((status = 201, description = "registered", body = Registered), WriteErrors)
)]
pub(super) async fn add_player(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath(short): ApiPath<String>,
    payload: Result<Json<serde_json::Value>, JsonRejection>,
) -> WebResult<(StatusCode, Json<Registered>)> {
    let (version, draft, confirm_duplicate) = body::<PlayerIn>(payload)?.draft();
    let command = Command::Register {
        draft,
        confirm_duplicate,
    };
    let ran = run(&app, account, &short, Some(version), command).await?;
    let no = player_no(&ran);
    Ok((
        StatusCode::CREATED,
        Json(Registered {
            no,
            version: ran.version,
        }),
    ))
}

/// Change a player's registration: every field as on the organiser's form.
#[utoipa::path(
    put,
    path = "/tournaments/{short}/players/{no}",
    tag = "players",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("no" = u32, Path, description = "the player's number"),
    ),
    request_body = PlayerIn,
    security(("bearer" = [])),
    responses((status = 200, description = "changed", body = Registered), WriteErrors)
)]
pub(super) async fn edit_player(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, no)): ApiPath<(String, u32)>,
    payload: Result<Json<serde_json::Value>, JsonRejection>,
) -> WebResult<Json<Registered>> {
    let (version, draft, _) = body::<PlayerIn>(payload)?.draft();
    let command = Command::EditPlayer {
        player: PlayerId(no),
        draft,
        digest: None,
    };
    let ran = run(&app, account, &short, Some(version), command).await?;
    Ok(Json(Registered {
        no,
        version: ran.version,
    }))
}

/// Delete a registration (a player with no game and nothing in the log).
#[utoipa::path(
    delete,
    path = "/tournaments/{short}/players/{no}",
    tag = "players",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("no" = u32, Path, description = "the player's number"),
    ),
    request_body = Based,
    security(("bearer" = [])),
    responses((status = 200, description = "deleted", body = Version), WriteErrors)
)]
pub(super) async fn delete_player(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, no)): ApiPath<(String, u32)>,
    payload: Result<Json<serde_json::Value>, JsonRejection>,
) -> WebResult<Json<Version>> {
    let command = Command::DeletePlayer {
        player: PlayerId(no),
    };
    ran(&app, account, &short, body::<Based>(payload)?, command).await
}

/// A preliminary registration becomes final.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/players/{no}/confirm",
    tag = "players",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("no" = u32, Path, description = "the player's number"),
    ),
    request_body = Based,
    security(("bearer" = [])),
    responses((status = 200, description = "confirmed", body = Version), WriteErrors)
)]
pub(super) async fn confirm_player(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, no)): ApiPath<(String, u32)>,
    payload: Result<Json<serde_json::Value>, JsonRejection>,
) -> WebResult<Json<Version>> {
    let command = Command::ConfirmPlayer {
        player: PlayerId(no),
    };
    ran(&app, account, &short, body::<Based>(payload)?, command).await
}

/// The player leaves the tournament from the next round to pair (an act in
/// the discipline log).
#[utoipa::path(
    post,
    path = "/tournaments/{short}/players/{no}/withdraw",
    tag = "players",
    params(
        ("short" = String, Path, description = "the tournament's short name"),
        ("no" = u32, Path, description = "the player's number"),
    ),
    request_body = Based,
    security(("bearer" = [])),
    responses((status = 200, description = "withdrawn", body = Version), WriteErrors)
)]
pub(super) async fn withdraw_player(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath((short, no)): ApiPath<(String, u32)>,
    payload: Result<Json<serde_json::Value>, JsonRejection>,
) -> WebResult<Json<Version>> {
    let command = Command::WithdrawPlayer {
        player: PlayerId(no),
    };
    ran(&app, account, &short, body::<Based>(payload)?, command).await
}
