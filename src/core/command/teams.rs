//! Teams of a team event: registered, changed or deleted by the organiser,
//! and each round's line-up, from the organiser or the team's captain.

use crate::core::audit::Event;
use std::collections::HashMap;

use super::{Actor, Context, Done, FieldProblem, Outcome, Refusal, State, json};
use crate::core::access::Action;
use crate::core::discipline::Act;
use crate::core::teams::lineup::{Timeliness, check_line_up, lateness};
use crate::core::teams::roster::{recorded, roster, with_line_up};
use crate::core::teams::{LineUp, LineUpProblem};
use crate::core::tournament::{LineUpFiled, Team, Tournament};
use crate::core::{GameResult, PlayerId, RoundNo};

/// A team as the organiser's form gives it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamDraft {
    pub name: String,
    /// Every member, reserves included, in the order they are listed.
    pub members: Vec<PlayerId>,
    pub reserves: Vec<PlayerId>,
    pub captain: Option<PlayerId>,
}

/// The draft's problems as a team numbered `number` (a new one has a
/// number no team has).
fn check_draft(t: &Tournament, number: u32, draft: &TeamDraft) -> Result<(), Refusal> {
    let mut problems = Vec::new();
    let name = super::text::name(&draft.name);
    let name = name.as_str();
    if name.is_empty() {
        problems.push(FieldProblem::new("name", "form.required"));
    } else if t
        .teams()
        .iter()
        .any(|other| other.number != number && other.name.trim().eq_ignore_ascii_case(name))
    {
        problems.push(FieldProblem::new("name", "teams.name_taken").arg("team", name));
    }
    let boards = t.settings().teams.team_size as usize;
    if draft.members.len() < boards {
        problems.push(FieldProblem::new("members", "teams.too_few_members").arg("boards", boards));
    }
    for (i, &member) in draft.members.iter().enumerate() {
        let player = t.player(member).ok_or(Refusal::NotFound)?;
        if draft.members[..i].contains(&member) {
            problems.push(
                FieldProblem::new("members", "teams.member_twice")
                    .arg("player", player.full_name()),
            );
        }
        if let Some(other) = t.team_of(member).filter(|other| other.number != number) {
            problems.push(
                FieldProblem::new("members", "teams.member_elsewhere")
                    .arg("player", player.full_name())
                    .arg("team", &other.name),
            );
        }
    }
    if draft.reserves.iter().any(|r| !draft.members.contains(r)) {
        problems.push(FieldProblem::new("reserves", "teams.reserve_not_member"));
    }
    if draft.captain.is_some_and(|c| !draft.members.contains(&c)) {
        problems.push(FieldProblem::new("captain", "teams.captain_not_member"));
    }
    if let Some(team) = t.team(number) {
        for seat in team.boards.iter().filter(|b| t.is_paired(b.round)) {
            if !draft.members.contains(&seat.player) {
                problems.push(
                    FieldProblem::new("members", "teams.member_has_played")
                        .arg("player", name_of(t, seat.player))
                        .arg("round", seat.round),
                );
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Refusal::Fields(problems))
    }
}

fn name_of(t: &Tournament, player: PlayerId) -> String {
    t.player(player)
        .map(|p| p.full_name())
        .unwrap_or_else(|| player.to_string())
}

fn drafted(number: u32, draft: TeamDraft, old: Option<&Team>) -> Team {
    let mut team = old.cloned().unwrap_or_default();
    team.number = number;
    team.name = super::text::name(&draft.name);
    team.members = draft.members;
    team.reserves = draft.reserves;
    team.captain = draft.captain;
    team
}

fn done(team: &Team) -> Done {
    Done::Team {
        number: team.number,
        name: team.name.clone(),
    }
}

pub(super) fn register(state: &mut State, draft: TeamDraft) -> Result<Outcome, Refusal> {
    let number = state
        .doc
        .teams()
        .iter()
        .map(|t| t.number)
        .max()
        .unwrap_or(0)
        + 1;
    check_draft(&state.doc, number, &draft)?;
    let team = drafted(number, draft, None);
    state.doc.replace_team(team.clone())?;
    Ok(Outcome {
        event: Event::AddTeam,
        before: None,
        after: json(&team),
        done: done(&team),
    })
}

pub(super) fn edit(state: &mut State, number: u32, draft: TeamDraft) -> Result<Outcome, Refusal> {
    let old = state.doc.team(number).ok_or(Refusal::NotFound)?.clone();
    check_draft(&state.doc, number, &draft)?;
    let team = drafted(number, draft, Some(&old));
    state.doc.replace_team(team.clone())?;
    Ok(Outcome {
        event: Event::EditTeam,
        before: json(&old),
        after: json(&team),
        done: done(&team),
    })
}

pub(super) fn delete(state: &mut State, number: u32) -> Result<Outcome, Refusal> {
    let team = state.doc.team(number).ok_or(Refusal::NotFound)?;
    if let Some(seat) = team.boards.iter().find(|b| state.doc.is_paired(b.round)) {
        return Err(refused(
            "team",
            "teams.has_played",
            ("round", seat.round.to_string()),
        ));
    }
    let team = state.doc.remove_team(number).ok_or(Refusal::NotFound)?;
    Ok(Outcome {
        event: Event::DeleteTeam,
        before: json(&team),
        after: None,
        done: done(&team),
    })
}

/// The problem as a form shows it: the key names the rule, the arguments
/// the boards, the players and the article.
fn line_up_problem(t: &Tournament, p: &LineUpProblem) -> FieldProblem {
    use LineUpProblem::*;
    let problem = |key| FieldProblem::new("boards", key).arg("article", p.article());
    match *p {
        NotInTeam { board, player } => problem("lineup.not_in_team")
            .arg("board", board)
            .arg("player", name_of(t, player)),
        SamePlayerTwice {
            player,
            first,
            again,
        } => problem("lineup.twice")
            .arg("player", name_of(t, player))
            .arg("first", first)
            .arg("again", again),
        TooManyReserves { fielded, allowed } => problem("lineup.too_many_reserves")
            .arg("fielded", fielded)
            .arg("allowed", allowed),
        WeakerAboveStronger {
            board,
            weaker,
            stronger,
        } => problem("lineup.weaker_above")
            .arg("board", board)
            .arg("weaker", name_of(t, weaker))
            .arg("stronger", name_of(t, stronger)),
        WrongBoardCount { given, expected } => problem("lineup.board_count")
            .arg("given", given)
            .arg("expected", expected),
        EmptyBoard { board } => problem("lineup.empty_board").arg("board", board),
        TooFewPresent { present, boards } => problem("lineup.too_few")
            .arg("present", present)
            .arg("boards", boards),
    }
}

/// One field's refusal with its arguments.
fn refused(field: &'static str, key: &'static str, arg: (&'static str, String)) -> Refusal {
    Refusal::Fields(vec![FieldProblem::new(field, key).arg(arg.0, arg.1)])
}

/// Whether `actor` may submit `team`'s line-up: the staff who manage
/// players, or the team's captain through their link.
fn may_submit(actor: &Actor, team: &Team) -> bool {
    match actor {
        Actor::Player(p) => team.captain == Some(*p),
        staff => staff.may(Action::ManagePlayers),
    }
}

pub(super) fn submit_line_up(
    state: &mut State,
    number: u32,
    round: RoundNo,
    boards: Vec<Option<PlayerId>>,
    cx: &Context,
) -> Result<Outcome, Refusal> {
    let team = state.doc.team(number).ok_or(Refusal::NotFound)?.clone();
    if !may_submit(&cx.actor, &team) {
        return Err(Refusal::Forbidden);
    }
    let rounds = state.doc.settings().number_of_rounds;
    if round.get() > rounds {
        return Err(crate::core::TournamentError::RoundOutOfRange { round, rounds }.into());
    }
    if state.is_locked(round) {
        return Err(refused(
            "boards",
            "lineup.round_locked",
            ("round", round.to_string()),
        ));
    }
    // Scheveningen boards stay as round 1 set them: the schedule says who
    // meets whom by board (Ukrainian rules II.7, Annex 2).
    if state.doc.settings().teams.scheveningen && round > RoundNo::FIRST {
        return Err(refused(
            "boards",
            "lineup.scheveningen_fixed",
            ("round", round.to_string()),
        ));
    }
    let rules = state
        .doc
        .settings()
        .teams
        .line_up_rules()
        .ok_or(Refusal::field("boards", "lineup.bad_team_size"))?;
    let line_up = LineUp { boards };
    if let Err(problems) = check_line_up(&roster(&state.doc, &team), &rules, &line_up) {
        return Err(Refusal::Fields(
            problems
                .iter()
                .map(|p| line_up_problem(&state.doc, p))
                .collect(),
        ));
    }
    if state.doc.is_paired(round) {
        reseat(&mut state.doc, &team, round, &line_up)?;
    }
    // RFG App. 4 §1.2: the deadline counts from the round's start: the
    // official one where the programme fixes it, else the referee's press.
    let official = (state.rounds.get(&round.get()))
        .and_then(|mark| mark.start)
        .and_then(|start| start.unix_seconds(&state.header.time_zone));
    let pressed = state.book.log.entries().iter().find_map(|e| match e.act {
        Act::StartRound {
            round: r,
            board: None,
        } if r == round => Some(e.at.unix_seconds()),
        _ => None,
    });
    let late_minutes = official.or(pressed).and_then(|start| {
        let minutes = |seconds: i64| seconds.div_euclid(60);
        let filed = minutes(cx.at.unix_seconds());
        match lateness(filed, minutes(start), rules.deadline_minutes) {
            Timeliness::OnTime => None,
            Timeliness::Late { minutes } => Some(minutes),
        }
    });
    let before = recorded(&team, round);
    let mut changed = with_line_up(&team, round, &line_up);
    changed.filed.retain(|f| f.round != round);
    changed.filed.push(LineUpFiled {
        round,
        at: cx.at,
        by_captain: matches!(cx.actor, Actor::Player(_)),
        late_minutes,
    });
    state.doc.replace_team(changed.clone())?;
    let named = |line_up: Option<&LineUp>| {
        line_up.and_then(|l| json(&serde_json::json!({ "team": changed.name, "boards": l.boards })))
    };
    Ok(Outcome {
        event: Event::LineUp(round),
        before: named(before.as_ref()),
        after: named(Some(&line_up)),
        done: done(&changed),
    })
}

/// A line-up changed after its round was paired: the new members take the
/// boards of the old, while none of the team's games has a result.
fn reseat(t: &mut Tournament, team: &Team, round: RoundNo, new: &LineUp) -> Result<(), Refusal> {
    let Some(old) = recorded(team, round) else {
        return Ok(());
    };
    let mut to = HashMap::new();
    for (board, (was, is)) in old.boards.iter().zip(&new.boards).enumerate() {
        let (Some(was), Some(is)) = (was, is) else {
            continue;
        };
        if let Some(game) = t
            .games()
            .iter()
            .find(|g| g.round == round && g.colour_of(*was).is_some())
        {
            // The handicap was set for the players paired; the new member
            // may need another, so the round is paired again instead.
            if game.handicap > 0 {
                return Err(refused(
                    "boards",
                    "lineup.handicap_reseat",
                    ("round", round.to_string()),
                ));
            }
            if game.result != GameResult::Unknown {
                return Err(refused(
                    "boards",
                    "lineup.board_has_result",
                    ("board", (board + 1).to_string()),
                ));
            }
            to.insert(*was, *is);
        }
    }
    t.reseat(round, &to)?;
    Ok(())
}
