//! The text of an XML file, in the encoding it declares.
//!
//! OpenGotha 3.x wrote its files as `encoding="ISO-8859-1"` for years, and
//! files from Russia and Ukraine come as windows-1251: a reader that takes
//! only UTF-8 refuses them. A byte-order mark decides first (UTF-8, UTF-16),
//! then the XML declaration, else UTF-8 (XML 1.0 §4.3.3). The encodings are
//! the WHATWG's, through `encoding_rs`: a label such as ISO-8859-1 reads as
//! windows-1252, its superset, as every browser reads it.
//!
//! Plain-text files (player lists, rating lists) declare nothing: the
//! organiser's choice decides, else a byte-order mark, else UTF-8 when the
//! bytes are UTF-8, else [`guess_single_byte`] between windows-1251 and a
//! Latin code page.

use encoding_rs::Encoding;

/// Why a file's bytes are not the text they claim to be.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// The declaration names an encoding nobody knows.
    #[error("the encoding {0:?} is unknown")]
    UnknownEncoding(String),
    /// The bytes on this 1-based line are not valid in the encoding.
    #[error("line {line} is not {encoding} text")]
    Malformed {
        /// The line.
        line: usize,
        /// The encoding the file was read in.
        encoding: &'static str,
    },
}

/// Decodes an XML file as its byte-order mark or declaration says.
pub fn decode_xml(bytes: &[u8]) -> Result<String, TextError> {
    let (encoding, body) = match Encoding::for_bom(bytes) {
        Some((encoding, bom)) => (encoding, &bytes[bom..]),
        None => (declared(bytes)?, bytes),
    };
    match encoding.decode_without_bom_handling_and_without_replacement(body) {
        Some(text) => Ok(text.into_owned()),
        None => Err(TextError::Malformed {
            line: first_bad_line(encoding, body),
            encoding: encoding.name(),
        }),
    }
}

/// Decodes a plain-text file: in `chosen` when the organiser picked one (a
/// byte-order mark of that encoding is dropped), else by its byte-order
/// mark, else as UTF-8 when it is UTF-8, else in windows-1251 or `latin`,
/// whichever [`guess_single_byte`] finds more plausible.
pub fn decode_text(
    bytes: &[u8],
    chosen: Option<&'static Encoding>,
    latin: &'static Encoding,
) -> Result<String, TextError> {
    let (encoding, body) = match (chosen, Encoding::for_bom(bytes)) {
        (Some(chosen), Some((marked, bom))) if marked == chosen => (chosen, &bytes[bom..]),
        (Some(chosen), _) => (chosen, bytes),
        (None, Some((marked, bom))) => (marked, &bytes[bom..]),
        (None, None) if std::str::from_utf8(bytes).is_ok() => (encoding_rs::UTF_8, bytes),
        (None, None) => (guess_single_byte(bytes, latin), bytes),
    };
    match encoding.decode_without_bom_handling_and_without_replacement(body) {
        Some(text) => Ok(text.into_owned()),
        None => Err(TextError::Malformed {
            line: first_bad_line(encoding, body),
            encoding: encoding.name(),
        }),
    }
}

/// windows-1251 or `latin` (windows-1252, ISO-8859-15): the one whose reading
/// of `bytes` looks more like names. Both code pages read every byte, so
/// only plausibility tells them apart: Cyrillic letters come in words of
/// their own (`Иванов`), while a Latin accented letter sits among ASCII
/// letters (`Müller`), rarely three in a row. The other reading of each
/// gives the opposite picture (`Mьller`, `Èâàíîâ`). A tie is `latin`, as
/// OpenGotha reads rating lists in ISO-8859-15.
pub fn guess_single_byte(bytes: &[u8], latin: &'static Encoding) -> &'static Encoding {
    let score = |encoding: &'static Encoding, plausible: fn(&str) -> bool| {
        let (text, _) = encoding.decode_without_bom_handling(bytes);
        let mut score = 0i64;
        for word in text.split(|c: char| !c.is_alphabetic()) {
            let foreign = word.chars().filter(|c| !c.is_ascii()).count() as i64;
            score += if plausible(word) { foreign } else { -foreign };
        }
        // Signs where letters should be (`¸` for `ё`, C1 controls) count against.
        score
            - text
                .chars()
                .filter(|c| !c.is_ascii() && !c.is_alphabetic())
                .count() as i64
    };
    let cyrillic = score(encoding_rs::WINDOWS_1251, |word| {
        word.chars().all(|c| matches!(c, '\u{0400}'..='\u{04FF}'))
    });
    let latin_score = score(latin, |word| {
        let mut run = 0;
        word.chars().all(|c| {
            run = if c.is_ascii() { 0 } else { run + 1 };
            run < 3 && !matches!(c, '\u{0400}'..='\u{04FF}')
        })
    });
    if cyrillic > latin_score {
        encoding_rs::WINDOWS_1251
    } else {
        latin
    }
}

