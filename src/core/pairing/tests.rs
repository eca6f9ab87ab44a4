//! Property tests: random tournaments played out round by round.

use super::*;
use crate::core::rating::Rating;
use crate::core::settings::System;
use crate::core::units::HalfPoints;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng, rngs::StdRng};

fn unordered(a: PlayerId, b: PlayerId) -> (PlayerId, PlayerId) {
    if a < b { (a, b) } else { (b, a) }
}

/// A random field of `players` players (ranks 20k–5d, maybe a few absences) under
/// McMahon or Swiss settings for 10 rounds.
fn random_tournament(
    rng: &mut StdRng,
    players: usize,
    system: System,
    absences: bool,
) -> Tournament {
    let mut settings = Settings {
        number_of_rounds: 10,
        system,
        ..Settings::default()
    };
    if system == System::Swiss {
        settings.placement = vec![Criterion::Nbw, Criterion::Sosw, Criterion::Sososw];
    }
    let mut t = Tournament::new(settings);
    for k in 0..players {
        let rank = Rank::from_opengotha_value(rng.gen_range(-20..=4));
        let mut p = Player::new(
            PlayerId(0),
            &format!("Name{k:03}"),
            &format!("First{}", k % 7),
            rank,
        );
        p.rating = Rating::new(rng.gen_range(100..2700));
        p.club = ["Kyiv", "Lviv", "Odesa", ""][k % 4].to_owned();
        for r in 1..=10 {
            if absences && rng.gen_bool(0.05) {
                p.participation = p.participation.with(RoundNo::from_index(r - 1), false);
            }
        }
        t.register(p);
    }
    t
}

/// Records the pairing of `round` with random results.
fn play(t: &mut Tournament, rng: &mut StdRng, paired: &RoundPairing) {
    for g in &paired.games {
        let result = if rng.gen_bool(0.5) {
            GameResult::WhiteWins
        } else {
            GameResult::BlackWins
        };
        t.add_game(Game {
            result,
            ..g.clone()
        })
        .expect("a new game fits the round");
    }
    if let Some(player) = paired.bye {
        t.give_bye(Bye {
            round: paired.games.first().map_or(RoundNo::FIRST, |g| g.round),
            player,
        })
        .expect("the bye is free");
    }
}

/// The same tournament with the players registered in another order.
fn shuffled(t: &Tournament, rng: &mut StdRng) -> Tournament {
    let mut players = t.players().to_vec();
    players.shuffle(rng);
    let mut out = Tournament::new(t.settings().clone());
    let ids: HashMap<PlayerId, PlayerId> = players
        .into_iter()
        .map(|p| (p.id, out.register(p)))
        .collect();
    for g in t.games() {
        out.add_game(Game {
            white: ids[&g.white],
            black: ids[&g.black],
            ..g.clone()
        })
        .expect("same games");
    }
    for b in t.byes() {
        out.give_bye(Bye {
            round: b.round,
            player: ids[&b.player],
        })
        .expect("same byes");
    }
    out
}

/// Board, white, black and handicap, with players by name.
type NamedBoard = (u32, String, String, u8);

/// Boards as names, to compare pairings across different player ids.
fn by_name(t: &Tournament, p: &RoundPairing) -> (Vec<NamedBoard>, Option<String>) {
    let name = |id| t.player(id).map(Player::full_name).unwrap_or_default();
    let games = p
        .games
        .iter()
        .map(|g| (g.board.get(), name(g.white), name(g.black), g.handicap))
        .collect();
    (games, p.bye.map(name))
}

/// Whether the players to pair admit a perfect matching without a repeat game.
fn repeat_free_pairing_exists(t: &Tournament, round: RoundNo, players: &[PlayerId]) -> bool {
    let met: HashSet<_> = t
        .games()
        .iter()
        .filter(|g| g.round < round)
        .map(|g| unordered(g.white, g.black))
        .collect();
    let new = |i: usize, j: usize| i64::from(!met.contains(&unordered(players[i], players[j])));
    let weight = |i: usize, j: usize| Some(new(i, j));
    matching::max_weight_perfect_matching(players.len(), weight)
        .map(|pairs| pairs.iter().map(|&(i, j)| new(i, j)).sum::<i64>() == players.len() as i64 / 2)
        .unwrap_or(false)
}

