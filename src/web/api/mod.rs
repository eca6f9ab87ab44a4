//! The JSON API, `/api/v1`. Reads of public tournaments need no token;
//! writes take `Authorization: Bearer <token>` (tokens from the account page
//! or `tengen admin token`) and carry the tournament `version` they were
//! based on: a stale write gets 409 and changes nothing.
//!
//! | route | handler |
//! |---|---|
//! | `GET /api/v1/openapi.json` | [`openapi`] |
//! | `GET /api/v1/me` | [`me`] |
//! | `GET /api/v1/tournaments` | [`list_tournaments`] |
//! | `GET /api/v1/tournaments/{short}` | [`show_tournament`] |
//! | `GET /api/v1/tournaments/{short}/players`, `POST` | [`list_players`], [`add_player`] |
//! | `GET /api/v1/tournaments/{short}/rounds/{n}` | [`show_round`] |
//! | `PUT /api/v1/tournaments/{short}/rounds/{n}/boards/{board}/result` | [`set_result`] |
//! | `GET /api/v1/tournaments/{short}/standings?round=N` | [`show_standings`] |

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::{get, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::AppState;
use super::auth::ApiAccount;
use super::change::run;
use super::error::{WebError, WebResult};
use super::tournaments::{Access, View};
use crate::core::access::{self, Action};
use crate::core::command::{Command, Done, PlayerDraft, ResultEntry};
use crate::core::formats::standings_tsv;
use crate::core::standings::standings;
use crate::core::{BoardNo, Player, PlayerId, Registration, RoundNo, results};
use crate::store::accounts::Account;
use crate::store::rounds as round_store;
use crate::store::tournaments::{self, TournamentRow};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/openapi.json", get(openapi))
        .route("/me", get(me))
        .route("/tournaments", get(list_tournaments))
        .route("/tournaments/{short}", get(show_tournament))
        .route(
            "/tournaments/{short}/players",
            get(list_players).post(add_player),
        )
        .route("/tournaments/{short}/rounds/{n}", get(show_round))
        .route(
            "/tournaments/{short}/rounds/{n}/boards/{board}/result",
            put(set_result),
        )
        .route("/tournaments/{short}/standings", get(show_standings))
}

async fn me(ApiAccount(account): ApiAccount) -> Json<Account> {
    Json(account)
}

/// A tournament as the API lists it.
#[derive(Serialize)]
struct TournamentSummary {
    short_name: String,
    name: String,
    time_zone: String,
}

async fn list_tournaments(State(app): State<AppState>) -> WebResult<Json<Vec<TournamentSummary>>> {
    let rows = tournaments::list(&app.store.pool).await?;
    Ok(Json(
        rows.into_iter()
            .filter(|t| t.is_public)
            .map(|t| TournamentSummary {
                short_name: t.short_name,
                name: t.name,
                time_zone: t.time_zone,
            })
            .collect(),
    ))
}

/// The bearer's account when a token is sent; an invalid token is refused.
async fn optional_account(
    app: &AppState,
    parts: &axum::http::HeaderMap,
) -> WebResult<Option<Account>> {
    if !parts.contains_key(axum::http::header::AUTHORIZATION) {
        return Ok(None);
    }
    let mut request = axum::http::Request::new(());
    *request.headers_mut() = parts.clone();
    let (mut head, ()) = request.into_parts();
    let ApiAccount(account) =
        <ApiAccount as axum::extract::FromRequestParts<AppState>>::from_request_parts(
            &mut head, app,
        )
        .await?;
    Ok(Some(account))
}

/// A tournament the caller may read, with whether they are its staff.
async fn readable(
    app: &AppState,
    headers: &axum::http::HeaderMap,
    short: &str,
) -> WebResult<(TournamentRow, View, bool)> {
    let account = optional_account(app, headers).await?;
    let tournament = tournaments::by_short_name(&app.store.pool, short)
        .await?
        .ok_or(WebError::NotFound)?;
    let roles = match &account {
        Some(a) => {
            tournaments::roles_of(&app.store.pool, tournament.tournament_id, a.account_id).await?
        }
        None => Vec::new(),
    };
    let is_staff = !roles.is_empty() || account.as_ref().is_some_and(|a| a.is_admin);
    if !tournament.is_public && !is_staff {
        return Err(WebError::NotFound);
    }
    let view = super::tournaments::view(app, tournament.tournament_id).await?;
    Ok((tournament, view, is_staff))
}

