//! Filing an appeal: what the form names, for a referee filing for a player
//! or a team and for the player filing through their link. The player
//! named signs it; a team's appeal is its captain's (RFG App. 4 §1.7).

use super::list::list_page;
use super::list::settle_as_staff;
use crate::core::command::{Command, Done};
use crate::core::discipline::{Appealed, FiledBy, Filing, GameRef, Party};
use crate::core::{BoardNo, PlayerId, RoundNo};
use crate::desk::now;
use crate::web::AppState;
use crate::web::access::{Staff, may};
use crate::web::acts::{FormError, official};
use crate::web::error::WebResult;
use crate::web::flash::Flash;
use crate::web::page::Ctx;
use crate::web::urls;
use axum::Form;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Redirect, Response};

#[derive(serde::Deserialize, Default)]
pub(super) struct FileForm {
    #[serde(default)]
    player: String,
    /// "entry:<id>", "result:<round>:<board>" or "pairing:<round>".
    #[serde(default)]
    appealed: String,
    #[serde(default)]
    round: String,
    #[serde(default)]
    board: String,
    /// The player's page names a game as "<round>:<board>".
    #[serde(default)]
    game: String,
    #[serde(default)]
    grounds: String,
    /// The team the appeal is for, by number; empty: the player's own.
    #[serde(default)]
    team: String,
    #[serde(default)]
    affects_prizes: Option<String>,
}

/// What the appeal names: a log entry, a game's result or a round's pairing.
pub(super) fn appealed(form: &FileForm) -> Option<Appealed> {
    let number = |s: &str| s.trim().parse::<u32>().ok();
    let (round, board) = form
        .game
        .split_once(':')
        .unwrap_or((&form.round, &form.board));
    match form.appealed.split_once(':') {
        Some(("entry", id)) => {
            number(id).map(|id| Appealed::Entry(crate::core::discipline::EntryId(id)))
        }
        _ if form.appealed == "result" => Some(Appealed::Result(GameRef {
            round: RoundNo::new(number(round)?)?,
            board: BoardNo::new(number(board)?)?,
        })),
        _ if form.appealed == "pairing" => {
            Some(Appealed::Pairing(RoundNo::new(number(&form.round)?)?))
        }
        _ => None,
    }
}

pub(super) fn filing(
    form: &FileForm,
    player: PlayerId,
    filed_by: FiledBy,
) -> Result<Filing, FormError> {
    let appealed = appealed(form).ok_or(FormError::Field("appeals.choose_appealed"))?;
    let grounds = Filing::written(&form.grounds).map_err(FormError::Discipline)?;
    let appellant = match form.team.trim() {
        "" => Party::Player(player),
        team => Party::Captain {
            team: team
                .parse()
                .map_err(|_| FormError::Field("appeals.choose_team"))?,
        },
    };
    Ok(Filing {
        appellant,
        filed_by,
        appealed,
        grounds,
        signatory: Some(player),
        at: now(),
        affects_prizes: form.affects_prizes.is_some(),
    })
}

pub(super) async fn file_for_player(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::LogSanction>,
    ctx: Ctx,
    Path(short): Path<String>,
    Form(form): Form<FileForm>,
) -> WebResult<Response> {
    let player = form.player.trim().parse().map(PlayerId);
    let filed = match player {
        Ok(p) => filing(&form, p, FiledBy::Referee(official(&access.me)?)),
        Err(_) => Err(FormError::Field("referee.choose_player")),
    };
    let outcome = match filed {
        Ok(filing) => settle_as_staff(&app, &access, Command::FileAppeal { filing }).await?,
        Err(e) => Err(e),
    };
    match outcome {
        Ok(done) => Ok((
            Flash::new("notice.appeal_filed"),
            Redirect::to(&match done {
                Done::Appeal(id) => urls::appeal(&short, id.0),
                _ => urls::appeals(&short),
            }),
        )
            .into_response()),
        Err(e) => list_page(&app, &ctx, access, e.message(ctx.lang), Default::default()).await,
    }
}
