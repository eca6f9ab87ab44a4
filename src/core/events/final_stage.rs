//! The transition from qualifying groups to the final stage: one organiser
//! action that reads each group's final standings, takes its top k and
//! makes the final's tournament, its players seeded by [`super::stages::final_seeding`]
//! through their draw numbers (the knockout bracket and the round-robin
//! table both pair on them, `pairing::numbers`).
//!
//! Each group is a tournament of its own, as it is in OpenGotha; a player
//! who played in two groups is listed twice and refused.

use super::stages::{FinalFormat, StageProblem, StageRules};
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::pairing::{PairingError, pair_round};
use crate::core::player::{Participation, Player, Registration};
use crate::core::round::GameResult;
use crate::core::settings::{Settings, System};
use crate::core::standings::standings;
use crate::core::tournament::Tournament;

/// The rounds a final of `players` needs: a knockout's until one is left,
/// a round robin's until everyone has met everyone.
pub fn final_rounds(format: FinalFormat, players: usize) -> u32 {
    match format {
        FinalFormat::Knockout => players.max(2).next_power_of_two().trailing_zeros(),
        FinalFormat::RoundRobin => (players + players % 2).saturating_sub(1) as u32,
    }
}

/// A tournament's players in its order after `rounds` rounds, those
/// sharing a place together, by its own placement criteria.
pub fn final_places(t: &Tournament, rounds: u32) -> Vec<Vec<PlayerId>> {
    let mut places: Vec<Vec<PlayerId>> = Vec::new();
    let mut last_place = None;
    for row in standings(t, rounds, &t.settings().placement).rows {
        match places.last_mut() {
            Some(shared) if last_place == Some(row.place) => shared.push(row.player),
            _ => places.push(vec![row.player]),
        }
        last_place = Some(row.place);
    }
    places
}

/// A group's players in its final order: after its last round with a game.
fn final_order(group: &Tournament) -> Vec<PlayerId> {
    let rounds = group.last_round_with_game().map_or(0, |r| r.get());
    final_places(group, rounds).into_iter().flatten().collect()
}

/// Whether a group is over: every game has its result, and its last round
/// is played (a knockout: its bracket is decided).
pub fn is_finished(group: &Tournament) -> bool {
    if group
        .games()
        .iter()
        .any(|g| g.result == GameResult::Unknown)
    {
        return false;
    }
    let Some(last) = group.last_round_with_game() else {
        return false;
    };
    if group.settings().system == System::Knockout {
        let next = RoundNo::from_index(last.index() + 1);
        return pair_round(group, next) == Err(PairingError::KnockoutFinished);
    }
    last.get() >= group.settings().number_of_rounds
}

/// Whether two entries of different tournaments are one person: the same
/// EGF PIN, or with none, the same name and first name.
pub fn same_person(a: &Player, b: &Player) -> bool {
    if !a.egf_pin.is_empty() && !b.egf_pin.is_empty() {
        return a.egf_pin == b.egf_pin;
    }
    a.name.trim().eq_ignore_ascii_case(b.name.trim())
        && a.first_name
            .trim()
            .eq_ignore_ascii_case(b.first_name.trim())
}

