//! A pair go or rengo side's members as typed on the player form, one a
//! line (RFG App. 4 §3).

use std::str::FromStr;

use super::FieldProblem;
use crate::core::player::{Gender, Member};
use crate::core::settings::Sides;
use crate::core::{Rank, Rating};

/// A gender written after a member's strength: `f`/`w`/`ж` or `m`/`м`/`ч`.
fn gender(text: &str) -> Option<Gender> {
    match text.trim().to_lowercase().as_str() {
        "f" | "w" | "ж" => Some(Gender::Female),
        "m" | "м" | "ч" => Some(Gender::Male),
        _ => None,
    }
}

/// The members of a side, one a line: `name, rating` or `name, rank`
/// (a rank gives its rating), then, for pair go, `f` or `m`. A line that
/// cannot be read, a count the event's `sides` do not allow, or a pair
/// that is not a woman and a man (Ukrainian rules IV.1.2; RFG App. 4 §3.1)
/// is a problem of the field `members`.
pub(super) fn members(text: &str, sides: Sides, problems: &mut Vec<FieldProblem>) -> Vec<Member> {
    let mut members = Vec::new();
    for (line, text) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let (text, gender) = match text.rsplit_once(',') {
            Some((rest, last)) if gender(last).is_some() => (rest, gender(last)),
            _ => (text, None),
        };
        let member = text.rsplit_once(',').and_then(|(name, strength)| {
            let strength = strength.trim();
            let rating = match strength.parse::<i32>() {
                Ok(r) if (Rating::MIN..=Rating::MAX).contains(&r) => Rating::new(r),
                Ok(_) => return None,
                Err(_) => Rating::of_rank(Rank::from_str(strength).ok()?),
            };
            let name = super::text::name(name);
            (!name.is_empty() && name.chars().count() <= 60).then_some(Member {
                name,
                rating,
                gender,
            })
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
    let genders: Vec<_> = members.iter().map(|m| m.gender).collect();
    let man_first = genders == [Some(Gender::Male), Some(Gender::Female)];
    let mixed = genders == [Some(Gender::Female), Some(Gender::Male)] || man_first;
    if sides == Sides::PairGo && problems.iter().all(|p| p.field != "members") {
        if !mixed {
            problems.push(FieldProblem::new("members", "side.error.pair_genders"));
        } else if man_first {
            // RFG App. 4 §3.3: the woman makes her side's first move, and
            // the side is listed (and named) in its order of play.
            problems.push(FieldProblem::new("members", "side.error.pair_order"));
        }
    }
    members
}

/// A member as the player form's line reads it back: `name, rating`, and
/// for pair go `f` or `m`, so that a side's form saves unchanged.
pub fn member_line(member: &Member) -> String {
    let gender = match member.gender {
        Some(Gender::Female) => ", f",
        Some(Gender::Male) => ", m",
        None => "",
    };
    format!("{}, {}{gender}", member.name, member.rating)
}

/// The mean rating of a side's members, rounded to the nearest point; the
/// handicap between sides takes the exact means (RFG App. 4 §3.7.5).
pub(super) fn mean_rating(members: &[Member]) -> Option<Rating> {
    let n = i32::try_from(members.len()).ok().filter(|&n| n > 0)?;
    let sum: i32 = members.iter().map(|m| m.rating.gor()).sum();
    Some(Rating::new((2 * sum + n).div_euclid(2 * n)))
}
