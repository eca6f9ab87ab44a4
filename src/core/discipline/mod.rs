//! Referees and appeals: sanctions, late arrival, withdrawal, result
//! finality, protests, appeals and the appeals committee (EGF GTR
//! "Arbitration" and "Sanctions", RFG Code art. 21, 21(S), 26, Ukrainian
//! rules IV.4 and VI).
//!
//! Invariant: nobody edits a result to express a sanction. Referees append
//! acts to the [`Log`]; [`effective()`] applies the log to the tournament as
//! entered, so pairing, standings and the pairings page all read results
//! derived from one source. Settings per rule text are in [`DisciplineSettings`].
//!
//! The acts that close a tournament (the supervisor's verification, the
//! declaration of the winners) are kept in the book too: [`Closing`].
//!
//! Order for the shell: [`Log::record`] an act (it checks the act and the
//! result locks), store the returned [`Entry`], then read [`effective()`].

mod act;
mod adjournment;
mod appeal;
pub mod bans;
mod board;
mod book;
mod checks;
mod closing;
mod committee;
mod effective;
mod effects;
mod filing;
mod finality;
mod incident;
mod lateness;
mod log;
mod names;
mod references;
mod report;
mod sanction;
mod settings;
mod withdrawal;

#[cfg(test)]
mod appeal_rule_tests;
#[cfg(test)]
mod appeal_tests;
#[cfg(test)]
mod filing_tests;
#[cfg(test)]
mod incident_tests;
#[cfg(test)]
mod put_right_tests;
#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;

pub use adjournment::adjourned;
pub use appeal::{
    Appeal, AppealState, AppealStatus, Appealed, Decision, FiledBy, Filing, Outcome, Party,
    pending_prize_appeals,
};
pub use board::{BoardStatus, ResultChange, board_status, result_changes};
pub use book::Book;
pub use closing::{Closing, Signed, Status as ClosingStatus, final_list};
pub use committee::{Committee, Conflict, Exclusion, Member, Panel};
pub use effective::{Effective, annulled, effective, revoked as revoked_entries};
pub use effects::{Effect, Struck, effects, struck};
pub use finality::{Authority, Confirmer, check_change, locked_by};
pub use incident::{
    DisturbanceRemedy, NeutralisationReason, PREMATURE_PASSES_SECONDS, TimeAdjustment,
    finite_time_under_territory, open_violations,
};
pub use lateness::{GameStart, Schedule, StartKind, first_forfeit_moment, may_forfeit, start_of};
pub use log::{
    Act, AppealId, Entry, EntryId, GameRef, Level, Log, Moment, Official, Players, Reason, Remedy,
};
pub use names::listed;
pub use report::{Incident, Report, RoundReport, WarningTally, report};
pub use sanction::{PenaltyCause, Sanction, SanctionKind, Subject};
pub use settings::{DisciplineSettings, Ruleset};
pub use withdrawal::Withdrawn;

use crate::core::ids::{BoardNo, PlayerId, RoundNo};

