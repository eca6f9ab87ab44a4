//! Knockout (Olympic system): seeded bracket, replays of drawn matches, and the
//! variant where losers keep playing for places.
//!
//! Players are seed indices (0 strongest). A bracket is a list of slots whose
//! length is a power of two; an empty slot is a bye for the player beside it.
//! Invariant: seeds 0 and 1 can only meet in the final of the main bracket.

use super::PairingError;

/// Who won a knockout match, as the match was listed by [`Knockout::matches`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The first-listed player goes through.
    FirstWins,
    /// The second-listed player goes through.
    SecondWins,
    /// Drawn (jigo): the match is replayed.
    Drawn,
    /// Neither goes through (both lose, e.g. a double forfeit): the slot played
    /// for stays empty, so the next opponent goes through without playing. With
    /// losers playing on, both leave the losers' bracket too: it has one slot
    /// per match, and neither earned it over the other.
    Neither,
}

impl Outcome {
    /// The same outcome seen with the two players listed the other way round.
    pub fn reversed(self) -> Outcome {
        match self {
            Outcome::FirstWins => Outcome::SecondWins,
            Outcome::SecondWins => Outcome::FirstWins,
            other => other,
        }
    }
}

/// What the results of a round lead to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Advance {
    /// Some matches were drawn and must be replayed before the round can close.
    Replay(Vec<(usize, usize)>),
    /// Every match is decided: the knockout as it stands for the next round.
    Next(Knockout),
}

/// A knockout in progress: groups of players with the same win/loss record,
/// best record first, each in bracket order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Knockout {
    groups: Vec<Vec<Option<usize>>>,
    losers_play_on: bool,
}

/// First-round slots for `players` seeds: seed k meets the seed mirrored in its
/// half, so the top seeds get the byes and meet as late as possible.
pub fn seeded_slots(players: usize) -> Vec<Option<usize>> {
    let size = players.max(1).next_power_of_two();
    let mut order = vec![0usize];
    while order.len() < size {
        let m = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, m - 1 - s]).collect();
    }
    order
        .into_iter()
        .map(|s| (s < players).then_some(s))
        .collect()
}

impl Knockout {
    /// A knockout of `players` seeds; with `losers_play_on`, the losers of each
    /// round keep playing among themselves so that every place is decided.
    pub fn new(players: usize, losers_play_on: bool) -> Self {
        Knockout {
            groups: vec![seeded_slots(players)],
            losers_play_on,
        }
    }

    /// True once every group is down to one slot: nothing is left to play.
    pub fn is_finished(&self) -> bool {
        self.groups.iter().all(|g| g.len() <= 1)
    }

    /// The slots of each group of equal record, best record first.
    pub fn groups(&self) -> &[Vec<Option<usize>>] {
        &self.groups
    }

    /// The players still in play, best record first; once finished with
    /// losers playing on, this is the final order of places.
    pub fn standing(&self) -> Vec<usize> {
        self.groups.iter().flatten().flatten().copied().collect()
    }

    /// The matches of the current round, group by group in bracket order. A
    /// player facing an empty slot goes through without playing.
    pub fn matches(&self) -> Vec<(usize, usize)> {
        self.groups
            .iter()
            .filter(|g| g.len() > 1)
            .flat_map(|g| g.chunks(2))
            .filter_map(|pair| match pair {
                [Some(a), Some(b)] => Some((*a, *b)),
                _ => None,
            })
            .collect()
    }

