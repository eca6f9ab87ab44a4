//! The audit log's events: one variant per kind of recorded change, with
//! its typed argument, and the one table of the names they are stored
//! under (`player.add`, `round.publish:3`, `referee.warning`).
//!
//! Invariant: the stored text is read back exactly as it was written —
//! `Event::parse(s).name() == s` for every `s` — so old databases and
//! archives read unchanged, and a name this build does not know (an older
//! or a later Tengen's) reads as itself, [`Event::Other`].

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::discipline::{Act, SanctionKind};
use super::{PlayerId, RoundNo};

/// An event's argument as it stands after the colon of its stored name.
trait Argument: Sized {
    fn write(&self) -> String;
    /// `None` unless `text` is exactly what [`Argument::write`] gives, so
    /// that an odd stored name (`round.lock:03`) stays as it was written.
    fn read(text: &str) -> Option<Self>;
}

impl Argument for RoundNo {
    fn write(&self) -> String {
        self.get().to_string()
    }
    fn read(text: &str) -> Option<Self> {
        let round = RoundNo::new(text.parse().ok()?)?;
        (round.write() == text).then_some(round)
    }
}

impl Argument for PlayerId {
    fn write(&self) -> String {
        self.0.to_string()
    }
    fn read(text: &str) -> Option<Self> {
        let player = PlayerId(text.parse().ok()?);
        (player.write() == text).then_some(player)
    }
}

impl Argument for String {
    fn write(&self) -> String {
        self.clone()
    }
    fn read(text: &str) -> Option<Self> {
        Some(text.to_string())
    }
}

/// Declares [`Event`] from the table of stored names: a plain event is
/// stored as its name, one with an argument as `name:argument`.
macro_rules! events {
    (
        $( $(#[$plain_doc:meta])* $plain:ident = $plain_name:literal, )*
        ;
        $( $(#[$with_doc:meta])* $with:ident($argument:ty) = $with_name:literal, )*
    ) => {
        /// One recorded change.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Event {
            $( $(#[$plain_doc])* $plain, )*
            $( $(#[$with_doc])* $with($argument), )*
            /// A referee's act entered in the incident log.
            Act(ActKind),
            /// A name this build does not know, kept as it was read.
            Other(String),
        }

        impl Event {
            /// The name the log stores.
            pub fn name(&self) -> String {
                match self {
                    $( Event::$plain => $plain_name.to_string(), )*
                    $( Event::$with(argument) => {
                        format!("{}:{}", $with_name, argument.write())
                    } )*
                    Event::Act(kind) => format!("{ACT_PREFIX}{}", kind.key()),
                    Event::Other(name) => name.clone(),
                }
            }

            /// The event a stored name records; never fails.
            pub fn parse(name: &str) -> Event {
                let known = match name.split_once(':') {
                    None => match name {
                        $( $plain_name => Some(Event::$plain), )*
                        _ => name
                            .strip_prefix(ACT_PREFIX)
                            .and_then(ActKind::from_key)
                            .map(Event::Act),
                    },
                    Some((base, argument)) => match base {
                        $( $with_name => Argument::read(argument).map(Event::$with), )*
                        _ => None,
                    },
                };
                known.unwrap_or_else(|| Event::Other(name.to_string()))
            }

            /// One event of every kind, for the tests of the table.
            #[cfg(test)]
            pub(crate) fn every_kind() -> Vec<Event> {
                let mut all = vec![$( Event::$plain, )*];
                $( all.push(Event::$with(Argument::read("7").expect("an example argument"))); )*
                all.extend(ActKind::ALL.iter().copied().map(Event::Act));
                all
            }
        }
    };
}

/// The start of a referee's act's name: `referee.` and its [`ActKind::key`].
const ACT_PREFIX: &str = "referee.";

events! {
    /// A tournament made by its creation form or the API.
    CreateTournament = "tournament.create",
    /// A final stage made from the qualifying groups' places.
    CreateFinalStage = "tournament.final_stage",
    /// A tournament made from a file.
    ImportTournament = "tournament.import",
    EditSettings = "tournament.settings",
    /// A publication snapshot restored in place.
    RestoreSnapshot = "tournament.restore_snapshot",
    AddPlayer = "player.add",
    /// A visitor registered through the public form.
    SelfRegister = "player.self_register",
    EditPlayer = "player.edit",
    ConfirmPlayer = "player.confirm",
    DeletePlayer = "player.delete",
    ImportPlayers = "player.import",
    /// Ratings refreshed from a newer rating list.
    UpdateRatings = "player.ratings_update",
    WithdrawPlayer = "player.withdraw",
    /// The doctor's clearance of a player.
    MedicalClearance = "player.medical",
    /// A round paired; its round is in the games logged.
    PairRound = "round.pair",
    /// A round's pairing taken away; its round is in the games logged.
    UnpairRound = "round.unpair",
    AddTeam = "team.add",
    EditTeam = "team.edit",
    DeleteTeam = "team.delete",
    /// The final list verified by a supervisor.
    VerifyStandings = "standings.verify",
    /// The results marked as sent to the EGF.
    SubmitResults = "results.submit_egf",
    DeclareWinners = "winners.declare",
    ConfirmSupergroup = "supergroup.confirm",
    /// A play-off's result recorded.
    RecordPlayOff = "playoff.record",
    /// The appeals committee fixed, with its reserves.
    FixCommittee = "appeals.committee",
    /// Members co-opted to the committee.
    CoOpt = "appeals.co_opt",
    /// An appeal filed by a referee for a player or a team.
    FileAppeal = "appeals.file",
    /// An appeal filed by a player through their private link.
    FileOwnAppeal = "appeals.file_by_player",
    ReviewAppeal = "appeals.review",
    EscalateAppeal = "appeals.escalate",
    /// The committee's decision.
    DecideAppeal = "appeals.decide",
    /// The rules commission's ruling.
    RuleOnAppeal = "appeals.rule",
    GrantRole = "staff.add",
    RevokeRole = "staff.remove",
    /// An account made by an administrator.
    CreateAccount = "account.create",
    ;
    /// A round's pairing edited by hand.
    EditPairing(RoundNo) = "round.edit",
    PublishRound(RoundNo) = "round.publish",
    LockRound(RoundNo) = "round.lock",
    /// A round's results confirmed, as earlier builds recorded it.
    ConfirmRound(RoundNo) = "round.confirm",
    /// A round's official start set or cleared.
    ScheduleRound(RoundNo) = "round.schedule",
    /// The chief referee's cancellation of a round.
    CancelRound(RoundNo) = "round.cancel",
    /// Results typed on the results page or through the API.
    EnterResults(RoundNo) = "results",
    /// A team's line-up for a round.
    LineUp(RoundNo) = "team.line_up",
    /// A player's private link issued (or replaced).
    IssuePlayerLink(PlayerId) = "appeals.link",
    /// An account's site roles set; the argument is its username.
    SetAccountRoles(String) = "account.roles",
}

impl Serialize for Event {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.name())
    }
}

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Event::parse(&String::deserialize(deserializer)?))
    }
}

/// Declares [`ActKind`] from the table of its keys.
macro_rules! act_kinds {
    ($( $kind:ident = $key:literal, )*) => {
        /// The kind of a referee's act, as the audit log names it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum ActKind {
            $( $kind, )*
        }

        impl ActKind {
            /// Every kind, for the tests of the table.
            #[cfg(test)]
            const ALL: &[ActKind] = &[$( ActKind::$kind, )*];

            /// The key after `referee.` in the stored name.
            pub fn key(self) -> &'static str {
                match self {
                    $( ActKind::$kind => $key, )*
                }
            }

            fn from_key(key: &str) -> Option<ActKind> {
                match key {
                    $( $key => Some(ActKind::$kind), )*
                    _ => None,
                }
            }
        }
    };
}

