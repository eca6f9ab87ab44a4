//! The players of a tournament: the list (public players, or all of them
//! for its staff) and registering one.

use std::str::FromStr;

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::access::{current_version, readable, writer};
use super::errors::{ApiPath, ReadErrors, WriteErrors, body};
use crate::core::access::Action;
use crate::core::{Player, PlayerId, Rank, Rating, Registration, RoundNo};
use crate::web::AppState;
use crate::web::auth::ApiAccount;
use crate::web::error::{WebError, WebResult};
use crate::web::tournaments::{json as to_json, mutate_at};

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
}

impl PlayerOut {
    fn of(p: &Player, rounds: u32) -> Self {
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
    let (t, view, is_staff) = readable(&app, &headers, &short).await?;
    let state = view.effective.tournament;
    let rounds = state.settings().number_of_rounds;
    let players = state
        .players()
        .iter()
        .filter(|p| is_staff || state.is_public(p))
        .map(|p| PlayerOut::of(p, rounds))
        .collect();
    Ok(Json(PlayerList {
        version: t.version,
        players,
    }))
}

/// A new player as the API takes it.
#[derive(Deserialize, ToSchema)]
pub(super) struct NewPlayer {
    /// The tournament version this write is based on.
    version: i32,
    name: String,
    #[serde(default)]
    first_name: String,
    #[schema(examples("5k", "2d"))]
    rank: String,
    /// The GoR; by default the rank's.
    rating: Option<i32>,
    #[serde(default)]
    club: String,
    /// Two letters, e.g. `CZ`.
    #[serde(default)]
    country: String,
    #[serde(default)]
    egf_pin: String,
}

/// The registered player's number and the new version.
#[derive(Serialize, ToSchema)]
pub(super) struct Registered {
    no: u32,
    version: i32,
}

/// Register a player.
#[utoipa::path(
    post,
    path = "/tournaments/{short}/players",
    tag = "players",
    params(("short" = String, Path, description = "the tournament's short name")),
    request_body = NewPlayer,
    security(("bearer" = [])),
    responses((status = 201, description = "registered", body = Registered), WriteErrors)
)]
pub(super) async fn add_player(
    State(app): State<AppState>,
    ApiAccount(account): ApiAccount,
    ApiPath(short): ApiPath<String>,
    payload: Result<Json<NewPlayer>, JsonRejection>,
) -> WebResult<(StatusCode, Json<Registered>)> {
    let new = body(payload)?;
    let access = writer(&app, account, &short, Action::ManagePlayers).await?;
    let rank = Rank::from_str(new.rank.trim())
        .map_err(|_| WebError::Invalid(format!("rank: {:?} is not a rank", new.rank)))?;
    if new.name.trim().is_empty() {
        return Err(WebError::Invalid("name: required".into()));
    }
    if let Some((field, max)) = crate::web::players::overlong(&[
        ("name", &new.name),
        ("first_name", &new.first_name),
        ("club", &new.club),
        ("egf_pin", &new.egf_pin),
    ])
    .first()
    {
        return Err(WebError::Invalid(format!(
            "{field}: at most {max} characters"
        )));
    }
    let mut player = Player::new(PlayerId(0), new.name.trim(), new.first_name.trim(), rank);
    player.rating = new
        .rating
        .map(Rating::new)
        .unwrap_or_else(|| Rating::of_rank(rank));
    player.club = new.club;
    player.country = new.country.to_uppercase();
    player.egf_pin = new.egf_pin;
    let id = mutate_at(&app, &access, Some(new.version), "player.add", |t| {
        let id = t.register(player);
        let after = to_json(t.player(id).expect("just registered"))?;
        Ok((id, None, Some(after)))
    })
    .await?;
    let version = current_version(&app, &short).await?;
    Ok((StatusCode::CREATED, Json(Registered { no: id.0, version })))
}
