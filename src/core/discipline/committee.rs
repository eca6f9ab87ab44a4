//! The appeals committee: three members and reserves fixed before round 1,
//! and the panel that sits on one appeal.
//!
//! Invariant: nobody sits on an appeal they are a party to, nor one about a
//! decision they took themselves (GTR "Arbitration > General": "no person
//! can be involved as an arbiter at more than one level"); a reserve steps in.

use super::DisciplineError;
use super::appeal::{Appeal, Appealed};
use super::log::{Act, Log, Official};
use super::settings::DisciplineSettings;
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::tournament::Tournament;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A member or reserve of the committee.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Member {
    /// Name.
    pub name: Official,
    /// The member's registration, when they play in the tournament (Ukrainian VI:
    /// chosen "from the most experienced participants").
    pub player: Option<PlayerId>,
}

/// The committee as fixed before round 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Committee {
    /// Members, chair first.
    pub members: Vec<Member>,
    /// Reserves, in the order they step in.
    pub reserves: Vec<Member>,
}

/// Why a member does not sit on an appeal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Conflict {
    /// Plays in the game or is the appellant (GTR: "a player may not also be a member").
    Party,
    /// From a party's club, where the settings say so.
    ClubMate,
    /// Took the decision appealed.
    DecidedBelow,
}

/// A member left out of one appeal, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exclusion {
    /// The member.
    pub member: Member,
    /// Why.
    pub conflict: Conflict,
}

/// The committee as composed for one appeal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Panel {
    /// Who sits.
    pub members: Vec<Member>,
    /// Who was left out.
    pub excluded: Vec<Exclusion>,
}

impl Panel {
    /// Whether `name` sits on this panel.
    pub fn has(&self, name: &str) -> bool {
        self.members.iter().any(|m| m.name.as_str() == name)
    }
}

impl Committee {
    /// Fixes the committee; refused once round 1 has started (GTR "Appeals
    /// committee", RFG 26.4 а, Ukrainian VI: chosen before the start).
    pub fn fix(
        members: Vec<Member>,
        reserves: Vec<Member>,
        tournament: &Tournament,
        log: &Log,
        settings: &DisciplineSettings,
    ) -> Result<Committee, DisciplineError> {
        let started = log
            .entries()
            .iter()
            .any(|e| matches!(e.act, Act::StartRound { round, .. } if round == RoundNo::FIRST));
        if started {
            return Err(DisciplineError::CommitteeAfterRoundOne);
        }
        let have = members.len() as u32;
        if have != settings.committee_members {
            return Err(DisciplineError::CommitteeSize {
                needed: settings.committee_members,
                have,
            });
        }
        let have = reserves.len() as u32;
        if have < settings.committee_reserves {
            return Err(DisciplineError::TooFewReserves {
                needed: settings.committee_reserves,
                have,
            });
        }
        let committee = Committee { members, reserves };
        committee.check_people(tournament)?;
        Ok(committee)
    }

    /// Adds a reserve during the tournament (GTR: "other players must be
    /// co-opted to the committee to make up the number").
    pub fn co_opt(
        &mut self,
        member: Member,
        tournament: &Tournament,
    ) -> Result<(), DisciplineError> {
        self.reserves.push(member);
        let checked = self.check_people(tournament);
        if checked.is_err() {
            self.reserves.pop();
        }
        checked
    }

    /// Names are distinct and players registered.
    fn check_people(&self, tournament: &Tournament) -> Result<(), DisciplineError> {
        let mut names = BTreeSet::new();
        for m in self.members.iter().chain(&self.reserves) {
            if !names.insert(m.name.as_str()) {
                return Err(DisciplineError::DuplicateMember(m.name.as_str().to_owned()));
            }
            if let Some(p) = m.player {
                super::checks::check_player(tournament, p)?;
            }
        }
        Ok(())
    }

