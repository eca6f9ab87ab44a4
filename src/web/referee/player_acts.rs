//! Acts on a player rather than a board: removals, withdrawal, bans.

use super::{record_or_explain, saved_notice};
use crate::core::command::absence::absence_cases;
use crate::core::discipline::{Act, Reason, Sanction, SanctionKind, Subject};
use crate::core::{PlayerId, RoundNo, Tournament};
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::access::{Staff, may};
use crate::web::acts::FormError;
use crate::web::error::WebResult;
use crate::web::page::{Ctx, Layout};
use crate::web::urls;
use crate::web::view::{View, view};
use askama::Template;
use axum::Form;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Redirect, Response};

/// What the player-sanctions form sends.
#[derive(serde::Deserialize, Default, Clone)]
pub(super) struct PlayerForm {
    #[serde(default)]
    act: String,
    #[serde(default)]
    player: String,
    #[serde(default)]
    round: String,
    #[serde(default)]
    reason: String,
    /// Supergroup ban: which future tournaments; withdrawal: a note.
    #[serde(default)]
    text: String,
    #[serde(default)]
    points: String,
    /// Supergroup ban: its last day, `yyyy-mm-dd`, or empty for none.
    #[serde(default)]
    until: String,
}

#[derive(Template)]
#[template(path = "referee/players.html")]
pub(super) struct PlayerActsPage {
    layout: Layout,
    tournament: TournamentRow,
    players: Vec<(u32, String)>,
    rounds: Vec<u32>,
    /// Top-group players forfeited for absence with no decision yet, in words.
    absence_cases: Vec<String>,
    form: PlayerForm,
    error: String,
}

pub(super) fn player_acts_page(
    ctx: &Ctx,
    tournament: TournamentRow,
    view: &View,
    form: PlayerForm,
    error: String,
) -> WebResult<Response> {
    let t = &view.entered;
    let players = crate::web::incidents::sorted_players(t);
    let absence_cases = absence_cases(t, &view.book)
        .into_iter()
        .map(|(player, round)| {
            ctx.lang.tf(
                "referee.absence_case",
                &[
                    ("name", crate::web::incidents::name(t, player)),
                    ("round", round.get().to_string()),
                ],
            )
        })
        .collect();
    let page = PlayerActsPage {
        layout: Layout::titled(
            ctx,
            &format!(
                "{} — {}",
                tournament.name,
                ctx.lang.t("referee.players_title")
            ),
        ),
        tournament,
        players,
        rounds: (1..=t.settings().number_of_rounds).collect(),
        absence_cases,
        form,
        error,
    };
    crate::web::page::render_refusal(&page, !page.error.is_empty())
}

pub(super) async fn show_player_acts(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::LogSanction>,
    ctx: Ctx,
) -> WebResult<Response> {
    let view = view(&app, access.tournament.tournament_id).await?;
    let form = PlayerForm {
        round: view
            .entered
            .next_round()
            .map(|r| r.get().to_string())
            .unwrap_or_default(),
        ..PlayerForm::default()
    };
    player_acts_page(&ctx, access.tournament, &view, form, String::new())
}

pub(super) fn player_act(t: &Tournament, form: &PlayerForm) -> Result<Act, FormError> {
    let player = form
        .player
        .trim()
        .parse()
        .ok()
        .map(PlayerId)
        .filter(|p| t.player(*p).is_some())
        .ok_or(FormError::Field("referee.choose_player"))?;
    let round = || {
        form.round
            .trim()
            .parse()
            .ok()
            .and_then(RoundNo::new)
            .ok_or(FormError::Field("referee.choose_round"))
    };
    let sanction = |kind: SanctionKind| -> Result<Act, FormError> {
        Ok(Act::Sanction(Sanction {
            kind,
            reason: Reason::new(&form.reason).map_err(FormError::Discipline)?,
            violation: None,
        }))
    };
    match form.act.as_str() {
        "withdrawal" => Ok(Act::Withdrawal {
            player,
            from_round: round()?,
            note: form.text.trim().to_string(),
        }),
        "removal_round" => sanction(SanctionKind::RemovalFromRound {
            player,
            round: round()?,
        }),
        "removal_tournament" => sanction(SanctionKind::RemovalFromTournament {
            player,
            from_round: round()?,
        }),
        "remark" => sanction(SanctionKind::Remark {
            subject: Subject::Player(player),
            game: None,
        }),
        "supergroup_ban" => sanction(SanctionKind::SupergroupBan {
            player,
            scope: form.text.trim().to_string(),
            until: match form.until.trim() {
                "" => None,
                day => Some(
                    day.parse()
                        .map_err(|_| FormError::Field("referee.bad_until"))?,
                ),
            },
        }),
        "rating_reduction" => sanction(SanctionKind::RatingReduction {
            player,
            points: form
                .points
                .trim()
                .parse()
                // How many points a reduction may take is the core's to
                // say (`NoRatingReduction`), as for the API.
                .map_err(|_| FormError::Field("referee.bad_amount"))?,
        }),
        _ => Err(FormError::Field("referee.choose_act")),
    }
}

pub(super) async fn act_on_player(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::LogSanction>,
    ctx: Ctx,
    Path(short): Path<String>,
    Form(form): Form<PlayerForm>,
) -> WebResult<Response> {
    let current = view(&app, access.tournament.tournament_id).await?;
    let outcome = match player_act(&current.entered, &form) {
        Ok(act) => record_or_explain(&app, &access, act, false).await?,
        Err(e) => Err(e),
    };
    match outcome {
        Ok(entry) => Ok((
            saved_notice(&app, &access, ctx.lang, &entry).await,
            Redirect::to(&format!("{}/log", urls::referee(&short))),
        )
            .into_response()),
        Err(e) => {
            let message = e.message_in(ctx.lang, Some(&access.tournament.time_zone));
            player_acts_page(&ctx, access.tournament, &current, form, message)
        }
    }
}
