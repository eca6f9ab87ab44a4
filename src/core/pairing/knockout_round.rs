//! A knockout tournament's next round, derived from the rounds recorded so far.
//!
//! Seeds are the draw numbers ([`super::numbers`]), fixed when round 1 is
//! paired. Every recorded round is replayed through the bracket
//! ([`Knockout`]) and must hold exactly the matches the bracket expects, or
//! pairing stops with [`PairingError::BracketChanged`] rather than guess.
//! Invariant: a round holds either a bracket round's matches or the replays of
//! its drawn matches (RFG code App. 7 §4), never both.

use super::knockout::{Advance, Knockout, Outcome};
use super::{PairingError, RoundPairing, colours, numbers};
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::round::{Game, GameResult};
use crate::core::tournament::Tournament;
use std::collections::HashMap;

/// The bracket between two rounds: what the next round must play.
struct Bracket {
    knockout: Knockout,
    /// One per match of the bracket round; a match not yet decided counts as
    /// drawn, which is what makes [`Knockout::advance`] ask for it again.
    outcomes: Vec<Outcome>,
    /// The matches of the next round: the bracket round's, or its replays.
    to_play: Vec<(usize, usize)>,
}

impl Bracket {
    fn new(knockout: Knockout) -> Self {
        let to_play = knockout.matches();
        Bracket {
            outcomes: vec![Outcome::Drawn; to_play.len()],
            to_play,
            knockout,
        }
    }

    /// Takes the outcomes of [`Bracket::to_play`], in order: the drawn ones are
    /// replayed next, and once none is left the bracket moves to its next round.
    fn record(mut self, played: &[Outcome]) -> Result<Self, PairingError> {
        let mut played = played.iter();
        for outcome in self.outcomes.iter_mut().filter(|o| **o == Outcome::Drawn) {
            *outcome = *played.next().ok_or(PairingError::NoValidPairing)?;
        }
        Ok(match self.knockout.advance(&self.outcomes)? {
            Advance::Replay(replays) => Bracket {
                to_play: replays,
                ..self
            },
            Advance::Next(next) => Bracket::new(next),
        })
    }
}

/// Round `round` of a knockout: the players registered as final, seeded by
/// draw number, the rounds before it replayed through the bracket. Every
/// match of the bracket round (or every replay of a drawn one) is a game, best
/// record first in bracket order, boards from 1; a player facing an empty slot
/// goes through without a game, and no bye is recorded (a round has at most one). A
/// player not taking part in the round is paired all the same, since a
/// knockout cannot skip anyone: the referee records the forfeit. Even games;
/// colours are drawn by nigiri at the board (App. 7 §4), so the game says its
/// colours are not known and lists the higher seed as White until they are.
pub fn pair_tournament_round(
    tournament: &Tournament,
    round: RoundNo,
) -> Result<RoundPairing, PairingError> {
    let players: Vec<PlayerId> = numbers::checked(tournament)?.iter().map(|p| p.id).collect();
    if players.len() < 2 {
        return Err(PairingError::NoValidPairing);
    }
    let losers_play_on = tournament.settings().losers_play_on;
    let mut bracket = Bracket::new(Knockout::new(players.len(), losers_play_on));
    for played in (1..round.get()).filter_map(RoundNo::new) {
        if bracket.knockout.is_finished() {
            break;
        }
        let outcomes = outcomes(tournament, played, &players, &bracket.to_play)?;
        bracket = bracket.record(&outcomes)?;
    }
    if bracket.knockout.is_finished() {
        return Err(PairingError::KnockoutFinished);
    }
    let pairs = bracket
        .to_play
        .iter()
        .map(|&(a, b)| (players[a.min(b)], players[a.max(b)]));
    let games = colours::even_games(tournament.settings(), round, pairs, false);
    Ok(RoundPairing { games, bye: None })
}

