//! The EGF rating (GoR): what each player's rating would be after this
//! tournament, and the tournament's class and adjusted time as the EGD's
//! files (h9) carry them.
//!
//! The formula is the European Go Database's since its 2021 revision (the EGF
//! Rating System Commission's new parameters), as the EGD describes it on its
//! page "EGF Official ratings system" (europeangodatabase.eu/EGD/
//! EGF_rating_system.php, "System description"). In our words:
//!
//! - Ratings are mapped to a stretched scale, β(r) = −7·ln(3300 − r), 3300
//!   being the rating the revision assumes for perfect play. A player's
//!   expected result against an opponent is the Bradley–Terry chance
//!   Se = 1 / (1 + e^(β(opponent) − β(own))): a 100-point gap weighs more
//!   between dan players than between kyu players.
//! - One game changes a rating by con·(Sa − Se) + bonus, where Sa is 1 for a
//!   win, ½ for jigo and 0 for a loss; con = ((3300 − r) / 200)^1.6 lets weak
//!   ratings move faster than strong ones, and bonus = ln(1 + e^((2300 − r) / 80)) / 5
//!   is a small gift (2 points a game at 1500, 0.14 at 2300) that
//!   offsets the deflation of players improving faster than their ratings.
//!   Both use the player's own rating, `r`.
//! - Handicap: Black's rating counts 100·(h − ½) higher in Se for h ≥ 1
//!   stones (a stone is worth a grade, 100 points, and Black's first move is
//!   the half stone komi otherwise gives back). The revised description keeps
//!   this rule of the earlier one (EGF_rating_system_old.php). Komi beyond
//!   that is not part of the formula, so it is not read here.
//! - A tournament is rated at once: every game uses the ratings from before
//!   it and the changes add up. The tournament class scales each change:
//!   A 1, B ¾, C ½, D ¼; class X is not rated. A player new to the EGD starts
//!   from the grade they declare (1d = 2100, 100 a grade, 30k = −900, 1p = 2700
//!   and 30 a professional grade), and no rating falls below −900. Ratings are
//!   published as whole numbers, so the result is rounded.

use std::collections::BTreeMap;

use crate::core::round::{Colour, Game, GameResult, ResultOrigin};
use crate::core::rules::TimeControl;
use crate::core::settings::Settings;
use crate::core::{Player, PlayerId, Rank, Rating, RoundNo, Tournament};

pub use crate::core::rules::EgfClass;

/// The rating the revision assumes for perfect play, the top of the scale.
const PERFECT: f64 = 3300.0;

/// The bottom of the GoR scale (30k); the EGD resets lower ratings to it.
const FLOOR: i32 = -900;

/// The stretched scale the expected result is computed on.
fn beta(rating: f64) -> f64 {
    -7.0 * (PERFECT - rating).ln()
}

/// How far one game can move a rating of `rating`.
fn con(rating: f64) -> f64 {
    ((PERFECT - rating) / 200.0).powf(1.6)
}

/// The anti-deflation gift of one game at `rating`.
fn bonus(rating: f64) -> f64 {
    ((2300.0 - rating) / 80.0).exp().ln_1p() / 5.0
}

/// The rating points `stones` of handicap are worth to Black.
fn handicap_points(stones: u8) -> f64 {
    if stones == 0 {
        0.0
    } else {
        // Nine stones is the most a board takes; a file may say more.
        100.0 * (f64::from(stones.min(9)) - 0.5)
    }
}

/// The chance a player rated `own` beats one rated `opponent`, both already
/// adjusted for handicap.
fn expected(own: f64, opponent: f64) -> f64 {
    1.0 / (1.0 + (beta(opponent) - beta(own)).exp())
}

/// One side of a game, as the rating formula reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Side {
    /// The player's rating before the tournament.
    pub rating: f64,
    /// The opponent's rating before the tournament.
    pub opponent: f64,
    /// The player's colour: Black takes the handicap.
    pub colour: Colour,
    /// Handicap stones (0 even, 1 no komi).
    pub handicap: u8,
    /// The player's result: 1 win, ½ jigo, 0 loss.
    pub score: f64,
}

/// The change one game makes to the player's rating before the class weight.
pub fn game_change(side: Side) -> f64 {
    let stones = handicap_points(side.handicap);
    let (own, opponent) = match side.colour {
        Colour::Black => (side.rating + stones, side.opponent),
        Colour::White => (side.rating, side.opponent + stones),
    };
    // β is defined below perfect play only: a 2900 taking nine stones would
    // otherwise pass it and make the expected result NaN.
    let below_perfect = |r: f64| r.min(PERFECT - 1.0);
    con(side.rating) * (side.score - expected(below_perfect(own), below_perfect(opponent)))
        + bonus(side.rating)
}

/// The GoR a grade stands for, where a player has no rating of their own.
pub fn gor_of_rank(rank: Rank) -> i32 {
    match rank {
        Rank::Kyu(k) => 2100 - 100 * i32::from(k),
        Rank::Dan(d) => 2000 + 100 * i32::from(d),
        Rank::Pro(p) => 2700 + 30 * (i32::from(p) - 1),
    }
}

/// Whether the player's rating is only their grade's: OpenGotha marks a
/// rating it initialised from the rank `INI`, and a player never given one
/// holds the bottom of the scale with no origin.
fn rating_from_rank(player: &Player) -> bool {
    player.rating_origin == "INI"
        || (player.rating_origin.is_empty() && player.rating.gor() == Rating::MIN)
}

