//! Supergroup bans from the site's other tournaments (RFG 21(S).2 г; GTR
//! "debarred from a supergroup"), as the staff of a later tournament see
//! them: loaded by the store, matched to players by the core
//! (`core::supergroup`), worded here for the pages and the API.

use super::error::WebResult;
use super::i18n::Lang;
use crate::core::discipline::bans::{Ban, flags, recorded};
use crate::core::discipline::{Book, Moment};
use crate::core::{PlayerId, Tournament};
use crate::desk::{Opened, Who};
use std::collections::HashMap;

/// Every standing ban of the site's other tournaments. One the reader may
/// not see still counts, since it binds the person and not the tournament,
/// but its tournament goes unnamed: a private tournament stays unfound.
pub(crate) async fn bans(opened: &Opened<impl Who>) -> WebResult<Vec<Ban>> {
    let sources = opened.other_bans().await?;
    let mut bans = Vec::new();
    for source in sources {
        let zone = jiff::tz::TimeZone::get(&source.time_zone).unwrap_or(jiff::tz::TimeZone::UTC);
        for ban in recorded(&source.state, &source.book) {
            bans.push(Ban {
                tournament: source.visible.then(|| source.name.clone()),
                imposed: day(ban.at, &zone),
                recorded: ban,
            });
        }
    }
    Ok(bans)
}

/// The day of a moment on the wall clock of `zone`.
fn day(at: Moment, zone: &jiff::tz::TimeZone) -> jiff::civil::Date {
    jiff::Timestamp::from_second(at.unix_seconds())
        .unwrap_or(jiff::Timestamp::UNIX_EPOCH)
        .to_zoned(zone.clone())
        .date()
}

/// The bans that reach each player of `doc`.
pub(crate) fn by_player(doc: &Tournament, bans: &[Ban]) -> HashMap<PlayerId, Vec<Ban>> {
    flags(doc, bans)
        .into_iter()
        .map(|(id, found)| (id, found.into_iter().cloned().collect()))
        .collect()
}

/// The warnings the pages show for a player: only one who starts in the
/// top group, where a supergroup is (RFG 21.2), or would be placed there.
pub(crate) fn warnings(
    lang: Lang,
    doc: &Tournament,
    book: &Book,
    player: PlayerId,
    bans: &HashMap<PlayerId, Vec<Ban>>,
) -> Vec<String> {
    let top = doc
        .player(player)
        .is_some_and(|p| crate::core::command::absence::top_group(doc, book, p));
    match bans.get(&player) {
        Some(found) if top => found.iter().map(|b| warning(lang, b)).collect(),
        _ => Vec::new(),
    }
}

/// "Banned from the supergroup by `<tournament>`, `<date>`".
pub(crate) fn warning(lang: Lang, ban: &Ban) -> String {
    let date = ("date", ban.imposed.to_string());
    match &ban.tournament {
        Some(name) => lang.tf(
            "supergroup.banned_by",
            &[("tournament", name.clone()), date],
        ),
        None => lang.tf("supergroup.banned_by_unseen", &[date]),
    }
}