/// The outcomes of `matches` (seed indices into `players`) as `round`
/// recorded them, in order; the round must hold exactly those matches, in
/// either colours, each with a result that names one winner, none, or a jigo.
fn outcomes(
    tournament: &Tournament,
    round: RoundNo,
    players: &[PlayerId],
    matches: &[(usize, usize)],
) -> Result<Vec<Outcome>, PairingError> {
    let unordered = |a: PlayerId, b: PlayerId| if a < b { (a, b) } else { (b, a) };
    let recorded: Vec<&Game> = tournament
        .games()
        .iter()
        .filter(|g| g.round == round)
        .collect();
    let by_pair: HashMap<_, _> = recorded
        .iter()
        .map(|g| (unordered(g.white, g.black), *g))
        .collect();
    let games = matches
        .iter()
        .map(|&(a, b)| Some((players[a], by_pair.get(&unordered(players[a], players[b]))?)))
        .collect::<Option<Vec<_>>>()
        .filter(|games| games.len() == recorded.len())
        .ok_or(PairingError::BracketChanged { round })?;
    games
        .into_iter()
        .map(|(first, game)| match game.result {
            GameResult::WhiteWins if game.white == first => Ok(Outcome::FirstWins),
            GameResult::BlackWins if game.black == first => Ok(Outcome::FirstWins),
            GameResult::WhiteWins | GameResult::BlackWins => Ok(Outcome::SecondWins),
            GameResult::Jigo => Ok(Outcome::Drawn),
            GameResult::BothLose => Ok(Outcome::Neither),
            GameResult::BothWin => Err(PairingError::BothWon(round)),
            GameResult::Unknown => Err(PairingError::ResultsMissing(round)),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::pair_round;
    use super::*;
    use crate::core::ids::BoardNo;
    use crate::core::player::Player;
    use crate::core::rank::Rank;
    use crate::core::rating::Rating;
    use crate::core::round::ResultOrigin;
    use crate::core::settings::{Settings, System};

    /// A knockout of `players`, registered strongest first, so that the ids
    /// come back in seed order.
    fn knockout(players: usize, losers_play_on: bool) -> (Tournament, Vec<PlayerId>) {
        let mut t = Tournament::new(Settings {
            system: System::Knockout,
            number_of_rounds: 6,
            losers_play_on,
            ..Settings::default()
        });
        let ids = (0..players)
            .map(|k| {
                let mut p = Player::new(PlayerId(0), &format!("P{k}"), "x", Rank::Dan(1));
                p.rating = Rating::new(2400 - 10 * k as i32);
                t.register(p)
            })
            .collect();
        (t, ids)
    }

    fn round(r: u32) -> RoundNo {
        RoundNo::new(r).unwrap()
    }

    /// Pairs round `r`, records it with `result` for each game, and answers
    /// the games as seed pairs (White, Black), by board.
    fn play(
        t: &mut Tournament,
        ids: &[PlayerId],
        r: u32,
        result: impl Fn(&Game) -> GameResult,
    ) -> Vec<(usize, usize)> {
        let paired = pair_round(t, round(r)).unwrap();
        assert_eq!(paired.bye, None);
        let seed = |id: PlayerId| ids.iter().position(|&p| p == id).unwrap();
        let seeds = paired
            .games
            .iter()
            .map(|g| (seed(g.white), seed(g.black)))
            .collect();
        let games: Vec<Game> = paired
            .games
            .iter()
            .map(|g| Game {
                result: result(g),
                ..g.clone()
            })
            .collect();
        t.record_pairing(round(r), games, None).unwrap();
        seeds
    }

    /// The higher seed, listed as White, always wins.
    fn stronger_wins(_: &Game) -> GameResult {
        GameResult::WhiteWins
    }

    /// `result` on `board`, the higher seed wins elsewhere.
    fn on_board(board: u32, result: GameResult) -> impl Fn(&Game) -> GameResult {
        move |g| {
            if g.board.get() == board {
                result
            } else {
                GameResult::WhiteWins
            }
        }
    }

    fn assert_finished(t: &Tournament, r: u32) {
        assert_eq!(pair_round(t, round(r)), Err(PairingError::KnockoutFinished));
    }

    #[test]
    fn six_players_are_paired_round_by_round_up_to_the_final() {
        let (mut t, ids) = knockout(6, false);
        let first = pair_round(&t, round(1)).unwrap();
        for (g, board) in first.games.iter().zip(1..) {
            assert_eq!(g.board.get(), board);
            assert_eq!((g.handicap, g.komi), (0, t.settings().rules.komi));
            assert!(!g.colours_known, "colours are drawn by nigiri");
        }
        // Seeds 0 and 1 face empty slots; seed 4 beats seed 3.
        let upset = on_board(1, GameResult::BlackWins);
        assert_eq!(play(&mut t, &ids, 1, upset), vec![(3, 4), (2, 5)]);
        // Absent in round 2, seed 4 is paired all the same: the referee forfeits.
        t.set_participation(ids[4], round(2), false).unwrap();
        assert_eq!(play(&mut t, &ids, 2, stronger_wins), vec![(0, 4), (1, 2)]);
        assert_eq!(
            play(&mut t, &ids, 3, |_| GameResult::BlackWins),
            vec![(0, 1)]
        );
        assert_finished(&t, 4);
    }

    #[test]
    fn the_pairing_check_expects_absences_replays_and_players_left_out() {
        // Round 1 of 8: both drawn; round 2 replays them while the winners
        // wait; an absent player is paired all the same.
        let (mut t, ids) = knockout(8, false);
        play(&mut t, &ids, 1, |g| {
            if g.board.get() <= 2 {
                GameResult::Jigo
            } else {
                GameResult::WhiteWins
            }
        });
        t.set_participation(ids[0], round(2), false).unwrap();
        let replays = pair_round(&t, round(2)).unwrap();
        assert_eq!(replays.games.len(), 2);
        let check = super::super::manual::check(&t, round(2), &replays);
        assert_eq!(check.violations, Vec::new());
        assert_eq!(check.unpaired, Vec::new());
    }

    #[test]
    fn a_drawn_match_is_replayed_alone_before_the_bracket_advances() {
        let (mut t, ids) = knockout(4, false);
        let jigo = on_board(2, GameResult::Jigo);
        assert_eq!(play(&mut t, &ids, 1, jigo), vec![(0, 3), (1, 2)]);
        assert_eq!(play(&mut t, &ids, 2, |_| GameResult::Jigo), vec![(1, 2)]);
        assert_eq!(
            play(&mut t, &ids, 3, |_| GameResult::BlackWins),
            vec![(1, 2)]
        );
        assert_eq!(play(&mut t, &ids, 4, stronger_wins), vec![(0, 2)]);
        assert_finished(&t, 5);
    }

    #[test]
    fn when_losers_play_on_everyone_plays_every_round_until_all_places_are_decided() {
        let (mut t, ids) = knockout(8, true);
        let unordered = |games: Vec<(usize, usize)>| -> Vec<(usize, usize)> {
            games
                .into_iter()
                .map(|(a, b)| (a.min(b), a.max(b)))
                .collect()
        };
        let r1 = play(&mut t, &ids, 1, stronger_wins);
        assert_eq!(r1, vec![(0, 7), (3, 4), (1, 6), (2, 5)]);
        let r2 = play(&mut t, &ids, 2, stronger_wins);
        assert_eq!(unordered(r2), vec![(0, 3), (1, 2), (4, 7), (5, 6)]);
        // Round 3: the final, then the matches for 3rd, 5th and 7th place.
        let r3 = play(&mut t, &ids, 3, stronger_wins);
        assert_eq!(unordered(r3), vec![(0, 1), (2, 3), (4, 5), (6, 7)]);
        assert_finished(&t, 4);
    }

    #[test]
    fn after_a_double_forfeit_the_next_opponent_goes_through_without_playing() {
        let (mut t, ids) = knockout(8, false);
        play(&mut t, &ids, 1, on_board(1, GameResult::BothLose));
        // Seed 3 would have met the winner of 0–7: no game, and no bye.
        assert_eq!(play(&mut t, &ids, 2, stronger_wins), vec![(1, 2)]);
        assert_eq!(play(&mut t, &ids, 3, stronger_wins), vec![(1, 3)]);
    }

    #[test]
    fn a_result_still_missing_or_won_by_both_stops_the_next_round() {
        let (mut t, ids) = knockout(5, false);
        play(&mut t, &ids, 1, |_| GameResult::Unknown);
        assert_eq!(
            pair_round(&t, round(2)),
            Err(PairingError::ResultsMissing(round(1)))
        );
        t.set_result(
            round(1),
            BoardNo::new(1).unwrap(),
            GameResult::BothWin,
            ResultOrigin::RefereeDecision,
        )
        .unwrap();
        assert_eq!(
            pair_round(&t, round(2)),
            Err(PairingError::BothWon(round(1)))
        );
    }

    #[test]
    fn seeds_changed_after_round_one_are_refused_not_reshuffled() {
        let (mut t, ids) = knockout(6, false);
        play(&mut t, &ids, 1, stronger_wins);
        let mut late = Player::new(PlayerId(0), "Late", "x", Rank::Dan(5));
        late.rating = Rating::new(2700);
        let late = t.register(late);
        assert_eq!(
            pair_round(&t, round(2)),
            Err(PairingError::BracketChanged { round: round(1) })
        );
        t.remove_player(late).unwrap();
        assert!(pair_round(&t, round(2)).is_ok());
        let mut renumbered = t.player(ids[5]).unwrap().clone();
        renumbered.draw_number = Some(1);
        t.update_player(renumbered).unwrap();
        assert_eq!(
            pair_round(&t, round(2)),
            Err(PairingError::BracketChanged { round: round(1) })
        );
    }

    #[test]
    fn a_draw_number_held_twice_is_refused() {
        let (mut t, ids) = knockout(4, false);
        for id in &ids[..2] {
            let mut p = t.player(*id).unwrap().clone();
            p.draw_number = Some(2);
            t.update_player(p).unwrap();
        }
        assert_eq!(
            pair_round(&t, round(1)),
            Err(PairingError::DuplicateDrawNumber(2))
        );
    }
}
