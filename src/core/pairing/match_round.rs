//! A match-tournament: a round robin whose every meeting is a match of
//! best-of-N games (RFG code App. 7 §5; Ukrainian rules II.1–2). Two players
//! make a plain match.
//!
//! A meeting takes up to N rounds. Colours swap every game, the
//! round-robin table's Black taking Black in the meeting's first game, and a
//! match ends as soon as it is decided: its players rest while the meeting's
//! other matches go on, and the next meeting begins once all are decided.
//! A bye of the table is recorded in the meeting's first round only.

use super::colours::even_games;
use super::round_robin::{round_count, round_robin_round};
use super::series::{Series, SeriesRules, SeriesState};
use super::{PairingError, RoundPairing};
use crate::core::Tournament;
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::round::GameResult;

/// The match between `black` (Black in its first game) and `white` in the
/// meeting starting at `first`, with the games played before `round`.
pub fn series_before(
    t: &Tournament,
    (black, white): (PlayerId, PlayerId),
    first: RoundNo,
    round: RoundNo,
) -> Result<Series, PairingError> {
    let rules = SeriesRules {
        best_of: t.settings().best_of,
        jigo: t.settings().match_jigo,
    };
    let mut series =
        Series::new((black, white), rules, black).map_err(|_| PairingError::NoValidPairing)?;
    for r in (first.get()..round.get()).filter_map(RoundNo::new) {
        let game = t
            .games()
            .iter()
            .find(|g| g.round == r && g.colour_of(black).is_some() && g.colour_of(white).is_some());
        let Some(game) = game else {
            // Decided before this round: no later game was paired.
            break;
        };
        if game.result == GameResult::Unknown {
            return Err(PairingError::ResultsMissing(r));
        }
        let _ = series.record(game.result);
    }
    Ok(series)
}

/// The round-robin meetings and the cycles their table needs.
fn layout(t: &Tournament, players: usize) -> (usize, usize) {
    let n = t.settings().best_of.max(1) as usize;
    let meetings = (t.settings().number_of_rounds as usize).div_ceil(n);
    let per_cycle = round_count(players, 1).max(1);
    (meetings, meetings.div_ceil(per_cycle).max(1))
}

/// A meeting's matches, each Black first as the table gives it, and its bye.
type Meeting = (Vec<(PlayerId, PlayerId)>, Option<PlayerId>);

/// The pairs of meeting `meeting`.
fn meeting_pairs(
    players: &[&crate::core::Player],
    meeting: usize,
    cycles: usize,
) -> Result<Meeting, PairingError> {
    let table = round_robin_round(players.len(), meeting, cycles)?;
    let pairs = table
        .games
        .iter()
        .map(|g| (players[g.black].id, players[g.white].id))
        .collect();
    Ok((pairs, table.bye.map(|k| players[k].id)))
}

/// Each meeting begun by round `round`, with its first round. A meeting
/// lasts until its every match is decided, at most N rounds: the next
/// begins in the round after, so no round is left without games.
fn meetings_until(
    t: &Tournament,
    players: &[&crate::core::Player],
    round: RoundNo,
) -> Result<Vec<(usize, RoundNo)>, PairingError> {
    let (meetings, cycles) = layout(t, players.len());
    let mut begun = vec![(1, RoundNo::FIRST)];
    for r in (2..=round.get()).filter_map(RoundNo::new) {
        let (meeting, first) = begun[begun.len() - 1];
        let (pairs, _) = meeting_pairs(players, meeting, cycles)?;
        let mut open = false;
        for pair in pairs {
            let series = series_before(t, pair, first, r)?;
            open |= matches!(series.state(), SeriesState::Continue { .. });
        }
        if !open {
            if meeting == meetings {
                return Err(PairingError::MatchesFinished);
            }
            begun.push((meeting + 1, r));
        }
    }
    Ok(begun)
}

/// Round `round` of the match-tournament `t`: the players registered as
/// final, by draw number ([`super::numbers`]).
pub fn pair_tournament_round(t: &Tournament, round: RoundNo) -> Result<RoundPairing, PairingError> {
    let players = super::numbers::checked(t)?;
    let (_, cycles) = layout(t, players.len());
    let begun = meetings_until(t, &players, round)?;
    let (meeting, first) = begun[begun.len() - 1];
    let (pairs, bye) = meeting_pairs(&players, meeting, cycles)?;
    let mut games = Vec::new();
    for pair in pairs {
        let (black, white) = pair;
        if let SeriesState::Continue { next_black } = series_before(t, pair, first, round)?.state()
        {
            let other = if next_black == black { white } else { black };
            games.push((other, next_black));
        }
    }
    Ok(RoundPairing {
        games: even_games(t.settings(), round, games, true),
        bye: bye.filter(|_| round == first),
    })
}

