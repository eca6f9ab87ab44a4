use super::*;
use crate::core::pairing::knockout::{Advance, Knockout, Outcome};
use crate::core::pairing::round_robin::round_robin_round;

fn ids(ns: &[u32]) -> Vec<PlayerId> {
    ns.iter().copied().map(PlayerId).collect()
}

/// The group `player` played in, groups holding ids 10g + 1 … (see `ids`).
fn group_of(player: PlayerId) -> u32 {
    player.0 / 10
}

/// The earliest knockout round, over every way the matches can go, in
/// which two players of the same group meet; rounds counted from `round`.
fn earliest_group_mates_meet(k: &Knockout, seeds: &[PlayerId], round: u32) -> u32 {
    let matches = k.matches();
    if matches
        .iter()
        .any(|&(a, b)| group_of(seeds[a]) == group_of(seeds[b]))
    {
        return round;
    }
    let mut earliest = u32::MAX;
    for results in 0..1u32 << matches.len() {
        let outcomes: Vec<Outcome> = (0..matches.len())
            .map(|m| {
                if (results >> m) & 1 == 0 {
                    Outcome::FirstWins
                } else {
                    Outcome::SecondWins
                }
            })
            .collect();
        if let Ok(Advance::Next(next)) = k.advance(&outcomes)
            && !next.is_finished()
        {
            earliest = earliest.min(earliest_group_mates_meet(&next, seeds, round + 1));
        }
    }
    earliest
}

/// A group's final order after a round robin in which the player listed
/// earlier always wins, as the tables of Annex 1 pair it.
fn play_group(players: &[PlayerId]) -> Vec<PlayerId> {
    let mut wins = vec![0; players.len()];
    for r in 1..players.len() {
        for g in round_robin_round(players.len(), r, 1).unwrap().games {
            wins[g.black.min(g.white)] += 1;
        }
    }
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(wins[i]));
    order.into_iter().map(|i| players[i]).collect()
}

#[test]
fn two_groups_of_four_send_their_top_two_to_a_knockout_where_group_mates_meet_only_in_the_final() {
    let rules = StageRules {
        groups: 2,
        qualifiers_per_group: 2,
        group_format: GroupFormat::RoundRobin,
        final_format: FinalFormat::Knockout,
    };
    let groups = [ids(&[11, 12, 13, 14]), ids(&[21, 22, 23, 24])];
    let finals: Vec<Vec<PlayerId>> = groups.iter().map(|g| play_group(g)).collect();
    assert_eq!(finals, groups);
    let seeds = rules.qualifiers(&finals).unwrap();
    assert_eq!(seeds, ids(&[11, 21, 12, 22]));
    let knockout = Knockout::new(seeds.len(), false);
    // Semi-finals: winner of A against runner-up of B and the other way round.
    assert_eq!(knockout.matches(), vec![(0, 3), (1, 2)]);
    assert_eq!(
        earliest_group_mates_meet(&knockout, &seeds, 1),
        2,
        "the final is round 2"
    );
}

#[test]
fn four_groups_sending_two_each_meet_their_group_mates_only_in_the_final() {
    let groups: Vec<Vec<PlayerId>> = (1..=4)
        .map(|g| ids(&[10 * g + 1, 10 * g + 2, 10 * g + 3]))
        .collect();
    let seeds = final_seeding(&groups, 2).unwrap();
    assert_eq!(seeds, ids(&[11, 21, 31, 41, 22, 12, 42, 32]));
    let knockout = Knockout::new(seeds.len(), false);
    assert_eq!(
        earliest_group_mates_meet(&knockout, &seeds, 1),
        3,
        "the final is round 3"
    );
}

#[test]
fn three_groups_sending_two_each_keep_group_mates_apart_around_the_byes() {
    let groups: Vec<Vec<PlayerId>> = (1..=3).map(|g| ids(&[10 * g + 1, 10 * g + 2])).collect();
    let seeds = final_seeding(&groups, 2).unwrap();
    assert_eq!(seeds.len(), 6);
    let knockout = Knockout::new(seeds.len(), false);
    assert_eq!(
        earliest_group_mates_meet(&knockout, &seeds, 1),
        3,
        "the final is round 3"
    );
}

