//! A team's line-up for a round: the staff's form, and the captain's
//! through their private link (RFG App. 4 §1.2: due before the round; a
//! late one is taken and flagged to the referee).

use crate::web::access::{Staff, may};
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Redirect, Response};
// Repeated fields (one select per board) need serde_html_form's decoder.
use axum_extra::extract::Form;
use serde::Deserialize;

use crate::core::command::{Command, Refusal, State as Aggregate};
use crate::core::round::{Colour, GameResult};
use crate::core::teams::roster::{playing, recorded};
use crate::core::tournament::Team;
use crate::core::{PlayerId, RoundNo, Tournament};
use crate::desk::Caller;
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::access::Link;
use crate::web::acts::wall_clock;
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::i18n::Lang;
use crate::web::page::{Ctx, Layout, render_refusal};
use crate::web::refusals::field_text;
use crate::web::urls;
use crate::web::view::RoundQuery;

/// The round whose line-ups are open: the last paired round while none of
/// its games has a result and it is not locked (a line-up may still change
/// its boards), else the next round to pair.
pub(super) fn line_up_round(state: &Aggregate) -> Option<RoundNo> {
    let t = &state.doc;
    let last = t.last_round_with_game();
    if let Some(r) = last {
        let untouched = t
            .games()
            .iter()
            .filter(|g| g.round == r)
            .all(|g| g.result == GameResult::Unknown);
        if untouched && !state.is_locked(r) {
            return Some(r);
        }
    }
    t.next_round()
}

/// Where `team`'s line-up for `round` came from, in words, and whether it
/// came late.
pub(super) fn status(
    lang: Lang,
    state: &Aggregate,
    team: &Team,
    round: RoundNo,
    zone: &str,
) -> (String, bool) {
    match team.filed.iter().find(|f| f.round == round) {
        Some(filed) => {
            let key = if filed.by_captain {
                "lineup.status.captain"
            } else {
                "lineup.status.staff"
            };
            let mut text = lang.tf(key, &[("at", wall_clock(filed.at, zone))]);
            if let Some(minutes) = filed.late_minutes {
                text.push_str(" — ");
                text.push_str(&lang.tf("lineup.status.late", &[("minutes", minutes.to_string())]));
            }
            (text, filed.late_minutes.is_some())
        }
        None if recorded(team, round).is_some() && state.doc.is_paired(round) => {
            (lang.t("lineup.status.paired_on_default"), false)
        }
        None => (lang.t("lineup.status.none"), false),
    }
}

/// One board's choice.
struct BoardChoice {
    board: usize,
    /// Member number, label, selected.
    options: Vec<(u32, String, bool)>,
}

#[derive(Template)]
#[template(path = "teams/lineup.html")]
struct LineUpPage {
    layout: Layout,
    tournament: TournamentRow,
    /// The staff's page has the tournament's tabs and a round choice.
    staff: bool,
    round: u32,
    rounds: Vec<u32>,
    status: String,
    late: bool,
    /// The match of a paired round: "against X, White on board 1".
    opponent: String,
    deadline: String,
    boards: Vec<BoardChoice>,
    problems: Vec<String>,
    action: String,
}

/// The line-up form as sent.
#[derive(Debug, Deserialize)]
pub(super) struct LineUpForm {
    round: u32,
    #[serde(default)]
    board: Vec<String>,
}

impl LineUpForm {
    fn boards(&self) -> Vec<Option<PlayerId>> {
        self.board
            .iter()
            .map(|b| b.trim().parse().ok().map(PlayerId))
            .collect()
    }
}

/// Who `team` meets in `round`, and its colour on board 1, in words.
fn opponent(lang: Lang, t: &Tournament, team: &Team, round: RoundNo) -> String {
    let Some(first) = recorded(team, round).and_then(|l| l.boards.first().copied().flatten())
    else {
        return String::new();
    };
    let Some(game) = t
        .games()
        .iter()
        .find(|g| g.round == round && g.colour_of(first).is_some())
    else {
        return String::new();
    };
    let other = game.opponent_of(first).and_then(|p| t.team_of(p));
    let colour = match game.colour_of(first) {
        Some(Colour::White) => lang.t("round.white"),
        _ => lang.t("round.black"),
    };
    lang.tf(
        "lineup.against",
        &[
            ("team", other.map(|o| o.name.clone()).unwrap_or_default()),
            ("colour", colour),
        ],
    )
}

