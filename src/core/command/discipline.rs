//! Referees' acts and appeals as commands: the rules themselves live in
//! `core::discipline`; here each action gets its permission, its audit
//! entry and, where results change, the results before and after.

use super::{Actor, Command, Context, Done, Outcome, Refusal, State, json};
use crate::core::access::Action;
use crate::core::audit::{ActKind, Event};
use crate::core::discipline::{
    Act, AppealId, Appealed, Book, Decision, DisciplineError, Filing, GameRef, Member, Party,
    SanctionKind, Subject, may_forfeit, result_changes,
};
use crate::core::{GameResult, PlayerId, Tournament};

/// Whether the command gives a result to a game whose count was referred
/// to the chief referee (WMSG 2008 Appendix 1, Proc. 10), by a correction
/// or on the results page: that is the chief referee's alone.
pub(super) fn settles_a_disputed_count(state: &State, command: &Command) -> bool {
    let disputed = |game: GameRef| state.book.log.count_in_dispute(game);
    match command {
        Command::LogAct {
            act: Act::Correction { game, .. },
            ..
        } => disputed(*game),
        Command::EnterResults { round, entries, .. } => entries.iter().any(|e| {
            let game = GameRef {
                round: *round,
                board: e.board,
            };
            let now = state.doc.game_on(*round, e.board).map(|g| g.result);
            disputed(game) && now != Some(e.result)
        }),
        _ => false,
    }
}

/// Runs a change of the book and returns the results it changed, before
/// and after, as the audit log shows them.
fn with_results<T>(
    state: &mut State,
    change: impl FnOnce(&Tournament, &mut Book) -> Result<T, Refusal>,
) -> Result<(T, serde_json::Value, serde_json::Value), Refusal> {
    let before = state.book.effective(&state.doc)?.tournament;
    let value = change(&state.doc, &mut state.book)?;
    let after = state.book.effective(&state.doc)?.tournament;
    let changes = result_changes(&before, &after);
    let was: Vec<_> = changes.iter().map(|c| (c.game, c.before)).collect();
    let is: Vec<_> = changes.iter().map(|c| (c.game, c.after)).collect();
    Ok((
        value,
        serde_json::to_value(&was).unwrap_or_default(),
        serde_json::to_value(&is).unwrap_or_default(),
    ))
}

/// The game a forfeit or an absence would decide, when it already has a
/// result: the referee is asked before replacing it.
fn decides_anew(state: &State, act: &Act) -> Result<Option<GameRef>, Refusal> {
    let game = match act {
        Act::Absence { game, .. } => *game,
        Act::Sanction(s) => match s.kind {
            SanctionKind::GameForfeit { game, .. } => game,
            _ => return Ok(None),
        },
        _ => return Ok(None),
    };
    let now = state.effective()?.tournament;
    let decided = now
        .game_on(game.round, game.board)
        .is_some_and(|g| g.result != GameResult::Unknown);
    Ok(decided.then_some(game))
}

