//! One command per user action, and the tournament state every rule of
//! those actions reads.
//!
//! [`State`] is the aggregate: the document (players, games, settings), the
//! discipline book, which rounds are published or locked, and the header
//! settings kept beside the document (time zone, registration, visibility,
//! the late-arrival forfeit). [`apply`] runs one [`Command`] on it: it checks
//! who may, enforces every rule of the action, and returns what changed or a
//! typed [`Refusal`]. Nothing here reads a clock or a database: the moment
//! and the actor come in a [`Context`], and `crate::desk` is the one door
//! that loads the state, applies, saves and audits in one transaction.

pub mod absence;
mod actor;
mod closing;
mod discipline;
mod duplicates;
mod header;
mod inclusive;
mod officials;
mod play_offs;
mod player_draft;
pub mod players;
mod refusal;
mod results;
mod rounds;
mod scope;
mod settings;
mod settings_change;
mod sides;
mod state;
mod teams;
pub mod text;
pub use text::{MAX_TEXT, cleaned, name};

use serde::Serialize;

use crate::core::access::Action;
use crate::core::audit::Event;
use crate::core::discipline::{Act, AppealId, Decision, Entry, Filing, Member, Reason};
use crate::core::{BoardNo, Game, PlayerId, RoundNo, Tournament};

pub use actor::{Actor, Context, Limits};
pub use duplicates::likely_duplicates;
pub use header::{Header, RoundMark, Rounds};
pub use players::{MAX_LENGTHS, PlayerDraft, overlong};
pub use refusal::{FieldProblem, Refusal, ResultProblem, Staleness};
pub use results::{ResultEntry, check_results};
pub use rounds::{next_round, split_round};
pub use scope::{Changes, Scope, staleness};
pub use settings::{check_settings, is_valid_short_name};
pub use settings_change::text_changes;
pub use sides::member_line;
pub use state::State;
pub use teams::TeamDraft;