fn check_round(t: &Tournament, round: RoundNo, paired: &RoundPairing) {
    let eligible: Vec<PlayerId> = t
        .players()
        .iter()
        .filter(|p| p.registration == Registration::Final && p.participation.plays(round))
        .map(|p| p.id)
        .collect();
    let mut seen = HashSet::new();
    for id in paired
        .games
        .iter()
        .flat_map(|g| [g.white, g.black])
        .chain(paired.bye)
    {
        assert!(seen.insert(id), "round {round}: {id} appears twice");
    }
    assert_eq!(
        seen.len(),
        eligible.len(),
        "round {round}: not everyone taking part is paired"
    );

    let draw = Draw::prepare(t, round).expect("the round can be prepared");
    if repeat_free_pairing_exists(t, round, &draw.players()) {
        for g in &paired.games {
            let repeat = t
                .games()
                .iter()
                .any(|old| unordered(old.white, old.black) == unordered(g.white, g.black));
            assert!(
                !repeat,
                "round {round}: {} and {} meet again though avoidable",
                g.white, g.black
            );
        }
    }
    if let Some(bye) = paired.bye {
        let byes = |id: PlayerId| t.byes().iter().filter(|b| b.player == id).count();
        let fewest = eligible.iter().map(|&id| byes(id)).min().unwrap_or(0);
        assert_eq!(
            byes(bye),
            fewest,
            "round {round}: {bye} gets another bye though avoidable"
        );
    }
}

#[test]
fn random_tournaments_pair_everyone_once_avoid_repeats_and_second_byes() {
    let mut rng = StdRng::seed_from_u64(2026);
    for (players, system) in [
        (7, System::McMahon),
        (31, System::Swiss),
        (64, System::McMahon),
        (199, System::McMahon),
    ] {
        let mut t = random_tournament(&mut rng, players, system, true);
        for r in 1..=10 {
            let round = RoundNo::from_index(r - 1);
            let paired = pair_round(&t, round).expect("a pairing exists");
            check_round(&t, round, &paired);
            play(&mut t, &mut rng, &paired);
        }
    }
}

#[test]
fn rfg_swiss_tournaments_pair_everyone_once_never_repeat_and_avoid_second_byes() {
    let mut rng = StdRng::seed_from_u64(2027);
    for players in [9, 31, 60] {
        let mut t = random_tournament(&mut rng, players, System::RfgSwiss, true);
        for r in 1..=7 {
            let round = RoundNo::from_index(r - 1);
            let paired = pair_round(&t, round).expect("a pairing exists");
            check_round(&t, round, &paired);
            for g in &paired.games {
                let met = t
                    .games()
                    .iter()
                    .any(|old| unordered(old.white, old.black) == unordered(g.white, g.black));
                assert!(!met, "round {round}: the RFG Swiss never pairs twice");
            }
            play(&mut t, &mut rng, &paired);
        }
    }
}

#[test]
fn the_order_players_were_registered_in_does_not_change_the_pairing() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut t = random_tournament(&mut rng, 41, System::McMahon, true);
    for r in 1..=6 {
        let round = RoundNo::from_index(r - 1);
        let paired = pair_round(&t, round).expect("a pairing exists");
        let other = shuffled(&t, &mut rng);
        let again = pair_round(&other, round).expect("a pairing exists");
        assert_eq!(
            by_name(&t, &paired),
            by_name(&other, &again),
            "round {round}"
        );
        play(&mut t, &mut rng, &paired);
    }
}

#[test]
fn bye_goes_to_the_lowest_player_who_has_not_had_one() {
    let mut rng = StdRng::seed_from_u64(3);
    let mut t = random_tournament(&mut rng, 5, System::McMahon, false);
    let mut byes = Vec::new();
    for r in 1..=5 {
        let round = RoundNo::from_index(r - 1);
        let paired = pair_round(&t, round).expect("a pairing exists");
        byes.push(paired.bye.expect("five players: one bye"));
        play(&mut t, &mut rng, &paired);
    }
    byes.sort();
    byes.dedup();
    assert_eq!(byes.len(), 5, "five rounds, five different byes");
}

