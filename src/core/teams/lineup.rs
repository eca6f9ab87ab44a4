//! A team's line-up for one round: who sits on which board, checked against
//! the team's roster and the event's line-up rules (RFG App. 4 §1.2, §1.4).
//!
//! Invariant: a line-up is only ever checked, never corrected here; what to do
//! with a problem (refuse, flag, score a board or the match as lost) is the
//! referee's decision, which each problem's [`LineUpProblem::article`] names.

use crate::core::ids::{BoardNo, PlayerId};
use crate::core::rank::Rank;
use crate::core::rating::Rating;
pub use crate::core::settings::{BoardOrder, LineUpRules};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// A team member and the strength the board order is judged by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    /// The player.
    pub player: PlayerId,
    /// The player's rank.
    pub rank: Rank,
    /// The player's rating.
    pub rating: Rating,
}

impl Member {
    /// Strength for the board order: the rank, then the rating within it.
    pub fn strength(&self) -> (Rank, Rating) {
        (self.rank, self.rating)
    }
}

/// A team as entered: its members, its captain and which members are reserves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRoster {
    /// Team number, as `tournament::Team::number`.
    pub number: u32,
    /// Team name.
    pub name: String,
    /// Every member, reserves included.
    pub members: Vec<Member>,
    /// The captain, one of the members (Ukrainian rules IV.3; RFG App. 4 §1.7).
    pub captain: PlayerId,
    /// The members who are reserves.
    pub reserves: Vec<PlayerId>,
}

impl TeamRoster {
    /// The member entry of `player`, if `player` is in this team.
    pub fn member(&self, player: PlayerId) -> Option<&Member> {
        self.members.iter().find(|m| m.player == player)
    }
}

/// Who sits on each board in one round: `boards[0]` is board 1, `None` an empty board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineUp {
    /// The player on each board, from board 1.
    pub boards: Vec<Option<PlayerId>>,
}

impl LineUp {
    /// Board numbers with their players, empty boards included.
    pub fn seats(&self) -> impl Iterator<Item = (BoardNo, Option<PlayerId>)> + '_ {
        (1u32..)
            .filter_map(BoardNo::new)
            .zip(self.boards.iter().copied())
    }
}

/// Something wrong with a line-up, with the article it breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LineUpProblem {
    /// The player on this board is not a member of the team (another team's or unknown).
    NotInTeam {
        /// The board.
        board: BoardNo,
        /// The player.
        player: PlayerId,
    },
    /// The same player is named on two boards.
    SamePlayerTwice {
        /// The player.
        player: PlayerId,
        /// The board where the player is first named.
        first: BoardNo,
        /// The board where the player is named again.
        again: BoardNo,
    },
    /// More reserves play than the rules allow.
    TooManyReserves {
        /// Reserves in the line-up.
        fielded: usize,
        /// Reserves allowed.
        allowed: u8,
    },
    /// A weaker player sits directly above a stronger one under `FixedByStrength`.
    WeakerAboveStronger {
        /// The board of the weaker player.
        board: BoardNo,
        /// The weaker player.
        weaker: PlayerId,
        /// The stronger player on a board below.
        stronger: PlayerId,
    },
    /// The line-up names a different number of boards than the event has.
    WrongBoardCount {
        /// Boards in the line-up.
        given: usize,
        /// Boards of the event.
        expected: u8,
    },
    /// A board has nobody on it.
    EmptyBoard {
        /// The board.
        board: BoardNo,
    },
    /// Fewer than half the team is present: the team loses the match.
    TooFewPresent {
        /// Team members in the line-up.
        present: usize,
        /// Boards of the event.
        boards: u8,
    },
}

impl LineUpProblem {
    /// The article the problem breaks, e.g. "RFG App. 4 §1.2".
    pub fn article(&self) -> &'static str {
        match self {
            LineUpProblem::NotInTeam { .. }
            | LineUpProblem::SamePlayerTwice { .. }
            | LineUpProblem::TooManyReserves { .. }
            | LineUpProblem::WeakerAboveStronger { .. }
            | LineUpProblem::WrongBoardCount { .. }
            | LineUpProblem::EmptyBoard { .. } => "RFG App. 4 §1.2",
            LineUpProblem::TooFewPresent { .. } => "RFG App. 4 §1.4",
        }
    }

    /// Whether the problem loses the team the whole match (RFG App. 4 §1.4),
    /// which the caller applies with `points::forfeited_match`.
    pub fn loses_match(&self) -> bool {
        matches!(self, LineUpProblem::TooFewPresent { .. })
    }
}

