//! One field of the tournament form read, its problem worded in the
//! reader's language.

use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::core::Rank;
use crate::web::i18n::Lang;
use crate::web::page::FieldErrors;

/// A rank as typed (`3k`, `2d`), or the problem in `errors`.
pub(super) fn rank(
    lang: Lang,
    field: &'static str,
    text: &str,
    errors: &mut FieldErrors,
) -> Option<Rank> {
    match Rank::from_str(text.trim()) {
        Ok(rank) => Some(rank),
        Err(_) => {
            errors.add(field, lang.t("form.bad_rank"));
            None
        }
    }
}

/// A whole number within `range`, or the problem (the range) in `errors`.
pub(super) fn number(
    lang: Lang,
    field: &'static str,
    text: &str,
    range: RangeInclusive<u32>,
    errors: &mut FieldErrors,
) -> Option<u32> {
    match text.trim().parse::<u32>() {
        Ok(n) if range.contains(&n) => Some(n),
        _ => {
            errors.add(
                field,
                format!(
                    "{} {}–{}",
                    lang.t("form.number_between"),
                    range.start(),
                    range.end()
                ),
            );
            None
        }
    }
}
