//! Placement criteria, one file per family. Every value is computed after
//! the rounds counted by the [`ScoreSheet`]; a higher value places higher.
//!
//! OpenGotha's criteria follow OpenGotha 3.51 exactly, quirks included;
//! the rule-text criteria cite their article.

mod cuss;
mod direct;
mod exploits;
mod head_to_head;
mod rule_texts;
mod sos;
mod sosos;

use super::scores::ScoreSheet;
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::pairing::knockout_round;
use crate::core::round::GameResult;
use crate::core::settings::System;
use crate::core::standings::Criterion;
use crate::core::units::{HalfPoints, Quarters, Ratio};
use std::collections::HashMap;

/// OpenGotha's second-level values of one player.
#[derive(Debug, Clone, Copy, Default)]
struct Second {
    sosw: [HalfPoints; 3],
    sodosw: Quarters,
    sosm: [HalfPoints; 3],
    sodosm: Quarters,
    sosts: HalfPoints,
    sososw: HalfPoints,
    sososm: HalfPoints,
    cussw: HalfPoints,
    cussm: HalfPoints,
    ext: HalfPoints,
    exr: HalfPoints,
}

/// Criterion values of every player of a score sheet.
pub(super) struct Values<'s, 't> {
    sheet: &'s ScoreSheet<'t>,
    second: Vec<Second>,
    /// A knockout's bracket rounds each player came through, read from
    /// the bracket once for the sheet.
    stages: Option<HashMap<PlayerId, u32>>,
}

impl<'s, 't> Values<'s, 't> {
    /// Computes the OpenGotha second-level values of every player.
    pub(super) fn new(sheet: &'s ScoreSheet<'t>) -> Self {
        let mut second: Vec<Second> = (0..sheet.records.len())
            .map(|i| {
                let t = sos::terms(sheet, i);
                let (cussw, cussm) = cuss::cuss(sheet, i);
                let (ext, exr) = exploits::exploits(sheet, i);
                let mut sosm = [0, 1, 2].map(|k| sos::without_lowest(&t.mms, k));
                // OpenGotha never sets SOSM-1 after exactly two rounds, so it reads 0 there.
                if sheet.rounds == 2 {
                    sosm[1] = HalfPoints::ZERO;
                }
                Second {
                    sosw: [0, 1, 2].map(|k| sos::without_lowest(&t.nbw, k)),
                    sodosw: sos::defeated(&t.nbw, &t.won),
                    sosm,
                    sodosm: sos::defeated(&t.mms, &t.won),
                    sosts: t.sts.iter().copied().sum(),
                    cussw,
                    cussm,
                    ext,
                    exr,
                    ..Second::default()
                }
            })
            .collect();
        let sosw: Vec<HalfPoints> = second.iter().map(|s| s.sosw[0]).collect();
        let sosm: Vec<HalfPoints> = second.iter().map(|s| s.sosm[0]).collect();
        for (i, s) in second.iter_mut().enumerate() {
            (s.sososw, s.sososm) = sosos::sosos(sheet, i, &sosw, &sosm);
        }
        let knockout = sheet.tournament.settings().system == System::Knockout;
        let stages = RoundNo::new(sheet.rounds())
            .filter(|_| knockout)
            .and_then(|last| knockout_round::stages_passed(sheet.tournament, last));
        Values {
            sheet,
            second,
            stages,
        }
    }

