//! The document's schemas of core types whose serde form a derive cannot
//! read: numbers counted from 1, texts the core refuses when blank or
//! when they hold control characters (`core::command::text`), and
//! adjourned games' resumption times.

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::{PartialSchema, ToSchema};

use crate::core::command::MAX_TEXT;
use crate::core::discipline::{Official, Reason};
use crate::core::settings::Resumption;
use crate::core::{BoardNo, RoundNo};

/// A text with something to read and no control character but tab and
/// line breaks.
const READABLE: &str = r"^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*[^\s\u0000-\u001F\u007F-\u009F][^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$";

fn counted_from_one(description: &str) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(1))
        .maximum(Some(u32::MAX))
        .description(Some(description))
        .into()
}

fn readable(description: &str) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(READABLE))
        .max_length(Some(MAX_TEXT))
        .description(Some(description))
        .into()
}

impl PartialSchema for RoundNo {
    fn schema() -> RefOr<Schema> {
        counted_from_one("A round number, from 1.")
    }
}
impl ToSchema for RoundNo {}

impl PartialSchema for BoardNo {
    fn schema() -> RefOr<Schema> {
        counted_from_one("A board number in its round, from 1.")
    }
}
impl ToSchema for BoardNo {}

impl PartialSchema for Reason {
    fn schema() -> RefOr<Schema> {
        readable("Reasons in clear language, not blank.")
    }
}
impl ToSchema for Reason {}

impl PartialSchema for Official {
    fn schema() -> RefOr<Schema> {
        readable("An official's name, not blank.")
    }
}
impl ToSchema for Official {}

impl PartialSchema for Resumption {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$"))
            .description(Some(
                "When an adjourned game resumes, in the tournament's time zone: \
                 `2026-05-10 10:00`, one of the tournament's `adjournment.times`.",
            ))
            .examples(["2026-05-10 10:00"])
            .into()
    }
}
impl ToSchema for Resumption {}
