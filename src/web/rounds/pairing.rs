//! Pairing a round, changing it by hand, publishing, locking and unpairing it.

use crate::core::access::Action;
use crate::core::pairing::{self};
use crate::core::{PlayerId, RoundNo, Tournament};
use crate::store::rounds::{self as round_store};
use crate::web::AppState;
use crate::web::access::authorise;
use crate::web::auth::SignedIn;
use crate::web::change::{json, mutate_at, mutate_with_book};
use crate::web::error::{WebError, WebResult};
use crate::web::flash::Flash;
use crate::web::page::{ConfirmPage, Ctx, Layout, render};
use crate::web::urls;
use axum::Form;
use axum::extract::{Path, State};
use axum::response::{Html, Redirect};

/// Pairs the first round without games. Pairing a large field takes CPU
/// time, so it runs off the async threads.
pub(super) async fn pair_next_round(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
) -> WebResult<(Flash, Redirect)> {
    let access = authorise(&app, &short, me, Action::EditPairings).await?;
    // Pairing reads results as they stand after sanctions and appeal
    // decisions; the new games go into the tournament as entered.
    let view = crate::web::view::view(&app, access.tournament.tournament_id).await?;
    let snapshot = view.effective.tournament;
    let rounds = snapshot.settings().number_of_rounds;
    let round = snapshot.next_round().ok_or(WebError::Domain(
        crate::core::TournamentError::RoundOutOfRange {
            round: RoundNo::from_index(rounds as usize),
            rounds,
        },
    ))?;
    let paired = tokio::task::spawn_blocking(move || pairing::pair_round(&snapshot, round))
        .await
        .map_err(anyhow::Error::from)??;
    // Someone changed the tournament while we paired: refused as stale, pair again.
    mutate_at(&app, &access, Some(view.version), "round.pair", |t| {
        if round == RoundNo::FIRST && pairing::numbers::pairs_on_numbers(t.settings().system) {
            pairing::numbers::fix(t);
        }
        t.record_pairing(round, paired.games, paired.bye)?;
        let after = json(
            &t.games()
                .iter()
                .filter(|g| g.round == round)
                .collect::<Vec<_>>(),
        )?;
        Ok(((), None, Some(after)))
    })
    .await?;
    Ok((
        Flash::new("notice.round_paired").arg("round", round.get()),
        Redirect::to(&urls::round(&access.tournament.short_name, round.get())),
    ))
}

/// What an organiser can set on a paired round.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Mark {
    /// Players may see it.
    Published,
    /// Its results change only by correction or appeal.
    Locked,
}

pub(super) async fn publish_round(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path((short, n)): Path<(String, u32)>,
) -> WebResult<(Flash, Redirect)> {
    mark_round(&app, me, &short, n, Mark::Published).await
}

pub(super) async fn lock_round(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path((short, n)): Path<(String, u32)>,
) -> WebResult<(Flash, Redirect)> {
    mark_round(&app, me, &short, n, Mark::Locked).await
}

pub(super) async fn mark_round(
    app: &AppState,
    me: crate::store::accounts::Account,
    short: &str,
    n: u32,
    mark: Mark,
) -> WebResult<(Flash, Redirect)> {
    let access = authorise(app, short, me, Action::EditPairings).await?;
    let id = access.tournament.tournament_id;
    let state = crate::web::view::load(app, id).await?;
    let round = RoundNo::new(n)
        .filter(|r| state.is_paired(*r))
        .ok_or(WebError::NotFound)?;
    if mark == Mark::Locked {
        // Locking a round is the referee's confirmation of each of its
        // results; done first, so a retry after a failure completes it.
        let by = crate::web::acts::official(&access.me)?;
        mutate_with_book(
            app,
            &access,
            None,
            &format!("round.confirm:{n}"),
            |t, book| {
                let entries = book.confirm_round(t, round, crate::web::acts::now(), by)?;
                Ok(((), None, Some(json(&entries)?)))
            },
        )
        .await?;
    }
    let mut tx = app.store.begin().await?;
    let action = match mark {
        Mark::Published => {
            round_store::publish(&mut *tx, id, n as i32).await?;
            format!("round.publish:{n}")
        }
        Mark::Locked => {
            round_store::lock(&mut *tx, id, n as i32).await?;
            format!("round.lock:{n}")
        }
    };
    crate::store::audit::record(
        &mut *tx,
        Some(id),
        Some(access.me.account_id),
        &action,
        None,
        None,
    )
    .await?;
    tx.commit().await?;
    app.live.changed(id);
    let notice = match mark {
        Mark::Published => "notice.round_published",
        Mark::Locked => "notice.round_locked",
    };
    Ok((
        Flash::new(notice).arg("round", n),
        Redirect::to(&urls::round(&access.tournament.short_name, n)),
    ))
}

/// Asks before [`unpair_round`]: players may already have read the pairing.
pub(super) async fn confirm_unpair(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, n)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let access = authorise(&app, &short, me, Action::EditPairings).await?;
    let state = crate::web::view::load(&app, access.tournament.tournament_id).await?;
    let round = RoundNo::new(n)
        .filter(|r| state.is_paired(*r))
        .ok_or(WebError::NotFound)?;
    // Refused here as the step itself would be, rather than after the question.
    state.clone().unpair(round)?;
    crate::web::view::view(&app, access.tournament.tournament_id)
        .await?
        .book
        .check_round_free(round)?;
    render(&ConfirmPage {
        layout: Layout::new(&ctx, "round.unpair"),
        question: ctx
            .lang
            .tf("confirm.unpair_round", &[("round", n.to_string())]),
        consequence: ctx.lang.t("confirm.unpair_consequence"),
        action: format!("{}/unpair", urls::round(&short, n)),
        button: ctx.lang.t("round.unpair"),
        cancel: urls::round(&short, n),
    })
}

