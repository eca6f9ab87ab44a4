//! Who may do what in a tournament: the one table of permissions.
//!
//! The owner and co-organisers run the tournament; referees act on games and
//! players during rounds, and only they sanction (EGF GTR "Sanctions":
//! sanctions are the referee's); appeals-committee members only decide
//! appeals (EGF GTR "Arbitration", RFG code art. 26, Ukrainian rules VI).
//! The Ukrainian rules name more officials (V.3–V.7): the chief referee,
//! who alone (or a deputy the chief referee delegates to, who holds the
//! same role) runs the draw and imposes penalties; the chief secretary, who
//! registers the participants; the doctor, who clears them. The EGF may
//! assign tournament supervisors (GTR "Officials"), who verify the final
//! result list: that is theirs alone, the owner's only by holding the role.

use crate::core::discipline::Ruleset;
use serde::{Deserialize, Serialize};

/// Who may create a tournament on a site: an account the site's
/// administrators made an organiser, or an administrator. A role in one
/// tournament gives no right to create another.
pub fn may_create_tournament(is_admin: bool, is_organiser: bool) -> bool {
    is_admin || is_organiser
}

/// A person's role in one tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StaffRole {
    /// Created the tournament; holds every permission but a referee's and a
    /// supervisor's.
    Owner,
    CoOrganiser,
    /// The chief referee, or a deputy acting for them (Ukrainian V.3–V.4).
    ChiefReferee,
    Referee,
    /// The chief secretary (Ukrainian V.5).
    Secretary,
    /// The competition's doctor (Ukrainian V.7).
    Doctor,
    AppealsMember,
    /// A tournament supervisor the EGF assigned (GTR "Officials").
    Supervisor,
}

/// Something a signed-in person may try to do to a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    EditSettings,
    ManageStaff,
    ManagePlayers,
    EditPairings,
    EnterResults,
    /// A referee's act at the desk: starting clocks, an absence, a
    /// protest, a confirmation, a correction.
    LogSanction,
    /// A ruling at the board: a clock stopped, set or corrected, an
    /// illegal move, a disturbed position, a violation seen (EGF GTR
    /// "Timing error", "Clock neutralisation", "Illegal move", "Position
    /// disturbance").
    Rule,
    /// A sanction: advice, a warning, penalty points, a game forfeit, a
    /// change of time, a removal (EGF GTR "Sanctions").
    Penalise,
    /// Another official's act annulled: the chief referee's, who keeps
    /// each round's record (RFG 26.2.1 с); an author annuls their own.
    AnnulAnyAct,
    /// A round cancelled with its reason (Ukrainian V.3).
    CancelRound,
    /// The result of a game whose count was referred to the chief referee
    /// (WMSG 2008 Appendix 1, Proc. 10).
    SettleCount,
    /// A player's medical clearance (Ukrainian V.7, III.6).
    SetMedical,
    DecideAppeal,
    /// The appeals read, with where each stands: every official of the
    /// tournament follows them.
    ReadAppeals,
    ReadAuditLog,
    /// The final result list marked verified (GTR "Officials": a task of
    /// the tournament supervisors).
    VerifyStandings,
    /// The supergroup as formed confirmed (GTR "Officials": a supervisor's).
    ConfirmSupergroup,
    /// The winners declared and the prize list made final: the tournament
    /// director's (GTR "EGF rules commission"), helped by the organisers.
    DeclareWinners,
}

impl Action {
    /// False for what a site administrator does only by holding the role:
    /// deciding appeals is the committee's, verifying the final result list
    /// the supervisors'.
    pub fn open_to_site_admins(self) -> bool {
        !matches!(
            self,
            Action::DecideAppeal | Action::VerifyStandings | Action::ConfirmSupergroup
        )
    }
}

impl StaffRole {
    /// Every role, in the order pages list them.
    pub const ALL: [StaffRole; 8] = [
        StaffRole::Owner,
        StaffRole::CoOrganiser,
        StaffRole::ChiefReferee,
        StaffRole::Referee,
        StaffRole::Secretary,
        StaffRole::Doctor,
        StaffRole::AppealsMember,
        StaffRole::Supervisor,
    ];

    /// The roles an owner may give on the staff page.
    pub const GIVEN: [StaffRole; 7] = [
        StaffRole::CoOrganiser,
        StaffRole::ChiefReferee,
        StaffRole::Referee,
        StaffRole::Secretary,
        StaffRole::Doctor,
        StaffRole::AppealsMember,
        StaffRole::Supervisor,
    ];

    /// True when this role alone permits the action.
    pub fn allows(self, action: Action) -> bool {
        use Action::*;
        match self {
            // The owner is no referee: the creator of a tournament is also
            // given the chief referee's role, which they may hand on.
            // Nor a supervisor, unless they give themselves the role.
            StaffRole::Owner => !matches!(
                action,
                Rule | Penalise
                    | AnnulAnyAct
                    | CancelRound
                    | SettleCount
                    | VerifyStandings
                    | ConfirmSupergroup
            ),
            StaffRole::CoOrganiser => !matches!(
                action,
                ManageStaff
                    | DecideAppeal
                    | Rule
                    | Penalise
                    | AnnulAnyAct
                    | CancelRound
                    | SettleCount
                    | VerifyStandings
                    | ConfirmSupergroup
            ),
            StaffRole::ChiefReferee => matches!(
                action,
                EnterResults
                    | LogSanction
                    | Rule
                    | Penalise
                    | AnnulAnyAct
                    | EditPairings
                    | ManagePlayers
                    | CancelRound
                    | SettleCount
                    | SetMedical
                    | ReadAppeals
                    | ReadAuditLog
            ),
            StaffRole::Referee => matches!(
                action,
                EnterResults | LogSanction | Rule | Penalise | ReadAppeals
            ),
            // Ukrainian V.5: registers the participants and keeps the records.
            StaffRole::Secretary => matches!(action, ManagePlayers | EnterResults | ReadAppeals),
            StaffRole::Doctor => matches!(action, SetMedical | ReadAppeals),
            StaffRole::AppealsMember => matches!(action, DecideAppeal | ReadAppeals),
            // GTR "Officials": supervisors supervise the other officials
            // (so they read what was done) and verify the final result list.
            StaffRole::Supervisor => matches!(
                action,
                VerifyStandings | ConfirmSupergroup | ReadAppeals | ReadAuditLog
            ),
        }
    }

