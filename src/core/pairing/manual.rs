//! Manual pairing: pair, unpair, swap and force a bye on a round's pairing;
//! then re-check the hard constraints and report the soft ones that bend.
//!
//! Edits work on a [`RoundPairing`] for a tournament that does not record the
//! round yet; a new game gets its colours and handicap as the engine's would.

use super::report::{self, PairingReport, ReportLimits};
use super::{RoundPairing, colours, matching};
use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::player::Registration;
use crate::core::round::{Game, GameResult, ResultOrigin};
use crate::core::settings::System;
use crate::core::standings::scores;
use crate::core::tournament::Tournament;
use std::collections::{HashMap, HashSet};

/// One change to a round's pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    /// Pair two unpaired players on a new board.
    Pair(PlayerId, PlayerId),
    /// Take a player's game (both players become unpaired) or bye away.
    Unpair(PlayerId),
    /// Exchange two players' places (opponents, or the bye).
    Swap(PlayerId, PlayerId),
    /// Give a player the bye, unpairing their game and the previous bye.
    Bye(PlayerId),
    /// Exchange White and Black in a player's even game, as drawn at the
    /// board (nigiri: knockout, RFG App. 7 §4); the colours are then known.
    Colours(PlayerId),
}

/// Why an edit was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ManualError {
    /// The player is not registered as final or does not play this round.
    #[error("player {0} does not take part in this round")]
    NotTakingPart(PlayerId),
    /// The player already has a game or the bye.
    #[error("player {0} is already paired")]
    AlreadyPaired(PlayerId),
    /// The player has neither a game nor the bye.
    #[error("player {0} is not paired")]
    NotPaired(PlayerId),
    /// The edit names the same player twice, or two players of one game.
    #[error("player {0} cannot be swapped with their own opponent or themselves")]
    SameGame(PlayerId),
    /// A handicap game's colours follow the handicap: the weaker takes Black.
    #[error("the colours of player {0}'s handicap game follow the handicap")]
    HandicapColours(PlayerId),
}

/// A hard constraint a round's pairing breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Violation {
    /// The player has more than one game, or a game and the bye.
    Twice(PlayerId),
    /// The player is not registered as final or does not play this round.
    NotTakingPart(PlayerId),
    /// These two met before though the paired players could all avoid a repeat.
    AvoidableRepeat(PlayerId, PlayerId),
    /// The bye goes to a player who had one while someone taking part had fewer.
    AvoidableSecondBye(PlayerId),
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Violation::Twice(p) => write!(f, "player {} would play twice in the round", p.0),
            Violation::NotTakingPart(p) => write!(
                f,
                "player {} does not take part in this round (withdrawn, removed, not final or not playing it)",
                p.0
            ),
            Violation::AvoidableRepeat(a, b) => write!(
                f,
                "players {} and {} met before, and the round can be paired without a repeat",
                a.0, b.0
            ),
            Violation::AvoidableSecondBye(p) => write!(
                f,
                "player {} had a bye already, and a player taking part has had fewer",
                p.0
            ),
        }
    }
}

/// What a check of a round's pairing finds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    /// Hard constraints broken: the pairing should not be published so.
    pub violations: Vec<Violation>,
    /// Players taking part who have neither a game nor the bye.
    pub unpaired: Vec<PlayerId>,
    /// Soft criteria that bend (OpenGotha's pairing report).
    pub warnings: PairingReport,
}

fn takes_part(t: &Tournament, round: RoundNo, id: PlayerId) -> bool {
    t.player(id).is_some_and(|p| {
        p.registration == Registration::Final
            && p.participation.plays(round)
            && crate::core::admission::is_admitted(t.settings(), p)
    })
}

fn is_paired(p: &RoundPairing, id: PlayerId) -> bool {
    p.bye == Some(id) || p.games.iter().any(|g| g.colour_of(id).is_some())
}

/// A new game between `a` and `b` on `board`, colours and handicap as the engine gives them.
fn new_game(t: &Tournament, round: RoundNo, board: BoardNo, a: PlayerId, b: PlayerId) -> Game {
    let sheet = scores(t, round.index() as u32);
    let settings = t.settings();
    let input = |id: PlayerId| {
        t.player(id).map(|player| colours::ColourInput {
            player,
            mms2: sheet.mms(id).map_or(0, |m| m.halves()),
            wb_balance: colours::wb_balance(t, round, id),
        })
    };
    let c = match (input(a), input(b)) {
        (Some(x), Some(y)) => colours::game_between(&settings.handicap, &x, &y),
        _ => colours::Colours {
            first_is_white: true,
            handicap: 0,
        },
    };
    let (white, black) = if c.first_is_white { (a, b) } else { (b, a) };
    Game {
        round,
        board,
        white,
        black,
        handicap: c.handicap,
        komi: colours::komi(settings, c.handicap),
        result: GameResult::Unknown,
        origin: ResultOrigin::Played,
        colours_known: true,
        method: None,
    }
}