    /// The panel for `appeal`: members in order, each conflicted one replaced
    /// by the next free reserve (RFG 26.4 б, Ukrainian VI).
    pub fn panel_for(
        &self,
        appeal: &Appeal,
        tournament: &Tournament,
        log: &Log,
        settings: &DisciplineSettings,
    ) -> Result<Panel, DisciplineError> {
        let parties = appeal.parties(tournament, log);
        let clubs: BTreeSet<&str> = parties
            .iter()
            .filter_map(|p| tournament.player(*p))
            .map(|p| p.club.as_str())
            .filter(|c| !c.is_empty())
            .collect();
        let decided_below = match appeal.filing.appealed {
            Appealed::Entry(id) => log.entry(id).map(|e| e.by.clone()),
            Appealed::Result(_) | Appealed::Pairing(_) => None,
        };
        let conflict = |m: &Member| {
            let club = m
                .player
                .and_then(|p| tournament.player(p))
                .map(|p| p.club.as_str());
            if m.player.is_some_and(|p| parties.contains(&p)) {
                Some(Conflict::Party)
            } else if settings.exclude_club_mates && club.is_some_and(|c| clubs.contains(c)) {
                Some(Conflict::ClubMate)
            } else if decided_below.as_ref() == Some(&m.name) {
                Some(Conflict::DecidedBelow)
            } else {
                None
            }
        };
        let needed = settings.committee_members as usize;
        let mut panel = Panel {
            members: Vec::new(),
            excluded: Vec::new(),
        };
        for m in self.members.iter().chain(&self.reserves) {
            if panel.members.len() == needed {
                break;
            }
            match conflict(m) {
                Some(conflict) => panel.excluded.push(Exclusion {
                    member: m.clone(),
                    conflict,
                }),
                None => panel.members.push(m.clone()),
            }
        }
        if panel.members.len() < needed {
            return Err(DisciplineError::CommitteeShort {
                needed: settings.committee_members,
                available: panel.members.len() as u32,
            });
        }
        Ok(panel)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::discipline::appeal::{FiledBy, Filing, Party};
    use crate::core::discipline::log::{EntryId, Reason};
    use crate::core::discipline::test_support::*;

    /// A (White) appeals the referee's warning on board 1 against B.
    fn appeal_by_a(t: &Tournament, a: PlayerId) -> (Appeal, Log) {
        let mut log = Log::default();
        log.record(t, &settings(), minute(10), referee(), warn(board1(), a))
            .unwrap();
        let filing = Filing {
            appellant: Party::Player(a),
            filed_by: FiledBy::Party,
            appealed: Appealed::Entry(EntryId(1)),
            grounds: Reason::new("the warning was for my opponent's phone").unwrap(),
            signatory: None,
            at: minute(20),
            affects_prizes: false,
        };
        let appeal = Appeal::file(&[], filing, t, &log, &settings()).unwrap();
        (appeal, log)
    }

    fn names(panel: &Panel) -> Vec<&str> {
        panel.members.iter().map(|m| m.name.as_str()).collect()
    }

    #[test]
    fn a_member_who_is_a_party_is_replaced_by_the_next_reserve() {
        let (t, [a, b, c, _]) = four_players_round_one();
        let (appeal, log) = appeal_by_a(&t, a);
        let committee = Committee {
            members: vec![
                member("Chair"),
                playing_member("Bea", b),
                member("Referee Rita"),
            ],
            reserves: vec![playing_member("Cid", c), member("Reserve Two")],
        };
        let panel = committee.panel_for(&appeal, &t, &log, &settings()).unwrap();
        assert_eq!(names(&panel), ["Chair", "Cid", "Reserve Two"]);
        let conflicts: Vec<Conflict> = panel.excluded.iter().map(|e| e.conflict).collect();
        assert_eq!(conflicts, [Conflict::Party, Conflict::DecidedBelow]);
    }

    #[test]
    fn club_mates_step_aside_only_where_the_settings_say_so() {
        let (mut t, [a, _, c, _]) = four_players_round_one();
        for p in [a, c] {
            let mut player = t.player(p).unwrap().clone();
            player.club = "Kyiv".into();
            t.update_player(player).unwrap();
        }
        let (appeal, log) = appeal_by_a(&t, a);
        let committee = Committee {
            members: vec![member("Chair"), playing_member("Cid", c), member("Three")],
            reserves: vec![member("Reserve")],
        };
        let plain = committee.panel_for(&appeal, &t, &log, &settings()).unwrap();
        assert!(plain.has("Cid"));
        let strict = DisciplineSettings {
            exclude_club_mates: true,
            ..settings()
        };
        let panel = committee.panel_for(&appeal, &t, &log, &strict).unwrap();
        assert!(!panel.has("Cid") && panel.has("Reserve"));
        assert_eq!(panel.excluded[0].conflict, Conflict::ClubMate);
    }

    #[test]
    fn too_few_free_members_is_refused_until_one_is_co_opted() {
        let (t, [a, b, _, _]) = four_players_round_one();
        let (appeal, log) = appeal_by_a(&t, a);
        let mut committee = Committee {
            members: vec![member("Chair"), playing_member("Bea", b), member("Three")],
            reserves: vec![],
        };
        assert_eq!(
            committee.panel_for(&appeal, &t, &log, &settings()),
            Err(DisciplineError::CommitteeShort {
                needed: 3,
                available: 2
            })
        );
        assert_eq!(
            committee.co_opt(member("Chair"), &t),
            Err(DisciplineError::DuplicateMember("Chair".into()))
        );
        committee.co_opt(member("Co-opted"), &t).unwrap();
        assert!(committee.panel_for(&appeal, &t, &log, &settings()).is_ok());
    }

    #[test]
    fn the_committee_is_fixed_with_its_size_before_round_one_starts() {
        let (t, _) = four_players_round_one();
        let three = || vec![member("One"), member("Two"), member("Three")];
        let mut log = Log::default();
        let rfg = DisciplineSettings::for_ruleset(crate::core::discipline::Ruleset::Rfg);
        assert_eq!(
            Committee::fix(three(), vec![member("R1")], &t, &log, &rfg),
            Err(DisciplineError::TooFewReserves { needed: 2, have: 1 })
        );
        assert_eq!(
            Committee::fix(
                three()[..2].to_vec(),
                vec![member("R1")],
                &t,
                &log,
                &settings()
            ),
            Err(DisciplineError::CommitteeSize { needed: 3, have: 2 })
        );
        let ghost = vec![playing_member("Ghost", PlayerId(99))];
        assert_eq!(
            Committee::fix(three(), ghost, &t, &log, &settings()),
            Err(DisciplineError::UnknownPlayer(PlayerId(99)))
        );
        assert!(Committee::fix(three(), vec![member("R1")], &t, &log, &settings()).is_ok());
        start_round(&mut log, &t, 1, minute(0));
        assert_eq!(
            Committee::fix(three(), vec![member("R1")], &t, &log, &settings()),
            Err(DisciplineError::CommitteeAfterRoundOne)
        );
    }
}
