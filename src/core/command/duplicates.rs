//! Who is registered already: the same form sent twice, and names that
//! look like one on the list, for a warning.

use crate::core::player::Player;

/// A registration with the same name and first name, written the same way
/// but for case and spacing: the same form sent twice.
pub(super) fn same_registration<'t>(players: &'t [Player], player: &Player) -> Option<&'t Player> {
    let norm = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    let (name, first) = (norm(&player.name), norm(&player.first_name));
    players
        .iter()
        .find(|p| norm(&p.name) == name && norm(&p.first_name) == first)
}

/// Names already registered that look like this one, for a warning:
/// the same EGF pin, or the same name and first name once case and accents
/// are folded (`Ivanova Anna`, `IVANOVA Anna`), or the two swapped.
pub fn likely_duplicates(players: &[Player], player: &Player) -> Vec<String> {
    let fold = crate::core::fold::fold;
    let (name, first) = (fold(&player.name), fold(&player.first_name));
    players
        .iter()
        .filter(|p| p.id != player.id)
        .filter(|p| {
            let same_pin = !player.egf_pin.is_empty() && p.egf_pin == player.egf_pin;
            let same_name = fold(&p.name) == name && fold(&p.first_name) == first;
            let swapped = fold(&p.name) == first && fold(&p.first_name) == name;
            same_pin || same_name || swapped
        })
        .map(|p| p.full_name())
        .collect()
}
