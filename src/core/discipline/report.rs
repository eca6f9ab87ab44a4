//! The chief referee's report as data: incidents per round, warnings,
//! withdrawals, sanctions for the federation, the committee and the appeals
//! with their decisions (RFG 26.2.1 з; Ukrainian V.3 13), VI). The shell
//! renders and prints it.

use super::DisciplineError;
use super::appeal::{Appeal, pending_prize_appeals};
use super::committee::Committee;
use super::effective::{effective, revoked};
use super::effects::{Effect, Struck, effects, struck};
use super::log::{Act, AppealId, Entry, GameRef, Log};
use super::sanction::SanctionKind;
use super::settings::DisciplineSettings;
use super::withdrawal::Withdrawn;
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::tournament::Tournament;
use serde::Serialize;
use std::collections::BTreeMap;

/// One log entry in the report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Incident {
    /// The entry.
    pub entry: Entry,
    /// Why it no longer counts, or no longer decides its game.
    pub struck: Option<Struck>,
    /// What it did to the results when it was logged.
    pub effect: Option<Effect>,
}

/// The incidents of one round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoundReport {
    /// The round.
    pub round: RoundNo,
    /// Its incidents, in the order they happened.
    pub incidents: Vec<Incident>,
}

/// Warnings one player received in one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct WarningTally {
    /// The game.
    pub game: GameRef,
    /// The player.
    pub player: PlayerId,
    /// Warnings in force.
    pub count: u32,
    /// They reached the threshold, so the game was forfeited.
    pub forfeited: bool,
}

/// The chief referee's report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Incidents by round, first round first.
    pub rounds: Vec<RoundReport>,
    /// Incidents tied to no round (appeal decisions, bans).
    pub general: Vec<Incident>,
    /// Warnings per player and game.
    pub warnings: Vec<WarningTally>,
    /// Players who left or were removed.
    pub withdrawals: Vec<Withdrawn>,
    /// Sanctions that outlive the tournament, for the federation.
    pub federation: Vec<Incident>,
    /// The appeals committee.
    pub committee: Option<Committee>,
    /// Every appeal with its decisions.
    pub appeals: Vec<Appeal>,
    /// Open appeals that keep the final standings "pending appeal".
    pub pending_appeals: Vec<AppealId>,
}

/// The report of a tournament as entered, its log and its appeals.
pub fn report(
    tournament: &Tournament,
    log: &Log,
    appeals: &[Appeal],
    committee: Option<&Committee>,
    settings: &DisciplineSettings,
) -> Result<Report, DisciplineError> {
    let revoked = revoked(log);
    let now = effective(tournament, log, settings)?;
    let struck = struck(log, &now);
    let effects = effects(tournament, log, settings, |_| true)?;
    let incident = |e: &Entry| Incident {
        entry: e.clone(),
        struck: struck.get(&e.id).copied(),
        effect: effects.get(&e.id).cloned(),
    };
    let mut rounds: BTreeMap<RoundNo, Vec<Incident>> = BTreeMap::new();
    let mut general = Vec::new();
    let mut federation = Vec::new();
    let mut warnings: BTreeMap<(GameRef, PlayerId), u32> = BTreeMap::new();
    for e in log.entries() {
        match log.round_of(e) {
            Some(round) => rounds.entry(round).or_default().push(incident(e)),
            None => general.push(incident(e)),
        }
        let Act::Sanction(s) = &e.act else { continue };
        if s.kind.is_for_federation() {
            federation.push(incident(e));
        }
        if let (SanctionKind::Warning { game, players }, false) = (&s.kind, revoked.contains(&e.id))
        {
            for p in players.of(game.game(tournament)?)? {
                *warnings.entry((*game, p)).or_default() += 1;
            }
        }
    }
    Ok(Report {
        rounds: rounds
            .into_iter()
            .map(|(round, incidents)| RoundReport { round, incidents })
            .collect(),
        general,
        warnings: warnings
            .into_iter()
            .map(|((game, player), count)| WarningTally {
                game,
                player,
                count,
                forfeited: count >= settings.warnings_to_forfeit,
            })
            .collect(),
        withdrawals: now.withdrawals,
        federation,
        committee: committee.cloned(),
        appeals: appeals.to_vec(),
        pending_appeals: pending_prize_appeals(appeals),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::discipline::Reason;
    use crate::core::discipline::log::{Official, Remedy};
    use crate::core::discipline::sanction::Sanction;
    use crate::core::discipline::test_support::*;

    #[test]
    fn the_report_groups_incidents_by_round_and_counts_warnings_in_force() {
        let (t, [a, b, ..]) = four_players_round_one();
        let s = settings();
        let mut log = Log::default();
        start_round(&mut log, &t, 1, minute(0));
        let first = log
            .record(&t, &s, minute(5), referee(), warn(board1(), a))
            .unwrap();
        log.record(&t, &s, minute(6), referee(), warn(board1(), a))
            .unwrap();
        log.record(&t, &s, minute(7), referee(), warn(board1(), b))
            .unwrap();
        let ban = Act::Sanction(Sanction {
            kind: SanctionKind::SupergroupBan {
                player: a,
                scope: "the next national championship".into(),
                until: None,
            },
            reason: Reason::new("skipped a round from the top group").unwrap(),
            violation: None,
        });
        log.record(&t, &s, minute(8), referee(), ban).unwrap();
        let undo = Act::Decision {
            appeal: AppealId(1),
            level: crate::core::discipline::Level::Committee,
            remedies: vec![Remedy::Revoke(first.id)],
        };
        log.record(&t, &s, minute(30), Official::new("Chair").unwrap(), undo)
            .unwrap();
        let r = report(&t, &log, &[], None, &s).unwrap();
        assert_eq!(r.rounds.len(), 1);
        assert_eq!(r.rounds[0].incidents.len(), 4, "start and three warnings");
        assert_eq!(r.rounds[0].incidents[1].struck, Some(Struck::Revoked));
        assert_eq!(r.general.len(), 2, "the ban and the decision");
        assert_eq!(r.federation.len(), 1);
        let tally: Vec<(PlayerId, u32, bool)> = r
            .warnings
            .iter()
            .map(|w| (w.player, w.count, w.forfeited))
            .collect();
        assert_eq!(tally, [(a, 1, false), (b, 1, false)]);
        assert!(r.pending_appeals.is_empty() && r.withdrawals.is_empty());
    }
}
