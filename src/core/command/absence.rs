//! A top-group player leaving out a round: the texts let a McMahon top
//! group skip only for a stated reason the referee accepts (RFG 21.2;
//! GTR "Top groups": exceptional circumstances; Ukrainian rules IV.4: no
//! skips, short of an override with its reason). Players below may skip
//! as the published procedure allows, with no reason asked.

use super::{FieldProblem, Refusal, State};
use crate::core::discipline::{Act, Book, Ruleset};
use crate::core::{Player, PlayerId, RoundNo, Tournament};

/// Whether `player` starts in the top group: at or above the McMahon bar
/// (a supergroup included), and under the GTR also the group just below it.
pub fn in_top_group(state: &State, player: &Player) -> bool {
    top_group(&state.doc, &state.book, player)
}

/// [`in_top_group`] for a document and its book.
pub fn top_group(doc: &Tournament, book: &Book, player: &Player) -> bool {
    let below = match book.settings.ruleset {
        Ruleset::Egf => 1,
        Ruleset::Rfg | Ruleset::Ukraine | Ruleset::Custom => 0,
    };
    crate::core::supergroup::starts_in_top_group(doc.settings(), player, below)
}

/// Top-group players forfeited for absence with no sanction on them since:
/// each a case for the referee (GTR "Top groups": a top-group player may
/// miss a round only for an exceptional circumstance accepted before; one
/// who just does not come faces a sanction, at the least a remark). A skip
/// accepted with its reason leaves the player unpaired, never absent.
pub fn absence_cases(doc: &Tournament, book: &Book) -> Vec<(PlayerId, RoundNo)> {
    let entries = book.log.entries();
    let mut cases = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let Act::Absence { game, players } = &entry.act else {
            continue;
        };
        let Ok(absent) = game.game(doc).and_then(|g| players.of(g)) else {
            continue;
        };
        for player in absent {
            let decided = entries[i + 1..].iter().any(
                |later| matches!(&later.act, Act::Sanction(s) if s.kind.player() == Some(player)),
            );
            let top = doc.player(player).is_some_and(|p| top_group(doc, book, p));
            if top && !decided {
                cases.push((player, game.round));
            }
        }
    }
    cases
}

/// The reason for the rounds a top-group player newly leaves out, refused
/// when none is given; `None` when no such round is left out.
pub(super) fn reason_for(
    state: &State,
    before: &Player,
    after: &Player,
    reason: &str,
) -> Result<Option<String>, Refusal> {
    let unpaired = |r: &crate::core::RoundNo| !state.doc.is_paired(*r);
    let dropped = (1..=state.doc.settings().number_of_rounds)
        .filter_map(crate::core::RoundNo::new)
        .filter(unpaired)
        .any(|r| before.participation.plays(r) && !after.participation.plays(r));
    if !dropped || !in_top_group(state, after) {
        return Ok(None);
    }
    // Kept in the audit log: without control characters, as every stored text.
    let reason: String = reason.chars().filter(|c| !c.is_control()).collect();
    match crate::core::discipline::Reason::new(&reason) {
        Ok(r) => Ok(Some(r.as_str().to_string())),
        Err(_) => Err(Refusal::Fields(vec![FieldProblem::new(
            "absence_reason",
            "player.error.top_group_absence",
        )])),
    }
}

#[cfg(test)]
mod tests {
    use super::super::team_tests::organiser;
    use super::super::tests::cup;
    use super::super::*;
    use crate::core::discipline::{DisciplineSettings, Ruleset};

    /// Player0 is 1k, Player1 2k, …; the bar at 2k.
    fn field(ruleset: Ruleset) -> State {
        let mut state = cup(6);
        let mut settings = state.doc.settings().clone();
        settings.mcmahon.bar = "2k".parse().unwrap();
        state.doc.set_settings(settings);
        state.book.settings = DisciplineSettings::for_ruleset(ruleset);
        state
    }