/// Why a referee's act or an appeal step was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DisciplineError {
    /// Sanctions, corrections and decisions must give their reasons.
    #[error("give a reason")]
    MissingReason,
    /// Every act names the official who did it.
    #[error("name the official")]
    MissingOfficial,
    /// No player has this id.
    #[error("no player has id {0}")]
    UnknownPlayer(PlayerId),
    /// No team has this number.
    #[error("no team has number {0}")]
    UnknownTeam(u32),
    /// An appeal is made in writing (RFG 26.4 г, App. 4 §1.7).
    #[error("an appeal is made in writing: write its grounds")]
    UnwrittenAppeal,
    /// A team's appeal names no player who filed it (RFG App. 4 §1.7).
    #[error("name the captain who filed team {0}'s appeal")]
    UnsignedTeamAppeal(u32),
    /// Only a team's captain files an appeal for it (RFG App. 4 §1.7).
    #[error("player {player} is not the captain of team {team}: only its captain files its appeal")]
    NotCaptain {
        /// The team.
        team: u32,
        /// Who tried to file.
        player: PlayerId,
    },
    /// The round is past the last round.
    #[error("round {round} is past the last round ({rounds})")]
    RoundOutOfRange {
        /// The round asked for.
        round: RoundNo,
        /// The number of rounds.
        rounds: u32,
    },
    /// No game is on that board.
    #[error("round {round} has no board {board}")]
    NoSuchGame {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
    },
    /// A played jigo set on a board whose komi has a half point.
    #[error("board {board} of round {round} has a half-point komi; a jigo is impossible")]
    ImpossibleJigo {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
    },
    /// How the game ended does not fit the result (a margin on a forfeit),
    /// the komi (a whole margin under half-point komi) or the time system.
    #[error(
        "board {board} of round {round}: that is not how a game with this result and komi can end"
    )]
    ImpossibleMethod {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
    },
    /// The player does not play in that game.
    #[error("player {player} does not play on board {board} of round {round}")]
    NotInGame {
        /// The player.
        player: PlayerId,
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
    },
    /// A round is started once it is paired.
    #[error("round {0} is not paired yet")]
    RoundNotPaired(RoundNo),
    /// The round (or that board) was already started.
    #[error("round {0} was already started")]
    RoundAlreadyStarted(RoundNo),
    /// Lateness counts from the start of the round.
    #[error("round {0} has not been started")]
    RoundNotStarted(RoundNo),
    /// The forfeit time has not passed yet.
    #[error("board {board} of round {round} can be forfeited from {possible_from:?}")]
    TooEarlyToForfeit {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
        /// The first moment the absent player loses.
        possible_from: Moment,
    },
    /// The game was played, so nobody was absent.
    #[error("board {board} of round {round} was played")]
    GamePlayed {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
    },
    /// A colour or handicap error that records nothing played otherwise.
    #[error("board {board} of round {round}: say what was played otherwise, or that it restarts")]
    NothingPlayedOtherwise {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
    },
    /// Colours swapped under a result a referee or a panel already ruled
    /// on by colour: that ruling would then name the other player.
    #[error("board {board} of round {round}: its result was ruled by colour; correct it first")]
    ColoursUnderRuling {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
    },
    /// More handicap stones than a board takes (EGF GTR: at most nine).
    #[error("{0} handicap stones: at most 9")]
    HandicapOutOfRange(u8),
    /// The tournament does not allow adjournment (GTR "Adjournment": "in some tournaments").
    #[error("this tournament does not allow adjournment")]
    AdjournmentNotAllowed,
    /// A game resumes only at a time the tournament director published.
    #[error("{0} is not one of the published resumption times")]
    ResumptionNotListed(crate::core::settings::Resumption),
    /// The game already has a result: there is nothing left to adjourn.
    #[error("board {board} of round {round} already has a result")]
    GameOver {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
    },
    /// A result without a value cannot be confirmed.
    #[error("board {board} of round {round} has no result to confirm")]
    NoResultToConfirm {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
    },
    /// The result was confirmed (RFG 16.8 з); only a correction or an appeal changes it.
    #[error(
        "the result on board {board} of round {round} was confirmed by {by:?}; correct it with a reason or decide an appeal"
    )]
    ResultLocked {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
        /// Who confirmed it.
        by: Confirmer,
    },
    /// A player cannot leave before a round they played in.
    #[error("player {player} played in round {round}, after the round they left")]
    PlayedAfterWithdrawal {
        /// The player.
        player: PlayerId,
        /// The round they played.
        round: RoundNo,
    },
    /// No appeal has this number.
    #[error("there is no appeal {0}")]
    UnknownAppeal(AppealId),
    /// Appeals are heard by a committee fixed before round 1.
    #[error("the appeals committee has not been named")]
    NoCommittee,
    /// No entry has this number.
    #[error("the log has no entry {0}")]
    UnknownEntry(EntryId),
    /// Only sanctions, absences and corrections can be appealed or revoked.
    #[error("entry {0} is not a referee's decision")]
    NotAppealable(EntryId),
    /// Filed after the deadline fixed in advance (RFG 26.4 г).
    #[error("entry {entry} can be appealed within {minutes} minutes only")]
    AppealTooLate {
        /// The decision appealed.
        entry: EntryId,
        /// The deadline.
        minutes: u32,
    },
    /// The game was played on without the appellant's protest (GTR, RFG 26.3 б).
    #[error(
        "board {board} of round {round} was not played under protest, so it cannot be appealed"
    )]
    NoProtest {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
    },
    /// The appeal is not in the state the step needs.
    #[error("appeal {appeal} is {status:?}; this step needs it {needed:?}")]
    AppealState {
        /// The appeal.
        appeal: AppealId,
        /// Where it stands.
        status: AppealStatus,
        /// Where it must stand.
        needed: AppealStatus,
    },
    /// A decision needs at least one signature.
    #[error("nobody signed the decision on appeal {0}")]
    Unsigned(AppealId),
    /// Only the panel composed for the appeal decides it.
    #[error("{name} does not sit on the panel of appeal {appeal}")]
    NotOnPanel {
        /// The appeal.
        appeal: AppealId,
        /// The signer.
        name: String,
    },
    /// Fewer than three signed without the committee having been unable to meet.
    #[error(
        "appeal {appeal}: {signed} signed; fewer than three only when the committee could not meet before the next round"
    )]
    TooFewSigners {
        /// The appeal.
        appeal: AppealId,
        /// How many signed.
        signed: usize,
    },
    /// The committee's decision on a pairing is final (RFG 26.4 г).
    #[error("appeal {0} is about a pairing: the committee's decision is final")]
    PairingDecisionFinal(AppealId),
    /// A rejected appeal changes nothing.
    #[error("appeal {0} is rejected, so its decision cannot change anything")]
    RemediesOnRejection(AppealId),
    /// Nobody arbitrates at two levels of one dispute (GTR "Arbitration > General").
    #[error("{name} already arbitrated appeal {appeal} at a lower level")]
    ArbiterAtTwoLevels {
        /// The appeal.
        appeal: AppealId,
        /// The arbiter.
        name: String,
    },
    /// The rules commission considers appeals after the tournament.
    #[error("appeal {0} goes to the rules commission after the tournament")]
    TournamentNotOver(AppealId),
    /// The committee has its fixed number of members.
    #[error("the appeals committee needs {needed} members, not {have}")]
    CommitteeSize {
        /// Members needed.
        needed: u32,
        /// Members named.
        have: u32,
    },
    /// The committee names enough reserves.
    #[error("the appeals committee needs at least {needed} reserves, not {have}")]
    TooFewReserves {
        /// Reserves needed.
        needed: u32,
        /// Reserves named.
        have: u32,
    },
    /// A person is named twice.
    #[error("{0} is named twice in the appeals committee")]
    DuplicateMember(String),
    /// The committee is fixed before round 1.
    #[error("the appeals committee is fixed before round 1 starts; co-opt a reserve instead")]
    CommitteeAfterRoundOne,
    /// The book names the player, so their registration stays (see [`Book::forget_player`]).
    #[error("player {0} is named in the referees' or the appeals committee's records")]
    PlayerInRecords(PlayerId),
    /// The book names a game of the round, so its pairing stays.
    #[error("round {0} has referees' records on its games")]
    RoundHasRecords(RoundNo),
    /// Premature passes reset the clocks under territory scoring with
    /// finite thinking time only (GTR "Finite thinking time under Territory Scoring").
    #[error(
        "premature passes set the clocks to one minute only under territory scoring with finite thinking time"
    )]
    NoFiniteTimeUnderTerritory,
    /// A later remedy for a disturbed position says why the earlier ones would not do (GTR: "in order").
    #[error("remedy {remedy} comes after the earlier ones: say why they would not do")]
    MissingJustification {
        /// The remedy's number, 2 to 5.
        remedy: u8,
    },
    /// A cut would leave a clock below the least time (RFG 24.7 б).
    #[error(
        "player {player}'s clock cannot be cut to {after_seconds} s: at least {least_seconds} s must remain"
    )]
    CutBelowLeast {
        /// Whose clock.
        player: PlayerId,
        /// The time the cut would leave, seconds.
        after_seconds: u32,
        /// The least time allowed, seconds.
        least_seconds: u32,
    },
    /// A sanction names an entry that records no violation.
    #[error("entry {0} records no violation")]
    NotAViolation(EntryId),
    /// A sanction names a violation at another game or by another player.
    #[error("violation {0} happened at another game or by another player")]
    ViolationElsewhere(EntryId),
    /// One violation, one sanction (Ukrainian rules IV.4).
    #[error("violation {violation} already has its sanction, entry {sanction}")]
    ViolationSanctioned {
        /// The violation.
        violation: EntryId,
        /// The sanction in force for it.
        sanction: EntryId,
    },
    /// While an appeal to the rules commission that affects titles or
    /// prizes is open, no winners are declared (GTR "EGF rules commission").
    #[error(
        "appeals {0:?} can change titles or prizes: no winners are declared until they are ruled"
    )]
    PrizeAppealsOpen(Vec<AppealId>),
    /// Too few members without a conflict; co-opt one (GTR) or adjourn.
    #[error(
        "only {available} of {needed} committee members are free to hear this appeal; co-opt a member"
    )]
    CommitteeShort {
        /// Members needed.
        needed: u32,
        /// Members free of conflict.
        available: u32,
    },
    /// The referees' log decides this board's result (a forfeit by
    /// sanction or warnings, an absence, a correction, an appeal): a plain
    /// entry would be overridden, so it is refused.
    #[error("the result on board {board} of round {round} follows the referees' log")]
    RuledByLog {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
    },
    /// A forfeit or an absence tapped on a board that already has a result
    /// replaces it: the referee confirms first, told what it would become.
    #[error(
        "board {board} of round {round} already has a result: confirm to replace it (it would become {})",
        crate::core::results::notation(becomes.0, becomes.1)
    )]
    AlreadyDecided {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
        /// The result the act would give the game.
        becomes: (
            crate::core::round::GameResult,
            crate::core::round::ResultOrigin,
        ),
    },
    /// An act is annulled once.
    #[error("entry {entry} was already annulled by entry {by}")]
    AlreadyAnnulled {
        /// The act.
        entry: EntryId,
        /// The annulment.
        by: EntryId,
    },
    /// An annulment is not annulled in turn: the act is logged again.
    #[error("entry {0} is an annulment: log the act again instead")]
    AnnulmentStands(EntryId),
    /// An appeal decision is overturned only on appeal (GTR "Arbitration").
    #[error("entry {0} is an appeal decision: only an appeal overturns it")]
    DecisionNotAnnulled(EntryId),
    /// A cancelled round or what was played is written on the games
    /// themselves, which an annulment could not give back.
    #[error("entry {0} changed the games themselves and cannot be annulled")]
    WrittenOnTheGames(EntryId),
    /// Only the act's author or the chief referee annuls it.
    #[error("entry {entry} was logged by {author}: only they or the chief referee annul it")]
    NotTheAuthor {
        /// The act.
        entry: EntryId,
        /// Who logged it.
        author: String,
    },
    /// Penalty points no rule gives: Ing overtime is 1 to 3 periods (GTR
    /// "Other overtime systems": a 4th is a loss on time), other points are
    /// more than none and at most a board's worth.
    #[error("a penalty is 1 to 3 Ing periods, or more than 0 and at most 100 points")]
    ImpossiblePenalty,
    /// A time change of no time: it changes nothing.
    #[error("a time change adds or takes away some time")]
    NoTimeChange,
    /// A rating reduction of no points: it changes nothing.
    #[error("a rating reduction takes away some points")]
    NoRatingReduction,
    /// A time change or a clock beyond a day: no game's clock holds it.
    #[error("{seconds} seconds is more than a day on a game's clock")]
    TimeOutOfRange {
        /// The seconds given.
        seconds: i64,
    },
}

/// The most a clock shows, or a time change moves it: a day.
pub const MAX_CLOCK_SECONDS: i64 = 24 * 60 * 60;

/// A referee's time change of `seconds`: some time, at most a day either way.
pub(crate) fn time_change(seconds: i64) -> Result<(), DisciplineError> {
    if seconds == 0 {
        return Err(DisciplineError::NoTimeChange);
    }
    within_a_day(seconds)
}

/// `seconds`, refused beyond [`MAX_CLOCK_SECONDS`] either way.
pub(crate) fn within_a_day(seconds: i64) -> Result<(), DisciplineError> {
    if seconds.abs() > MAX_CLOCK_SECONDS {
        return Err(DisciplineError::TimeOutOfRange { seconds });
    }
    Ok(())
}
