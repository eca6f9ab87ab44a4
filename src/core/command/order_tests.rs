//! Independent acts give the same outcome in any order: a withdrawal, a
//! removal from the tournament or from a round, logged before or after the
//! round robin's round is paired, and an absence or warnings on other games
//! in any order, leave the same effective results and standings (RFG 21.4,
//! 21.5 в, 21(S).2; Ukrainian Annex 1: the table fixes every meeting).

use crate::core::access::StaffRole;
use crate::core::command::team_tests::{at, organiser};
use crate::core::command::*;
use crate::core::discipline::{
    DisciplineSettings, GameRef, Players, Reason, Ruleset, Sanction, SanctionKind,
};
use crate::core::pairing::pair_round;
use crate::core::round::{GameResult, ResultOrigin};
use crate::core::{Settings, System};
use proptest::prelude::*;

const PLAYERS: usize = 6;

fn chief(seconds: i64) -> Context {
    Context {
        at: at(seconds),
        actor: Actor::Staff {
            roles: vec![StaffRole::ChiefReferee],
            admin: false,
            name: "Chief".into(),
        },
    }
}

/// A round robin of six under `ruleset`, its first `played` rounds won by White.
fn round_robin(ruleset: Ruleset, played: u32) -> State {
    field(System::RoundRobin, ruleset, played)
}

/// Six players in five rounds of `system` under `ruleset`, the first
/// `played` rounds won by White.
fn field(system: System, ruleset: Ruleset, played: u32) -> State {
    let mut settings = Settings::default();
    crate::core::presets::apply(&mut settings, system);
    settings.number_of_rounds = 5;
    let mut discipline = DisciplineSettings::default();
    crate::core::rule_texts::apply(ruleset, &mut settings, &mut discipline);
    let mut state = State::new(Tournament::new(settings), Header::default());
    state.book.settings = discipline;
    for i in 0..PLAYERS {
        let draft = PlayerDraft {
            name: format!("Player{i}"),
            rank: format!("{}k", i + 1),
            is_final: true,
            ..PlayerDraft::default()
        };
        let command = Command::Register {
            draft,
            confirm_duplicate: false,
        };
        apply(&mut state, command, &organiser()).unwrap();
    }
    for _ in 0..played {
        let round = pair(&mut state);
        let entries = (state.doc.games().iter())
            .filter(|g| g.round == round)
            .map(|g| ResultEntry {
                board: g.board,
                result: GameResult::WhiteWins,
                origin: ResultOrigin::Played,
                method: None,
                seen: None,
            })
            .collect();
        let command = Command::EnterResults {
            round,
            entries,
            replace: true,
        };
        apply(&mut state, command, &organiser()).unwrap();
    }
    state
}

fn pair(state: &mut State) -> RoundNo {
    let round = next_round(&state.doc).unwrap();
    let paired = pair_round(&state.effective().unwrap().tournament, round).unwrap();
    let command = Command::Pair {
        round,
        games: paired.games,
        bye: paired.bye,
    };
    apply(state, command, &organiser()).unwrap();
    round
}

/// How a player leaves round `round` (and, but for the removal from the
/// round, every later one).
#[derive(Debug, Clone, Copy)]
enum Leaving {
    Withdrawal,
    Removal,
    RemovalFromRound,
}

fn leaving_act(how: Leaving, player: PlayerId, round: RoundNo) -> Act {
    let sanction = |kind| {
        Act::Sanction(Sanction {
            kind,
            reason: Reason::new("left the hall").unwrap(),
            violation: None,
        })
    };
    match how {
        Leaving::Withdrawal => Act::Withdrawal {
            player,
            from_round: round,
            note: String::new(),
        },
        Leaving::Removal => sanction(SanctionKind::RemovalFromTournament {
            player,
            from_round: round,
        }),
        Leaving::RemovalFromRound => sanction(SanctionKind::RemovalFromRound { player, round }),
    }
}