/// One user action.
#[derive(Clone, Debug)]
pub enum Command {
    /// The organiser registers a player; `confirm_duplicate` says a likely
    /// duplicate is a different person.
    Register {
        draft: PlayerDraft,
        confirm_duplicate: bool,
    },
    /// A player registers themselves while registration is open.
    SelfRegister { draft: PlayerDraft },
    /// The organiser edits a player; `digest` is the player as the form
    /// was loaded ([`players::digest`]), `None` from programs that send the
    /// tournament version instead.
    EditPlayer {
        player: PlayerId,
        draft: PlayerDraft,
        digest: Option<String>,
    },
    /// The tournament back as a snapshot kept it at the publication of
    /// `round`: document, book, round marks and header (the audit log
    /// stays, and says so).
    Restore { snapshot: Box<State>, round: u32 },
    /// A preliminary registration becomes final.
    ConfirmPlayer { player: PlayerId },
    /// A registration is deleted (no games, nothing in the log).
    DeletePlayer { player: PlayerId },
    /// The player leaves from the next round to pair (a discipline-log act).
    WithdrawPlayer { player: PlayerId },
    /// Players read from a file, all or nothing.
    ImportPlayers { players: Vec<crate::core::Player> },
    /// Ratings (and ranks) refreshed from a rating list before round 1.
    RefreshRatings {
        updates: crate::core::tournament::ratings::RatingUpdates,
    },
    /// The settings: the document's and the header's.
    ChangeSettings {
        settings: Box<crate::core::Settings>,
        header: Header,
        /// The rule text the referees follow; `None` keeps it.
        discipline: Option<Box<crate::core::discipline::DisciplineSettings>>,
    },
    /// A computed pairing of the next round is recorded.
    Pair {
        round: RoundNo,
        games: Vec<Game>,
        bye: Option<PlayerId>,
    },
    /// The organiser changes a paired round by hand.
    AdjustPairing {
        round: RoundNo,
        edit: crate::core::pairing::manual::Edit,
    },
    /// Players may see the round.
    Publish { round: RoundNo },
    /// The referee confirms every result of the round and locks it.
    Lock { round: RoundNo },
    /// The round's pairing is undone while no result is in.
    Unpair { round: RoundNo },
    /// The organiser sets (or clears) a round's official start.
    ScheduleRound {
        round: RoundNo,
        start: Option<crate::core::schedule::Start>,
    },
    /// The chief referee cancels the last paired round, results and all,
    /// with a reason (Ukrainian rules V.3).
    CancelRound { round: RoundNo, reason: Reason },
    /// The doctor clears a player, or takes the clearance back (V.7).
    SetMedical { player: PlayerId, cleared: bool },
    /// A play-off game between tied players, after the rounds (III.3.5).
    RecordPlayOff {
        game: crate::core::tournament::PlayOff,
    },
    /// Results typed on the results page or sent by a program.
    EnterResults {
        round: RoundNo,
        entries: Vec<ResultEntry>,
        /// Replace known results the person did not see.
        replace: bool,
    },
    /// A referee's act (a sanction, an absence, a correction…); `replace`: a
    /// forfeit or an absence may replace the board's result (asked first).
    LogAct { act: Act, replace: bool },
    /// The appeals committee is fixed before round 1.
    FixCommittee {
        members: Vec<Member>,
        reserves: Vec<Member>,
    },
    /// Reserves join the committee.
    CoOpt { members: Vec<Member> },
    /// An appeal is filed, by the organiser for a player or by the player.
    FileAppeal { filing: Filing },
    /// The committee takes an appeal up.
    TakeUpAppeal { appeal: AppealId },
    /// The committee decides.
    DecideAppeal {
        appeal: AppealId,
        decision: Decision,
    },
    /// A decided appeal goes to the federation's rules commission.
    EscalateAppeal { appeal: AppealId },
    /// The rules commission's ruling.
    RuleOnAppeal { appeal: AppealId, ruling: Decision },
    /// The organiser registers a team of registered players.
    RegisterTeam { draft: TeamDraft },
    /// The organiser changes a team's name, members, reserves or captain.
    EditTeam { team: u32, draft: TeamDraft },
    /// A team that has played no paired round is deleted.
    DeleteTeam { team: u32 },
    /// A round's line-up, from the organiser or the team's captain
    /// (RFG App. 4 §1.2), board 1 first; `None` leaves a board empty,
    /// which the line-up rules refuse with their article.
    SubmitLineUp {
        team: u32,
        round: RoundNo,
        boards: Vec<Option<PlayerId>>,
    },
    /// A tournament supervisor marks the final result list verified (EGF
    /// GTR "Officials").
    VerifyStandings,
    /// A tournament supervisor confirms the supergroup as formed (GTR).
    ConfirmSupergroup,
    /// The tournament director declares the winners: the prize list is
    /// final (GTR "EGF rules commission": not while an appeal that affects
    /// titles or prizes is open).
    DeclareWinners,
    /// The organiser records that the results went to the EGF ratings
    /// commission (GTR "Guidelines of organization").
    SubmitResults,
}

/// What a command did, for the page, the audit log and the API.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// What the audit log records.
    pub event: Event,
    pub before: Option<serde_json::Value>,
    pub after: Option<serde_json::Value>,
    pub done: Done,
}

/// The thing a command made or changed, for the answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Done {
    Player {
        id: PlayerId,
        name: String,
    },
    Round(RoundNo),
    Results(Vec<BoardNo>),
    Entry(Box<Entry>),
    Entries(usize),
    Appeal(AppealId),
    Team {
        number: u32,
        name: String,
    },
    Settings,
    /// The final list verified, or the winners declared.
    Closing,
    Players(usize),
    /// Nothing changed (results typed as they stood): nothing is saved.
    Nothing,
}