/// The bearer may do `action` in the tournament.
async fn writer(
    app: &AppState,
    account: Account,
    short: &str,
    action: Action,
) -> WebResult<Access> {
    let tournament = tournaments::by_short_name(&app.store.pool, short)
        .await?
        .ok_or(WebError::NotFound)?;
    let roles = tournaments::roles_of(
        &app.store.pool,
        tournament.tournament_id,
        account.account_id,
    )
    .await?;
    if !access::may(&roles, account.is_admin, action) {
        return Err(WebError::Forbidden);
    }
    Ok(Access {
        tournament,
        me: account,
    })
}

async fn show_tournament(
    State(app): State<AppState>,
    headers: axum::http::HeaderMap,
    Path(short): Path<String>,
) -> WebResult<Json<Value>> {
    let (t, view, _) = readable(&app, &headers, &short).await?;
    let state = view.effective.tournament;
    Ok(Json(json!({
        "short_name": t.short_name,
        "name": t.name,
        "time_zone": t.time_zone,
        "version": t.version,
        "registration_open": t.registration_open,
        "settings": serde_json::to_value(state.settings()).map_err(anyhow::Error::from)?,
    })))
}

fn player_json(p: &Player, rounds: u32) -> Value {
    json!({
        "no": p.id.0,
        "name": p.name,
        "first_name": p.first_name,
        "rank": p.rank.to_string(),
        "rating": p.rating.gor(),
        "club": p.club,
        "country": p.country,
        "egf_pin": p.egf_pin,
        "final": p.registration == Registration::Final,
        "rounds": (1..=rounds).filter(|r| RoundNo::new(*r).is_some_and(|r| p.participation.plays(r))).collect::<Vec<_>>(),
    })
}

async fn list_players(
    State(app): State<AppState>,
    headers: axum::http::HeaderMap,
    Path(short): Path<String>,
) -> WebResult<Json<Value>> {
    let (t, view, is_staff) = readable(&app, &headers, &short).await?;
    let state = view.effective.tournament;
    let rounds = state.settings().number_of_rounds;
    let players: Vec<Value> = state
        .players()
        .iter()
        .filter(|p| is_staff || state.is_public(p))
        .map(|p| player_json(p, rounds))
        .collect();
    Ok(Json(json!({ "version": t.version, "players": players })))
}

/// A new player as the API takes it.
#[derive(Deserialize)]
struct NewPlayer {
    version: i32,
    name: String,
    #[serde(default)]
    first_name: String,
    rank: String,
    rating: Option<i32>,
    #[serde(default)]
    club: String,
    #[serde(default)]
    country: String,
    #[serde(default)]
    egf_pin: String,
}

/// A refused JSON body: 422 with what serde said.
fn body<T>(json: Result<Json<T>, JsonRejection>) -> WebResult<T> {
    json.map(|Json(v)| v)
        .map_err(|e| WebError::Invalid(e.body_text()))
}

async fn add_player(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    Path(short): Path<String>,
    payload: Result<Json<NewPlayer>, JsonRejection>,
) -> WebResult<(StatusCode, Json<Value>)> {
    let new = body(payload)?;
    let access = writer(&app, account, &short, Action::ManagePlayers).await?;
    // Every rule of a player is the core's: the same as the web form's.
    let draft = PlayerDraft {
        name: new.name,
        first_name: new.first_name,
        rank: new.rank,
        rating: new.rating.map(|r| r.to_string()).unwrap_or_default(),
        club: new.club,
        country: new.country,
        egf_pin: new.egf_pin,
        is_final: true,
        ..PlayerDraft::default()
    };
    let command = Command::Register {
        draft,
        confirm_duplicate: true,
    };
    let ran = run(&app, &access, Some(new.version), command).await?;
    let Done::Player { id, .. } = ran.outcome.done else {
        return Err(WebError::NotFound);
    };
    Ok((
        StatusCode::CREATED,
        Json(json!({ "no": id.0, "version": ran.version })),
    ))
}

