use super::*;
use GameResult::{BlackWins, Jigo, WhiteWins};

const A: PlayerId = PlayerId(1);
const B: PlayerId = PlayerId(2);

fn best_of(n: u32, jigo: JigoRule) -> Series {
    Series::new((A, B), SeriesRules { best_of: n, jigo }, A).unwrap()
}

fn points(first: i32, second: i32) -> Score {
    Score {
        first: HalfPoints::from_halves(first),
        second: HalfPoints::from_halves(second),
    }
}

#[test]
fn best_of_three_ends_two_nil_after_two_games() {
    let mut s = best_of(3, JigoRule::default());
    // A has Black in game 1, White in game 2: A wins both.
    assert_eq!(
        s.record(BlackWins),
        Ok(SeriesState::Continue { next_black: B })
    );
    let decided = SeriesState::Decided {
        winner: A,
        score: points(4, 0),
    };
    assert_eq!(s.record(WhiteWins), Ok(decided));
    assert_eq!(s.record(BlackWins), Err(SeriesError::Over));
}

#[test]
fn best_of_three_goes_to_a_third_game_after_one_game_each() {
    let mut s = best_of(3, JigoRule::default());
    s.record(BlackWins).unwrap();
    assert_eq!(
        s.record(BlackWins),
        Ok(SeriesState::Continue { next_black: A })
    );
    let decided = SeriesState::Decided {
        winner: B,
        score: points(2, 4),
    };
    assert_eq!(s.record(WhiteWins), Ok(decided));
}

#[test]
fn colours_swap_every_game_from_the_drawn_first_black() {
    let rules = SeriesRules {
        best_of: 5,
        jigo: JigoRule::Replayed,
    };
    let mut s = Series::new((A, B), rules, B).unwrap();
    let mut blacks = Vec::new();
    for result in [Jigo, BlackWins, BlackWins, Jigo, BlackWins] {
        let SeriesState::Continue { next_black } = s.state() else {
            panic!("the series is not over");
        };
        blacks.push(next_black);
        s.record(result).unwrap();
    }
    assert_eq!(blacks, vec![B, A, B, A, B]);
}

#[test]
fn by_default_a_jigo_gives_half_a_point_each_and_counts_as_a_game() {
    let mut s = best_of(3, JigoRule::default());
    s.record(BlackWins).unwrap();
    s.record(Jigo).unwrap();
    let decided = SeriesState::Decided {
        winner: A,
        score: points(4, 2),
    };
    assert_eq!(s.record(Jigo), Ok(decided));
}

#[test]
fn counting_wins_a_jigo_uses_up_a_game_without_a_point() {
    let mut s = best_of(2, JigoRule::NoWin);
    s.record(Jigo).unwrap();
    assert_eq!(
        s.record(Jigo),
        Ok(SeriesState::Tied {
            score: points(0, 0)
        })
    );
    let mut s = best_of(2, JigoRule::default());
    s.record(Jigo).unwrap();
    assert_eq!(
        s.record(Jigo),
        Ok(SeriesState::Tied {
            score: points(2, 2)
        })
    );
}

#[test]
fn a_replayed_jigo_does_not_count_among_the_games() {
    let mut s = best_of(1, JigoRule::Replayed);
    assert_eq!(s.record(Jigo), Ok(SeriesState::Continue { next_black: B }));
    let decided = SeriesState::Decided {
        winner: B,
        score: points(0, 2),
    };
    assert_eq!(s.record(BlackWins), Ok(decided));
}

#[test]
fn a_series_without_games_against_oneself_or_with_a_stranger_in_black_is_refused() {
    let rules = |best_of| SeriesRules {
        best_of,
        jigo: JigoRule::default(),
    };
    assert_eq!(Series::new((A, B), rules(0), A), Err(SeriesError::NoGames));
    assert_eq!(
        Series::new((A, A), rules(3), A),
        Err(SeriesError::SamePlayer(A))
    );
    let stranger = PlayerId(9);
    assert_eq!(
        Series::new((A, B), rules(3), stranger),
        Err(SeriesError::NotInSeries(stranger))
    );
    assert_eq!(
        best_of(3, JigoRule::default()).record(GameResult::Unknown),
        Err(SeriesError::UnknownResult)
    );
}

#[test]
fn the_match_tournament_table_orders_by_series_won_then_game_points() {
    let c = PlayerId(3);
    let series = |first, second, results: &[GameResult]| {
        let rules = SeriesRules {
            best_of: 2,
            jigo: JigoRule::NoWin,
        };
        let mut s = Series::new((first, second), rules, first).unwrap();
        for &r in results {
            s.record(r).unwrap();
        }
        s
    };
    // A beats B 2–0; B and C tie 1–1; C beats A 1–0 with a jigo.
    let played = [
        series(A, B, &[BlackWins, WhiteWins]),
        series(B, c, &[BlackWins, BlackWins]),
        series(c, A, &[Jigo, WhiteWins]),
    ];
    let table = match_tournament_table(&[A, B, c], &played);
    let line = |r: &MatchRow| {
        (
            r.player,
            r.match_points.halves(),
            r.game_points.halves(),
            r.place,
        )
    };
    let lines: Vec<_> = table.iter().map(line).collect();
    assert_eq!(lines, vec![(c, 3, 4, 1), (A, 2, 4, 2), (B, 1, 2, 3)]);
}