/// The final's tournament with `settings` (its name and dates as the
/// organiser gave them; the system and rounds are set here), holding the top
/// `rules.qualifiers_per_group` of each of `groups`. A group still being
/// played is refused unless the organiser takes it as it stands
/// (`unfinished`): its order may yet change. The groups' entries must be of
/// one kind, all single players or all pair go (or rengo) sides.
pub fn final_stage(
    groups: &[&Tournament],
    rules: &StageRules,
    mut settings: Settings,
    unfinished: bool,
) -> Result<Tournament, StageProblem> {
    if groups
        .windows(2)
        .any(|w| w[0].settings().sides != w[1].settings().sides)
    {
        return Err(StageProblem::MixedEntries);
    }
    if let Some(i) = groups.iter().position(|g| !unfinished && !is_finished(g)) {
        return Err(StageProblem::GroupUnfinished { group: i + 1 });
    }
    // One id per entry over all the groups, so the seeding sees a player
    // listed in two groups as one.
    let mut entries: Vec<&Player> = Vec::new();
    let mut orders: Vec<Vec<PlayerId>> = Vec::new();
    for group in groups {
        let mut order = Vec::new();
        for id in final_order(group) {
            let Some(player) = group.player(id) else {
                continue;
            };
            let index = match entries.iter().position(|e| same_person(e, player)) {
                Some(i) => i,
                None => {
                    entries.push(player);
                    entries.len() - 1
                }
            };
            order.push(PlayerId(index as u32 + 1));
        }
        orders.push(order);
    }
    let seeds = rules.qualifiers(&orders)?;
    settings.system = match rules.final_format {
        FinalFormat::Knockout => System::Knockout,
        FinalFormat::RoundRobin => System::RoundRobin,
    };
    settings.number_of_rounds = final_rounds(rules.final_format, seeds.len());
    // The final's meetings are single games whatever the groups played.
    settings.best_of = 1;
    let mut t = Tournament::new(settings);
    for (seed, id) in seeds.iter().enumerate() {
        let mut player = entries[id.0 as usize - 1].clone();
        player.participation = Participation::ALL;
        player.registration = Registration::Final;
        player.draw_number = Some(seed as u32 + 1);
        player.smms_correction = 0;
        t.register(player);
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::events::stages::GroupFormat;
    use crate::core::ids::{BoardNo, RoundNo};
    use crate::core::rank::Rank;
    use crate::core::round::{Game, GameResult, ResultOrigin};
    use crate::core::units::HalfPoints;

    /// A round-robin group of `names`, where the earlier name always wins.
    fn group(names: &[&str]) -> Tournament {
        let settings = Settings {
            system: System::RoundRobin,
            // Every game is recorded in round 1: the group is over after it.
            number_of_rounds: 1,
            ..Settings::default()
        };
        let mut t = Tournament::new(settings);
        let ids: Vec<_> = names
            .iter()
            .map(|n| t.register(Player::new(PlayerId(0), n, "", Rank::Kyu(5))))
            .collect();
        let mut board = 0;
        for (i, &a) in ids.iter().enumerate() {
            for &b in &ids[i + 1..] {
                board += 1;
                t.add_game(Game {
                    round: RoundNo::FIRST,
                    board: BoardNo::from_index(board - 1),
                    white: a,
                    black: b,
                    handicap: 0,
                    komi: HalfPoints::ZERO,
                    result: GameResult::WhiteWins,
                    origin: ResultOrigin::Played,
                    colours_known: true,
                    method: None,
                })
                .ok();
            }
        }
        t
    }

    fn rules(k: usize, final_format: FinalFormat) -> StageRules {
        StageRules {
            groups: 2,
            qualifiers_per_group: k,
            group_format: GroupFormat::RoundRobin,
            final_format,
        }
    }

    #[test]
    fn the_top_two_of_two_groups_make_a_seeded_knockout_where_group_mates_meet_only_in_the_final() {
        let (a, b) = (group(&["A1", "A2", "A3"]), group(&["B1", "B2", "B3"]));
        let final_ = final_stage(
            &[&a, &b],
            &rules(2, FinalFormat::Knockout),
            Settings::default(),
            false,
        )
        .unwrap();
        let seeded: Vec<_> = final_
            .players()
            .iter()
            .map(|p| (p.draw_number.unwrap(), p.name.as_str()))
            .collect();
        // Round 1 is 1–4 and 2–3: A1 and A2, B1 and B2 are in opposite halves.
        assert_eq!(seeded, [(1, "A1"), (2, "B1"), (3, "A2"), (4, "B2")]);
        assert_eq!(final_.settings().system, System::Knockout);
        assert_eq!(final_.settings().number_of_rounds, 2);
    }

    #[test]
    fn a_player_in_two_groups_is_refused() {
        let (a, b) = (group(&["A1", "Same"]), group(&["Same", "B2"]));
        let refused = final_stage(
            &[&a, &b],
            &rules(1, FinalFormat::RoundRobin),
            Settings::default(),
            false,
        );
        assert!(matches!(refused, Err(StageProblem::PlayerListedTwice(_))));
    }

    #[test]
    fn a_group_still_being_played_is_taken_only_when_asked() {
        let (a, mut b) = (group(&["A1", "A2", "A3"]), group(&["B1", "B2", "B3"]));
        let mut settings = b.settings().clone();
        settings.number_of_rounds = 3;
        b.set_settings(settings);
        let rules = rules(1, FinalFormat::Knockout);
        let refused = final_stage(&[&a, &b], &rules, Settings::default(), false);
        assert_eq!(
            refused.unwrap_err(),
            StageProblem::GroupUnfinished { group: 2 }
        );
        assert!(final_stage(&[&a, &b], &rules, Settings::default(), true).is_ok());
    }

    #[test]
    fn pair_go_sides_and_single_players_make_no_final_together() {
        let (a, mut b) = (group(&["A1", "A2"]), group(&["B1", "B2"]));
        let mut settings = b.settings().clone();
        settings.sides = crate::core::settings::Sides::PairGo;
        b.set_settings(settings);
        let refused = final_stage(
            &[&a, &b],
            &rules(1, FinalFormat::Knockout),
            Settings::default(),
            true,
        );
        assert_eq!(refused.unwrap_err(), StageProblem::MixedEntries);
    }

    #[test]
    fn a_round_robin_final_of_five_plays_five_rounds_and_of_four_three() {
        assert_eq!(final_rounds(FinalFormat::RoundRobin, 5), 5);
        assert_eq!(final_rounds(FinalFormat::RoundRobin, 4), 3);
        assert_eq!(final_rounds(FinalFormat::Knockout, 5), 3);
    }
}
