//! The JSON API, `/api/v1`. Reads of public tournaments need no token;
//! writes take `Authorization: Bearer <token>` (tokens from the account page
//! or `tengen admin token`) and carry the tournament `version` they were
//! based on: a stale write gets 409 and changes nothing.
//!
//! Every route is registered here with [`routes!`], which takes the handler's
//! `#[utoipa::path]` documentation with it: the router and the OpenAPI
//! document (`GET /api/v1/openapi.json`) come from this one list, so a route
//! cannot be served undocumented. Request and response bodies are typed
//! structs deriving `ToSchema` next to their `Serialize`/`Deserialize`.
//!
//! Every write is one command of `core::command` through the door
//! (`crate::desk`), as the forms' are: a handler parses the body, runs the
//! command and answers the new `version` with what was made; the rules, the
//! permissions and the version check are the core's and the door's, so a
//! refusal here is the one the form gives (`detail` in English).
//!
//! | module | routes |
//! |---|---|
//! | [`account`] | `GET /me` |
//! | [`tournaments`] | `GET`, `POST /tournaments`, `GET /tournaments/{short}`, `PUT …/settings` |
//! | [`staff`] | `GET`, `POST /tournaments/{short}/staff`, `DELETE …/staff/{username}/{role}` |
//! | [`players`] | `GET`, `POST /tournaments/{short}/players`, `PUT`, `DELETE …/players/{no}`, `POST …/{no}/confirm`, `…/{no}/withdraw` |
//! | [`teams`] | `GET`, `POST /tournaments/{short}/teams`, `PUT`, `DELETE …/teams/{n}`, `PUT …/{n}/lineups/{round}` |
//! | [`rounds`] | `POST /tournaments/{short}/rounds` (pair), `GET`, `DELETE …/rounds/{n}`, `POST …/{n}/edits`, `…/publish`, `…/lock`, `…/results`, `PUT …/boards/{board}/result`, `PUT …/{n}/start` |
//! | [`discipline`] | `POST /tournaments/{short}/log`, `PUT …/committee`, `POST …/committee/co-opt`, `POST …/appeals`, `…/appeals/{id}/review`, `…/decision`, `…/escalate`, `…/ruling` |
//! | [`counting`] | `POST /tournaments/{short}/rounds/{n}/boards/{b}/count` |
//! | [`officials`] | `POST /tournaments/{short}/rounds/{n}/cancel`, `PUT …/players/{no}/medical`, `POST …/play-offs` |
//! | [`standings`] | `GET /tournaments/{short}/standings?round=N&group=U12` (an age group) |
//! | [`closing`] | `POST /tournaments/{short}/standings/verify`, `…/winners/declare`, `…/results/submitted`, `…/supergroup/confirm` |
//! | [`errors`] | the error body, refusal sets, the fallback for unknown paths |
//! | [`access`] | who may read or write |

mod access;
mod account;
mod closing;
mod counting;
mod discipline;
mod errors;
mod files;
mod officials;
mod players;
mod records;
mod results;
mod rounds;
mod schemas;
mod staff;
mod standings;
mod teams;
mod tournaments;

use std::sync::Arc;

use axum::Router;
use axum::extract::Extension;
use axum::http::header;
use axum::response::IntoResponse;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub(super) use errors::ApiError;

use super::AppState;

/// Where the API is mounted.
const PREFIX: &str = "/api/v1";

/// What the document says besides the routes.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Tengen",
        version = "1",
        description = "Go tournaments: players, teams, rounds, results and standings."
    ),
    modifiers(&BearerToken),
    components(schemas(ApiError)),
    tags(
        (name = "account", description = "The token's account"),
        (name = "tournaments", description = "Tournaments and their settings"),
        (name = "players", description = "Registration"),
        (name = "teams", description = "Teams and line-ups of a team event"),
        (name = "rounds", description = "Pairings and results"),
        (name = "standings", description = "Standings"),
        (name = "discipline", description = "The referees' log and appeals"),
        (name = "files", description = "Whole tournaments in and out as files"),
        (name = "meta", description = "This document"),
    )
)]
struct ApiDoc;

/// The `bearer` security scheme the handlers name.
struct BearerToken;

impl Modify for BearerToken {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        let description = "A token from the account page or `tengen admin token`.";
        doc.components
            .get_or_insert_with(Default::default)
            .add_security_scheme(
                "bearer",
                SecurityScheme::Http(
                    HttpBuilder::new()
                        .scheme(HttpAuthScheme::Bearer)
                        .description(Some(description))
                        .build(),
                ),
            );
    }
}