    /// Applies `outcomes`, one per entry of [`Knockout::matches`] in order.
    pub fn advance(&self, outcomes: &[Outcome]) -> Result<Advance, PairingError> {
        let matches = self.matches();
        if outcomes.len() != matches.len() || self.is_finished() {
            return Err(PairingError::NoValidPairing);
        }
        let drawn: Vec<_> = matches
            .iter()
            .zip(outcomes)
            .filter(|(_, o)| **o == Outcome::Drawn)
            .map(|(m, _)| *m)
            .collect();
        if !drawn.is_empty() {
            return Ok(Advance::Replay(drawn));
        }
        let mut outcome = outcomes.iter();
        let mut groups = Vec::with_capacity(self.groups.len() * 2);
        for group in &self.groups {
            if group.len() <= 1 {
                groups.push(group.clone());
                continue;
            }
            let (mut winners, mut losers) = (Vec::new(), Vec::new());
            for pair in group.chunks(2) {
                let (w, l) = match (pair[0], pair[1]) {
                    (Some(_), Some(_)) => match outcome.next() {
                        Some(Outcome::FirstWins) => (pair[0], pair[1]),
                        Some(Outcome::Neither) => (None, None),
                        _ => (pair[1], pair[0]),
                    },
                    (Some(_), None) | (None, None) => (pair[0], None),
                    (None, Some(_)) => (pair[1], None),
                };
                winners.push(w);
                losers.push(l);
            }
            groups.push(winners);
            if self.losers_play_on {
                groups.push(losers);
            }
        }
        let next = Knockout {
            groups,
            losers_play_on: self.losers_play_on,
        };
        // Empty slots (double forfeits) can leave a round with nothing to play:
        // it is no round at all, so the bracket moves on at once.
        if !next.is_finished() && next.matches().is_empty() {
            return next.advance(&[]);
        }
        Ok(Advance::Next(next))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays a knockout to the end, the lower seed always winning.
    fn play_out(players: usize, losers_play_on: bool) -> (Knockout, usize) {
        let mut k = Knockout::new(players, losers_play_on);
        let mut rounds = 0;
        while !k.is_finished() {
            let outcomes: Vec<_> = k
                .matches()
                .iter()
                .map(|(a, b)| {
                    if a < b {
                        Outcome::FirstWins
                    } else {
                        Outcome::SecondWins
                    }
                })
                .collect();
            match k.advance(&outcomes).unwrap() {
                Advance::Next(next) => k = next,
                Advance::Replay(_) => unreachable!("no draws were played"),
            }
            rounds += 1;
        }
        (k, rounds)
    }

    #[test]
    fn top_seeds_meet_only_in_the_final_and_get_the_byes() {
        assert_eq!(
            seeded_slots(6),
            vec![
                Some(0),
                None,
                Some(3),
                Some(4),
                Some(1),
                None,
                Some(2),
                Some(5)
            ]
        );
        let k = Knockout::new(6, false);
        assert_eq!(k.matches(), vec![(3, 4), (2, 5)]);
    }

    #[test]
    fn the_strongest_seed_wins_when_the_stronger_player_always_wins() {
        let (k, rounds) = play_out(13, false);
        assert_eq!(k.standing(), vec![0]);
        assert_eq!(rounds, 4);
    }

    #[test]
    fn when_losers_play_on_every_place_is_decided() {
        let (k, rounds) = play_out(8, true);
        assert_eq!(k.standing(), (0..8).collect::<Vec<_>>());
        assert_eq!(rounds, 3);
        let (k, _) = play_out(5, true);
        assert_eq!(k.standing(), (0..5).collect::<Vec<_>>());
    }

    #[test]
    fn a_drawn_match_is_replayed_before_the_round_closes() {
        let k = Knockout::new(4, false);
        assert_eq!(k.matches(), vec![(0, 3), (1, 2)]);
        let replay = k.advance(&[Outcome::FirstWins, Outcome::Drawn]).unwrap();
        assert_eq!(replay, Advance::Replay(vec![(1, 2)]));
        let Advance::Next(next) = k
            .advance(&[Outcome::FirstWins, Outcome::SecondWins])
            .unwrap()
        else {
            panic!("all matches were decided");
        };
        assert_eq!(next.matches(), vec![(0, 2)]);
    }

    #[test]
    fn a_double_forfeit_lets_the_next_opponent_through_without_playing() {
        let k = Knockout::new(4, false);
        let Advance::Next(next) = k.advance(&[Outcome::Neither, Outcome::FirstWins]).unwrap()
        else {
            panic!("all matches were decided");
        };
        assert!(next.is_finished());
        assert_eq!(next.standing(), vec![1]);
        let k = Knockout::new(4, true);
        let Advance::Next(next) = k.advance(&[Outcome::Neither, Outcome::FirstWins]).unwrap()
        else {
            panic!("all matches were decided");
        };
        assert!(next.matches().is_empty());
        assert!(next.is_finished(), "{next:?}");
        assert_eq!(next.standing(), vec![1, 2]);
    }

    #[test]
    fn outcomes_must_match_the_matches() {
        let k = Knockout::new(4, false);
        assert_eq!(
            k.advance(&[Outcome::FirstWins]),
            Err(PairingError::NoValidPairing)
        );
    }
}
