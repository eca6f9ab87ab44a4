//! The referee's count at the end of a game, under the tournament's rules of
//! play: what the board shows (a fill-in count, both areas, or territories
//! and prisoners), the game's komi and the tie rule, to a result with its
//! margin, refused when the count cannot be right.
//!
//! Which count a ruleset uses: WMSG 2008 fills in (Appendix 1); the GTR's
//! area scoring with Ing material and the Chinese rules count areas; the
//! GTR's territory scoring (and the RFG's and Ukrainian rules' Japanese
//! rules) counts territory and prisoners, and so does area scoring with
//! Japanese material, where each pass hands the opponent a prisoner and
//! White passes last, which makes that count equal to the area count.

use super::fill_in::{FillIn, FillInError};
use super::profile::Profile;
use super::scoring::Outcome;
use crate::core::round::Game;
use crate::core::settings::{RulesOfPlay, TieRule};
use crate::core::units::HalfPoints;
use serde::{Deserialize, Serialize};

/// How the referee counts a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// WMSG 2008 fill-in: the winning territory after both fill theirs.
    FillIn,
    /// Stones on the board and surrounded points, each side.
    Area,
    /// Surrounded points and prisoners, each side.
    Territory,
}

impl Kind {
    /// The count a ruleset uses; `None` for custom rules, where the
    /// referee says how the game was counted.
    pub fn of(profile: Option<Profile>) -> Option<Kind> {
        Some(match profile? {
            Profile::Wmsg2008FillIn => Kind::FillIn,
            Profile::SimplifiedIngArea | Profile::Chinese => Kind::Area,
            Profile::JapaneseTerritory | Profile::AreaJapaneseMaterial | Profile::Aga => {
                Kind::Territory
            }
        })
    }
}

/// One side's territory count.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    /// Surrounded points.
    pub territory: u32,
    /// Stones taken from the opponent.
    pub prisoners: u32,
    /// Passes, each a stone handed over where passes give prisoners.
    pub passes: u32,
}

/// What the referee counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sheet {
    /// A WMSG fill-in count.
    FillIn(FillIn),
    /// Both areas, and whether Black made the last move (WMSG Gen. 4).
    Area {
        black: u32,
        white: u32,
        black_moved_last: bool,
    },
    /// Both territories, and whether White made the last pass.
    Territory {
        black: Side,
        white: Side,
        white_passed_last: bool,
    },
}

impl Sheet {
    /// The kind of count this sheet holds.
    pub fn kind(&self) -> Kind {
        match self {
            Sheet::FillIn(_) => Kind::FillIn,
            Sheet::Area { .. } => Kind::Area,
            Sheet::Territory { .. } => Kind::Territory,
        }
    }
}

/// The game counted and the rules it was played under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// Lines of the board (19 for 19×19).
    pub size: u8,
    /// The game's komi, as paired.
    pub komi: HalfPoints,
    /// Handicap stones (0: even game).
    pub handicap: u8,
    /// What an equal count means in this game.
    pub tie_rule: TieRule,
    /// The ruleset, `None` for custom rules.
    pub profile: Option<Profile>,
}

/// A count that cannot be right, named by the check that failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CountingError {
    /// A fill-in check (one empty point, 180 stones a side).
    #[error(transparent)]
    FillIn(#[from] FillInError),
    /// The WMSG fill-in formula holds for even games only (its komi is
    /// three white stones and a half point, Proc. 3).
    #[error("a fill-in count is for even games; count this handicap game by area")]
    FillInWithHandicap,
    /// The ruleset counts another way.
    #[error("the rules of this tournament count by {expected:?}, not {counted:?}")]
    WrongKind {
        /// How the ruleset counts.
        expected: Kind,
        /// How the sheet was filled in.
        counted: Kind,
    },
    /// Areas or territories larger than the board.
    #[error("{black} and {white} points are more than the board's {points}")]
    MoreThanTheBoard {
        /// Black's points.
        black: u32,
        /// White's points.
        white: u32,
        /// Points of the board.
        points: u32,
    },
    /// GTR, area scoring with Japanese material: "White makes the last pass
    /// to end the alternation"; after Black's pass White still passes.
    #[error("White has not made the last pass: the game goes on until White passes")]
    WhiteMustPassLast,
}

