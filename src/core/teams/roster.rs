//! A team of the tournament as the line-up rules read it, and the line-up a
//! round is played with.
//!
//! RFG App. 4 §1.2: a team that brings no valid line-up plays with its
//! round-1 board allocation. Before round 1 has one, a team plays its
//! members who are not reserves, strongest first: what the fixed board
//! order asks, and what a captain who said nothing would most likely mean.

use super::lineup::{LineUp, Member, TeamRoster, effective_line_up};
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::rank::Rank;
use crate::core::rating::Rating;
use crate::core::tournament::{Team, TeamBoard, Tournament};

/// The team's roster: its members with their strength, captain and reserves.
/// A team with no captain named has none who may submit through a link.
pub fn roster(t: &Tournament, team: &Team) -> TeamRoster {
    let members = Tournament::members_of(team)
        .into_iter()
        .filter_map(|id| t.player(id))
        .map(|p| Member {
            player: p.id,
            rank: p.rank,
            rating: p.rating,
        })
        .collect();
    TeamRoster {
        number: team.number,
        name: team.name.clone(),
        members,
        captain: team.captain.unwrap_or(PlayerId(0)),
        reserves: team.reserves.clone(),
    }
}

/// The line-up recorded for `round`, board 1 first; `None` when none is.
pub fn recorded(team: &Team, round: RoundNo) -> Option<LineUp> {
    let seats: Vec<&TeamBoard> = team.boards.iter().filter(|b| b.round == round).collect();
    let last = seats.iter().map(|b| b.board.get()).max()?;
    let boards = (1..=last)
        .map(|n| seats.iter().find(|b| b.board.get() == n).map(|b| b.player))
        .collect();
    Some(LineUp { boards })
}

/// The members who are not reserves, strongest first, on `boards` boards.
pub fn by_strength(t: &Tournament, team: &Team, boards: usize) -> LineUp {
    let roster = roster(t, team);
    let mut regulars: Vec<&Member> = roster
        .members
        .iter()
        .filter(|m| !roster.reserves.contains(&m.player))
        .collect();
    // Stable: members of equal strength keep their registration order.
    regulars.sort_by_key(|m| std::cmp::Reverse(m.strength()));
    let mut seats: Vec<Option<PlayerId>> = regulars.iter().map(|m| Some(m.player)).collect();
    seats.resize(boards, None);
    LineUp { boards: seats }
}

/// The line-up `team` plays `round` with: its own for the round, else its
/// round-1 line-up, else its regular members by strength.
pub fn playing(t: &Tournament, team: &Team, round: RoundNo, boards: usize) -> LineUp {
    let first_round = RoundNo::new(1).and_then(|r| recorded(team, r));
    let submitted = recorded(team, round);
    match effective_line_up(submitted.as_ref(), first_round.as_ref()) {
        Some(chosen) => chosen.line_up().clone(),
        None => by_strength(t, team, boards),
    }
}

/// The seats of `line_up` in `round`, as the team stores them.
pub fn seats(round: RoundNo, line_up: &LineUp) -> Vec<TeamBoard> {
    line_up
        .seats()
        .filter_map(|(board, player)| {
            Some(TeamBoard {
                round,
                board,
                player: player?,
            })
        })
        .collect()
}

/// `team` with `line_up` as its line-up of `round`, replacing any earlier one.
pub fn with_line_up(team: &Team, round: RoundNo, line_up: &LineUp) -> Team {
    let mut team = team.clone();
    team.boards.retain(|b| b.round != round);
    team.boards.extend(seats(round, line_up));
    team.boards.sort_by_key(|b| (b.round, b.board));
    team
}

/// The team's strength for pairing: the mean rank and mean rating of the
/// line-up it would play `round` with (reserves come in only through it).
pub fn strength(t: &Tournament, team: &Team, round: RoundNo, boards: usize) -> (Rank, Rating) {
    let seated: Vec<_> = playing(t, team, round, boards)
        .boards
        .into_iter()
        .flatten()
        .filter_map(|id| t.player(id))
        .collect();
    if seated.is_empty() {
        return (
            Rank::from_opengotha_value(Rank::OPENGOTHA_MIN),
            Rating::new(Rating::MIN),
        );
    }
    let n = seated.len() as i32;
    let rank: i32 = seated.iter().map(|p| p.rank.opengotha_value()).sum();
    let rating: i32 = seated.iter().map(|p| p.rating.gor()).sum();
    (
        Rank::from_opengotha_value(rank.div_euclid(n)),
        Rating::new(rating.div_euclid(n)),
    )
}
