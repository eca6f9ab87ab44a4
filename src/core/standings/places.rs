//! Ordering and places, as OpenGotha does it: sort on the criteria before
//! the first group-relative one (DC, SDC, head-to-head), compute those inside
//! each tie group, then sort on every criterion, and on name and first name.

use super::criteria::Values;
use super::scores::scores;
use crate::core::ids::PlayerId;
use crate::core::player::Player;
use crate::core::standings::Criterion;
use crate::core::tournament::Tournament;
use crate::core::units::Ratio;
use serde::Serialize;
use std::cmp::Ordering;
use std::collections::HashSet;

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Row {
    /// The player.
    pub player: PlayerId,
    /// Place from 1; players equal on every criterion share it (1, 1, 3).
    pub place: u32,
    /// The value of each criterion, in the order of [`Standings::criteria`].
    pub values: Vec<Ratio>,
    /// The player's category, from 0.
    pub category: usize,
    /// Place within the category, shared the same way.
    pub category_place: u32,
}

/// Players in placement order after a number of rounds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standings {
    /// Rounds counted.
    pub rounds: u32,
    /// The criteria, most important first.
    pub criteria: Vec<Criterion>,
    /// Rows, first place first.
    pub rows: Vec<Row>,
}

/// The standings after `rounds` rounds by `criteria`.
///
/// As OpenGotha, every registered player is ordered (so DC is computed over
/// the same tie groups), then players with no game and no bye in the whole
/// tournament are left out unless the display settings ask for them
/// (`displayNPPlayers`), and places are counted over those listed.
pub fn standings(tournament: &Tournament, rounds: u32, criteria: &[Criterion]) -> Standings {
    let show_all = tournament.settings().display.display_non_playing_players;
    // OpenGotha `isPlayerImplied`: a game or a bye in any round, even a later one.
    let taking_part: HashSet<PlayerId> = tournament
        .games()
        .iter()
        .flat_map(|g| [g.white, g.black])
        .chain(tournament.byes().iter().map(|b| b.player))
        .collect();
    let everyone: Vec<PlayerId> = tournament.players().iter().map(|p| p.id).collect();
    let (rounds, mut rows) = ordered(tournament, rounds, criteria, &everyone);
    rows.retain(|(i, _)| show_all || taking_part.contains(&tournament.players()[*i].id));
    let mut table = placed(tournament, rounds, criteria, rows);
    share_below(&mut table.rows, tournament.settings().tiebreak_places);
    table
}

/// Below the first `places` places, players equal on the first criterion
/// share the first place any of them holds there (RFG App. 9 §6.2: the
/// tiebreaks may count for the top group only); 0 leaves every place.
fn share_below(rows: &mut [Row], places: u32) {
    let Some(cut) = rows
        .iter()
        .position(|r| r.place > places)
        .filter(|_| places > 0)
    else {
        return;
    };
    let mut start = cut;
    for k in cut..rows.len() {
        if rows[k].values.first() != rows[start].values.first() {
            start = k;
        }
        rows[k].place = start as u32 + 1;
    }
}

/// `players` (unknown ids ignored) ordered after `rounds` rounds by `criteria`,
/// with places; DC, SDC and head-to-head are computed among them only.
///
/// Pairing uses this to order the players it pairs, who may not have played yet.
pub fn ranking(
    tournament: &Tournament,
    rounds: u32,
    criteria: &[Criterion],
    players: &[PlayerId],
) -> Standings {
    let (rounds, rows) = ordered(tournament, rounds, criteria, players);
    placed(tournament, rounds, criteria, rows)
}

/// Player indices with their criterion values, best first, and the rounds counted.
fn ordered(
    tournament: &Tournament,
    rounds: u32,
    criteria: &[Criterion],
    players: &[PlayerId],
) -> (u32, Vec<(usize, Vec<Ratio>)>) {
    let sheet = scores(tournament, rounds);
    let values = Values::new(&sheet);
    let everyone = tournament.players();
    let mut rows: Vec<(usize, Vec<Ratio>)> = players
        .iter()
        .filter_map(|&id| sheet.slot(id))
        .map(|i| (i, criteria.iter().map(|&c| values.value(i, c)).collect()))
        .collect();
    let first_relative = criteria
        .iter()
        .position(|c| c.is_group_relative())
        .unwrap_or(criteria.len());
    if first_relative < criteria.len() {
        fill_group_relative(&values, criteria, first_relative, &mut rows, everyone);
    }
    rows.sort_by(|a, b| by_values_then_name(a, b, everyone));
    (sheet.rounds(), rows)
}

