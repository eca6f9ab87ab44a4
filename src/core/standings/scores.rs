//! First-level scores after each round: NBW, MMS, STS and CPS, plus the
//! "virtual" NBW and MMS OpenGotha uses when unplayed games count as half points.
//!
//! Definitions follow OpenGotha 3.51 (`Tournament.fillBaseScoringInfoIfNecessary`).

use crate::core::ids::{PlayerId, RoundNo};
use crate::core::round::Game;
use crate::core::settings::Settings;
use crate::core::tournament::Tournament;
use crate::core::units::HalfPoints;
use serde::Serialize;
use std::collections::HashMap;

/// What a player did in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum RoundStatus {
    /// Declared not participating, and neither paired nor given the bye.
    Absent,
    /// Participating but neither paired nor given the bye.
    NotAssigned,
    /// Given the bye.
    Bye,
    /// In a game (played, by default or still without a result).
    Paired,
}

/// A player's first-level scores after one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RoundScores {
    /// Number of wins (byes and absences as the settings say).
    pub nbw: HalfPoints,
    /// McMahon score.
    pub mms: HalfPoints,
    /// Strasbourg score: MMS plus the bonus for top-group players unbeaten into the final rounds.
    pub sts: HalfPoints,
    /// Cup score: doubled every round, so an earlier win outweighs all later ones.
    pub cps: HalfPoints,
}

/// One player's per-round record.
#[derive(Debug, Clone)]
pub(super) struct Record {
    pub(super) id: PlayerId,
    pub(super) start_mms: HalfPoints,
    pub(super) status: Vec<RoundStatus>,
    /// Index into `Tournament::games()` of the player's game in each round.
    pub(super) games: Vec<Option<usize>>,
    pub(super) scores: Vec<RoundScores>,
    /// OpenGotha's virtual scores: real games only, plus ½ per round without a played game.
    pub(super) nbw_virtual: Vec<HalfPoints>,
    pub(super) mms_virtual: Vec<HalfPoints>,
}

/// Every player's first-level scores after a number of rounds.
///
/// This is what pairing reads: [`ScoreSheet::mms`], [`ScoreSheet::nbw`] and
/// [`ScoreSheet::history`] give the scores after the rounds counted.
#[derive(Debug, Clone)]
pub struct ScoreSheet<'t> {
    pub(super) tournament: &'t Tournament,
    pub(super) rounds: usize,
    pub(super) index: HashMap<PlayerId, usize>,
    pub(super) records: Vec<Record>,
}

/// The scores of every player after the first `rounds` rounds (0: before round 1).
///
/// `rounds` past the tournament's number of rounds is treated as the last round.
pub fn scores(tournament: &Tournament, rounds: u32) -> ScoreSheet<'_> {
    let settings = tournament.settings();
    let rounds = (rounds as usize).min(settings.number_of_rounds as usize);
    let index: HashMap<PlayerId, usize> = tournament
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, i))
        .collect();
    let mut records: Vec<Record> = tournament
        .players()
        .iter()
        .map(|p| Record {
            id: p.id,
            start_mms: settings.mcmahon.start_mms(p.rank, p.smms_correction),
            status: (0..rounds)
                .map(|r| {
                    if p.participation.plays(RoundNo::from_index(r)) {
                        RoundStatus::NotAssigned
                    } else {
                        RoundStatus::Absent
                    }
                })
                .collect(),
            games: vec![None; rounds],
            scores: Vec::with_capacity(rounds),
            nbw_virtual: Vec::with_capacity(rounds),
            mms_virtual: Vec::with_capacity(rounds),
        })
        .collect();
    for (gi, g) in tournament.games().iter().enumerate() {
        let r = g.round.index();
        if r >= rounds {
            continue;
        }
        for p in [g.white, g.black] {
            if let Some(&i) = index.get(&p) {
                records[i].status[r] = RoundStatus::Paired;
                records[i].games[r] = Some(gi);
            }
        }
    }
    for b in tournament.byes() {
        let r = b.round.index();
        if let (true, Some(&i)) = (r < rounds, index.get(&b.player)) {
            records[i].status[r] = RoundStatus::Bye;
        }
    }
    for rec in &mut records {
        fill_first_level(rec, tournament.games(), settings, rounds);
    }
    ScoreSheet {
        tournament,
        rounds,
        index,
        records,
    }
}