/// Every match of the meetings begun by round `last`, with its games up
/// to `last`, in meeting and table order.
pub fn matches_up_to(t: &Tournament, last: u32) -> Result<Vec<Series>, PairingError> {
    let players = super::numbers::numbered(t);
    let (_, cycles) = layout(t, players.len());
    let Some(round) = RoundNo::new(last) else {
        return Ok(Vec::new());
    };
    let end = RoundNo::from_index(last as usize);
    let mut all = Vec::new();
    for (meeting, first) in meetings_until(t, &players, round)? {
        for pair in meeting_pairs(&players, meeting, cycles)?.0 {
            // A game not played yet ends the match's record where it is.
            let series = match series_before(t, pair, first, end) {
                Err(PairingError::ResultsMissing(r)) => series_before(t, pair, first, r)?,
                other => other?,
            };
            all.push(series);
        }
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::player::Player;
    use crate::core::rank::Rank;
    use crate::core::settings::{Settings, System};

    fn duel(best_of: u32) -> Tournament {
        let settings = Settings {
            system: System::RoundRobin,
            number_of_rounds: best_of,
            best_of,
            ..Settings::default()
        };
        let mut t = Tournament::new(settings);
        for name in ["Ann", "Bob"] {
            t.register(Player::new(PlayerId(0), name, "", Rank::Dan(1)));
        }
        t
    }

    fn play(t: &mut Tournament, round: u32, result: GameResult) -> Option<(PlayerId, PlayerId)> {
        let round = RoundNo::new(round).unwrap();
        let paired = pair_tournament_round(t, round).unwrap();
        let mut games = paired.games;
        for g in &mut games {
            g.result = result;
        }
        let pair = games.first().map(|g| (g.white, g.black));
        t.record_pairing(round, games, paired.bye).unwrap();
        pair
    }

    #[test]
    fn a_best_of_three_ending_two_nil_swaps_colours_and_pairs_no_third_game() {
        let mut t = duel(3);
        let first = play(&mut t, 1, GameResult::WhiteWins).unwrap();
        let second = play(&mut t, 2, GameResult::BlackWins).unwrap();
        assert_eq!(first, (second.1, second.0), "colours swap");
        // The same player won both: White in game 1, Black in game 2.
        assert_eq!(first.0, second.1);
        let third = pair_tournament_round(&t, RoundNo::new(3).unwrap());
        assert_eq!(
            third.unwrap_err(),
            PairingError::MatchesFinished,
            "decided 2–0"
        );
    }

    #[test]
    fn after_a_decided_meeting_the_next_one_begins_in_the_following_round() {
        let mut t = duel(3);
        let mut settings = t.settings().clone();
        // Two players, two meetings: the table's second cycle, colours swapped.
        settings.number_of_rounds = 6;
        t.set_settings(settings);
        let first = play(&mut t, 1, GameResult::WhiteWins).unwrap();
        play(&mut t, 2, GameResult::BlackWins);
        let second_meeting = play(&mut t, 3, GameResult::WhiteWins).unwrap();
        assert_eq!(
            second_meeting,
            (first.1, first.0),
            "meeting 2 opens in round 3 with the colours of the second cycle"
        );
    }

    #[test]
    fn a_replayed_jigo_is_not_one_of_the_games_where_half_a_point_each_is() {
        use crate::core::pairing::series::JigoRule;
        let third_game = |rule: JigoRule| {
            let mut t = duel(2);
            let mut settings = t.settings().clone();
            settings.match_jigo = rule;
            // One meeting planned; a replayed game needs a round beyond it.
            settings.number_of_rounds = 2;
            t.set_settings(settings);
            play(&mut t, 1, GameResult::Jigo);
            play(&mut t, 2, GameResult::WhiteWins);
            pair_tournament_round(&t, RoundNo::new(3).unwrap()).map(|p| p.games.len())
        };
        assert_eq!(
            third_game(JigoRule::Replayed),
            Ok(1),
            "1–0 with one game left"
        );
        assert_eq!(
            third_game(JigoRule::HalfPointEach),
            Err(PairingError::MatchesFinished),
            "1½–½ after both games"
        );
    }

    #[test]
    fn a_game_without_result_holds_the_next_round_of_its_match() {
        let mut t = duel(3);
        play(&mut t, 1, GameResult::Unknown);
        let next = pair_tournament_round(&t, RoundNo::new(2).unwrap());
        assert_eq!(
            next.unwrap_err(),
            PairingError::ResultsMissing(RoundNo::FIRST)
        );
    }
}
