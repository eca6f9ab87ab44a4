//! Choosing the bye before matching, as OpenGotha's `chooseAByePlayer`.
//!
//! Each candidate weighs `rank + 2·MMS + 1000·(earlier byes)`; the lightest
//! takes the bye, so nobody gets a second bye while someone has none.

use crate::core::ids::{PlayerId, RoundNo};
use crate::core::standings::ScoreSheet;
use crate::core::tournament::Tournament;

/// Weight of one earlier bye: larger than any rank-plus-score difference.
const EARLIER_BYE: i64 = 1000;

/// The player who gets the bye of `round` among `candidates` (in OpenGotha's
/// score order); on equal weights the last candidate wins, as in OpenGotha.
pub fn choose_bye(
    tournament: &Tournament,
    sheet: &ScoreSheet,
    round: RoundNo,
    candidates: &[PlayerId],
) -> Option<PlayerId> {
    let mut best: Option<(i64, PlayerId)> = None;
    for &id in candidates {
        let Some(player) = tournament.player(id) else {
            continue;
        };
        let mms2 = sheet.mms(id).map_or(0, |m| i64::from(m.halves()));
        let byes = tournament
            .byes()
            .iter()
            .filter(|b| b.player == id && b.round < round)
            .count();
        let weight = i64::from(player.rank.opengotha_value()) + mms2 + EARLIER_BYE * byes as i64;
        if best.is_none_or(|(w, _)| weight <= w) {
            best = Some((weight, id));
        }
    }
    best.map(|(_, id)| id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::player::Player;
    use crate::core::rank::Rank;
    use crate::core::round::Bye;
    use crate::core::settings::Settings;
    use crate::core::standings::scores;

    #[test]
    fn bye_goes_to_the_lowest_mcmahon_group_and_never_twice_while_avoidable() {
        let mut t = Tournament::new(Settings::default());
        let ids: Vec<PlayerId> = [Rank::Dan(3), Rank::Kyu(5), Rank::Kyu(15), Rank::Kyu(12)]
            .into_iter()
            .enumerate()
            .map(|(k, rank)| t.register(Player::new(PlayerId(0), &format!("P{k}"), "x", rank)))
            .collect();
        let round1 = RoundNo::FIRST;
        let sheet = scores(&t, 0);
        assert_eq!(choose_bye(&t, &sheet, round1, &ids), Some(ids[2]));
        t.give_bye(Bye {
            round: round1,
            player: ids[2],
        })
        .expect("the bye is free");
        let round2 = RoundNo::from_index(1);
        let sheet = scores(&t, 1);
        assert_eq!(choose_bye(&t, &sheet, round2, &ids), Some(ids[3]));
        assert_eq!(choose_bye(&t, &sheet, round2, &[]), None);
    }
}
