//! The players list: the table, a CSV or vbar file imported all at once, and
//! the list as CSV.

use crate::web::access::Reader;
use crate::web::access::{Access, Staff, may};
use askama::Template;
use axum::extract::State;
use axum::response::{Html, IntoResponse, Redirect, Response};
use std::collections::HashMap;
// Repeated fields (the participation boxes) need serde_html_form's decoder.
use crate::core::access::Action;
use crate::core::command::{Command, likely_duplicates};
use crate::core::formats::csv::FileError;
use crate::core::pairing::numbers;
use crate::core::settings::PreliminaryListing;
use crate::core::{Player, PlayerId, Registration, RoundNo, Tournament};
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::change::run;
use crate::web::encodings::{EncodingOption, chosen_encoding, encoding_options, text_error};
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::page::{Ctx, Layout, render, render_invalid};
use crate::web::supergroup;
use crate::web::urls;

/// A player as the list shows them.
pub struct PlayerLine {
    pub no: u32,
    pub name: String,
    pub first_name: String,
    pub rank: String,
    pub rating: i32,
    /// The rating list and date the rating comes from ("EGD 2018-02-22"), or "".
    pub rating_source: String,
    pub club: String,
    pub country: String,
    pub is_final: bool,
    /// Rounds the player sits out, e.g. "2, 5".
    pub absent: String,
    /// Draw number, in systems that pair on them.
    pub draw: Option<u32>,
    /// "possibly the same person as …", for organisers; "" when nobody is.
    pub duplicate_of: String,
    /// Why the player is not admitted, as translation keys; empty when admitted.
    pub not_admitted: Vec<&'static str>,
    /// The doctor cleared the player (Ukrainian rules III.7, V.7).
    pub medical: bool,
    /// Supergroup bans from earlier tournaments, for the staff, when the
    /// player starts in the top group ([`crate::web::supergroup`]).
    pub supergroup_bans: Vec<String>,
}

impl PlayerLine {
    pub(super) fn of(p: &Player, settings: &crate::core::Settings) -> Self {
        let rounds = settings.number_of_rounds;
        let absent: Vec<String> = (1..=rounds)
            .filter_map(RoundNo::new)
            .filter(|r| !p.participation.plays(*r))
            .map(|r| r.get().to_string())
            .collect();
        PlayerLine {
            no: p.id.0,
            name: p.name.clone(),
            first_name: p.first_name.clone(),
            rank: p.rank.to_string(),
            rating: p.rating.gor(),
            rating_source: source_text(p),
            club: p.club.clone(),
            country: p.country.clone(),
            is_final: p.registration == Registration::Final,
            absent: absent.join(", "),
            draw: None,
            duplicate_of: String::new(),
            not_admitted: crate::core::admission::not_admitted_because(settings, p),
            medical: p.checks.medical,
            supergroup_bans: Vec::new(),
        }
    }
}

/// "EGD 2018-02-22" for a rating from a list, "" for any other.
pub(super) fn source_text(p: &Player) -> String {
    p.rating_source.map(|s| s.to_string()).unwrap_or_default()
}

/// The players list by name, with the draw numbers where the system pairs on them.
pub(super) fn player_lines(state: &Tournament) -> Vec<PlayerLine> {
    let numbers: HashMap<PlayerId, u32> = if numbers::pairs_on_numbers(state.settings().system) {
        numbers::numbered(state)
            .iter()
            .zip(1..)
            .map(|(p, n)| (p.id, n))
            .collect()
    } else {
        HashMap::new()
    };
    let mut players: Vec<PlayerLine> = state
        .players()
        .iter()
        .map(|p| PlayerLine {
            draw: numbers.get(&p.id).copied(),
            ..PlayerLine::of(p, state.settings())
        })
        .collect();
    players.sort_by(|a, b| (&a.name, &a.first_name).cmp(&(&b.name, &b.first_name)));
    players
}

#[derive(Template)]
#[template(path = "players/index.html")]
pub(super) struct PlayersPage {
    layout: Layout,
    tournament: TournamentRow,
    players: Vec<PlayerLine>,
    /// Registrations not yet confirmed, listed apart for visitors (staff
    /// see them in `players`, marked).
    preliminary: Vec<PlayerLine>,
    /// Whether the system pairs on draw numbers, which the list then shows.
    numbered: bool,
    can_manage: bool,
    /// The doctor's (or an organiser's) clearance buttons.
    can_clear: bool,
    /// Round 1 is not paired yet, so ratings may still be refreshed from a list.
    ratings_open: bool,
    encodings: Vec<EncodingOption>,
    /// Why an uploaded player list was refused, line by line.
    import_errors: Vec<String>,
    /// Staff of a tournament with a supergroup: its confirmation in words
    /// ("" when none), whether it is outdated, and whether this reader, a
    /// supervisor, may confirm it (GTR "Officials").
    supergroup: Option<SupergroupStatus>,
}

/// The supergroup's confirmation, as the staff's players list shows it.
pub(super) struct SupergroupStatus {
    confirmed: String,
    outdated: bool,
    can_confirm: bool,
}

