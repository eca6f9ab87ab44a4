//! The text of an XML file, in the encoding it declares.
//!
//! OpenGotha 3.x wrote its files as `encoding="ISO-8859-1"` for years, and
//! files from Russia and Ukraine come as windows-1251: a reader that takes
//! only UTF-8 refuses them. A byte-order mark decides first (UTF-8, UTF-16),
//! then the XML declaration, else UTF-8 (XML 1.0 §4.3.3). The encodings are
//! the WHATWG's, through `encoding_rs`: a label such as ISO-8859-1 reads as
//! windows-1252, its superset, as every browser reads it.

use encoding_rs::Encoding;

/// Why a file's bytes are not the text they claim to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextError {
    /// The declaration names an encoding nobody knows.
    UnknownEncoding(String),
    /// The bytes on this 1-based line are not valid in the encoding.
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
