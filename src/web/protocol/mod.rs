//! The final protocol (RFG code 26.2.1 з; Ukrainian rules III.8) as a page
//! to print on A4 and as a spreadsheet; what it holds and why is in
//! [`crate::core::formats::protocol`].
//!
//! | route | handler |
//! |---|---|
//! | `GET /t/{short}/protocol?lang=ru\|uk\|en` | [`show_protocol`] |
//! | `GET /t/{short}/protocol.csv?lang=ru\|uk\|en` | [`download_protocol`] |
//! | `POST /t/{short}/protocol/verify`, `…/declare` | [`close_tournament`] |
//!
//! Whoever may read the standings may read the protocol, over the same
//! rounds: published ones for visitors, every paired one for staff. Under
//! the prizes it shows the acts that close the tournament: the supervisor's
//! verification of the final list and the declaration of the winners.

use crate::core::discipline::Ruleset;
use crate::web::access::{Reader, Reading};
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};

mod words;

use crate::core::access::Action;
use crate::core::command::Command;
use crate::core::discipline::listed;
use crate::core::formats::protocol::{self, CellWords, Protocol, RankNorms, Words};
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::access::Signed;
use crate::web::closing::{Actions, Closing, actions, closing};
use crate::web::error::WebResult;
use crate::web::flash::Flash;
use crate::web::i18n::Lang;
use crate::web::page::{Ctx, Layout, render};
use words::{bye_word, heading, panel, prize_lines};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/t/{short}/protocol", get(show_protocol))
        .route("/t/{short}/protocol.csv", get(download_protocol))
        .route("/t/{short}/protocol/{act}", post(close_tournament))
}

/// Round and criterion columns a portrait A4 page holds beside number,
/// place, name, rank and club at 8 pt; more turn the page to landscape.
const PORTRAIT_COLUMNS: usize = 9;

#[derive(serde::Deserialize, Default)]
struct ProtocolQuery {
    lang: Option<String>,
}

/// One player's line, ready to print.
struct ProtocolLine {
    number: u32,
    place: String,
    name: String,
    rank: String,
    club: String,
    cells: Vec<String>,
    values: Vec<String>,
}

/// A person on the panel: role, name, category.
struct PanelLine {
    role: String,
    name: String,
    category: String,
}

#[derive(Template)]
#[template(path = "protocol/show.html")]
struct ProtocolPage {
    layout: Layout,
    tournament: TournamentRow,
    /// Label and value of each header line.
    heading: Vec<(String, String)>,
    rounds: Vec<u32>,
    /// Criterion names and what they mean.
    criteria: Vec<(String, String)>,
    lines: Vec<ProtocolLine>,
    panel: Vec<PanelLine>,
    /// The chief referee and the chief secretary, who sign (role, name).
    signatures: Vec<(String, String)>,
    rank_norms: RankNorms,
    landscape: bool,
    /// The other languages the protocol can be read in.
    other_langs: Vec<Lang>,
    /// Open appeals that can change prizes (RFG 26.4 ж), e.g. "#1, #3".
    pending_appeals: String,
    /// Who wins what: place, name, money, title and indivisible prize.
    prizes: Vec<[String; 5]>,
    /// The final list's verification and the winners' declaration.
    closing: Closing,
    /// What the reader may do about them.
    actions: Actions,
}

/// The protocol's language: `?lang=` when it names one, else the reader's.
fn language(ctx: &Ctx, query: &ProtocolQuery) -> Lang {
    query
        .lang
        .as_deref()
        .and_then(Lang::from_code)
        .unwrap_or(ctx.lang)
}

/// What the page and the spreadsheet read.
struct Loaded {
    tournament: TournamentRow,
    protocol: Protocol,
    /// Open appeals that can change prizes, e.g. "#1, #3".
    pending: String,
    ruleset: Ruleset,
    closing: Closing,
    actions: Actions,
}

/// The protocol the reader may see, with the tournament and its closing acts.
async fn load(ctx: &Ctx, opened: Reading) -> WebResult<Loaded> {
    let view = opened.view().await?;
    let state = view.for_standings();
    let last = opened.last_visible_round().await?;
    let closing = closing(&view, ctx.lang, &opened.tournament.time_zone);
    let actions = actions(&opened, &closing).await?;
    let tournament = opened.tournament;
    Ok(Loaded {
        pending: listed(&view.book.pending_prize_appeals()),
        ruleset: view.book.settings.ruleset,
        protocol: protocol::protocol(&state, last),
        tournament,
        closing,
        actions,
    })
}