#[test]
fn every_board_is_explained_by_its_weight_and_a_costlier_alternative() {
    let mut rng = StdRng::seed_from_u64(11);
    let mut t = random_tournament(&mut rng, 20, System::McMahon, false);
    for r in 1..=3 {
        let paired = pair_round(&t, RoundNo::from_index(r - 1)).expect("a pairing exists");
        play(&mut t, &mut rng, &paired);
    }
    let round = RoundNo::from_index(3);
    let draw = Draw::prepare(&t, round).expect("the round can be prepared");
    let players = draw.players();
    for g in draw.pair().expect("a pairing exists").games {
        let e = draw
            .explain(g.white, g.black)
            .expect("the board can be explained");
        let (i, j) = (
            players.iter().position(|p| *p == g.white),
            players.iter().position(|p| *p == g.black),
        );
        let (i, j) = (
            i.expect("white is in the draw"),
            j.expect("black is in the draw"),
        );
        assert_eq!(e.chosen, draw.breakdown(i.min(j), i.max(j)));
        let alt = e
            .alternative
            .expect("twenty players can be paired another way");
        assert!(alt.loss >= 0, "the engine's pairing is the best one");
        assert_ne!(alt.first_opponent.0, g.black);
        assert_ne!(alt.second_opponent.0, g.white);
    }
}

#[test]
fn the_report_names_a_repeat_a_club_pairing_a_big_handicap_and_colour_imbalance() {
    let mut t = Tournament::new(Settings {
        number_of_rounds: 3,
        ..Settings::default()
    });
    let mut ids = Vec::new();
    for (name, rank, club) in [
        ("A", 2, "Kyiv"),
        ("B", -10, "kyiv"),
        ("C", -5, "Lviv"),
        ("D", -6, ""),
    ] {
        let mut p = Player::new(PlayerId(0), name, "X", Rank::from_opengotha_value(rank));
        p.club = club.to_owned();
        ids.push(t.register(p));
    }
    let game = |round: u32, board: u32, white: PlayerId, black: PlayerId, handicap: u8| Game {
        round: RoundNo::new(round).expect("round"),
        board: BoardNo::new(board).expect("board"),
        white,
        black,
        handicap,
        komi: HalfPoints::HALF,
        result: GameResult::WhiteWins,
        origin: ResultOrigin::Played,
        colours_known: true,
        method: None,
    };
    for g in [
        game(1, 1, ids[0], ids[1], 0),
        game(1, 2, ids[2], ids[3], 0),
        game(2, 1, ids[0], ids[2], 0),
        game(2, 2, ids[3], ids[1], 0),
        game(3, 1, ids[0], ids[1], 9),
        game(3, 2, ids[2], ids[3], 0),
    ] {
        t.add_game(g).expect("a valid game");
    }
    let r = report::report(
        &t,
        RoundNo::new(3).expect("round"),
        &report::ReportLimits::default(),
    );
    let boards = |v: &[report::Board]| v.iter().map(|b| b.board.get()).collect::<Vec<_>>();
    assert_eq!(boards(&r.repeats), vec![1, 2]);
    assert_eq!(boards(&r.same_club), vec![1]);
    assert_eq!(
        r.big_handicaps
            .iter()
            .map(|(b, h)| (b.board.get(), *h))
            .collect::<Vec<_>>(),
        vec![(1, 9)]
    );
    assert_eq!(r.colour_imbalance, vec![(ids[0], 2), (ids[1], -2)]);
    assert!(!r.is_clean());
}

