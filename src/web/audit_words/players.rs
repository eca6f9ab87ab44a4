//! Players in the audit log: a registration, an edit under the player
//! form's labels, a ratings refresh player by player.

use serde_json::Value;

use super::{AuditWords, FieldChange, Lang, read, with_rank};
use crate::core::audit::Event;
use crate::core::{Gender, Player, Registration, RoundNo, Tournament};

/// A player added, self-registered, confirmed or deleted, named with
/// their rank.
pub(super) fn registration(
    lang: Lang,
    event: &Event,
    before: Option<&Value>,
    after: Option<&Value>,
) -> Option<AuditWords> {
    let p = read::<Player>(after).or_else(|| read::<Player>(before))?;
    // Russian and Ukrainian verbs agree with the player's gender when it is
    // known; otherwise the sentence names an "участник".
    let key = match (event, p.gender) {
        (Event::AddPlayer, Some(Gender::Female)) => "audit.player_add.female",
        (Event::AddPlayer, Some(Gender::Male)) => "audit.player_add.male",
        (Event::AddPlayer, _) => "audit.player_add",
        (Event::SelfRegister, Some(Gender::Female)) => "audit.player_self_register.female",
        (Event::SelfRegister, Some(Gender::Male)) => "audit.player_self_register.male",
        (Event::SelfRegister, _) => "audit.player_self_register",
        (Event::ConfirmPlayer, _) => "audit.player_confirm",
        _ => "audit.player_delete",
    };
    Some(AuditWords {
        what: lang.tf(key, &[("player", with_rank(&p))]),
        changes: Vec::new(),
    })
}

/// A player edited: the fields of the form that changed.
pub(super) fn edit(
    t: &Tournament,
    lang: Lang,
    before: Option<&Value>,
    after: Option<&Value>,
) -> Option<AuditWords> {
    let (was, is) = (read::<Player>(before)?, read::<Player>(after)?);
    Some(AuditWords {
        what: lang.tf("audit.player_edit", &[("player", with_rank(&is))]),
        changes: player_changes(t, lang, &was, &is),
    })
}

/// Ratings refreshed from a list: each player's rank and rating before and
/// after, with the list they came from.
pub(super) fn ratings(
    lang: Lang,
    before: Option<&Value>,
    after: Option<&Value>,
) -> Option<AuditWords> {
    let (was, is) = (read::<Vec<Player>>(before)?, read::<Vec<Player>>(after)?);
    let rating = |p: &Player| match p.rating_source {
        Some(source) => format!("{} {} ({source})", p.rank, p.rating.gor()),
        None => format!("{} {}", p.rank, p.rating.gor()),
    };
    Some(AuditWords {
        what: lang.tf(
            "audit.ratings_update",
            &[("players", lang.plural("count.players", is.len() as u64))],
        ),
        changes: was
            .iter()
            .zip(&is)
            .map(|(was, is)| FieldChange {
                field: is.full_name(),
                before: rating(was),
                after: rating(is),
            })
            .collect(),
    })
}

/// The fields of the player form that changed, under the form's labels.
fn player_changes(t: &Tournament, lang: Lang, was: &Player, is: &Player) -> Vec<FieldChange> {
    let absent = |p: &Player| {
        (1..=t.settings().number_of_rounds)
            .filter_map(RoundNo::new)
            .filter(|r| !p.participation.plays(*r))
            .map(|r| r.get().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let registration = |p: &Player| {
        lang.t(match p.registration {
            Registration::Final => "audit.final",
            Registration::Preliminary => "player.preliminary",
        })
    };
    let number = |n: Option<u32>| n.map(|n| n.to_string()).unwrap_or_default();
    let fields: [(&str, String, String); 11] = [
        ("player.family_name", was.name.clone(), is.name.clone()),
        (
            "player.first_name",
            was.first_name.clone(),
            is.first_name.clone(),
        ),
        ("player.rank", was.rank.to_string(), is.rank.to_string()),
        (
            "player.rating",
            was.rating.gor().to_string(),
            is.rating.gor().to_string(),
        ),
        ("player.club", was.club.clone(), is.club.clone()),
        ("player.country", was.country.clone(), is.country.clone()),
        ("player.egf_pin", was.egf_pin.clone(), is.egf_pin.clone()),
        (
            "player.smms_correction",
            was.smms_correction.to_string(),
            is.smms_correction.to_string(),
        ),
        (
            "player.draw_number",
            number(was.draw_number),
            number(is.draw_number),
        ),
        ("player.absent", absent(was), absent(is)),
        ("player.registration", registration(was), registration(is)),
    ];
    fields
        .into_iter()
        .filter(|(_, old, new)| old != new)
        .map(|(key, before, after)| FieldChange {
            field: lang.t(key),
            before,
            after,
        })
        .collect()
}
