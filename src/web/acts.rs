//! What the referees' and the committee's acts share: the name they are
//! signed with ([`official`]; the clock is the door's, `desk::now`), the
//! hall's wall clock ([`wall_clock`], [`local_time`]), the count at the
//! board as it is recorded ([`recorded_count`]) and why a form came back
//! ([`FormError`]).

use super::discipline_words::discipline_message_in;
use super::error::WebResult;
use super::i18n::Lang;
use crate::core::discipline::{Act, DisciplineError, GameRef, Moment, Official, Reason};
use crate::core::round::{Colour, GameResult, Method, ResultOrigin};
use crate::core::rules::scoring::Outcome;
use crate::desk::Account;

/// The name a referee's acts are signed with.
pub(crate) fn official(me: &Account) -> WebResult<Official> {
    Ok(Official::new(&crate::desk::signature(me))?)
}

/// A moment on the hall's wall clock.
pub(crate) fn wall_clock(at: Moment, zone: &str) -> String {
    let zone = jiff::tz::TimeZone::get(zone).unwrap_or(jiff::tz::TimeZone::UTC);
    time::OffsetDateTime::from_unix_timestamp(at.unix_seconds())
        .map(|t| local_time(t, &zone))
        .unwrap_or_default()
}

/// The hour of `unix_seconds` on the hall's clock, `10:00`, as the
/// programme gives a round's start.
pub(crate) fn hour(unix_seconds: i64, zone: &str) -> String {
    let zone = jiff::tz::TimeZone::get(zone).unwrap_or(jiff::tz::TimeZone::UTC);
    jiff::Timestamp::from_second(unix_seconds)
        .map(|t| t.to_zoned(zone).strftime("%H:%M").to_string())
        .unwrap_or_default()
}

/// A moment as the people in the hall read it: their wall clock.
pub fn local_time(at: time::OffsetDateTime, zone: &jiff::tz::TimeZone) -> String {
    jiff::Timestamp::from_second(at.unix_timestamp())
        .map(|ts| {
            ts.to_zoned(zone.clone())
                .strftime("%Y-%m-%d %H:%M:%S %Z")
                .to_string()
        })
        .unwrap_or_default()
}

/// Stones counted that are not 180, as the referee reviews them: "⚫ 179";
/// empty when every count given is right.
pub(crate) fn stones_off(off: &[(Colour, u32)]) -> String {
    off.iter()
        .map(|(colour, n)| match colour {
            Colour::Black => format!("⚫ {n}"),
            Colour::White => format!("⚪ {n}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The referee's count recorded as the referee's correction of the board's
/// result, with its margin (RFG 11.3); stone counts off 180 go into the
/// log for review (WMSG 2008 Appendix 1, Proc. 9).
pub(crate) fn recorded_count(
    game: GameRef,
    outcome: Outcome,
    off: &[(Colour, u32)],
    lang: Lang,
) -> Result<Act, DisciplineError> {
    let review = match stones_off(off) {
        r if r.is_empty() => r,
        r => format!("; {} {r}", lang.t("counting.review")),
    };
    let method = matches!(
        outcome.result,
        GameResult::BlackWins | GameResult::WhiteWins
    )
    .then_some(Method::Count(outcome.margin));
    let text = lang.tf("counting.reason", &[("result", outcome.to_string())]);
    Ok(Act::Correction {
        game,
        result: outcome.result,
        origin: ResultOrigin::Played,
        method,
        reason: Reason::new(&format!("{text}{review}"))?,
    })
}

/// Why a referee's or committee's form was sent back.
pub(crate) enum FormError {
    /// A field was missing or wrong: the translation key of the message.
    Field(&'static str),
    /// The discipline rules refused the act.
    Discipline(DisciplineError),
    /// A fill-in count that cannot be right: the check that failed.
    Counting(crate::core::rules::counting::CountingError),
}

/// A count refused, by the check that failed.
pub(crate) fn counting_message(
    e: &crate::core::rules::counting::CountingError,
    lang: Lang,
) -> String {
    use crate::core::rules::counting::{CountingError, Kind};
    use crate::core::rules::fill_in::FillInError;
    let kind = |k: &Kind| {
        lang.t(match k {
            Kind::FillIn => "counting.kind.fill_in",
            Kind::Area => "counting.kind.area",
            Kind::Territory => "counting.kind.territory",
        })
    };
    match e {
        CountingError::FillIn(FillInError::EmptyPoints { counted, expected }) => lang.tf(
            "counting.error.empty_points",
            &[
                ("counted", counted.to_string()),
                ("expected", expected.to_string()),
            ],
        ),
        CountingError::FillIn(FillInError::TooManyLosingStones(n)) => {
            lang.tf("counting.error.losing_stones", &[("stones", n.to_string())])
        }
        CountingError::FillIn(FillInError::Areas { black, white }) => lang.tf(
            "counting.error.more_than_the_board",
            &[
                ("black", black.to_string()),
                ("white", white.to_string()),
                ("points", "361".into()),
            ],
        ),
        CountingError::MoreThanTheBoard {
            black,
            white,
            points,
        } => lang.tf(
            "counting.error.more_than_the_board",
            &[
                ("black", black.to_string()),
                ("white", white.to_string()),
                ("points", points.to_string()),
            ],
        ),
        CountingError::FillInWithHandicap => lang.t("counting.error.fill_in_with_handicap"),
        CountingError::WrongKind { expected, counted } => lang.tf(
            "counting.error.wrong_kind",
            &[("expected", kind(expected)), ("counted", kind(counted))],
        ),
        CountingError::WhiteMustPassLast => lang.t("counting.error.white_passes_last"),
    }
}

impl FormError {
    pub(crate) fn message(&self, lang: Lang) -> String {
        self.message_in(lang, None)
    }

    /// The message with times on the wall clock of the hall's `zone`.
    pub(crate) fn message_in(&self, lang: Lang, zone: Option<&str>) -> String {
        match self {
            FormError::Field(key) => lang.t(key),
            FormError::Discipline(e) => {
                let (key, args) = discipline_message_in(e, zone);
                lang.tf(key, &args)
            }
            FormError::Counting(e) => counting_message(e, lang),
        }
    }
}
