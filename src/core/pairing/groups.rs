//! Score groups before a round, as OpenGotha's `fillPairingInfo` builds them:
//! every player of the tournament (not only those to pair) is placed in a group
//! by category then main score, ordered inside it, and counted for draw-ups/downs.
//!
//! Invariant: group numbers run over every (category, score) slot of the
//! possible score range, empty ones included (OpenGotha 3.49.01), so the
//! number of groups depends on the settings and the round, not on the field.

use super::weights::GroupSeat;
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::settings::Settings;
use crate::core::standings::{Criterion, ScoreSheet, ranking};
use crate::core::tournament::Tournament;
use std::collections::HashMap;

/// OpenGotha's `PLA_SMMS_CORR_MIN` / `MAX`: the range of start-MMS corrections.
const SMMS_CORRECTION_MIN: i32 = -1;
const SMMS_CORRECTION_MAX: i32 = 2;

/// The score that makes the groups: the first of NBW, MMS and CPS among the
/// placement criteria (OpenGotha `mainCriterion`, NBW when none is there).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MainScore {
    /// Number of wins.
    Nbw,
    /// McMahon score.
    Mms,
    /// Cup score.
    Cps,
}

impl MainScore {
    /// The main score of a tournament with these settings.
    pub fn of(settings: &Settings) -> MainScore {
        settings
            .placement
            .iter()
            .find_map(|c| match c {
                Criterion::Nbw => Some(MainScore::Nbw),
                Criterion::Mms => Some(MainScore::Mms),
                Criterion::Cps => Some(MainScore::Cps),
                _ => None,
            })
            .unwrap_or(MainScore::Nbw)
    }

    /// The score in half points after `rounds_done` rounds (0: before round 1).
    pub fn halves(self, sheet: &ScoreSheet, player: PlayerId, rounds_done: usize) -> i32 {
        let after = |k: usize| {
            let h = sheet.history(player).and_then(|h| h.get(k)).copied();
            match (self, h) {
                (MainScore::Nbw, Some(s)) => s.nbw.halves(),
                (MainScore::Mms, Some(s)) => s.mms.halves(),
                (MainScore::Cps, Some(s)) => s.cps.halves(),
                (MainScore::Mms, None) => sheet.start_mms(player).map_or(0, |s| s.halves()),
                (_, None) => 0,
            }
        };
        if rounds_done == 0 {
            after(usize::MAX)
        } else {
            after(rounds_done - 1)
        }
    }

    /// The lowest and highest whole scores a player can have before round
    /// `round`, as OpenGotha's `fillPairingInfo` bounds them.
    fn range(self, settings: &Settings, round: RoundNo) -> (i32, i32) {
        let r0 = round.index() as i32;
        match self {
            MainScore::Mms => {
                let zero = crate::core::rank::Rank::OPENGOTHA_MIN;
                let mm = &settings.mcmahon;
                (
                    mm.floor.opengotha_value() + SMMS_CORRECTION_MIN - zero,
                    mm.bar.opengotha_value() + SMMS_CORRECTION_MAX + r0 - zero,
                )
            }
            MainScore::Nbw => (0, r0),
            MainScore::Cps => (0, 1i32.checked_shl(r0 as u32).unwrap_or(i32::MAX)),
        }
    }

    /// The scores `makeAutomaticPairing` walks down when it cuts a large
    /// field into parts: those of [`MainScore::range`], except that under the
    /// cup score it keeps its defaults, 0 to the number of rounds played
    /// (OpenGotha 3.51 widens the range for CPS in `fillPairingInfo` only).
    pub(super) fn walked_range(self, settings: &Settings, round: RoundNo) -> (i32, i32) {
        match self {
            MainScore::Cps => (0, round.index() as i32),
            MainScore::Nbw | MainScore::Mms => self.range(settings, round),
        }
    }
}

