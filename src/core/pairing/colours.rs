//! Colour, handicap and komi of a pair, as OpenGotha's `gameBetween`.
//!
//! The handicap is the pseudo-rank difference (rank or MMS, capped at the
//! no-handicap threshold) reduced by the correction and clamped to the ceiling;
//! the stronger player takes White; even games balance colours.

use super::weights::det_random;
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::player::Player;
use crate::core::rank::Rank;
use crate::core::round::Colour;
use crate::core::settings::{HandicapSettings, Settings};
use crate::core::tournament::Tournament;
use crate::core::units::HalfPoints;

/// What the colour and handicap depend on for one player before the round.
#[derive(Debug, Clone, Copy)]
pub struct ColourInput<'p> {
    /// The player.
    pub player: &'p Player,
    /// McMahon score before the round, in half points.
    pub mms2: i32,
    /// Games with White minus games with Black so far, even games only.
    pub wb_balance: i64,
}

/// The two players of a game in colour order, and its handicap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Colours {
    /// True when the first player of the pair takes White.
    pub first_is_white: bool,
    /// Handicap stones (0 even; 1 means no komi).
    pub handicap: u8,
}

/// The signed handicap of `first` against `second`: positive when `first` is stronger.
pub fn signed_handicap(
    settings: &HandicapSettings,
    first: &ColourInput,
    second: &ColourInput,
) -> i32 {
    let pseudo = |c: &ColourInput| {
        let p = if settings.based_on_mms {
            c.mms2 / 2 + Rank::OPENGOTHA_MIN
        } else {
            c.player.rank.opengotha_value()
        };
        p.min(settings.no_handicap_threshold.opengotha_value())
    };
    let raw = pseudo(first) - pseudo(second);
    let corrected = if raw > 0 {
        (raw - settings.correction).max(0)
    } else if raw < 0 {
        (raw + settings.correction).min(0)
    } else {
        0
    };
    let ceiling = i32::from(settings.ceiling);
    corrected.clamp(-ceiling, ceiling)
}

/// Colours and handicap of a game between `first` and `second`, where `first`
/// comes first in OpenGotha's order (the deterministic tie-break depends on it).
pub fn game_between(
    settings: &HandicapSettings,
    first: &ColourInput,
    second: &ColourInput,
) -> Colours {
    let hd = signed_handicap(settings, first, second);
    let first_is_white = match hd.cmp(&0) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        // Even game: the player with more Whites so far takes Black.
        std::cmp::Ordering::Equal => match first.wb_balance.cmp(&second.wb_balance) {
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Equal => {
                det_random(1, &key(first.player), &key(second.player)) == 0
            }
        },
    };
    Colours {
        first_is_white,
        handicap: hd.unsigned_abs().min(u32::from(u8::MAX)) as u8,
    }
}

/// Whites minus Blacks of `player` in the even games before `round`
/// (OpenGotha `wbBalance`).
pub fn wb_balance(tournament: &Tournament, round: RoundNo, player: PlayerId) -> i64 {
    tournament
        .games()
        .iter()
        .filter(|g| g.round < round && g.handicap == 0)
        .map(|g| match g.colour_of(player) {
            Some(Colour::White) => 1,
            Some(Colour::Black) => -1,
            None => 0,
        })
        .sum()
}

/// OpenGotha's name key for its deterministic random: name then first name.
pub fn key(player: &Player) -> String {
    format!("{}{}", player.name, player.first_name)
}

/// Komi of a game: the tournament's komi for an even game, half a point with
/// handicap (1 stone means Black moves first without komi).
pub fn komi(settings: &Settings, handicap: u8) -> HalfPoints {
    if handicap == 0 {
        settings.rules.komi
    } else {
        HalfPoints::HALF
    }
}