/// `GET /t/{short}/protocol`: the protocol to read and print.
async fn show_protocol(
    mut ctx: Ctx,
    Reader(opened): Reader,
    Query(query): Query<ProtocolQuery>,
) -> WebResult<Html<String>> {
    ctx.lang = language(&ctx, &query);
    let lang = ctx.lang;
    let loaded = load(&ctx, opened).await?;
    let (tournament, p, ruleset) = (loaded.tournament, loaded.protocol, loaded.ruleset);
    let (white, black, bye) = (
        lang.t("protocol.white"),
        lang.t("protocol.black"),
        bye_word(ruleset, lang),
    );
    let words = CellWords {
        white: &white,
        black: &black,
        bye: &bye,
    };
    let decimal_comma = lang != Lang::En;
    let lines = p
        .lines
        .iter()
        .map(|l| ProtocolLine {
            number: l.number,
            place: l.place.to_string(),
            name: format!("{} {}", l.surname, l.first_name).trim().to_string(),
            rank: l.rank.to_string(),
            club: l.club.clone(),
            cells: l.cells.iter().map(|c| c.text(&words)).collect(),
            values: p
                .criteria
                .iter()
                .zip(&l.values)
                .map(|(c, v)| protocol::value(*c, *v, decimal_comma))
                .collect(),
        })
        .collect();
    let prizes = prize_lines(&p, decimal_comma);
    let g = &p.general;
    let signatures = [
        ("settings.chief_referee", &g.panel.chief_referee.name),
        ("settings.chief_secretary", &g.panel.chief_secretary.name),
    ]
    .into_iter()
    .map(|(key, name)| (lang.t(key), name.clone()))
    .collect();
    render(&ProtocolPage {
        layout: Layout::titled(
            &ctx,
            &format!("{} — {}", tournament.name, lang.t("protocol.title")),
        ),
        heading: heading(&p, ruleset, lang),
        rounds: (1..=p.rounds).collect(),
        criteria: super::rule_words::named(lang, &p.criteria),
        lines,
        panel: panel(&p, lang),
        signatures,
        rank_norms: p.rank_norms.clone(),
        landscape: p.rounds as usize + p.criteria.len() > PORTRAIT_COLUMNS,
        other_langs: Lang::ALL.into_iter().filter(|l| *l != lang).collect(),
        pending_appeals: loaded.pending,
        prizes,
        closing: loaded.closing,
        actions: loaded.actions,
        tournament,
    })
}

/// `GET /t/{short}/protocol.csv`: the protocol as a spreadsheet.
async fn download_protocol(
    ctx: Ctx,
    Reader(opened): Reader,
    Query(query): Query<ProtocolQuery>,
) -> WebResult<Response> {
    let lang = language(&ctx, &query);
    let loaded = load(&ctx, opened).await?;
    let (tournament, p, ruleset) = (loaded.tournament, loaded.protocol, loaded.ruleset);
    let t = |key: &str| lang.t(key);
    let (title, number, place, surname, first_name, rank, club, round) = (
        t("protocol.title"),
        t("protocol.number"),
        t("protocol.place"),
        t("protocol.surname"),
        t("protocol.first_name"),
        t("protocol.rank"),
        t("protocol.club"),
        t("protocol.round"),
    );
    let (white, black, bye) = (
        t("protocol.white"),
        t("protocol.black"),
        bye_word(ruleset, lang),
    );
    let (director, chief, secretary, referee) = (
        t("settings.director"),
        t("settings.chief_referee"),
        t("settings.chief_secretary"),
        t("protocol.referee"),
    );
    let mut above = heading(&p, ruleset, lang);
    match &p.rank_norms {
        RankNorms::Fulfilled(norms) if norms.is_empty() => {}
        RankNorms::Fulfilled(norms) => above.push((t("protocol.rank_norms"), norms.clone())),
        RankNorms::NotAwarded => above.push((
            t("protocol.rank_norms"),
            t("protocol.rank_norms_not_awarded"),
        )),
    }
    let words = Words {
        title: &title,
        header: above,
        columns: [&number, &place, &surname, &first_name, &rank, &club],
        round: &round,
        cells: CellWords {
            white: &white,
            black: &black,
            bye: &bye,
        },
        decimal_comma: lang != Lang::En,
        roles: [&director, &chief, &secretary, &referee],
    };
    let file = format!(
        "attachment; filename=\"{}-protocol-{}.csv\"",
        tournament.short_name,
        lang.code()
    );
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, file),
        ],
        protocol::csv(&p, &words),
    )
        .into_response())
}

/// The tournament version the closing act's form was read at: the act is
/// done on the list as the person saw it.
#[derive(serde::Deserialize)]
struct ClosingForm {
    version: i32,
}

/// `POST /t/{short}/protocol/verify`: a tournament supervisor verifies the
/// final result list (EGF GTR "Officials"); `…/declare`: the winners are
/// declared, refused, naming them, while appeals that can change titles or
/// prizes are open (GTR "EGF rules commission").
async fn close_tournament(
    State(_app): State<AppState>,
    Signed(access): Signed,
    Path((short, act)): Path<(String, String)>,
    Form(form): Form<ClosingForm>,
) -> WebResult<(Flash, Redirect)> {
    let (action, command, notice) = match act.as_str() {
        "verify" => (
            Action::VerifyStandings,
            Command::VerifyStandings,
            "notice.standings_verified",
        ),
        "declare" => (
            Action::DeclareWinners,
            Command::DeclareWinners,
            "notice.winners_declared",
        ),
        _ => return Err(super::error::WebError::NotFound),
    };
    access.require(action).await?;
    access.run(Some(form.version), command).await?;
    Ok((
        Flash::new(notice),
        Redirect::to(&super::urls::page(&short, "protocol")),
    ))
}
