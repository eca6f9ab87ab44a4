use super::*;
use crate::core::pairing::knockout::{Advance, Knockout};
use crate::core::pairing::series::{JigoRule, SeriesRules};
use crate::core::round::GameResult;

/// Players 0..n by seed: `PlayerId(k)` is seed k.
fn field(n: u32) -> Vec<PlayerId> {
    (0..n).map(PlayerId).collect()
}

/// The better seed (lower id) wins every game.
fn stronger_wins(round: &RoundProposal) -> Vec<Outcome> {
    round
        .games
        .iter()
        .map(|(a, b)| {
            if a < b {
                Outcome::FirstWins
            } else {
                Outcome::SecondWins
            }
        })
        .collect()
}

fn ids(pairs: &[(u32, u32)]) -> Vec<(PlayerId, PlayerId)> {
    pairs
        .iter()
        .map(|&(a, b)| (PlayerId(a), PlayerId(b)))
        .collect()
}

#[test]
fn nobody_leaves_after_one_loss() {
    let mut d = DoubleElimination::new(&field(8)).unwrap();
    let first = d.next_round();
    assert_eq!(first.games, ids(&[(0, 7), (1, 6), (2, 5), (3, 4)]));
    d.record(&first, &stronger_wins(&first)).unwrap();
    assert_eq!(d.in_play(), field(8));
    let second = d.next_round();
    assert_eq!(second.games, ids(&[(0, 3), (1, 2), (4, 7), (5, 6)]));
    assert!(second.waiting.is_empty());
}

#[test]
fn everybody_but_the_winner_leaves_after_two_losses() {
    for n in [2, 3, 5, 8, 11] {
        let mut d = DoubleElimination::new(&field(n)).unwrap();
        let mut rounds = 0;
        while d.winner().is_none() {
            let round = d.next_round();
            for &(a, b) in &round.games {
                assert!(
                    d.losses(a) < Some(2) && d.losses(b) < Some(2),
                    "{n}: {round:?}"
                );
            }
            d.record(&round, &stronger_wins(&round)).unwrap();
            rounds += 1;
            assert!(rounds <= 2 * n, "{n} players: no end in sight");
        }
        assert_eq!(d.winner(), Some(PlayerId(0)));
        for p in field(n).into_iter().skip(1) {
            assert_eq!(d.losses(p), Some(2), "{n} players, {p}");
        }
        assert_eq!(d.next_round().games, Vec::new());
        let over = d.next_round();
        assert_eq!(d.record(&over, &[]), Err(DoubleEliminationError::Finished));
    }
}

#[test]
fn the_final_is_played_again_when_the_player_with_one_loss_wins_it() {
    let mut d = DoubleElimination::new(&field(2)).unwrap();
    let final_ = d.next_round();
    assert_eq!(final_.games, ids(&[(0, 1)]));
    d.record(&final_, &[Outcome::SecondWins]).unwrap();
    // Seed 1 is now unbeaten and listed first; seed 0 has its first loss.
    let again = d.next_round();
    assert_eq!(again.games, ids(&[(1, 0)]));
    d.record(&again, &[Outcome::SecondWins]).unwrap();
    assert_eq!(d.winner(), None);
    let last = d.next_round();
    d.record(&last, &[Outcome::FirstWins]).unwrap();
    assert_eq!(d.winner(), Some(PlayerId(0)));
}

#[test]
fn an_odd_group_lets_the_best_seed_who_waited_least_sit_out() {
    let mut d = DoubleElimination::new(&field(3)).unwrap();
    let first = d.next_round();
    assert_eq!(first.games, ids(&[(1, 2)]));
    assert_eq!(first.waiting, vec![PlayerId(0)]);
    d.record(&first, &[Outcome::FirstWins]).unwrap();
    // Unbeaten 0 and 1 meet; 2, alone with one loss, waits.
    let second = d.next_round();
    assert_eq!(
        (second.games, second.waiting),
        (ids(&[(0, 1)]), vec![PlayerId(2)])
    );
}

