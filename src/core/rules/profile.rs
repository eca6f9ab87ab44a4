//! Rules-of-play profiles and a tournament's rules of play: komi for even and
//! handicap games, and what an equal count means.
//!
//! Each profile follows one text, named in [`Profile::source`]. The EGF
//! General Tournament Rules (GTR, 2007) list three rules of play under
//! "Rulesets applicable to all tournaments"; the WMSG 2008 appendix adds
//! fill-in counting; Chinese and AGA come from their federations' own rules.
//! The texts say little about handicap games, so the handicap komi is a
//! per-tournament setting ([`HandicapKomi`]) whose defaults say which text
//! they follow.

use super::scoring::{Count, CountError, Outcome};
pub use crate::core::settings::Profile;
use crate::core::settings::TieRule;
use crate::core::units::HalfPoints;
use serde::{Deserialize, Serialize};

/// How the board is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Scoring {
    /// Stones on the board plus surrounded points.
    Area,
    /// Surrounded points plus prisoners.
    Territory,
}

impl Profile {
    /// Every profile, in the order a form offers them.
    pub const ALL: [Profile; 6] = [
        Profile::JapaneseTerritory,
        Profile::SimplifiedIngArea,
        Profile::AreaJapaneseMaterial,
        Profile::Wmsg2008FillIn,
        Profile::Chinese,
        Profile::Aga,
    ];

    /// A short name for forms and the public rules page.
    pub fn name(self) -> &'static str {
        match self {
            Profile::JapaneseTerritory => "Japanese (territory scoring)",
            Profile::SimplifiedIngArea => "Simplified Ing (area scoring, Ing material)",
            Profile::AreaJapaneseMaterial => "Area scoring with Japanese material",
            Profile::Wmsg2008FillIn => "WMSG 2008 fill-in counting",
            Profile::Chinese => "Chinese",
            Profile::Aga => "AGA",
        }
    }

    /// The text the profile follows, article by article.
    pub fn source(self) -> &'static str {
        match self {
            Profile::JapaneseTerritory => {
                "EGF GTR (2007) Rulesets: Territory Scoring; RFG Code (2008) 10.3, 15.1 b, 16.4 b, App. 2 a; \
                 Ukrainian rules VIII.17"
            }
            Profile::SimplifiedIngArea => {
                "EGF GTR (2007) Rulesets: Area Scoring with Ing playing material"
            }
            Profile::AreaJapaneseMaterial => {
                "EGF GTR (2007) Rulesets: Area Scoring with Japanese playing material"
            }
            Profile::Wmsg2008FillIn => "WMSG 2008 Appendix 1, Fill-in counting, points 2–4 and 8",
            Profile::Chinese => {
                "Chinese Weiqi Competition Rules (2002): komi 3¾ stones, handicap return"
            }
            Profile::Aga => "AGA Concise Rules of Go, rules 3, 4, 7 and 12",
        }
    }

    /// How the board is counted.
    pub fn scoring(self) -> Scoring {
        match self {
            Profile::JapaneseTerritory => Scoring::Territory,
            Profile::SimplifiedIngArea
            | Profile::AreaJapaneseMaterial
            | Profile::Wmsg2008FillIn
            | Profile::Chinese
            | Profile::Aga => Scoring::Area,
        }
    }

    /// Komi of an even game.
    pub fn komi(self) -> HalfPoints {
        match self {
            // GTR Territory Scoring; WMSG Gen. 3 ("6½ points").
            Profile::JapaneseTerritory | Profile::Wmsg2008FillIn => HalfPoints::from_halves(13),
            // GTR Area Scoring with Ing playing material.
            Profile::SimplifiedIngArea => HalfPoints::from_points(8),
            // GTR Japanese material; Chinese 3¾ stones = 7½ points; AGA rule 3.
            Profile::AreaJapaneseMaterial | Profile::Chinese | Profile::Aga => {
                HalfPoints::from_halves(15)
            }
        }
    }

    /// What an equal count means in an even game.
    pub fn tie_rule(self) -> TieRule {
        match self {
            // GTR: "Black wins ties", with no restriction to some games.
            Profile::SimplifiedIngArea => TieRule::BlackWins,
            // The other texts' even komi has a half point, so only a changed komi can tie: a jigo.
            Profile::JapaneseTerritory
            | Profile::AreaJapaneseMaterial
            | Profile::Wmsg2008FillIn
            | Profile::Chinese
            | Profile::Aga => TieRule::Jigo,
        }
    }

    /// What an equal count means in a handicap game.
    pub fn handicap_tie_rule(self) -> TieRule {
        match self {
            // GTR: "White wins ties in handicap games with integer komi"; RFG 15.1 b.
            Profile::JapaneseTerritory => TieRule::WhiteWins,
            Profile::SimplifiedIngArea => TieRule::BlackWins,
            Profile::AreaJapaneseMaterial
            | Profile::Wmsg2008FillIn
            | Profile::Chinese
            | Profile::Aga => TieRule::Jigo,
        }
    }

    /// The default komi of handicap games.
    pub fn handicap_komi(self) -> HandicapKomi {
        match self {
            // RFG App. 2 a: handicap games have no komi; the tie rule gives ties to White.
            // GTR Ing material: not stated; its tie rule covers every game.
            Profile::JapaneseTerritory | Profile::SimplifiedIngArea => HandicapKomi::NONE,
            // GTR Japanese material and WMSG: not stated; ½ point as AGA rule 3, so no tie.
            Profile::AreaJapaneseMaterial | Profile::Wmsg2008FillIn => HandicapKomi {
                base: HalfPoints::HALF,
                per_stone: HalfPoints::ZERO,
                free_stones: 0,
            },
            // Black returns half the handicap stones, 1 stone = 2 points.
            Profile::Chinese => HandicapKomi {
                base: HalfPoints::ZERO,
                per_stone: HalfPoints::ONE,
                free_stones: 0,
            },
            // Rule 3: ½ point; rule 4: one more point a stone after the first under area counting.
            Profile::Aga => HandicapKomi {
                base: HalfPoints::HALF,
                per_stone: HalfPoints::ONE,
                free_stones: 1,
            },
        }
    }

    /// Whether a pass gives the opponent a prisoner (GTR Japanese material; AGA rule 7).
    pub fn pass_gives_prisoner(self) -> bool {
        matches!(self, Profile::AreaJapaneseMaterial | Profile::Aga)
    }

    /// Whether White must make the last pass (GTR Japanese material; AGA end of game).
    pub fn white_passes_last(self) -> bool {
        matches!(self, Profile::AreaJapaneseMaterial | Profile::Aga)
    }

    /// Whether Black gives one more point after moving last (WMSG Gen. 4).
    pub fn last_move_point(self) -> bool {
        self == Profile::Wmsg2008FillIn
    }
}

