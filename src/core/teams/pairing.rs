//! Pairing a round of a team event: the teams by the tournament's system,
//! then the individual games board by board.
//!
//! The teams are paired by the same engine as players (McMahon, Swiss,
//! round robin, knockout as the settings choose): each team stands in as
//! one player, ranked by the mean of the line-up it plays the round with,
//! and each earlier match as one game won by the team with more team
//! points (OpenGotha's TP: 2, 1 or 0). The engine's colour for that game is
//! the colour of the team's board 1, which also balances board-1 colours
//! over the rounds; the other boards alternate (RFG App. 4 §1.3). Handicap,
//! where the event gives it, is per board from the two members' ranks.

use super::boards::{BoardOneColour, board_games};
use super::matches::matches_up_to;
use super::roster::{playing, strength};
use crate::core::events::scheveningen;
use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::pairing::colours::{ColourInput, even_games, komi, signed_handicap};
use crate::core::pairing::{PairingError, RoundPairing, pair_round};
use crate::core::player::Player;
use crate::core::round::{Colour, Game, GameResult, ResultOrigin};
use crate::core::tournament::Tournament;
use crate::core::units::HalfPoints;

/// A paired round of a team event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRound {
    /// The matches, as indices in [`Tournament::teams`]: the team with White
    /// on board 1 first.
    pub matches: Vec<(usize, usize)>,
    /// The team left without a match in an odd field.
    pub bye: Option<usize>,
    /// Every board's game, match after match.
    pub games: Vec<Game>,
}

/// The stand-in player of the team at `index`.
fn stand_in(index: usize) -> PlayerId {
    PlayerId(index as u32 + 1)
}

/// The teams as players, and their earlier matches as games.
fn stand_in_tournament(t: &Tournament, round: RoundNo, boards: usize) -> Tournament {
    let mut settings = t.settings().clone();
    // A match has no komi; a drawn match is recorded as a jigo.
    settings.rules.komi = HalfPoints::ZERO;
    let mut field = Tournament::new(settings);
    for (index, team) in t.teams().iter().enumerate() {
        let (rank, rating) = strength(t, team, round, boards);
        let mut player = Player::new(stand_in(index), &team.name, "", rank);
        player.rating = rating;
        player.draw_number = Some(index as u32 + 1);
        field.register(player);
    }
    let mut next_board = std::collections::HashMap::<RoundNo, usize>::new();
    let earlier = matches_up_to(t, round.get().saturating_sub(1));
    // A team of an odd field without a match in a paired round had the bye:
    // recorded, the engine gives it to another team next time.
    for r in (1..round.get()).filter_map(RoundNo::new) {
        if !t.is_paired(r) {
            continue;
        }
        for index in 0..t.teams().len() {
            if !earlier.iter().any(|m| m.round == r && m.involves(index)) {
                let bye = crate::core::round::Bye {
                    round: r,
                    player: stand_in(index),
                };
                // One bye a round: a second team without a match (no
                // line-up at all) is simply absent.
                let _ = field.give_bye(bye);
            }
        }
    }
    for m in earlier {
        let white = m.team_points(m.white, boards as u32);
        let black = m.team_points(m.black, boards as u32);
        let result = match white.cmp(&black) {
            std::cmp::Ordering::Greater => GameResult::WhiteWins,
            std::cmp::Ordering::Less => GameResult::BlackWins,
            std::cmp::Ordering::Equal if white == 0 => GameResult::BothLose,
            std::cmp::Ordering::Equal => GameResult::Jigo,
        };
        let board = next_board.entry(m.round).or_insert(0);
        *board += 1;
        let game = Game {
            round: m.round,
            board: BoardNo::from_index(*board - 1),
            white: stand_in(m.white),
            black: stand_in(m.black),
            handicap: 0,
            komi: HalfPoints::ZERO,
            result,
            origin: ResultOrigin::Played,
            colours_known: true,
            method: None,
        };
        // Each stand-in plays once per round: matches_up_to finds each once.
        let _ = field.add_game(game);
    }
    field
}

/// Round `round` of a Scheveningen match (Ukrainian rules II.7, Annex 2):
/// each team keeps its round-1 board order, and the schedule says which of
/// A's boards meets which of B's, and who has Black. More rounds than boards
/// repeat the schedule with colours swapped (II.2).
fn scheveningen_round(t: &Tournament, round: RoundNo) -> Result<TeamRound, PairingError> {
    let [a, b] = t.teams() else {
        return Err(PairingError::ScheveningenTeams(t.teams().len()));
    };
    let boards = t.settings().teams.team_size as usize;
    let cycles = (t.settings().number_of_rounds as usize).div_ceil(boards.max(1));
    let schedule = scheveningen::round(boards, round.get() as usize, cycles)
        .map_err(|_| PairingError::ScheveningenFinished(round))?;
    let (la, lb) = (
        playing(t, a, RoundNo::FIRST, boards),
        playing(t, b, RoundNo::FIRST, boards),
    );
    let seat =
        |line_up: &super::LineUp, board: usize| line_up.boards.get(board - 1).copied().flatten();
    let pairs = schedule.iter().filter_map(|p| {
        let (pa, pb) = (seat(&la, p.a_board)?, seat(&lb, p.b_board)?);
        Some(match p.colour_of(scheveningen::Team::A) {
            Colour::White => (pa, pb),
            Colour::Black => (pb, pa),
        })
    });
    Ok(TeamRound {
        matches: vec![(0, 1)],
        bye: None,
        games: even_games(t.settings(), round, pairs, true),
    })
}

/// Pairs `round` of the team event `t`.
pub fn pair_teams(t: &Tournament, round: RoundNo) -> Result<TeamRound, PairingError> {
    if t.settings().teams.scheveningen {
        return scheveningen_round(t, round);
    }
    let boards = t.settings().teams.team_size as usize;
    let field = stand_in_tournament(t, round, boards);
    let RoundPairing { games, bye } = pair_round(&field, round)?;
    let index = |id: PlayerId| id.0 as usize - 1;
    let matches: Vec<(usize, usize)> = games
        .iter()
        .map(|g| (index(g.white), index(g.black)))
        .collect();
    let settings = t.settings();
    let mut handicap_settings = settings.handicap;
    // A member's McMahon score means nothing in a team event: ranks decide.
    handicap_settings.based_on_mms = false;
    let handicap = |a: PlayerId, b: PlayerId| match (t.player(a), t.player(b)) {
        (Some(a), Some(b)) => {
            let input = |player| ColourInput {
                player,
                mms2: 0,
                wb_balance: 0,
            };
            signed_handicap(&handicap_settings, &input(a), &input(b))
        }
        _ => 0,
    };
    let mut all = Vec::new();
    for &(white, black) in &matches {
        let (a, b) = (&t.teams()[white], &t.teams()[black]);
        let (la, lb) = (playing(t, a, round, boards), playing(t, b, round, boards));
        for g in board_games(
            round,
            BoardOneColour::Drawn(Colour::White),
            &la,
            &lb,
            handicap,
        ) {
            all.push(Game {
                round,
                board: BoardNo::from_index(all.len()),
                white: g.white,
                black: g.black,
                handicap: g.handicap,
                komi: komi(settings, g.handicap),
                result: GameResult::Unknown,
                origin: ResultOrigin::Played,
                colours_known: true,
                method: None,
            });
        }
    }
    Ok(TeamRound {
        matches,
        bye: bye.map(index),
        games: all,
    })
}
