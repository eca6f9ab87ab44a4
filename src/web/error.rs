//! `WebError`: every way a request can fail, mapped to a status and a page
//! in the layout (or JSON under `/api`), never a stack trace.

use axum::http::StatusCode;

use crate::core::TournamentError;
use crate::core::discipline::{DisciplineError, listed};
use crate::core::pairing::PairingError;
use crate::web::incidents::clock_time;
use axum::response::{IntoResponse, Response};

/// A failed request.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("page not found")]
    NotFound,
    #[error("sign in to continue")]
    Unauthorized,
    #[error("you do not have permission for this")]
    Forbidden,
    #[error("the form expired or came from another site; reload the page and try again")]
    Csrf,
    #[error("too many attempts; wait a few minutes and try again")]
    TooManyAttempts,
    #[error("the tournament changed since this page was loaded")]
    StaleForm,
    #[error("registration is closed")]
    RegistrationClosed,
    #[error("the upload was incomplete or too large")]
    BadUpload,
    /// A body declared larger than the address takes.
    #[error("the file is too large")]
    TooLarge,
    /// A request the API could not accept, with what was wrong.
    #[error("invalid request: {0}")]
    Invalid(String),
    /// A command the core refused, with a reason the other variants do not name.
    #[error(transparent)]
    Refused(Box<crate::core::command::Refusal>),
    #[error(transparent)]
    Domain(#[from] TournamentError),
    #[error(transparent)]
    Pairing(#[from] PairingError),
    #[error(transparent)]
    Discipline(#[from] DisciplineError),
    #[error("database error")]
    Sqlx(#[from] sqlx::Error),
    #[error("internal error")]
    Internal(#[from] anyhow::Error),
}

/// The database cannot be reached (stopped, restarting, the network down):
/// a moment's trouble to retry, not a fault of the request. The pool's
/// acquire timeout (`store::Store::connect`) bounds how long it takes to tell.
fn database_down(e: &sqlx::Error) -> bool {
    matches!(
        e,
        sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::Io(_)
            | sqlx::Error::WorkerCrashed
    )
}

/// The alias every handler returns.
pub type WebResult<T> = Result<T, WebError>;

impl WebError {
    pub fn status(&self) -> StatusCode {
        match self {
            WebError::NotFound => StatusCode::NOT_FOUND,
            WebError::Unauthorized => StatusCode::UNAUTHORIZED,
            WebError::Forbidden | WebError::Csrf => StatusCode::FORBIDDEN,
            WebError::TooManyAttempts => StatusCode::TOO_MANY_REQUESTS,
            WebError::StaleForm | WebError::RegistrationClosed => StatusCode::CONFLICT,
            WebError::BadUpload => StatusCode::BAD_REQUEST,
            WebError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            WebError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
            WebError::Refused(r) => refused_status(r),
            WebError::Domain(e) => domain_status(e),
            WebError::Pairing(e) => pairing_status(e),
            WebError::Discipline(e) => discipline_status(e),
            WebError::Sqlx(e) if database_down(e) => StatusCode::SERVICE_UNAVAILABLE,
            WebError::Sqlx(_) | WebError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The translation key of the message shown to the person.
    pub fn message_key(&self) -> &'static str {
        match self {
            WebError::NotFound => "error.not_found",
            WebError::Unauthorized => "error.unauthorized",
            WebError::Forbidden => "error.forbidden",
            WebError::Csrf => "error.csrf",
            WebError::TooManyAttempts => "error.too_many_attempts",
            WebError::StaleForm => "error.stale_form",
            WebError::RegistrationClosed => "error.registration_closed",
            WebError::BadUpload => "error.bad_upload",
            WebError::TooLarge => "error.too_large",
            WebError::Invalid(_) => "error.invalid_request",
            WebError::Refused(r) => refused_message_key(r),
            WebError::Domain(e) => domain_message_key(e),
            WebError::Pairing(PairingError::NoValidPairing) => "error.no_valid_pairing",
            WebError::Pairing(PairingError::WeightOutOfRange) => "error.internal",
            WebError::Pairing(PairingError::TableChanged { .. }) => "error.table_changed",
            WebError::Pairing(PairingError::DuplicateDrawNumber(_)) => {
                "error.duplicate_draw_number"
            }
            WebError::Pairing(PairingError::BracketChanged { .. }) => "error.bracket_changed",
            WebError::Pairing(PairingError::ResultsMissing(_)) => "error.results_missing",
            WebError::Pairing(PairingError::BothWon(_)) => "error.both_won",
            WebError::Pairing(PairingError::KnockoutFinished) => "error.knockout_finished",
            WebError::Pairing(PairingError::ScheveningenTeams(_)) => "error.scheveningen_teams",
            WebError::Pairing(PairingError::MatchesFinished) => "error.matches_finished",
            WebError::Pairing(PairingError::ScheveningenFinished(_)) => {
                "error.scheveningen_finished"
            }
            WebError::Pairing(PairingError::ColourLimits { .. }) => "error.colour_limits",
            WebError::Discipline(e) => discipline_message(e).0,
            WebError::Sqlx(e) if database_down(e) => "error.database_unavailable",
            WebError::Sqlx(_) | WebError::Internal(_) => "error.internal",
        }
    }
}

/// A refusal the core gives for what was sent (422), or for what the
/// tournament already holds (409).
fn refused_status(r: &crate::core::command::Refusal) -> StatusCode {
    use crate::core::command::{Refusal::*, ResultProblem};
    match r {
        LikelyDuplicate(_) | AlreadyRegistered { .. } => StatusCode::CONFLICT,
        // A short name, draw number or team name another holds.
        Fields(problems) if problems.iter().all(|p| p.key.ends_with("_taken")) => {
            StatusCode::CONFLICT
        }
        // A program's results refused: the first reason sets the status.
        Results(problems) => match problems.first() {
            Some(ResultProblem::NoBoard(_)) => StatusCode::NOT_FOUND,
            Some(ResultProblem::Confirmed(_, e)) => discipline_status(e),
            Some(ResultProblem::Conflict { .. }) => StatusCode::CONFLICT,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        },
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

/// The message key of a refusal the other variants do not name; for
/// results, the first reason's, as a program reads it in `error`.
fn refused_message_key(r: &crate::core::command::Refusal) -> &'static str {
    use crate::core::command::{Refusal::*, ResultProblem};
    match r {
        Results(problems) => match problems.first() {
            Some(ResultProblem::NoBoard(_)) => "error.no_such_board",
            Some(ResultProblem::ImpossibleJigo { .. }) => "error.impossible_jigo",
            Some(ResultProblem::Confirmed(_, e)) => discipline_message(e).0,
            Some(ResultProblem::Conflict { .. }) => "error.stale_form",
            Some(ResultProblem::Locked) => "results.locked",
            Some(ResultProblem::Method(..)) => "results.impossible_method",
            Some(ResultProblem::Twice(_)) | None => "error.invalid_request",
        },
        _ => "error.invalid_request",
    }
}

/// A pairing that cannot be made as things stand (results, the bracket) is a
/// conflict; one that the settings or numbers rule out is unprocessable.
fn pairing_status(e: &PairingError) -> StatusCode {
    match e {
        PairingError::BracketChanged { .. }
        | PairingError::TableChanged { .. }
        | PairingError::ResultsMissing(_)
        | PairingError::BothWon(_)
        | PairingError::KnockoutFinished
        | PairingError::MatchesFinished
        | PairingError::ScheveningenFinished(_)
        | PairingError::ColourLimits { .. } => StatusCode::CONFLICT,
        PairingError::NoValidPairing
        | PairingError::WeightOutOfRange
        | PairingError::DuplicateDrawNumber(_)
        | PairingError::ScheveningenTeams(_) => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

/// Every refusal of the core gets a status; no `_` arm, so a new variant
/// must be decided here.
fn domain_status(e: &TournamentError) -> StatusCode {
    match e {
        TournamentError::UnknownPlayer(_) | TournamentError::NoSuchBoard { .. } => {
            StatusCode::NOT_FOUND
        }
        TournamentError::RoundAlreadyPaired(_)
        | TournamentError::RoundHasResults(_)
        | TournamentError::PlayerHasGames(_)
        | TournamentError::PlayerInTable(_)
        | TournamentError::PlayerInTeam(_)
        | TournamentError::RatingsFixed
        | TournamentError::AlreadyAssigned { .. }
        | TournamentError::ByeTaken(_) => StatusCode::CONFLICT,
        TournamentError::SelfPairing(_)
        | TournamentError::RoundOutOfRange { .. }
        | TournamentError::ImpossibleJigo { .. }
        | TournamentError::MethodWithoutWinner { .. }
        | TournamentError::ImpossibleMargin { .. }
        | TournamentError::NoTimeLimit { .. } => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

/// The message key of a refused change, for pages that say it in a list.
pub(super) fn domain_message_key(e: &TournamentError) -> &'static str {
    match e {
        TournamentError::UnknownPlayer(_) => "error.unknown_player",
        TournamentError::NoSuchBoard { .. } => "error.no_such_board",
        TournamentError::RoundAlreadyPaired(_) => "error.round_already_paired",
        TournamentError::RoundHasResults(_) => "error.round_has_results",
        TournamentError::PlayerHasGames(_) => "error.player_has_games",
        TournamentError::PlayerInTable(_) => "error.player_in_table",
        TournamentError::PlayerInTeam(_) => "error.player_in_team",
        TournamentError::RatingsFixed => "error.ratings_fixed",
        TournamentError::AlreadyAssigned { .. } => "error.already_assigned",
        TournamentError::ByeTaken(_) => "error.bye_taken",
        TournamentError::SelfPairing(_) => "error.self_pairing",
        TournamentError::RoundOutOfRange { .. } => "error.round_out_of_range",
        TournamentError::ImpossibleJigo { .. } => "error.impossible_jigo",
        TournamentError::MethodWithoutWinner { .. }
        | TournamentError::ImpossibleMargin { .. }
        | TournamentError::NoTimeLimit { .. } => "results.impossible_method",
    }
}

fn discipline_status(e: &DisciplineError) -> StatusCode {
    use DisciplineError::*;
    match e {
        UnknownAppeal(_) | UnknownEntry(_) => StatusCode::NOT_FOUND,
        RoundAlreadyStarted(_)
        | ResultLocked { .. }
        | GameOver { .. }
        | ColoursUnderRuling { .. }
        | AppealState { .. }
        | CommitteeAfterRoundOne
        | PlayerInRecords(_)
        | RoundHasRecords(_)
        | ViolationSanctioned { .. }
        | PrizeAppealsOpen(_) => StatusCode::CONFLICT,
        MissingReason
        | MissingOfficial
        | UnknownPlayer(_)
        | UnknownTeam(_)
        | RoundOutOfRange { .. }
        | NoSuchGame { .. }
        | ImpossibleJigo { .. }
        | ImpossibleMethod { .. }
        | NotInGame { .. }
        | RoundNotPaired(_)
        | RoundNotStarted(_)
        | TooEarlyToForfeit { .. }
        | GamePlayed { .. }
        | NoResultToConfirm { .. }
        | NothingPlayedOtherwise { .. }
        | HandicapOutOfRange(_)
        | AdjournmentNotAllowed
        | ResumptionNotListed(_)
        | PlayedAfterWithdrawal { .. }
        | NoCommittee
        | NotAppealable(_)
        | NoProtest { .. }
        | AppealTooLate { .. }
        | Unsigned(_)
        | NotOnPanel { .. }
        | TooFewSigners { .. }
        | PairingDecisionFinal(_)
        | RemediesOnRejection(_)
        | ArbiterAtTwoLevels { .. }
        | TournamentNotOver(_)
        | CommitteeSize { .. }
        | TooFewReserves { .. }
        | DuplicateMember(_)
        | CommitteeShort { .. }
        | NoFiniteTimeUnderTerritory
        | MissingJustification { .. }
        | CutBelowLeast { .. }
        | NotAViolation(_)
        | ViolationElsewhere(_) => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

/// The translation key of a referee's or committee's refused step, and the
/// values its text names. No `_` arm: a new refusal must get its own words.
pub fn discipline_message(e: &DisciplineError) -> (&'static str, Vec<(&'static str, String)>) {
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
            let at = time::OffsetDateTime::from_unix_timestamp(possible_from.unix_seconds())
                .map(|t| format!("{:02}:{:02} UTC", t.hour(), t.minute()))
                .unwrap_or_default();
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

/// Marks a response as an error for the error-page middleware, which knows
/// the request's language and renders the page (or JSON for the API).
#[derive(Clone, Debug)]
pub struct ErrorPage {
    pub status: StatusCode,
    pub message_key: &'static str,
    /// What exactly was wrong, for API clients.
    pub detail: Option<String>,
    /// The values the message names (`%{name}` in its text).
    pub args: Vec<(&'static str, String)>,
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        match &self {
            WebError::Sqlx(e) => tracing::error!(error = ?e, "database error"),
            WebError::Internal(e) => tracing::error!(error = ?e, "internal error"),
            _ => {}
        }
        let page = ErrorPage {
            status: self.status(),
            message_key: self.message_key(),
            detail: match &self {
                WebError::Invalid(detail) => Some(detail.clone()),
                WebError::Refused(r) => Some(super::refusals::detail(super::i18n::Lang::En, r)),
                _ => None,
            },
            args: match &self {
                WebError::Discipline(e) => discipline_message(e).1,
                WebError::Pairing(PairingError::DuplicateDrawNumber(number)) => {
                    vec![("number", number.to_string())]
                }
                WebError::Pairing(PairingError::ScheveningenTeams(teams)) => {
                    vec![("teams", teams.to_string())]
                }
                WebError::Pairing(
                    PairingError::BracketChanged { round }
                    | PairingError::TableChanged { round }
                    | PairingError::ResultsMissing(round)
                    | PairingError::BothWon(round)
                    | PairingError::ScheveningenFinished(round),
                ) => vec![("round", round.get().to_string())],
                WebError::Pairing(PairingError::ColourLimits { round, gap }) => {
                    vec![("round", round.get().to_string()), ("gap", gap.to_string())]
                }
                _ => Vec::new(),
            },
        };
        let mut response = page.status.into_response();
        response.extensions_mut().insert(page);
        response
    }
}
