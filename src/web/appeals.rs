//! Appeals: the committee fixed before round 1, appeals filed by a referee
//! or by the player through a private link, the committee's review and
//! decision, and the referral to the federation's rules commission (EGF GTR
//! "Arbitration", RFG Code art. 26, Ukrainian rules VI).
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /t/{short}/appeals` | [`list`] | staff: appeals, the committee, filing |
//! | `POST /t/{short}/appeals` | [`file_for_player`] | referees, organisers |
//! | `POST /t/{short}/appeals/committee` | [`fix_committee`] | organisers, before round 1 |
//! | `POST /t/{short}/appeals/committee/co-opt` | [`co_opt`] | organisers, committee |
//! | `GET /t/{short}/appeals/{id}` | [`show`] | staff |
//! | `POST /t/{short}/appeals/{id}/review`, `/decide` | [`review`], [`decide`] | the committee |
//! | `POST /t/{short}/appeals/{id}/escalate`, `/rule` | [`escalate`], [`rule`] | organisers |
//! | `POST /t/{short}/appeals/link` | [`issue_link`] | referees, organisers |
//! | `GET /p/{token}`, `POST /p/{token}` | [`player_page`], [`player_files`] | the player holding the link |

use askama::Template;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};

use super::AppState;
use super::access::{Access, authorise};
use super::acts::{FormError, now, official};
use super::appeal_words::{Summary, summary};
use super::auth::SignedIn;
use super::change::{change_document, json, mutate_with_book};
use super::error::{WebError, WebResult};
use super::flash::Flash;
use super::incidents::{describe, name, sorted_players};
use super::page::{Ctx, Layout};
use super::urls;
use super::view::{View, view};
use crate::core::Tournament;
use crate::core::access::{self, Action};
use crate::core::discipline::{
    Appeal, AppealId, AppealState, Appealed, Book, Decision, DisciplineError, FiledBy, Filing,
    GameRef, Member, Official, Outcome, Party, Reason, Remedy,
};
use crate::core::{BoardNo, PlayerId, RoundNo, results};
use crate::store::discipline as discipline_store;
use crate::store::tournaments::{self, TournamentRow};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/t/{short}/appeals", get(list).post(file_for_player))
        .route("/t/{short}/appeals/committee", post(fix_committee))
        .route("/t/{short}/appeals/committee/co-opt", post(co_opt))
        .route("/t/{short}/appeals/{id}", get(show))
        .route("/t/{short}/appeals/{id}/review", post(review))
        .route("/t/{short}/appeals/{id}/decide", post(decide))
        .route("/t/{short}/appeals/{id}/escalate", post(escalate))
        .route("/t/{short}/appeals/{id}/rule", post(rule))
        .route("/t/{short}/appeals/link", post(issue_link))
        .route("/p/{token}", get(player_page).post(player_files))
}

/// Staff of the tournament, whatever their role, may read its appeals.
async fn staff(
    app: &AppState,
    short: &str,
    me: crate::store::accounts::Account,
) -> WebResult<Access> {
    let tournament = tournaments::by_short_name(&app.store.pool, short)
        .await?
        .ok_or(WebError::NotFound)?;
    let roles =
        tournaments::roles_of(&app.store.pool, tournament.tournament_id, me.account_id).await?;
    if roles.is_empty() && !me.is_admin {
        return Err(WebError::Forbidden);
    }
    Ok(Access { tournament, me })
}

#[derive(Template)]
#[template(path = "appeals/index.html")]
struct ListPage {
    layout: Layout,
    tournament: TournamentRow,
    appeals: Vec<Summary>,
    committee: Vec<String>,
    can_fix: bool,
    can_file: bool,
    players: Vec<(u32, String)>,
    entries: Vec<(u32, String)>,
    error: String,
    /// A private link just issued, shown once.
    link: String,
}

async fn list_page(
    app: &AppState,
    ctx: &Ctx,
    access: Access,
    error: String,
    link: String,
) -> WebResult<Response> {
    let view = view(app, access.tournament.tournament_id).await?;
    let roles = tournaments::roles_of(
        &app.store.pool,
        access.tournament.tournament_id,
        access.me.account_id,
    )
    .await?;
    let may = |a| access::may(&roles, access.me.is_admin, a);
    let t = &view.effective.tournament;
    let committee = view
        .book
        .committee
        .iter()
        .flat_map(|c| {
            c.members.iter().map(|m| m.name.as_str().to_string()).chain(
                c.reserves
                    .iter()
                    .map(|m| format!("{} ({})", m.name.as_str(), ctx.lang.t("appeals.reserve"))),
            )
        })
        .collect();
    let entries = view
        .book
        .log
        .entries()
        .iter()
        .filter(|e| {
            matches!(
                e.act,
                crate::core::discipline::Act::Sanction(_)
                    | crate::core::discipline::Act::Absence { .. }
                    | crate::core::discipline::Act::Correction { .. }
            )
        })
        .map(|e| (e.id.0, format!("{} {}", e.id, describe(t, ctx.lang, e))))
        .collect();
    let page = ListPage {
        layout: Layout::titled(
            ctx,
            &format!(
                "{} — {}",
                access.tournament.name,
                ctx.lang.t("appeals.title")
            ),
        ),
        appeals: view
            .book
            .appeals
            .iter()
            .map(|a| summary(t, &view.book, a, ctx.lang, &access.tournament.time_zone))
            .collect(),
        committee,
        can_fix: may(Action::EditSettings),
        can_file: may(Action::LogSanction),
        players: sorted_players(t),
        entries,
        tournament: access.tournament,
        error,
        link,
    };
    super::page::render_refusal(&page, !page.error.is_empty())
}

async fn list(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
) -> WebResult<Response> {
    let access = staff(&app, &short, me).await?;
    list_page(&app, &ctx, access, String::new(), String::new()).await
}

/// Runs a change of the book; a refusal by the rules comes back as a message.
async fn settle<T>(
    app: &AppState,
    access: &Access,
    action: &str,
    change: impl FnOnce(&mut Tournament, &mut Book) -> Result<T, DisciplineError>,
) -> WebResult<Result<T, FormError>>
where
    T: serde::Serialize,
{
    let result = mutate_with_book(app, access, None, action, |t, book| {
        let before = json(&book.appeals)?;
        let value = change(t, book)?;
        Ok((value, Some(before), Some(json(&book.appeals)?)))
    })
    .await;
    match result {
        Ok(value) => Ok(Ok(value)),
        Err(WebError::Discipline(e)) => Ok(Err(FormError::Discipline(e))),
        Err(e) => Err(e),
    }
}

/// One committee member per line; a player is named by their number,
/// alone or after the name ("Anna Ivanova #12").
fn members(t: &Tournament, text: &str) -> Result<Vec<Member>, DisciplineError> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|line| {
            let (name, number) = match line.rsplit_once('#') {
                Some((name, no)) => (name.trim(), no.trim().parse::<u32>().ok()),
                None => (line, line.parse::<u32>().ok()),
            };
            let player = number.map(PlayerId);
            if let Some(p) = player {
                t.player(p).ok_or(DisciplineError::UnknownPlayer(p))?;
            }
            let name = match (name.is_empty() || name.parse::<u32>().is_ok(), player) {
                (true, Some(p)) => super::incidents::name(t, p),
                _ => name.to_string(),
            };
            Ok(Member {
                name: Official::new(&name)?,
                player,
            })
        })
        .collect()
}

#[derive(serde::Deserialize, Default)]
struct CommitteeForm {
    #[serde(default)]
    members: String,
    #[serde(default)]
    reserves: String,
    #[serde(default)]
    member: String,
}

async fn fix_committee(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
    Form(form): Form<CommitteeForm>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::EditSettings).await?;
    let outcome = settle(&app, &access, "appeals.committee", |t, book| {
        let (members, reserves) = (members(t, &form.members)?, members(t, &form.reserves)?);
        book.fix_committee(members, reserves, t)
    })
    .await?;
    done(&app, &ctx, access, outcome, "notice.committee_saved").await
}

async fn co_opt(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
    Form(form): Form<CommitteeForm>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::EditSettings).await?;
    let outcome = settle(&app, &access, "appeals.co_opt", |t, book| {
        for member in members(t, &form.member)? {
            book.co_opt(member, t)?;
        }
        Ok(())
    })
    .await?;
    done(&app, &ctx, access, outcome, "notice.committee_saved").await
}

/// Back to the list, or the list again with the refusal.
async fn done<T>(
    app: &AppState,
    ctx: &Ctx,
    access: Access,
    outcome: Result<T, FormError>,
    notice: &'static str,
) -> WebResult<Response> {
    match outcome {
        Ok(_) => Ok((
            Flash::new(notice),
            Redirect::to(&urls::appeals(&access.tournament.short_name)),
        )
            .into_response()),
        Err(e) => list_page(app, ctx, access, e.message(ctx.lang), String::new()).await,
    }
}

#[derive(serde::Deserialize, Default)]
struct FileForm {
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
    #[serde(default)]
    affects_prizes: Option<String>,
}

/// What the appeal names: a log entry, a game's result or a round's pairing.
fn appealed(form: &FileForm) -> Option<Appealed> {
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

fn filing(form: &FileForm, player: PlayerId, filed_by: FiledBy) -> Result<Filing, FormError> {
    let appealed = appealed(form).ok_or(FormError::Field("appeals.choose_appealed"))?;
    let grounds = Reason::new(&form.grounds).map_err(FormError::Discipline)?;
    Ok(Filing {
        appellant: Party::Player(player),
        filed_by,
        appealed,
        grounds,
        at: now(),
        affects_prizes: form.affects_prizes.is_some(),
    })
}

async fn file_for_player(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
    Form(form): Form<FileForm>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::LogSanction).await?;
    let player = form.player.trim().parse().map(PlayerId);
    let filed = match player {
        Ok(p) => filing(&form, p, FiledBy::Referee(official(&access.me)?)),
        Err(_) => Err(FormError::Field("referee.choose_player")),
    };
    let outcome = match filed {
        Ok(filing) => {
            settle(&app, &access, "appeals.file", |t, book| {
                book.file(filing, t)
            })
            .await?
        }
        Err(e) => Err(e),
    };
    match outcome {
        Ok(id) => Ok((
            Flash::new("notice.appeal_filed"),
            Redirect::to(&urls::appeal(&short, id.0)),
        )
            .into_response()),
        Err(e) => list_page(&app, &ctx, access, e.message(ctx.lang), String::new()).await,
    }
}

#[derive(Template)]
#[template(path = "appeals/show.html")]
struct ShowPage {
    layout: Layout,
    tournament: TournamentRow,
    appeal: Summary,
    /// Panel members who may sign, when it is under review.
    panel: Vec<String>,
    can_decide: bool,
    can_escalate: bool,
    /// Opens the referees' pages, so their tabs are shown.
    can_referee: bool,
    is_filed: bool,
    is_under_review: bool,
    is_decided: bool,
    is_escalated: bool,
    /// The appeal is about a game, so a decision may set its result.
    has_game: bool,
    error: String,
}

async fn show_page(
    app: &AppState,
    ctx: &Ctx,
    access: Access,
    id: u32,
    error: String,
) -> WebResult<Response> {
    let view = view(app, access.tournament.tournament_id).await?;
    let appeal = view
        .book
        .appeal(AppealId(id))
        .ok_or(WebError::NotFound)?
        .clone();
    let roles = tournaments::roles_of(
        &app.store.pool,
        access.tournament.tournament_id,
        access.me.account_id,
    )
    .await?;
    let may = |a| access::may(&roles, access.me.is_admin, a);
    let panel = match &appeal.state {
        AppealState::UnderReview { panel, .. } => panel
            .members
            .iter()
            .map(|m| m.name.as_str().to_string())
            .collect(),
        _ => Vec::new(),
    };
    let page = ShowPage {
        layout: Layout::titled(
            ctx,
            &format!(
                "{} — {}",
                access.tournament.name,
                ctx.lang
                    .tf("title.appeal", &[("n", appeal.id.0.to_string())])
            ),
        ),
        appeal: summary(
            &view.effective.tournament,
            &view.book,
            &appeal,
            ctx.lang,
            &access.tournament.time_zone,
        ),
        panel,
        can_decide: may(Action::DecideAppeal),
        can_escalate: may(Action::EditSettings),
        can_referee: may(Action::LogSanction),
        is_filed: matches!(appeal.state, AppealState::Filed),
        is_under_review: matches!(appeal.state, AppealState::UnderReview { .. }),
        is_decided: matches!(appeal.state, AppealState::Decided { .. }),
        is_escalated: matches!(appeal.state, AppealState::Escalated { .. }),
        has_game: appeal.game(&view.book.log).is_some(),
        tournament: access.tournament,
        error,
    };
    super::page::render_refusal(&page, !page.error.is_empty())
}

async fn show(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, id)): Path<(String, u32)>,
) -> WebResult<Response> {
    let access = staff(&app, &short, me).await?;
    show_page(&app, &ctx, access, id, String::new()).await
}

/// Back to the appeal, or the appeal again with the refusal.
async fn after_step<T>(
    app: &AppState,
    ctx: &Ctx,
    access: Access,
    id: u32,
    outcome: Result<T, FormError>,
    notice: &'static str,
) -> WebResult<Response> {
    match outcome {
        Ok(_) => Ok((
            Flash::new(notice),
            Redirect::to(&urls::appeal(&access.tournament.short_name, id)),
        )
            .into_response()),
        Err(e) => show_page(app, ctx, access, id, e.message(ctx.lang)).await,
    }
}

async fn review(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, id)): Path<(String, u32)>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::DecideAppeal).await?;
    let outcome = settle(&app, &access, "appeals.review", |t, book| {
        book.begin_review(AppealId(id), t, now())
    })
    .await?;
    after_step(&app, &ctx, access, id, outcome, "notice.appeal_reviewing").await
}

/// What a decision or ruling form sends.
#[derive(serde::Deserialize, Default)]
struct DecisionForm {
    #[serde(default)]
    outcome: String,
    #[serde(default)]
    reasons: String,
    /// Panel members who sign (checkboxes), or names one per line for a ruling.
    #[serde(default)]
    signed_by: Vec<String>,
    #[serde(default)]
    signers: String,
    /// The decided result of the game, as a result code; empty: unchanged.
    #[serde(default)]
    result: String,
    /// Also take the appealed entry's effect away (a modified decision).
    #[serde(default)]
    revoke: Option<String>,
}

fn decision(form: &DecisionForm, appeal: &Appeal, book: &Book) -> Result<Decision, FormError> {
    let outcome = match form.outcome.as_str() {
        "upheld" => Outcome::Upheld,
        "rejected" => Outcome::Rejected,
        "modified" => Outcome::Modified,
        _ => return Err(FormError::Field("appeals.choose_outcome")),
    };
    let reasons = Reason::new(&form.reasons).map_err(FormError::Discipline)?;
    let signed_by = form
        .signed_by
        .iter()
        .map(String::as_str)
        .chain(form.signers.lines())
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(Official::new)
        .collect::<Result<Vec<_>, _>>()
        .map_err(FormError::Discipline)?;
    let mut remedies = Vec::new();
    if let (Some(_), Appealed::Entry(id)) = (&form.revoke, appeal.filing.appealed) {
        remedies.push(Remedy::Revoke(id));
    }
    if !form.result.trim().is_empty() {
        let (result, origin) =
            results::parse_code(&form.result).ok_or(FormError::Field("referee.bad_result"))?;
        let game = appeal
            .game(&book.log)
            .ok_or(FormError::Field("appeals.no_game"))?;
        remedies.push(Remedy::SetResult {
            game,
            result,
            origin,
        });
    }
    Ok(Decision {
        outcome,
        reasons,
        signed_by,
        at: now(),
        remedies,
    })
}

/// Records a decision (`federation`: the rules commission's ruling); the
/// audit log keeps every result it changed, before and after.
async fn decide_with(
    app: &AppState,
    access: &Access,
    id: u32,
    form: DecisionForm,
    federation: bool,
) -> WebResult<Result<(), FormError>> {
    let current = view(app, access.tournament.tournament_id).await?;
    let appeal = current
        .book
        .appeal(AppealId(id))
        .ok_or(WebError::NotFound)?;
    let decision = match decision(&form, appeal, &current.book) {
        Ok(d) => d,
        Err(e) => return Ok(Err(e)),
    };
    let by = official(&access.me)?;
    let action = if federation {
        "appeals.rule"
    } else {
        "appeals.decide"
    };
    let result = mutate_with_book(app, access, None, action, |t, book| {
        let before = book.effective(t)?.tournament;
        let entry = if federation {
            book.rule(AppealId(id), decision, t, by)?
        } else {
            book.decide(AppealId(id), decision, t, by)?
        };
        let after = book.effective(t)?.tournament;
        let changes = crate::core::discipline::result_changes(&before, &after);
        let was: Vec<_> = changes.iter().map(|c| (c.game, c.before)).collect();
        let is: Vec<_> = changes.iter().map(|c| (c.game, c.after)).collect();
        let appeal = book.appeal(AppealId(id)).cloned();
        Ok((
            (),
            Some(serde_json::json!({ "results": was })),
            Some(serde_json::json!({ "results": is, "entry": entry, "appeal": appeal })),
        ))
    })
    .await;
    match result {
        Ok(()) => Ok(Ok(())),
        Err(WebError::Discipline(e)) => Ok(Err(FormError::Discipline(e))),
        Err(e) => Err(e),
    }
}

async fn decide(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, id)): Path<(String, u32)>,
    axum_extra::extract::Form(form): axum_extra::extract::Form<DecisionForm>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::DecideAppeal).await?;
    let outcome = decide_with(&app, &access, id, form, false).await?;
    after_step(&app, &ctx, access, id, outcome, "notice.appeal_decided").await
}

async fn escalate(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, id)): Path<(String, u32)>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::EditSettings).await?;
    let outcome = settle(&app, &access, "appeals.escalate", |_, book| {
        book.escalate(AppealId(id), now())
    })
    .await?;
    after_step(&app, &ctx, access, id, outcome, "notice.appeal_referred").await
}

async fn rule(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, id)): Path<(String, u32)>,
    axum_extra::extract::Form(form): axum_extra::extract::Form<DecisionForm>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::EditSettings).await?;
    let outcome = decide_with(&app, &access, id, form, true).await?;
    after_step(&app, &ctx, access, id, outcome, "notice.appeal_ruled").await
}

#[derive(serde::Deserialize)]
struct LinkForm {
    player: u32,
}

/// Issues a player's private link (replacing any older one) and shows it once.
async fn issue_link(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    headers: axum::http::HeaderMap,
    Path(short): Path<String>,
    Form(form): Form<LinkForm>,
) -> WebResult<Response> {
    let no = form.player;
    let access = authorise(&app, &short, me, Action::LogSanction).await?;
    let id = access.tournament.tournament_id;
    let state = super::view::load(&app, id).await?;
    state.player(PlayerId(no)).ok_or(WebError::NotFound)?;
    let token = crate::ops::random_hex(16);
    let mut tx = app.store.begin().await?;
    discipline_store::set_player_link(&mut *tx, id, no as i32, &crate::ops::token_hash(&token))
        .await?;
    crate::store::audit::record(
        &mut *tx,
        Some(id),
        Some(access.me.account_id),
        &format!("appeals.link:{no}"),
        None,
        None,
    )
    .await?;
    tx.commit().await?;
    let link = format!("{}/p/{token}", super::urls::site_url(&headers));
    list_page(&app, &ctx, access, String::new(), link).await
}

#[derive(Template)]
#[template(path = "appeals/player.html")]
struct PlayerPage {
    layout: Layout,
    player: String,
    appeals: Vec<Summary>,
    games: Vec<(u32, u32, String)>,
    entries: Vec<(u32, String)>,
    error: String,
}

impl PlayerPage {
    /// "Round 2, board 5", as a person writes it.
    fn game_label(&self, round: &u32, board: &u32) -> String {
        self.layout.lang.tf(
            "incident.board",
            &[("round", round.to_string()), ("board", board.to_string())],
        )
    }
}

/// The tournament, view and player a private link opens.
async fn by_link(app: &AppState, token: &str) -> WebResult<(TournamentRow, View, PlayerId)> {
    let (id, no) =
        discipline_store::by_player_link(&app.store.pool, &crate::ops::token_hash(token))
            .await?
            .ok_or(WebError::NotFound)?;
    let tournament = tournaments::by_id(&app.store.pool, id)
        .await?
        .ok_or(WebError::NotFound)?;
    let view = view(app, id).await?;
    Ok((tournament, view, PlayerId(no as u32)))
}

fn player_page_for(
    ctx: &Ctx,
    tournament: TournamentRow,
    view: &View,
    player: PlayerId,
    error: String,
) -> WebResult<Response> {
    let t = &view.effective.tournament;
    let own = |a: &&Appeal| matches!(a.filing.appellant, Party::Player(p) if p == player);
    let games = t
        .games()
        .iter()
        .filter(|g| g.colour_of(player).is_some())
        .map(|g| {
            let opponent = if g.white == player { g.black } else { g.white };
            (g.round.get(), g.board.get(), name(t, opponent))
        })
        .collect();
    let entries = view
        .book
        .log
        .entries()
        .iter()
        .filter(|e| {
            let game = e.act.game().and_then(|g| t.game_on(g.round, g.board));
            game.is_some_and(|g| g.colour_of(player).is_some())
                && matches!(
                    e.act,
                    crate::core::discipline::Act::Sanction(_)
                        | crate::core::discipline::Act::Absence { .. }
                        | crate::core::discipline::Act::Correction { .. }
                )
        })
        .map(|e| (e.id.0, format!("{} {}", e.id, describe(t, ctx.lang, e))))
        .collect();
    let page = PlayerPage {
        layout: Layout::titled(
            ctx,
            &format!("{} — {}", tournament.name, ctx.lang.t("appeals.my_appeals")),
        ),
        player: name(t, player),
        appeals: view
            .book
            .appeals
            .iter()
            .filter(own)
            .map(|a| summary(t, &view.book, a, ctx.lang, &tournament.time_zone))
            .collect(),
        games,
        entries,
        error,
    };
    super::page::render_refusal(&page, !page.error.is_empty())
}

/// A player's own appeals, and the form to file one: nobody else's.
async fn player_page(
    State(app): State<AppState>,
    ctx: Ctx,
    Path(token): Path<String>,
) -> WebResult<Response> {
    let (tournament, view, player) = by_link(&app, &token).await?;
    player_page_for(&ctx, tournament, &view, player, String::new())
}

async fn player_files(
    State(app): State<AppState>,
    ctx: Ctx,
    Path(token): Path<String>,
    Form(form): Form<FileForm>,
) -> WebResult<Response> {
    let (tournament, _, player) = by_link(&app, &token).await?;
    let outcome = match filing(&form, player, FiledBy::Party) {
        Ok(filing) => {
            let id = tournament.tournament_id;
            let result =
                change_document(&app, id, None, None, "appeals.file_by_player", |t, book| {
                    let appeal = book.file(filing, t)?;
                    Ok(((), None, Some(json(&book.appeal(appeal))?)))
                })
                .await;
            match result {
                Ok(()) => Ok(()),
                Err(WebError::Discipline(e)) => Err(FormError::Discipline(e)),
                Err(e) => return Err(e),
            }
        }
        Err(e) => Err(e),
    };
    match outcome {
        Ok(()) => Ok((
            Flash::new("notice.appeal_filed"),
            Redirect::to(&format!("/p/{token}")),
        )
            .into_response()),
        Err(e) => {
            let (tournament, view, player) = by_link(&app, &token).await?;
            player_page_for(&ctx, tournament, &view, player, e.message(ctx.lang))
        }
    }
}
