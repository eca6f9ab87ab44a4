//! The teams of a team event: members, captain, reserves and the line-up
//! of each round, kept in the tournament beside its players.

use super::{Tournament, TournamentError};
use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use serde::{Deserialize, Serialize};

/// A team of a team event, with its board order per round.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// Team number.
    pub number: u32,
    /// Team name.
    pub name: String,
    /// Who plays which board in which round: the line-ups.
    pub boards: Vec<TeamBoard>,
    /// Every member, reserves included, as registered in Tengen. An
    /// OpenGotha file carries only line-ups, so an imported team has none
    /// here and its members are those its line-ups seat
    /// ([`Tournament::members_of`]).
    #[serde(default)]
    pub members: Vec<PlayerId>,
    /// The members who are reserves (RFG App. 4 §1.2).
    #[serde(default)]
    pub reserves: Vec<PlayerId>,
    /// The captain, who submits the line-ups (RFG App. 4 §1.7).
    #[serde(default)]
    pub captain: Option<PlayerId>,
    /// When each round's line-up came in, and whether it was late.
    #[serde(default)]
    pub filed: Vec<LineUpFiled>,
}

/// When a round's line-up was submitted, and whether after its deadline:
/// a late line-up is taken and shown to the referee, who decides (RFG App.
/// 4 §1.2 sets the deadline, not what follows from missing it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineUpFiled {
    /// The round.
    pub round: RoundNo,
    /// When it came in.
    pub at: crate::core::moment::Moment,
    /// By the captain through their link (else by the staff).
    pub by_captain: bool,
    /// Minutes past the deadline, when the round's start was logged and
    /// the line-up came after it less the deadline.
    pub late_minutes: Option<u32>,
}

/// One member's board in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamBoard {
    /// The round.
    pub round: RoundNo,
    /// The board, 1 = first board.
    pub board: BoardNo,
    /// The member.
    pub player: PlayerId,
}

impl Tournament {
    /// Adds a team; every member must be registered.
    pub fn add_team(&mut self, team: Team) -> Result<(), TournamentError> {
        for b in &team.boards {
            self.player(b.player)
                .ok_or(TournamentError::UnknownPlayer(b.player))?;
        }
        self.teams.push(team);
        Ok(())
    }

    /// The team numbered `number`.
    pub fn team(&self, number: u32) -> Option<&Team> {
        self.teams.iter().find(|t| t.number == number)
    }

    /// The members of `team`: as registered, else (an imported team)
    /// everyone its line-ups seat, in order of first appearance.
    pub fn members_of(team: &Team) -> Vec<PlayerId> {
        if !team.members.is_empty() {
            return team.members.clone();
        }
        let mut seated: Vec<&TeamBoard> = team.boards.iter().collect();
        seated.sort_by_key(|b| (b.round, b.board));
        let mut members = Vec::new();
        for b in seated {
            if !members.contains(&b.player) {
                members.push(b.player);
            }
        }
        members
    }

    /// The team `player` is a member of.
    pub fn team_of(&self, player: PlayerId) -> Option<&Team> {
        self.teams
            .iter()
            .find(|t| Self::members_of(t).contains(&player))
    }

    /// Replaces the team with `team`'s number; every member must be registered.
    pub fn replace_team(&mut self, team: Team) -> Result<(), TournamentError> {
        for p in team
            .members
            .iter()
            .chain(team.boards.iter().map(|b| &b.player))
        {
            self.player(*p).ok_or(TournamentError::UnknownPlayer(*p))?;
        }
        match self.teams.iter_mut().find(|t| t.number == team.number) {
            Some(slot) => *slot = team,
            None => self.teams.push(team),
        }
        Ok(())
    }

    /// Removes the team numbered `number`, if there is one.
    pub fn remove_team(&mut self, number: u32) -> Option<Team> {
        let at = self.teams.iter().position(|t| t.number == number)?;
        Some(self.teams.remove(at))
    }
}