pub(super) async fn unpair_round(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path((short, n)): Path<(String, u32)>,
) -> WebResult<(Flash, Redirect)> {
    let access = authorise(&app, &short, me, Action::EditPairings).await?;
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    mutate_with_book(&app, &access, None, "round.unpair", |t, book| {
        book.release_round(round)?;
        let before = json(
            &t.games()
                .iter()
                .filter(|g| g.round == round)
                .collect::<Vec<_>>(),
        )?;
        t.unpair(round)?;
        Ok(((), Some(before), None))
    })
    .await?;
    round_store::clear(&app.store.pool, access.tournament.tournament_id, n as i32).await?;
    app.live.changed(access.tournament.tournament_id);
    Ok((
        Flash::new("notice.round_unpaired").arg("round", n),
        Redirect::to(&urls::rounds(&access.tournament.short_name)),
    ))
}

/// The round's pairing as recorded, and the tournament without it: what
/// manual edits work on.
pub(super) fn split_round(
    t: &Tournament,
    round: RoundNo,
) -> WebResult<(Tournament, pairing::RoundPairing)> {
    let mut games: Vec<_> = t
        .games()
        .iter()
        .filter(|g| g.round == round)
        .cloned()
        .collect();
    games.sort_by_key(|g| g.board);
    let bye = t.byes().iter().find(|b| b.round == round).map(|b| b.player);
    let mut before = t.clone();
    before.unpair(round)?;
    Ok((before, pairing::RoundPairing { games, bye }))
}

/// Problems of a round's pairing, as sentences for the organiser.
pub(super) fn check_lines(ctx: &Ctx, t: &Tournament, round: RoundNo) -> Vec<String> {
    let Ok((before, current)) = split_round(t, round) else {
        return Vec::new();
    };
    let check = pairing::manual::check(&before, round, &current);
    let name = |id: PlayerId| t.player(id).map(|p| p.full_name()).unwrap_or_default();
    let mut lines: Vec<String> = check
        .violations
        .iter()
        .map(|v| match v {
            pairing::manual::Violation::Twice(p) => {
                format!("{}: {}", ctx.lang.t("manual.twice"), name(*p))
            }
            pairing::manual::Violation::NotTakingPart(p) => {
                format!("{}: {}", ctx.lang.t("manual.not_taking_part"), name(*p))
            }
            pairing::manual::Violation::AvoidableRepeat(a, b) => {
                format!(
                    "{}: {} – {}",
                    ctx.lang.t("manual.avoidable_repeat"),
                    name(*a),
                    name(*b)
                )
            }
            pairing::manual::Violation::AvoidableSecondBye(p) => {
                format!("{}: {}", ctx.lang.t("manual.second_bye"), name(*p))
            }
        })
        .collect();
    if !check.unpaired.is_empty() {
        let names: Vec<String> = check.unpaired.iter().map(|p| name(*p)).collect();
        lines.push(format!(
            "{}: {}",
            ctx.lang.t("manual.unpaired"),
            names.join(", ")
        ));
    }
    lines
}

#[derive(serde::Deserialize)]
pub(super) struct EditForm {
    action: String,
    first: u32,
    #[serde(default)]
    second: Option<u32>,
}

/// A manual change to a paired round with no result yet. Hard constraints
/// are checked by the core; a change that breaks one is refused.
pub(super) async fn edit_pairing(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path((short, n)): Path<(String, u32)>,
    Form(form): Form<EditForm>,
) -> WebResult<(Flash, Redirect)> {
    use pairing::manual::{Edit, apply, check};
    let access = authorise(&app, &short, me, Action::EditPairings).await?;
    let round = RoundNo::new(n).ok_or(WebError::NotFound)?;
    let (a, b) = (PlayerId(form.first), form.second.map(PlayerId));
    let edit = match (form.action.as_str(), b) {
        ("pair", Some(b)) => Edit::Pair(a, b),
        ("swap", Some(b)) => Edit::Swap(a, b),
        ("unpair", _) => Edit::Unpair(a),
        ("bye", _) => Edit::Bye(a),
        ("colours", _) => Edit::Colours(a),
        _ => return Err(WebError::Invalid(form.action)),
    };
    let action = format!("round.edit:{n}");
    mutate_with_book(&app, &access, None, &action, |t, book| {
        book.check_round_free(round)?;
        let (before, current) = split_round(t, round)?;
        let edited =
            apply(&before, round, &current, edit).map_err(|e| WebError::Invalid(e.to_string()))?;
        let checked = check(&before, round, &edited);
        if let Some(v) = checked.violations.first() {
            return Err(WebError::Invalid(format!("{v:?}")));
        }
        let old = json(&current.games)?;
        let new = json(&edited.games)?;
        let mut next = before;
        next.record_pairing(round, edited.games, edited.bye)?;
        *t = next;
        Ok(((), Some(old), Some(new)))
    })
    .await?;
    Ok((
        Flash::new("notice.pairing_edited").arg("round", n),
        Redirect::to(&urls::round(&access.tournament.short_name, n)),
    ))
}