/// The acts on games of the round whose players stay: an absence, or a
/// warning (two of them lose the game, RFG 21(S).2 б).
fn game_acts(state: &State, round: RoundNo, leavers: &[PlayerId], kinds: &[bool]) -> Vec<Act> {
    let mut games: Vec<_> = (state.doc.games().iter())
        .filter(|g| g.round == round && !leavers.contains(&g.white) && !leavers.contains(&g.black))
        .collect();
    games.sort_by_key(|g| g.board);
    games
        .iter()
        .zip(kinds)
        .flat_map(|(g, absence)| {
            let game = GameRef {
                round,
                board: g.board,
            };
            if *absence {
                vec![Act::Absence {
                    game,
                    players: Players::One(g.black),
                }]
            } else {
                let warning = Act::Sanction(Sanction {
                    kind: SanctionKind::Warning {
                        game,
                        players: Players::One(g.white),
                    },
                    reason: Reason::new("talking").unwrap(),
                    violation: None,
                });
                vec![warning.clone(), warning]
            }
        })
        .collect()
}

/// The effective games and the standings, in a form two runs compare by.
fn outcome(state: &State) -> (Vec<(u32, PlayerId, PlayerId, GameResult)>, String) {
    let effective = state.effective().unwrap();
    let mut games: Vec<_> = (effective.tournament.games().iter())
        .map(|g| (g.round.get(), g.white, g.black, g.result))
        .collect();
    games.sort_by_key(|(round, white, black, _)| (*round, *white, *black));
    let t = effective.for_standings();
    let table = crate::core::standings::standings(&t, 5, &t.settings().placement);
    (games, format!("{:?}", table.rows))
}

/// Logs `leaving` (in that order, `before` of them before the round is
/// paired), then the acts on other games in the order `order` gives.
fn run(
    ruleset: Ruleset,
    played: u32,
    leaving: &[(Leaving, usize)],
    before: usize,
    kinds: &[bool],
    order: &[usize],
) -> (Vec<(u32, PlayerId, PlayerId, GameResult)>, String) {
    let mut state = round_robin(ruleset, played);
    let round = next_round(&state.doc).unwrap();
    let ids: Vec<PlayerId> = state.doc.players().iter().map(|p| p.id).collect();
    let clock = std::cell::Cell::new(0);
    let log = |state: &mut State, act: Act| {
        clock.set(clock.get() + 1);
        apply(
            state,
            Command::LogAct {
                act,
                replace: false,
            },
            &chief(clock.get()),
        )
        .unwrap();
    };
    // Absences are forfeited once the round has run its forfeit time (RFG 21.4 а).
    let start = Act::StartRound { round, board: None };
    let forfeit_time = 2 * 3600;
    for (i, (how, who)) in leaving.iter().enumerate() {
        if i == before {
            pair(&mut state);
        }
        log(&mut state, leaving_act(*how, ids[*who], round));
    }
    if before >= leaving.len() {
        pair(&mut state);
    }
    let leavers: Vec<PlayerId> = leaving.iter().map(|(_, who)| ids[*who]).collect();
    let acts = game_acts(&state, round, &leavers, kinds);
    if !acts.is_empty() {
        log(&mut state, start);
        clock.set(clock.get() + forfeit_time);
    }
    for &i in order.iter().filter(|&&i| i < acts.len()) {
        log(&mut state, acts[i].clone());
    }
    for (i, act) in acts.iter().enumerate() {
        if !order.contains(&i) {
            log(&mut state, act.clone());
        }
    }
    outcome(&state)
}

fn leaving_strategy() -> impl Strategy<Value = Vec<(Leaving, usize)>> {
    let how = prop_oneof![
        Just(Leaving::Withdrawal),
        Just(Leaving::Removal),
        Just(Leaving::RemovalFromRound)
    ];
    // Distinct players: one act takes each out.
    (proptest::sample::subsequence((0..PLAYERS).collect::<Vec<_>>(), 0..=2))
        .prop_flat_map(move |who| {
            let n = who.len();
            (proptest::collection::vec(how.clone(), n), Just(who))
        })
        .prop_map(|(how, who)| how.into_iter().zip(who).collect::<Vec<_>>())
        .prop_shuffle()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn independent_acts_give_the_same_results_and_standings_in_any_order(
        rfg in any::<bool>(),
        played in 0u32..4,
        leaving in leaving_strategy(),
        before in 0usize..3,
        kinds in proptest::collection::vec(any::<bool>(), 0..=2),
        order in Just((0..4).collect::<Vec<usize>>()).prop_shuffle(),
    ) {
        let ruleset = if rfg { Ruleset::Rfg } else { Ruleset::Egf };
        let baseline = run(ruleset, played, &leaving, 0, &kinds, &[0, 1, 2, 3]);
        let mut reversed = leaving.clone();
        reversed.reverse();
        let permuted = run(ruleset, played, &reversed, before.min(leaving.len()), &kinds, &order);
        prop_assert_eq!(baseline, permuted);
    }
}