async fn published(app: &AppState, t: &TournamentRow, round: u32) -> WebResult<bool> {
    let states = round_store::states(&app.store.pool, t.tournament_id).await?;
    Ok(states
        .iter()
        .any(|s| s.round_no as u32 == round && s.published_at.is_some()))
}

async fn show_round(
    State(app): State<AppState>,
    headers: axum::http::HeaderMap,
    Path((short, n)): Path<(String, u32)>,
) -> WebResult<Json<Value>> {
    let (t, view, is_staff) = readable(&app, &headers, &short).await?;
    let state = view.effective.tournament;
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let is_published = published(&app, &t, n).await?;
    if !state.is_paired(round) || !(is_published || is_staff) {
        return Err(WebError::NotFound);
    }
    let who = |id: PlayerId| json!({ "no": id.0, "name": state.player(id).map(|p| p.full_name()) });
    let mut games: Vec<_> = state.games().iter().filter(|g| g.round == round).collect();
    games.sort_by_key(|g| g.board);
    let games: Vec<Value> = games
        .iter()
        .map(|g| {
            json!({
                "board": g.board.get(),
                "white": who(g.white),
                "black": who(g.black),
                "handicap": g.handicap,
                "komi": g.komi.to_string(),
                "result": results::code(g.result, g.origin),
                "notation": results::notation(g.result, g.origin),
            })
        })
        .collect();
    let bye = state
        .byes()
        .iter()
        .find(|b| b.round == round)
        .map(|b| who(b.player));
    Ok(Json(
        json!({ "version": t.version, "round": n, "published": is_published, "games": games, "bye": bye }),
    ))
}

/// A result as the API takes it: an entry-page code (`w`, `b!`, `=` …).
#[derive(Deserialize)]
struct ResultBody {
    version: i32,
    result: String,
}

async fn set_result(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    Path((short, n, board)): Path<(String, u32, u32)>,
    payload: Result<Json<ResultBody>, JsonRejection>,
) -> WebResult<Json<Value>> {
    let new = body(payload)?;
    let access = writer(&app, account, &short, Action::EnterResults).await?;
    let (round, board) = RoundNo::new(n)
        .zip(BoardNo::new(board))
        .ok_or(WebError::NotFound)?;
    let (result, origin) = results::parse_code(&new.result).ok_or_else(|| {
        WebError::Invalid(format!("result: {:?} is not a result code", new.result))
    })?;
    let entry = ResultEntry {
        board,
        result,
        origin,
        seen: None,
    };
    let command = Command::EnterResults {
        round,
        entries: vec![entry],
        replace: true,
    };
    let ran = run(&app, &access, Some(new.version), command).await?;
    Ok(Json(json!({ "version": ran.version })))
}

#[derive(Deserialize, Default)]
struct RoundQuery {
    round: Option<u32>,
}

async fn show_standings(
    State(app): State<AppState>,
    headers: axum::http::HeaderMap,
    Path(short): Path<String>,
    Query(query): Query<RoundQuery>,
) -> WebResult<Json<Value>> {
    let (t, view, is_staff) = readable(&app, &headers, &short).await?;
    let state = view.for_standings();
    let last = super::standings::last_visible_round(&app, &t, &state, is_staff).await?;
    let round = query.round.unwrap_or(last).min(last);
    let criteria = state.settings().placement.clone();
    let table = standings(&state, round, &criteria);
    let rows: Vec<Value> = table
        .rows
        .iter()
        .filter_map(|row| {
            let p = state.player(row.player)?;
            let values: Vec<String> = criteria.iter().zip(&row.values).map(|(c, v)| standings_tsv::shown(*c, *v)).collect();
            Some(json!({ "place": row.place, "no": p.id.0, "name": p.full_name(), "rank": p.rank.to_string(), "values": values }))
        })
        .collect();
    let names: Vec<&str> = criteria.iter().map(|c| c.name()).collect();
    Ok(Json(
        json!({ "version": t.version, "round": round, "criteria": names, "rows": rows,
                "pending_appeals": view.book.pending_prize_appeals() }),
    ))
}

