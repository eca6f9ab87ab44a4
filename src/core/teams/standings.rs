//! Team standings: OpenGotha's team placement criteria (`ScoredTeamsSet`),
//! with its definitions, plus the head-to-head of the rule texts
//! (Ukrainian rules III.4 item 2; RFG App. 4 §1.6).

use super::matches::{MAX_BOARDS, TeamMatch, matches_up_to};
use crate::core::tournament::Tournament;
use crate::core::units::HalfPoints;
use std::fmt;

/// A team placement criterion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TeamCriterion {
    /// Team points (TP): 2 for a won match, 1 for a drawn one.
    TeamPoints,
    /// Sum of the opponents' team points (SOST).
    Sost,
    /// Board wins over all boards (BDW).
    BoardWins,
    /// Board wins on the upper `k` boards (B1U … B9U).
    UpperBoardWins(u8),
    /// Mean rating of the round-1 line-up (MNR).
    MeanRating,
    /// Team points scored in the matches between the tied teams only.
    HeadToHead,
}

impl TeamCriterion {
    /// The criterion an OpenGotha file names (`TEAMP`, `BDW3U`, …), or ours
    /// (`H2H`); `None` for `NULL` and names nobody writes.
    pub fn from_file_name(name: &str) -> Option<Self> {
        Some(match name {
            "TEAMP" => TeamCriterion::TeamPoints,
            "SOST" => TeamCriterion::Sost,
            "BDW" => TeamCriterion::BoardWins,
            "MNR" => TeamCriterion::MeanRating,
            "H2H" => TeamCriterion::HeadToHead,
            _ => {
                let k: u8 = name.strip_prefix("BDW")?.strip_suffix('U')?.parse().ok()?;
                if !(1..=9).contains(&k) {
                    return None;
                }
                TeamCriterion::UpperBoardWins(k)
            }
        })
    }

    /// The criteria of a tournament's team settings, in order.
    pub fn of(t: &Tournament) -> Vec<TeamCriterion> {
        let names = &t.settings().teams.placement;
        names
            .iter()
            .filter_map(|n| Self::from_file_name(n))
            .collect()
    }
}

/// OpenGotha's short names (`TP`, `B3U`, …), as its team standings head them.
impl fmt::Display for TeamCriterion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TeamCriterion::TeamPoints => f.write_str("TP"),
            TeamCriterion::Sost => f.write_str("SOST"),
            TeamCriterion::BoardWins => f.write_str("BDW"),
            TeamCriterion::UpperBoardWins(k) => write!(f, "B{k}U"),
            TeamCriterion::MeanRating => f.write_str("MNR"),
            TeamCriterion::HeadToHead => f.write_str("H2H"),
        }
    }
}

/// One team's line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRow {
    /// Index of the team in [`Tournament::teams`].
    pub team: usize,
    /// Place; teams equal on every criterion share the first one's place.
    pub place: u32,
    /// The criteria's values, in the criteria's order.
    pub values: Vec<HalfPoints>,
}

/// The team standings after round `last`, best first; teams equal on every
/// criterion are in team-number order (OpenGotha's `ScoredTeamComparator`).
pub fn team_standings(t: &Tournament, last: u32, criteria: &[TeamCriterion]) -> Vec<TeamRow> {
    let matches = matches_up_to(t, last);
    let tally = Tally::of(t, &matches);
    let mut rows: Vec<TeamRow> = (0..t.teams().len())
        .map(|team| TeamRow {
            team,
            place: 0,
            values: Vec::with_capacity(criteria.len()),
        })
        .collect();
    for (i, criterion) in criteria.iter().enumerate() {
        for r in 0..rows.len() {
            let value = match criterion {
                TeamCriterion::HeadToHead => {
                    // The tied group: the teams equal on every criterion before this one.
                    let team = rows[r].team;
                    let group: Vec<usize> = rows
                        .iter()
                        .filter(|o| o.values[..i] == rows[r].values[..i])
                        .map(|o| o.team)
                        .collect();
                    tally.head_to_head(team, &group, &matches)
                }
                c => tally.value(rows[r].team, *c),
            };
            rows[r].values.push(value);
        }
    }
    rows.sort_by(|a, b| {
        b.values
            .cmp(&a.values)
            .then_with(|| t.teams()[a.team].number.cmp(&t.teams()[b.team].number))
    });
    for i in 0..rows.len() {
        rows[i].place = match i {
            0 => 1,
            _ if rows[i].values == rows[i - 1].values => rows[i - 1].place,
            _ => i as u32 + 1,
        };
    }
    rows
}

/// What the matches add up to, per team.
struct Tally {
    boards: u32,
    team_points: Vec<u32>,
    sost: Vec<u32>,
    /// Board points per board; only the boards of the team size count here.
    per_board: Vec<[HalfPoints; MAX_BOARDS]>,
    mean_rating: Vec<i32>,
}

impl Tally {
    fn of(t: &Tournament, matches: &[TeamMatch]) -> Self {
        let boards = t.settings().teams.team_size;
        let teams = t.teams().len();
        let mut team_points = vec![0; teams];
        let mut per_board = vec![[HalfPoints::ZERO; MAX_BOARDS]; teams];
        for m in matches {
            for side in [m.white, m.black] {
                team_points[side] += m.team_points(side, boards);
                for (total, got) in per_board[side].iter_mut().zip(m.boards_of(side)) {
                    *total += got;
                }
            }
        }
        let mut sost = vec![0; teams];
        for m in matches {
            sost[m.white] += team_points[m.black];
            sost[m.black] += team_points[m.white];
        }
        let mean_rating = t
            .teams()
            .iter()
            .map(|team| {
                // OpenGotha (since 3.28.04): the round-1 line-up's ratings,
                // summed and divided by the team size, truncated.
                let sum: i32 = team
                    .boards
                    .iter()
                    .filter(|b| b.round.get() == 1)
                    .filter_map(|b| t.player(b.player))
                    .map(|p| p.rating.gor())
                    .sum();
                sum / boards.max(1) as i32
            })
            .collect();
        Tally {
            boards,
            team_points,
            sost,
            per_board,
            mean_rating,
        }
    }

    fn value(&self, team: usize, criterion: TeamCriterion) -> HalfPoints {
        let upper = |k: usize| -> HalfPoints {
            let counted = k.min(self.boards as usize).min(MAX_BOARDS);
            self.per_board[team][..counted].iter().copied().sum()
        };
        match criterion {
            TeamCriterion::TeamPoints => HalfPoints::from_points(self.team_points[team] as i32),
            TeamCriterion::Sost => HalfPoints::from_points(self.sost[team] as i32),
            TeamCriterion::BoardWins => upper(MAX_BOARDS),
            TeamCriterion::UpperBoardWins(k) => upper(usize::from(k)),
            TeamCriterion::MeanRating => HalfPoints::from_points(self.mean_rating[team]),
            TeamCriterion::HeadToHead => HalfPoints::ZERO,
        }
    }

    /// Team points `team` scored against the other teams of `group`.
    fn head_to_head(&self, team: usize, group: &[usize], matches: &[TeamMatch]) -> HalfPoints {
        let points: u32 = matches
            .iter()
            .filter(|m| m.opponent_of(team).is_some_and(|o| group.contains(&o)))
            .map(|m| m.team_points(team, self.boards))
            .sum();
        HalfPoints::from_points(points as i32)
    }
}
