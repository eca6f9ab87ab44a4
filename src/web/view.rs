//! A tournament as pages read it besides the one they opened ([`load`] the
//! document alone, [`view`] with its discipline book applied, both through
//! the door's copy), and [`round_times`]: each round's official start and
//! assembly, in the reader's words.

use uuid::Uuid;

use super::AppState;
use super::error::WebResult;
use crate::core::Tournament;
use crate::core::command::State;
use crate::core::discipline::Ruleset;
use crate::core::schedule::Start;
pub(crate) use crate::desk::View;

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

/// `?round=N` of the standings pages: after round N (default: the last
/// round the reader may see).
#[derive(serde::Deserialize, Default)]
pub(crate) struct RoundQuery {
    pub(crate) round: Option<u32>,
}

/// Loads a tournament for reading, with the discipline log applied.
pub(crate) async fn view(app: &AppState, tournament_id: Uuid) -> WebResult<View> {
    let (version, state) = app.desk.read_on(&app.store.pool, tournament_id).await?;
    Ok(View::of(version, &state)?)
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

/// Every round of `state` with an official start, in order, under `ruleset`.
pub(crate) fn round_times(state: &State, ruleset: Ruleset) -> Vec<RoundTime> {
    state
        .rounds
        .iter()
        .filter_map(|(round, mark)| {
            mark.start.map(|start| RoundTime {
                round: *round,
                start,
                assembly: start.assembly(ruleset),
            })
        })
        .collect()
}