act_kinds! {
    StartRound = "start_round",
    Remark = "remark",
    Warning = "warning",
    PenaltyPoints = "penalty",
    GameForfeit = "forfeit",
    TimeChange = "time_change",
    RemovalFromRound = "removal_from_round",
    RemovalFromTournament = "removal_from_tournament",
    SupergroupBan = "supergroup_ban",
    RatingReduction = "rating_reduction",
    Absence = "absence",
    Withdrawal = "withdrawal",
    Protest = "protest",
    Confirmation = "confirmation",
    Correction = "correction",
    PlayedAs = "played_as",
    RoundCancelled = "round_cancelled",
    Neutralisation = "neutralisation",
    PrematurePasses = "premature_passes",
    IllegalMove = "illegal_move",
    Disturbance = "disturbance",
    ClockCorrection = "clock_correction",
    Violation = "violation",
    Mediated = "mediated",
    CountDisputed = "count_disputed",
    Adjourned = "adjourned",
    Annulment = "annulment",
    Decision = "decision",
}

impl ActKind {
    /// The kind of `act`; a sanction is named by its own kind.
    pub fn of(act: &Act) -> ActKind {
        match act {
            Act::StartRound { .. } => ActKind::StartRound,
            Act::Sanction(s) => match s.kind {
                SanctionKind::Remark { .. } => ActKind::Remark,
                SanctionKind::Warning { .. } => ActKind::Warning,
                SanctionKind::PenaltyPoints { .. } => ActKind::PenaltyPoints,
                SanctionKind::GameForfeit { .. } => ActKind::GameForfeit,
                SanctionKind::TimeChange { .. } => ActKind::TimeChange,
                SanctionKind::RemovalFromRound { .. } => ActKind::RemovalFromRound,
                SanctionKind::RemovalFromTournament { .. } => ActKind::RemovalFromTournament,
                SanctionKind::SupergroupBan { .. } => ActKind::SupergroupBan,
                SanctionKind::RatingReduction { .. } => ActKind::RatingReduction,
            },
            Act::Absence { .. } => ActKind::Absence,
            Act::Withdrawal { .. } => ActKind::Withdrawal,
            Act::Protest { .. } => ActKind::Protest,
            Act::Confirmation { .. } => ActKind::Confirmation,
            Act::Correction { .. } => ActKind::Correction,
            Act::PlayedAs { .. } => ActKind::PlayedAs,
            Act::RoundCancelled { .. } => ActKind::RoundCancelled,
            Act::Neutralisation { .. } => ActKind::Neutralisation,
            Act::PrematurePasses { .. } => ActKind::PrematurePasses,
            Act::IllegalMove { .. } => ActKind::IllegalMove,
            Act::Disturbance { .. } => ActKind::Disturbance,
            Act::ClockCorrection { .. } => ActKind::ClockCorrection,
            Act::Violation { .. } => ActKind::Violation,
            Act::Mediated { .. } => ActKind::Mediated,
            Act::CountDisputed { .. } => ActKind::CountDisputed,
            Act::Adjourned { .. } => ActKind::Adjourned,
            Act::Annulment { .. } => ActKind::Annulment,
            Act::Decision { .. } => ActKind::Decision,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name this build records but the referees' acts', written out
    /// as the log holds it: a renamed event would leave the old entries
    /// unread.
    const RECORDED: &[&str] = &[
        "tournament.create",
        "tournament.final_stage",
        "tournament.import",
        "tournament.settings",
        "tournament.restore_snapshot",
        "player.add",
        "player.self_register",
        "player.edit",
        "player.confirm",
        "player.delete",
        "player.import",
        "player.ratings_update",
        "player.withdraw",
        "player.medical",
        "round.pair",
        "round.unpair",
        "round.edit:2",
        "round.publish:3",
        "round.lock:2",
        "round.confirm:1",
        "round.schedule:4",
        "round.cancel:5",
        "results:3",
        "team.add",
        "team.edit",
        "team.delete",
        "team.line_up:2",
        "standings.verify",
        "results.submit_egf",
        "winners.declare",
        "supergroup.confirm",
        "playoff.record",
        "appeals.committee",
        "appeals.co_opt",
        "appeals.file",
        "appeals.file_by_player",
        "appeals.review",
        "appeals.escalate",
        "appeals.decide",
        "appeals.rule",
        "appeals.link:12",
        "staff.add",
        "staff.remove",
        "account.create",
        "account.roles:anna",
    ];

    /// The keys of referees' acts, recorded as `referee.<key>`.
    const ACT_KEYS: &[&str] = &[
        "start_round",
        "remark",
        "warning",
        "penalty",
        "forfeit",
        "time_change",
        "removal_from_round",
        "removal_from_tournament",
        "supergroup_ban",
        "rating_reduction",
        "absence",
        "withdrawal",
        "protest",
        "confirmation",
        "correction",
        "played_as",
        "round_cancelled",
        "neutralisation",
        "premature_passes",
        "illegal_move",
        "disturbance",
        "clock_correction",
        "violation",
        "mediated",
        "count_disputed",
        "adjourned",
        "annulment",
        "decision",
    ];

    fn recorded() -> Vec<String> {
        let acts = ACT_KEYS.iter().map(|key| format!("referee.{key}"));
        RECORDED.iter().map(|n| n.to_string()).chain(acts).collect()
    }

    #[test]
    fn every_recorded_name_reads_as_its_event_and_back() {
        for name in recorded() {
            let event = Event::parse(&name);
            assert!(!matches!(event, Event::Other(_)), "{name} is not read");
            assert_eq!(event.name(), name);
        }
    }

    #[test]
    fn every_kind_of_event_is_among_the_recorded_names() {
        for event in Event::every_kind() {
            let base = event.name();
            let base = base.split_once(':').map_or(base.as_str(), |(b, _)| b);
            assert!(
                recorded()
                    .iter()
                    .any(|n| n.split_once(':').map_or(n.as_str(), |(b, _)| b) == base),
                "{base} is missing from the list of recorded names"
            );
            assert_eq!(Event::parse(&event.name()), event);
        }
    }

    #[test]
    fn an_unknown_or_odd_name_reads_as_itself() {
        for name in [
            "test",
            "",
            "round.publish",
            "round.publish:",
            "round.publish:0",
            "round.publish:03",
            "round.publish:x",
            "appeals.link:-1",
            "results",
            "referee.",
            "referee.sneezing",
            "referee.warning:2",
            "tournament.create\u{0}",
            ":",
            "a.b:c:d",
        ] {
            let event = Event::parse(name);
            assert_eq!(event, Event::Other(name.to_string()), "{name}");
            assert_eq!(event.name(), name);
        }
        // An account's name may hold a colon: all of it after the first.
        assert_eq!(
            Event::parse("account.roles:a:b"),
            Event::SetAccountRoles("a:b".into())
        );
    }

    #[test]
    fn an_event_travels_in_json_as_its_stored_name() {
        let event = Event::PublishRound(RoundNo::new(3).unwrap());
        let text = serde_json::to_string(&event).unwrap();
        assert_eq!(text, "\"round.publish:3\"");
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), event);
        let other: Event = serde_json::from_str("\"from.a_later_build\"").unwrap();
        assert_eq!(other, Event::Other("from.a_later_build".into()));
    }
}