/// Every player's seat among the score groups before a round.
#[derive(Debug, Clone)]
pub struct Groups {
    /// Number of groups (OpenGotha `numberOfGroups`), the score-difference range.
    pub count: i64,
    seats: HashMap<PlayerId, GroupSeat>,
}

impl Groups {
    /// The seat of `player`; a player outside the tournament sits alone in group 0.
    pub fn seat(&self, player: PlayerId) -> GroupSeat {
        self.seats.get(&player).copied().unwrap_or(GroupSeat {
            size: 1,
            ..GroupSeat::default()
        })
    }
}

/// The score groups before `round`, from `sheet` (scores after the rounds before it).
pub fn groups(tournament: &Tournament, sheet: &ScoreSheet, round: RoundNo) -> Groups {
    let settings = tournament.settings();
    let main = MainScore::of(settings);
    let done = round.index();
    let (min, max) = main.range(settings, round);
    // A floor set above the bar would make an empty range.
    let max = max.max(min);
    let span = i64::from(max - min + 1);
    let categories = settings.number_of_categories() as i64;
    // Inside a group: placement criteria, then the additional criterion of
    // the seeding system in force, then name (ScoredPlayerComparator).
    let pairing = &settings.pairing;
    let additional = if round.get() <= pairing.last_round_for_seed_system1 {
        pairing.additional_placement_criterion_system1
    } else {
        pairing.additional_placement_criterion_system2
    };
    let mut criteria = settings.placement.clone();
    criteria.extend(additional);
    let order = all_players_in_order(tournament, done, &criteria);

    let mut seats: HashMap<PlayerId, GroupSeat> = HashMap::with_capacity(order.len());
    let mut members: HashMap<i64, Vec<PlayerId>> = HashMap::new();
    for &id in &order {
        let Some(player) = tournament.player(id) else {
            continue;
        };
        // A start-MMS correction outside OpenGotha's −1..2 can leave the range;
        // such a player joins the nearest end group.
        let score = main.halves(sheet, id, done) / 2;
        let category = settings.category_of(player.rank) as i64;
        let group = category * span + i64::from(max - score.clamp(min, max));
        members.entry(group).or_default().push(id);
    }
    for (group, ids) in &members {
        for (placement, id) in ids.iter().enumerate() {
            let seat = GroupSeat {
                group: *group,
                size: ids.len() as i64,
                placement: placement as i64,
                draw_ups: 0,
                draw_downs: 0,
            };
            seats.insert(*id, seat);
        }
    }
    count_draws(tournament, sheet, main, round, &mut seats);
    Groups {
        count: categories * span,
        seats,
    }
}

/// Every player of the tournament ordered by `criteria` after `done` rounds,
/// then by name: OpenGotha ranks all players, not only those shown.
pub fn all_players_in_order(
    tournament: &Tournament,
    done: usize,
    criteria: &[Criterion],
) -> Vec<PlayerId> {
    let everyone: Vec<PlayerId> = tournament.players().iter().map(|p| p.id).collect();
    ranking(tournament, done as u32, criteria, &everyone)
        .rows
        .iter()
        .map(|r| r.player)
        .collect()
}

/// Draw-ups and draw-downs: earlier games against a player whose main score
/// was higher (lower) before that round.
fn count_draws(
    tournament: &Tournament,
    sheet: &ScoreSheet,
    main: MainScore,
    round: RoundNo,
    seats: &mut HashMap<PlayerId, GroupSeat>,
) {
    for game in tournament.games().iter().filter(|g| g.round < round) {
        let before = game.round.index();
        let white = main.halves(sheet, game.white, before) / 2;
        let black = main.halves(sheet, game.black, before) / 2;
        for (me, mine, theirs) in [(game.white, white, black), (game.black, black, white)] {
            if let Some(seat) = seats.get_mut(&me) {
                seat.draw_ups += i64::from(mine < theirs);
                seat.draw_downs += i64::from(mine > theirs);
            }
        }
    }
}