struct Shown<'a> {
    staff: bool,
    action: String,
    problems: Vec<String>,
    /// The selections as sent, when the form came back.
    sent: Option<Vec<Option<PlayerId>>>,
    tournament: &'a TournamentRow,
}

fn line_up_page(
    ctx: &Ctx,
    state: &Aggregate,
    team: &Team,
    round: RoundNo,
    shown: Shown<'_>,
) -> LineUpPage {
    let t = &state.doc;
    let settings = &t.settings().teams;
    let boards = settings.team_size as usize;
    let chosen = shown.sent.unwrap_or_else(|| {
        recorded(team, round)
            .unwrap_or_else(|| playing(t, team, round, boards))
            .boards
    });
    let members: Vec<(u32, String)> = Tournament::members_of(team)
        .into_iter()
        .filter_map(|id| t.player(id))
        .map(|p| {
            let reserve = if team.reserves.contains(&p.id) {
                format!(", {}", ctx.lang.t("teams.reserve"))
            } else {
                String::new()
            };
            let name = p.full_name();
            (p.id.0, format!("{} ({}{reserve})", name.trim(), p.rank))
        })
        .collect();
    let board_choices = (0..boards)
        .map(|b| {
            let on = chosen.get(b).copied().flatten();
            BoardChoice {
                board: b + 1,
                options: members
                    .iter()
                    .map(|(id, label)| (*id, label.clone(), on == Some(PlayerId(*id))))
                    .collect(),
            }
        })
        .collect();
    let (status, late) = status(ctx.lang, state, team, round, &shown.tournament.time_zone);
    LineUpPage {
        layout: Layout::titled(
            ctx,
            &format!("{} — {}", team.name, ctx.lang.t("lineup.title")),
        ),
        tournament: shown.tournament.clone(),
        staff: shown.staff,
        round: round.get(),
        rounds: (1..=t.settings().number_of_rounds).collect(),
        status,
        late,
        opponent: opponent(ctx.lang, t, team, round),
        deadline: format!(
            "{} {}",
            ctx.lang.tf(
                "lineup.deadline",
                &[("minutes", settings.line_up_deadline.to_string())],
            ),
            due(ctx.lang, state, round, &shown.tournament.time_zone),
        ),
        boards: board_choices,
        problems: shown.problems,
        action: shown.action,
    }
}

/// When this round's line-up is due: counted from the round's official
/// start on the programme, else from the referee's start of the round.
fn due(lang: Lang, state: &Aggregate, round: RoundNo, zone: &str) -> String {
    let minutes = i64::from(state.doc.settings().teams.line_up_deadline);
    let start = state.mark(round).start;
    let hour = |seconds| crate::web::acts::hour(seconds, zone);
    let due = start
        .and_then(|s| s.unix_seconds(zone))
        .map(|at| (hour(at), hour(at - minutes * 60)));
    match due {
        Some((start, due)) => lang.tf("lineup.due_at", &[("start", start), ("due", due)]),
        None => lang.t("lineup.due_from_press"),
    }
}

/// The problems of a refused line-up, each in words.
fn problems(lang: Lang, refusal: Refusal) -> Result<Vec<String>, WebError> {
    match refusal {
        Refusal::Fields(problems) => Ok(problems.iter().map(|p| field_text(lang, p)).collect()),
        other => Err(other.into()),
    }
}

pub(in crate::web) async fn staff_line_up(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::ManagePlayers>,
    ctx: Ctx,
    Path((short, n)): Path<(String, u32)>,
    Query(query): Query<RoundQuery>,
) -> WebResult<Response> {
    let (_, state) = app.desk.read(access.tournament.tournament_id).await?;
    let team = state.doc.team(n).ok_or(WebError::NotFound)?;
    let round = query
        .round
        .and_then(RoundNo::new)
        .or_else(|| line_up_round(&state))
        .ok_or(WebError::NotFound)?;
    let shown = Shown {
        staff: true,
        action: format!("/t/{short}/teams/{n}/lineup"),
        problems: Vec::new(),
        sent: None,
        tournament: &access.tournament,
    };
    render_refusal(&line_up_page(&ctx, &state, team, round, shown), false)
}