#[test]
fn the_one_loss_group_avoids_a_rematch_when_it_can() {
    let mut d = DoubleElimination::new(&field(8)).unwrap();
    for _ in 0..2 {
        let round = d.next_round();
        d.record(&round, &stronger_wins(&round)).unwrap();
    }
    // One loss: 2 and 3 (round 2) and 4 and 5; 2 met 5 and 3 met 4 in round 1.
    let third = d.next_round();
    assert_eq!(third.games, ids(&[(0, 1), (2, 4), (3, 5)]));
}

#[test]
fn a_drawn_game_is_replayed_before_anything_else_and_a_double_loss_counts_for_both() {
    let mut d = DoubleElimination::new(&field(4)).unwrap();
    let first = d.next_round();
    d.record(&first, &[Outcome::Drawn, Outcome::Neither])
        .unwrap();
    assert_eq!(
        (d.losses(PlayerId(1)), d.losses(PlayerId(2))),
        (Some(1), Some(1))
    );
    let replay = d.next_round();
    assert_eq!((replay.games, replay.waiting), (ids(&[(0, 3)]), Vec::new()));
    assert_eq!(d.losses(PlayerId(0)), Some(0));
}

#[test]
fn a_round_naming_a_player_out_of_play_twice_or_with_missing_outcomes_is_refused() {
    let mut d = DoubleElimination::new(&field(4)).unwrap();
    let round = d.next_round();
    assert_eq!(
        d.record(&round, &[Outcome::FirstWins]),
        Err(DoubleEliminationError::OutcomesMismatch {
            games: 2,
            outcomes: 1
        })
    );
    let twice = RoundProposal {
        games: ids(&[(0, 1), (1, 2)]),
        waiting: Vec::new(),
    };
    let both = [Outcome::FirstWins, Outcome::FirstWins];
    assert_eq!(
        d.record(&twice, &both),
        Err(DoubleEliminationError::DuplicatePlayer(PlayerId(1)))
    );
    let stranger = RoundProposal {
        games: ids(&[(0, 9)]),
        waiting: Vec::new(),
    };
    assert_eq!(
        d.record(&stranger, &[Outcome::FirstWins]),
        Err(DoubleEliminationError::NotInPlay(PlayerId(9)))
    );
    assert_eq!(
        d.losses(PlayerId(1)),
        Some(0),
        "a refused round changes nothing"
    );
    assert_eq!(
        DoubleElimination::new(&field(1)),
        Err(DoubleEliminationError::TooFewPlayers(1))
    );
    let doubled = [PlayerId(1), PlayerId(1)];
    assert_eq!(
        DoubleElimination::new(&doubled),
        Err(DoubleEliminationError::DuplicatePlayer(PlayerId(1)))
    );
}

#[test]
fn a_knockout_tie_played_as_a_best_of_three_goes_to_the_series_winner() {
    let (a, b) = (PlayerId(10), PlayerId(20));
    let rules = SeriesRules {
        best_of: 3,
        jigo: JigoRule::default(),
    };
    let mut series = Series::new((a, b), rules, a).unwrap();
    series.record(GameResult::WhiteWins).unwrap();
    assert_eq!(tie_outcome(&series, a), None, "still being played");
    series.record(GameResult::BlackWins).unwrap();
    assert_eq!(tie_outcome(&series, a), Some(Outcome::SecondWins));
    assert_eq!(tie_outcome(&series, b), Some(Outcome::FirstWins));
    assert_eq!(tie_outcome(&series, PlayerId(30)), None);
    // Seed 0 is `a`, seed 1 is `b`: the knockout's only match goes to `b`.
    let knockout = Knockout::new(2, false);
    assert_eq!(knockout.matches(), vec![(0, 1)]);
    let Ok(Advance::Next(done)) = knockout.advance(&[tie_outcome(&series, a).unwrap()]) else {
        panic!("the match is decided");
    };
    assert_eq!(done.standing(), vec![1]);
}

#[test]
fn a_tied_series_is_a_drawn_knockout_tie() {
    let (a, b) = (PlayerId(10), PlayerId(20));
    let rules = SeriesRules {
        best_of: 2,
        jigo: JigoRule::default(),
    };
    let mut series = Series::new((a, b), rules, b).unwrap();
    series.record(GameResult::BlackWins).unwrap();
    series.record(GameResult::BlackWins).unwrap();
    assert_eq!(tie_outcome(&series, a), Some(Outcome::Drawn));
}
