//! The acts the Ukrainian rules give to named officials (V.3–V.7): the
//! doctor's medical clearance of a player, and the chief referee's
//! cancellation of a round with its reason.

use super::{Context, Done, Outcome, Refusal, State, json, round_json};
use crate::core::audit::Event;
use crate::core::discipline::{Act, Reason};
use crate::core::{PlayerId, RoundNo};

/// The doctor clears a player, or takes the clearance back (V.7; III.7:
/// the admission the credentials commission checks).
pub(super) fn set_medical(
    state: &mut State,
    id: PlayerId,
    cleared: bool,
) -> Result<Outcome, Refusal> {
    let before = state.doc.player(id).ok_or(Refusal::NotFound)?.clone();
    let mut after = before.clone();
    after.checks.medical = cleared;
    state.doc.update_player(after.clone())?;
    Ok(Outcome {
        event: Event::MedicalClearance,
        before: json(&before.checks),
        after: json(&after.checks),
        done: Done::Player {
            id,
            name: after.full_name(),
        },
    })
}

/// The chief referee cancels a round (V.3): its games and byes go, results
/// and all, with the referees' acts on them (the audit log keeps both), and
/// the reason goes into the referees' log. Only the last paired round can
/// go, since later pairings were made from it, and not while an appeal or
/// a decision names one of its games.
pub(super) fn cancel_round(
    state: &mut State,
    round: RoundNo,
    reason: Reason,
    cx: &Context,
) -> Result<Outcome, Refusal> {
    if !state.doc.is_paired(round) {
        return Err(Refusal::NotPaired(round));
    }
    if state
        .doc
        .last_round_with_game()
        .is_some_and(|last| last > round)
    {
        return Err(Refusal::field("round", "round.error.later_round_paired"));
    }
    let by = cx.actor.official()?;
    let acts = state.book.cancel_round(round)?;
    let before = serde_json::json!({ "games": round_json(&state.doc, round), "acts": acts });
    state.doc.cancel_round(round);
    state.clear_mark(round);
    let entry = state.book.record(
        &state.doc,
        cx.at,
        by,
        Act::RoundCancelled {
            round,
            reason: reason.clone(),
        },
    )?;
    Ok(Outcome {
        event: Event::CancelRound(round),
        before: Some(before),
        after: Some(serde_json::json!({ "reason": reason.as_str(), "entry": entry.id })),
        done: Done::Round(round),
    })
}

#[cfg(test)]
mod tests {
    use super::super::team_tests::organiser;
    use super::super::tests::{cup, pair_next, referee};
    use super::super::*;
    use crate::core::access::StaffRole;
    use crate::core::discipline::{
        DisciplineSettings, GameRef, Players, Ruleset, Sanction, SanctionKind, Subject,
    };
    use crate::core::round::{GameResult, ResultOrigin};

    fn staff(role: StaffRole) -> Context {
        Context {
            actor: Actor::Staff {
                roles: vec![role],
                admin: false,
                name: format!("{role:?}"),
            },
            ..organiser()
        }
    }

    fn board_one(state: &State, round: RoundNo) -> GameRef {
        let board = state
            .doc
            .games()
            .iter()
            .find(|g| g.round == round)
            .unwrap()
            .board;
        GameRef { round, board }
    }

    fn sanction(kind: SanctionKind) -> Command {
        Command::LogAct {
            act: Act::Sanction(Sanction {
                kind,
                reason: Reason::new("talking during the game").unwrap(),
                violation: None,
            }),
            replace: false,
        }
    }

    fn result_of(game: GameRef) -> Command {
        Command::EnterResults {
            round: game.round,
            entries: vec![ResultEntry {
                board: game.board,
                result: GameResult::WhiteWins,
                origin: ResultOrigin::Played,
                method: None,
                seen: None,
            }],
            replace: false,
        }
    }