/// The OpenAPI 3.1 description of this API.
async fn openapi() -> Json<Value> {
    let short =
        json!({ "name": "short", "in": "path", "required": true, "schema": { "type": "string" } });
    let n = json!({ "name": "n", "in": "path", "required": true, "schema": { "type": "integer", "minimum": 1 } });
    let board = json!({ "name": "board", "in": "path", "required": true, "schema": { "type": "integer", "minimum": 1 } });
    let ok = |description: &str| json!({ "200": { "description": description, "content": { "application/json": {} } } });
    let errors = json!({
        "401": { "description": "missing or unknown bearer token" },
        "403": { "description": "the token's account may not do this" },
        "404": { "description": "no such tournament, round or board" },
        "409": { "description": "the tournament changed since `version`; nothing was changed" },
        "422": { "description": "the body is not valid" }
    });
    let with = |mut base: Value| {
        base.as_object_mut()
            .unwrap()
            .extend(errors.as_object().unwrap().clone());
        base
    };
    Json(json!({
        "openapi": "3.1.0",
        "info": { "title": "Tengen", "version": "1", "description": "Go tournaments: players, rounds, results and standings." },
        "components": { "securitySchemes": { "bearer": { "type": "http", "scheme": "bearer" } } },
        "paths": {
            "/api/v1/me": { "get": { "summary": "The token's account", "security": [{ "bearer": [] }], "responses": with(ok("the account")) } },
            "/api/v1/tournaments": { "get": { "summary": "Public tournaments", "responses": ok("tournaments") } },
            "/api/v1/tournaments/{short}": { "get": { "summary": "A tournament, its settings and version", "parameters": [short], "responses": with(ok("the tournament")) } },
            "/api/v1/tournaments/{short}/players": {
                "get": { "summary": "Registered players", "parameters": [short], "responses": with(ok("players")) },
                "post": {
                    "summary": "Register a player", "parameters": [short], "security": [{ "bearer": [] }],
                    "requestBody": { "required": true, "content": { "application/json": { "schema": {
                        "type": "object", "required": ["version", "name", "rank"],
                        "properties": { "version": { "type": "integer" }, "name": { "type": "string" }, "first_name": { "type": "string" },
                            "rank": { "type": "string", "examples": ["5k", "2d"] }, "rating": { "type": "integer" },
                            "club": { "type": "string" }, "country": { "type": "string" }, "egf_pin": { "type": "string" } } } } } },
                    "responses": with(json!({ "201": { "description": "registered: its number and the new version" } }))
                }
            },
            "/api/v1/tournaments/{short}/rounds/{n}": { "get": { "summary": "A published round's games and bye", "parameters": [short, n], "responses": with(ok("the round")) } },
            "/api/v1/tournaments/{short}/rounds/{n}/boards/{board}/result": { "put": {
                "summary": "Enter or change a result", "parameters": [short, n, board], "security": [{ "bearer": [] }],
                "requestBody": { "required": true, "content": { "application/json": { "schema": {
                    "type": "object", "required": ["version", "result"],
                    "properties": { "version": { "type": "integer" },
                        "result": { "type": "string", "description": "w, b, = (jigo), 0 (both lose), 1 (both win), ?; a trailing ! means by default" } } } } } },
                "responses": with(ok("the new version"))
            } },
            "/api/v1/tournaments/{short}/standings": { "get": {
                "summary": "Standings after a round", "parameters": [short, { "name": "round", "in": "query", "schema": { "type": "integer" } }],
                "responses": with(ok("the standings"))
            } }
        }
    }))
}