/// Every problem of `line_up` for the team `roster` under `rules`; `Ok` when there is none.
pub fn check_line_up(
    roster: &TeamRoster,
    rules: &LineUpRules,
    line_up: &LineUp,
) -> Result<(), Vec<LineUpProblem>> {
    let mut problems = Vec::new();
    if line_up.boards.len() != usize::from(rules.boards) {
        problems.push(LineUpProblem::WrongBoardCount {
            given: line_up.boards.len(),
            expected: rules.boards,
        });
    }
    let mut first_board: HashMap<PlayerId, BoardNo> = HashMap::new();
    let mut seated: Vec<(BoardNo, &Member)> = Vec::new();
    for (board, player) in line_up.seats() {
        let Some(player) = player else {
            problems.push(LineUpProblem::EmptyBoard { board });
            continue;
        };
        if let Some(&first) = first_board.get(&player) {
            problems.push(LineUpProblem::SamePlayerTwice {
                player,
                first,
                again: board,
            });
            continue;
        }
        first_board.insert(player, board);
        match roster.member(player) {
            Some(member) => seated.push((board, member)),
            None => problems.push(LineUpProblem::NotInTeam { board, player }),
        }
    }
    let fielded = seated
        .iter()
        .filter(|(_, m)| roster.reserves.contains(&m.player))
        .count();
    if fielded > usize::from(rules.reserves) {
        problems.push(LineUpProblem::TooManyReserves {
            fielded,
            allowed: rules.reserves,
        });
    }
    if rules.order == BoardOrder::FixedByStrength {
        // Adjacent seated members suffice: any inversion shows in some adjacent pair.
        for pair in seated.windows(2) {
            let ((board, upper), (_, lower)) = (pair[0], pair[1]);
            if upper.strength() < lower.strength() {
                problems.push(LineUpProblem::WeakerAboveStronger {
                    board,
                    weaker: upper.player,
                    stronger: lower.player,
                });
            }
        }
    }
    // §1.2 calls the team size its "количественный состав", so the half of
    // §1.4 is half the boards, not half the roster with its reserves.
    if seated.len() * 2 < usize::from(rules.boards) {
        problems.push(LineUpProblem::TooFewPresent {
            present: seated.len(),
            boards: rules.boards,
        });
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// Whether a line-up came in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Timeliness {
    /// At or before the deadline.
    OnTime,
    /// After the deadline: flagged to the referee, neither accepted nor refused here.
    Late {
        /// Minutes past the deadline.
        minutes: u32,
    },
}

/// Whether a line-up submitted at `submitted` meets the deadline of a round
/// starting at `round_start`, both in minutes on one clock the caller reads
/// (as `rules::lateness`, no clock is read here). RFG App. 4 §1.2: "не
/// позднее, чем за 15 минут" — exactly at the deadline is on time.
pub fn lateness(submitted: i64, round_start: i64, deadline_minutes: u32) -> Timeliness {
    let late = submitted - (round_start - i64::from(deadline_minutes));
    if late <= 0 {
        Timeliness::OnTime
    } else {
        Timeliness::Late {
            minutes: u32::try_from(late).unwrap_or(u32::MAX),
        }
    }
}

/// The line-up a round is played with, and where it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EffectiveLineUp<'a> {
    /// The line-up the captain submitted for this round.
    Submitted(&'a LineUp),
    /// No valid line-up came: the round-1 board allocation (RFG App. 4 §1.2).
    FirstRound(&'a LineUp),
}

impl<'a> EffectiveLineUp<'a> {
    /// The line-up itself.
    pub fn line_up(self) -> &'a LineUp {
        match self {
            EffectiveLineUp::Submitted(l) | EffectiveLineUp::FirstRound(l) => l,
        }
    }
}

/// The line-up to play with: the valid `submitted` one, else round 1's (RFG
/// App. 4 §1.2). The caller passes `submitted` only when it is valid; `None`
/// when neither exists (round 1 without a line-up).
pub fn effective_line_up<'a>(
    submitted: Option<&'a LineUp>,
    first_round: Option<&'a LineUp>,
) -> Option<EffectiveLineUp<'a>> {
    submitted
        .map(EffectiveLineUp::Submitted)
        .or(first_round.map(EffectiveLineUp::FirstRound))
}
