//! Colour, handicap and komi of a pair, as OpenGotha's `gameBetween`.
//!
//! The handicap is the pseudo-rank difference (rank or MMS, capped at the
//! no-handicap threshold) reduced by the correction and clamped to the ceiling;
//! the stronger player takes White; even games balance colours.

use super::pair_go::{BlackSide, pair_game};
use super::weights::det_random;
use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::player::Player;
use crate::core::rank::Rank;
use crate::core::round::{Colour, Game, GameResult, ResultOrigin};
use crate::core::settings::{HandicapSettings, Settings, TieRule};
use crate::core::tournament::Tournament;
use crate::core::units::HalfPoints;

/// What the colour and handicap depend on for one player before the round.
#[derive(Debug, Clone, Copy)]
pub struct ColourInput<'p> {
    /// The player.
    pub player: &'p Player,
    /// McMahon score before the round, in half points.
    pub mms2: i32,
    /// Games with White minus games with Black so far, even games only.
    pub wb_balance: i64,
}

/// The two players of a game in colour order, and its handicap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Colours {
    /// True when the first player of the pair takes White.
    pub first_is_white: bool,
    /// Handicap stones (0 even; 1 means no komi).
    pub handicap: u8,
}

/// The signed handicap of `first` against `second`: positive when `first` is stronger.
pub fn signed_handicap(
    settings: &HandicapSettings,
    first: &ColourInput,
    second: &ColourInput,
) -> i32 {
    // Between pair go or rengo sides the stones come from the members' mean
    // ratings, one per 100 GoR rounded up (RFG App. 4 §3.7.5), within the
    // tournament's ceiling; correction and threshold are for single players.
    if let (Some(a), Some(b)) = (
        first.player.member_ratings(),
        second.player.member_ratings(),
    ) && let Ok(game) = pair_game(&a, &b)
    {
        let stones = i32::from(game.handicap.min(settings.ceiling));
        return match game.black {
            BlackSide::Second => stones,
            BlackSide::First => -stones,
            BlackSide::Nigiri => 0,
        };
    }
    let pseudo = |c: &ColourInput| {
        let p = if settings.based_on_mms {
            c.mms2 / 2 + Rank::OPENGOTHA_MIN
        } else {
            c.player.rank.opengotha_value()
        };
        p.min(settings.no_handicap_threshold.opengotha_value())
    };
    let raw = pseudo(first) - pseudo(second);
    let below_15k =
        |c: &ColourInput| c.player.rank.opengotha_value() < Rank::Kyu(15).opengotha_value();
    let correction = if settings.weak_players_minus_two && below_15k(first) && below_15k(second) {
        2
    } else {
        settings.correction
    };
    let corrected = if raw > 0 {
        (raw - correction).max(0)
    } else if raw < 0 {
        (raw + correction).min(0)
    } else {
        0
    };
    let ceiling = i32::from(settings.ceiling);
    corrected.clamp(-ceiling, ceiling)
}

/// Colours and handicap of a game between `first` and `second`, where `first`
/// comes first in OpenGotha's order (the deterministic tie-break depends on it).
pub fn game_between(
    settings: &HandicapSettings,
    first: &ColourInput,
    second: &ColourInput,
) -> Colours {
    let hd = signed_handicap(settings, first, second);
    let first_is_white = match hd.cmp(&0) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        // Even game: the player with more Whites so far takes Black.
        std::cmp::Ordering::Equal => match first.wb_balance.cmp(&second.wb_balance) {
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Equal => {
                det_random(1, &key(first.player), &key(second.player)) == 0
            }
        },
    };
    Colours {
        first_is_white,
        handicap: hd.unsigned_abs().min(u32::from(u8::MAX)) as u8,
    }
}

/// Whites minus Blacks of `player` in the even games before `round`
/// (OpenGotha `wbBalance`).
pub fn wb_balance(tournament: &Tournament, round: RoundNo, player: PlayerId) -> i64 {
    tournament
        .games()
        .iter()
        .filter(|g| g.round < round && g.handicap == 0)
        .map(|g| match g.colour_of(player) {
            Some(Colour::White) => 1,
            Some(Colour::Black) => -1,
            None => 0,
        })
        .sum()
}

