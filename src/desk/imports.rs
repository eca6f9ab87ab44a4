//! A tournament made from a file (OpenGotha, MacMahon or AutoKorsak, EGF
//! results, Tengen's own), for the web and the command line alike: read
//! whole off the async workers, then created through the door in one
//! transaction, or refused with nothing stored.

use crate::core::audit::Event;
use crate::store::Store;

/// Why a tournament file could not become a tournament.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ImportProblem {
    /// An OpenGotha file's problem.
    #[error("line {line}: {problem}")]
    BadFile {
        line: usize,
        problem: crate::core::formats::opengotha::Problem,
    },
    /// Every malformed line of an EGF results file.
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    BadH9(Vec<crate::core::formats::h9_read::H9Error>),
    /// A MacMahon or AutoKorsak file's first problem.
    #[error(transparent)]
    BadMacMahon(crate::core::formats::macmahon::MacMahonError),
    /// A file of no program Tengen reads, and what it looks like.
    #[error(
        "not a tournament file Tengen reads ({0:?}): OpenGotha, MacMahon or AutoKorsak, EGF results (h9) or Tengen"
    )]
    NotATournament(crate::core::formats::Foreign),
    /// Another program's file that holds no players: imported, it would be
    /// an empty tournament that looks like a successful import.
    #[error("the file holds no players")]
    NoPlayers,
    #[error("the short name cannot be used in an address (Latin letters, digits, '-', '_')")]
    BadShortName,
    #[error("another tournament already uses this short name")]
    ShortNameTaken,
    #[error("unknown time zone")]
    BadTimeZone,
    /// Settings the file gives that break a rule of the settings (the
    /// floor above the bar…), as any change of them would.
    #[error("settings: {0:?}")]
    Settings(Vec<crate::core::command::FieldProblem>),
    /// A file in Tengen's format this build cannot read.
    #[error(transparent)]
    BadArchive(crate::core::formats::archive::ArchiveError),
    /// A Tengen file whose discipline book names what its document lacks.
    #[error("the discipline book does not match the players and games: {0}")]
    Inconsistent(crate::core::discipline::DisciplineError),
}

impl ImportProblem {
    /// The settings of a file refused by the door: a short name another
    /// tournament holds is told apart, as the form can offer another.
    fn of_settings(problems: Vec<crate::core::command::FieldProblem>) -> Self {
        if problems
            .iter()
            .any(|p| p.key == "tournament.error.short_name_taken")
        {
            ImportProblem::ShortNameTaken
        } else {
            ImportProblem::Settings(problems)
        }
    }
}

/// What a tournament file held: another program's document with what of
/// it Tengen does not hold, or a whole tournament in Tengen's own format.
enum Read {
    Document(Box<crate::core::Tournament>, Vec<Unread>),
    Archive(Box<crate::core::formats::archive::Archive>),
}

/// What of a MacMahon file its tournament does not hold.
pub use crate::core::formats::macmahon::Unread;

/// A tournament file read whole, whichever of the four kinds it is; a file
/// of no program Tengen reads, or another program's file without players,
/// is refused.
fn read_tournament_file(file: &[u8]) -> Result<Read, ImportProblem> {
    use crate::core::formats::archive::Archive;
    use crate::core::formats::{TournamentFile, h9_read, macmahon, opengotha, sniff};
    let (document, unread) = match sniff(file) {
        TournamentFile::OpenGotha => {
            let t = opengotha::import_bytes(file).map_err(|e| ImportProblem::BadFile {
                line: e.line,
                problem: e.problem,
            })?;
            (t, Vec::new())
        }
        TournamentFile::MacMahon => {
            let read = macmahon::import_bytes(file).map_err(ImportProblem::BadMacMahon)?;
            (read.tournament, read.unread)
        }
        TournamentFile::H9 => (
            h9_read::import_bytes(file).map_err(ImportProblem::BadH9)?,
            Vec::new(),
        ),
        TournamentFile::Tengen => {
            let archive = Archive::read(file).map_err(ImportProblem::BadArchive)?;
            return Ok(Read::Archive(Box::new(archive)));
        }
        TournamentFile::Unknown(foreign) => return Err(ImportProblem::NotATournament(foreign)),
    };
    if document.players().is_empty() {
        return Err(ImportProblem::NoPlayers);
    }
    Ok(Read::Document(Box::new(document), unread))
}

/// Another program's tournament file, or the tournament of a Tengen file,
/// read for the CLI's reports, with what of it Tengen does not hold.
pub fn read_tournament(
    file: &[u8],
) -> Result<(crate::core::Tournament, Vec<Unread>), ImportProblem> {
    Ok(match read_tournament_file(file)? {
        Read::Document(t, unread) => (*t, unread),
        Read::Archive(archive) => (archive.doc, Vec::new()),
    })
}

