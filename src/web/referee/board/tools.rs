//! The referee's helpers at the board: the WMSG fill-in count with its
//! stone check, the nigiri, and the times an adjourned game may resume at.

use super::BoardForm;
use crate::core::round::Colour;
use crate::core::rules::fill_in::{FillIn, stones_to_review};
use crate::core::rules::nigiri::{Guess, guesser_plays_black};
use crate::core::rules::scoring::Outcome;
use crate::web::acts::FormError;

/// Stones counted after a fill-in count that are not 180, as the referee
/// reviews them: "⚫ 179"; empty when every count given is right.
pub(super) fn review(form: &BoardForm) -> String {
    let count = |text: &str| text.trim().parse::<u32>().ok();
    stones_to_review(count(&form.black_stones), count(&form.white_stones))
        .into_iter()
        .map(|(colour, n)| match colour {
            Colour::Black => format!("⚫ {n}"),
            Colour::White => format!("⚪ {n}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
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

/// The result a fill-in count gives (WMSG 2008 Appendix 1, Proc. 8), or the
/// check that failed.
pub(super) fn counted(form: &BoardForm) -> Result<Outcome, FormError> {
    let owner = match form.owner.as_str() {
        "black" => Colour::Black,
        "white" => Colour::White,
        _ => return Err(FormError::Field("counting.choose_owner")),
    };
    let number = |text: &str| {
        text.trim()
            .parse::<u32>()
            .map_err(|_| FormError::Field("counting.bad_number"))
    };
    FillIn {
        owner,
        empty_points: number(&form.empty_points)?,
        losing_stones: number(&form.losing_stones)?,
        seki_point_unfilled: form.seki.is_some(),
        black_moved_last: form.black_last.is_some(),
    }
    .outcome()
    .map_err(FormError::Counting)
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
