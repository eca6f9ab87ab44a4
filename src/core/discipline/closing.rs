//! The acts that close a tournament: a tournament supervisor verifies the
//! final result list (EGF GTR "Officials"), and the tournament director
//! declares the winners, which no open appeal to the rules commission that
//! affects titles or prizes may precede (GTR "EGF rules commission"); the
//! organiser records when the results went to the EGF ratings commission
//! (GTR "Guidelines of organization").
//!
//! Invariant: each act keeps a fingerprint of what it was done on, so a
//! correction or a ruling after it shows the act as outdated rather than
//! vouching for a list nobody verified.

use std::fmt::Write;

use serde::{Deserialize, Serialize};

use super::DisciplineError;
use super::appeal::is_over;
use super::book::Book;
use super::effective::Effective;
use super::log::{AppealId, Moment, Official};
use crate::core::prizes::{self, Prize};
use crate::core::standings::{Standings, standings};
use crate::core::{Tournament, results};

/// The closing acts, once done.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Closing {
    /// The supervisor's verification of the final result list.
    pub verified: Option<Signed>,
    /// The declaration of the winners: the prize list made final.
    pub declared: Option<Signed>,
    /// The results submitted to the EGF ratings commission.
    pub submitted: Option<Signed>,
    /// A supervisor's confirmation of the supergroup as formed (GTR
    /// "Officials": supergroups are confirmed by the supervisors).
    pub supergroup: Option<Signed>,
}

/// Who did an act, when, and on what.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signed {
    pub by: Official,
    pub at: Moment,
    /// The final list (for the winners, with the prizes) it was done on.
    pub fingerprint: String,
}

