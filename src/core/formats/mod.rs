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
mod player_lines;
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentFile {
    /// OpenGotha's XML: root `<Tournament dataVersion=…>` holding
    /// `<Players>`, `<Games>`, `<TournamentParameterSet>`.
    OpenGotha,
    /// MacMahon 3.x's and AutoKorsak's XML: root `<Tournament typeversion=…>`
    /// with the settings as children (see [`macmahon`]).
    MacMahon,
    /// Tengen's own JSON ([`archive`]): starts with `{`.
    Tengen,
    /// Text that is not XML or JSON: read as an EGF results file, whose
    /// reader refuses a file without player lines.
    H9,
    /// A file no reader takes, and what it looks like.
    Unknown(Foreign),
}

/// What a file no reader takes looks like, for the refusal's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Foreign {
    /// XML with this root element.
    Xml(String),
    /// A web page.
    Html,
    /// A game record (SGF).
    Sgf,
    /// A PDF document.
    Pdf,
    /// A ZIP archive: a spreadsheet or office document, or a packed file.
    Zip,
    /// Bytes that are not text at all.
    Binary,
}

/// The first children of OpenGotha's root (`Gotha.java` writes them in this
/// order; older files start at `<Players>`).
const OPENGOTHA_SECTIONS: [&str; 7] = [
    "Players",
    "Games",
    "ByePlayer",
    "TournamentParameterSet",
    "TeamTournamentParameterSet",
    "Teams",
    "ClubsGroups",
];

/// The first children of a MacMahon or AutoKorsak root: the settings come
/// first, then the wall list, tables, participants and rounds.
const MACMAHON_SECTIONS: [&str; 8] = [
    "NumberOfRounds",
    "CurrentRoundNumber",
    "Name",
    "Walllist",
    "Country",
    "Club",
    "IndividualParticipant",
    "TournamentRound",
];

/// Which program wrote a file, by its first bytes: an XML file by its root
/// element, its attributes and its first child; JSON by its `{`; any other
/// text is taken for an EGF results file.
pub fn sniff(bytes: &[u8]) -> TournamentFile {
    let head = &bytes[..bytes.len().min(4096)];
    if head.starts_with(b"%PDF") {
        return TournamentFile::Unknown(Foreign::Pdf);
    }
    if head.starts_with(b"PK\x03\x04") {
        return TournamentFile::Unknown(Foreign::Zip);
    }
    // OpenGotha files may come in UTF-16 with its mark; without a mark, the
    // declaration and element names are ASCII in every encoding.
    let text = match encoding_rs::Encoding::for_bom(head) {
        Some((encoding, bom)) => encoding.decode_without_bom_handling(&head[bom..]).0,
        None if head.contains(&0) => return TournamentFile::Unknown(Foreign::Binary),
        None => String::from_utf8_lossy(head),
    };
    let mut rest = text.trim_start();
    if rest.starts_with('{') {
        return TournamentFile::Tengen;
    }
    if rest.starts_with("(;") {
        return TournamentFile::Unknown(Foreign::Sgf);
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
        let end = end.unwrap_or(tag.len());
        let declared = tag.get(..end).unwrap_or(tag).to_ascii_lowercase();
        if declared.starts_with("!doctype") && declared.contains("html") {
            return TournamentFile::Unknown(Foreign::Html);
        }
        match tag.chars().next() {
            Some('?' | '!') => rest = tag[end..].trim_start(),
            _ => return root(tag, end, &text),
        }
    }
    TournamentFile::Unknown(Foreign::Xml(String::new()))
}

/// The program of an XML file whose root tag is `tag[..end]`; `head` is
/// the file's start, where MacMahon's settings show.
fn root(tag: &str, end: usize, head: &str) -> TournamentFile {
    let name: String = tag
        .chars()
        .take_while(|c| !c.is_whitespace() && !matches!(c, '>' | '/'))
        .collect();
    if name.eq_ignore_ascii_case("html") {
        return TournamentFile::Unknown(Foreign::Html);
    }
    if name != "Tournament" {
        return TournamentFile::Unknown(Foreign::Xml(name));
    }
    let attributes = &tag[name.len()..end];
    let child: String = tag[end..]
        .trim_start()
        .strip_prefix('<')
        .unwrap_or("")
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    // AutoKorsak writes its settings in its own order, so one of
    // MacMahon's may come later than the first child.
    let macmahon_later = MACMAHON_SECTIONS
        .iter()
        .any(|s| head.contains(&format!("<{s}>")) || head.contains(&format!("<{s} ")));
    // A `<Tournament>` of neither kind goes to OpenGotha's reader, which
    // refuses it for want of OpenGotha's sections.
    if !OPENGOTHA_SECTIONS.contains(&child.as_str())
        && (MACMAHON_SECTIONS.contains(&child.as_str())
            || attributes.contains("typeversion=")
            || macmahon_later)
    {
        TournamentFile::MacMahon
    } else {
        TournamentFile::OpenGotha
    }
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
        let mm = "\u{feff}<?xml version=\"1.0\"?>\n<!-- MacMahon -->\n<Tournament typeversion=\"9\">\n  <NumberOfRounds>5</NumberOfRounds>";
        assert_eq!(sniff(mm.as_bytes()), TournamentFile::MacMahon);
        // AutoKorsak's own settings first, MacMahon's later in the file.
        let korsak = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Tournament xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n  <Kind>0</Kind>\n  <NumberOfRounds>5</NumberOfRounds>";
        assert_eq!(sniff(korsak.as_bytes()), TournamentFile::MacMahon);
        // OpenGotha's first child decides, whatever the attributes say.
        assert_eq!(
            sniff(b"<Tournament typeversion=\"1\"><Players/>"),
            TournamentFile::OpenGotha
        );
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
    fn a_file_of_no_program_tengen_reads_is_named_for_what_it_looks_like() {
        let unknown = |bytes: &[u8]| match sniff(bytes) {
            TournamentFile::Unknown(foreign) => foreign,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            unknown(b"<?xml version=\"1.0\"?><gpx version=\"1.1\">"),
            Foreign::Xml("gpx".into())
        );
        // The sample of another program's tests, which no MacMahon writes.
        assert_eq!(
            unknown(b"<TournamentData><Tournament>"),
            Foreign::Xml("TournamentData".into())
        );
        assert_eq!(
            unknown(b"<!DOCTYPE html>\n<html lang=\"ru\">"),
            Foreign::Html
        );
        assert_eq!(unknown(b"(;GM[1]FF[4]SZ[19]"), Foreign::Sgf);
        assert_eq!(unknown(b"%PDF-1.7\n"), Foreign::Pdf);
        assert_eq!(unknown(b"PK\x03\x04\x14\x00"), Foreign::Zip);
        assert_eq!(unknown(b"\x7fELF\x02\x01\x00\x00"), Foreign::Binary);
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
