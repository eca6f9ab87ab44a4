//! Swiss pairing of the Ukrainian competition rules (II.5), for tournaments
//! that must follow them.
//!
//! The draw numbers ([`numbers`]) are the lot drawn before the tournament,
//! which II.5 lets be drawn "заздалегідь" (in advance) for the score groups
//! too. Each round is one maximum-weight matching ([`matching`]) over the
//! players ordered by score, then number. Never allowed: two players meeting
//! again; a colour that takes a player's Black and White games more than 1
//! apart (the setting's limit, 2 by the text, when the tournament has an even
//! number of rounds), or gives a third game in a row with one colour. Then,
//! most important first:
//!
//! 1. the bye, to a player who has had none ("щоразу обов'язково інший"),
//!    from the lowest score group: the fictitious player of II.5 is matched
//!    as the last of that group;
//! 2. score groups: the sum of the squared distances, in groups, of paired
//!    players (the last of an odd group meets the nearest lower group);
//! 3. floats: no player's net float (+1 a float down, −1 up; one of each
//!    cancel) reaches ±2 ("не можуть двічі стосуватися того самого учасника");
//! 4. the lot: pairs as near each other in that order as possible, so round 1
//!    pairs 1–2, 3–4, … and an odd group's last player meets the next group's
//!    first.
//!
//! Round 1 needs no rule of its own: with no history the order is the draw
//! numbers and the lot pairs neighbours.

use super::{PairingError, RoundPairing, colours, matching, numbers};
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::round::{Colour, ResultOrigin};
use crate::core::standings::scores;
use crate::core::tournament::Tournament;
use crate::core::units::HalfPoints;
use std::collections::{HashMap, HashSet};

/// What the Ukrainian Swiss needs to know about a player before the round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissPlayer {
    /// Draw number, drawn before round 1 (II.5).
    pub number: u32,
    /// Points before the round.
    pub score: HalfPoints,
    /// Colours of the games played, oldest first (II.5 counts "партій,
    /// зіграних чорними і білими": a game lost by default leaves none).
    pub colours: Vec<Colour>,
    /// Numbers of every opponent paired so far.
    pub opponents: Vec<u32>,
    /// Net float: +1 for each game against a lower score, −1 for each
    /// against a higher one.
    pub floats: i32,
    /// Byes had so far.
    pub byes: u32,
}

impl SwissPlayer {
    /// Black games minus White games.
    pub fn colour_balance(&self) -> i32 {
        self.colours
            .iter()
            .map(|c| match c {
                Colour::Black => 1,
                Colour::White => -1,
            })
            .sum()
    }

    /// Whether `colour` next keeps the player within II.5's limits: Black
    /// and White at most `gap` apart (or nearer than before, for a history
    /// already past it), and never three games in a row with one colour.
    pub fn may_take(&self, colour: Colour, gap: u32) -> bool {
        let before = self.colour_balance();
        let after = before
            + match colour {
                Colour::Black => 1,
                Colour::White => -1,
            };
        let within = after.unsigned_abs() <= gap || after.abs() < before.abs();
        let third =
            self.colours.len() >= 2 && self.colours.iter().rev().take(2).all(|c| *c == colour);
        within && !third
    }
}

/// One game of the round, by draw numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SwissGame {
    /// Number of the player with White.
    pub white: u32,
    /// Number of the player with Black.
    pub black: u32,
}

/// A round of the Ukrainian Swiss.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissRound {
    /// Games, top score group first.
    pub games: Vec<SwissGame>,
    /// The player free this round ("+").
    pub bye: Option<u32>,
}

/// The largest |Black − White| II.5 allows: 1, or `even_rounds_gap` (2 in
/// the text, the setting) when the tournament has an even number of rounds.
pub fn colour_gap(number_of_rounds: u32, even_rounds_gap: u32) -> u32 {
    if number_of_rounds.is_multiple_of(2) {
        even_rounds_gap
    } else {
        1
    }
}

/// Pairs round `round` of `players` under the colour limit `gap`. Refused
/// with [`PairingError::ColourLimits`] when the players could be paired
/// without a rematch but not within the colour limits: II.5 lets neither
/// rule yield.
pub fn pair(players: &[SwissPlayer], gap: u32, round: RoundNo) -> Result<SwissRound, PairingError> {
    let mut order: Vec<&SwissPlayer> = players.iter().collect();
    order.sort_by(|a, b| b.score.cmp(&a.score).then(a.number.cmp(&b.number)));
    let tiers = bye_tiers(&order);
    let attempt = |colour_rules: bool| -> Result<SwissRound, PairingError> {
        if tiers.is_empty() {
            return pair_field(&order, None, gap, colour_rules);
        }
        for tier in &tiers {
            match pair_field(&order, Some(tier), gap, colour_rules) {
                Err(PairingError::NoValidPairing) => continue,
                other => return other,
            }
        }
        Err(PairingError::NoValidPairing)
    };
    match attempt(true) {
        Err(PairingError::NoValidPairing) if attempt(false).is_ok() => {
            Err(PairingError::ColourLimits { round, gap })
        }
        other => other,
    }
}

