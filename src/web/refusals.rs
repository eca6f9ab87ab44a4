//! A command's refusal in the reader's language: the same words on a form,
//! in a page's list and in the API's `detail`.

use super::error::{WebError, discipline_message};
use super::i18n::Lang;
use super::page::FieldErrors;
use crate::core::command::{FieldProblem, Refusal, ResultProblem, Scope, Staleness};
use crate::desk::DeskError;

/// One field's problem, in words.
pub fn field_text(lang: Lang, p: &FieldProblem) -> String {
    match p.count {
        Some(n) => lang.plural(p.key, n),
        None => lang.tf(p.key, &p.args),
    }
}

/// The problems as a form shows them, each beside its field.
pub fn field_errors(lang: Lang, problems: &[FieldProblem]) -> FieldErrors {
    let mut errors = FieldErrors::default();
    for p in problems {
        errors.add(p.field, field_text(lang, p));
    }
    errors
}

/// One refused result, in words.
pub fn result_text(lang: Lang, p: &ResultProblem) -> String {
    let board = |b: &crate::core::BoardNo| ("board", b.get().to_string());
    match p {
        ResultProblem::NoBoard(r, b) => lang.tf(
            "results.no_board",
            &[board(b), ("round", r.get().to_string())],
        ),
        ResultProblem::ImpossibleJigo { board: b, komi } => lang.tf(
            "results.impossible_jigo",
            &[board(b), ("komi", komi.clone())],
        ),
        ResultProblem::Conflict {
            board: b,
            stored,
            entered,
        } => lang.tf(
            "results.conflict",
            &[
                board(b),
                ("stored", stored.clone()),
                ("entered", entered.clone()),
            ],
        ),
        ResultProblem::Twice(b) => lang.tf("results.twice", &[board(b)]),
        ResultProblem::Locked => lang.t("results.locked"),
        ResultProblem::Method(b, e) => method_text(lang, *b, e),
        ResultProblem::Confirmed(_, e) => {
            let (key, args) = discipline_message(e);
            lang.tf(key, &args)
        }
    }
}

/// Why a margin, resignation or loss on time was refused.
fn method_text(lang: Lang, b: crate::core::BoardNo, e: &crate::core::TournamentError) -> String {
    use crate::core::TournamentError::*;
    let board = ("board", b.get().to_string());
    match e {
        ImpossibleMargin { margin, komi, .. } => lang.tf(
            "results.impossible_margin",
            &[
                board,
                ("margin", margin.to_string()),
                ("komi", komi.to_string()),
            ],
        ),
        NoTimeLimit { .. } => lang.tf("results.no_time_limit", &[board]),
        TieGoesTo { winner, .. } => tie_text(lang, b, *winner),
        _ => lang.tf("results.method_without_winner", &[board]),
    }
}

/// An equal count entered against the game's tie rule, in words.
fn tie_text(lang: Lang, b: crate::core::BoardNo, winner: crate::core::round::Colour) -> String {
    let colour = lang.t(match winner {
        crate::core::round::Colour::Black => "round.black",
        crate::core::round::Colour::White => "round.white",
    });
    lang.tf(
        "results.tie_goes_to",
        &[("board", b.get().to_string()), ("colour", colour)],
    )
}

/// A refusal as lines for a page that lists what was wrong with a file:
/// each field's problem in words (no API field name before it), or the
/// refusal's one sentence.
pub fn lines(lang: Lang, refusal: &Refusal) -> Vec<String> {
    match refusal {
        Refusal::Fields(problems) => problems.iter().map(|p| field_text(lang, p)).collect(),
        other => vec![detail(lang, other)],
    }
}

/// What exactly was refused, in `lang`, for the API's `detail` and the
/// command line: `rank: Enter a rank such as …`.
pub fn detail(lang: Lang, refusal: &Refusal) -> String {
    match refusal {
        Refusal::Fields(problems) => problems
            .iter()
            .map(|p| format!("{}: {}", p.field, field_text(lang, p)))
            .collect::<Vec<_>>()
            .join("; "),
        Refusal::LikelyDuplicate(names) => {
            lang.tf("refusal.likely_duplicate", &[("names", names.join(", "))])
        }
        Refusal::AlreadyRegistered { name } => {
            lang.tf("register.already_registered", &[("player", name.clone())])
        }
        Refusal::Results(problems) => problems
            .iter()
            .map(|p| result_text(lang, p))
            .collect::<Vec<_>>()
            .join("; "),
        Refusal::Stale(stale) => stale_text(lang, stale),
        other => other.to_string(),
    }
}

/// What changed under a stale write: "board 3 of round 2 changed (now
/// 1-0); the tournament is at version 9".
fn stale_text(lang: Lang, stale: &Staleness) -> String {
    let what = stale.changed.map(|scope| match scope {
        Scope::Tournament => lang.t("refusal.stale.tournament"),
        Scope::Players => lang.t("refusal.stale.players"),
        Scope::Player(id) => lang.tf("refusal.stale.player", &[("player", id.0.to_string())]),
        Scope::Round(round) => lang.tf("refusal.stale.round", &[("round", round.to_string())]),
        Scope::Board(round, board) => lang.tf(
            "refusal.stale.board",
            &[("round", round.to_string()), ("board", board.to_string())],
        ),
        Scope::Discipline => lang.t("refusal.stale.discipline"),
        Scope::Appeal(id) => lang.tf("refusal.stale.appeal", &[("appeal", id.to_string())]),
    });
    let mut parts = Vec::new();
    match (what, &stale.stored) {
        (Some(what), Some(stored)) => parts.push(lang.tf(
            "refusal.stale.changed_stored",
            &[("what", what), ("stored", stored.clone())],
        )),
        (Some(what), None) => parts.push(lang.tf("refusal.stale.changed", &[("what", what)])),
        (None, Some(stored)) => {
            parts.push(lang.tf("refusal.stale.stored", &[("stored", stored.clone())]))
        }
        (None, None) => {}
    }
    if let Some(version) = stale.version {
        parts.push(lang.tf("refusal.stale.version", &[("version", version.to_string())]));
    }
    parts.join("; ")
}

impl From<Refusal> for WebError {
    fn from(r: Refusal) -> Self {
        match r {
            Refusal::Forbidden => WebError::Forbidden,
            Refusal::NotFound | Refusal::NotPaired(_) => WebError::NotFound,
            Refusal::RegistrationClosed => WebError::RegistrationClosed,
            Refusal::Tournament(e) => WebError::Domain(e),
            Refusal::Pairing(e) => WebError::Pairing(e),
            Refusal::Discipline(e) => WebError::Discipline(e),
            Refusal::PairingEdit(text) => WebError::Invalid(text),
            other => WebError::Refused(Box::new(other)),
        }
    }
}

impl From<DeskError> for WebError {
    fn from(e: DeskError) -> Self {
        match e {
            DeskError::NotFound => WebError::NotFound,
            DeskError::Refused(r) => r.into(),
            DeskError::Sqlx(e) => WebError::Sqlx(e),
            DeskError::Internal(e) => WebError::Internal(e),
        }
    }
}
