//! Adjourned games (GTR "Adjournment"): which games wait for their
//! resumption, and when it is.
//!
//! Invariant: an adjournment changes no result. The game keeps no result
//! until one is entered, so pairing and standings count it as not yet
//! played, and it stops being adjourned the moment it has one.

use super::log::{Act, GameRef, Log};
use crate::core::round::GameResult;
use crate::core::settings::Resumption;
use crate::core::tournament::Tournament;
use std::collections::BTreeMap;

/// The games of `tournament` (results as they stand, the log applied)
/// adjourned and still without a result, each with the time it resumes:
/// the latest adjournment's, since a resumed game may be adjourned again.
pub fn adjourned(tournament: &Tournament, log: &Log) -> BTreeMap<GameRef, Resumption> {
    let mut out = BTreeMap::new();
    for e in log.entries() {
        if let Act::Adjourned { game, resumes } = e.act {
            out.insert(game, resumes);
        }
    }
    out.retain(|game, _| {
        game.game(tournament)
            .is_ok_and(|g| g.result == GameResult::Unknown)
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::discipline::DisciplineError;
    use crate::core::discipline::effective::effective;
    use crate::core::discipline::test_support::*;
    use crate::core::settings::Adjournment;
    use crate::core::standings::scores;
    use crate::core::units::HalfPoints;

    fn time(text: &str) -> Resumption {
        Resumption::parse(text).unwrap()
    }

    /// Round 1 of four players, adjournment allowed with two resumption times.
    fn hall() -> Tournament {
        let (mut t, _) = four_players_round_one();
        let mut s = t.settings().clone();
        s.adjournment = Adjournment {
            allowed: true,
            times: vec![time("2026-05-10 09:00"), time("2026-05-11 09:00")],
            max_minutes: Some(16 * 60),
        };
        t.set_settings(s);
        t
    }

    fn adjourn(game: GameRef, at: &str) -> Act {
        Act::Adjourned {
            game,
            resumes: time(at),
        }
    }

    #[test]
    fn an_adjourned_game_waits_with_its_resumption_time_until_a_result_is_entered() {
        let mut t = hall();
        let (a, b) = {
            let g = board1().game(&t).unwrap();
            (g.white, g.black)
        };
        let mut log = Log::default();
        log.record(
            &t,
            &settings(),
            minute(200),
            referee(),
            adjourn(board1(), "2026-05-10 09:00"),
        )
        .unwrap();
        let now = effective(&t, &log, &settings()).unwrap().tournament;
        assert_eq!(now, t, "an adjournment changes no result");
        assert_eq!(
            adjourned(&now, &log).into_iter().collect::<Vec<_>>(),
            [(board1(), time("2026-05-10 09:00"))]
        );
        // Not yet played: nobody has a point from it, and it is no played game.
        let sheet = scores(&now, 1);
        assert_eq!(sheet.nbw(a), Some(HalfPoints::ZERO));
        assert!(!board1().game(&now).unwrap().was_played());
        // Adjourned again at the next session: the latest time stands.
        log.record(
            &t,
            &settings(),
            minute(900),
            referee(),
            adjourn(board1(), "2026-05-11 09:00"),
        )
        .unwrap();
        assert_eq!(adjourned(&t, &log)[&board1()], time("2026-05-11 09:00"));
        enter(&mut t, board1(), GameResult::WhiteWins);
        let now = effective(&t, &log, &settings()).unwrap().tournament;
        assert!(
            adjourned(&now, &log).is_empty(),
            "a result ends the adjournment"
        );
        assert_eq!(scores(&now, 1).nbw(a), Some(HalfPoints::ONE));
        assert_eq!(scores(&now, 1).nbw(b), Some(HalfPoints::ZERO));
    }

    #[test]
    fn a_game_is_adjourned_only_where_allowed_to_a_published_time_and_while_unfinished() {
        let (plain, _) = four_players_round_one();
        let mut log = Log::default();
        let act = adjourn(board1(), "2026-05-10 09:00");
        assert_eq!(
            log.record(&plain, &settings(), minute(1), referee(), act.clone()),
            Err(DisciplineError::AdjournmentNotAllowed)
        );
        let mut t = hall();
        assert_eq!(
            log.record(
                &t,
                &settings(),
                minute(1),
                referee(),
                adjourn(board1(), "2026-05-10 10:00")
            ),
            Err(DisciplineError::ResumptionNotListed(time(
                "2026-05-10 10:00"
            )))
        );
        enter(&mut t, board2(), GameResult::BlackWins);
        assert_eq!(
            log.record(
                &t,
                &settings(),
                minute(1),
                referee(),
                adjourn(board2(), "2026-05-10 09:00")
            ),
            Err(DisciplineError::GameOver {
                round: board2().round,
                board: board2().board
            })
        );
        assert!(log.entries().is_empty(), "nothing recorded");
    }

    #[test]
    fn the_logged_adjournment_holds_the_game_and_the_time_and_no_sealed_move() {
        let t = hall();
        let mut log = Log::default();
        let entry = log
            .record(
                &t,
                &settings(),
                minute(200),
                referee(),
                adjourn(board1(), "2026-05-10 09:00"),
            )
            .unwrap();
        let json = serde_json::to_value(&entry.act).unwrap();
        let fields: Vec<_> = json["Adjourned"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        assert_eq!(fields, ["game", "resumes"]);
        assert_eq!(json["Adjourned"]["resumes"], "2026-05-10 09:00");
    }
}