    /// The value of `criterion` for record `i`; 0 for the group-relative criteria
    /// (DC, SDC, head-to-head), which [`Values::group_relative`] computes.
    pub(super) fn value(&self, i: usize, criterion: Criterion) -> Ratio {
        let sheet = self.sheet;
        let player = &sheet.tournament.players()[i];
        let last = sheet.last(i);
        let s = &self.second[i];
        let half = Ratio::from;
        match criterion {
            // OpenGotha sorts categories by −category: category 1 first.
            Criterion::Cat => {
                Ratio::whole(-(sheet.tournament.settings().category_of(player.rank) as i64))
            }
            Criterion::Rank => Ratio::whole(i64::from(player.rank.opengotha_value())),
            Criterion::Rating => Ratio::whole(i64::from(player.rating.gor())),
            Criterion::Nbw => half(last.nbw),
            Criterion::Mms => half(last.mms),
            Criterion::Sts => half(last.sts),
            Criterion::Cps => half(last.cps),
            Criterion::Sosw => half(s.sosw[0]),
            Criterion::SoswMinus1 => half(s.sosw[1]),
            Criterion::SoswMinus2 => half(s.sosw[2]),
            Criterion::Sodosw => Ratio::from(s.sodosw),
            Criterion::Sososw => half(s.sososw),
            Criterion::Cussw => half(s.cussw),
            Criterion::Sosm => half(s.sosm[0]),
            Criterion::SosmMinus1 => half(s.sosm[1]),
            Criterion::SosmMinus2 => half(s.sosm[2]),
            Criterion::Sodosm => Ratio::from(s.sodosm),
            Criterion::Sososm => half(s.sososm),
            Criterion::Cussm => half(s.cussm),
            Criterion::Sosts => half(s.sosts),
            Criterion::Ext => half(s.ext),
            Criterion::Exr => half(s.exr),
            Criterion::SosRfg => half(sos::without_lowest(&rule_texts::rfg_terms(sheet, i), 0)),
            Criterion::SosRfgMinus1 => {
                half(sos::without_lowest(&rule_texts::rfg_terms(sheet, i), 1))
            }
            Criterion::SosRfgMinus2 => {
                half(sos::without_lowest(&rule_texts::rfg_terms(sheet, i), 2))
            }
            Criterion::BuchholzUa => rule_texts::buchholz_ua(sheet, i),
            // RFG App. 7 §4: a knockout places by the bracket round reached.
            Criterion::Stage => match &self.stages {
                Some(stages) => {
                    Ratio::whole(i64::from(stages.get(&player.id).copied().unwrap_or(0)))
                }
                None => Ratio::whole(i64::from(last_round_reached(sheet, player.id))),
            },
            Criterion::Dc | Criterion::Sdc | Criterion::HeadToHead | Criterion::PlayOff => {
                Ratio::whole(0)
            }
        }
    }

    /// Values of a group-relative criterion for the records of one tie group.
    ///
    /// `later_place` gives each member's place (0 = best, ties shared) on the
    /// criteria after DC; only DC reads it.
    pub(super) fn group_relative(
        &self,
        criterion: Criterion,
        group: &[usize],
        later_place: &[usize],
    ) -> Vec<i64> {
        let sheet = self.sheet;
        match criterion {
            Criterion::Dc => direct::direct(sheet, group, later_place),
            Criterion::Sdc => direct::simplified(sheet, group),
            Criterion::HeadToHead => {
                // RFG App. 9 §3.3 applies to McMahon and Swiss tournaments.
                let system = sheet.tournament.settings().system;
                let swiss_like = matches!(
                    system,
                    System::McMahon
                        | System::Swiss
                        | System::SwissCat
                        | System::RfgSwiss
                        | System::UkraineSwiss
                );
                head_to_head::head_to_head(sheet, group, swiss_like)
            }
            // III.3.5: a play-off orders the tied players among themselves,
            // so only its games between members of this tie group count.
            Criterion::PlayOff => {
                let t = sheet.tournament;
                let ids: Vec<_> = group.iter().map(|&i| t.players()[i].id).collect();
                ids.iter()
                    .map(|id| {
                        t.play_offs()
                            .iter()
                            .filter(|g| g.winner == *id && ids.contains(&g.loser))
                            .count() as i64
                    })
                    .collect()
            }
            _ => vec![0; group.len()],
        }
    }
}

/// The round a player of a double elimination reached: the last one they
/// played, and the next one when they won it.
fn last_round_reached(sheet: &ScoreSheet, id: PlayerId) -> u32 {
    let rounds = sheet.rounds();
    let last = (sheet.tournament.games().iter())
        .filter(|g| g.round.get() <= rounds && (g.white == id || g.black == id))
        .max_by_key(|g| g.round);
    last.map_or(0, |g| {
        let won = matches!(
            (g.result, g.white == id),
            (GameResult::WhiteWins, true) | (GameResult::BlackWins, false)
        );
        g.round.get() + u32::from(won)
    })
}
