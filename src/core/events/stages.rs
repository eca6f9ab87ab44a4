//! Multi-stage events, where qualifying groups send their top players to a
//! final stage (RFG code 18.2 and App. 6 §6.11; Ukrainian rules II, "на різних
//! етапах застосовуються різні системи"), and series of tournaments with
//! accumulated points (RFG 18.2 "Турнир может быть частью серии"; App. 9 §1.3).
//!
//! Invariant: a final seeding holds every qualifier exactly once.

use crate::core::ids::PlayerId;
use crate::core::pairing::knockout::seeded_slots;
use crate::core::pairing::round_robin::MAX_PLAYERS;
use crate::core::units::Ratio;
use std::collections::BTreeMap;

/// How the qualifying groups are played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupFormat {
    /// Round robin in each group (the App. 6 §6.11 example).
    RoundRobin,
    /// Swiss in each group.
    Swiss,
}

/// How the final stage is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FinalFormat {
    /// Knockout, seeded by [`final_seeding`] (the App. 6 §6.11 example).
    Knockout,
    /// Round robin among the qualifiers.
    RoundRobin,
}

/// The settings of a two-stage event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StageRules {
    /// The number of qualifying groups.
    pub groups: usize,
    /// Players each group sends to the final: its top k.
    pub qualifiers_per_group: usize,
    /// How the groups are played.
    pub group_format: GroupFormat,
    /// How the final is played.
    pub final_format: FinalFormat,
}

/// Why the qualifiers of a multi-stage event cannot be given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StageProblem {
    /// There are no groups.
    #[error("there are no qualifying groups")]
    NoGroups,
    /// Each group must send at least one player.
    #[error("each group must send at least one player to the final")]
    NoQualifiers,
    /// The groups are not as many as the rules say.
    #[error("the rules have {expected} groups, but {got} are given")]
    GroupCount {
        /// Groups the rules name.
        expected: usize,
        /// Groups given.
        got: usize,
    },
    /// A group has fewer players than it must send to the final.
    #[error("group {group} has {players} players but must send {needed}")]
    GroupTooSmall {
        /// The group, counted from 1.
        group: usize,
        /// Its players.
        players: usize,
        /// The qualifiers per group.
        needed: usize,
    },
    /// A round-robin group or final is larger than the tables serve.
    #[error("a round robin of {players} players is larger than the {max} the tables serve")]
    RoundRobinTooLarge {
        /// Players in the group or the final.
        players: usize,
        /// The largest round robin.
        max: usize,
    },
    /// A knockout final needs two players.
    #[error("a knockout final needs at least 2 players, not {0}")]
    FinalTooSmall(usize),
    /// A player is listed twice, in one group or in two.
    #[error("player {0} is listed twice")]
    PlayerListedTwice(PlayerId),
    /// A group is still being played: a game without its result, a round
    /// still to play or a knockout not yet decided.
    #[error("group {group} is still being played")]
    GroupUnfinished {
        /// The group, counted from 1.
        group: usize,
    },
    /// The groups' entries are of different kinds (single players and pair
    /// go sides): a final pairs one kind.
    #[error("the groups' entries are of different kinds")]
    MixedEntries,
}

impl StageRules {
    /// The final's players from `groups` (each in final group order), seeded
    /// by [`final_seeding`]; refused when the groups do not fit the rules.
    pub fn qualifiers(&self, groups: &[Vec<PlayerId>]) -> Result<Vec<PlayerId>, StageProblem> {
        if groups.len() != self.groups {
            return Err(StageProblem::GroupCount {
                expected: self.groups,
                got: groups.len(),
            });
        }
        let too_large = |players: usize| StageProblem::RoundRobinTooLarge {
            players,
            max: MAX_PLAYERS,
        };
        if self.group_format == GroupFormat::RoundRobin
            && let Some(group) = groups.iter().find(|g| g.len() > MAX_PLAYERS)
        {
            return Err(too_large(group.len()));
        }
        let seeds = final_seeding(groups, self.qualifiers_per_group)?;
        match self.final_format {
            FinalFormat::Knockout if seeds.len() < 2 => {
                Err(StageProblem::FinalTooSmall(seeds.len()))
            }
            FinalFormat::RoundRobin if seeds.len() > MAX_PLAYERS => Err(too_large(seeds.len())),
            FinalFormat::Knockout | FinalFormat::RoundRobin => Ok(seeds),
        }
    }
}

/// The round in which bracket slots `a` and `b` can meet: 1 for neighbours,
/// the bracket's last round for slots in opposite halves.
fn meeting_round(a: usize, b: usize) -> u32 {
    usize::BITS - (a ^ b).leading_zeros()
}