/// Every route of the API with its documentation, relative to [`PREFIX`].
/// The only place routes are added: `tests/web/api.rs` counts the handlers
/// named here against the document's operations.
fn documented() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(openapi))
        .routes(routes!(account::me))
        .routes(routes!(
            tournaments::list_tournaments,
            tournaments::create_tournament
        ))
        .routes(routes!(tournaments::show_tournament))
        .routes(routes!(tournaments::change_settings))
        .routes(routes!(staff::list_staff, staff::grant_role))
        .routes(routes!(staff::revoke_role))
        .routes(routes!(players::list_players, players::add_player))
        .routes(routes!(players::edit_player, players::delete_player))
        .routes(routes!(players::confirm_player))
        .routes(routes!(players::withdraw_player))
        .routes(routes!(teams::list_teams, teams::add_team))
        .routes(routes!(teams::edit_team, teams::delete_team))
        .routes(routes!(teams::submit_line_up))
        .routes(routes!(rounds::pair_round))
        .routes(routes!(rounds::show_round, rounds::unpair_round))
        .routes(routes!(rounds::adjust_pairing))
        .routes(routes!(rounds::publish_round))
        .routes(routes!(rounds::lock_round))
        .routes(routes!(rounds::schedule_round))
        .routes(routes!(officials::cancel_round))
        .routes(routes!(officials::set_medical))
        .routes(routes!(officials::record_play_off))
        .routes(routes!(results::enter_results))
        .routes(routes!(results::set_result))
        .routes(routes!(discipline::log_act, records::show_log))
        .routes(routes!(counting::count_board))
        .routes(routes!(discipline::fix_committee))
        .routes(routes!(discipline::co_opt))
        .routes(routes!(discipline::file_appeal, records::list_appeals))
        .routes(routes!(discipline::take_up_appeal))
        .routes(routes!(discipline::decide_appeal))
        .routes(routes!(discipline::escalate_appeal))
        .routes(routes!(discipline::rule_on_appeal))
        .routes(routes!(standings::show_standings))
        .routes(routes!(closing::verify_standings))
        .routes(routes!(closing::declare_winners))
        .routes(routes!(closing::confirm_supergroup))
        .routes(routes!(closing::submit_results))
        .routes(routes!(files::download_file))
        .routes(routes!(records::show_audit))
        .routes(routes!(files::import_file))
}

/// The router of `/api/v1`, serving its own document; a path no route
/// serves gets [`errors::no_route`].
pub(super) fn routes() -> Router<AppState> {
    let (router, mut doc) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .nest(PREFIX, documented().fallback(errors::no_route))
        .split_for_parts();
    plain_path_and_query_texts(&mut doc);
    let json = doc.to_json().expect("the OpenAPI document serializes");
    router.layer(Extension(Document(Arc::from(json))))
}

/// A path or query text may hold no control character (`web::hygiene`
/// answers 400): every text parameter without a pattern of its own says
/// so, or a client generating requests from the document sends one, as
/// schemathesis did.
fn plain_path_and_query_texts(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::RefOr;
    use utoipa::openapi::path::ParameterIn;
    use utoipa::openapi::schema::{Schema, SchemaType, Type};
    const PLAIN: &str = r"^[^\u0000-\u001F\u007F-\u009F]*$";
    for item in doc.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ];
        for operation in operations.into_iter().flatten() {
            for parameter in operation.parameters.iter_mut().flatten() {
                if !matches!(
                    parameter.parameter_in,
                    ParameterIn::Path | ParameterIn::Query
                ) {
                    continue;
                }
                if let Some(RefOr::T(Schema::Object(schema))) = &mut parameter.schema {
                    let text = match &schema.schema_type {
                        SchemaType::Type(t) => *t == Type::String,
                        SchemaType::Array(types) => types.contains(&Type::String),
                        SchemaType::AnyValue => false,
                    };
                    if text && schema.pattern.is_none() {
                        schema.pattern = Some(PLAIN.to_string());
                    }
                }
            }
        }
    }
}

/// The OpenAPI document, serialized once.
#[derive(Clone)]
struct Document(Arc<str>);

/// The OpenAPI 3.1 description of this API, generated from the handlers.
#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "meta",
    responses((status = 200, description = "this document", body = Object, content_type = "application/json"))
)]
async fn openapi(Extension(Document(json)): Extension<Document>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        json.to_string(),
    )
}