pub(in crate::web) async fn staff_submits(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::ManagePlayers>,
    ctx: Ctx,
    Path((short, n)): Path<(String, u32)>,
    Form(form): Form<LineUpForm>,
) -> WebResult<Response> {
    let round = RoundNo::new(form.round).ok_or(WebError::NotFound)?;
    let command = Command::SubmitLineUp {
        team: n,
        round,
        boards: form.boards(),
    };
    let caller = Caller::Account(access.me.clone());
    let id = access.tournament.tournament_id;
    match app.desk.run(&caller, id, None, command).await {
        Ok(ran) => Ok((
            Flash::new("notice.line_up_saved")
                .arg("team", team_name(&ran))
                .arg("round", round),
            Redirect::to(&urls::page(&short, "teams/manage")),
        )
            .into_response()),
        Err(crate::desk::DeskError::Refused(refusal)) => {
            let (_, state) = app.desk.read(id).await?;
            let team = state.doc.team(n).ok_or(WebError::NotFound)?;
            let shown = Shown {
                staff: true,
                action: format!("/t/{short}/teams/{n}/lineup"),
                problems: problems(ctx.lang, refusal)?,
                sent: Some(form.boards()),
                tournament: &access.tournament,
            };
            render_refusal(&line_up_page(&ctx, &state, team, round, shown), true)
        }
        Err(e) => Err(e.into()),
    }
}

fn team_name(ran: &crate::desk::Ran) -> String {
    match &ran.outcome.done {
        crate::core::command::Done::Team { name, .. } => name.clone(),
        _ => String::new(),
    }
}

/// The team whose captain holds the link.
fn captained(state: &Aggregate, player: PlayerId) -> WebResult<&Team> {
    state
        .doc
        .teams()
        .iter()
        .find(|t| t.captain == Some(player))
        .ok_or(WebError::NotFound)
}

pub(in crate::web) async fn captain_line_up(
    ctx: Ctx,
    Link(opened, token): Link,
) -> WebResult<Response> {
    let (tournament, player) = (&opened.tournament, opened.me);
    let state = opened.state().await?;
    let team = captained(state, player)?;
    let round = line_up_round(state).ok_or(WebError::NotFound)?;
    let shown = Shown {
        staff: false,
        action: format!("/p/{token}/lineup"),
        problems: Vec::new(),
        sent: None,
        tournament,
    };
    render_refusal(&line_up_page(&ctx, state, team, round, shown), false)
}

pub(in crate::web) async fn captain_submits(
    ctx: Ctx,
    Link(opened, token): Link,
    Form(form): Form<LineUpForm>,
) -> WebResult<Response> {
    let (tournament, player) = (&opened.tournament, opened.me);
    let state = opened.state().await?;
    let number = captained(state, player)?.number;
    let round = RoundNo::new(form.round).ok_or(WebError::NotFound)?;
    let command = Command::SubmitLineUp {
        team: number,
        round,
        boards: form.boards(),
    };
    match opened.run(None, command).await {
        Ok(ran) => Ok((
            Flash::new("notice.line_up_saved")
                .arg("team", team_name(&ran))
                .arg("round", round),
            Redirect::to(&format!("/p/{token}/lineup")),
        )
            .into_response()),
        Err(crate::desk::DeskError::Refused(refusal)) => {
            let shown = Shown {
                staff: false,
                action: format!("/p/{token}/lineup"),
                problems: problems(ctx.lang, refusal)?,
                sent: Some(form.boards()),
                tournament,
            };
            let team = captained(state, player)?;
            render_refusal(&line_up_page(&ctx, state, team, round, shown), true)
        }
        Err(e) => Err(e.into()),
    }
}
