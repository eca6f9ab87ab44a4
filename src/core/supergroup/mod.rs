//! The McMahon top group and its supergroup.
//!
//! RFG code App. 7 §1.3: a supergroup may be formed, is not used by default
//! (б) and the regulations may define one (в); 21.2: the top group includes
//! it. Tengen's supergroup is OpenGotha's way of forming one: players given
//! a start score above the bar group's (a positive correction), allowed only
//! when the settings enable it ([`Settings::supergroup`]). A supergroup ban
//! is a sanction, the discipline book's (`core::discipline::bans`).

use crate::core::problem::FieldProblem;
use crate::core::{Player, Settings, System};

/// The start score of the bar group, in half points.
fn bar_start(settings: &Settings) -> i32 {
    let mm = &settings.mcmahon;
    mm.start_mms(mm.bar, 0).halves()
}

fn start(settings: &Settings, player: &Player) -> i32 {
    let correction = player.smms_correction;
    settings.mcmahon.start_mms(player.rank, correction).halves()
}

/// Whether `player` starts above the bar group: in the supergroup.
pub fn in_supergroup(settings: &Settings, player: &Player) -> bool {
    settings.system == System::McMahon && start(settings, player) > bar_start(settings)
}

/// A start in a supergroup the settings do not enable, refused: by
/// default none is used (App. 7 §1.3 б).
pub fn unless_enabled(settings: &Settings, player: &Player) -> Option<FieldProblem> {
    (!settings.supergroup && in_supergroup(settings, player))
        .then(|| FieldProblem::new("smms_correction", "player.error.supergroup_off"))
}

/// Whether `player` starts in the top group: the bar group and the
/// supergroup above it (RFG 21.2), and `groups_below` groups under the bar
/// (the GTR's "group just below the bar": 1).
pub fn starts_in_top_group(settings: &Settings, player: &Player, groups_below: i32) -> bool {
    settings.system == System::McMahon
        && start(settings, player) >= bar_start(settings) - 2 * groups_below
}

#[cfg(test)]
mod tests;
