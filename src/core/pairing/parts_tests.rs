//! Large fields in OpenGotha's parts, on fields made for it (the fixture
//! test on egc2013 grown to 754 players is `fixture_tests`).

use super::super::*;
use crate::core::rating::Rating;

/// A McMahon field (bar 4d) of `fours` 4d, `threes` 3d and `kyus` 1k
/// players, in that order of strength, before round 1.
fn field(fours: usize, threes: usize, kyus: usize) -> Tournament {
    let mut t = Tournament::new(Settings::default());
    let ranks = [
        (fours, Rank::Dan(4)),
        (threes, Rank::Dan(3)),
        (kyus, Rank::Kyu(1)),
    ];
    let mut k = 0;
    for (count, rank) in ranks {
        for _ in 0..count {
            let mut p = Player::new(PlayerId(0), &format!("Name{k:04}"), "F", rank);
            p.rating = Rating::new(2000);
            p.club = ["Kyiv", "Lviv", "Odesa", "Kharkiv"][k % 4].to_owned();
            t.register(p);
            k += 1;
        }
    }
    t
}

/// The ranks of a part's players, in the part's order, run-length coded.
fn ranks(draw: &Draw, part: &[usize]) -> Vec<(Rank, usize)> {
    let mut out: Vec<(Rank, usize)> = Vec::new();
    for &i in part {
        let rank = draw.entrants[i].player.rank;
        match out.last_mut() {
            Some((r, count)) if *r == rank => *count += 1,
            _ => out.push((rank, 1)),
        }
    }
    out
}

fn round1() -> RoundNo {
    RoundNo::new(1).expect("round 1")
}

#[test]
fn up_to_600_players_are_one_part_in_the_draws_order() {
    let t = field(100, 100, 400);
    let draw = Draw::prepare(&t, round1()).expect("prepares");
    assert_eq!(draw.parts(), vec![(0..600).collect::<Vec<_>>()]);
}

#[test]
fn a_part_closes_at_the_first_score_that_makes_it_even_and_at_least_200() {
    // 151 at the bar, then 99 more: 250 players, even, after the 3d score.
    let t = field(151, 99, 450);
    let draw = Draw::prepare(&t, round1()).expect("prepares");
    let parts = draw.parts();
    assert_eq!(parts.len(), 2);
    assert_eq!(
        ranks(&draw, &parts[0]),
        [(Rank::Dan(4), 151), (Rank::Dan(3), 99)]
    );
    assert_eq!(ranks(&draw, &parts[1]), [(Rank::Kyu(1), 450)]);
    // The rest keeps the draw's order.
    assert!(parts[1].windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn an_odd_part_goes_on_down_until_only_200_players_are_left() {
    // 151 + 100 is odd: the part takes 1k players until 200 are left.
    let t = field(151, 100, 449);
    let draw = Draw::prepare(&t, round1()).expect("prepares");
    let parts = draw.parts();
    assert_eq!(parts.iter().map(Vec::len).collect::<Vec<_>>(), [500, 200]);
    assert_eq!(
        ranks(&draw, &parts[0]),
        [
            (Rank::Dan(4), 151),
            (Rank::Dan(3), 100),
            (Rank::Kyu(1), 249)
        ]
    );
}

#[test]
fn a_part_stops_at_600_players() {
    // One score for everyone (Swiss, round 1): the first 600 of 1,000 in
    // the draw's order make a part, the other 400 the last.
    let mut t = Tournament::new(Settings {
        system: System::Swiss,
        placement: vec![Criterion::Nbw],
        ..Settings::default()
    });
    for k in 0..1000 {
        t.register(Player::new(
            PlayerId(0),
            &format!("N{k:04}"),
            "F",
            Rank::Kyu(5),
        ));
    }
    let draw = Draw::prepare(&t, round1()).expect("prepares");
    let parts = draw.parts();
    assert_eq!(
        parts,
        vec![(0..600).collect::<Vec<_>>(), (600..1000).collect()]
    );
}

#[test]
fn each_part_is_paired_alone_and_explained_within_itself() {
    let t = field(151, 99, 450);
    let draw = Draw::prepare(&t, round1()).expect("prepares");
    let parts = draw.parts();
    let part_of = |p: PlayerId| {
        parts
            .iter()
            .position(|m| m.iter().any(|&i| draw.entrants[i].player.id == p))
    };
    let paired = pair_round(&t, round1()).expect("pairs");
    assert_eq!(paired.games.len(), 350);
    for g in &paired.games {
        assert_eq!(
            part_of(g.white),
            part_of(g.black),
            "board {}",
            g.board.get()
        );
    }
    // A board of the top part: its best alternative stays in that part.
    let game = paired
        .games
        .iter()
        .find(|g| part_of(g.white) == Some(0))
        .expect("a board of the first part");
    let why = draw.explain(game.white, game.black).expect("explained");
    let other = why.alternative.expect("an alternative");
    assert_eq!(part_of(other.first_opponent.0), Some(0));
    assert_eq!(part_of(other.second_opponent.0), Some(0));
}
