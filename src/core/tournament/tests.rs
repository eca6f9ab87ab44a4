//! The tournament's invariants: no player twice in a round, pairings whole or
//! not at all, results and deletions only where they are allowed.

use super::*;
use crate::core::rank::Rank;
use crate::core::round::{GameResult, ResultOrigin};
use crate::core::units::HalfPoints;

fn game(round: u32, white: PlayerId, black: PlayerId) -> Game {
    Game {
        round: RoundNo::new(round).unwrap(),
        board: BoardNo::new(1).unwrap(),
        white,
        black,
        handicap: 0,
        komi: HalfPoints::from_halves(13),
        result: GameResult::WhiteWins,
        origin: ResultOrigin::Played,
        colours_known: true,
        method: None,
    }
}

#[test]
fn a_player_cannot_have_two_games_in_one_round() {
    let mut t = Tournament::new(Settings::default());
    let a = t.register(Player::new(PlayerId(0), "A", "a", Rank::Kyu(1)));
    let b = t.register(Player::new(PlayerId(0), "B", "b", Rank::Kyu(2)));
    let c = t.register(Player::new(PlayerId(0), "C", "c", Rank::Kyu(3)));
    assert_eq!((a, b, c), (PlayerId(1), PlayerId(2), PlayerId(3)));
    t.add_game(game(1, a, b)).unwrap();
    assert_eq!(
        t.add_game(game(1, c, a)),
        Err(TournamentError::AlreadyAssigned {
            player: a,
            round: RoundNo::FIRST
        })
    );
    assert_eq!(
        t.give_bye(Bye {
            round: RoundNo::FIRST,
            player: b
        }),
        Err(TournamentError::AlreadyAssigned {
            player: b,
            round: RoundNo::FIRST
        })
    );
    t.give_bye(Bye {
        round: RoundNo::FIRST,
        player: c,
    })
    .unwrap();
    assert_eq!(
        t.add_game(game(9, a, b)),
        Err(TournamentError::RoundOutOfRange {
            round: RoundNo::new(9).unwrap(),
            rounds: 5
        })
    );
    assert_eq!(
        t.add_game(game(2, a, a)),
        Err(TournamentError::SelfPairing(a))
    );
    assert_eq!(t.last_round_with_game(), Some(RoundNo::FIRST));
}

fn three_players() -> (Tournament, [PlayerId; 3]) {
    let mut t = Tournament::new(Settings::default());
    let ids = ["A", "B", "C"].map(|n| t.register(Player::new(PlayerId(0), n, n, Rank::Kyu(5))));
    (t, ids)
}

#[test]
fn a_pairing_is_recorded_whole_or_not_at_all() {
    let (mut t, [a, b, c]) = three_players();
    let bad = vec![game(1, a, b), game(1, b, c)];
    assert!(t.record_pairing(RoundNo::FIRST, bad, None).is_err());
    assert!(
        !t.is_paired(RoundNo::FIRST),
        "nothing of the refused pairing stayed"
    );
    t.record_pairing(RoundNo::FIRST, vec![game(1, a, b)], Some(c))
        .unwrap();
    assert_eq!(t.next_round(), RoundNo::new(2));
    assert_eq!(
        t.record_pairing(RoundNo::FIRST, vec![], None),
        Err(TournamentError::RoundAlreadyPaired(RoundNo::FIRST))
    );
}

#[test]
fn a_round_with_results_cannot_be_unpaired() {
    let (mut t, [a, b, _]) = three_players();
    let mut g = game(1, a, b);
    g.result = GameResult::Unknown;
    t.record_pairing(RoundNo::FIRST, vec![g], None).unwrap();
    let board = BoardNo::new(1).unwrap();
    let before = t
        .set_result(
            RoundNo::FIRST,
            board,
            GameResult::BlackWins,
            ResultOrigin::Played,
        )
        .unwrap();
    assert_eq!(before.result, GameResult::Unknown);
    assert_eq!(
        t.unpair(RoundNo::FIRST),
        Err(TournamentError::RoundHasResults(RoundNo::FIRST))
    );
    t.set_result(
        RoundNo::FIRST,
        board,
        GameResult::Unknown,
        ResultOrigin::Played,
    )
    .unwrap();
    t.unpair(RoundNo::FIRST).unwrap();
    assert!(!t.is_paired(RoundNo::FIRST));
}

#[test]
fn a_played_jigo_is_refused_under_half_point_komi_only() {
    let (mut t, [a, b, c]) = three_players();
    let half = Game {
        result: GameResult::Unknown,
        ..game(1, a, b)
    };
    // Integer komi on board 2; the games are set directly, as this test
    // is about results, not about who may meet whom.
    let integer = Game {
        board: BoardNo::new(2).unwrap(),
        komi: HalfPoints::from_halves(12),
        ..game(1, c, a)
    };
    t.games = vec![half, integer];
    let (round, one, two) = (
        RoundNo::FIRST,
        BoardNo::new(1).unwrap(),
        BoardNo::new(2).unwrap(),
    );
    assert_eq!(
        t.enter_result(round, one, GameResult::Jigo, ResultOrigin::Played),
        Err(TournamentError::ImpossibleJigo { round, board: one })
    );
    assert_eq!(t.game_on(round, one).unwrap().result, GameResult::Unknown);
    assert!(
        t.enter_result(round, one, GameResult::Jigo, ResultOrigin::ByDefault)
            .is_ok()
    );
    assert!(
        t.enter_result(round, two, GameResult::Jigo, ResultOrigin::Played)
            .is_ok()
    );
    assert_eq!(
        t.enter_result(
            round,
            BoardNo::new(3).unwrap(),
            GameResult::Jigo,
            ResultOrigin::Played
        ),
        Err(TournamentError::NoSuchBoard {
            round,
            board: BoardNo::new(3).unwrap()
        })
    );
}

#[test]
fn players_with_games_are_not_deleted() {
    let (mut t, [a, b, c]) = three_players();
    t.record_pairing(RoundNo::FIRST, vec![game(1, a, b)], None)
        .unwrap();
    assert_eq!(t.remove_player(a), Err(TournamentError::PlayerHasGames(a)));
    assert_eq!(t.remove_player(c).map(|p| p.id), Ok(c));
    assert_eq!(t.players().len(), 2);
}

#[test]
fn a_deleted_registrations_number_is_never_given_again() {
    let (mut t, [_, _, c]) = three_players();
    t.remove_player(c).unwrap();
    let next = t.register(Player::new(PlayerId(0), "Late", "Comer", Rank::Kyu(5)));
    assert_ne!(
        next, c,
        "the deleted player's number would name the newcomer"
    );
    assert_eq!(next.0, c.0 + 1);
}

#[test]
fn a_player_with_a_fixed_place_in_the_table_is_not_deleted() {
    let (mut t, [a, b, c]) = three_players();
    let mut numbered = t.player(c).unwrap().clone();
    numbered.draw_number = Some(3);
    t.update_player(numbered).unwrap();
    assert_eq!(
        t.remove_player(c).map(|p| p.id),
        Ok(c),
        "before round 1 it may go"
    );
    let (mut t, _) = three_players();
    let mut numbered = t.player(c).unwrap().clone();
    numbered.draw_number = Some(3);
    t.update_player(numbered).unwrap();
    t.record_pairing(RoundNo::FIRST, vec![game(1, a, b)], None)
        .unwrap();
    assert_eq!(t.remove_player(c), Err(TournamentError::PlayerInTable(c)));
}