    /// True when this role permits the action under the tournament's rule
    /// text: the Ukrainian rules keep the draw and penalties to the chief
    /// referee (V.3: "проводить жеребкування", "накладати стягнення").
    pub fn allows_under(self, action: Action, ruleset: Ruleset) -> bool {
        let reserved = matches!(action, Action::EditPairings | Action::Penalise);
        self.allows(action)
            && (ruleset != Ruleset::Ukraine || !reserved || self == StaffRole::ChiefReferee)
    }

    /// The identifier used in the database, forms and translations.
    pub fn key(self) -> &'static str {
        match self {
            StaffRole::Owner => "owner",
            StaffRole::CoOrganiser => "co_organiser",
            StaffRole::ChiefReferee => "chief_referee",
            StaffRole::Referee => "referee",
            StaffRole::Secretary => "secretary",
            StaffRole::Doctor => "doctor",
            StaffRole::AppealsMember => "appeals_member",
            StaffRole::Supervisor => "supervisor",
        }
    }

    /// Parses [`StaffRole::key`].
    pub fn from_key(key: &str) -> Option<StaffRole> {
        StaffRole::ALL.into_iter().find(|r| r.key() == key)
    }
}

/// True when any of the person's roles permits the action. Site
/// administrators may manage a tournament but never decide appeals nor
/// verify the final list ([`Action::open_to_site_admins`]).
pub fn may(roles: &[StaffRole], is_site_admin: bool, action: Action) -> bool {
    roles.iter().any(|role| role.allows(action)) || (is_site_admin && action.open_to_site_admins())
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
    fn only_referees_sanction_and_only_the_chief_referee_under_the_ukrainian_rules() {
        // EGF GTR "Sanctions", "Timing error": a referee's act.
        for role in [
            StaffRole::Owner,
            StaffRole::CoOrganiser,
            StaffRole::Secretary,
        ] {
            assert!(!may(&[role], false, Action::Penalise), "{role:?}");
        }
        for role in [StaffRole::Referee, StaffRole::ChiefReferee] {
            assert!(may(&[role], false, Action::Penalise), "{role:?}");
        }
        // Ukrainian V.3: the chief referee runs the draw and imposes penalties.
        let ua = Ruleset::Ukraine;
        assert!(!StaffRole::Referee.allows_under(Action::Penalise, ua));
        assert!(StaffRole::Referee.allows_under(Action::EnterResults, ua));
        assert!(!StaffRole::Owner.allows_under(Action::EditPairings, ua));
        assert!(StaffRole::ChiefReferee.allows_under(Action::EditPairings, ua));
        assert!(StaffRole::ChiefReferee.allows_under(Action::Penalise, ua));
        assert!(StaffRole::Owner.allows_under(Action::EditPairings, Ruleset::Egf));
    }

    #[test]
    fn the_secretary_registers_and_the_doctor_only_clears() {
        // Ukrainian V.5, V.7.
        assert!(may(&[StaffRole::Secretary], false, Action::ManagePlayers));
        assert!(may(&[StaffRole::Secretary], false, Action::EnterResults));
        assert!(!may(&[StaffRole::Secretary], false, Action::EditPairings));
        assert!(may(&[StaffRole::Doctor], false, Action::SetMedical));
        assert!(!may(&[StaffRole::Doctor], false, Action::ManagePlayers));
    }

    #[test]
    fn only_a_supervisor_verifies_the_final_list_and_the_organisers_declare_winners() {
        // EGF GTR "Officials": verification of the final result list is a
        // supervisor's task; the owner holds it only by taking the role.
        for role in StaffRole::ALL {
            let verifies = may(&[role], false, Action::VerifyStandings);
            assert_eq!(verifies, role == StaffRole::Supervisor, "{role:?}");
        }
        assert!(!may(&[], true, Action::VerifyStandings));
        assert!(may(
            &[StaffRole::Owner, StaffRole::Supervisor],
            false,
            Action::VerifyStandings
        ));
        // GTR "EGF rules commission": the tournament director declares.
        assert!(may(&[StaffRole::Owner], false, Action::DeclareWinners));
        assert!(may(
            &[StaffRole::CoOrganiser],
            false,
            Action::DeclareWinners
        ));
        assert!(!may(
            &[StaffRole::Supervisor],
            false,
            Action::DeclareWinners
        ));
        assert!(!may(
            &[StaffRole::ChiefReferee],
            false,
            Action::DeclareWinners
        ));
    }

    #[test]
    fn role_keys_round_trip() {
        for role in StaffRole::ALL {
            assert_eq!(StaffRole::from_key(role.key()), Some(role));
        }
    }
}