    #[test]
    fn only_referees_give_advice_warnings_forfeits_and_time() {
        // EGF GTR "Sanctions" (testable rule 63) and "Timing error" (53):
        // organisers who are not referees are refused, referees are not.
        let mut state = cup(4);
        let round = pair_next(&mut state);
        let game = board_one(&state, round);
        let player = state.doc.game_on(game.round, game.board).unwrap().white;
        let kinds = [
            SanctionKind::Remark {
                subject: Subject::Player(player),
                game: Some(game),
            },
            SanctionKind::Warning {
                game,
                players: Players::One(player),
            },
            SanctionKind::TimeChange {
                game,
                players: Players::One(player),
                seconds: 300,
            },
            SanctionKind::GameForfeit {
                game,
                players: Players::One(player),
            },
        ];
        for kind in kinds {
            for role in [
                StaffRole::Owner,
                StaffRole::CoOrganiser,
                StaffRole::Secretary,
            ] {
                let refused = apply(&mut state, sanction(kind.clone()), &staff(role));
                assert_eq!(
                    refused.unwrap_err(),
                    Refusal::Forbidden,
                    "{role:?} {kind:?}"
                );
            }
            apply(&mut state, sanction(kind), &referee()).unwrap();
        }
        // A clock's time corrected after the start is the referee's too.
        let corrected = Command::LogAct {
            act: Act::ClockCorrection {
                game,
                player,
                before_seconds: 1800,
                after_seconds: 2100,
                reason: Reason::new("the clock was started late").unwrap(),
            },
            replace: false,
        };
        for role in [StaffRole::Owner, StaffRole::CoOrganiser] {
            let refused = apply(&mut state, corrected.clone(), &staff(role));
            assert_eq!(refused.unwrap_err(), Refusal::Forbidden, "{role:?}");
        }
        apply(&mut state, corrected, &referee()).unwrap();
    }

    #[test]
    fn a_count_referred_to_the_chief_referee_is_settled_by_the_chief_referee_alone() {
        // WMSG 2008 Appendix 1, Proc. 10 (EGF testable rule 84).
        let mut state = cup(4);
        let round = pair_next(&mut state);
        let game = board_one(&state, round);
        let referred = Command::LogAct {
            act: Act::CountDisputed {
                game,
                dispute: Reason::new("White says the seki point was filled").unwrap(),
            },
            replace: false,
        };
        apply(&mut state, referred, &referee()).unwrap();
        assert!(state.book.log.count_in_dispute(game));
        let counted = Command::LogAct {
            act: Act::Correction {
                game,
                result: GameResult::BlackWins,
                origin: ResultOrigin::Played,
                method: Some(crate::core::round::Method::Count(
                    crate::core::HalfPoints::from_halves(7),
                )),
                reason: Reason::new("counted again").unwrap(),
            },
            replace: false,
        };
        for role in [StaffRole::Referee, StaffRole::Owner, StaffRole::Secretary] {
            let refused = apply(&mut state, counted.clone(), &staff(role));
            assert_eq!(
                refused.unwrap_err(),
                Refusal::Forbidden,
                "{role:?} corrects"
            );
            let refused = apply(&mut state, result_of(game), &staff(role));
            assert_eq!(refused.unwrap_err(), Refusal::Forbidden, "{role:?} enters");
        }
        apply(&mut state, counted.clone(), &staff(StaffRole::ChiefReferee)).unwrap();
        assert!(!state.book.log.count_in_dispute(game));
        // The dispute settled, a referee's correction is a referee's again.
        apply(&mut state, counted, &staff(StaffRole::Referee)).unwrap();
    }

    #[test]
    fn under_the_ukrainian_rules_only_the_chief_referee_pairs_and_penalises() {
        // Ukrainian rules V.3–V.6 (testable rule 57).
        let mut state = cup(4);
        state.book.settings = DisciplineSettings::for_ruleset(Ruleset::Ukraine);
        let round = next_round(&state.doc).unwrap();
        let paired =
            crate::core::pairing::pair_round(&state.effective().unwrap().tournament, round)
                .unwrap();
        let pair = Command::Pair {
            round,
            games: paired.games,
            bye: paired.bye,
        };
        for role in [StaffRole::Owner, StaffRole::CoOrganiser, StaffRole::Referee] {
            let refused = apply(&mut state, pair.clone(), &staff(role));
            assert_eq!(refused.unwrap_err(), Refusal::Forbidden, "{role:?} draws");
        }
        apply(&mut state, pair, &staff(StaffRole::ChiefReferee)).unwrap();
        let game = board_one(&state, round);
        let warning = sanction(SanctionKind::Warning {
            game,
            players: Players::Both,
        });
        let refused = apply(&mut state, warning.clone(), &staff(StaffRole::Referee));
        assert_eq!(refused.unwrap_err(), Refusal::Forbidden);
        // A referee still records what happened at the board.
        let seen = Command::LogAct {
            act: Act::Violation {
                game,
                players: Players::Both,
                what: Reason::new("talking during the game").unwrap(),
            },
            replace: false,
        };
        apply(&mut state, seen, &staff(StaffRole::Referee)).unwrap();
        apply(&mut state, warning, &staff(StaffRole::ChiefReferee)).unwrap();
        // Results: the chief referee, deputies, the chief secretary, referees.
        for role in [
            StaffRole::Referee,
            StaffRole::Secretary,
            StaffRole::ChiefReferee,
        ] {
            apply(&mut state, result_of(game), &staff(role)).unwrap();
        }
        let refused = apply(&mut state, result_of(game), &staff(StaffRole::Doctor));
        assert_eq!(refused.unwrap_err(), Refusal::Forbidden);
    }

