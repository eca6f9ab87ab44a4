//! A pair go or rengo side's members as typed on the player form, one a
//! line (RFG App. 4 §3).

use std::str::FromStr;

use super::FieldProblem;
use crate::core::player::Member;
use crate::core::settings::Sides;
use crate::core::{Rank, Rating};

/// The members of a side, one a line: `name, rating` or `name, rank`
/// (a rank gives its rating). A line that cannot be read, or a count the
/// event's `sides` do not allow, is a problem of the field `members`.
pub(super) fn members(text: &str, sides: Sides, problems: &mut Vec<FieldProblem>) -> Vec<Member> {
    let mut members = Vec::new();
    for (line, text) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let member = text.rsplit_once(',').and_then(|(name, strength)| {
            let strength = strength.trim();
            let rating = match strength.parse::<i32>() {
                Ok(r) if (Rating::MIN..=Rating::MAX).contains(&r) => Rating::new(r),
                Ok(_) => return None,
                Err(_) => Rating::of_rank(Rank::from_str(strength).ok()?),
            };
            let name = super::text::name(name);
            (!name.is_empty() && name.chars().count() <= 60).then_some(Member { name, rating })
        });
        match member {
            Some(member) => members.push(member),
            None => {
                problems.push(FieldProblem::new("members", "side.error.line").arg("line", line + 1))
            }
        }
    }
    let allowed = sides.members();
    if problems.iter().all(|p| p.field != "members") && !allowed.contains(&members.len()) {
        let key = match sides {
            Sides::Individual => "side.error.individual",
            Sides::PairGo => "side.error.pair",
            Sides::Rengo => "side.error.count",
        };
        problems.push(
            FieldProblem::new("members", key)
                .arg("min", allowed.start())
                .arg("max", allowed.end()),
        );
    }
    members
}

/// The mean rating of a side's members, rounded to the nearest point; the
/// handicap between sides takes the exact means (RFG App. 4 §3.7.5).
pub(super) fn mean_rating(members: &[Member]) -> Option<Rating> {
    let n = i32::try_from(members.len()).ok().filter(|&n| n > 0)?;
    let sum: i32 = members.iter().map(|m| m.rating.gor()).sum();
    Some(Rating::new((2 * sum + n).div_euclid(2 * n)))
}
