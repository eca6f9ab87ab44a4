//! What the referees' and the committee's acts share: the name they are
//! signed with ([`official`]; the clock is the door's, `desk::now`), the
//! hall's wall clock ([`wall_clock`], [`local_time`]) and why a form came
//! back ([`FormError`]).

use super::error::{WebResult, discipline_message};
use super::i18n::Lang;
use crate::core::discipline::{DisciplineError, Moment, Official};
use crate::store::accounts::Account;

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
fn counting_message(e: &crate::core::rules::counting::CountingError, lang: Lang) -> String {
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
        match self {
            FormError::Field(key) => lang.t(key),
            FormError::Discipline(e) => {
                let (key, args) = discipline_message(e);
                lang.tf(key, &args)
            }
            FormError::Counting(e) => counting_message(e, lang),
        }
    }
}