impl Command {
    /// The permission the command needs from staff; `None` for the
    /// commands anyone may try (self-registration, a player's own appeal).
    pub fn action(&self) -> Option<Action> {
        use Command::*;
        Some(match self {
            Register { .. }
            | EditPlayer { .. }
            | ConfirmPlayer { .. }
            | DeletePlayer { .. }
            | WithdrawPlayer { .. }
            | ImportPlayers { .. }
            | RefreshRatings { .. }
            | RegisterTeam { .. }
            | EditTeam { .. }
            | DeleteTeam { .. } => Action::ManagePlayers,
            // The captain submits through their link as well as the staff.
            SelfRegister { .. } | SubmitLineUp { .. } => return None,
            ChangeSettings { .. }
            | FixCommittee { .. }
            | CoOpt { .. }
            | Restore { .. }
            | ScheduleRound { .. }
            | SubmitResults => Action::EditSettings,
            Pair { .. } | AdjustPairing { .. } | Publish { .. } | Lock { .. } | Unpair { .. } => {
                Action::EditPairings
            }
            EnterResults { .. } | RecordPlayOff { .. } => Action::EnterResults,
            CancelRound { .. } => Action::CancelRound,
            SetMedical { .. } => Action::SetMedical,
            LogAct { .. } => Action::LogSanction,
            FileAppeal { .. } => return None,
            TakeUpAppeal { .. } | DecideAppeal { .. } => Action::DecideAppeal,
            // The organiser refers a decision to the federation and records
            // its commission's ruling.
            EscalateAppeal { .. } | RuleOnAppeal { .. } => Action::EditSettings,
            VerifyStandings => Action::VerifyStandings,
            ConfirmSupergroup => Action::ConfirmSupergroup,
            DeclareWinners => Action::DeclareWinners,
        })
    }

    /// What the command touches: a write based on an older version is
    /// refused only when something overlapping changed since.
    /// How many players the command registers: known before it runs, so a
    /// tournament's limit is checked before any work.
    pub fn adds_players(&self) -> usize {
        match self {
            Command::Register { .. } | Command::SelfRegister { .. } => 1,
            Command::ImportPlayers { players } => players.len(),
            _ => 0,
        }
    }

    pub fn scope(&self) -> Scope {
        use Command::*;
        match self {
            Register { .. }
            | SelfRegister { .. }
            | ImportPlayers { .. }
            | RegisterTeam { .. }
            | EditTeam { .. }
            | DeleteTeam { .. } => Scope::Players,
            SubmitLineUp { round, .. } => Scope::Round(*round),
            EditPlayer { player, .. }
            | ConfirmPlayer { player }
            | DeletePlayer { player }
            | WithdrawPlayer { player } => Scope::Player(*player),
            RefreshRatings { .. }
            | ChangeSettings { .. }
            | Pair { .. }
            | Restore { .. }
            | CancelRound { .. }
            | RecordPlayOff { .. } => Scope::Tournament,
            // Done on every result and setting as the person saw them.
            VerifyStandings | DeclareWinners | SubmitResults | ConfirmSupergroup => {
                Scope::Tournament
            }
            SetMedical { player, .. } => Scope::Player(*player),
            AdjustPairing { round, .. }
            | Publish { round }
            | Lock { round }
            | Unpair { round }
            | ScheduleRound { round, .. } => Scope::Round(*round),
            EnterResults { round, entries, .. } => match entries.as_slice() {
                [one] => Scope::Board(*round, one.board),
                _ => Scope::Round(*round),
            },
            LogAct { .. } | FixCommittee { .. } | CoOpt { .. } => Scope::Discipline,
            FileAppeal { .. } => Scope::Discipline,
            TakeUpAppeal { appeal }
            | DecideAppeal { appeal, .. }
            | EscalateAppeal { appeal }
            | RuleOnAppeal { appeal, .. } => Scope::Appeal(*appeal),
        }
    }
}

/// Runs one command on the state: every rule of the action, or a refusal
/// that leaves `state` as it was.
pub fn apply(state: &mut State, command: Command, cx: &Context) -> Result<Outcome, Refusal> {
    let (next, outcome) = apply_to(state, command, cx)?;
    *state = next;
    Ok(outcome)
}

/// [`apply`] to a state kept by the caller (the door's copy of the stored
/// one): the state after the command, and what it did.
pub fn apply_to(
    state: &State,
    command: Command,
    cx: &Context,
) -> Result<(State, Outcome), Refusal> {
    let ruleset = state.book.settings.ruleset;
    if let Some(action) = command.action()
        && !cx.actor.may_under(action, ruleset)
    {
        return Err(Refusal::Forbidden);
    }
    // Sanctions and rulings at the board are a referee's, besides being
    // logged (EGF GTR "Sanctions", "Timing error"); the Ukrainian rules keep
    // penalties to the chief referee (V.3).
    let needs = match &command {
        Command::LogAct { act, .. } if act.is_sanction() => Some(Action::Penalise),
        Command::LogAct { act, .. } if act.is_ruling() => Some(Action::Rule),
        _ if discipline::settles_a_disputed_count(state, &command) => Some(Action::SettleCount),
        _ => None,
    };
    if let Some(action) = needs
        && !cx.actor.may_under(action, ruleset)
    {
        return Err(Refusal::Forbidden);
    }
    let mut next = state.clone();
    let outcome = run(&mut next, command, cx)?;
    text::check(state, &next)?;
    // Whatever the change, the book must still name only what the tournament
    // has: otherwise no page of the tournament could be read afterwards.
    next.book.check_references(&next.doc)?;
    Ok((next, outcome))
}

