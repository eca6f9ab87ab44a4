//! The lines read become a tournament: the two sides of each game paired,
//! byes and absences told apart.

use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::player::Player;
use crate::core::rating::Rating;
use crate::core::round::{Bye, Game, GameResult, ResultOrigin};
use crate::core::settings::Settings;
use crate::core::tournament::Tournament;
use crate::core::units::HalfPoints;

use super::lines::{Entry, Outcome, RawLine};
use super::{H9Error, H9Problem};

/// Pairs the two sides of each game and builds the tournament.
pub(super) fn build(
    mut settings: Settings,
    lines: Vec<RawLine<'_>>,
    entries: Vec<Vec<Entry>>,
) -> Result<Tournament, Vec<H9Error>> {
    let players = lines.len();
    let rounds = settings.number_of_rounds as usize;
    let mut errors = Vec::new();
    // (round, white index, black index, result, by default, colours known, handicap)
    let mut games: Vec<(usize, usize, usize, GameResult, bool, bool, u8)> = Vec::new();
    for (i, mine) in entries.iter().enumerate() {
        for (r, entry) in mine.iter().enumerate() {
            let round = r as u32 + 1;
            let Entry::Game {
                opponent,
                outcome,
                by_default,
                white,
                handicap,
            } = *entry
            else {
                continue;
            };
            let line = lines[i].line;
            let j = opponent - 1;
            if opponent > players {
                errors.push(H9Error {
                    line,
                    problem: H9Problem::UnknownOpponent {
                        round,
                        opponent,
                        players,
                    },
                });
                continue;
            }
            if j == i {
                errors.push(H9Error {
                    line,
                    problem: H9Problem::OwnOpponent { round },
                });
                continue;
            }
            let disagree = H9Error {
                line,
                problem: H9Problem::SidesDisagree {
                    round,
                    other_line: lines[j].line,
                },
            };
            let Entry::Game {
                opponent: back,
                outcome: their_outcome,
                by_default: their_default,
                white: their_white,
                handicap: their_handicap,
            } = entries[j][r]
            else {
                errors.push(disagree);
                continue;
            };
            if back != i + 1 {
                errors.push(disagree);
                continue;
            }
            // Each game is met twice; the first line of the two records it.
            if j < i {
                continue;
            }
            let colours = match (white, their_white) {
                (Some(a), Some(b)) if a == b => None,
                (Some(a), _) => Some((a, true)),
                (None, Some(b)) => Some((!b, true)),
                (None, None) => Some((true, false)),
            };
            let handicap = match (handicap, their_handicap) {
                (Some(a), Some(b)) if a != b => None,
                (a, b) => Some(a.or(b).unwrap_or(0)),
            };
            // OpenGotha writes both-lose as `-` on both lines, both-win as `+`.
            let result_of_i = match (outcome, their_outcome) {
                (Outcome::Win, Outcome::Loss) => Some(Outcome::Win),
                (Outcome::Loss, Outcome::Win) => Some(Outcome::Loss),
                (Outcome::Jigo, Outcome::Jigo) => Some(Outcome::Jigo),
                (Outcome::Unknown, Outcome::Unknown) => Some(Outcome::Unknown),
                (Outcome::Loss, Outcome::Loss) | (Outcome::Win, Outcome::Win) => Some(outcome),
                _ => None,
            };
            let (Some((i_white, known)), Some(handicap), Some(result_of_i), true) =
                (colours, handicap, result_of_i, by_default == their_default)
            else {
                errors.push(disagree);
                continue;
            };
            let both = their_outcome == outcome;
            let result = match (result_of_i, both, i_white) {
                (Outcome::Jigo, _, _) => GameResult::Jigo,
                (Outcome::Unknown, _, _) => GameResult::Unknown,
                (Outcome::Win, true, _) => GameResult::BothWin,
                (Outcome::Loss, true, _) => GameResult::BothLose,
                (Outcome::Win, false, true) | (Outcome::Loss, false, false) => {
                    GameResult::WhiteWins
                }
                (Outcome::Win, false, false) | (Outcome::Loss, false, true) => {
                    GameResult::BlackWins
                }
            };
            let (w, b) = if i_white { (i, j) } else { (j, i) };
            games.push((r, w, b, result, by_default, known, handicap));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let byes = choose_byes(&mut settings, &entries, &games, rounds);
    let komi = settings.rules.komi;
    let mut t = Tournament::new(settings);
    let mut ids = Vec::with_capacity(players);
    for (i, l) in lines.iter().enumerate() {
        let mut p = Player::new(PlayerId(0), &l.surname, &l.first_name, l.rank);
        p.country = l.country.clone();
        p.club = l.club.clone();
        p.egf_pin = l.pin.clone();
        // The file has no ratings; as the registration form does without one.
        p.rating = Rating::of_rank(l.rank);
        for (r, entry) in entries[i].iter().enumerate() {
            let round = RoundNo::from_index(r);
            let round_played = games.iter().any(|g| g.0 == r) || byes[r].is_some();
            if is_absence(*entry, round_played) && byes[r] != Some(i) {
                p.participation = p.participation.with(round, false);
            }
        }
        ids.push(t.register(p));
    }
    let mut boards = vec![0u32; rounds];
    for (r, w, b, result, by_default, known, handicap) in games {
        boards[r] += 1;
        let added = t.add_game(Game {
            round: RoundNo::from_index(r),
            board: BoardNo::new(boards[r]).expect("boards count from 1"),
            white: ids[w],
            black: ids[b],
            handicap,
            komi,
            result,
            origin: if by_default {
                ResultOrigin::ByDefault
            } else {
                ResultOrigin::Played
            },
            colours_known: known,
            method: None,
        });
        debug_assert!(added.is_ok(), "an h9 player has two games in one round");
    }
    for (r, bye) in byes.iter().enumerate() {
        if let Some(i) = bye {
            let given = t.give_bye(Bye {
                round: RoundNo::from_index(r),
                player: ids[*i],
            });
            debug_assert!(given.is_ok(), "an h9 round has two byes");
        }
    }
    Ok(t)
}

/// Whether a round's entry, if not the bye, declares the player absent.
/// OpenGotha writes `0-` for everyone in a round not yet paired, so `0-`
/// is an absence only in a round with games; a `0=` or `0+` is one anywhere
/// (OpenGotha counts absences declared for rounds still to play).
fn is_absence(entry: Entry, round_played: bool) -> bool {
    match entry {
        Entry::Free(Outcome::Loss) => round_played,
        Entry::Free(_) => true,
        Entry::Game { .. } => false,
    }
}

/// The bye of each round, and the points byes and absences are worth.
///
/// The file writes a round without a game as `0+`, `0=` or `0-` whether it
/// was a bye or an absence; OpenGotha writes one value for every bye of a
/// tournament. So byes are written `0+` (the spec's free win) when any
/// line has a `0+`, else `0=`; a round's bye is the first player with that
/// entry (a `0=` only in a round that was played), and everyone else
/// without a game is absent. The values of the first bye and the first
/// absence seen become the tournament's.
fn choose_byes(
    settings: &mut Settings,
    entries: &[Vec<Entry>],
    games: &[(usize, usize, usize, GameResult, bool, bool, u8)],
    rounds: usize,
) -> Vec<Option<usize>> {
    let worth = |o: Outcome| match o {
        Outcome::Win => HalfPoints::ONE,
        Outcome::Jigo => HalfPoints::HALF,
        Outcome::Loss | Outcome::Unknown => HalfPoints::ZERO,
    };
    let free = |r: usize, wanted: Outcome| {
        entries
            .iter()
            .position(|e| e[r] == Entry::Free(wanted))
            .map(|i| (i, wanted))
    };
    let bye_symbol = match entries
        .iter()
        .flatten()
        .any(|e| *e == Entry::Free(Outcome::Win))
    {
        true => Outcome::Win,
        false => Outcome::Jigo,
    };
    let mut byes = vec![None; rounds];
    let mut bye_value = None;
    let mut absent_value = None;
    for (r, bye) in byes.iter_mut().enumerate() {
        let played = games.iter().any(|g| g.0 == r);
        let chosen = free(r, bye_symbol).filter(|_| played || bye_symbol == Outcome::Win);
        if let Some((i, o)) = chosen {
            *bye = Some(i);
            bye_value.get_or_insert(worth(o));
        }
        for (i, e) in entries.iter().enumerate() {
            if let Entry::Free(o) = e[r]
                && is_absence(e[r], played || bye.is_some())
                && Some(i) != *bye
            {
                absent_value.get_or_insert(worth(o));
            }
        }
    }
    let u = &mut settings.unplayed;
    if let Some(v) = bye_value {
        u.nbw_bye = v;
        u.mms_bye = v;
    }
    if let Some(v) = absent_value {
        u.nbw_absent = v;
        u.mms_absent = v;
    }
    byes
}