/// Komi of handicap games: `base + per_stone × (stones − free_stones)`.
///
/// Handicap 1 places no stone (OpenGotha's "no komi" game), so only `base` applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandicapKomi {
    /// Komi of every handicap game.
    pub base: HalfPoints,
    /// Compensation for each handicap stone placed (area scoring).
    pub per_stone: HalfPoints,
    /// Stones that earn no compensation (AGA: the first).
    pub free_stones: u8,
}

impl HandicapKomi {
    /// No komi at all.
    pub const NONE: HandicapKomi = HandicapKomi {
        base: HalfPoints::ZERO,
        per_stone: HalfPoints::ZERO,
        free_stones: 0,
    };

    /// Komi of a game with `handicap` stones (1 or more).
    pub fn komi(self, handicap: u8) -> HalfPoints {
        let stones = if handicap >= 2 { handicap } else { 0 };
        let paid = i32::from(stones.saturating_sub(self.free_stones));
        self.base + self.per_stone.scaled(paid)
    }
}

/// Why rules of play cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// A komi beyond what any ruleset gives.
    #[error("komi {0} is out of range (−{max} to {max} points)", max = MAX_KOMI_POINTS)]
    KomiOutOfRange(HalfPoints),
    /// More free handicap stones than a handicap can have.
    #[error("{0} free handicap stones: a handicap has at most 9 stones")]
    TooManyFreeStones(u8),
}