/// OpenGotha's name key for its deterministic random: name then first name.
pub fn key(player: &Player) -> String {
    format!("{}{}", player.name, player.first_name)
}

/// Komi of a game: the tournament's komi for an even game. With handicap
/// (1 stone: Black moves first, no stone), the chosen ruleset's handicap
/// komi (`Profile::handicap_komi`: Chinese and AGA compensate the stones);
/// without one, as OpenGotha: ½ where a tie would be a jigo (EGF, AGA
/// practice) and 0 where the tie rule decides it (RFG 15.1 b).
pub fn komi(settings: &Settings, handicap: u8) -> HalfPoints {
    komi_under(&settings.rules, handicap)
}

/// [`komi`] from the rules of play alone, as the protocol and the slips
/// print it.
pub fn komi_under(rules: &crate::core::settings::RulesOfPlay, handicap: u8) -> HalfPoints {
    match (handicap, rules.profile, rules.tie_rule) {
        (0, _, _) => rules.komi,
        (h, Some(profile), _) => profile.handicap_komi().komi(h),
        (_, None, TieRule::Jigo) => HalfPoints::HALF,
        (_, None, TieRule::WhiteWins | TieRule::BlackWins) => HalfPoints::ZERO,
    }
}

#[cfg(test)]
mod handicap_komi_tests {
    use super::*;
    use crate::core::rules::profile::Profile;

    /// A handicap game's komi under each ruleset, as the pairing gives it:
    /// 3 stones. Territory (RFG App. 2 a) and Ing: none; Japanese material
    /// and WMSG: ½; Chinese: a point a stone; AGA: ½ and a point a stone
    /// after the first. Even games keep the tournament's komi.
    #[test]
    fn a_handicap_games_komi_follows_the_ruleset() {
        let expected = [
            (Profile::JapaneseTerritory, 0),
            (Profile::SimplifiedIngArea, 0),
            (Profile::AreaJapaneseMaterial, 1),
            (Profile::Wmsg2008FillIn, 1),
            (Profile::Chinese, 6),
            (Profile::Aga, 5),
        ];
        for (profile, halves) in expected {
            let mut settings = Settings::default();
            settings.rules.profile = Some(profile);
            settings.rules.komi = profile.komi();
            assert_eq!(
                komi(&settings, 3),
                HalfPoints::from_halves(halves),
                "{profile:?}"
            );
            assert_eq!(komi(&settings, 0), profile.komi(), "{profile:?}");
        }
        let opengotha = Settings::default();
        assert_eq!(komi(&opengotha, 3), HalfPoints::HALF);
    }
}

