//! A tournament as pages read it: [`load`] the document alone, [`view`] the
//! document with its discipline book applied, [`round_times`] each round's
//! official start and assembly.

use uuid::Uuid;

use super::AppState;
use super::error::WebResult;
use crate::core::discipline::{Book, Effective, Ruleset, Schedule};
use crate::core::schedule::Start;
use crate::core::{RoundNo, Tournament};
use crate::store::rounds as round_store;
use crate::store::tournaments::TournamentRow;

/// A tournament's document; a missing one is a 404. Read through the
/// door's copy ([`crate::desk::Desk::read`]): a busy tournament is then not
/// parsed again for every page its staff open.
pub(crate) async fn load(app: &AppState, tournament_id: Uuid) -> WebResult<Tournament> {
    Ok(app
        .desk
        .read_on(&app.store.pool, tournament_id)
        .await?
        .1
        .doc)
}

/// A tournament as readers see it: the document as entered, its discipline
/// book, and the two combined (`effective.tournament`: results as they stand
/// after sanctions, forfeits and appeal decisions, which pairing, the pages
/// and the exports read), all at one version.
pub(crate) struct View {
    pub version: i32,
    pub entered: Tournament,
    pub book: Book,
    pub effective: Effective,
    /// The rounds' official starts, from which lateness counts.
    pub schedule: Schedule,
}

impl View {
    /// A board's warnings, penalties, clocks and lateness, from the log.
    pub fn board_status(
        &self,
        game: crate::core::discipline::GameRef,
    ) -> Result<crate::core::discipline::BoardStatus, crate::core::discipline::DisciplineError>
    {
        crate::core::discipline::board_status(
            &self.entered,
            &self.book.log,
            &self.schedule,
            game,
            &self.book.settings,
        )
    }

    /// What the standings are computed from (games of an early leaver annulled
    /// where the rule text says so).
    pub fn for_standings(&self) -> Tournament {
        self.effective.for_standings()
    }
}

/// `?round=N` of the standings pages: after round N (default: the last
/// round the reader may see).
#[derive(serde::Deserialize, Default)]
pub(crate) struct RoundQuery {
    pub(crate) round: Option<u32>,
}

/// Loads a tournament for reading, with the discipline log applied.
pub(crate) async fn view(app: &AppState, tournament_id: Uuid) -> WebResult<View> {
    let (version, state) = app.desk.read_on(&app.store.pool, tournament_id).await?;
    let effective = state.book.effective(&state.doc)?;
    Ok(View {
        version,
        schedule: state.schedule(),
        entered: state.doc,
        book: state.book,
        effective,
    })
}

/// The last round whose results the reader may see: published rounds for
/// visitors, every paired round for staff (0 before any).
pub(crate) async fn last_visible_round(
    app: &AppState,
    t: &TournamentRow,
    state: &Tournament,
    is_staff: bool,
) -> WebResult<u32> {
    let states = round_store::states(&app.store.pool, t.tournament_id).await?;
    let paired = (1..=state.settings().number_of_rounds)
        .filter_map(RoundNo::new)
        .take_while(|r| state.is_paired(*r))
        .filter(|r| {
            is_staff
                || states
                    .iter()
                    .any(|s| s.round_no as u32 == r.get() && s.published_at.is_some())
        })
        .map(RoundNo::get)
        .max()
        .unwrap_or(0);
    Ok(paired)
}

/// A round's official start and, where the rule text fixes one, the
/// assembly before it (RFG 16.6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RoundTime {
    pub round: u32,
    pub start: Start,
    pub assembly: Option<Start>,
}

impl RoundTime {
    /// "Assembly at 09:55; the round starts at 2026-05-10 10:00." in `lang`.
    pub(crate) fn words(&self, lang: super::i18n::Lang) -> String {
        use super::i18n::Lang;
        let start = match lang {
            Lang::En => self.start.to_string(),
            Lang::Ru => self.start.day_first("в"),
            Lang::Uk => self.start.day_first("о"),
        };
        let start = ("start", start);
        match self.assembly {
            Some(a) => lang.tf("round.assembly_at", &[("assembly", a.time_of_day()), start]),
            None => lang.tf("round.starts_at", &[start]),
        }
    }

    /// "Round 3: assembly at …", as a programme lists it.
    pub(crate) fn line(&self, lang: super::i18n::Lang) -> String {
        let round = lang.tf("title.round", &[("n", self.round.to_string())]);
        format!("{round}: {}", self.words(lang))
    }
}

/// Every round with an official start, in order, under `ruleset`.
pub(crate) async fn round_times(
    app: &AppState,
    tournament_id: Uuid,
    ruleset: Ruleset,
) -> WebResult<Vec<RoundTime>> {
    let marks = match app.desk.read_on(&app.store.pool, tournament_id).await {
        Ok((_, state)) => state.rounds,
        Err(crate::desk::DeskError::NotFound) => Default::default(),
        Err(e) => return Err(e.into()),
    };
    Ok(marks
        .iter()
        .filter_map(|(round, mark)| {
            mark.start.map(|start| RoundTime {
                round: *round,
                start,
                assembly: start.assembly(ruleset),
            })
        })
        .collect())
}
