//! Withdrawal and removal from the tournament (RFG Code 21.5, "выход или
//! исключение": the same rule for both).
//!
//! Invariant: a leaver's games stay in the effective tournament with their
//! results, which rating reads; only [`Effective::for_standings`] annuls
//! them, so "annulled for standings but kept for rating" is two views of
//! one tournament, not two sets of results.

use super::DisciplineError;
use super::effective::{Effective, set};
use super::log::{EntryId, GameRef};
use super::settings::DisciplineSettings;
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::player::Participation;
use crate::core::round::{GameResult, ResultOrigin};
use crate::core::tournament::Tournament;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A player who left, and how their games count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Withdrawn {
    /// The player.
    pub player: PlayerId,
    /// The first round they did not play.
    pub from_round: RoundNo,
    /// The withdrawal or removal in the log.
    pub cause: EntryId,
    /// Games played before leaving.
    pub played: u32,
    /// Their games do not count in the standings (RFG 21.5 б).
    pub annulled: bool,
}

/// Takes leavers out of every round from the one they left, and decides their
/// unplayed games: "−" for both if annulled, else "+" for the opponent.
pub(super) fn withdraw(
    t: &mut Tournament,
    leaving: &BTreeMap<PlayerId, (RoundNo, EntryId)>,
    settings: &DisciplineSettings,
) -> Result<Vec<Withdrawn>, DisciplineError> {
    let rounds = t.settings().number_of_rounds;
    let left_by = |p: PlayerId, round: RoundNo| leaving.get(&p).is_some_and(|(r, _)| *r <= round);
    let withdrawals: Vec<Withdrawn> = leaving
        .iter()
        .map(|(&player, &(from_round, cause))| {
            // Games rewritten for another leaver are left out, so a second
            // pass counts the same. A game not yet finished counts as played
            // (RFG 21.5 г): only a forfeit is a game not played.
            let played = t
                .games()
                .iter()
                .filter(|g| g.round < from_round && g.origin != ResultOrigin::ByDefault)
                .filter_map(|g| g.opponent_of(player).map(|o| (g, o)))
                .filter(|(g, o)| !left_by(*o, g.round))
                .count() as u32;
            Withdrawn {
                player,
                from_round,
                cause,
                played,
                // RFG 21.5 б: fewer than half of the games → not counted at the end.
                annulled: settings.annul_below_half && played * 2 < rounds,
            }
        })
        .collect();
    for w in &withdrawals {
        let last = rounds.min(Participation::MAX_ROUNDS);
        for round in (w.from_round.get()..=last).filter_map(RoundNo::new) {
            t.set_participation(w.player, round, false)
                .map_err(|_| DisciplineError::UnknownPlayer(w.player))?;
        }
    }
    let annulled = |p: PlayerId| withdrawals.iter().any(|w| w.player == p && w.annulled);
    let unplayed: Vec<(GameRef, GameResult)> = t
        .games()
        .iter()
        .filter_map(|g| {
            let result = match (left_by(g.white, g.round), left_by(g.black, g.round)) {
                (false, false) => return None,
                (true, true) => GameResult::BothLose,
                (true, false) if annulled(g.white) => GameResult::BothLose,
                (false, true) if annulled(g.black) => GameResult::BothLose,
                // RFG 21.5 в: the remaining opponents get "+".
                (true, false) => GameResult::BlackWins,
                (false, true) => GameResult::WhiteWins,
            };
            let game = GameRef {
                round: g.round,
                board: g.board,
            };
            Some((game, result))
        })
        .collect();
    for (game, result) in unplayed {
        set(t, game, result, ResultOrigin::ByDefault)?;
    }
    Ok(withdrawals)
}

impl Effective {
    /// The tournament the standings are computed from: the games of a leaver
    /// whose games are annulled count "−" for both players (RFG 21.5 б).
    pub fn for_standings(&self) -> Tournament {
        let mut t = self.tournament.clone();
        let annulled: Vec<GameRef> = self
            .withdrawals
            .iter()
            .filter(|w| w.annulled)
            .flat_map(|w| {
                t.games()
                    .iter()
                    .filter(move |g| g.round < w.from_round && g.colour_of(w.player).is_some())
                    .map(|g| GameRef {
                        round: g.round,
                        board: g.board,
                    })
            })
            .collect();
        for game in annulled {
            let done = set(&mut t, game, GameResult::BothLose, ResultOrigin::ByDefault);
            debug_assert!(
                done.is_ok(),
                "an annulled game is one of the tournament's games"
            );
        }
        t
    }
}