/// The players who may have the bye of an odd field, in groups tried one
/// after the other: fewest byes first (II.5: "щоразу обов'язково інший"),
/// then the lowest score. Empty for an even field.
fn bye_tiers(order: &[&SwissPlayer]) -> Vec<Vec<usize>> {
    if order.len().is_multiple_of(2) {
        return Vec::new();
    }
    let mut by_key: Vec<((u32, HalfPoints), usize)> = order
        .iter()
        .enumerate()
        .map(|(i, p)| ((p.byes, p.score), i))
        .collect();
    by_key.sort_by_key(|&((byes, score), i)| (byes, score, i));
    let mut tiers: Vec<Vec<usize>> = Vec::new();
    for (k, &(key, i)) in by_key.iter().enumerate() {
        if k == 0 || by_key[k - 1].0 != key {
            tiers.push(Vec::new());
        }
        if let Some(tier) = tiers.last_mut() {
            tier.push(i);
        }
    }
    tiers
}

/// One matching of the field; `bye` are the players the fictitious player
/// may meet (then it is the last vertex, in the score group of those players).
fn pair_field(
    order: &[&SwissPlayer],
    bye: Option<&Vec<usize>>,
    gap: u32,
    colour_rules: bool,
) -> Result<SwissRound, PairingError> {
    let len = order.len();
    let n = len + usize::from(bye.is_some());
    let mut group = Vec::with_capacity(n);
    for (i, p) in order.iter().enumerate() {
        let next = match i {
            0 => 0,
            _ if order[i - 1].score == p.score => group[i - 1],
            _ => group[i - 1] + 1,
        };
        group.push(next);
    }
    let met: HashSet<(u32, u32)> = order
        .iter()
        .flat_map(|p| {
            p.opponents
                .iter()
                .map(move |&o| (p.number.min(o), p.number.max(o)))
        })
        .collect();
    // Each layer outweighs everything below it summed over a whole pairing:
    // positions add up to less than n², floats to at most n.
    let n64 = n as i64;
    let widest = group.last().copied().unwrap_or(0) as i64;
    let float_unit = n64.checked_mul(n64).and_then(|x| x.checked_add(1));
    let group_unit = float_unit.and_then(|f| f.checked_mul(n64 + 1));
    let (Some(float_unit), Some(group_unit)) = (float_unit, group_unit) else {
        return Err(PairingError::WeightOutOfRange);
    };
    // The heaviest pair, checked once so that no pair's cost can overflow.
    widest
        .checked_mul(widest)
        .and_then(|d| d.checked_mul(group_unit))
        .and_then(|d| d.checked_add(2 * float_unit + n64))
        .ok_or(PairingError::WeightOutOfRange)?;
    let in_tier: Vec<bool> = (0..len)
        .map(|i| bye.is_some_and(|tier| tier.contains(&i)))
        .collect();
    let weight = |i: usize, j: usize| -> Option<i64> {
        if j == len {
            // The fictitious player: the bye, for the players of the tier only.
            return in_tier[i].then_some(-((len - i) as i64));
        }
        let (a, b) = (order[i], order[j]);
        if met.contains(&(a.number.min(b.number), a.number.max(b.number))) {
            return None;
        }
        if colour_rules && orientation(a, b, gap).is_none() {
            return None;
        }
        let distance = (group[j] - group[i]) as i64;
        let floats = if distance > 0 {
            i64::from(a.floats >= 1) + i64::from(b.floats <= -1)
        } else {
            0
        };
        Some(-(distance * distance * group_unit + floats * float_unit + (j - i) as i64))
    };
    let pairs = matching::max_weight_perfect_matching(n, weight)?;
    let mut bye_player = None;
    let mut games = Vec::with_capacity(len / 2);
    for (i, j) in pairs {
        if j == len {
            bye_player = Some(order[i].number);
            continue;
        }
        let (a, b) = (order[i], order[j]);
        // Without the colour rules (only to tell why a round fails) any
        // orientation does.
        let (white, black) = orientation(a, b, gap).unwrap_or((a, b));
        games.push(SwissGame {
            white: white.number,
            black: black.number,
        });
    }
    Ok(SwissRound {
        games,
        bye: bye_player,
    })
}