/// RFG 21.5 в at every point of a round robin: a player who withdraws
/// having played half or more of the games leaves each remaining opponent
/// a win ("+"), logged before the round is paired or after.
#[test]
fn rfg_21_5_v_a_withdrawal_leaves_every_remaining_opponent_a_win_whenever_logged() {
    for played in 0..5 {
        let before = run(
            Ruleset::Rfg,
            played,
            &[(Leaving::Withdrawal, 0)],
            1,
            &[],
            &[],
        );
        let after = run(
            Ruleset::Rfg,
            played,
            &[(Leaving::Withdrawal, 0)],
            0,
            &[],
            &[],
        );
        assert_eq!(before, after, "withdrawn after {played} rounds");
        let state = round_robin(Ruleset::Rfg, played);
        let leaver = state.doc.players()[0].id;
        let unplayed: Vec<_> = (before.0.iter())
            .filter(|(round, w, b, _)| *round > played && (*w == leaver || *b == leaver))
            .collect();
        // One game a round from the one left: the table keeps every meeting.
        let rounds_left = 5 - played as usize;
        let first_left = played + 1;
        let in_first = unplayed.iter().filter(|(r, ..)| *r == first_left).count();
        assert_eq!(in_first, 1, "after {played}: {unplayed:?}");
        let annulled = played * 2 < 5;
        for (_, white, _, result) in unplayed {
            let expected = match (annulled, *white == leaver) {
                // 21.5 б: fewer than half played: "−" for both.
                (true, _) => GameResult::BothLose,
                (false, true) => GameResult::BlackWins,
                (false, false) => GameResult::WhiteWins,
            };
            assert_eq!(*result, expected, "after {played} of {rounds_left}");
        }
    }
}

/// RFG 21.5 in a Swiss, where who meets whom depends on who is in the
/// round: the leaver is paired no more and keeps the same score whether the
/// withdrawal was logged before the round was paired or after. Logged
/// after, the one game already paired goes to the opponent ("+", 21.5 в),
/// or to neither when fewer than half the games were played (21.5 б).
#[test]
fn rfg_21_5_a_swiss_withdrawal_logged_before_or_after_pairing_leaves_the_leaver_the_same() {
    let points = |state: &State, player: PlayerId| -> u32 {
        let t = state.effective().unwrap().for_standings();
        (t.games().iter())
            .filter(|g| match g.result {
                GameResult::WhiteWins => g.white == player,
                GameResult::BlackWins => g.black == player,
                GameResult::BothWin => g.colour_of(player).is_some(),
                _ => false,
            })
            .count() as u32
    };
    for played in [1, 3] {
        let run = |after_pairing: bool| {
            let mut state = field(System::Swiss, Ruleset::Rfg, played);
            let round = next_round(&state.doc).unwrap();
            let leaver = state.doc.players()[0].id;
            if after_pairing {
                pair(&mut state);
            }
            let act = leaving_act(Leaving::Withdrawal, leaver, round);
            let log = Command::LogAct {
                act,
                replace: false,
            };
            apply(&mut state, log, &chief(1)).unwrap();
            if !after_pairing {
                pair(&mut state);
            }
            let later = pair(&mut state);
            (state, round, later, leaver)
        };
        let (before, round, later, leaver) = run(false);
        let (after, ..) = run(true);
        let games_of = |state: &State, r: RoundNo| {
            let t = state.effective().unwrap().tournament;
            (t.games().iter())
                .filter(|g| g.round == r && g.colour_of(leaver).is_some())
                .map(|g| (g.white == leaver, g.result, g.origin))
                .collect::<Vec<_>>()
        };
        assert_eq!(games_of(&before, round), [], "not paired once logged");
        let [(white, result, origin)] = games_of(&after, round)[..] else {
            panic!("after {played}: the game already paired stays");
        };
        let expected = match (played * 2 < 5, white) {
            (true, _) => GameResult::BothLose,
            (false, true) => GameResult::BlackWins,
            (false, false) => GameResult::WhiteWins,
        };
        assert_eq!(
            (result, origin),
            (expected, ResultOrigin::ByDefault),
            "after {played}"
        );
        for state in [&before, &after] {
            assert_eq!(games_of(state, later), [], "paired no more");
        }
        assert_eq!(
            points(&before, leaver),
            points(&after, leaver),
            "after {played}"
        );
    }
}
