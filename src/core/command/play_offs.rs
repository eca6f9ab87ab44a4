//! A play-off game recorded (Ukrainian rules III.3.5): between players the
//! placement criteria before `PLAYOFF` leave on one place, after the rounds.

use super::{Done, Outcome, Refusal, State, json};
use crate::core::audit::Event;
use crate::core::standings::{Criterion, standings};
use crate::core::tournament::PlayOff;

pub(super) fn record(state: &mut State, game: PlayOff) -> Result<Outcome, Refusal> {
    let placement = state.doc.settings().placement.clone();
    let Some(at) = placement.iter().position(|c| *c == Criterion::PlayOff) else {
        return Err(Refusal::field("winner", "playoff.error.no_criterion"));
    };
    let t = state.effective()?.for_standings();
    let rounds = t.last_round_with_game().map_or(0, |r| r.get());
    let table = standings(&t, rounds, &placement[..at]);
    let place = |id| table.rows.iter().find(|r| r.player == id).map(|r| r.place);
    match (place(game.winner), place(game.loser)) {
        (Some(a), Some(b)) if a == b => {}
        _ => return Err(Refusal::field("loser", "playoff.error.not_tied")),
    }
    state.doc.record_play_off(game)?;
    let name = |id| {
        state
            .doc
            .player(id)
            .map(|p| p.full_name())
            .unwrap_or_default()
    };
    Ok(Outcome {
        event: Event::RecordPlayOff,
        before: None,
        after: json(&game),
        done: Done::Player {
            id: game.winner,
            name: format!("{} — {}", name(game.winner), name(game.loser)),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::super::team_tests::organiser;
    use super::super::tests::{cup, pair_next, referee};
    use super::super::*;
    use crate::core::round::{GameResult, ResultOrigin};
    use crate::core::standings::Criterion;
    use crate::core::tournament::PlayOff;

    #[test]
    fn a_play_off_is_recorded_only_between_tied_players_and_only_under_its_criterion() {
        // Ukrainian rules III.3.5 (testable rule 39).
        let mut state = cup(4);
        let round = pair_next(&mut state);
        let boards: Vec<_> = state
            .doc
            .games()
            .iter()
            .filter(|g| g.round == round)
            .map(|g| (g.board, g.white, g.black))
            .collect();
        let entries = boards
            .iter()
            .map(|&(board, ..)| ResultEntry {
                board,
                result: GameResult::WhiteWins,
                origin: ResultOrigin::Played,
                method: None,
                seen: None,
            })
            .collect();
        let results = Command::EnterResults {
            round,
            entries,
            replace: false,
        };
        apply(&mut state, results, &organiser()).unwrap();
        let (winners, losers): (Vec<_>, Vec<_>) = boards.iter().map(|&(_, w, b)| (w, b)).unzip();
        let play_off = |winner, loser| Command::RecordPlayOff {
            game: PlayOff { winner, loser },
        };
        let refused = apply(&mut state, play_off(winners[0], winners[1]), &referee());
        assert_eq!(
            refused.unwrap_err(),
            Refusal::field("winner", "playoff.error.no_criterion")
        );
        let mut settings = state.doc.settings().clone();
        settings.placement = vec![Criterion::Nbw, Criterion::PlayOff];
        state.doc.set_settings(settings);
        let refused = apply(&mut state, play_off(winners[0], losers[1]), &referee());
        assert_eq!(
            refused.unwrap_err(),
            Refusal::field("loser", "playoff.error.not_tied")
        );
        apply(&mut state, play_off(winners[1], winners[0]), &referee()).unwrap();
        assert_eq!(
            state.doc.play_offs(),
            [PlayOff {
                winner: winners[1],
                loser: winners[0]
            }]
        );
    }
}
