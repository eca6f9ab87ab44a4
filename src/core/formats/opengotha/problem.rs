//! What can be wrong with an OpenGotha file, and on which line.

/// A file OpenGotha's format cannot be read from: where and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct ImportError {
    /// 1-based line of the problem.
    pub line: usize,
    /// What is wrong; the web says it in the reader's language.
    pub problem: Problem,
}

/// What is wrong with an OpenGotha file. The English words are the command
/// line's; the web pages translate each case.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The XML declaration names an encoding nobody knows.
    #[error("the file declares an encoding nobody knows: {0:?}")]
    UnknownEncoding(String),
    /// The bytes are not text in the encoding the file declares.
    #[error("the file is not {0} text, as its declaration says")]
    WrongEncoding(&'static str),
    /// Not XML at all; the parser's own words.
    #[error("not well-formed XML: {0}")]
    NotXml(String),
    /// Elements nested deeper than any tournament file's
    /// ([`crate::core::formats::XML_MAX_DEPTH`]).
    #[error("elements nested more than {0} deep: not a tournament file")]
    TooDeep(usize),
    /// More elements than any tournament file's
    /// ([`crate::core::formats::XML_MAX_ELEMENTS`]).
    #[error("more than {0} elements: not a tournament file")]
    TooManyElements(usize),
    /// More elements OpenGotha does not write than a tournament file holds
    /// ([`crate::core::formats::XML_MAX_FOREIGN`]); the first one's name.
    #[error(
        "more than {count} elements OpenGotha does not write, such as <{element}>: not an OpenGotha tournament file"
    )]
    Foreign {
        /// The first such element.
        element: String,
        /// The limit.
        count: usize,
    },
    /// The file stops inside this element: cut short.
    #[error("the file ends before <{0}> is closed")]
    Truncated(String),
    /// No `<Tournament>` at all.
    #[error("no <Tournament> element: not an OpenGotha file")]
    NoTournament,
    /// A `<Tournament>` with none of OpenGotha's sections (nor MacMahon's):
    /// read, it would be a tournament of defaults and no players.
    #[error(
        "<Tournament> holds neither <Players> nor <TournamentParameterSet>: not an OpenGotha file"
    )]
    NoSections,
    /// The root element is another one.
    #[error("the root element is <{0}>, not <Tournament>")]
    WrongRoot(String),
    /// An attribute that cannot be read; the parser's words.
    #[error("bad attribute in <{element}>: {detail}")]
    BadAttribute {
        /// The element.
        element: String,
        /// What the XML parser said.
        detail: String,
    },
    /// An attribute OpenGotha always writes is missing.
    #[error("<{element}> has no {attribute} attribute")]
    MissingAttribute {
        /// The element.
        element: String,
        /// The attribute.
        attribute: String,
    },
    /// An attribute's value is not what OpenGotha writes there.
    #[error("{attribute}=\"{value}\" in <{element}> is not a valid value")]
    BadValue {
        /// The element.
        element: String,
        /// The attribute.
        attribute: String,
        /// The value found.
        value: String,
    },
    /// A game, bye or team names a player the file does not register.
    #[error("no player has the key {0:?}")]
    UnknownPlayer(String),
    /// A game, bye or team the tournament refuses (a player twice in a
    /// round, a round past the last one).
    #[error("{0}")]
    Refused(crate::core::tournament::TournamentError),
}
