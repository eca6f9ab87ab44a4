//! The encoding menu of a text upload (player lists, rating lists) and a
//! refusal for a file's encoding in the reader's words.

use encoding_rs::Encoding;

use super::error::{WebError, WebResult};
use super::i18n::Lang;
use crate::core::formats::text::TextError;

/// One entry of the encoding menu of an upload form.
pub struct EncodingOption {
    /// The WHATWG label sent back, empty for "detect".
    pub value: &'static str,
    pub label: String,
    pub selected: bool,
}

/// The encodings an organiser may name for a text upload: the ones player
/// and rating lists really come in. Detection (see `formats::text`) tells
/// only UTF-8, UTF-16 with its mark, windows-1251 and a Latin code page
/// apart; KOI8 and windows-1250 files must be named.
pub(crate) fn encoding_options(lang: Lang, selected: &str) -> Vec<EncodingOption> {
    let cyrillic = lang.t("encoding.cyrillic");
    let western = lang.t("encoding.western");
    let central = lang.t("encoding.central_european");
    [
        ("", lang.t("encoding.auto")),
        ("UTF-8", "UTF-8".to_string()),
        ("windows-1251", format!("windows-1251 ({cyrillic})")),
        ("KOI8-R", format!("KOI8-R ({cyrillic})")),
        ("KOI8-U", format!("KOI8-U ({cyrillic})")),
        (
            "windows-1252",
            format!("windows-1252, ISO-8859-1 ({western})"),
        ),
        ("ISO-8859-15", format!("ISO-8859-15 ({western})")),
        ("windows-1250", format!("windows-1250 ({central})")),
        ("UTF-16LE", "UTF-16LE".to_string()),
    ]
    .into_iter()
    .map(|(value, label)| EncodingOption {
        value,
        label,
        selected: value == selected,
    })
    .collect()
}

/// The encoding named on an upload form: none for "detect".
pub(crate) fn chosen_encoding(value: &str) -> WebResult<Option<&'static Encoding>> {
    match value.trim() {
        "" => Ok(None),
        label => Encoding::for_label(label.as_bytes())
            .map(Some)
            .ok_or(WebError::BadUpload),
    }
}

/// A file refused for its encoding, in the reader's words, naming the line.
pub(crate) fn text_error(lang: Lang, e: &TextError) -> String {
    match e {
        TextError::Malformed { line, encoding } => lang.tf(
            "upload.not_text",
            &[
                ("line", line.to_string()),
                ("encoding", encoding.to_string()),
            ],
        ),
        TextError::UnknownEncoding(label) => {
            lang.tf("upload.unknown_encoding", &[("encoding", label.clone())])
        }
    }
}
