//! The words of a referee's or committee's refused step: each
//! `DisciplineError` with the translation key of its message and the values
//! the message names.

use crate::core::discipline::{DisciplineError, listed};
use crate::web::incidents::clock_time;

/// The translation key of a referee's or committee's refused step, and the
/// values its text names, with times in UTC. No `_` arm: a new refusal must
/// get its own words.
pub fn discipline_message(e: &DisciplineError) -> (&'static str, Vec<(&'static str, String)>) {
    discipline_message_in(e, None)
}

/// [`discipline_message`] with times on the wall clock of the hall's
/// `zone`, as the referee's pages show them everywhere else.
pub fn discipline_message_in(
    e: &DisciplineError,
    zone: Option<&str>,
) -> (&'static str, Vec<(&'static str, String)>) {
    use DisciplineError::*;
    let game = |round: &crate::core::RoundNo, board: &crate::core::BoardNo| {
        vec![
            ("round", round.get().to_string()),
            ("board", board.get().to_string()),
        ]
    };
    match e {
        MissingReason => ("discipline.error.missing_reason", vec![]),
        MissingOfficial => ("discipline.error.missing_official", vec![]),
        UnknownPlayer(p) => (
            "discipline.error.unknown_player",
            vec![("player", p.to_string())],
        ),
        UnknownTeam(n) => (
            "discipline.error.unknown_team",
            vec![("team", n.to_string())],
        ),
        UnwrittenAppeal => ("discipline.error.unwritten_appeal", vec![]),
        UnsignedTeamAppeal(team) => (
            "discipline.error.unsigned_team_appeal",
            vec![("team", team.to_string())],
        ),
        NotCaptain { team, player } => (
            "discipline.error.not_captain",
            vec![("team", team.to_string()), ("player", player.to_string())],
        ),
        RoundOutOfRange { round, rounds } => (
            "discipline.error.round_out_of_range",
            vec![
                ("round", round.get().to_string()),
                ("rounds", rounds.to_string()),
            ],
        ),
        NoSuchGame { round, board } => ("discipline.error.no_such_game", game(round, board)),
        ImpossibleJigo { round, board } => ("discipline.error.impossible_jigo", game(round, board)),
        ImpossibleMethod { round, board } => {
            ("discipline.error.impossible_method", game(round, board))
        }
        NotInGame {
            player,
            round,
            board,
        } => {
            let mut args = game(round, board);
            args.push(("player", player.to_string()));
            ("discipline.error.not_in_game", args)
        }
        RoundNotPaired(r) => (
            "discipline.error.round_not_paired",
            vec![("round", r.get().to_string())],
        ),
        RoundAlreadyStarted(r) => (
            "discipline.error.round_already_started",
            vec![("round", r.get().to_string())],
        ),
        RoundNotStarted(r) => (
            "discipline.error.round_not_started",
            vec![("round", r.get().to_string())],
        ),
        TooEarlyToForfeit {
            round,
            board,
            possible_from,
        } => {
            let mut args = game(round, board);
            let at = match zone {
                Some(zone) => crate::web::acts::wall_clock(*possible_from, zone),
                None => time::OffsetDateTime::from_unix_timestamp(possible_from.unix_seconds())
                    .map(|t| format!("{:02}:{:02} UTC", t.hour(), t.minute()))
                    .unwrap_or_default(),
            };
            args.push(("at", at));
            ("discipline.error.too_early", args)
        }
        GamePlayed { round, board } => ("discipline.error.game_played", game(round, board)),
        NoResultToConfirm { round, board } => ("discipline.error.no_result", game(round, board)),
        NothingPlayedOtherwise { round, board } => (
            "discipline.error.nothing_played_otherwise",
            game(round, board),
        ),
        ColoursUnderRuling { round, board } => {
            ("discipline.error.colours_under_ruling", game(round, board))
        }
        HandicapOutOfRange(stones) => (
            "discipline.error.handicap_range",
            vec![("stones", stones.to_string())],
        ),
        AdjournmentNotAllowed => ("discipline.error.adjournment_not_allowed", vec![]),
        ResumptionNotListed(at) => (
            "discipline.error.resumption_not_listed",
            vec![("time", at.to_string())],
        ),
        GameOver { round, board } => ("discipline.error.game_over", game(round, board)),
        ResultLocked { round, board, .. } => ("discipline.error.result_locked", game(round, board)),
        PlayedAfterWithdrawal { player, round } => (
            "discipline.error.played_after_withdrawal",
            vec![
                ("player", player.to_string()),
                ("round", round.get().to_string()),
            ],
        ),
        UnknownAppeal(a) => (
            "discipline.error.unknown_appeal",
            vec![("appeal", a.to_string())],
        ),
        NoCommittee => ("discipline.error.no_committee", vec![]),
        UnknownEntry(id) => (
            "discipline.error.unknown_entry",
            vec![("entry", id.to_string())],
        ),
        NotAppealable(id) => (
            "discipline.error.not_appealable",
            vec![("entry", id.to_string())],
        ),
        NoProtest { round, board } => ("discipline.error.no_protest", game(round, board)),
        AppealTooLate { entry, minutes } => (
            "discipline.error.appeal_too_late",
            vec![
                ("entry", entry.to_string()),
                ("minutes", minutes.to_string()),
            ],
        ),
        AppealState { appeal, .. } => (
            "discipline.error.appeal_state",
            vec![("appeal", appeal.to_string())],
        ),
        Unsigned(a) => ("discipline.error.unsigned", vec![("appeal", a.to_string())]),
        NotOnPanel { appeal, name } => (
            "discipline.error.not_on_panel",
            vec![("appeal", appeal.to_string()), ("name", name.clone())],
        ),
        TooFewSigners { appeal, signed } => (
            "discipline.error.too_few_signers",
            vec![
                ("appeal", appeal.to_string()),
                ("signed", signed.to_string()),
            ],
        ),
        PairingDecisionFinal(a) => (
            "discipline.error.pairing_decision_final",
            vec![("appeal", a.to_string())],
        ),
        RemediesOnRejection(a) => (
            "discipline.error.remedies_on_rejection",
            vec![("appeal", a.to_string())],
        ),
        ArbiterAtTwoLevels { appeal, name } => (
            "discipline.error.two_levels",
            vec![("appeal", appeal.to_string()), ("name", name.clone())],
        ),
        TournamentNotOver(a) => ("discipline.error.not_over", vec![("appeal", a.to_string())]),
        CommitteeSize { needed, have } => (
            "discipline.error.committee_size",
            vec![("needed", needed.to_string()), ("have", have.to_string())],
        ),
        TooFewReserves { needed, have } => (
            "discipline.error.too_few_reserves",
            vec![("needed", needed.to_string()), ("have", have.to_string())],
        ),
        DuplicateMember(name) => (
            "discipline.error.duplicate_member",
            vec![("name", name.clone())],
        ),
        CommitteeAfterRoundOne => ("discipline.error.committee_after_round_one", vec![]),
        PlayerInRecords(p) => (
            "discipline.error.player_in_records",
            vec![("player", p.to_string())],
        ),
        RoundHasRecords(r) => (
            "discipline.error.round_has_records",
            vec![("round", r.get().to_string())],
        ),
        NoFiniteTimeUnderTerritory => ("discipline.error.no_finite_time", vec![]),
        PrizeAppealsOpen(a) => ("discipline.error.prizes_held", vec![("appeals", listed(a))]),
        MissingJustification { remedy } => (
            "discipline.error.missing_justification",
            vec![("remedy", remedy.to_string())],
        ),
        ImpossiblePenalty => ("discipline.error.impossible_penalty", vec![]),
        NoTimeChange => ("discipline.error.no_time_change", vec![]),
        NoRatingReduction => ("discipline.error.no_rating_reduction", vec![]),
        RuledByLog { round, board } => ("discipline.error.ruled_by_log", game(round, board)),
        AlreadyDecided {
            round,
            board,
            becomes,
        } => {
            let mut args = game(round, board);
            args.push((
                "result",
                crate::core::results::notation(becomes.0, becomes.1),
            ));
            ("discipline.error.already_decided", args)
        }
        AlreadyAnnulled { entry, by } => (
            "discipline.error.already_annulled",
            vec![("entry", entry.to_string()), ("by", by.to_string())],
        ),
        AnnulmentStands(entry) => (
            "discipline.error.annulment_stands",
            vec![("entry", entry.to_string())],
        ),
        DecisionNotAnnulled(entry) => (
            "discipline.error.decision_not_annulled",
            vec![("entry", entry.to_string())],
        ),
        WrittenOnTheGames(entry) => (
            "discipline.error.written_on_the_games",
            vec![("entry", entry.to_string())],
        ),
        NotTheAuthor { entry, author } => (
            "discipline.error.not_the_author",
            vec![("entry", entry.to_string()), ("author", author.clone())],
        ),
        TimeOutOfRange { seconds } => (
            "discipline.error.time_out_of_range",
            vec![("seconds", seconds.to_string())],
        ),
        CutBelowLeast {
            player,
            after_seconds,
            least_seconds,
        } => (
            "discipline.error.cut_below_least",
            vec![
                ("player", player.to_string()),
                ("after", clock_time(*after_seconds)),
                ("least", clock_time(*least_seconds)),
            ],
        ),
        NotAViolation(id) => (
            "discipline.error.not_a_violation",
            vec![("entry", id.to_string())],
        ),
        ViolationElsewhere(id) => (
            "discipline.error.violation_elsewhere",
            vec![("entry", id.to_string())],
        ),
        ViolationSanctioned {
            violation,
            sanction,
        } => (
            "discipline.error.violation_sanctioned",
            vec![
                ("entry", violation.to_string()),
                ("sanction", sanction.to_string()),
            ],
        ),
        CommitteeShort { needed, available } => (
            "discipline.error.committee_short",
            vec![
                ("needed", needed.to_string()),
                ("available", available.to_string()),
            ],
        ),
    }
}
