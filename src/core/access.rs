//! Who may do what in a tournament: the one table of permissions.
//!
//! The owner and co-organisers run the tournament; referees act on games and
//! players during rounds; appeals-committee members only decide appeals
//! (EGF GTR "Arbitration", RFG code art. 26, Ukrainian rules VI).

use serde::{Deserialize, Serialize};

/// A person's role in one tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StaffRole {
    /// Created the tournament; holds every permission.
    Owner,
    CoOrganiser,
    Referee,
    AppealsMember,
}

/// Something a signed-in person may try to do to a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    EditSettings,
    ManageStaff,
    ManagePlayers,
    EditPairings,
    EnterResults,
    LogSanction,
    DecideAppeal,
    ReadAuditLog,
}

impl StaffRole {
    /// Every role, in the order pages list them.
    pub const ALL: [StaffRole; 4] = [
        StaffRole::Owner,
        StaffRole::CoOrganiser,
        StaffRole::Referee,
        StaffRole::AppealsMember,
    ];

    /// True when this role alone permits the action.
    pub fn allows(self, action: Action) -> bool {
        use Action::*;
        match self {
            StaffRole::Owner => true,
            StaffRole::CoOrganiser => !matches!(action, ManageStaff | DecideAppeal),
            StaffRole::Referee => matches!(action, EnterResults | LogSanction),
            StaffRole::AppealsMember => matches!(action, DecideAppeal),
        }
    }

    /// The identifier used in the database, forms and translations.
    pub fn key(self) -> &'static str {
        match self {
            StaffRole::Owner => "owner",
            StaffRole::CoOrganiser => "co_organiser",
            StaffRole::Referee => "referee",
            StaffRole::AppealsMember => "appeals_member",
        }
    }

    /// Parses [`StaffRole::key`].
    pub fn from_key(key: &str) -> Option<StaffRole> {
        StaffRole::ALL.into_iter().find(|r| r.key() == key)
    }
}

/// True when any of the person's roles permits the action. Site
/// administrators may manage a tournament but never decide appeals, which
/// belong to the committee alone.
pub fn may(roles: &[StaffRole], is_site_admin: bool, action: Action) -> bool {
    roles.iter().any(|role| role.allows(action))
        || (is_site_admin && action != Action::DecideAppeal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_referee_cannot_change_settings_but_enters_results() {
        assert!(!may(&[StaffRole::Referee], false, Action::EditSettings));
        assert!(may(&[StaffRole::Referee], false, Action::EnterResults));
    }

    #[test]
    fn only_the_owner_manages_staff() {
        assert!(may(&[StaffRole::Owner], false, Action::ManageStaff));
        assert!(!may(&[StaffRole::CoOrganiser], false, Action::ManageStaff));
    }

    #[test]
    fn committee_members_only_decide_appeals() {
        let committee = [StaffRole::AppealsMember];
        assert!(may(&committee, false, Action::DecideAppeal));
        assert!(!may(&committee, false, Action::EnterResults));
        assert!(!may(&[], true, Action::DecideAppeal));
    }

    #[test]
    fn role_keys_round_trip() {
        for role in StaffRole::ALL {
            assert_eq!(StaffRole::from_key(role.key()), Some(role));
        }
    }
}