fn fill_first_level(rec: &mut Record, games: &[Game], settings: &Settings, rounds: usize) {
    let points = &settings.unplayed;
    let (mut nbw_games, mut cps_games, mut mms_games) =
        (HalfPoints::ZERO, HalfPoints::ZERO, rec.start_mms);
    let (mut nbw_unplayed, mut mms_unplayed) = (HalfPoints::ZERO, HalfPoints::ZERO);
    let (mut played_points, mut unplayed_rounds) = (HalfPoints::ZERO, 0);
    for r in 0..rounds {
        let game = rec.games[r].map(|gi| &games[gi]);
        let won = game.map_or(HalfPoints::ZERO, |g| g.points_of(rec.id));
        nbw_games += won;
        cps_games = cps_games.scaled(2) + won;
        mms_games += won;
        match rec.status[r] {
            RoundStatus::Absent => {
                nbw_unplayed += points.nbw_absent;
                mms_unplayed += points.mms_absent;
            }
            RoundStatus::Bye => {
                nbw_unplayed += points.nbw_bye;
                mms_unplayed += points.mms_bye;
            }
            RoundStatus::NotAssigned | RoundStatus::Paired => {}
        }
        // OpenGotha rounds the running total of bye and absence points, not each round's.
        let (nbw_extra, mms_extra) = if points.round_down {
            (nbw_unplayed.rounded_down(), mms_unplayed.rounded_down())
        } else {
            (nbw_unplayed, mms_unplayed)
        };
        let mms = mms_games + mms_extra;
        rec.scores.push(RoundScores {
            nbw: nbw_games + nbw_extra,
            mms,
            sts: mms,
            cps: cps_games + nbw_extra,
        });
        match game.filter(|g| g.was_played()) {
            Some(g) => played_points += g.points_of(rec.id),
            None => unplayed_rounds += 1,
        }
        let virtual_extra = HalfPoints::from_halves(unplayed_rounds);
        rec.nbw_virtual.push(played_points + virtual_extra);
        rec.mms_virtual
            .push(rec.start_mms + played_points + virtual_extra);
    }
    add_strasbourg_bonus(rec, settings);
}

/// STS: a player still winning every game from the bar (top group) gets +2 per
/// round from the quarter-final, and +2 more from the semi-final (OpenGotha's STS).
fn add_strasbourg_bonus(rec: &mut Record, settings: &Settings) {
    let n = settings.number_of_rounds as i32;
    let top = 30 + settings.mcmahon.bar.opengotha_value();
    for (before_last, wins) in [(3, n - 2), (2, n - 1)] {
        let Ok(from) = usize::try_from(n - before_last) else {
            continue;
        };
        let unbeaten = HalfPoints::from_points(top + wins);
        if rec.scores.get(from).is_some_and(|s| s.mms == unbeaten) {
            for s in &mut rec.scores[from..] {
                s.sts += HalfPoints::from_points(2);
            }
        }
    }
}

impl<'t> ScoreSheet<'t> {
    /// The tournament the scores belong to.
    pub fn tournament(&self) -> &'t Tournament {
        self.tournament
    }

    /// How many rounds are counted.
    pub fn rounds(&self) -> u32 {
        self.rounds as u32
    }

    /// Number of wins after the rounds counted.
    pub fn nbw(&self, player: PlayerId) -> Option<HalfPoints> {
        Some(self.last(self.slot(player)?).nbw)
    }

    /// McMahon score after the rounds counted (the start MMS before round 1).
    pub fn mms(&self, player: PlayerId) -> Option<HalfPoints> {
        Some(self.last(self.slot(player)?).mms)
    }

    /// Strasbourg score after the rounds counted.
    pub fn sts(&self, player: PlayerId) -> Option<HalfPoints> {
        Some(self.last(self.slot(player)?).sts)
    }

    /// Cup score after the rounds counted.
    pub fn cps(&self, player: PlayerId) -> Option<HalfPoints> {
        Some(self.last(self.slot(player)?).cps)
    }

    /// Start McMahon score: clamp(rank, floor, bar) − zero + correction.
    pub fn start_mms(&self, player: PlayerId) -> Option<HalfPoints> {
        Some(self.records[self.slot(player)?].start_mms)
    }

    /// Scores after each counted round, round 1 first.
    pub fn history(&self, player: PlayerId) -> Option<&[RoundScores]> {
        Some(&self.records[self.slot(player)?].scores)
    }

    /// What the player did in `round` (`None` past the rounds counted).
    pub fn status(&self, player: PlayerId, round: RoundNo) -> Option<RoundStatus> {
        self.records[self.slot(player)?]
            .status
            .get(round.index())
            .copied()
    }

    pub(super) fn slot(&self, player: PlayerId) -> Option<usize> {
        self.index.get(&player).copied()
    }

    /// Scores of record `i` after the rounds counted.
    pub(super) fn last(&self, i: usize) -> RoundScores {
        let rec = &self.records[i];
        rec.scores.last().copied().unwrap_or(RoundScores {
            nbw: HalfPoints::ZERO,
            mms: rec.start_mms,
            sts: rec.start_mms,
            cps: HalfPoints::ZERO,
        })
    }

    /// The game of record `i` in round index `r`, when the player was paired.
    pub(super) fn paired_game(&self, i: usize, r: usize) -> Option<&'t Game> {
        let rec = &self.records[i];
        match rec.status[r] {
            RoundStatus::Paired => rec.games[r].map(|gi| &self.tournament.games()[gi]),
            _ => None,
        }
    }
}