pub(super) fn log_act(
    state: &mut State,
    act: Act,
    replace: bool,
    cx: &Context,
) -> Result<Outcome, Refusal> {
    // A decision enters the log only from its appeal, decided by the panel
    // (RFG 26.5, EGF GTR "Appeals"): a referee cannot write one of their own.
    // A cancellation takes the round's games with it: only its own
    // command, the chief referee's, records one.
    if matches!(act, Act::Decision { .. } | Act::RoundCancelled { .. }) {
        return Err(Refusal::Forbidden);
    }
    let by = cx.actor.official()?;
    if let Act::Absence { game, .. } = &act {
        game.game(&state.doc)?;
        let book = &state.book;
        may_forfeit(
            &book.settings.forfeit_time,
            &book.log,
            &state.schedule(),
            *game,
            cx.at,
        )?;
    }
    let event = Event::Act(ActKind::of(&act));
    let asks = if replace {
        None
    } else {
        decides_anew(state, &act)?
    };
    let annuls = match &act {
        Act::Annulment { entry, .. } => Some(*entry),
        _ => None,
    };
    let played = match act {
        Act::PlayedAs {
            game,
            restart: false,
            colours_swapped,
            handicap,
        } => Some((game, colours_swapped, handicap)),
        _ => None,
    };
    let (entry, was, is) = with_results(state, |t, book| {
        Ok(book.record(t, cx.at, by.clone(), act)?)
    })?;
    // Asked after the act's own checks, so a board that was played is
    // refused as such rather than asked about.
    if let Some(game) = asks {
        let now = state.effective()?.tournament;
        let g = game.game(&now)?;
        return Err(DisciplineError::AlreadyDecided {
            round: game.round,
            board: game.board,
            becomes: (g.result, g.origin),
        }
        .into());
    }
    // A slip is put right by its author, or by the chief referee, who keeps
    // each round's record (RFG 26.2.1 с); overturning a decision is an appeal's.
    if let Some(target) = annuls.and_then(|id| state.book.log.entry(id))
        && target.by != by
        && !cx
            .actor
            .may_under(Action::AnnulAnyAct, state.book.settings.ruleset)
    {
        return Err(DisciplineError::NotTheAuthor {
            entry: target.id,
            author: target.by.as_str().to_string(),
        }
        .into());
    }
    if let Some((game, swapped, handicap)) = played {
        state
            .doc
            .record_played(game.round, game.board, swapped, handicap)?;
    }
    Ok(Outcome {
        event,
        before: Some(was),
        after: Some(serde_json::json!({ "entry": entry, "results": is })),
        done: Done::Entry(Box::new(entry)),
    })
}

/// A withdrawal is an act in the discipline log, dated, so its effect on
/// earlier and remaining games follows the tournament's rule text; it
/// counts from the next round to pair.
pub(super) fn withdraw(
    state: &mut State,
    player: PlayerId,
    cx: &Context,
) -> Result<Outcome, Refusal> {
    let by = cx.actor.official()?;
    let name = state
        .doc
        .player(player)
        .ok_or(Refusal::NotFound)?
        .full_name();
    let from_round = super::next_round(&state.doc)?;
    let act = Act::Withdrawal {
        player,
        from_round,
        note: String::new(),
    };
    let entry = state.book.record(&state.doc, cx.at, by, act)?;
    Ok(Outcome {
        event: Event::WithdrawPlayer,
        before: None,
        after: json(&entry),
        done: Done::Player { id: player, name },
    })
}

/// A change of the appeals alone, logged as the appeals before and after.
fn appeals_step(
    state: &mut State,
    event: Event,
    done: Done,
    change: impl FnOnce(&Tournament, &mut Book) -> Result<(), Refusal>,
) -> Result<Outcome, Refusal> {
    let before = json(&state.book.appeals);
    change(&state.doc, &mut state.book)?;
    Ok(Outcome {
        event,
        before,
        after: json(&state.book.appeals),
        done,
    })
}

pub(super) fn fix_committee(
    state: &mut State,
    members: Vec<Member>,
    reserves: Vec<Member>,
) -> Result<Outcome, Refusal> {
    appeals_step(state, Event::FixCommittee, Done::Settings, |t, book| {
        Ok(book.fix_committee(members, reserves, t)?)
    })
}

pub(super) fn co_opt(state: &mut State, members: Vec<Member>) -> Result<Outcome, Refusal> {
    appeals_step(state, Event::CoOpt, Done::Settings, |t, book| {
        for member in members {
            book.co_opt(member, t)?;
        }
        Ok(())
    })
}

/// A referee files for a player or a team; a player files through their
/// own link, signed by them, for themselves or the team they captain (the
/// book checks the captain: RFG App. 4 §1.7).
pub(super) fn file(state: &mut State, filing: Filing, cx: &Context) -> Result<Outcome, Refusal> {
    let event = match &cx.actor {
        Actor::Player(p)
            if filing.signatory == Some(*p)
                && (filing.appellant == Party::Player(*p)
                    || matches!(filing.appellant, Party::Captain { .. }))
                && appellants_own(state, &filing) =>
        {
            Event::FileOwnAppeal
        }
        Actor::Staff { .. } if cx.actor.may(Action::LogSanction) => Event::FileAppeal,
        _ => return Err(Refusal::Forbidden),
    };
    let before = json(&state.book.appeals);
    let id = state.book.file(filing, &state.doc)?;
    let after = if event == Event::FileOwnAppeal {
        json(&state.book.appeal(id))
    } else {
        json(&state.book.appeals)
    };
    Ok(Outcome {
        before: (event == Event::FileAppeal).then_some(before).flatten(),
        event,
        after,
        done: Done::Appeal(id),
    })
}

