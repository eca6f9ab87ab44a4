//! Pair go and rengo: sides of two or three players sharing one game (RFG code
//! App. 4 §3): who moves when, komi and ties, the handicap between two sides,
//! and the ruling on a move out of order.
//!
//! Invariant: the correct order depends only on the move number and the
//! handicap; a move out of order never shifts it (§3.6.6–7).

use crate::core::ids::PlayerId;
use crate::core::rating::Rating;
use crate::core::round::Colour;
use crate::core::settings::TieRule;
use crate::core::units::HalfPoints;

/// A seat in a pair go side (§3.1: a man and a woman).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seat {
    /// The woman, who moves first for her side (§3.3).
    Woman,
    /// The man.
    Man,
}

/// Komi of an even pair go game, to White (§3.7.2).
pub const PAIR_GO_KOMI: HalfPoints = HalfPoints::from_points(6);

/// Points an unintentional order error costs (§3.6.4).
pub const ORDER_ERROR_PENALTY: HalfPoints = HalfPoints::from_points(3);

/// Largest handicap in an official tournament (App. 5 §5.4).
pub const MAX_HANDICAP: u8 = 9;

/// Why a side or a pair game cannot be set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PairGoError {
    /// A side has two (pair go, rengo) or three (rengo) members.
    #[error("a side has 2 or 3 members, not {0}")]
    SideSize(usize),
    /// A member is listed twice in one side.
    #[error("player {0} is listed twice in a side")]
    MemberTwice(PlayerId),
}

/// The members of one side in their playing order; in pair go the woman first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    members: Vec<PlayerId>,
}

impl Side {
    /// A side of `members` in playing order: two for pair go, two or three for rengo.
    pub fn new(members: Vec<PlayerId>) -> Result<Self, PairGoError> {
        if !(2..=3).contains(&members.len()) {
            return Err(PairGoError::SideSize(members.len()));
        }
        if let Some(i) = (1..members.len()).find(|&i| members[..i].contains(&members[i])) {
            return Err(PairGoError::MemberTwice(members[i]));
        }
        Ok(Side { members })
    }

    /// The members, in playing order.
    pub fn members(&self) -> &[PlayerId] {
        &self.members
    }
}

/// Who moves at `move_number` (counted from 1 after the handicap stones):
/// the colour, and the member of that side by position in its playing order.
/// §3.3's correct order for pairs (Black woman, White woman, Black man, White
/// man) is read as: the sides alternate and each side's members take turns.
/// With two stones or more the Black woman's placing of the stones (§3.7.4)
/// is her turn, so the White woman moves first, then the Black man. For rengo
/// of three the code is silent; the same reading gives B1 W1 B2 W2 B3 W3.
pub fn member_to_move(move_number: u32, handicap: u8, members: usize) -> (Colour, usize) {
    debug_assert!(move_number >= 1, "moves are counted from 1");
    debug_assert!(members >= 1, "a side has members");
    let placed = u32::from(handicap >= 2);
    let turn = (move_number.max(1) - 1 + placed) as usize;
    let colour = if turn.is_multiple_of(2) {
        Colour::Black
    } else {
        Colour::White
    };
    (colour, turn / 2 % members.max(1))
}

/// Who moves at `move_number` in pair go (App. 4 §3.3), see [`member_to_move`].
pub fn player_to_move(move_number: u32, handicap: u8) -> (Colour, Seat) {
    let (colour, member) = member_to_move(move_number, handicap, 2);
    (colour, if member == 0 { Seat::Woman } else { Seat::Man })
}

/// The player of `black` or `white` who moves at `move_number`.
pub fn side_to_move(black: &Side, white: &Side, move_number: u32, handicap: u8) -> PlayerId {
    let (colour, _) = member_to_move(move_number, handicap, 1);
    let side = if colour == Colour::Black {
        black
    } else {
        white
    };
    let (_, member) = member_to_move(move_number, handicap, side.members.len());
    side.members[member]
}

/// Which side takes Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlackSide {
    /// The first side given, the weaker.
    First,
    /// The second side given, the weaker.
    Second,
    /// Even game: the women draw colours by nigiri (§3.7.2).
    Nigiri,
}

/// The conditions of a game between two sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PairGame {
    /// Who takes Black.
    pub black: BlackSide,
    /// Handicap stones (0 even; 1 no stones and no komi, App. 2 a).
    pub handicap: u8,
    /// Komi to White.
    pub komi: HalfPoints,
    /// An equal count is a White win (§3.7.3).
    pub tie_rule: TieRule,
}

/// The game between sides rated `first` and `second` (members' GoR ratings):
/// the handicap is the difference of the AVERAGE ratings in stones of 100 GoR
/// points, rounded up when fractional (§3.7.5–6), at most [`MAX_HANDICAP`].
/// An even game gives White komi 6: §3.7.6 says "Black gets komi 6", which
/// contradicts §3.7.2 and is read as White (requirements §8 defect note).
pub fn pair_game(first: &[Rating], second: &[Rating]) -> Result<PairGame, PairGoError> {
    for side in [first, second] {
        if !(2..=3).contains(&side.len()) {
            return Err(PairGoError::SideSize(side.len()));
        }
    }
    let sum = |side: &[Rating]| side.iter().map(|r| i64::from(r.gor())).sum::<i64>();
    let (n1, n2) = (first.len() as i64, second.len() as i64);
    // Average difference × n1 × n2, so that no division happens before the rounding.
    let scaled = sum(first) * n2 - sum(second) * n1;
    let stones = scaled.unsigned_abs().div_ceil((n1 * n2 * 100) as u64);
    let handicap = stones.min(u64::from(MAX_HANDICAP)) as u8;
    let black = match scaled.signum() {
        0 => BlackSide::Nigiri,
        -1 => BlackSide::First,
        _ => BlackSide::Second,
    };
    Ok(PairGame {
        black,
        handicap,
        komi: if handicap == 0 {
            PAIR_GO_KOMI
        } else {
            HalfPoints::ZERO
        },
        tie_rule: TieRule::WhiteWins,
    })
}

/// A claimed move out of order (§3.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderClaim {
    /// The claim was made right after the offending move (§3.6.1).
    pub immediately: bool,
    /// The referee finds the error intentional (§3.6.2).
    pub intentional: bool,
    /// The move before the offending one was in the correct order (§3.6.3–5).
    pub previous_move_in_order: bool,
}

/// The referee's ruling on an order error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderRuling {
    /// Claimed too late: play goes on (§3.6.1).
    TooLate,
    /// Intentional: the game ends at once (§3.6.2), lost by the offending side
    /// (the code does not name the result; a loss, as for forbidden advice).
    GameLost,
    /// Play goes on; the offending side gives these points (§3.6.4).
    Penalty(HalfPoints),
    /// The previous move was out of order too: play goes on unpunished (§3.6.5).
    NoPenalty,
}

/// The ruling on `claim`; no move is taken back in any case (§3.6.6).
pub fn order_ruling(claim: OrderClaim) -> OrderRuling {
    match claim {
        OrderClaim {
            immediately: false, ..
        } => OrderRuling::TooLate,
        OrderClaim {
            intentional: true, ..
        } => OrderRuling::GameLost,
        OrderClaim {
            previous_move_in_order: true,
            ..
        } => OrderRuling::Penalty(ORDER_ERROR_PENALTY),
        OrderClaim {
            previous_move_in_order: false,
            ..
        } => OrderRuling::NoPenalty,
    }
}

#[cfg(test)]
#[path = "pair_go_tests.rs"]
mod tests;
