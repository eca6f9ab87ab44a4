use super::super::pair_round;
use super::*;
use crate::core::ids::BoardNo;
use crate::core::player::Player;
use crate::core::rank::Rank;
use crate::core::rating::Rating;
use crate::core::round::{GameResult, ResultOrigin};
use crate::core::settings::{Settings, System};

/// A knockout of `players`, registered strongest first, so that the ids
/// come back in seed order.
fn knockout(players: usize, losers_play_on: bool) -> (Tournament, Vec<PlayerId>) {
    knockout_with(players, |s| s.losers_play_on = losers_play_on)
}

/// A knockout of `players` with its settings changed by `change`.
fn knockout_with(players: usize, change: impl Fn(&mut Settings)) -> (Tournament, Vec<PlayerId>) {
    let mut settings = Settings {
        system: System::Knockout,
        number_of_rounds: 12,
        ..Settings::default()
    };
    change(&mut settings);
    let mut t = Tournament::new(settings);
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

/// The higher seed wins when `ids` lists it first, else the lower.
fn seed_wins(ids: &[PlayerId], higher: bool) -> impl Fn(&Game) -> GameResult + '_ {
    move |g| {
        let seed = |id: PlayerId| ids.iter().position(|&p| p == id).unwrap();
        let white_higher = seed(g.white) < seed(g.black);
        if white_higher == higher {
            GameResult::WhiteWins
        } else {
            GameResult::BlackWins
        }
    }
}

#[test]
fn best_of_three_ties_span_rounds_and_the_next_bracket_round_waits_for_all() {
    let (mut t, ids) = knockout_with(4, |s| s.best_of = 3);
    let first = pair_round(&t, round(1)).unwrap();
    assert!(
        first.games.iter().all(|g| g.colours_known),
        "a series fixes colours"
    );
    // Game 1: the lower seed takes Black; then colours swap.
    assert_eq!(play(&mut t, &ids, 1, stronger_wins), vec![(0, 3), (1, 2)]);
    // Seed 0 wins again and is through 2–0; seed 2 levels its tie 1–1.
    let r2 = play(&mut t, &ids, 2, |g| {
        if g.colour_of(ids[0]).is_some() {
            seed_wins(&ids, true)(g)
        } else {
            seed_wins(&ids, false)(g)
        }
    });
    assert_eq!(r2, vec![(3, 0), (2, 1)], "colours swap every game");
    // Round 3 plays the decider alone; seed 0 rests.
    assert_eq!(play(&mut t, &ids, 3, seed_wins(&ids, false)), vec![(1, 2)]);
    // The final: seed 0 against seed 2, who won 2–1.
    assert_eq!(play(&mut t, &ids, 4, stronger_wins), vec![(0, 2)]);
    assert_eq!(play(&mut t, &ids, 5, seed_wins(&ids, true)), vec![(2, 0)]);
    assert_finished(&t, 6);
}

#[test]
fn a_series_game_missing_from_its_round_is_refused_not_guessed() {
    let (mut t, ids) = knockout_with(4, |s| s.best_of = 3);
    play(&mut t, &ids, 1, stronger_wins);
    // Round 2 recorded with only one of the two games the series need.
    let mut paired = pair_round(&t, round(2)).unwrap();
    paired.games.truncate(1);
    for g in &mut paired.games {
        g.result = GameResult::WhiteWins;
    }
    t.record_pairing(round(2), paired.games, None).unwrap();
    assert_eq!(
        pair_round(&t, round(3)),
        Err(PairingError::BracketChanged { round: round(2) })
    );
}

