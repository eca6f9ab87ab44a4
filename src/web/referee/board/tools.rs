//! The referee's helpers at the board: the count under the tournament's
//! rules (a WMSG fill-in with its stone check, areas, or territories), the
//! nigiri, the order of play in pair go, and the times an adjourned game
//! may resume at.

use super::BoardForm;
use crate::core::Tournament;
use crate::core::events::pair_go::member_to_move;
use crate::core::round::Colour;
use crate::core::rules::counting::{Board, Kind, Sheet, Side, count};
use crate::core::rules::fill_in::{FillIn, stones_to_review};
use crate::core::rules::nigiri::{Guess, guesser_plays_black};
use crate::core::rules::scoring::Outcome;
use crate::web::acts::{FormError, stones_off};

/// The stone counts the referee gave that are not 180 (WMSG Proc. 9).
pub(super) fn stones(form: &BoardForm) -> Vec<(Colour, u32)> {
    let count = |text: &str| text.trim().parse::<u32>().ok();
    stones_to_review(count(&form.black_stones), count(&form.white_stones))
}

/// Stones counted after a fill-in count that are not 180, as the referee
/// reviews them: "⚫ 179"; empty when every count given is right.
pub(super) fn review(form: &BoardForm) -> String {
    stones_off(&stones(form))
}

/// Who plays Black after the nigiri (GTR "Nigiri"): White or Black as paired.
pub(super) fn nigiri(form: &BoardForm) -> Result<Colour, FormError> {
    let holder = match form.nigiri_holder.as_str() {
        "white" => Colour::White,
        "black" => Colour::Black,
        _ => return Err(FormError::Field("nigiri.choose_holder")),
    };
    let stones = form
        .nigiri_stones
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or(FormError::Field("counting.bad_number"))?;
    let guess = match form.nigiri_guess.as_str() {
        "odd" => Guess::Odd,
        "even" => Guess::Even,
        _ => return Err(FormError::Field("nigiri.choose_guess")),
    };
    let guesser = match holder {
        Colour::White => Colour::Black,
        Colour::Black => Colour::White,
    };
    Ok(if guesser_plays_black(stones, guess) {
        guesser
    } else {
        holder
    })
}

/// How the game is counted: as its ruleset says (a WMSG handicap game by
/// areas: the fill-in formula is for even games), or under custom rules as
/// the referee chose (area unless territory was picked).
pub(super) fn count_kind(form: &BoardForm, board: &Board) -> Kind {
    match Kind::of(board.profile) {
        Some(Kind::FillIn) if board.handicap > 0 => Kind::Area,
        Some(kind) => kind,
        None => match form.count_kind.as_str() {
            "territory" => Kind::Territory,
            _ => Kind::Area,
        },
    }
}

/// The result the referee's count gives under the tournament's rules, or
/// the check that failed (WMSG 2008 Appendix 1, Proc. 8; GTR rulesets).
pub(super) fn counted(form: &BoardForm, board: &Board) -> Result<Outcome, FormError> {
    let number = |text: &str| {
        text.trim()
            .parse::<u32>()
            .map_err(|_| FormError::Field("counting.bad_number"))
    };
    // Prisoners and passes are often none: a blank is 0.
    let or_none = |text: &str| match text.trim() {
        "" => Ok(0),
        text => number(text),
    };
    let sheet = match count_kind(form, board) {
        Kind::FillIn => Sheet::FillIn(FillIn {
            owner: match form.owner.as_str() {
                "black" => Colour::Black,
                "white" => Colour::White,
                _ => return Err(FormError::Field("counting.choose_owner")),
            },
            empty_points: number(&form.empty_points)?,
            losing_stones: number(&form.losing_stones)?,
            seki_point_unfilled: form.seki.is_some(),
            black_moved_last: form.black_last.is_some(),
        }),
        Kind::Area => Sheet::Area {
            black: number(&form.black_area)?,
            white: number(&form.white_area)?,
            black_moved_last: form.black_last.is_some(),
        },
        Kind::Territory => Sheet::Territory {
            black: Side {
                territory: number(&form.black_territory)?,
                prisoners: or_none(&form.black_prisoners)?,
                passes: or_none(&form.black_passes)?,
            },
            white: Side {
                territory: number(&form.white_territory)?,
                prisoners: or_none(&form.white_prisoners)?,
                passes: or_none(&form.white_passes)?,
            },
            white_passed_last: form.white_last_pass.is_some(),
        },
    };
    count(board, &sheet).map_err(FormError::Counting)
}

/// Who moves in a pair go or rengo game, one full turn of both sides from
/// move 1 (RFG App. 4 §3.3), as "⚫ name"; empty for a game of two players.
pub(super) fn order_of_play(t: &Tournament, g: &crate::core::Game) -> Vec<String> {
    let side = |id| {
        let members = t.player(id).map(|p| p.members.clone()).unwrap_or_default();
        (members.len() >= 2).then_some(members)
    };
    let (Some(black), Some(white)) = (side(g.black), side(g.white)) else {
        return Vec::new();
    };
    let turn = 2 * black.len().max(white.len());
    (1..=turn as u32)
        .map(|n| {
            let (colour, _) = member_to_move(n, g.handicap, 1);
            let members = if colour == Colour::Black {
                &black
            } else {
                &white
            };
            let (_, k) = member_to_move(n, g.handicap, members.len());
            let stone = if colour == Colour::Black {
                "⚫"
            } else {
                "⚪"
            };
            format!("{stone} {}", members[k].name)
        })
        .collect()
}

/// The resumption times the tournament published, as the adjournment form
/// offers them; none where games may not be adjourned (GTR "Adjournment").
pub(super) fn resumption_times(t: &crate::core::Tournament) -> Vec<String> {
    let rules = &t.settings().adjournment;
    if !rules.allowed {
        return Vec::new();
    }
    rules.times.iter().map(ToString::to_string).collect()
}
