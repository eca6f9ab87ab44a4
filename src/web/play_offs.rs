//! Play-off games between tied players (Ukrainian rules III.3.5): the list
//! for everyone, and the form to record one for whoever enters results.
//!
//! | route | handler |
//! |---|---|
//! | `GET /t/{short}/play-offs` | [`show_play_offs`] |
//! | `POST /t/{short}/play-offs` | [`record_play_off`]: the staff who enter results |

use crate::web::access::Reader;
use crate::web::access::{Staff, may};
use askama::Template;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::{Form, Router};

use super::AppState;
use super::error::{WebError, WebResult};
use super::flash::Flash;
use super::page::{Ctx, Layout};
use super::urls;
use crate::core::PlayerId;
use crate::core::access::Action;
use crate::core::command::{Command, Refusal};
use crate::core::standings::Criterion;
use crate::core::tournament::PlayOff;
use crate::desk::TournamentRow;
use crate::desk::{Caller, DeskError};

pub(super) fn routes() -> Router<AppState> {
    Router::new().route(
        "/t/{short}/play-offs",
        get(show_play_offs).post(record_play_off),
    )
}

#[derive(Template)]
#[template(path = "standings/play_offs.html")]
struct PlayOffsPage {
    layout: Layout,
    tournament: TournamentRow,
    /// "Ann Kim beat Bo Lee", in the order played.
    games: Vec<String>,
    /// PLAYOFF is among the placement criteria.
    counted: bool,
    /// (number, name) for the form; empty for readers who may not record.
    players: Vec<(u32, String)>,
    form: PlayOffForm,
    error: String,
}

#[derive(serde::Deserialize, Default)]
pub(super) struct PlayOffForm {
    #[serde(default)]
    winner: String,
    #[serde(default)]
    loser: String,
}

async fn page(
    app: &AppState,
    ctx: &Ctx,
    tournament: TournamentRow,
    may_record: bool,
    form: PlayOffForm,
    error: String,
) -> WebResult<Response> {
    let view = super::view::view(app, tournament.tournament_id).await?;
    let t = &view.entered;
    let name = |id| super::incidents::name(t, id);
    let games = t
        .play_offs()
        .iter()
        .map(|g| {
            ctx.lang.tf(
                "playoff.beat",
                &[("winner", name(g.winner)), ("loser", name(g.loser))],
            )
        })
        .collect();
    let page = PlayOffsPage {
        layout: Layout::titled(ctx, &tournament.name),
        counted: t.settings().placement.contains(&Criterion::PlayOff),
        players: if may_record {
            super::incidents::sorted_players(t)
        } else {
            Vec::new()
        },
        tournament,
        games,
        form,
        error,
    };
    super::page::render_refusal(&page, !page.error.is_empty())
}

pub(super) async fn show_play_offs(
    State(app): State<AppState>,
    ctx: Ctx,
    Reader(opened): Reader,
) -> WebResult<Response> {
    let may_record = opened.may(Action::EnterResults).await?;
    page(
        &app,
        &ctx,
        opened.tournament,
        may_record,
        PlayOffForm::default(),
        String::new(),
    )
    .await
}

pub(super) async fn record_play_off(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::EnterResults>,
    ctx: Ctx,
    Form(form): Form<PlayOffForm>,
) -> WebResult<Response> {
    let number = |text: &str| text.trim().parse::<u32>().ok().map(PlayerId);
    let (Some(winner), Some(loser)) = (number(&form.winner), number(&form.loser)) else {
        return Err(WebError::NotFound);
    };
    let command = Command::RecordPlayOff {
        game: PlayOff { winner, loser },
    };
    let caller = Caller::Account(access.me.clone());
    let id = access.tournament.tournament_id;
    match app.desk.run(&caller, id, None, command).await {
        Ok(_) => Ok((
            Flash::new("notice.play_off_saved"),
            Redirect::to(&urls::page(&access.tournament.short_name, "play-offs")),
        )
            .into_response()),
        Err(DeskError::Refused(Refusal::Fields(problems))) => {
            let error = ctx.lang.t(problems[0].key);
            page(&app, &ctx, access.tournament, true, form, error).await
        }
        Err(e) => Err(e.into()),
    }
}