#[test]
fn with_two_losses_to_eliminate_a_first_loss_keeps_the_player_in_play() {
    let (mut t, ids) = knockout_with(4, |s| s.two_losses_eliminate = true);
    assert_eq!(play(&mut t, &ids, 1, stronger_wins), vec![(0, 3), (1, 2)]);
    // Unbeaten against unbeaten, once-beaten against once-beaten.
    assert_eq!(play(&mut t, &ids, 2, stronger_wins), vec![(0, 1), (2, 3)]);
    // Seed 3 has left with two losses; seeds 1 and 2 have one each, and
    // seed 0 none: seed 0 waits while 1 meets 2.
    assert_eq!(play(&mut t, &ids, 3, stronger_wins), vec![(1, 2)]);
    assert_eq!(resting(&t, round(3)), Some(vec![ids[0]]), "seed 0 rests");
    assert_eq!(resting(&t, round(2)), Some(vec![]));
    // The final: seed 0 (no loss) against seed 1 (one loss); seed 1 wins,
    // so each has one loss and they meet again.
    assert_eq!(play(&mut t, &ids, 4, seed_wins(&ids, false)), vec![(0, 1)]);
    assert_eq!(play(&mut t, &ids, 5, stronger_wins), vec![(0, 1)]);
    assert_finished(&t, 6);
    let by_seed = |r| {
        let losses = losses(&t, round(r)).unwrap();
        ids.iter().map(|p| losses[p]).collect::<Vec<_>>()
    };
    assert_eq!(by_seed(1), vec![0, 0, 1, 1]);
    // A round with a result missing counts nothing yet.
    let mut unfinished = t.clone();
    let board = BoardNo::new(1).unwrap();
    (unfinished.set_result(round(3), board, GameResult::Unknown, ResultOrigin::Played)).unwrap();
    assert_eq!(losses(&unfinished, round(3)).unwrap()[&ids[2]], 1);
    assert_eq!(by_seed(3), vec![0, 1, 2, 2]);
    // Seed 0's first loss in the final, then seed 1's second.
    assert_eq!(by_seed(5), vec![1, 2, 2, 2]);
}

/// Each seed's bracket rounds come through after round `r`, by seed.
fn passed(t: &Tournament, ids: &[PlayerId], r: u32) -> Vec<u32> {
    let stages = stages_passed(t, round(r)).unwrap();
    ids.iter().map(|id| stages[id]).collect()
}

#[test]
fn players_out_in_the_same_bracket_round_come_equally_far() {
    let (mut t, ids) = knockout(8, false);
    play(&mut t, &ids, 1, stronger_wins);
    assert_eq!(passed(&t, &ids, 1), [1, 1, 1, 1, 0, 0, 0, 0]);
    play(&mut t, &ids, 2, stronger_wins);
    play(&mut t, &ids, 3, |_| GameResult::BlackWins);
    // Seed 1 beat seed 0 in the final: 1, 2, 3–4, 5–8 (RFG App. 7 §4).
    assert_eq!(passed(&t, &ids, 3), [2, 3, 1, 1, 0, 0, 0, 0]);
    // The standings after round 1 read only round 1.
    assert_eq!(passed(&t, &ids, 1), [1, 1, 1, 1, 0, 0, 0, 0]);
}

#[test]
fn a_best_of_three_being_played_ranks_nobody_by_its_last_game() {
    let (mut t, ids) = knockout_with(4, |s| s.best_of = 3);
    play(&mut t, &ids, 1, stronger_wins);
    assert_eq!(passed(&t, &ids, 1), [0, 0, 0, 0], "1–0 decides no tie");
    play(&mut t, &ids, 2, |g| {
        if g.colour_of(ids[0]).is_some() {
            seed_wins(&ids, true)(g)
        } else {
            seed_wins(&ids, false)(g)
        }
    });
    // Seed 0 is through 2–0 but seeds 1 and 2 stand at 1–1: the bracket
    // round closes with its last tie, and until then it places nobody.
    assert_eq!(passed(&t, &ids, 2), [0, 0, 0, 0]);
    play(&mut t, &ids, 3, seed_wins(&ids, false));
    assert_eq!(passed(&t, &ids, 3), [1, 0, 1, 0]);
    // The final at 1–0 for seed 0 places neither finalist above the other.
    play(&mut t, &ids, 4, stronger_wins);
    assert_eq!(passed(&t, &ids, 4), [1, 0, 1, 0]);
    play(&mut t, &ids, 5, seed_wins(&ids, true));
    assert_eq!(passed(&t, &ids, 5), [2, 0, 1, 0]);
}

#[test]
fn with_losers_playing_on_every_place_is_ranked_by_its_group() {
    let (mut t, ids) = knockout(4, true);
    play(&mut t, &ids, 1, stronger_wins);
    assert_eq!(passed(&t, &ids, 1), [1, 1, 0, 0]);
    play(&mut t, &ids, 2, stronger_wins);
    assert_eq!(passed(&t, &ids, 2), [3, 2, 1, 0]);
}