    fn skip(state: &mut State, index: usize, reason: &str) -> Result<Outcome, Refusal> {
        let p = state.doc.players()[index].clone();
        let draft = PlayerDraft {
            name: p.name.clone(),
            first_name: p.first_name.clone(),
            rank: p.rank.to_string(),
            is_final: true,
            rounds: Some(vec![1, 3]),
            absence_reason: reason.into(),
            ..PlayerDraft::default()
        };
        let command = Command::EditPlayer {
            player: p.id,
            draft,
            digest: None,
        };
        apply(state, command, &organiser())
    }

    fn refused(outcome: Result<Outcome, Refusal>) -> bool {
        matches!(outcome, Err(Refusal::Fields(p)) if p[0].key == "player.error.top_group_absence")
    }

    #[test]
    fn a_top_group_player_skips_a_round_only_with_a_reason_and_the_audit_keeps_it() {
        for ruleset in [Ruleset::Rfg, Ruleset::Ukraine, Ruleset::Egf] {
            let mut state = field(ruleset);
            assert!(
                refused(skip(&mut state, 0, " ")),
                "{ruleset:?}: 1k above the bar"
            );
            let done = skip(&mut state, 0, "a doctor's note").unwrap();
            assert_eq!(done.after.unwrap()["absence_reason"], "a doctor's note");
            assert!(
                !state.doc.players()[0]
                    .participation
                    .plays(RoundNo::new(2).unwrap())
            );
        }
    }

    #[test]
    fn below_the_top_groups_a_player_skips_without_a_reason() {
        // 4k is two ranks under the bar: not a top group under any text.
        let mut egf = field(Ruleset::Egf);
        assert!(skip(&mut egf, 3, "").is_ok());
        // 3k is the group just below the bar: a top group for the GTR only.
        assert!(refused(skip(&mut egf, 2, "")));
        let mut rfg = field(Ruleset::Rfg);
        assert!(skip(&mut rfg, 2, "").is_ok());
    }

    #[test]
    fn a_top_group_player_forfeited_for_absence_is_a_case_until_a_sanction() {
        // GTR "Top groups" (testable rules 70–71): 1k is above the 2k bar,
        // 4k two groups below it.
        use crate::core::discipline::{GameRef, Players, Reason, Sanction, SanctionKind, Subject};
        let mut state = field(Ruleset::Egf);
        let round = super::super::tests::pair_next(&mut state);
        let start = Command::LogAct {
            act: Act::StartRound { round, board: None },
            replace: false,
        };
        apply(&mut state, start, &organiser()).unwrap();
        let board_of = |state: &State, id| {
            let g = state
                .doc
                .games()
                .iter()
                .find(|g| g.colour_of(id).is_some())
                .unwrap();
            (
                GameRef {
                    round,
                    board: g.board,
                },
                id,
            )
        };
        let (top, low) = (state.doc.players()[0].id, state.doc.players()[3].id);
        let late = Context {
            at: super::super::team_tests::at(2 * 3600),
            ..organiser()
        };
        for (game, player) in [board_of(&state, top), board_of(&state, low)] {
            let absent = Command::LogAct {
                act: Act::Absence {
                    game,
                    players: Players::One(player),
                },
                replace: false,
            };
            apply(&mut state, absent, &late).unwrap();
        }
        assert_eq!(
            super::absence_cases(&state.doc, &state.book),
            [(top, round)]
        );
        let remark = Command::LogAct {
            act: Act::Sanction(Sanction {
                kind: SanctionKind::Remark {
                    subject: Subject::Player(top),
                    game: None,
                },
                reason: Reason::new("missed round 1 without a word").unwrap(),
                violation: None,
            }),
            replace: false,
        };
        apply(&mut state, remark, &super::super::tests::referee()).unwrap();
        assert!(super::absence_cases(&state.doc, &state.book).is_empty());
    }
}