#[test]
fn manual_edits_are_rechecked_and_the_engines_pairing_passes() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut t = random_tournament(&mut rng, 9, System::McMahon, false);
    for r in 1..=2 {
        let paired = pair_round(&t, RoundNo::from_index(r - 1)).expect("a pairing exists");
        play(&mut t, &mut rng, &paired);
    }
    let round = RoundNo::from_index(2);
    let paired = pair_round(&t, round).expect("a pairing exists");
    let clean = manual::check(&t, round, &paired);
    assert_eq!((clean.violations.len(), clean.unpaired.len()), (0, 0));

    // Re-pair two earlier opponents: a repeat the others could avoid.
    let old = &t.games()[0];
    let (a, b) = (old.white, old.black);
    let mut edited = paired.clone();
    for p in [a, b] {
        if edited.games.iter().any(|g| g.colour_of(p).is_some()) || edited.bye == Some(p) {
            edited = manual::apply(&t, round, &edited, manual::Edit::Unpair(p))
                .expect("paired players can be unpaired");
        }
    }
    assert_eq!(
        manual::apply(&t, round, &edited, manual::Edit::Pair(a, a)),
        Err(manual::ManualError::SameGame(a))
    );
    edited = manual::apply(&t, round, &edited, manual::Edit::Pair(a, b)).expect("both are free");
    let check = manual::check(&t, round, &edited);
    assert!(
        check
            .violations
            .iter()
            .any(|v| matches!(v, manual::Violation::AvoidableRepeat(..)))
    );
    assert!(
        !check.unpaired.is_empty(),
        "unpairing left players without a game"
    );
    assert!(!check.warnings.repeats.is_empty());
    assert_eq!(
        manual::apply(&t, round, &edited, manual::Edit::Pair(a, b)),
        Err(manual::ManualError::AlreadyPaired(a))
    );

    // A swap keeps everyone placed once.
    let (x, y) = (paired.games[0].white, paired.games[1].black);
    let swapped =
        manual::apply(&t, round, &paired, manual::Edit::Swap(x, y)).expect("two games can swap");
    let check = manual::check(&t, round, &swapped);
    assert!(
        !check
            .violations
            .iter()
            .any(|v| matches!(v, manual::Violation::Twice(_)))
    );
    assert!(check.unpaired.is_empty());
    assert!(swapped.games[0].colour_of(y).is_some() && swapped.games[1].colour_of(x).is_some());

    // Colours drawn at the board swap an even game's White and Black; a
    // handicap game's colours follow the handicap.
    let even = paired.games.iter().position(|g| g.handicap == 0);
    if let Some(k) = even {
        let g = &paired.games[k];
        let drawn = manual::apply(&t, round, &paired, manual::Edit::Colours(g.black))
            .expect("an even game's colours can be drawn");
        assert_eq!(
            (drawn.games[k].white, drawn.games[k].black),
            (g.black, g.white)
        );
        assert!(drawn.games[k].colours_known);
    }
    assert!(even.is_some(), "the test needs an even game");
    let mut handicap = paired.clone();
    handicap.games[0].handicap = 2;
    let white = handicap.games[0].white;
    assert_eq!(
        manual::apply(&t, round, &handicap, manual::Edit::Colours(white)),
        Err(manual::ManualError::HandicapColours(white))
    );

    // The bye again to someone who had it, while others had none.
    let had_bye = t.byes()[0].player;
    let rebye = manual::apply(&t, round, &paired, manual::Edit::Bye(had_bye))
        .expect("a player can get the bye");
    let check = manual::check(&t, round, &rebye);
    assert!(
        check
            .violations
            .contains(&manual::Violation::AvoidableSecondBye(had_bye))
    );
}

