//! The pairing report of a round: what the pairing had to bend, as OpenGotha's
//! pairing report lists it (repeat games, score gaps, same club or country,
//! draw-ups and draw-downs, colour imbalance, big handicaps).
//!
//! It reads the round's games from the tournament, so it judges manual
//! pairings as well as the engine's.

use super::groups::MainScore;
use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::round::Game;
use crate::core::standings::scores;
use crate::core::tournament::Tournament;
use crate::core::units::HalfPoints;

/// From which size a score gap or a handicap is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReportLimits {
    /// Report games whose McMahon scores differ by more than this.
    pub score_gap: HalfPoints,
    /// Report games with more handicap stones than this.
    pub handicap: u8,
}

impl Default for ReportLimits {
    fn default() -> Self {
        ReportLimits {
            score_gap: HalfPoints::from_points(1),
            handicap: 2,
        }
    }
}

/// One board of the round that a report line is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// Board number.
    pub board: BoardNo,
    /// White.
    pub white: PlayerId,
    /// Black.
    pub black: PlayerId,
}

/// What had to bend in a round's pairing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PairingReport {
    /// Players who already met in an earlier round.
    pub repeats: Vec<Board>,
    /// McMahon score gaps above the limit, with the gap.
    pub score_gaps: Vec<(Board, HalfPoints)>,
    /// Both players from the same club (clubs named, case-insensitive).
    pub same_club: Vec<Board>,
    /// Both players from the same country (countries named, case-insensitive).
    pub same_country: Vec<Board>,
    /// Games across main-score groups: the board and how many groups apart.
    pub draws: Vec<(Board, i32)>,
    /// Players whose even games would then have two or more Whites more than
    /// Blacks (or the reverse), with that balance.
    pub colour_imbalance: Vec<(PlayerId, i32)>,
    /// Handicaps above the limit.
    pub big_handicaps: Vec<(Board, u8)>,
}

impl PairingReport {
    /// True when nothing had to bend.
    pub fn is_clean(&self) -> bool {
        *self == PairingReport::default()
    }
}

/// The report of `round` as it stands in `tournament`.
pub fn report(tournament: &Tournament, round: RoundNo, limits: &ReportLimits) -> PairingReport {
    let sheet = scores(tournament, round.index() as u32);
    let main = MainScore::of(tournament.settings());
    let before = round.index();
    let mms = |id| sheet.mms(id).unwrap_or(HalfPoints::ZERO);
    let player = |id| tournament.player(id);
    let same = |a: &str, b: &str| !a.is_empty() && a.to_lowercase() == b.to_lowercase();
    let mut games: Vec<&Game> = tournament
        .games()
        .iter()
        .filter(|g| g.round == round)
        .collect();
    games.sort_by_key(|g| g.board);
    let mut out = PairingReport::default();
    for g in &games {
        let board = Board {
            board: g.board,
            white: g.white,
            black: g.black,
        };
        let met = |old: &&Game| old.round < round && old.opponent_of(g.white) == Some(g.black);
        if tournament.games().iter().any(|old| met(&old)) {
            out.repeats.push(board);
        }
        let (w, b) = (mms(g.white), mms(g.black));
        let gap = if w > b { w - b } else { b - w };
        if gap > limits.score_gap {
            out.score_gaps.push((board, gap));
        }
        if let (Some(pw), Some(pb)) = (player(g.white), player(g.black)) {
            if same(&pw.club, &pb.club) {
                out.same_club.push(board);
            }
            if same(&pw.country, &pb.country) {
                out.same_country.push(board);
            }
        }
        let groups_apart = (main.halves(&sheet, g.white, before) / 2
            - main.halves(&sheet, g.black, before) / 2)
            .abs();
        if groups_apart > 0 {
            out.draws.push((board, groups_apart));
        }
        if g.handicap > limits.handicap {
            out.big_handicaps.push((board, g.handicap));
        }
    }
    for p in tournament.players() {
        let balance: i32 = tournament
            .games()
            .iter()
            .filter(|g| g.round <= round && g.handicap == 0)
            .map(|g| match g.colour_of(p.id) {
                Some(crate::core::round::Colour::White) => 1,
                Some(crate::core::round::Colour::Black) => -1,
                None => 0,
            })
            .sum();
        let plays = games.iter().any(|g| g.colour_of(p.id).is_some());
        if plays && balance.abs() >= 2 {
            out.colour_imbalance.push((p.id, balance));
        }
    }
    out
}