/// The seeds (strongest first, for [`seeded_slots`]) of a final fed by the
/// top `k` of each of `groups`, each group in final group order. Winners take
/// the first seeds in the order of the groups, then the runners-up, and so on
/// (RFG App. 9 §1.4 gives seeding places by the placing criteria). Within a
/// rank, each seed goes to the group whose already-seeded players it would meet
/// latest in the bracket, ties to the earlier group: group-mates meet late.
pub fn final_seeding(groups: &[Vec<PlayerId>], k: usize) -> Result<Vec<PlayerId>, StageProblem> {
    if groups.is_empty() {
        return Err(StageProblem::NoGroups);
    }
    if k == 0 {
        return Err(StageProblem::NoQualifiers);
    }
    let mut listed: Vec<PlayerId> = Vec::new();
    for (i, group) in groups.iter().enumerate() {
        if group.len() < k {
            return Err(StageProblem::GroupTooSmall {
                group: i + 1,
                players: group.len(),
                needed: k,
            });
        }
        for &p in group {
            if listed.contains(&p) {
                return Err(StageProblem::PlayerListedTwice(p));
            }
            listed.push(p);
        }
    }
    let size = groups.len() * k;
    let mut slot_of = vec![0; size];
    for (slot, seed) in seeded_slots(size).into_iter().enumerate() {
        if let Some(seed) = seed {
            slot_of[seed] = slot;
        }
    }
    let mut seeds = Vec::with_capacity(size);
    // The seeds each group has been given so far.
    let mut seeded: Vec<Vec<usize>> = vec![Vec::new(); groups.len()];
    for rank in 0..k {
        let mut left: Vec<usize> = (0..groups.len()).collect();
        while !left.is_empty() {
            let seed = seeds.len();
            let latest = |g: usize| {
                let earliest = seeded[g]
                    .iter()
                    .map(|&s| meeting_round(slot_of[s], slot_of[seed]))
                    .min();
                earliest.unwrap_or(u32::MAX)
            };
            // `max_by_key` keeps the last maximum: scan backwards for the first.
            let pick = left
                .iter()
                .rev()
                .max_by_key(|&&g| latest(g))
                .copied()
                .unwrap_or(left[0]);
            left.retain(|&g| g != pick);
            seeded[pick].push(seed);
            seeds.push(groups[pick][rank]);
        }
    }
    Ok(seeds)
}

/// One player's line in a series of tournaments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeriesLine {
    /// The player.
    pub player: PlayerId,
    /// Points accumulated over the tournaments.
    pub total: Ratio,
    /// The most points from a single tournament.
    pub best: Ratio,
    /// 1 + the lines strictly ahead, so equal lines share it (App. 9 §1.1).
    pub place: usize,
}

/// Series points of one tournament, whose final `places` list the players of
/// each place, best first (several on a shared place). `points_per_place[i]`
/// is worth place i + 1, nothing beyond the table; players sharing a place
/// split the points of the places they occupy equally (App. 9 §1.3).
pub fn tournament_points(
    points_per_place: &[i64],
    places: &[Vec<PlayerId>],
) -> Vec<(PlayerId, Ratio)> {
    let mut position = 0;
    let mut points = Vec::new();
    for shared in places.iter().filter(|s| !s.is_empty()) {
        let pooled: i64 = (position..position + shared.len())
            .map(|i| points_per_place.get(i).copied().unwrap_or(0))
            .sum();
        let each = Ratio::new(pooled, shared.len() as i64);
        points.extend(shared.iter().map(|&p| (p, each)));
        position += shared.len();
    }
    points
}

/// The standings of a series of `tournaments` (each as [`tournament_points`]
/// takes it): by accumulated points, then by the best single result, since
/// the RFG code gives no order for equal totals; lines still equal share a place.
pub fn series_standings(
    points_per_place: &[i64],
    tournaments: &[Vec<Vec<PlayerId>>],
) -> Vec<SeriesLine> {
    let earned: Vec<Vec<(PlayerId, Ratio)>> = tournaments
        .iter()
        .map(|places| tournament_points(points_per_place, places))
        .collect();
    standings_of_points(&earned)
}

/// The standings of a series from each tournament's points per player, as
/// [`series_standings`] ranks them.
pub fn standings_of_points(earned: &[Vec<(PlayerId, Ratio)>]) -> Vec<SeriesLine> {
    let mut by_player: BTreeMap<PlayerId, (Ratio, Ratio)> = BTreeMap::new();
    for points_of in earned {
        for &(player, points) in points_of {
            let (total, best) = by_player.entry(player).or_insert((Ratio::whole(0), points));
            *total = *total + points;
            *best = (*best).max(points);
        }
    }
    let mut lines: Vec<SeriesLine> = by_player
        .into_iter()
        .map(|(player, (total, best))| SeriesLine {
            player,
            total,
            best,
            place: 1,
        })
        .collect();
    let key = |l: &SeriesLine| std::cmp::Reverse((l.total, l.best));
    lines.sort_by_key(key);
    let places: Vec<usize> = lines
        .iter()
        .map(|line| lines.iter().take_while(|l| key(l) < key(line)).count() + 1)
        .collect();
    for (line, place) in lines.iter_mut().zip(places) {
        line.place = place;
    }
    lines
}

#[cfg(test)]
#[path = "stages_tests.rs"]
mod tests;
