//! A refresh of the players' ratings from a newer list, as the list's index
//! finds it (`formats::rating_list`) and the organiser's command makes it.

use crate::core::ids::{PlayerId, RoundNo};
use crate::core::player::{Player, RatingSource};
use crate::core::rank::Rank;
use crate::core::rating::Rating;
use crate::core::tournament::{Tournament, TournamentError};

/// How a registered player was found in a rating list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchedBy {
    /// Their EGD PIN.
    EgfPin,
    /// Their FFG licence number.
    FfgLicence,
    /// Their name and given name, folded, shared by no other entry.
    Name,
}

/// One player's rating as a newer list gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingChange {
    /// The player.
    pub player: PlayerId,
    /// How they were found.
    pub matched_by: MatchedBy,
    /// The list's rating.
    pub rating: Rating,
    /// The rank after the update (see [`RatingIndex::updates`]).
    pub rank: Rank,
    /// The list and its date.
    pub source: RatingSource,
    /// OpenGotha's `ratingOrigin` for it.
    pub origin: &'static str,
    /// The list's EGD PIN, written where the player has none.
    pub egf_pin: String,
    /// The list's FFG licence, written where the player has none.
    pub ffg_licence: String,
}

impl RatingChange {
    /// `player` with this change made.
    pub fn applied(&self, player: &Player) -> Player {
        let mut after = player.clone();
        after.rating = self.rating;
        if after.rank != self.rank {
            after.rank = self.rank;
            after.grade = self.rank.to_string();
        }
        after.rating_source = Some(self.source);
        after.rating_origin = self.origin.into();
        if after.egf_pin.is_empty() {
            after.egf_pin.clone_from(&self.egf_pin);
        }
        if after.ffg_licence.is_empty() {
            after.ffg_licence.clone_from(&self.ffg_licence);
        }
        after
    }
}

/// What a refresh from a newer list would do, player by player.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RatingUpdates {
    /// Players whose rating, rank or list would change, in registration order.
    pub changes: Vec<RatingChange>,
    /// Players the list does not have.
    pub not_found: Vec<PlayerId>,
    /// Players found with nothing to change.
    pub unchanged: usize,
}

impl RatingUpdates {
    /// Makes the changes in `tournament`, all or none. Refused once round 1
    /// is paired: ratings and ranks have then placed players in McMahon
    /// groups, given handicaps and broken ties, so changing them would
    /// change a round already played.
    pub fn apply(&self, tournament: &mut Tournament) -> Result<(), TournamentError> {
        if tournament.is_paired(RoundNo::FIRST) {
            return Err(TournamentError::RatingsFixed);
        }
        let mut next = tournament.clone();
        for change in &self.changes {
            let player = next
                .player(change.player)
                .ok_or(TournamentError::UnknownPlayer(change.player))?;
            let after = change.applied(player);
            next.update_player(after)?;
        }
        *tournament = next;
        Ok(())
    }
}
