//! File formats: reading and writing other programs' files, without I/O
//! (callers pass and receive text).
pub mod archive;
pub mod crosstable;
pub mod csv;
pub mod h9;
pub mod h9_read;
pub mod macmahon;
pub mod opengotha;
pub mod pairing_tsv;
pub mod protocol;
pub mod rating_list;
pub mod readers;
pub mod standings_tsv;
pub mod team_standings_tsv;
pub mod text;
pub mod tou;

/// Deepest nesting of elements a tournament file may have: OpenGotha and
/// MacMahon files nest five deep. A deeper file is no tournament, and
/// reading it only ties up the server.
pub const XML_MAX_DEPTH: usize = 32;

/// Most elements a tournament file may have: egc2013.xml, 594 players and
/// 10 rounds, has about 4,000.
pub const XML_MAX_ELEMENTS: usize = 500_000;

/// Most elements an OpenGotha file may hold that OpenGotha does not write:
/// a real file has a dozen containers (`<Players>`, `<Games>`, …). A file
/// of hundreds of thousands of other elements read as an empty tournament.
pub const XML_MAX_FOREIGN: usize = 1_000;

/// The programs whose whole-tournament files Tengen imports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentFile {
    /// OpenGotha's XML: root `<Tournament>`.
    OpenGotha,
    /// MacMahon 3.9's XML: root `<TournamentData>` (see [`macmahon`]).
    MacMahon39,
    /// Tengen's own JSON ([`archive`]): starts with `{`.
    Tengen,
    /// Anything else is read as an EGF results file.
    H9,
}

/// Which program wrote a file, by its first element: an XML file starts with
/// `<` (after a byte-order mark and blanks), an h9 file never does.
pub fn sniff(bytes: &[u8]) -> TournamentFile {
    let head = &bytes[..bytes.len().min(4096)];
    // OpenGotha files may come in UTF-16 with its mark; without a mark, the
    // declaration and element names are ASCII in every encoding.
    let text = match encoding_rs::Encoding::for_bom(head) {
        Some((encoding, bom)) => encoding.decode_without_bom_handling(&head[bom..]).0,
        None => String::from_utf8_lossy(head),
    };
    let mut rest = text.trim_start();
    if rest.starts_with('{') {
        return TournamentFile::Tengen;
    }
    if !rest.starts_with('<') {
        return TournamentFile::H9;
    }
    // Skip the declaration, comments and the doctype to the root element.
    while let Some(tag) = rest.strip_prefix('<') {
        let end = if tag.starts_with("!--") {
            tag.find("-->").map(|e| e + 3)
        } else {
            tag.find('>').map(|e| e + 1)
        };
        match tag.chars().next() {
            Some('?' | '!') => rest = tag[end.unwrap_or(tag.len())..].trim_start(),
            _ if tag.starts_with("TournamentData") => return TournamentFile::MacMahon39,
            _ => break,
        }
    }
    TournamentFile::OpenGotha
}

/// A short name for a tournament's address from its name: Latin letters
/// and digits, other runs as `-`, at most 40 characters; "imported" when
/// nothing is left. The organiser can give another on the import form.
pub fn short_name_from(name: &str) -> String {
    let mut short = String::new();
    for c in name.chars() {
        if short.len() >= 40 {
            break;
        }
        if c.is_ascii_alphanumeric() {
            short.push(c);
        } else if !short.is_empty() && !short.ends_with('-') {
            short.push('-');
        }
    }
    match short.trim_end_matches('-') {
        "" => "imported".to_string(),
        s => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_told_apart_by_their_first_element() {
        let og =
            b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<Tournament dataVersion=\"201\">";
        assert_eq!(sniff(og), TournamentFile::OpenGotha);
        let mm = "\u{feff}<?xml version=\"1.0\"?>\n<!-- MacMahon 3.9 -->\n<TournamentData typeversion=\"3.9\">";
        assert_eq!(sniff(mm.as_bytes()), TournamentFile::MacMahon39);
        assert_eq!(
            sniff(b"; EV[Cup]\n   1 Ann Lee 2D FR Pari 0+\n"),
            TournamentFile::H9
        );
        assert_eq!(
            sniff(b"{\n  \"format\": \"tengen-tournament\""),
            TournamentFile::Tengen
        );
    }

    #[test]
    fn a_short_name_keeps_latin_letters_and_digits() {
        assert_eq!(
            short_name_from("Tournoi de Juvisy 2019"),
            "Tournoi-de-Juvisy-2019"
        );
        assert_eq!(short_name_from("Кубок Москвы"), "imported");
        assert_eq!(short_name_from(&"a".repeat(50)).len(), 40);
    }
}