#[test]
fn groups_that_cannot_feed_the_final_are_refused() {
    let a = ids(&[11, 12, 13]);
    let b = ids(&[21]);
    assert_eq!(final_seeding(&[], 2), Err(StageProblem::NoGroups));
    assert_eq!(
        final_seeding(std::slice::from_ref(&a), 0),
        Err(StageProblem::NoQualifiers)
    );
    assert_eq!(
        final_seeding(&[a.clone(), b.clone()], 2),
        Err(StageProblem::GroupTooSmall {
            group: 2,
            players: 1,
            needed: 2
        })
    );
    let twice = ids(&[21, 12]);
    assert_eq!(
        final_seeding(&[a.clone(), twice], 1),
        Err(StageProblem::PlayerListedTwice(PlayerId(12)))
    );
    let mut rules = StageRules {
        groups: 2,
        qualifiers_per_group: 1,
        group_format: GroupFormat::Swiss,
        final_format: FinalFormat::Knockout,
    };
    assert_eq!(
        rules.qualifiers(std::slice::from_ref(&a)),
        Err(StageProblem::GroupCount {
            expected: 2,
            got: 1
        })
    );
    assert_eq!(
        rules.qualifiers(&[a.clone(), b.clone()]),
        Ok(ids(&[11, 21]))
    );
    rules.groups = 1;
    assert_eq!(rules.qualifiers(&[a]), Err(StageProblem::FinalTooSmall(1)));
    let big: Vec<PlayerId> = (100..126).map(PlayerId).collect();
    rules.group_format = GroupFormat::RoundRobin;
    assert_eq!(
        rules.qualifiers(std::slice::from_ref(&big)),
        Err(StageProblem::RoundRobinTooLarge {
            players: 26,
            max: 24
        })
    );
    rules.group_format = GroupFormat::Swiss;
    rules.qualifiers_per_group = 25;
    rules.final_format = FinalFormat::RoundRobin;
    assert_eq!(
        rules.qualifiers(&[big]),
        Err(StageProblem::RoundRobinTooLarge {
            players: 25,
            max: 24
        })
    );
}

#[test]
fn players_sharing_a_place_split_the_points_of_the_places_they_occupy() {
    let table = [10, 6, 4, 2];
    let places = [ids(&[1]), ids(&[2, 3]), ids(&[4]), ids(&[5])];
    let points = tournament_points(&table, &places);
    let expected = vec![
        (PlayerId(1), Ratio::whole(10)),
        (PlayerId(2), Ratio::whole(5)),
        (PlayerId(3), Ratio::whole(5)),
        (PlayerId(4), Ratio::whole(2)),
        (PlayerId(5), Ratio::whole(0)),
    ];
    assert_eq!(points, expected);
    let three_way = tournament_points(&table, &[ids(&[1, 2, 3])]);
    assert_eq!(three_way[0].1, Ratio::new(20, 3));
}

#[test]
fn equal_series_totals_are_ordered_by_the_best_single_result_then_share_the_place() {
    let table = [10, 6, 4, 2];
    // 1: 10 + 2 = 12; 2: 6 + 6 = 12; 3: 4 + 4 = 8; 4: 2 + 10 = 12 with the same best as 1.
    let tournaments = [
        vec![ids(&[1]), ids(&[2]), ids(&[3]), ids(&[4])],
        vec![ids(&[4]), ids(&[2]), ids(&[3]), ids(&[1])],
    ];
    let lines = series_standings(&table, &tournaments);
    let summary: Vec<_> = lines
        .iter()
        .map(|l| (l.player.0, l.total, l.best, l.place))
        .collect();
    let w = Ratio::whole;
    assert_eq!(
        summary,
        vec![
            (1, w(12), w(10), 1),
            (4, w(12), w(10), 1),
            (2, w(12), w(6), 3),
            (3, w(8), w(4), 4),
        ]
    );
}