/// The encoding the XML declaration names, UTF-8 when it names none. The
/// declaration is ASCII in every encoding without a byte-order mark.
fn declared(bytes: &[u8]) -> Result<&'static Encoding, TextError> {
    let head = &bytes[..bytes.len().min(200)];
    let Some(end) = head.windows(2).position(|w| w == b"?>") else {
        return Ok(encoding_rs::UTF_8);
    };
    let declaration = String::from_utf8_lossy(&head[..end]);
    if !declaration.trim_start().starts_with("<?xml") {
        return Ok(encoding_rs::UTF_8);
    }
    let Some(at) = declaration.find("encoding") else {
        return Ok(encoding_rs::UTF_8);
    };
    let rest = declaration[at + "encoding".len()..].trim_start();
    let rest = rest.strip_prefix('=').unwrap_or(rest).trim_start();
    let label: String = match rest.chars().next() {
        Some(quote @ ('"' | '\'')) => rest[1..].chars().take_while(|c| *c != quote).collect(),
        _ => rest.chars().take_while(|c| !c.is_whitespace()).collect(),
    };
    // A UTF-16 file without a byte-order mark could not have been read this
    // far as ASCII: the label is wrong.
    match Encoding::for_label(label.as_bytes()) {
        Some(e) if e != encoding_rs::UTF_16LE && e != encoding_rs::UTF_16BE => Ok(e),
        _ => Err(TextError::UnknownEncoding(label)),
    }
}

/// The line of the first byte sequence the encoding cannot read.
fn first_bad_line(encoding: &'static Encoding, body: &[u8]) -> usize {
    let (text, _) = encoding.decode_without_bom_handling(body);
    let bad = text.find('\u{FFFD}').unwrap_or(text.len());
    1 + text[..bad].matches('\n').count()
}

/// The text in ISO-8859-15 as Java's encoder writes it for OpenGotha's EGF
/// and FFG files: each character the encoding lacks (Cyrillic, CJK, and ½,
/// which Latin-9 replaced by œ) becomes one `?`.
pub fn encode_latin9(text: &str) -> Vec<u8> {
    let mut encoder = encoding_rs::ISO_8859_15.new_encoder();
    let mut out = Vec::with_capacity(text.len());
    let mut rest = text;
    loop {
        let mut buffer = [0u8; 1024];
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(rest, &mut buffer, true);
        out.extend_from_slice(&buffer[..written]);
        rest = &rest[read..];
        match result {
            encoding_rs::EncoderResult::InputEmpty => return out,
            encoding_rs::EncoderResult::OutputFull => {}
            encoding_rs::EncoderResult::Unmappable(_) => out.push(b'?'),
        }
    }
}

/// The encodings results files are written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charset {
    /// UTF-8: every script and ½ as they are.
    Utf8,
    /// ISO-8859-15, byte for byte as OpenGotha writes it ([`encode_latin9`]).
    Latin9,
}

impl Charset {
    /// The text in this encoding.
    pub fn encode(self, text: &str) -> Vec<u8> {
        match self {
            Charset::Utf8 => text.as_bytes().to_vec(),
            Charset::Latin9 => encode_latin9(text),
        }
    }

    /// The IANA name, as in a `charset=` parameter.
    pub fn label(self) -> &'static str {
        match self {
            Charset::Utf8 => "utf-8",
            Charset::Latin9 => "iso-8859-15",
        }
    }
}

