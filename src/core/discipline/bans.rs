//! Supergroup bans (RFG 21(S).2 г; GTR "debarred from a supergroup"): the
//! bans one tournament's book records, flagged on the same person in a
//! later tournament ([`flags`]); the store brings the other tournaments'.

use super::{Act, Book, Moment, SanctionKind};
use crate::core::fold::fold;
use crate::core::{Player, PlayerId, Tournament};
use jiff::civil::Date;

/// A supergroup ban as its tournament recorded it, not revoked by an
/// appeal decision.
#[derive(Debug, Clone, PartialEq)]
pub struct Recorded {
    /// The player banned, as that tournament registered them.
    pub player: Player,
    /// When it was imposed.
    pub at: Moment,
    /// Which future tournaments, as decided.
    pub scope: String,
    /// The last day it applies, when the decision set one.
    pub until: Option<Date>,
}

/// The supergroup bans a tournament's book holds.
pub fn recorded(doc: &Tournament, book: &Book) -> Vec<Recorded> {
    let revoked = super::revoked_entries(&book.log);
    book.log
        .entries()
        .iter()
        .filter(|e| !revoked.contains(&e.id))
        .filter_map(|e| match &e.act {
            Act::Sanction(s) => match &s.kind {
                SanctionKind::SupergroupBan {
                    player,
                    scope,
                    until,
                } => Some(Recorded {
                    player: doc.player(*player)?.clone(),
                    at: e.at,
                    scope: scope.clone(),
                    until: *until,
                }),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// A ban from another tournament of the site, as a reader of a later one
/// may know it.
#[derive(Debug, Clone, PartialEq)]
pub struct Ban {
    /// The tournament that imposed it; `None` when the reader may not see
    /// that tournament, which is then not named.
    pub tournament: Option<String>,
    /// The day it was imposed, on that tournament's wall clock.
    pub imposed: Date,
    /// The ban itself.
    pub recorded: Recorded,
}

/// Whether two registrations are one person. A federation id (EGF PIN,
/// FFG licence, AGA id) decides whenever both carry the same kind: it is
/// the federations' own identity, and it tells namesakes apart. Otherwise
/// the family and given names must be equal (case and accents folded, as
/// people type them differently, nothing looser: a warning on the wrong
/// person is worse than none), and the birth years too when both are known.
pub fn same_person(a: &Player, b: &Player) -> bool {
    let ids = [
        (&a.egf_pin, &b.egf_pin),
        (&a.ffg_licence, &b.ffg_licence),
        (&a.aga_id, &b.aga_id),
    ];
    if let Some((x, y)) = ids
        .iter()
        .find(|(x, y)| !x.trim().is_empty() && !y.trim().is_empty())
    {
        return x.trim() == y.trim();
    }
    let name = |p: &Player| (fold(p.name.trim()), fold(p.first_name.trim()));
    let years = match (a.birth_year, b.birth_year) {
        (Some(x), Some(y)) => x == y,
        _ => true,
    };
    !a.name.trim().is_empty() && name(a) == name(b) && years
}

/// Whether `ban` reaches a tournament beginning on `begins`: a later
/// tournament (21(S).2 г: "в последующем турнире"), up to the ban's last
/// day. A tournament with no begin date written is reached: only its staff
/// can tell, and a warning they can dismiss beats a ban missed.
pub fn reaches(ban: &Ban, begins: Option<Date>) -> bool {
    begins.is_none_or(|day| day > ban.imposed && ban.recorded.until.is_none_or(|last| day <= last))
}

/// The bans that reach a player of `doc`, by player: every one for the
/// person (the API lists them), whether or not the player is in the top
/// group, which [`crate::core::supergroup::starts_in_top_group`] tells the pages that warn.
pub fn flags<'b>(doc: &Tournament, bans: &'b [Ban]) -> Vec<(PlayerId, Vec<&'b Ban>)> {
    let begins = doc
        .settings()
        .general
        .begin_date
        .trim()
        .parse::<Date>()
        .ok();
    doc.players()
        .iter()
        .filter_map(|p| {
            let found: Vec<&Ban> = bans
                .iter()
                .filter(|b| reaches(b, begins) && same_person(p, &b.recorded.player))
                .collect();
            (!found.is_empty()).then_some((p.id, found))
        })
        .collect()
}

#[cfg(test)]
#[path = "bans_tests.rs"]
mod tests;