/// Largest komi accepted: no ruleset comes near it, a typo may.
const MAX_KOMI_POINTS: i32 = 50;

/// A tournament's rules of play: a profile and its komi and tie rules, each
/// of which the organiser may change (GTR: "the stated rules of play and their
/// parameters are the default").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameRules {
    /// The ruleset followed.
    pub profile: Profile,
    /// Komi of even games.
    pub komi: HalfPoints,
    /// Komi of handicap games.
    pub handicap_komi: HandicapKomi,
    /// What an equal count means in an even game.
    pub tie_rule: TieRule,
    /// What an equal count means in a handicap game.
    pub handicap_tie_rule: TieRule,
}

impl From<Profile> for GameRules {
    fn from(profile: Profile) -> Self {
        GameRules {
            profile,
            komi: profile.komi(),
            handicap_komi: profile.handicap_komi(),
            tie_rule: profile.tie_rule(),
            handicap_tie_rule: profile.handicap_tie_rule(),
        }
    }
}

impl GameRules {
    /// Checks the values an organiser may have changed.
    pub fn validate(&self) -> Result<(), RulesError> {
        let max = HalfPoints::from_points(MAX_KOMI_POINTS);
        for komi in [self.komi, self.handicap_komi.komi(9)] {
            if komi > max || komi < -max {
                return Err(RulesError::KomiOutOfRange(komi));
            }
        }
        match self.handicap_komi.free_stones {
            0..=9 => Ok(()),
            n => Err(RulesError::TooManyFreeStones(n)),
        }
    }

    /// Komi of a game with `handicap` stones (0: even game).
    pub fn komi(&self, handicap: u8) -> HalfPoints {
        match handicap {
            0 => self.komi,
            h => self.handicap_komi.komi(h),
        }
    }

    /// What an equal count means in a game with `handicap` stones.
    pub fn tie_rule(&self, handicap: u8) -> TieRule {
        match handicap {
            0 => self.tie_rule,
            _ => self.handicap_tie_rule,
        }
    }