impl std::str::FromStr for Charset {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        [Charset::Utf8, Charset::Latin9]
            .into_iter()
            .find(|c| c.label().eq_ignore_ascii_case(text))
            .ok_or_else(|| format!("{text}: the encodings are utf-8 and iso-8859-15"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_declared_latin_encoding_is_honoured() {
        let bytes = b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<P name=\"M\xfcller\"/>";
        assert!(decode_xml(bytes).unwrap().contains("Müller"));
    }

    #[test]
    fn cyrillic_in_windows_1251_reads_as_cyrillic() {
        let bytes =
            b"<?xml version='1.0' encoding='windows-1251'?><P name=\"\xc8\xe2\xe0\xed\xee\xe2\"/>";
        assert!(decode_xml(bytes).unwrap().contains("Иванов"));
    }

    #[test]
    fn a_utf16_file_with_its_mark_reads() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><P name=\"Ёж\"/>";
        let mut bytes = vec![0xff, 0xfe];
        bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        assert_eq!(decode_xml(&bytes).unwrap(), text);
    }

    #[test]
    fn no_declaration_is_utf8() {
        assert_eq!(
            decode_xml("<P name=\"Łukasz\"/>".as_bytes()).unwrap(),
            "<P name=\"Łukasz\"/>"
        );
    }

    #[test]
    fn an_unknown_encoding_is_named() {
        let bytes = b"<?xml version=\"1.0\" encoding=\"klingon-8\"?><P/>";
        assert_eq!(
            decode_xml(bytes),
            Err(TextError::UnknownEncoding("klingon-8".into()))
        );
    }

    fn encoded(encoding: &'static Encoding, text: &str) -> Vec<u8> {
        let (bytes, _, unmappable) = encoding.encode(text);
        assert!(!unmappable, "{text} is not in {}", encoding.name());
        bytes.into_owned()
    }

    #[test]
    fn cyrillic_names_in_windows_1251_are_recognised() {
        use encoding_rs::{ISO_8859_15, WINDOWS_1251, WINDOWS_1252};
        for name in [
            "Иванов Пётр",
            "Шевченко Тарас Григорович",
            "Їжакевич Євгенія",
        ] {
            let bytes = encoded(WINDOWS_1251, name);
            for latin in [WINDOWS_1252, ISO_8859_15] {
                assert_eq!(guess_single_byte(&bytes, latin), WINDOWS_1251, "{name}");
            }
            assert_eq!(decode_text(&bytes, None, WINDOWS_1252).unwrap(), name);
        }
    }

    #[test]
    fn latin_names_in_a_latin_code_page_are_not_taken_for_cyrillic() {
        use encoding_rs::{ISO_8859_15, WINDOWS_1252};
        for latin in [WINDOWS_1252, ISO_8859_15] {
            for name in ["Müller", "François", "Säärlainen Pei", "Ípola David"] {
                let bytes = encoded(latin, name);
                assert_eq!(guess_single_byte(&bytes, latin), latin, "{name}");
                assert_eq!(decode_text(&bytes, None, latin).unwrap(), name);
            }
        }
    }

    #[test]
    fn utf8_and_utf16_with_a_mark_need_no_guess() {
        let name = "Łukasz Müller Иванов";
        let latin = encoding_rs::WINDOWS_1252;
        assert_eq!(decode_text(name.as_bytes(), None, latin).unwrap(), name);
        let with_bom = [b"\xef\xbb\xbf".as_slice(), name.as_bytes()].concat();
        assert_eq!(decode_text(&with_bom, None, latin).unwrap(), name);
        let mut utf16 = vec![0xfe, 0xff];
        utf16.extend(name.encode_utf16().flat_map(u16::to_be_bytes));
        assert_eq!(decode_text(&utf16, None, latin).unwrap(), name);
    }

    #[test]
    fn the_chosen_encoding_wins() {
        use encoding_rs::{KOI8_R, UTF_8, WINDOWS_1251, WINDOWS_1252};
        let koi8 = encoded(KOI8_R, "Иванов Пётр");
        assert_eq!(
            decode_text(&koi8, Some(KOI8_R), WINDOWS_1252).unwrap(),
            "Иванов Пётр"
        );
        // Latin text the guess would keep Latin reads as Cyrillic when asked.
        let bytes = encoded(WINDOWS_1252, "Müller");
        assert_eq!(
            decode_text(&bytes, Some(WINDOWS_1251), WINDOWS_1252).unwrap(),
            "Mьller"
        );
        let bom = b"\xef\xbb\xbfKim";
        assert_eq!(decode_text(bom, Some(UTF_8), WINDOWS_1252).unwrap(), "Kim");
    }

    #[test]
    fn text_wrong_for_the_chosen_encoding_names_its_line() {
        let bytes = encoded(encoding_rs::WINDOWS_1251, "Kim;Ji;3k\nИванов;Пётр;1d\n");
        assert_eq!(
            decode_text(&bytes, Some(encoding_rs::UTF_8), encoding_rs::WINDOWS_1252),
            Err(TextError::Malformed {
                line: 2,
                encoding: "UTF-8"
            })
        );
    }

    #[test]
    fn bytes_wrong_for_the_declared_encoding_name_their_line() {
        let bytes = b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<A/>\n<P name=\"M\xfcller\"/>";
        assert_eq!(
            decode_xml(bytes),
            Err(TextError::Malformed {
                line: 3,
                encoding: "UTF-8"
            })
        );
    }

    #[test]
    fn latin9_writes_a_question_mark_for_each_character_it_lacks() {
        assert_eq!(
            encode_latin9("Nemo André 11½ Иван €"),
            b"Nemo Andr\xe9 11? ???? \xa4".to_vec()
        );
    }
}
