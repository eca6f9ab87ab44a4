//! Play-off games (Ukrainian rules III.3.5: "додаткова гра"): played by
//! tied players after the rounds, they break the tie among those players
//! only, through the `PLAYOFF` placement criterion.

use super::{Tournament, TournamentError};
use crate::core::ids::PlayerId;
use serde::{Deserialize, Serialize};

/// One play-off game and who won it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PlayOff {
    pub winner: PlayerId,
    pub loser: PlayerId,
}

impl Tournament {
    /// The play-off games, in the order played.
    pub fn play_offs(&self) -> &[PlayOff] {
        &self.play_offs
    }

    /// Adds a play-off game between two registered players.
    pub fn record_play_off(&mut self, game: PlayOff) -> Result<(), TournamentError> {
        for id in [game.winner, game.loser] {
            self.player(id).ok_or(TournamentError::UnknownPlayer(id))?;
        }
        if game.winner == game.loser {
            return Err(TournamentError::SelfPairing(game.winner));
        }
        self.play_offs.push(game);
        Ok(())
    }
}