    #[test]
    fn the_secretary_registers_and_the_doctor_clears() {
        // Ukrainian rules V.5 and V.7 (testable rule 58).
        let mut state = cup(2);
        let draft = PlayerDraft {
            name: "Kovalenko".into(),
            first_name: "Olena".into(),
            rank: "3k".into(),
            is_final: true,
            ..PlayerDraft::default()
        };
        let register = Command::Register {
            draft,
            confirm_duplicate: false,
        };
        let refused = apply(&mut state, register.clone(), &staff(StaffRole::Doctor));
        assert_eq!(refused.unwrap_err(), Refusal::Forbidden);
        apply(&mut state, register, &staff(StaffRole::Secretary)).unwrap();
        let player = state.doc.players()[2].id;
        let clear = Command::SetMedical {
            player,
            cleared: true,
        };
        let refused = apply(&mut state, clear.clone(), &staff(StaffRole::Secretary));
        assert_eq!(refused.unwrap_err(), Refusal::Forbidden);
        apply(&mut state, clear, &staff(StaffRole::Doctor)).unwrap();
        assert!(state.doc.player(player).unwrap().checks.medical);
    }

    #[test]
    fn a_cancelled_round_loses_its_games_and_the_log_keeps_why() {
        // Ukrainian rules V.3 (testable rule 59).
        let mut state = cup(4);
        let first = pair_next(&mut state);
        let game = board_one(&state, first);
        apply(&mut state, result_of(game), &organiser()).unwrap();
        let second = pair_next(&mut state);
        let reason = Reason::new("the hall lost power").unwrap();
        let cancel = |round| Command::CancelRound {
            round,
            reason: reason.clone(),
        };
        let chief = staff(StaffRole::ChiefReferee);
        assert_eq!(
            apply(&mut state, cancel(first), &chief).unwrap_err(),
            Refusal::field("round", "round.error.later_round_paired")
        );
        for role in [StaffRole::Owner, StaffRole::Referee] {
            let refused = apply(&mut state, cancel(second), &staff(role));
            assert_eq!(refused.unwrap_err(), Refusal::Forbidden, "{role:?}");
        }
        let warned = board_one(&state, second);
        let warning = sanction(SanctionKind::Warning {
            game: warned,
            players: Players::Both,
        });
        apply(&mut state, warning, &referee()).unwrap();
        let done = apply(&mut state, cancel(second), &chief).unwrap();
        assert!(!state.doc.is_paired(second));
        let before = done.before.unwrap();
        assert_eq!(before["acts"].as_array().unwrap().len(), 1, "{before}");
        assert!(
            state
                .book
                .log
                .entries()
                .iter()
                .all(|e| e.act.game() != Some(warned)),
            "the round's acts went with its games"
        );
        // Then round 1, results and all.
        let done = apply(&mut state, cancel(first), &chief).unwrap();
        assert!(done.before.is_some(), "the audit keeps the games");
        assert!(!state.doc.is_paired(first));
        let logged: Vec<_> = state
            .book
            .log
            .entries()
            .iter()
            .filter_map(|e| match &e.act {
                Act::RoundCancelled { round, reason } => Some((round.get(), reason.as_str())),
                _ => None,
            })
            .collect();
        assert_eq!(
            logged,
            [(2, "the hall lost power"), (1, "the hall lost power")]
        );
        // A cancellation is not an act a referee logs by hand.
        let by_hand = Command::LogAct {
            act: Act::RoundCancelled {
                round: first,
                reason: reason.clone(),
            },
            replace: false,
        };
        assert_eq!(
            apply(&mut state, by_hand, &chief).unwrap_err(),
            Refusal::Forbidden
        );
        assert_eq!(pair_next(&mut state), first, "the round is paired again");
    }
}
