//! Prizes by place: money pooled and split among players sharing places,
//! titles for every player of a shared place, and indivisible prizes by
//! the strict order (RFG App. 9 §1.2–1.4).

use crate::core::ids::PlayerId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The places a line holds: one, or a range shared by equal players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Places {
    /// The first place of the range.
    pub first: u32,
    /// The last place of the range (`first` when not shared).
    pub last: u32,
}

impl fmt::Display for Places {
    /// `3`, or `2–3` with an en dash: a spreadsheet reads `2-3` as a date.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "{}", self.first)
        } else {
            write!(f, "{}–{}", self.first, self.last)
        }
    }
}

/// What one place wins.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prize {
    /// The place, from 1.
    pub place: u32,
    /// Money, in whole units of the tournament's currency.
    pub money: u64,
    /// A title attached to the place ("Champion of Kyiv"), or "".
    pub title: String,
    /// An indivisible prize (a qualification place, a ticket), or "".
    pub award: String,
}

/// What one player receives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Award {
    pub player: PlayerId,
    /// Money in hundredths of a unit: a pooled sum split equally.
    pub cents: u64,
    /// Titles of the shared place.
    pub title: String,
    /// An indivisible prize, by the strict order.
    pub award: String,
}

/// The awards of `table`, players in strict order, each with the places it
/// shares: the money of a shared range of places is pooled and split
/// equally (§1.3), each tied player takes the title of the range's first
/// place (§1.2), and an indivisible prize goes to the player whose strict
/// position is its place (§1.4). Players who win nothing are left out.
pub fn awards(table: &[(PlayerId, Places)], prizes: &[Prize]) -> Vec<Award> {
    let prize = |place: u32| prizes.iter().find(|p| p.place == place);
    table
        .iter()
        .zip(1u32..)
        .filter_map(|((player, places), position)| {
            let pooled: u64 = (places.first..=places.last)
                .filter_map(prize)
                .map(|p| p.money)
                .sum();
            let sharing = u64::from(places.last - places.first + 1);
            let award = Award {
                player: *player,
                cents: pooled * 100 / sharing,
                title: prize(places.first)
                    .map(|p| p.title.clone())
                    .unwrap_or_default(),
                award: prize(position).map(|p| p.award.clone()).unwrap_or_default(),
            };
            (award.cents > 0 || !award.title.is_empty() || !award.award.is_empty()).then_some(award)
        })
        .collect()
}

/// Prizes typed one a line, `place; money; title; award`, any of the last
/// three left empty (`1; 500; Champion; qualification`, `4; 50`); the
/// number of the first line that cannot be read.
pub fn read_lines(text: &str) -> Result<Vec<Prize>, usize> {
    let mut prizes: Vec<Prize> = Vec::new();
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let mut parts = line.split(';').map(str::trim);
        let place = parts
            .next()
            .and_then(|p| p.parse::<u32>().ok())
            .filter(|p| *p > 0);
        let money = match parts.next() {
            None | Some("") => Some(0),
            Some(m) => m.parse::<u64>().ok(),
        };
        let title = parts.next().unwrap_or_default().to_string();
        let award = parts.next().unwrap_or_default().to_string();
        match (place, money, parts.next()) {
            (Some(place), Some(money), None) if !prizes.iter().any(|p| p.place == place) => prizes
                .push(Prize {
                    place,
                    money,
                    title,
                    award,
                }),
            _ => return Err(i + 1),
        }
    }
    prizes.sort_by_key(|p| p.place);
    Ok(prizes)
}

/// A prize as [`read_lines`] reads it back.
pub fn line(p: &Prize) -> String {
    format!("{}; {}; {}; {}", p.place, p.money, p.title, p.award)
        .trim_end_matches([';', ' '])
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places(first: u32, last: u32) -> Places {
        Places { first, last }
    }

    fn prizes() -> Vec<Prize> {
        vec![
            Prize {
                place: 1,
                money: 500,
                title: "Champion".into(),
                award: "Qualification".into(),
            },
            Prize {
                place: 2,
                money: 300,
                title: "Silver".into(),
                award: "Qualification".into(),
            },
            Prize {
                place: 3,
                money: 100,
                title: "Bronze".into(),
                award: String::new(),
            },
        ]
    }

    #[test]
    fn players_sharing_second_and_third_split_three_hundred_and_one_hundred() {
        let table = [
            (PlayerId(1), places(1, 1)),
            (PlayerId(2), places(2, 3)),
            (PlayerId(3), places(2, 3)),
            (PlayerId(4), places(4, 4)),
        ];
        let a = awards(&table, &prizes());
        assert_eq!(a.len(), 3, "the fourth wins nothing");
        assert_eq!(a[0].cents, 50_000);
        assert_eq!((a[1].cents, a[2].cents), (20_000, 20_000));
    }

    #[test]
    fn an_indivisible_prize_goes_by_the_strict_order_and_titles_to_every_tied_player() {
        let table = [
            (PlayerId(7), places(1, 1)),
            (PlayerId(8), places(2, 3)),
            (PlayerId(9), places(2, 3)),
        ];
        let a = awards(&table, &prizes());
        // The two qualification places go to positions 1 and 2 of the strict order.
        assert_eq!(a[1].award, "Qualification");
        assert_eq!(a[2].award, "", "position 3 has no qualification");
        // Both share place 2: both are "Silver".
        assert_eq!(
            (a[1].title.as_str(), a[2].title.as_str()),
            ("Silver", "Silver")
        );
        assert_eq!(a[0].title, "Champion");
    }

    #[test]
    fn prize_lines_read_back_and_a_bad_or_repeated_place_names_its_line() {
        let typed = "1; 500; Champion; Qualification\n\n3; 100\n2; 300; Silver";
        let read = read_lines(typed).unwrap();
        assert_eq!(read.iter().map(|p| p.place).collect::<Vec<_>>(), [1, 2, 3]);
        let text = read.iter().map(line).collect::<Vec<_>>().join("\n");
        assert_eq!(read_lines(&text).unwrap(), read);
        assert_eq!(read_lines("1; 500\nfirst; 10"), Err(2));
        assert_eq!(read_lines("1; 500\n1; 10"), Err(2));
        assert_eq!(read_lines("1; -5"), Err(1));
    }

    #[test]
    fn a_sum_that_does_not_divide_keeps_every_cent_it_can() {
        let table = [
            (PlayerId(1), places(1, 3)),
            (PlayerId(2), places(1, 3)),
            (PlayerId(3), places(1, 3)),
        ];
        let a = awards(&table, &prizes()[..1]);
        assert!(a.iter().all(|x| x.cents == 16_666), "{a:?}");
    }
}