/// Even games of `round` for `pairs` (White, Black), on boards from 1 in the
/// order given: what the systems that pair from tables and numbers record.
/// `colours_known` is false when the colours are drawn at the board.
pub fn even_games(
    settings: &Settings,
    round: RoundNo,
    pairs: impl IntoIterator<Item = (PlayerId, PlayerId)>,
    colours_known: bool,
) -> Vec<Game> {
    let komi = komi(settings, 0);
    pairs
        .into_iter()
        .zip(1u32..)
        .filter_map(|((white, black), board)| {
            Some(Game {
                round,
                board: BoardNo::new(board)?,
                white,
                black,
                handicap: 0,
                komi,
                result: GameResult::Unknown,
                origin: ResultOrigin::Played,
                colours_known,
                method: None,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ids::PlayerId;

    fn input(player: &Player, mms: i32, wb_balance: i64) -> ColourInput<'_> {
        ColourInput {
            player,
            mms2: 2 * mms,
            wb_balance,
        }
    }

    fn rules(
        based_on_mms: bool,
        threshold: Rank,
        correction: i32,
        ceiling: u8,
    ) -> HandicapSettings {
        HandicapSettings {
            based_on_mms,
            no_handicap_threshold: threshold,
            correction,
            ceiling,
            weak_players_minus_two: false,
        }
    }

    #[test]
    fn between_two_players_weaker_than_15_kyu_the_rfg_takes_two_stones_off() {
        let (a, b) = (
            Player::new(PlayerId(1), "A", "a", Rank::Kyu(16)),
            Player::new(PlayerId(2), "B", "b", Rank::Kyu(21)),
        );
        let rfg = HandicapSettings {
            weak_players_minus_two: true,
            ..rules(false, Rank::Dan(1), 1, 9)
        };
        // 16k against 21k: 5 − 2 = 3 stones, not 5 − 1.
        assert_eq!(
            game_between(&rfg, &input(&a, 0, 0), &input(&b, 0, 0)).handicap,
            3
        );
        // A one-stone gap never goes below an even game.
        let c = Player::new(PlayerId(3), "C", "c", Rank::Kyu(17));
        assert_eq!(
            game_between(&rfg, &input(&a, 0, 0), &input(&c, 0, 0)).handicap,
            0
        );
        // With a 15 kyu in the game the correction applies as usual.
        let d = Player::new(PlayerId(4), "D", "d", Rank::Kyu(15));
        assert_eq!(
            game_between(&rfg, &input(&d, 0, 0), &input(&b, 0, 0)).handicap,
            5
        );
    }

    #[test]
    fn handicap_is_the_capped_corrected_score_gap_and_the_stronger_takes_white() {
        let (a, b) = (
            Player::new(PlayerId(1), "A", "a", Rank::Kyu(2)),
            Player::new(PlayerId(2), "B", "b", Rank::Kyu(9)),
        );
        let mm = rules(true, Rank::Dan(1), 1, 9);
        // MMS 28 (2k) against 21 (9k): 7 stones less the correction.
        let c = game_between(&mm, &input(&a, 28, 0), &input(&b, 21, 0));
        assert_eq!(
            c,
            Colours {
                first_is_white: true,
                handicap: 6
            }
        );
        let c = game_between(&mm, &input(&b, 21, 0), &input(&a, 28, 0));
        assert_eq!(
            c,
            Colours {
                first_is_white: false,
                handicap: 6
            }
        );
        // The ceiling clamps; above the threshold everyone counts as the threshold.
        assert_eq!(
            game_between(
                &rules(true, Rank::Dan(1), 0, 3),
                &input(&a, 28, 0),
                &input(&b, 21, 0)
            )
            .handicap,
            3
        );
        assert_eq!(
            game_between(
                &rules(true, Rank::Kyu(10), 0, 9),
                &input(&a, 28, 0),
                &input(&b, 21, 0)
            )
            .handicap,
            0
        );
        // Rank-based: 2k against 9k whatever the scores.
        assert_eq!(
            game_between(
                &rules(false, Rank::Dan(9), 0, 9),
                &input(&a, 0, 0),
                &input(&b, 50, 0)
            )
            .handicap,
            7
        );
    }

    #[test]
    fn komi_is_the_tournaments_for_even_games_and_follows_the_tie_rule_with_handicap() {
        let mut settings = Settings::default();
        assert_eq!(komi(&settings, 0), settings.rules.komi);
        assert_eq!(komi(&settings, 1), HalfPoints::HALF);
        settings.rules.tie_rule = TieRule::WhiteWins;
        assert_eq!(komi(&settings, 4), HalfPoints::ZERO);
    }

    #[test]
    fn in_an_even_game_the_player_with_more_whites_takes_black() {
        let (a, b) = (
            Player::new(PlayerId(1), "A", "a", Rank::Dan(2)),
            Player::new(PlayerId(2), "B", "b", Rank::Dan(2)),
        );
        let even = rules(true, Rank::Dan(1), 1, 9);
        assert!(!game_between(&even, &input(&a, 30, 2), &input(&b, 30, 0)).first_is_white);
        assert!(game_between(&even, &input(&a, 30, -1), &input(&b, 30, 1)).first_is_white);
        // Equal balances: OpenGotha's name-based random, mirrored when the order flips.
        let one = game_between(&even, &input(&a, 30, 0), &input(&b, 30, 0)).first_is_white;
        let other = game_between(&even, &input(&b, 30, 0), &input(&a, 30, 0)).first_is_white;
        assert_ne!(one, other);
    }
}