#[test]
fn only_a_knockout_of_two_losses_has_players_resting_or_losses_counted() {
    let (t, _) = knockout(8, false);
    assert_eq!(resting(&t, round(1)), None);
    assert_eq!(losses(&t, round(1)), None);
}

#[test]
fn a_double_elimination_has_no_bracket_rounds_to_count() {
    let (t, _) = knockout_with(4, |s| s.two_losses_eliminate = true);
    assert_eq!(stages_passed(&t, round(1)), None);
}

#[test]
fn the_knockouts_standings_share_the_places_of_each_bracket_round() {
    use crate::core::standings::{Criterion, standings};
    let (mut t, ids) = knockout(8, false);
    play(&mut t, &ids, 1, stronger_wins);
    play(&mut t, &ids, 2, stronger_wins);
    play(&mut t, &ids, 3, |_| GameResult::BlackWins);
    let table = standings(&t, 3, &[Criterion::Stage]);
    let place = |seed: usize| {
        let row = table.rows.iter().find(|r| r.player == ids[seed]).unwrap();
        row.place
    };
    let places: Vec<u32> = (0..8).map(place).collect();
    assert_eq!(places, [2, 1, 3, 3, 5, 5, 5, 5]);
}

/// A tie by seeds: the first, the second and who went through.
type SeedTie = (Option<usize>, Option<usize>, Option<usize>);

/// Each bracket round's ties as seed pairs, a waiting place as `None`, and
/// who went through, by seed.
fn bracket_seeds(t: &Tournament, ids: &[PlayerId], r: u32) -> Vec<Vec<SeedTie>> {
    let seed = |p: Option<PlayerId>| p.map(|p| ids.iter().position(|&i| i == p).unwrap());
    super::super::knockout_view::bracket(t, round(r))
        .unwrap()
        .iter()
        .map(|ties| {
            ties.iter()
                .map(|tie| (seed(tie.first), seed(tie.second), seed(tie.through)))
                .collect()
        })
        .collect()
}

#[test]
fn the_bracket_shows_each_tie_and_the_next_rounds_known_players() {
    let (mut t, ids) = knockout(6, false);
    // Seeds 0 and 1 go through without a game; seed 4 beats seed 3.
    play(&mut t, &ids, 1, on_board(1, GameResult::BlackWins));
    let shown = bracket_seeds(&t, &ids, 1);
    assert_eq!(
        shown[0],
        [
            (Some(0), None, Some(0)),
            (Some(3), Some(4), Some(4)),
            (Some(1), None, Some(1)),
            (Some(2), Some(5), Some(2)),
        ]
    );
    // Round 2 is not played yet: its ties wait with their players known.
    assert_eq!(
        shown[1],
        [(Some(0), Some(4), None), (Some(1), Some(2), None)]
    );
    // And the final after them, its players still to be decided.
    assert_eq!(shown[2], [(None, None, None)]);
    assert_eq!(shown.len(), 3);
}

#[test]
fn a_best_of_three_tie_shows_its_score_and_its_winner_once_decided() {
    let (mut t, ids) = knockout_with(4, |s| s.best_of = 3);
    play(&mut t, &ids, 1, stronger_wins);
    play(&mut t, &ids, 2, |g| {
        if g.colour_of(ids[0]).is_some() {
            seed_wins(&ids, true)(g)
        } else {
            seed_wins(&ids, false)(g)
        }
    });
    let view = super::super::knockout_view::bracket(&t, round(2)).unwrap();
    let scores: Vec<(u32, u32)> = view[0].iter().map(|tie| tie.score()).collect();
    assert_eq!(scores, [(2, 0), (1, 1)]);
    // Seed 0 is through at 2–0 while the other tie goes to a third game.
    let through: Vec<_> = view[0].iter().map(|tie| tie.through).collect();
    assert_eq!(through, [Some(ids[0]), None]);
    assert_eq!(view[1][0].first, Some(ids[0]));
    assert_eq!(view[1][0].second, None);
}