#[test]
fn absurd_settings_give_an_error_or_a_pairing_never_a_panic() {
    let mut rng = StdRng::seed_from_u64(8);
    let mut t = random_tournament(&mut rng, 12, System::McMahon, true);
    let paired = pair_round(&t, RoundNo::FIRST).expect("a pairing exists");
    play(&mut t, &mut rng, &paired);
    let mut settings = t.settings().clone();
    let p = &mut settings.pairing;
    (p.avoid_duplicate_game, p.random, p.balance_white_black) = (i64::MAX, i64::MAX, i64::MAX);
    (
        p.minimize_score_difference,
        p.dudd_weight,
        p.maximize_seeding,
    ) = (i64::MAX, i64::MAX, i64::MAX);
    (
        p.avoid_same_geo,
        p.minimize_handicap,
        p.avoid_mixing_categories,
    ) = (i64::MAX, i64::MAX, i64::MAX);
    settings.mcmahon.floor = Rank::Dan(9);
    settings.mcmahon.bar = Rank::Kyu(30);
    let mut absurd = Tournament::new(settings);
    for player in t.players() {
        let mut player = player.clone();
        player.smms_correction = -5;
        absurd.register(player);
    }
    for g in t.games() {
        absurd.add_game(g.clone()).expect("same players, same ids");
    }
    match pair_round(&absurd, RoundNo::from_index(1)) {
        Ok(p) => check_round(&absurd, RoundNo::from_index(1), &p),
        Err(e) => assert_eq!(e, PairingError::WeightOutOfRange),
    }
}

/// Ukrainian rules III.7: a player the credentials commission has not
/// admitted is left out by the engine and cannot be seated by hand.
#[test]
fn a_player_not_admitted_is_not_paired_by_the_engine_or_by_hand() {
    let mut rng = StdRng::seed_from_u64(11);
    let mut t = random_tournament(&mut rng, 8, System::McMahon, false);
    let mut settings = t.settings().clone();
    settings.admission.required.medical = true;
    t.set_settings(settings);
    let ids: Vec<PlayerId> = t.players().iter().map(|p| p.id).collect();
    let (out, rest) = ids.split_first().unwrap();
    for id in rest {
        let mut p = t.player(*id).unwrap().clone();
        p.checks.medical = true;
        t.update_player(p).unwrap();
    }
    let round = RoundNo::FIRST;
    let paired = pair_round(&t, round).expect("a pairing exists");
    let seated = |p: &RoundPairing, id: PlayerId| {
        p.games.iter().any(|g| g.colour_of(id).is_some()) || p.bye == Some(id)
    };
    assert!(!seated(&paired, *out));
    assert!(rest.iter().all(|id| seated(&paired, *id)));
    let first = paired.bye.unwrap_or(paired.games[0].white);
    let freed = manual::apply(&t, round, &paired, manual::Edit::Unpair(first)).unwrap();
    assert_eq!(
        manual::apply(&t, round, &freed, manual::Edit::Pair(*out, first)),
        Err(manual::ManualError::NotTakingPart(*out))
    );
}

/// Four 3d players above a 1d bar, clubs X, Y, X, Y by rating, and two 5k
/// club mates below it; seeding by split and slip wants 1–3 and 2–4.
fn top_group_field(no_geography_in_top_group: bool) -> Tournament {
    let mut settings = Settings::default();
    crate::core::presets::apply(&mut settings, System::McMahon);
    settings.mcmahon.bar = Rank::Dan(1);
    settings.pairing.last_round_for_seed_system1 = 0;
    settings.pairing.no_geography_in_top_group = no_geography_in_top_group;
    let mut t = Tournament::new(settings);
    let field = [
        (Rank::Dan(3), 2300, "X"),
        (Rank::Dan(3), 2290, "Y"),
        (Rank::Dan(3), 2280, "X"),
        (Rank::Dan(3), 2270, "Y"),
        (Rank::Kyu(5), 1600, "X"),
        (Rank::Kyu(5), 1590, "X"),
    ];
    for (k, (rank, rating, club)) in field.into_iter().enumerate() {
        let mut p = Player::new(PlayerId(0), &format!("Name{k}"), "First", rank);
        p.rating = Rating::new(rating);
        p.club = club.into();
        p.country = "RU".into();
        t.register(p);
    }
    t
}

fn pairs_of(t: &Tournament) -> HashSet<(PlayerId, PlayerId)> {
    let paired = pair_round(t, RoundNo::FIRST).expect("a pairing exists");
    paired
        .games
        .iter()
        .map(|g| unordered(g.white, g.black))
        .collect()
}

