//! The standings after a round, as far as the caller may see them.

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::access::readable;
use super::closing::ClosingAct;
use super::errors::{ApiError, ApiPath, ApiQuery, ReadErrors};
use crate::core::Participation;
use crate::core::admission::age_group_standings;
use crate::core::discipline::AppealId;
use crate::core::formats::standings_tsv;
use crate::core::standings::standings;
use crate::web::AppState;
use crate::web::error::{WebError, WebResult};

/// Which round the standings are after.
#[derive(Deserialize, Default, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct RoundQuery {
    /// By default the last round the caller may see; a later one is that one.
    #[param(minimum = 0, maximum = 32)]
    round: Option<u32>,
    /// An age group's name (RFG art. 19; Ukrainian rules IV.1.1): its
    /// players only, placed among themselves.
    group: Option<String>,
}

/// A row of the standings.
#[derive(Serialize, ToSchema)]
pub(super) struct StandingsRow {
    /// From 1; players equal on every criterion share it.
    place: u32,
    /// The player's number.
    no: u32,
    name: String,
    rank: String,
    /// The value of each criterion, in the order of `criteria`.
    values: Vec<String>,
}

/// The standings after a round.
#[derive(Serialize, ToSchema)]
pub(super) struct StandingsOut {
    version: i32,
    /// The round they are after.
    round: u32,
    /// The age group the table is of, when one was asked for.
    group: Option<String>,
    /// The tournament's age groups, by name.
    age_groups: Vec<String>,
    /// The placement criteria, most important first.
    criteria: Vec<&'static str>,
    rows: Vec<StandingsRow>,
    /// Open appeals that may change the prizes.
    #[schema(value_type = Vec<u32>)]
    pending_appeals: Vec<AppealId>,
    /// Every round paired and every result in: the final standings exist.
    is_final: bool,
    /// The supervisor's verification of the final standings, once done.
    verified: Option<ClosingAct>,
    /// The declaration of the winners, once done.
    declared: Option<ClosingAct>,
}

/// The standings after a round.
#[utoipa::path(
    get,
    path = "/tournaments/{short}/standings",
    tag = "standings",
    params(("short" = String, Path, description = "the tournament's short name"), RoundQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "the standings", body = StandingsOut),
        ReadErrors,
        (status = 422, description = "the query is not valid; `detail` says why", body = ApiError),
    )
)]
pub(super) async fn show_standings(
    State(app): State<AppState>,
    headers: HeaderMap,
    ApiPath(short): ApiPath<String>,
    ApiQuery(query): ApiQuery<RoundQuery>,
) -> WebResult<Json<StandingsOut>> {
    if let Some(round) = query.round.filter(|r| *r > Participation::MAX_ROUNDS) {
        return Err(WebError::Invalid(format!(
            "round: {round} is above {}, the most rounds a tournament has",
            Participation::MAX_ROUNDS
        )));
    }
    let opened = readable(&app, &headers, &short).await?;
    let t = &opened.tournament;
    let view = opened.view().await?;
    let state = view.for_standings();
    let last = opened.last_visible_round().await?;
    let round = query.round.unwrap_or(last).min(last);
    let criteria = state.settings().placement.clone();
    let groups = &state.settings().admission.age_groups;
    let group = match &query.group {
        None => None,
        Some(name) => Some(groups.iter().find(|g| &g.name == name).ok_or_else(|| {
            let names: Vec<&str> = groups.iter().map(|g| g.name.as_str()).collect();
            WebError::Invalid(format!(
                "group: no age group {name:?}; the tournament's are {names:?}"
            ))
        })?),
    };
    let table = standings(&state, round, &criteria);
    let table = match group {
        Some(g) => age_group_standings(&state, &table, g),
        None => table,
    };
    let rows = table
        .rows
        .iter()
        .filter_map(|row| {
            let p = state.player(row.player)?;
            Some(StandingsRow {
                place: row.place,
                no: p.id.0,
                name: p.full_name(),
                rank: p.rank.to_string(),
                values: criteria
                    .iter()
                    .zip(&row.values)
                    .map(|(c, v)| standings_tsv::shown(*c, *v))
                    .collect(),
            })
        })
        .collect();
    let closing = view.book.closing_status(&view.effective);
    Ok(Json(StandingsOut {
        version: t.version,
        round,
        group: group.map(|g| g.name.clone()),
        age_groups: groups.iter().map(|g| g.name.clone()).collect(),
        criteria: criteria.iter().map(|c| c.name()).collect(),
        rows,
        pending_appeals: view.book.pending_prize_appeals(),
        is_final: closing.is_final,
        verified: ClosingAct::of(closing.verified),
        declared: ClosingAct::of(closing.declared),
    }))
}