    /// The result of a counted game with `handicap` stones.
    pub fn outcome(&self, handicap: u8, count: &Count) -> Result<Outcome, CountError> {
        let last_move = if self.profile.last_move_point() && count.black_moved_last {
            HalfPoints::ONE // WMSG Gen. 4: one more point of compensation
        } else {
            HalfPoints::ZERO
        };
        let margin = count.black_minus_white - self.komi(handicap) - last_move - count.penalty()?;
        Ok(Outcome::of_margin(margin, self.tie_rule(handicap)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::round::GameResult;

    fn halves(n: i32) -> HalfPoints {
        HalfPoints::from_halves(n)
    }

    #[test]
    fn each_profile_has_the_komi_and_tie_rule_of_its_text() {
        let cases = [
            (
                Profile::JapaneseTerritory,
                13,
                TieRule::Jigo,
                TieRule::WhiteWins,
            ),
            (
                Profile::SimplifiedIngArea,
                16,
                TieRule::BlackWins,
                TieRule::BlackWins,
            ),
            (
                Profile::AreaJapaneseMaterial,
                15,
                TieRule::Jigo,
                TieRule::Jigo,
            ),
            (Profile::Wmsg2008FillIn, 13, TieRule::Jigo, TieRule::Jigo),
            (Profile::Chinese, 15, TieRule::Jigo, TieRule::Jigo),
            (Profile::Aga, 15, TieRule::Jigo, TieRule::Jigo),
        ];
        for (profile, komi, even, handicap) in cases {
            let rules = GameRules::from(profile);
            assert_eq!(rules.komi(0), halves(komi), "{profile:?}");
            assert_eq!(rules.tie_rule(0), even, "{profile:?}");
            assert_eq!(rules.tie_rule(3), handicap, "{profile:?}");
            assert_eq!(rules.validate(), Ok(()));
        }
    }

    #[test]
    fn only_japanese_material_and_aga_use_pass_stones_and_white_passes_last() {
        for p in Profile::ALL {
            let expected = matches!(p, Profile::AreaJapaneseMaterial | Profile::Aga);
            assert_eq!(p.pass_gives_prisoner(), expected, "{p:?}");
            assert_eq!(p.white_passes_last(), expected, "{p:?}");
            assert_eq!(p.last_move_point(), p == Profile::Wmsg2008FillIn);
        }
        assert_eq!(Profile::JapaneseTerritory.scoring(), Scoring::Territory);
        assert_eq!(Profile::Chinese.scoring(), Scoring::Area);
    }

    #[test]
    fn handicap_komi_follows_each_text() {
        let territory = GameRules::from(Profile::JapaneseTerritory);
        assert_eq!(territory.komi(1), HalfPoints::ZERO);
        assert_eq!(territory.komi(5), HalfPoints::ZERO);
        let aga = GameRules::from(Profile::Aga);
        assert_eq!(aga.komi(1), halves(1));
        assert_eq!(aga.komi(2), halves(3));
        assert_eq!(aga.komi(9), halves(17));
        let chinese = GameRules::from(Profile::Chinese);
        assert_eq!(chinese.komi(1), HalfPoints::ZERO);
        assert_eq!(chinese.komi(4), HalfPoints::from_points(4));
        assert_eq!(GameRules::from(Profile::Wmsg2008FillIn).komi(3), halves(1));
    }

    #[test]
    fn an_equal_territory_count_in_a_handicap_game_goes_to_white() {
        let rules = GameRules::from(Profile::JapaneseTerritory);
        let outcome = rules.outcome(3, &Count::board(HalfPoints::ZERO)).unwrap();
        assert_eq!(outcome.result, GameResult::WhiteWins);
        assert_eq!(outcome.margin, HalfPoints::ZERO);
        assert!(outcome.tie_broken);
    }

    #[test]
    fn ing_area_komi_is_eight_and_black_wins_the_tie() {
        // GTR testable rules 23 and 24: B=185, W=176 → B+1; B=184, W=176 → tie → Black.
        let rules = GameRules::from(Profile::SimplifiedIngArea);
        let win = rules.outcome(0, &Count::board(HalfPoints::from_points(9)));
        assert_eq!(win.unwrap().to_string(), "B+1");
        let tie = rules.outcome(0, &Count::board(HalfPoints::from_points(8)));
        assert_eq!(tie.unwrap().result, GameResult::BlackWins);
    }

    #[test]
    fn ing_overtime_penalties_apply_before_the_tie_rule() {
        // GTR testable rules 46 and 48: Black +1 after komi 8 loses 2 points for a period.
        let rules = GameRules::from(Profile::SimplifiedIngArea);
        let mut count = Count::board(HalfPoints::from_points(9));
        count.black_overtime_periods = 1;
        assert_eq!(rules.outcome(0, &count).unwrap().to_string(), "W+1");
        count.black_minus_white = HalfPoints::from_points(10);
        let tie = rules.outcome(0, &count).unwrap();
        assert_eq!((tie.result, tie.tie_broken), (GameResult::BlackWins, true));
        count.white_overtime_periods = 4;
        assert!(rules.outcome(0, &count).is_err());
    }

    #[test]
    fn the_wmsg_point_for_the_last_move_applies_only_under_wmsg() {
        let mut count = Count::board(HalfPoints::from_points(7));
        count.black_moved_last = true;
        let wmsg = GameRules::from(Profile::Wmsg2008FillIn).outcome(0, &count);
        assert_eq!(wmsg.unwrap().to_string(), "W+0.5");
        let japanese = GameRules::from(Profile::JapaneseTerritory).outcome(0, &count);
        assert_eq!(japanese.unwrap().to_string(), "B+0.5");
    }

    #[test]
    fn changed_komi_is_checked() {
        let mut rules = GameRules::from(Profile::Aga);
        rules.komi = HalfPoints::from_points(75);
        assert_eq!(
            rules.validate(),
            Err(RulesError::KomiOutOfRange(HalfPoints::from_points(75)))
        );
        let mut rules = GameRules::from(Profile::Aga);
        rules.handicap_komi.free_stones = 10;
        assert_eq!(rules.validate(), Err(RulesError::TooManyFreeStones(10)));
    }
}