pub(super) async fn list_players(
    State(_app): State<AppState>,
    ctx: Ctx,
    Reader(opened): Reader,
) -> WebResult<Html<String>> {
    let view = opened.view().await?;
    let state = &view.effective.tournament;
    let can_manage = opened.may(Action::ManagePlayers).await?;
    let is_staff = opened.is_staff();
    let mut players = player_lines(state);
    if is_staff {
        let bans = supergroup::bans(&opened).await?;
        let bans = supergroup::by_player(state, &bans);
        for line in &mut players {
            let id = PlayerId(line.no);
            line.supergroup_bans = supergroup::warnings(ctx.lang, state, &view.book, id, &bans);
        }
    }
    let mut preliminary = Vec::new();
    if can_manage {
        for line in &mut players {
            let names = state
                .player(PlayerId(line.no))
                .map(|p| likely_duplicates(state.players(), p).join(", "))
                .unwrap_or_default();
            if !names.is_empty() {
                line.duplicate_of = ctx
                    .lang
                    .tf("player.possible_duplicate", &[("names", names)]);
            }
        }
    } else if !is_staff {
        let (finals, others) = players.into_iter().partition(|p| p.is_final);
        players = finals;
        if state.settings().preliminary_players == PreliminaryListing::Apart {
            preliminary = others;
        }
    }
    let can_confirm = opened.may(Action::ConfirmSupergroup).await?;
    let tournament = opened.tournament.clone();
    let supergroup = (is_staff && state.settings().supergroup).then(|| {
        let confirmation = view.book.supergroup_confirmation(&view.entered);
        SupergroupStatus {
            confirmed: confirmation
                .map(|(signed, _)| {
                    let at = crate::web::acts::wall_clock(signed.at, &tournament.time_zone);
                    ctx.lang.tf(
                        "supergroup.confirmed",
                        &[("by", signed.by.as_str().to_string()), ("at", at)],
                    )
                })
                .unwrap_or_default(),
            outdated: confirmation.is_some_and(|(_, current)| !current),
            can_confirm,
        }
    });
    render(&PlayersPage {
        layout: Layout::titled(&ctx, &tournament.name),
        supergroup,
        can_manage,
        // A clearance column only where the tournament asks for one (UA III.7).
        can_clear: opened.may(Action::SetMedical).await?
            && state.settings().admission.required.medical,
        tournament,
        players,
        preliminary,
        numbered: numbers::pairs_on_numbers(state.settings().system),
        ratings_open: !state.is_paired(RoundNo::FIRST),
        encodings: encoding_options(ctx.lang, ""),
        import_errors: Vec::new(),
    })
}

/// Registers every player of an uploaded CSV (OpenGotha's `Name;FirstName;
/// Rank;Country;Club`) or vbar file; any bad row refuses the whole file.
pub(super) async fn import_players(
    Staff(access, _): Staff<may::ManagePlayers>,
    ctx: Ctx,
    mut multipart: axum::extract::Multipart,
) -> WebResult<Response> {
    let mut file = Vec::new();
    let mut encoding = String::new();
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|_| WebError::BadUpload)?
    {
        if field.name() == Some("encoding") {
            encoding = field.text().await.map_err(|_| WebError::BadUpload)?;
        } else if field.name() == Some("file") {
            file = field
                .bytes()
                .await
                .map_err(|_| WebError::BadUpload)?
                .to_vec();
        }
    }
    let chosen = chosen_encoding(&encoding)?;
    // Off the async workers, as every file read (`desk::imports::import_tournament`).
    let read =
        tokio::task::spawn_blocking(move || crate::core::formats::csv::import_bytes(&file, chosen))
            .await
            .map_err(anyhow::Error::from)?;
    let players = match read {
        Ok(players) => players,
        Err(e) => {
            let import_errors = match e {
                FileError::Text(e) => vec![text_error(ctx.lang, &e)],
                FileError::Rows(e) => std::iter::once(e.to_string())
                    .chain(e.rows.iter().map(ToString::to_string))
                    .collect(),
            };
            return refused_import(&ctx, &access, &encoding, import_errors).await;
        }
    };
    let count = players.len();
    match run(&access, None, Command::ImportPlayers { players }).await {
        Ok(_) => Ok((
            Flash::new("notice.players_added").arg("count", count),
            Redirect::to(&urls::players(&access.tournament.short_name)),
        )
            .into_response()),
        // Refused whole (a file that would take the tournament past the
        // players it may hold): said on the page the file came from, as a
        // bad row is, in the reader's language.
        Err(WebError::Refused(refusal)) => {
            let import_errors = crate::web::refusals::lines(ctx.lang, &refusal);
            refused_import(&ctx, &access, &encoding, import_errors).await
        }
        Err(e) => Err(e),
    }
}

/// The players page again, with why the file was refused and nothing of it
/// stored.
async fn refused_import(
    ctx: &Ctx,
    access: &Access,
    encoding: &str,
    import_errors: Vec<String>,
) -> WebResult<Response> {
    // The staff extractor read the state already, to ask the permission.
    let state = access.doc().await?;
    let page = PlayersPage {
        layout: Layout::titled(ctx, &access.tournament.name),
        tournament: access.tournament.clone(),
        players: player_lines(&state),
        preliminary: Vec::new(),
        numbered: numbers::pairs_on_numbers(state.settings().system),
        can_manage: true,
        // The refusal page is about the file: its rows, not clearances.
        can_clear: false,
        ratings_open: !state.is_paired(RoundNo::FIRST),
        encodings: encoding_options(ctx.lang, encoding),
        import_errors,
        supergroup: None,
    };
    Ok(render_invalid(&page)?.into_response())
}

pub(super) async fn export_players(
    Staff(access, _): Staff<may::ManagePlayers>,
) -> WebResult<Response> {
    let state = access.doc().await?;
    let disposition = format!(
        "attachment; filename=\"{}-players.csv\"",
        access.tournament.short_name
    );
    Ok((
        [
            (
                axum::http::header::CONTENT_TYPE,
                "text/csv; charset=utf-8".to_string(),
            ),
            (axum::http::header::CONTENT_DISPOSITION, disposition),
        ],
        crate::core::formats::csv::export(state.players()),
    )
        .into_response())
}
