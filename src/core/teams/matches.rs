//! Team matches read off the individual games, as OpenGotha 3.51 reads them
//! (`Tournament.matchesListUpTo`, `Match.buildMatch`): a team's board-1
//! player's game names the opposing team, and every board of the two teams'
//! line-ups then adds its game's result.
//!
//! OpenGotha keeps no match record of its own, so neither do we: a match is
//! what the line-ups and the games say, and changes when either changes.

use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::round::Game;
use crate::core::tournament::{Team, Tournament};
use crate::core::units::HalfPoints;
use std::collections::HashMap;

/// Most boards a team can field (OpenGotha `MAX_NUMBER_OF_MEMBERS_BY_TEAM`).
pub const MAX_BOARDS: usize = 10;

/// One match between two teams in one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamMatch {
    /// The round, from 1.
    pub round: RoundNo,
    /// Index in [`Tournament::teams`] of the team whose board-1 player has White.
    pub white: usize,
    /// Index of the other team.
    pub black: usize,
    /// Per board (index 0 = board 1), the points of the white team's player.
    pub white_boards: [HalfPoints; MAX_BOARDS],
    /// Per board, the points of the black team's player.
    pub black_boards: [HalfPoints; MAX_BOARDS],
    /// Per board, the two members the line-ups seat there (white team's
    /// first), where both teams seat one.
    pub members: [Option<(PlayerId, PlayerId)>; MAX_BOARDS],
}

impl TeamMatch {
    /// Whether the team at `index` played in this match.
    pub fn involves(&self, index: usize) -> bool {
        self.white == index || self.black == index
    }

    /// The opposing team's index, when `index` played in this match.
    pub fn opponent_of(&self, index: usize) -> Option<usize> {
        match index {
            i if i == self.white => Some(self.black),
            i if i == self.black => Some(self.white),
            _ => None,
        }
    }

    /// Per-board points of the team at `index` (zeros if it did not play).
    pub fn boards_of(&self, index: usize) -> [HalfPoints; MAX_BOARDS] {
        match index {
            i if i == self.white => self.white_boards,
            i if i == self.black => self.black_boards,
            _ => [HalfPoints::ZERO; MAX_BOARDS],
        }
    }

    /// Board points of the team at `index`, on every board of its line-up.
    pub fn board_points(&self, index: usize) -> HalfPoints {
        self.boards_of(index).into_iter().sum()
    }

    /// OpenGotha's team points (TEAMP) of the team at `index`: 2 for a won
    /// match, 1 for a drawn one, 0 for a lost one. A team must beat both its
    /// opponent and half the boards: when both sides lose every game (a
    /// double forfeit), neither gets a point (`Match.getTeamScore`).
    pub fn team_points(&self, index: usize, boards: u32) -> u32 {
        let Some(opponent) = self.opponent_of(index) else {
            return 0;
        };
        // Half the boards, counted in half points, is the number of boards.
        let threshold = (boards as i32).max(self.board_points(opponent).halves());
        match self.board_points(index).halves() {
            own if own > threshold => 2,
            own if own == threshold => 1,
            _ => 0,
        }
    }
}

/// Who sits on which board of which team in each round.
struct LineUps<'a> {
    teams: &'a [Team],
    seats: HashMap<(RoundNo, usize, usize), PlayerId>,
}

impl<'a> LineUps<'a> {
    fn of(teams: &'a [Team]) -> Self {
        let mut seats = HashMap::new();
        for (index, team) in teams.iter().enumerate() {
            for b in &team.boards {
                // A later entry for the same seat replaces an earlier one, as
                // OpenGotha's `setTeamMember` does while reading the file.
                seats.insert((b.round, index, board_index(b.board)), b.player);
            }
        }
        LineUps { teams, seats }
    }

    fn member(&self, round: RoundNo, team: usize, board: usize) -> Option<PlayerId> {
        self.seats.get(&(round, team, board)).copied()
    }

    /// The first team, in the file's order, with `player` in its line-up of
    /// `round` (OpenGotha's `getTeamOfPlayer`; a player is in one team).
    fn team_of(&self, round: RoundNo, player: PlayerId) -> Option<usize> {
        (0..self.teams.len())
            .find(|&t| (0..MAX_BOARDS).any(|b| self.member(round, t, b) == Some(player)))
    }
}

fn board_index(board: BoardNo) -> usize {
    board.get() as usize - 1
}

/// The matches of rounds 1 to `last`, found as OpenGotha finds them.
pub fn matches_up_to(t: &Tournament, last: u32) -> Vec<TeamMatch> {
    let line_ups = LineUps::of(t.teams());
    let mut games: HashMap<(RoundNo, PlayerId), &Game> = HashMap::new();
    for g in t.games() {
        games.insert((g.round, g.white), g);
        games.insert((g.round, g.black), g);
    }
    let scheveningen = t.settings().teams.scheveningen;
    let mut matches = Vec::new();
    for (index, team) in t.teams().iter().enumerate() {
        for round in (1..=last).filter_map(RoundNo::new) {
            let Some(first) = line_ups.member(round, index, 0) else {
                continue;
            };
            let Some(game) = games.get(&(round, first)) else {
                continue;
            };
            let Some(opponent) = game.opponent_of(first) else {
                continue;
            };
            let Some(other) = line_ups.team_of(round, opponent) else {
                continue;
            };
            // Each match is built once, from the team whose name sorts first
            // (Java's `String.compareTo`, by UTF-16 code units).
            if !team
                .name
                .encode_utf16()
                .lt(t.teams()[other].name.encode_utf16())
            {
                continue;
            }
            let (white, black) = if game.white == first {
                (index, other)
            } else {
                (other, index)
            };
            let mut m = TeamMatch {
                round,
                white,
                black,
                white_boards: [HalfPoints::ZERO; MAX_BOARDS],
                black_boards: [HalfPoints::ZERO; MAX_BOARDS],
                members: [None; MAX_BOARDS],
            };
            for board in 0..MAX_BOARDS {
                let (Some(w), Some(b)) = (
                    line_ups.member(round, white, board),
                    line_ups.member(round, black, board),
                ) else {
                    continue;
                };
                m.members[board] = Some((w, b));
                if scheveningen {
                    // Each member meets a different board of the other team
                    // (Ukrainian rules II.7): each scores from their own game.
                    let own = |p| {
                        games
                            .get(&(round, p))
                            .map_or(HalfPoints::ZERO, |g| g.points_of(p))
                    };
                    m.white_boards[board] = own(w);
                    m.black_boards[board] = own(b);
                } else if let Some(g) = games.get(&(round, w)) {
                    // The game is the white team's member's; the black team's
                    // member scores only if he is in that game.
                    m.white_boards[board] = g.points_of(w);
                    m.black_boards[board] = g.points_of(b);
                }
            }
            matches.push(m);
        }
    }
    matches
}