fn run(state: &mut State, command: Command, cx: &Context) -> Result<Outcome, Refusal> {
    use Command::*;
    match command {
        Register {
            draft,
            confirm_duplicate,
        } => players::register(state, draft, confirm_duplicate),
        SelfRegister { draft } => players::self_register(state, draft),
        EditPlayer {
            player,
            draft,
            digest,
        } => players::edit(state, player, draft, digest),
        ConfirmPlayer { player } => players::confirm(state, player),
        DeletePlayer { player } => players::delete(state, player),
        WithdrawPlayer { player } => discipline::withdraw(state, player, cx),
        ImportPlayers { players } => players::import(state, players),
        Restore { snapshot, round } => settings_change::restore(state, *snapshot, round),
        RefreshRatings { updates } => players::refresh_ratings(state, updates),
        ChangeSettings {
            settings,
            header,
            discipline,
        } => settings_change::change(state, *settings, header, discipline.map(|d| *d)),
        Pair { round, games, bye } => rounds::pair(state, round, games, bye),
        AdjustPairing { round, edit } => rounds::adjust(state, round, edit),
        Publish { round } => rounds::publish(state, round, cx),
        Lock { round } => rounds::lock(state, round, cx),
        Unpair { round } => rounds::unpair(state, round),
        ScheduleRound { round, start } => rounds::schedule(state, round, start),
        CancelRound { round, reason } => officials::cancel_round(state, round, reason, cx),
        SetMedical { player, cleared } => officials::set_medical(state, player, cleared),
        RecordPlayOff { game } => play_offs::record(state, game),
        EnterResults {
            round,
            entries,
            replace,
        } => results::enter(state, round, entries, replace),
        LogAct { act, replace } => discipline::log_act(state, act, replace, cx),
        FixCommittee { members, reserves } => discipline::fix_committee(state, members, reserves),
        CoOpt { members } => discipline::co_opt(state, members),
        FileAppeal { filing } => discipline::file(state, filing, cx),
        TakeUpAppeal { appeal } => discipline::take_up(state, appeal, cx),
        DecideAppeal { appeal, decision } => discipline::decide(state, appeal, decision, cx),
        EscalateAppeal { appeal } => discipline::escalate(state, appeal, cx),
        RuleOnAppeal { appeal, ruling } => discipline::rule(state, appeal, ruling, cx),
        RegisterTeam { draft } => teams::register(state, draft),
        EditTeam { team, draft } => teams::edit(state, team, draft),
        DeleteTeam { team } => teams::delete(state, team),
        SubmitLineUp {
            team,
            round,
            boards,
        } => teams::submit_line_up(state, team, round, boards, cx),
        VerifyStandings => closing::close(state, closing::Act::Verify, cx),
        DeclareWinners => closing::close(state, closing::Act::Declare, cx),
        SubmitResults => closing::close(state, closing::Act::Submit, cx),
        ConfirmSupergroup => closing::confirm_supergroup(state, cx),
    }
}

/// A value for the audit log.
fn json<T: Serialize>(value: &T) -> Option<serde_json::Value> {
    serde_json::to_value(value).ok()
}

/// The games of one round, as the audit log shows them.
fn round_json(t: &Tournament, round: RoundNo) -> Option<serde_json::Value> {
    json(
        &t.games()
            .iter()
            .filter(|g| g.round == round)
            .collect::<Vec<_>>(),
    )
}

#[cfg(test)]
mod colour_error_tests;
#[cfg(test)]
mod log_effect_tests;
#[cfg(test)]
mod result_method_tests;
#[cfg(test)]
mod round_one_tests;
#[cfg(test)]
mod settings_tests;
#[cfg(test)]
mod side_tests;
#[cfg(test)]
mod supergroup_tests;
#[cfg(test)]
mod team_play_tests;
#[cfg(test)]
mod team_tests;
#[cfg(test)]
mod tests;
