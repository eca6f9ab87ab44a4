//! A whole tournament in Tengen's own format, to move it to another server
//! with nothing lost: the document, the discipline book (sanctions, appeals,
//! committee), the round marks, the settings kept beside the document, the
//! staff, the self-registered players' contacts and the audit log. An
//! OpenGotha file carries the document only.
//!
//! JSON, one object: `{"format": "tengen-tournament", "version": 1, …}`.
//! A reader refuses another format or a later version rather than guess.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::core::Tournament;
use crate::core::audit::Event;
use crate::core::command::{Header, Rounds, State};
use crate::core::discipline::{Book, Moment};

/// The `format` every archive names.
pub const FORMAT: &str = "tengen-tournament";

/// The version this build writes and the latest it reads.
pub const VERSION: u32 = 1;

/// One tournament, as exported.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Archive {
    pub format: String,
    pub version: u32,
    /// When it was written.
    pub exported_at: Moment,
    pub doc: Tournament,
    pub book: Book,
    pub rounds: Rounds,
    pub header: Header,
    /// Who held a role, by account name (accounts are the server's own).
    #[serde(default)]
    pub staff: Vec<StaffEntry>,
    /// Self-registered players' e-mail addresses, for organisers only.
    #[serde(default)]
    pub contacts: Vec<Contact>,
    /// The audit log, oldest first.
    #[serde(default)]
    pub audit: Vec<AuditRecord>,
}

/// A staff role held by an account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StaffEntry {
    pub username: String,
    pub display_name: String,
    /// `referee`, `chief_referee`, … as `core::access::StaffRole::key`.
    pub role: String,
}

/// A self-registered player's contact.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contact {
    pub player: u32,
    pub email: String,
}

/// One line of the audit log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AuditRecord {
    pub at: Moment,
    /// The account's name and display name, when an account acted.
    pub username: Option<String>,
    pub who: Option<String>,
    /// Under the name the log stores (`action` in the file).
    #[serde(rename = "action")]
    pub event: Event,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

/// Why bytes are not an archive this build reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArchiveError {
    #[error("not a Tengen tournament file: {0}")]
    NotJson(String),
    #[error("not a Tengen tournament file (format {0:?})")]
    OtherFormat(String),
    #[error("written by a later Tengen (version {0}); this one reads version {VERSION}")]
    LaterVersion(u32),
}

impl Archive {
    /// The archive of `state` with what the server keeps beside it.
    pub fn of(
        state: &State,
        exported_at: Moment,
        staff: Vec<StaffEntry>,
        contacts: Vec<Contact>,
        audit: Vec<AuditRecord>,
    ) -> Archive {
        Archive {
            format: FORMAT.into(),
            version: VERSION,
            exported_at,
            doc: state.doc.clone(),
            book: state.book.clone(),
            rounds: state.rounds.clone(),
            header: state.header.clone(),
            staff,
            contacts,
            audit,
        }
    }

    /// The tournament as the door takes it, with its round marks.
    pub fn state(&self) -> State {
        let mut state = State::new(self.doc.clone(), self.header.clone());
        state.book = self.book.clone();
        state.rounds = self.rounds.clone();
        state
    }

    /// Pretty JSON, so that a person can read and compare two files.
    pub fn write(&self) -> String {
        serde_json::to_string_pretty(self).expect("an archive is plain data")
    }

    /// Reads an archive: its format and version first, so that another
    /// JSON file or a later version is told as such, then the whole of it.
    pub fn read(bytes: &[u8]) -> Result<Archive, ArchiveError> {
        #[derive(Deserialize)]
        struct Head {
            format: Option<String>,
            version: Option<u32>,
        }
        let head: Head =
            serde_json::from_slice(bytes).map_err(|e| ArchiveError::NotJson(e.to_string()))?;
        match (head.format.as_deref(), head.version) {
            (Some(FORMAT), Some(v)) if v > VERSION => Err(ArchiveError::LaterVersion(v)),
            (Some(FORMAT), Some(_)) => {
                serde_json::from_slice(bytes).map_err(|e| ArchiveError::NotJson(e.to_string()))
            }
            (format, _) => Err(ArchiveError::OtherFormat(format.unwrap_or("").into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::command::Header;
    use crate::core::{Player, PlayerId, Rank, Settings};

    fn archive() -> Archive {
        let mut doc = Tournament::new(Settings::default());
        doc.register(Player::new(PlayerId(0), "Lee", "Ann", Rank::Dan(2)));
        let state = State::new(doc, Header::default());
        Archive::of(
            &state,
            Moment::from_unix_seconds(1_700_000_000),
            vec![],
            vec![Contact {
                player: 1,
                email: "ann@example.org".into(),
            }],
            vec![],
        )
    }

    #[test]
    fn an_archive_reads_back_as_written() {
        let written = archive().write();
        let read = Archive::read(written.as_bytes()).unwrap();
        assert_eq!(read.write(), written);
        assert_eq!(read.state().doc.players()[0].name, "Lee");
    }

    #[test]
    fn another_format_or_a_later_version_is_refused_by_name() {
        assert!(matches!(
            Archive::read(b"{\"name\": \"x\"}"),
            Err(ArchiveError::OtherFormat(_))
        ));
        let later = archive()
            .write()
            .replace("\"version\": 1", "\"version\": 2");
        assert_eq!(
            Archive::read(later.as_bytes()).unwrap_err(),
            ArchiveError::LaterVersion(2)
        );
        assert!(matches!(
            Archive::read(b"{\"format\""),
            Err(ArchiveError::NotJson(_))
        ));
    }
}
