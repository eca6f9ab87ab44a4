//! An appeal filed: on whose behalf, against which decision, in writing,
//! and the checks a filing passes before it is numbered (a protest where
//! the settings require one, the deadline, a team's captain); who the
//! appeal concerns. What the bodies then decide is [`super::appeal`]'s.

use super::DisciplineError;
use super::appeal::{Appeal, AppealState};
use super::checks::{check_player, is_appealable};
use super::effective::effective;
use super::log::{Act, AppealId, EntryId, GameRef, Log, Moment, Official, Reason};
use super::settings::DisciplineSettings;
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::round::{GameResult, ResultOrigin};
use crate::core::tournament::Tournament;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// On whose behalf an appeal is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Party {
    /// A player.
    Player(PlayerId),
    /// A team's captain (RFG App. 4 §1.7: team protests come from the captain).
    Captain {
        /// The team number.
        team: u32,
    },
}

/// Who typed the appeal in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum FiledBy {
    /// A referee, for the party.
    Referee(Official),
    /// The party, through their private link.
    Party,
}

/// The decision appealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Appealed {
    /// A sanction, forfeit or correction in the log.
    Entry(EntryId),
    /// The referee's ruling on a game's result.
    Result(GameRef),
    /// A round's pairing.
    Pairing(RoundNo),
}

/// What the appellant filed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Filing {
    /// On whose behalf.
    pub appellant: Party,
    /// Who typed it in.
    pub filed_by: FiledBy,
    /// The decision appealed.
    pub appealed: Appealed,
    /// The appellant's grounds, in writing (RFG 26.4 г): see [`Filing::written`].
    pub grounds: Reason,
    /// The player who signed the written appeal: for a team, its captain
    /// (RFG App. 4 §1.7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signatory: Option<PlayerId>,
    /// When it was filed.
    pub at: Moment,
    /// The outcome can change titles or prizes (GTR "EGF rules commission").
    pub affects_prizes: bool,
}

impl Filing {
    /// The grounds as written; an appeal is made in writing (RFG 26.4 г,
    /// a team's protest App. 4 §1.7), so blank grounds are refused.
    pub fn written(text: &str) -> Result<Reason, DisciplineError> {
        Reason::new(text).map_err(|_| DisciplineError::UnwrittenAppeal)
    }
}

impl Appeal {
    /// Files an appeal, numbered after `appeals`; refused when it names
    /// nothing that exists, or a game played on without the protest the
    /// settings require (GTR "Player responsibility", RFG 26.3 б).
    pub fn file(
        appeals: &[Appeal],
        filing: Filing,
        tournament: &Tournament,
        log: &Log,
        settings: &DisciplineSettings,
    ) -> Result<Appeal, DisciplineError> {
        let id = AppealId(appeals.iter().map(|a| a.id.0).max().unwrap_or(0) + 1);
        let appeal = Appeal {
            id,
            filing,
            state: AppealState::Filed,
        };
        let appellants = appeal.appellants(tournament)?;
        if let Party::Captain { team } = appeal.filing.appellant {
            check_captain(tournament, team, appeal.filing.signatory)?;
        }
        match appeal.filing.appealed {
            Appealed::Entry(entry) => {
                let e = log
                    .entry(entry)
                    .ok_or(DisciplineError::UnknownEntry(entry))?;
                if !is_appealable(&e.act) {
                    return Err(DisciplineError::NotAppealable(entry));
                }
                // RFG 26.4 г: an appeal comes by the deadline fixed in advance.
                if let Some(minutes) = settings.appeal_deadline_minutes
                    && appeal.filing.at.unix_seconds() - e.at.unix_seconds()
                        > i64::from(minutes) * 60
                {
                    return Err(DisciplineError::AppealTooLate { entry, minutes });
                }
            }
            Appealed::Result(game) => {
                game.game(tournament)?;
            }
            Appealed::Pairing(_) => {}
        }
        if let (true, Some(game)) = (settings.protest_required, appeal.game(log)) {
            let now = effective(tournament, log, settings)?.tournament;
            let g = game.game(&now)?;
            let played_on = g.result != GameResult::Unknown && g.origin == ResultOrigin::Played;
            // A count disputed at the board is the players' protest: either
            // side may take the chief referee's count further (WMSG Proc. 10).
            let protested = log.entries().iter().any(|e| match e.act {
                Act::Protest { game: pg, player } => pg == game && appellants.contains(&player),
                Act::CountDisputed { game: dg, .. } => dg == game,
                _ => false,
            });
            if played_on && !protested {
                return Err(DisciplineError::NoProtest {
                    round: game.round,
                    board: game.board,
                });
            }
        }
        Ok(appeal)
    }

    /// The game the appeal is about, if any.
    pub fn game(&self, log: &Log) -> Option<GameRef> {
        match self.filing.appealed {
            Appealed::Entry(id) => log.entry(id).and_then(|e| e.act.game()),
            Appealed::Result(game) => Some(game),
            Appealed::Pairing(_) => None,
        }
    }

    /// The players on whose behalf the appeal is made.
    fn appellants(&self, tournament: &Tournament) -> Result<BTreeSet<PlayerId>, DisciplineError> {
        match self.filing.appellant {
            Party::Player(p) => {
                check_player(tournament, p)?;
                Ok(BTreeSet::from([p]))
            }
            Party::Captain { team } => tournament
                .teams()
                .iter()
                .find(|t| t.number == team)
                .map(|t| t.boards.iter().map(|b| b.player).collect())
                .ok_or(DisciplineError::UnknownTeam(team)),
        }
    }

    /// Everyone the appeal concerns: the appellants and the game's players.
    pub fn parties(&self, tournament: &Tournament, log: &Log) -> BTreeSet<PlayerId> {
        let mut parties = self.appellants(tournament).unwrap_or_default();
        if let Some(g) = self
            .game(log)
            .and_then(|g| tournament.game_on(g.round, g.board))
        {
            parties.extend([g.white, g.black]);
        }
        if let Appealed::Entry(id) = self.filing.appealed {
            let sanctioned = log.entry(id).and_then(|e| match &e.act {
                Act::Sanction(s) => s.kind.player(),
                _ => None,
            });
            parties.extend(sanctioned);
        }
        parties
    }
}

/// RFG App. 4 §1.7: "only the team's captain (representative) may send
/// protests to the referees" — the captain as the team stands now signs.
fn check_captain(
    tournament: &Tournament,
    team: u32,
    signatory: Option<PlayerId>,
) -> Result<(), DisciplineError> {
    let Some(player) = signatory else {
        return Err(DisciplineError::UnsignedTeamAppeal(team));
    };
    let captain = tournament
        .teams()
        .iter()
        .find(|t| t.number == team)
        .and_then(|t| t.captain);
    if captain != Some(player) {
        return Err(DisciplineError::NotCaptain { team, player });
    }
    Ok(())
}