/// What a player's private link may appeal: a game the appellant played
/// (for a captain, one of the team's members), an act on such a game or
/// naming such a player, or a round's pairing. Another board is not theirs
/// to appeal: a link acts only for its own player.
fn appellants_own(state: &State, filing: &Filing) -> bool {
    let ours: Vec<PlayerId> = match filing.appellant {
        Party::Player(p) => vec![p],
        Party::Captain { team } => state
            .doc
            .teams()
            .iter()
            .find(|t| t.number == team)
            .map(Tournament::members_of)
            .unwrap_or_default(),
    };
    let played = |g: GameRef| {
        state
            .doc
            .game_on(g.round, g.board)
            .is_some_and(|game| ours.iter().any(|p| game.colour_of(*p).is_some()))
    };
    match filing.appealed {
        Appealed::Pairing(_) => true,
        Appealed::Result(game) => played(game),
        // An entry the log lacks is the book's to refuse, with its reason.
        Appealed::Entry(id) => {
            state
                .book
                .log
                .entry(id)
                .is_none_or(|e| match state.book.log.game_of(e) {
                    Some(game) => played(game),
                    None => named(&e.act).is_some_and(|p| ours.contains(&p)),
                })
        }
    }
}

/// The player an act on no one game names: a removal, a ban, a remark.
fn named(act: &Act) -> Option<PlayerId> {
    match act {
        Act::Withdrawal { player, .. } => Some(*player),
        Act::Sanction(s) => match &s.kind {
            SanctionKind::RemovalFromRound { player, .. }
            | SanctionKind::RemovalFromTournament { player, .. }
            | SanctionKind::SupergroupBan { player, .. }
            | SanctionKind::RatingReduction { player, .. }
            | SanctionKind::PenaltyPoints { player, .. } => Some(*player),
            SanctionKind::Remark {
                subject: Subject::Player(p),
                ..
            } => Some(*p),
            _ => None,
        },
        _ => None,
    }
}

pub(super) fn take_up(state: &mut State, id: AppealId, cx: &Context) -> Result<Outcome, Refusal> {
    appeals_step(state, Event::ReviewAppeal, Done::Appeal(id), |t, book| {
        Ok(book.begin_review(id, t, cx.at)?)
    })
}

pub(super) fn escalate(state: &mut State, id: AppealId, cx: &Context) -> Result<Outcome, Refusal> {
    appeals_step(state, Event::EscalateAppeal, Done::Appeal(id), |_, book| {
        Ok(book.escalate(id, cx.at)?)
    })
}

/// The committee's decision (`federation` false) or the rules commission's
/// ruling: the results it changes are logged before and after.
fn settle(
    state: &mut State,
    id: AppealId,
    decision: Decision,
    cx: &Context,
    federation: bool,
) -> Result<Outcome, Refusal> {
    let by = cx.actor.official()?;
    let (entry, was, is) = with_results(state, |t, book| {
        Ok(if federation {
            book.rule(id, decision, t, by)?
        } else {
            book.decide(id, decision, t, by)?
        })
    })?;
    let appeal = state.book.appeal(id).cloned();
    Ok(Outcome {
        event: if federation {
            Event::RuleOnAppeal
        } else {
            Event::DecideAppeal
        },
        before: Some(serde_json::json!({ "results": was })),
        after: Some(serde_json::json!({ "results": is, "entry": entry, "appeal": appeal })),
        done: Done::Appeal(id),
    })
}

pub(super) fn decide(
    state: &mut State,
    id: AppealId,
    decision: Decision,
    cx: &Context,
) -> Result<Outcome, Refusal> {
    settle(state, id, decision, cx, false)
}

pub(super) fn rule(
    state: &mut State,
    id: AppealId,
    ruling: Decision,
    cx: &Context,
) -> Result<Outcome, Refusal> {
    settle(state, id, ruling, cx, true)
}
