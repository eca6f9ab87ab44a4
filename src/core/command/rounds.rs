//! A round's life: paired (by the engine or by hand), published, locked,
//! or undone while no result is in.

use super::{Context, Done, FieldProblem, Outcome, Refusal, State, json, players, round_json};
use crate::core::advice::{Weight, advice};
use crate::core::audit::Event;
use crate::core::pairing::RoundPairing;
use crate::core::pairing::manual::{self, Edit};
use crate::core::teams::roster;
use crate::core::{Game, PlayerId, RoundNo, Tournament, TournamentError};

/// The next round to pair, or a refusal when every round is.
pub fn next_round(t: &Tournament) -> Result<RoundNo, Refusal> {
    let rounds = t.settings().number_of_rounds;
    t.next_round()
        .ok_or(Refusal::Tournament(TournamentError::RoundOutOfRange {
            round: RoundNo::from_index(rounds as usize),
            rounds,
        }))
}

pub(super) fn pair(
    state: &mut State,
    round: RoundNo,
    games: Vec<Game>,
    bye: Option<PlayerId>,
) -> Result<Outcome, Refusal> {
    // The engine paired the first round without games: any other round
    // means the tournament changed while it worked.
    if next_round(&state.doc)? != round {
        return Err(Refusal::Stale(super::Staleness {
            changed: Some(super::Scope::Round(round)),
            ..Default::default()
        }));
    }
    if round == RoundNo::FIRST {
        let missing: Vec<FieldProblem> = advice(&state.doc, &state.book)
            .into_iter()
            .filter(|a| a.weight == Weight::BeforeRoundOne)
            .map(|a| FieldProblem {
                field: "round",
                key: a.key,
                args: a.args,
                count: None,
            })
            .collect();
        if !missing.is_empty() {
            return Err(Refusal::Fields(missing));
        }
    }
    players::fix_numbers(state, round);
    record_line_ups(&mut state.doc, round)?;
    state.doc.record_pairing(round, games, bye)?;
    Ok(Outcome {
        event: Event::PairRound,
        before: None,
        after: round_json(&state.doc, round),
        done: Done::Round(round),
    })
}

/// A team event's round is paired on the line-up each team plays it with
/// (`teams::pairing`); a team that submitted none keeps, from now on, the
/// one it was paired on, which the team standings then read.
fn record_line_ups(t: &mut Tournament, round: RoundNo) -> Result<(), Refusal> {
    if !t.settings().teams.pair_by_teams {
        return Ok(());
    }
    let boards = t.settings().teams.team_size as usize;
    let missing: Vec<_> = t
        .teams()
        .iter()
        .filter(|team| roster::recorded(team, round).is_none())
        .map(|team| roster::with_line_up(team, round, &roster::playing(t, team, round, boards)))
        .collect();
    for team in missing {
        t.replace_team(team)?;
    }
    Ok(())
}

/// The round's pairing as recorded, and the tournament without it: what
/// manual edits work on.
pub fn split_round(t: &Tournament, round: RoundNo) -> Result<(Tournament, RoundPairing), Refusal> {
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
    Ok((before, RoundPairing { games, bye }))
}