impl Board {
    /// The board of `game` under the tournament's rules: the game's komi
    /// and handicap as played; an equal count in a handicap game goes as
    /// the ruleset says (GTR Territory Scoring: to White), under custom
    /// rules as the tournament's tie rule.
    pub fn of(rules: &RulesOfPlay, game: &Game) -> Board {
        let tie_rule = tie_rule(rules, game.handicap);
        Board {
            size: rules.board_size,
            komi: game.komi,
            handicap: game.handicap,
            tie_rule,
            profile: rules.profile,
        }
    }
}

/// What an equal count means in a game with `handicap` stones under the
/// tournament's rules: in a handicap game as the ruleset says (GTR
/// Territory Scoring, RFG 15.1 б: White wins), under custom rules as the
/// tournament's tie rule.
pub fn tie_rule(rules: &RulesOfPlay, handicap: u8) -> TieRule {
    match (handicap, rules.profile) {
        (0, _) | (_, None) => rules.tie_rule,
        (_, Some(profile)) => profile.handicap_tie_rule(),
    }
}

/// The result of the count (margins in half points, so exact).
pub fn count(board: &Board, sheet: &Sheet) -> Result<Outcome, CountingError> {
    // WMSG 2008 also counts by areas: the fill-in's cross-check (WMSG
    // Example; GTR testable rule 31), and a handicap game, where the fill-in
    // formula does not hold.
    let by_area_under_fill_in = sheet.kind() == Kind::Area;
    if let Some(expected) = Kind::of(board.profile)
        && expected != sheet.kind()
        && !(expected == Kind::FillIn && by_area_under_fill_in)
    {
        return Err(CountingError::WrongKind {
            expected,
            counted: sheet.kind(),
        });
    }
    let points = u32::from(board.size) * u32::from(board.size);
    let within = |black: u32, white: u32| {
        if u64::from(black) + u64::from(white) > u64::from(points) {
            Err(CountingError::MoreThanTheBoard {
                black,
                white,
                points,
            })
        } else {
            Ok(())
        }
    };
    let last_move = |black_moved_last: bool| {
        // WMSG Gen. 4: Black's last move is a point more to White.
        if black_moved_last && board.profile.is_some_and(Profile::last_move_point) {
            HalfPoints::ONE
        } else {
            HalfPoints::ZERO
        }
    };
    let black_margin = match *sheet {
        Sheet::FillIn(_) if board.handicap > 0 => return Err(CountingError::FillInWithHandicap),
        Sheet::FillIn(fill_in) => return Ok(fill_in.outcome()?),
        Sheet::Area {
            black,
            white,
            black_moved_last,
        } => {
            within(black, white)?;
            whole(black) - whole(white) - board.komi - last_move(black_moved_last)
        }
        Sheet::Territory {
            black,
            white,
            white_passed_last,
        } => {
            within(black.territory, white.territory)?;
            // Prisoners and passes are stones from a bowl: never more than
            // the board's points, whatever a sheet says.
            for (mine, theirs) in [
                (black.prisoners, white.prisoners),
                (black.passes, white.passes),
            ] {
                if mine > points || theirs > points {
                    return Err(CountingError::MoreThanTheBoard {
                        black: mine,
                        white: theirs,
                        points,
                    });
                }
            }
            let passes_count = board.profile.is_some_and(Profile::pass_gives_prisoner);
            if board.profile.is_some_and(Profile::white_passes_last) && !white_passed_last {
                return Err(CountingError::WhiteMustPassLast);
            }
            // GTR Japanese material: "when passing, a player gives one stone
            // to the opponent as a prisoner".
            let score = |own: Side, other: Side| {
                let handed = if passes_count { other.passes } else { 0 };
                whole(own.territory + own.prisoners + handed)
            };
            score(black, white) - score(white, black) - board.komi
        }
    };
    Ok(Outcome::of_margin(black_margin, board.tie_rule))
}