/// The pairing after `edit`; `tournament` holds the rounds before `round`.
pub fn apply(
    tournament: &Tournament,
    round: RoundNo,
    pairing: &RoundPairing,
    edit: Edit,
) -> Result<RoundPairing, ManualError> {
    let mut out = pairing.clone();
    let next_board = |p: &RoundPairing| {
        let top = p.games.iter().map(|g| g.board.get()).max().unwrap_or(0);
        BoardNo::new(top + 1)
            .unwrap_or(BoardNo::new(1).unwrap_or_else(|| unreachable!("1 is a board")))
    };
    match edit {
        Edit::Pair(a, b) => {
            for id in [a, b] {
                if !takes_part(tournament, round, id) {
                    return Err(ManualError::NotTakingPart(id));
                }
                if is_paired(pairing, id) {
                    return Err(ManualError::AlreadyPaired(id));
                }
            }
            if a == b {
                return Err(ManualError::SameGame(a));
            }
            out.games
                .push(new_game(tournament, round, next_board(pairing), a, b));
        }
        Edit::Unpair(a) => {
            if !is_paired(pairing, a) {
                return Err(ManualError::NotPaired(a));
            }
            out.games.retain(|g| g.colour_of(a).is_none());
            if out.bye == Some(a) {
                out.bye = None;
            }
        }
        Edit::Bye(a) => {
            if !takes_part(tournament, round, a) {
                return Err(ManualError::NotTakingPart(a));
            }
            out.games.retain(|g| g.colour_of(a).is_none());
            out.bye = Some(a);
        }
        Edit::Colours(a) => {
            let k = pairing
                .games
                .iter()
                .position(|g| g.colour_of(a).is_some())
                .ok_or(ManualError::NotPaired(a))?;
            let g = &pairing.games[k];
            if g.handicap > 0 {
                return Err(ManualError::HandicapColours(a));
            }
            out.games[k] = Game {
                white: g.black,
                black: g.white,
                colours_known: true,
                method: None,
                ..g.clone()
            };
        }
        Edit::Swap(a, b) => {
            for id in [a, b] {
                if !is_paired(pairing, id) {
                    return Err(ManualError::NotPaired(id));
                }
            }
            let game_of =
                |id: PlayerId| pairing.games.iter().position(|g| g.colour_of(id).is_some());
            let (ga, gb) = (game_of(a), game_of(b));
            if a == b || (ga.is_some() && ga == gb) {
                return Err(ManualError::SameGame(a));
            }
            // Each player takes the other's place; games are re-coloured as new.
            let swap = |id: PlayerId| {
                if id == a {
                    b
                } else if id == b {
                    a
                } else {
                    id
                }
            };
            for k in [ga, gb].into_iter().flatten() {
                let g = &pairing.games[k];
                out.games[k] = new_game(tournament, round, g.board, swap(g.white), swap(g.black));
            }
            out.bye = pairing.bye.map(swap);
        }
    }
    Ok(out)
}

/// Checks a round's pairing against the tournament of the rounds before it.
/// A knockout counts only a player placed twice: it pairs absent players on
/// purpose (the referee records the forfeit), replays drawn matches, and
/// leaves the eliminated and those with a walkover without a game.
pub fn check(tournament: &Tournament, round: RoundNo, pairing: &RoundPairing) -> Check {
    let knockout = tournament.settings().system == System::Knockout;
    let mut violations = Vec::new();
    let mut count: HashMap<PlayerId, usize> = HashMap::new();
    let placed: Vec<PlayerId> = pairing
        .games
        .iter()
        .flat_map(|g| [g.white, g.black])
        .chain(pairing.bye)
        .collect();
    for &id in &placed {
        *count.entry(id).or_default() += 1;
    }
    let mut seen = HashSet::new();
    for &id in &placed {
        if seen.insert(id) {
            if count[&id] > 1 {
                violations.push(Violation::Twice(id));
            }
            if !knockout && !takes_part(tournament, round, id) {
                violations.push(Violation::NotTakingPart(id));
            }
        }
    }
    let met = |a: PlayerId, b: PlayerId| {
        tournament
            .games()
            .iter()
            .any(|g| g.round < round && g.opponent_of(a) == Some(b))
    };
    let repeats: Vec<&Game> = pairing
        .games
        .iter()
        .filter(|g| met(g.white, g.black))
        .collect();
    if !repeats.is_empty() && !knockout {
        let players: Vec<PlayerId> = pairing
            .games
            .iter()
            .flat_map(|g| [g.white, g.black])
            .collect();
        let n = players.len();
        let repeat_free = matching::max_weight_perfect_matching(n, |i, j| {
            (!met(players[i], players[j])).then_some(1)
        });
        if repeat_free.is_ok() {
            violations.extend(
                repeats
                    .iter()
                    .map(|g| Violation::AvoidableRepeat(g.white, g.black)),
            );
        }
    }
    let eligible: Vec<PlayerId> = tournament
        .players()
        .iter()
        .map(|p| p.id)
        .filter(|&id| takes_part(tournament, round, id))
        .collect();
    if let Some(bye) = pairing.bye {
        let byes = |id: PlayerId| {
            tournament
                .byes()
                .iter()
                .filter(|b| b.player == id && b.round < round)
                .count()
        };
        if eligible.iter().any(|&id| byes(id) < byes(bye)) {
            violations.push(Violation::AvoidableSecondBye(bye));
        }
    }
    let unpaired = eligible
        .into_iter()
        .filter(|&id| !knockout && !count.contains_key(&id))
        .collect();
    let mut recorded = tournament.clone();
    for g in &pairing.games {
        // A game that breaks a hard constraint is already listed above.
        let _ = recorded.add_game(g.clone());
    }
    let warnings = report::report(&recorded, round, &ReportLimits::default());
    Check {
        violations,
        unpaired,
        warnings,
    }
}