/// A manual change to a paired round with no result yet: a change that
/// breaks a hard constraint is refused (see [`manual::check`]).
pub(super) fn adjust(state: &mut State, round: RoundNo, edit: Edit) -> Result<Outcome, Refusal> {
    if !state.doc.is_paired(round) {
        return Err(Refusal::NotPaired(round));
    }
    state.book.check_round_free(round)?;
    let (before, current) = split_round(&state.doc, round)?;
    let edited = manual::apply(&before, round, &current, edit)
        .map_err(|e| Refusal::PairingEdit(e.to_string()))?;
    // Who takes part is the tournament as the referees' log leaves it: a
    // withdrawn or removed player is not paired by hand either (RFG 21.2;
    // GTR "Sanctions").
    // A player removed after the pairing keeps the game the log forfeits:
    // only a new place in the round is refused.
    let (in_effect, _) = split_round(&state.effective()?.tournament, round)?;
    let checked = manual::check(&in_effect, round, &edited);
    let kept = |p: PlayerId| place(&current, p) == place(&edited, p);
    if let Some(v) = checked
        .violations
        .iter()
        .find(|v| !matches!(v, manual::Violation::NotTakingPart(p) if kept(*p)))
    {
        return Err(Refusal::PairingEdit(v.to_string()));
    }
    let (old, new) = (json(&current.games), json(&edited.games));
    let mut next = before;
    next.record_pairing(round, edited.games, edited.bye)?;
    state.doc = next;
    Ok(Outcome {
        event: Event::EditPairing(round),
        before: old,
        after: new,
        done: Done::Round(round),
    })
}

/// Where a player is in a round's pairing: `Some(Some(opponent))`,
/// `Some(None)` for the bye, `None` when not paired.
fn place(pairing: &RoundPairing, p: PlayerId) -> Option<Option<PlayerId>> {
    if pairing.bye == Some(p) {
        return Some(None);
    }
    pairing.games.iter().find_map(|g| match (g.white, g.black) {
        (w, b) if w == p => Some(Some(b)),
        (w, b) if b == p => Some(Some(w)),
        _ => None,
    })
}

fn paired(state: &State, round: RoundNo) -> Result<(), Refusal> {
    if state.doc.is_paired(round) {
        Ok(())
    } else {
        Err(Refusal::NotPaired(round))
    }
}

pub(super) fn publish(state: &mut State, round: RoundNo, cx: &Context) -> Result<Outcome, Refusal> {
    paired(state, round)?;
    let mark = state.rounds.entry(round.get()).or_default();
    mark.published.get_or_insert(cx.at);
    Ok(Outcome {
        event: Event::PublishRound(round),
        before: None,
        after: None,
        done: Done::Round(round),
    })
}

/// Locking a round is the referee's confirmation of each of its results
/// (RFG 16.8 з): every result in is confirmed in the log, then the round
/// takes only corrections and appeal decisions.
pub(super) fn lock(state: &mut State, round: RoundNo, cx: &Context) -> Result<Outcome, Refusal> {
    paired(state, round)?;
    let by = cx.actor.official()?;
    let entries = state.book.confirm_round(&state.doc, round, cx.at, by)?;
    let mark = state.rounds.entry(round.get()).or_default();
    mark.locked.get_or_insert(cx.at);
    Ok(Outcome {
        event: Event::LockRound(round),
        before: None,
        after: json(&entries),
        done: Done::Round(round),
    })
}

pub(super) fn unpair(state: &mut State, round: RoundNo) -> Result<Outcome, Refusal> {
    paired(state, round)?;
    state.book.release_round(round)?;
    let before = round_json(&state.doc, round);
    state.doc.unpair(round)?;
    state.clear_mark(round);
    Ok(Outcome {
        event: Event::UnpairRound,
        before,
        after: None,
        done: Done::Round(round),
    })
}

/// A round's official start, from which its assembly follows (RFG 16.6.1);
/// any round of the tournament, paired or not.
pub(super) fn schedule(
    state: &mut State,
    round: RoundNo,
    start: Option<crate::core::schedule::Start>,
) -> Result<Outcome, Refusal> {
    let rounds = state.doc.settings().number_of_rounds;
    if round.get() > rounds {
        return Err(TournamentError::RoundOutOfRange { round, rounds }.into());
    }
    let before = state.mark(round).start;
    if before == start {
        return Ok(Outcome {
            event: Event::ScheduleRound(round),
            before: None,
            after: None,
            done: Done::Nothing,
        });
    }
    state.rounds.entry(round.get()).or_default().start = start;
    Ok(Outcome {
        event: Event::ScheduleRound(round),
        before: json(&before),
        after: json(&start),
        done: Done::Round(round),
    })
}