/// A player's rating before the tournament, and whether it comes from the rank.
fn start(player: &Player) -> (i32, bool) {
    if rating_from_rank(player) {
        (gor_of_rank(player.rank), true)
    } else {
        (player.rating.gor(), false)
    }
}

/// What one game did to a player's rating, class weight included.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameGor {
    /// The round of the game.
    pub round: RoundNo,
    /// The change, in rating points (not rounded).
    pub change: f64,
}

/// A player's rating before and after the tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerGor {
    /// The rating before (the grade's when the player has none).
    pub before: i32,
    /// Whether `before` comes from the player's grade.
    pub from_rank: bool,
    /// The rated games, in the order of the tournament's game list.
    pub games: Vec<GameGor>,
    /// The rating after, rounded, never below −900.
    pub after: i32,
}

impl PlayerGor {
    /// The whole change, as the two published ratings differ.
    pub fn change(&self) -> i32 {
        self.after - self.before
    }

    /// The change of the game of `round`, if it was rated.
    pub fn in_round(&self, round: RoundNo) -> Option<f64> {
        self.games
            .iter()
            .find(|g| g.round == round)
            .map(|g| g.change)
    }
}

/// Every player's rating preview in one tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct Preview {
    /// The class whose weight was applied.
    pub class: EgfClass,
    players: BTreeMap<PlayerId, PlayerGor>,
}

impl Preview {
    /// The preview of one player.
    pub fn of(&self, player: PlayerId) -> Option<&PlayerGor> {
        self.players.get(&player)
    }
}

/// The player's score in a game the EGD rates, `None` for one it does not:
/// a result by default (nobody played; OpenGotha's h9 marks it `!` so the
/// EGD skips it), an unknown result, and "both win" or "both lose", which
/// record a decision about the pair rather than a game one of them won. A
/// referee's decision on a played game counts as its result, as the h9 file
/// reports it.
fn rated_score(game: &Game, colour: Colour) -> Option<f64> {
    if game.origin == ResultOrigin::ByDefault {
        return None;
    }
    match (game.result, colour) {
        (GameResult::WhiteWins, Colour::White) | (GameResult::BlackWins, Colour::Black) => {
            Some(1.0)
        }
        (GameResult::WhiteWins, Colour::Black) | (GameResult::BlackWins, Colour::White) => {
            Some(0.0)
        }
        (GameResult::Jigo, _) => Some(0.5),
        (GameResult::BothLose | GameResult::BothWin | GameResult::Unknown, _) => None,
    }
}

/// Each player's rating after the games of the rounds `counted` accepts
/// (e.g. the rounds published so far), `None` for a class X tournament.
pub fn preview(tournament: &Tournament, counted: impl Fn(RoundNo) -> bool) -> Option<Preview> {
    let class = egf_class(tournament.settings());
    let weight = class.weight()?;
    let starts: BTreeMap<PlayerId, (i32, bool)> = tournament
        .players()
        .iter()
        .map(|p| (p.id, start(p)))
        .collect();
    let mut games: BTreeMap<PlayerId, Vec<GameGor>> = BTreeMap::new();
    for game in tournament.games().iter().filter(|g| counted(g.round)) {
        let (Some(&(white, _)), Some(&(black, _))) =
            (starts.get(&game.white), starts.get(&game.black))
        else {
            continue;
        };
        for (id, colour, rating, opponent) in [
            (game.white, Colour::White, white, black),
            (game.black, Colour::Black, black, white),
        ] {
            let Some(score) = rated_score(game, colour) else {
                continue;
            };
            let change = weight
                * game_change(Side {
                    rating: f64::from(rating),
                    opponent: f64::from(opponent),
                    colour,
                    handicap: game.handicap,
                    score,
                });
            games.entry(id).or_default().push(GameGor {
                round: game.round,
                change,
            });
        }
    }
    let players = starts
        .into_iter()
        .map(|(id, (before, from_rank))| {
            let games = games.remove(&id).unwrap_or_default();
            let sum: f64 = games.iter().map(|g| g.change).sum();
            let after = (f64::from(before) + sum).round() as i32;
            let gor = PlayerGor {
                before,
                from_rank,
                games,
                after: after.max(FLOOR),
            };
            (id, gor)
        })
        .collect();
    Some(Preview { class, players })
}

/// The tournament's EGF class, from its time control and whether it is played
/// on the internet, as OpenGotha's `Tournament.egfClass()` decides it (the
/// letter of an h9 file's `CL[]` header).
pub fn egf_class(settings: &Settings) -> EgfClass {
    TimeControl::from(&settings.time).egf_class(settings.general.internet)
}

/// The EGF adjusted time in whole minutes, as OpenGotha's
/// `egfAdjustedTime() / 60` writes it into an h9 file's `TM[]` header: main
/// time plus 45 byo-yomi periods, 60 Canadian moves or 120 Fischer
/// increments, each step rounded down to the second and the sum to the minute.
pub fn adjusted_minutes(settings: &Settings) -> u32 {
    let seconds = TimeControl::from(&settings.time)
        .egf_adjusted_time()
        .as_secs();
    u32::try_from(seconds / 60).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests;