/// How the closing acts stand against the tournament as it is now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status<'a> {
    /// The tournament is over: the final result list exists.
    pub is_final: bool,
    /// The verification, and whether the list is still the one verified.
    pub verified: Option<(&'a Signed, bool)>,
    /// The declaration, and whether it still holds: the list and prizes
    /// are those declared, and no appeal that can change them is open.
    pub declared: Option<(&'a Signed, bool)>,
    /// Open appeals that can change titles or prizes: the declaration waits.
    pub holding: Vec<AppealId>,
    /// The submission to the EGF, and whether the list and the games are
    /// still those submitted (a later correction asks for the file again).
    pub submitted: Option<(&'a Signed, bool)>,
}

/// The final result list: the standings after the last round as sanctions
/// and appeal decisions leave them. `None` until the tournament is over,
/// every round paired and every game with a result: the end the GTR's
/// rules commission waits for ("after the end of the tournament").
pub fn final_list(effective: &Effective) -> Option<Standings> {
    if !is_over(&effective.tournament) {
        return None;
    }
    let t = effective.for_standings();
    let settings = t.settings();
    Some(standings(
        &t,
        settings.number_of_rounds,
        &settings.placement,
    ))
}

/// A list's fingerprint, with the prizes when given: FNV-1a (64 bits) of
/// the criteria and every player's number, place and values in order.
fn fingerprint(list: &Standings, prizes: Option<&[Prize]>) -> String {
    hash(&list_text(list, prizes))
}

/// The fingerprint of what the EGF file carries: the final list and every
/// game as played, its colours, handicap and result (GTR "Guidelines of
/// organization": the colours and handicap actually played).
fn submission_fingerprint(list: &Standings, played: &Tournament) -> String {
    let mut text = list_text(list, None);
    for g in played.games() {
        let _ = write!(
            text,
            "#{}.{}:{}-{}/{}/{}",
            g.round,
            g.board,
            g.white.0,
            g.black.0,
            g.handicap,
            results::game_notation(g)
        );
    }
    hash(&text)
}

/// FNV-1a (64 bits): Rust's own hasher may change between releases; a
/// stored value must not.
fn hash(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

fn list_text(list: &Standings, prizes: Option<&[Prize]>) -> String {
    let mut text = String::new();
    for criterion in &list.criteria {
        let _ = write!(text, "{},", criterion.name());
    }
    for row in &list.rows {
        let _ = write!(text, ";{}:{}", row.player.0, row.place);
        for value in &row.values {
            let _ = write!(text, ":{value}");
        }
    }
    for prize in prizes.unwrap_or_default() {
        let _ = write!(text, "|{}", prizes::line(prize));
    }
    text
}

/// The supergroup as formed: its members with their start scores, `None`
/// when it has none.
pub fn supergroup_fingerprint(t: &Tournament) -> Option<String> {
    let settings = t.settings();
    let mut text = String::new();
    for p in t.players() {
        if crate::core::supergroup::in_supergroup(settings, p) {
            let _ = write!(text, ";{}:{}:{}", p.id.0, p.rank, p.smms_correction);
        }
    }
    (!text.is_empty()).then(|| hash(&text))
}

impl Book {
    /// A supervisor confirms the supergroup as it is formed now; `None`
    /// when it has no member, `Some(false)` when it stands confirmed as is.
    pub fn confirm_supergroup(&mut self, t: &Tournament, at: Moment, by: Official) -> Option<bool> {
        let fingerprint = supergroup_fingerprint(t)?;
        Some(sign(&mut self.closing.supergroup, fingerprint, at, by))
    }

    /// The supergroup's confirmation, and whether it is still the group as
    /// formed now (a member added, removed or re-ranked outdates it).
    pub fn supergroup_confirmation(&self, t: &Tournament) -> Option<(&Signed, bool)> {
        let signed = self.closing.supergroup.as_ref()?;
        Some((
            signed,
            supergroup_fingerprint(t).as_ref() == Some(&signed.fingerprint),
        ))
    }

    /// The supervisor marks the final result list ([`final_list`])
    /// verified; `false` when it stands verified as it is.
    pub fn verify_final_list(&mut self, list: &Standings, at: Moment, by: Official) -> bool {
        sign(&mut self.closing.verified, fingerprint(list, None), at, by)
    }

    /// The organiser sent the final results, the games as `played`, to the
    /// EGF ratings commission; `false` when these stand submitted already.
    pub fn submit_results(
        &mut self,
        list: &Standings,
        played: &Tournament,
        at: Moment,
        by: Official,
    ) -> bool {
        let fingerprint = submission_fingerprint(list, played);
        sign(&mut self.closing.submitted, fingerprint, at, by)
    }

    /// The winners by the final result list and the prizes are declared:
    /// the prize list is final; `false` when they stand declared as they
    /// are. Refused while an appeal that can change titles or prizes is open.
    pub fn declare_winners(
        &mut self,
        list: &Standings,
        prizes: &[Prize],
        at: Moment,
        by: Official,
    ) -> Result<bool, DisciplineError> {
        let open = self.pending_prize_appeals();
        if !open.is_empty() {
            return Err(DisciplineError::PrizeAppealsOpen(open));
        }
        Ok(sign(
            &mut self.closing.declared,
            fingerprint(list, Some(prizes)),
            at,
            by,
        ))
    }

    /// The closing acts against the tournament as `effective` has it.
    pub fn closing_status(&self, effective: &Effective) -> Status<'_> {
        let list = final_list(effective);
        let now = |prizes: Option<&[Prize]>| list.as_ref().map(|l| fingerprint(l, prizes));
        let (list_now, winners_now) = (
            now(None),
            now(Some(&effective.tournament.settings().prizes)),
        );
        let holding = self.pending_prize_appeals();
        let declared = holds(self.closing.declared.as_ref(), winners_now.as_deref());
        Status {
            is_final: list.is_some(),
            verified: holds(self.closing.verified.as_ref(), list_now.as_deref()),
            submitted: holds(
                self.closing.submitted.as_ref(),
                list.as_ref()
                    .map(|l| submission_fingerprint(l, &effective.tournament))
                    .as_deref(),
            ),
            // An appeal opened after the declaration holds it back again.
            declared: declared.map(|(s, same)| (s, same && holding.is_empty())),
            holding,
        }
    }
}

/// An act, and whether what it was done on is still what `now` is.
fn holds<'a>(act: Option<&'a Signed>, now: Option<&str>) -> Option<(&'a Signed, bool)> {
    act.map(|s| (s, now == Some(s.fingerprint.as_str())))
}

/// Records an act unless the same list already carries it.
fn sign(act: &mut Option<Signed>, fingerprint: String, at: Moment, by: Official) -> bool {
    if act.as_ref().is_some_and(|s| s.fingerprint == fingerprint) {
        return false;
    }
    *act = Some(Signed {
        by,
        at,
        fingerprint,
    });
    true
}