/// Numbers ordered rows: equal values share a place, overall and within a category.
fn placed(
    tournament: &Tournament,
    rounds: u32,
    criteria: &[Criterion],
    rows: Vec<(usize, Vec<Ratio>)>,
) -> Standings {
    let settings = tournament.settings();
    let players = tournament.players();
    let mut out: Vec<Row> = Vec::with_capacity(rows.len());
    // Per category: players seen so far, and the row index and place of the last one.
    let mut per_category: Vec<(u32, Option<(usize, u32)>)> =
        vec![(0, None); settings.number_of_categories()];
    for (k, (i, vals)) in rows.iter().enumerate() {
        let place = match out.last() {
            Some(prev) if rows[k - 1].1 == *vals => prev.place,
            _ => k as u32 + 1,
        };
        let category = settings.category_of(players[*i].rank);
        let (seen, last) = per_category[category];
        let category_place = match last {
            Some((prev_k, prev_place)) if rows[prev_k].1 == *vals => prev_place,
            _ => seen + 1,
        };
        per_category[category] = (seen + 1, Some((k, category_place)));
        out.push(Row {
            player: players[*i].id,
            place,
            values: vals.clone(),
            category,
            category_place,
        });
    }
    Standings {
        rounds,
        criteria: criteria.to_vec(),
        rows: out,
    }
}

/// Higher values first on every criterion, then name and first name in
/// UTF-16 order (Java's `String.compareTo`, which OpenGotha uses).
fn by_values_then_name(
    a: &(usize, Vec<Ratio>),
    b: &(usize, Vec<Ratio>),
    players: &[Player],
) -> Ordering {
    b.1.cmp(&a.1)
        .then_with(|| by_name(&players[a.0], &players[b.0]))
}

fn by_name(a: &Player, b: &Player) -> Ordering {
    let utf16 = |s: &str| s.encode_utf16().collect::<Vec<u16>>();
    utf16(&a.name)
        .cmp(&utf16(&b.name))
        .then_with(|| utf16(&a.first_name).cmp(&utf16(&b.first_name)))
}

/// Fills DC, SDC, head-to-head and play-offs inside each group of rows equal on the
/// criteria before the first of them (OpenGotha `fillDirScoringInfo`).
fn fill_group_relative(
    values: &Values<'_, '_>,
    criteria: &[Criterion],
    first_relative: usize,
    rows: &mut [(usize, Vec<Ratio>)],
    players: &[Player],
) {
    rows.sort_by(|a, b| {
        b.1[..first_relative]
            .cmp(&a.1[..first_relative])
            .then_with(|| by_name(&players[a.0], &players[b.0]))
    });
    // DC breaks its own ties with the criteria after the first DC.
    let after_dc = criteria
        .iter()
        .position(|&c| c == Criterion::Dc)
        .map_or(criteria.len(), |p| p + 1);
    let mut start = 0;
    while start < rows.len() {
        let end = (start..rows.len())
            .find(|&k| rows[k].1[..first_relative] != rows[start].1[..first_relative])
            .unwrap_or(rows.len());
        if end - start > 1 {
            let group = &mut rows[start..end];
            let members: Vec<usize> = group.iter().map(|r| r.0).collect();
            // SDC, head-to-head and play-offs first: DC's tie-break may read them.
            let order = [
                Criterion::Sdc,
                Criterion::HeadToHead,
                Criterion::PlayOff,
                Criterion::Dc,
            ];
            for criterion in order {
                for (c, _) in criteria
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| **x == criterion)
                {
                    let later = later_places(group, after_dc);
                    let v = values.group_relative(criterion, &members, &later);
                    for (row, v) in group.iter_mut().zip(v) {
                        row.1[c] = Ratio::whole(v);
                    }
                }
            }
        }
        start = end;
    }
}

/// Each row's place (0 = best, ties shared) on the criteria from `from` on.
fn later_places(group: &[(usize, Vec<Ratio>)], from: usize) -> Vec<usize> {
    group
        .iter()
        .map(|a| group.iter().filter(|b| b.1[from..] > a.1[from..]).count())
        .collect()
}