/// RFG code App. 9 §7.4: between two players of the top group there is no
/// preference by club, city or country; below it, and under OpenGotha's
/// settings, geography weighs as before.
#[test]
fn top_group_club_mates_meet_as_seeding_wants_only_without_geography_in_the_top_group() {
    let ids: Vec<PlayerId> = top_group_field(false)
        .players()
        .iter()
        .map(|p| p.id)
        .collect();
    let (x1, y1, x2, y2) = (ids[0], ids[1], ids[2], ids[3]);
    let opengotha = pairs_of(&top_group_field(false));
    assert!(opengotha.contains(&unordered(x1, y2)) && opengotha.contains(&unordered(y1, x2)));
    let rfg = pairs_of(&top_group_field(true));
    assert!(rfg.contains(&unordered(x1, x2)) && rfg.contains(&unordered(y1, y2)));

    let t = top_group_field(true);
    let draw = Draw::prepare(&t, RoundNo::FIRST).unwrap();
    let geo = |a: PlayerId, b: PlayerId| {
        let (i, j) = (draw.index_of(a).unwrap(), draw.index_of(b).unwrap());
        draw.breakdown(i, j).avoid_same_geo
    };
    assert_eq!(geo(x1, x2), geo(x1, y1), "top group: no preference");
    let (low1, low2) = (ids[4], ids[5]);
    assert!(
        geo(low1, low2) < geo(x1, x2),
        "below the bar: club mates kept apart"
    );
    assert!(
        geo(x1, low1) < geo(y1, low1),
        "a top player and a lower one: as before"
    );
}

/// The fast totals the matching reads are the breakdowns' totals, pair by
/// pair, under settings that reach every table and shortcut of `totals.rs`:
/// categories, handicaps (by rank and by MMS), clubs groups, random, every
/// seeding system, no geography in the top group, and fields large enough
/// to share the rows between two threads.
#[test]
fn totals_are_the_breakdowns_totals() {
    let mut rng = StdRng::seed_from_u64(27);
    for case in 0..6 {
        let system = [System::McMahon, System::Swiss, System::SwissCat][case % 3];
        let mut t = random_tournament(&mut rng, 131 + 2 * case, system, true);
        let mut settings = t.settings().clone();
        if case % 2 == 1 {
            settings.category_limits = vec![Rank::Dan(1), Rank::Kyu(10)];
            settings.handicap.based_on_mms = case % 4 == 1;
            settings.handicap.weak_players_minus_two = true;
            settings.handicap.ceiling = 9;
            settings.pairing.random = 1_000;
            settings.pairing.seed_system2 = weights::SeedSystem::SplitAndRandom;
        } else {
            settings.pairing.no_geography_in_top_group = true;
            settings.pairing.seed_system1 = weights::SeedSystem::SplitAndSlip;
        }
        t = {
            let mut u = Tournament::new(settings);
            for p in t.players() {
                u.register(p.clone());
            }
            u.add_clubs_group(crate::core::tournament::ClubsGroup {
                name: "West".to_owned(),
                clubs: vec!["lviv".to_owned(), "Odesa".to_owned()],
            });
            u
        };
        for r in 0..4 {
            let round = RoundNo::from_index(r);
            let draw = Draw::prepare(&t, round).expect("prepares");
            let n = draw.entrants.len();
            let totals = draw.totals().expect("weights fit");
            for i in 0..n {
                for j in (i + 1)..n {
                    let want = draw.breakdown(i, j).total().expect("weights fit");
                    assert_eq!(totals[i * n + j], want, "case {case}, round {r}, {i}–{j}");
                    assert_eq!(totals[j * n + i], want, "case {case}, round {r}, {j}–{i}");
                }
            }
            let paired = draw.pair().expect("pairs");
            play(&mut t, &mut rng, &paired);
        }
    }
}

/// A round asked for before anyone registered: nothing to weigh, no panic
/// (the hygiene sweep's "pair" on an empty tournament found one).
#[test]
fn an_empty_field_has_no_weights_to_compute() {
    let t = Tournament::new(crate::core::Settings::default());
    let round = RoundNo::new(1).unwrap();
    let paired = pair_round(&t, round);
    assert!(paired.map_or(true, |p| p.games.is_empty() && p.bye.is_none()));
}