fn whole(points: u32) -> HalfPoints {
    HalfPoints::from_points(i32::try_from(points).unwrap_or(i32::MAX / 2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::round::{Colour, GameResult};

    fn board(profile: Option<Profile>, komi_halves: i32, handicap: u8, tie: TieRule) -> Board {
        Board {
            size: 19,
            komi: HalfPoints::from_halves(komi_halves),
            handicap,
            tie_rule: tie,
            profile,
        }
    }

    fn side(territory: u32, prisoners: u32, passes: u32) -> Side {
        Side {
            territory,
            prisoners,
            passes,
        }
    }

    #[test]
    fn each_ruleset_counts_its_own_way_and_refuses_another() {
        assert_eq!(Kind::of(Some(Profile::Wmsg2008FillIn)), Some(Kind::FillIn));
        assert_eq!(Kind::of(Some(Profile::SimplifiedIngArea)), Some(Kind::Area));
        assert_eq!(Kind::of(Some(Profile::Chinese)), Some(Kind::Area));
        assert_eq!(
            Kind::of(Some(Profile::JapaneseTerritory)),
            Some(Kind::Territory)
        );
        assert_eq!(
            Kind::of(Some(Profile::AreaJapaneseMaterial)),
            Some(Kind::Territory)
        );
        assert_eq!(Kind::of(None), None);
        let ing = board(Some(Profile::SimplifiedIngArea), 16, 0, TieRule::BlackWins);
        let territory = Sheet::Territory {
            black: side(60, 3, 0),
            white: side(55, 2, 0),
            white_passed_last: true,
        };
        assert_eq!(
            count(&ing, &territory),
            Err(CountingError::WrongKind {
                expected: Kind::Area,
                counted: Kind::Territory
            })
        );
    }

    #[test]
    fn an_ing_area_count_applies_komi_eight_and_gives_black_the_tie() {
        // GTR testable rules 23–24: 185 − 176 − 8 = 1; 184 − 176 − 8 = 0.
        let ing = board(Some(Profile::SimplifiedIngArea), 16, 0, TieRule::BlackWins);
        let area = |black, white| Sheet::Area {
            black,
            white,
            black_moved_last: false,
        };
        let won = count(&ing, &area(185, 176)).unwrap();
        assert_eq!((won.to_string(), won.tie_broken), ("B+1".into(), false));
        let tie = count(&ing, &area(184, 176)).unwrap();
        assert_eq!((tie.to_string(), tie.tie_broken), ("B+0".into(), true));
        assert!(matches!(
            count(&ing, &area(200, 170)),
            Err(CountingError::MoreThanTheBoard { points: 361, .. })
        ));
    }

    #[test]
    fn japanese_material_hands_a_prisoner_for_each_pass_and_waits_for_whites_last_pass() {
        let material = board(Some(Profile::AreaJapaneseMaterial), 15, 0, TieRule::Jigo);
        // Black 60 + 5 prisoners + White's 2 passes = 67; White 58 + 3 + 1 = 62;
        // 5 − 7.5.
        let sheet = |white_passed_last| Sheet::Territory {
            black: side(60, 5, 1),
            white: side(58, 3, 2),
            white_passed_last,
        };
        assert_eq!(count(&material, &sheet(true)).unwrap().to_string(), "W+2.5");
        assert_eq!(
            count(&material, &sheet(false)),
            Err(CountingError::WhiteMustPassLast)
        );
        // Without pass stones (the GTR's territory scoring) passes hand
        // nothing over and the last pass is anyone's.
        let territory = board(Some(Profile::JapaneseTerritory), 13, 0, TieRule::Jigo);
        assert_eq!(
            count(&territory, &sheet(false)).unwrap().to_string(),
            "W+2.5"
        );
    }

    #[test]
    fn an_equal_territory_count_of_a_handicap_game_goes_to_white() {
        // GTR Territory Scoring: White wins ties in handicap games with
        // integer komi; the tournament's jigo rule is for even games.
        let rules = RulesOfPlay {
            profile: Some(Profile::JapaneseTerritory),
            tie_rule: TieRule::Jigo,
            ..RulesOfPlay::default()
        };
        let game = Game {
            round: crate::core::RoundNo::new(1).unwrap(),
            board: crate::core::BoardNo::new(1).unwrap(),
            white: crate::core::PlayerId(1),
            black: crate::core::PlayerId(2),
            handicap: 3,
            komi: HalfPoints::ZERO,
            result: GameResult::Unknown,
            origin: crate::core::round::ResultOrigin::Played,
            colours_known: true,
            method: None,
        };
        let handicap = Board::of(&rules, &game);
        assert_eq!(handicap.tie_rule, TieRule::WhiteWins);
        let equal = Sheet::Territory {
            black: side(50, 4, 0),
            white: side(52, 2, 0),
            white_passed_last: false,
        };
        let outcome = count(&handicap, &equal).unwrap();
        assert_eq!(outcome.result, GameResult::WhiteWins);
        assert!(outcome.tie_broken);
    }

    #[test]
    fn a_wmsg_area_count_gives_white_the_last_move_point() {
        // WMSG Example, GTR testable rule 31: 184 − 177 − 6.5 − 1 = −0.5.
        let wmsg = board(Some(Profile::Wmsg2008FillIn), 13, 0, TieRule::Jigo);
        let custom = board(None, 13, 0, TieRule::Jigo);
        let area = Sheet::Area {
            black: 184,
            white: 177,
            black_moved_last: true,
        };
        assert_eq!(count(&custom, &area).unwrap().to_string(), "B+0.5");
        assert_eq!(count(&wmsg, &area).unwrap().to_string(), "W+0.5");
        let territory = Sheet::Territory {
            black: side(60, 0, 0),
            white: side(50, 0, 0),
            white_passed_last: true,
        };
        assert!(matches!(
            count(&wmsg, &territory),
            Err(CountingError::WrongKind { .. })
        ));
        let fill_in = Sheet::FillIn(FillIn {
            owner: Colour::Black,
            empty_points: 1,
            losing_stones: 0,
            seki_point_unfilled: false,
            black_moved_last: true,
        });
        assert_eq!(count(&wmsg, &fill_in).unwrap().to_string(), "W+0.5");
        let handicap = board(Some(Profile::Wmsg2008FillIn), 1, 2, TieRule::Jigo);
        assert_eq!(
            count(&handicap, &fill_in),
            Err(CountingError::FillInWithHandicap)
        );
        // The handicap game is counted by areas, with its own komi.
        let black_last = Sheet::Area {
            black: 184,
            white: 177,
            black_moved_last: false,
        };
        assert_eq!(count(&handicap, &black_last).unwrap().to_string(), "B+6.5");
    }

    #[test]
    fn counts_past_any_board_are_refused_not_overflowed() {
        let chinese = board(Some(Profile::Chinese), 15, 0, TieRule::Jigo);
        let huge = Sheet::Area {
            black: u32::MAX,
            white: 1,
            black_moved_last: false,
        };
        assert!(matches!(
            count(&chinese, &huge),
            Err(CountingError::MoreThanTheBoard { .. })
        ));
        let japanese = board(Some(Profile::JapaneseTerritory), 13, 0, TieRule::Jigo);
        let prisoners = Sheet::Territory {
            black: side(60, u32::MAX, u32::MAX),
            white: side(50, 0, 0),
            white_passed_last: true,
        };
        assert!(matches!(
            count(&japanese, &prisoners),
            Err(CountingError::MoreThanTheBoard { .. })
        ));
    }
}
