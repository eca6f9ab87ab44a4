//! The staff's appeals page: the appeals, the committee (fixed before round 1,
//! co-opted later) and a player's private link.

use crate::core::PlayerId;
use crate::core::Tournament;
use crate::core::access::Action;
use crate::core::command::{Command, Done};
use crate::core::discipline::{DisciplineError, Member, Official};
use crate::desk::Caller;
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::access::Access;
use crate::web::access::{Staff, may};
use crate::web::acts::FormError;
use crate::web::appeal_words::{Summary, summary};
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::incidents::{describe, sorted_players};
use crate::web::page::{Ctx, Layout};
use crate::web::urls;
use askama::Template;
use axum::Form;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};

#[derive(Template)]
#[template(path = "appeals/index.html")]
pub(super) struct ListPage {
    layout: Layout,
    tournament: TournamentRow,
    appeals: Vec<Summary>,
    committee: Vec<String>,
    can_fix: bool,
    can_file: bool,
    players: Vec<(u32, String)>,
    /// The teams a captain may appeal for: number and name.
    teams: Vec<(u32, String)>,
    entries: Vec<(u32, String)>,
    error: String,
    /// A private link just issued, shown once.
    link: String,
    /// What a refused committee form sent, shown again as typed.
    typed: CommitteeForm,
    /// Every rule of the committee under the tournament's rule text, said
    /// before the first refusal (issue 31: one at a time, by refusals).
    committee_rules: String,
}

/// What the list shows besides the appeals: a link just issued, or a
/// refused committee form as typed.
#[derive(Default)]
pub(super) struct Shown {
    pub link: String,
    pub typed: CommitteeForm,
}

pub(super) async fn list_page(
    _app: &AppState,
    ctx: &Ctx,
    access: Access,
    error: String,
    shown: Shown,
) -> WebResult<Response> {
    let Shown { link, typed } = shown;
    let view = access.view().await?;
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
    let rules = &view.book.settings;
    let committee_rules = ctx.lang.tf(
        "appeals.committee_rules",
        &[
            ("members", rules.committee_members.to_string()),
            ("reserves", rules.committee_reserves.to_string()),
        ],
    );
    let page = ListPage {
        committee_rules,
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
        can_fix: access.may(Action::EditSettings).await?,
        can_file: access.may(Action::LogSanction).await?,
        players: sorted_players(t),
        teams: t
            .teams()
            .iter()
            .map(|team| (team.number, team.name.clone()))
            .collect(),
        entries,
        tournament: access.tournament,
        error,
        link,
        typed,
    };
    crate::web::page::render_refusal(&page, !page.error.is_empty())
}

pub(super) async fn list(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::ReadAppeals>,
    ctx: Ctx,
) -> WebResult<Response> {
    list_page(&app, &ctx, access, String::new(), Shown::default()).await
}

/// Runs a step on the appeals through the door; a refusal by the rules
/// comes back as a message for the page.
pub(super) async fn settle(
    app: &AppState,
    caller: &Caller,
    tournament_id: uuid::Uuid,
    command: Command,
) -> WebResult<Result<Done, FormError>> {
    match app.desk.run(caller, tournament_id, None, command).await {
        Ok(ran) => Ok(Ok(ran.outcome.done)),
        Err(e) => match WebError::from(e) {
            WebError::Discipline(e) => Ok(Err(FormError::Discipline(e))),
            e => Err(e),
        },
    }
}

/// [`settle`] for the staff member authorised.
pub(super) async fn settle_as_staff(
    app: &AppState,
    access: &Access,
    command: Command,
) -> WebResult<Result<Done, FormError>> {
    let caller = Caller::Account(access.me.clone());
    settle(app, &caller, access.tournament.tournament_id, command).await
}

/// One committee member per line; a player is named by their number,
/// alone or after the name ("Anna Ivanova #12").
pub(super) fn members(t: &Tournament, text: &str) -> Result<Vec<Member>, DisciplineError> {
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
                (true, Some(p)) => crate::web::incidents::name(t, p),
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
pub(super) struct CommitteeForm {
    #[serde(default)]
    members: String,
    #[serde(default)]
    reserves: String,
    #[serde(default)]
    member: String,
}

pub(super) async fn fix_committee(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::EditSettings>,
    ctx: Ctx,
    Form(form): Form<CommitteeForm>,
) -> WebResult<Response> {
    let t = crate::web::view::load(&app, access.tournament.tournament_id).await?;
    let outcome = match (members(&t, &form.members), members(&t, &form.reserves)) {
        (Ok(members), Ok(reserves)) => {
            let command = Command::FixCommittee { members, reserves };
            settle_as_staff(&app, &access, command).await?
        }
        (Err(e), _) | (_, Err(e)) => Err(FormError::Discipline(e)),
    };
    done(
        &app,
        &ctx,
        access,
        (outcome, form),
        "notice.committee_saved",
    )
    .await
}

pub(super) async fn co_opt(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::EditSettings>,
    ctx: Ctx,
    Form(form): Form<CommitteeForm>,
) -> WebResult<Response> {
    let t = crate::web::view::load(&app, access.tournament.tournament_id).await?;
    let outcome = match members(&t, &form.member) {
        Ok(members) => settle_as_staff(&app, &access, Command::CoOpt { members }).await?,
        Err(e) => Err(FormError::Discipline(e)),
    };
    done(
        &app,
        &ctx,
        access,
        (outcome, form),
        "notice.committee_saved",
    )
    .await
}

/// Back to the list, or the list again with the refusal and the form as typed.
pub(super) async fn done<T>(
    app: &AppState,
    ctx: &Ctx,
    access: Access,
    (outcome, typed): (Result<T, FormError>, CommitteeForm),
    notice: &'static str,
) -> WebResult<Response> {
    match outcome {
        Ok(_) => Ok((
            Flash::new(notice),
            Redirect::to(&urls::appeals(&access.tournament.short_name)),
        )
            .into_response()),
        Err(e) => {
            let shown = Shown {
                typed,
                ..Shown::default()
            };
            list_page(app, ctx, access, e.message(ctx.lang), shown).await
        }
    }
}

#[derive(serde::Deserialize)]
pub(super) struct LinkForm {
    player: u32,
}

/// Issues a player's private link (replacing any older one) and shows it once.
pub(super) async fn issue_link(
    State(app): State<AppState>,
    Staff(access, _): Staff<may::LogSanction>,
    ctx: Ctx,
    headers: axum::http::HeaderMap,
    Form(form): Form<LinkForm>,
) -> WebResult<Response> {
    let no = form.player;
    let token = app
        .desk
        .issue_link(
            access.tournament.tournament_id,
            access.me.account_id,
            PlayerId(no),
        )
        .await?;
    let link = format!("{}/p/{token}", crate::web::urls::site_url(&headers));
    let shown = Shown {
        link,
        ..Shown::default()
    };
    list_page(&app, &ctx, access, String::new(), shown).await
}