/// A tournament created from a file, and what of the file it does not hold.
pub struct Imported {
    pub row: crate::store::tournaments::TournamentRow,
    pub unread: Vec<Unread>,
}

/// Creates a tournament owned by `owner` from an OpenGotha, MacMahon (or
/// AutoKorsak) or EGF results (h9) file, or a Tengen file, told apart by
/// content ([`crate::core::formats::sniff`]):
/// all of it, or nothing. Rounds that already have games come published. An
/// empty `time_zone` is taken from the file ([`crate::core::zones::likely`]).
pub async fn import_tournament(
    store: &Store,
    limits: crate::core::command::Limits,
    owner: uuid::Uuid,
    file: Vec<u8>,
    short_name: Option<&str>,
    time_zone: &str,
) -> anyhow::Result<Result<Imported, ImportProblem>> {
    // Off the async workers: a large file must not hold up other requests
    // while it is read (two of them on a 2-core machine). The bytes move
    // there and are freed once read, not kept through the database work.
    let read = tokio::task::spawn_blocking(move || read_tournament_file(&file)).await?;
    let (mut state, unread) = match read {
        Ok(Read::Archive(archive)) => {
            if let Err(problem) = limits.check_players(archive.doc.players().len(), 0) {
                return Ok(Err(ImportProblem::Settings(vec![problem])));
            }
            let created = import_archive(store, limits, owner, &archive, short_name).await?;
            return Ok(created.map(|row| Imported {
                row,
                unread: Vec::new(),
            }));
        }
        // Before any work on a file of more players than a tournament holds.
        Ok(Read::Document(state, unread)) => match limits.check_players(state.players().len(), 0) {
            Ok(()) => (crate::core::command::cleaned(&state)?, unread),
            Err(problem) => return Ok(Err(ImportProblem::Settings(vec![problem]))),
        },
        Err(problem) => return Ok(Err(problem)),
    };
    let mut settings = state.settings().clone();
    if let Some(short) = short_name.map(str::trim).filter(|s| !s.is_empty()) {
        settings.general.short_name = short.to_string();
    }
    if !crate::core::command::is_valid_short_name(&settings.general.short_name) {
        return Ok(Err(ImportProblem::BadShortName));
    }
    state.set_settings(settings);
    // No zone given: the file's country, else UTC, which the organiser sees
    // and changes in the settings; never a zone the file gives no hint of.
    let time_zone = match time_zone.trim() {
        "" => crate::core::zones::likely(&state).unwrap_or("UTC"),
        given => given,
    };
    if jiff::tz::TimeZone::get(time_zone).is_err() {
        return Ok(Err(ImportProblem::BadTimeZone));
    }
    let header = crate::core::command::Header {
        time_zone: time_zone.to_string(),
        registration_open: false,
        is_public: true,
        late_forfeit_minutes: 60,
        schedule: String::new(),
    };
    let summary = serde_json::json!({
        "players": state.players().len(),
        "games": state.games().len(),
        "settings": serde_json::to_value(state.settings())?,
    });
    let desk = crate::desk::Desk::new(store.clone(), None).with_limits(limits);
    let aggregate = crate::core::command::State::new(state, header);
    let created = match desk
        .create(owner, aggregate, Event::ImportTournament, summary)
        .await
    {
        Ok(row) => row,
        Err(crate::desk::DeskError::Refused(crate::core::command::Refusal::Fields(problems))) => {
            return Ok(Err(ImportProblem::of_settings(problems)));
        }
        Err(e) => return Err(e.into()),
    };
    Ok(Ok(Imported {
        row: created,
        unread,
    }))
}

/// Creates a tournament from a file in Tengen's own format: everything it
/// holds (sanctions, appeals, staff, audit log) or nothing.
async fn import_archive(
    store: &Store,
    limits: crate::core::command::Limits,
    owner: uuid::Uuid,
    archive: &crate::core::formats::archive::Archive,
    short_name: Option<&str>,
) -> anyhow::Result<Result<crate::store::tournaments::TournamentRow, ImportProblem>> {
    use crate::core::command::Refusal;
    use crate::desk::DeskError;
    let short_name = short_name.map(str::trim).filter(|s| !s.is_empty());
    let short = short_name.unwrap_or(&archive.doc.settings().general.short_name);
    if !crate::core::command::is_valid_short_name(short) {
        return Ok(Err(ImportProblem::BadShortName));
    }
    let desk = crate::desk::Desk::new(store.clone(), None).with_limits(limits);
    match desk.import_archive(owner, archive, short_name).await {
        Ok(imported) => Ok(Ok(imported.row)),
        Err(DeskError::Refused(Refusal::Fields(problems))) => {
            Ok(Err(ImportProblem::of_settings(problems)))
        }
        Err(DeskError::Refused(Refusal::Discipline(e))) => Ok(Err(ImportProblem::Inconsistent(e))),
        Err(e) => Err(e.into()),
    }
}