/// The colours of a game between `a` and `b` within II.5's limits, as
/// (White, Black), or `None` when neither way keeps both within them. II.5
/// draws colours by a lot "that keeps Black and White alternating evenly":
/// White goes to the player with more Blacks, then to the one who had Black
/// more recently; with equal histories the lower number takes Black, as the
/// odd numbers do in round 1.
fn orientation<'p>(
    a: &'p SwissPlayer,
    b: &'p SwissPlayer,
    gap: u32,
) -> Option<(&'p SwissPlayer, &'p SwissPlayer)> {
    let a_white_ok = a.may_take(Colour::White, gap) && b.may_take(Colour::Black, gap);
    let b_white_ok = b.may_take(Colour::White, gap) && a.may_take(Colour::Black, gap);
    let recent = a
        .colours
        .iter()
        .rev()
        .zip(b.colours.iter().rev())
        .find(|(x, y)| x != y);
    let a_white = match a.colour_balance().cmp(&b.colour_balance()) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Equal => match recent {
            Some((ca, _)) => *ca == Colour::Black,
            None => a.number > b.number,
        },
    };
    match (a_white_ok, b_white_ok) {
        (true, true) if a_white => Some((a, b)),
        (true, true) => Some((b, a)),
        (true, false) => Some((a, b)),
        (false, true) => Some((b, a)),
        (false, false) => None,
    }
}

/// Round `round` of a tournament paired by the Ukrainian Swiss, for the
/// players who take part in it and are not yet in one of its games.
pub fn pair_tournament_round(
    tournament: &Tournament,
    round: RoundNo,
) -> Result<RoundPairing, PairingError> {
    let entrants = players(tournament, round)?;
    let id_of: HashMap<u32, PlayerId> = entrants.iter().map(|(id, p)| (p.number, *id)).collect();
    let players: Vec<SwissPlayer> = entrants.into_iter().map(|(_, p)| p).collect();
    let settings = tournament.settings();
    let gap = colour_gap(settings.number_of_rounds, settings.colour_gap_even_rounds);
    let paired = pair(&players, gap, round)?;
    let pairs = paired
        .games
        .iter()
        .map(|g| (id_of[&g.white], id_of[&g.black]));
    let games = colours::even_games(settings, round, pairs, true);
    Ok(RoundPairing {
        games,
        bye: paired.bye.map(|n| id_of[&n]),
    })
}

/// The players to pair in `round`, as the rounds before it leave them.
/// Scores are points as the settings count byes and absences (II.5: a bye
/// is a point, the preset's; a missed round gives what the settings say).
pub fn players(
    tournament: &Tournament,
    round: RoundNo,
) -> Result<Vec<(PlayerId, SwissPlayer)>, PairingError> {
    let numbered = numbers::checked(tournament)?;
    let number_of: HashMap<PlayerId, u32> =
        numbered.iter().zip(1..).map(|(p, n)| (p.id, n)).collect();
    let assigned = super::assigned(tournament, round);
    // Scores before each round so far, for the floats of its games.
    let sheets: Vec<_> = (0..=round.index())
        .map(|k| scores(tournament, k as u32))
        .collect();
    let score = |k: usize, id: PlayerId| sheets[k].nbw(id).unwrap_or(HalfPoints::ZERO);
    let mut earlier: Vec<_> = tournament
        .games()
        .iter()
        .filter(|g| g.round < round)
        .collect();
    earlier.sort_by_key(|g| (g.round, g.board));
    let entrant = |id: PlayerId| {
        let games: Vec<_> = earlier
            .iter()
            .filter(|g| g.colour_of(id).is_some())
            .collect();
        let floats = games
            .iter()
            .filter_map(|g| {
                let other = g.opponent_of(id)?;
                let before = g.round.index();
                Some(match score(before, id).cmp(&score(before, other)) {
                    std::cmp::Ordering::Greater => 1,
                    std::cmp::Ordering::Less => -1,
                    std::cmp::Ordering::Equal => 0,
                })
            })
            .sum();
        SwissPlayer {
            number: number_of[&id],
            score: score(round.index(), id),
            // A game whose result is not in yet was played as paired.
            colours: games
                .iter()
                .filter(|g| g.origin != ResultOrigin::ByDefault)
                .filter_map(|g| g.colour_of(id))
                .collect(),
            opponents: games
                .iter()
                .filter_map(|g| number_of.get(&g.opponent_of(id)?).copied())
                .collect(),
            floats,
            byes: tournament
                .byes()
                .iter()
                .filter(|b| b.player == id && b.round < round)
                .count() as u32,
        }
    };
    Ok(numbered
        .iter()
        .filter(|p| p.participation.plays(round) && !assigned.contains(&p.id))
        .map(|p| (p.id, entrant(p.id)))
        .collect())
}

#[cfg(test)]
#[path = "ukraine_swiss_tests.rs"]
mod tests;
