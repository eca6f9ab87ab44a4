//! Nigiri (GTR "Nigiri"): the older player takes a handful of white
//! stones, the other shows one black stone to guess "odd" or two to guess
//! "even"; a right guess takes Black, a wrong one leaves Black to the
//! player holding the stones.

/// The guesser's call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guess {
    /// One black stone shown.
    Odd,
    /// Two black stones shown.
    Even,
}

/// Whether the guesser plays Black, given the white stones counted out of
/// the holder's hand.
pub fn guesser_plays_black(white_stones: u32, guess: Guess) -> bool {
    let odd = white_stones % 2 == 1;
    odd == (guess == Guess::Odd)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eleven_stones_and_a_guess_of_odd_give_the_guesser_black() {
        assert!(guesser_plays_black(11, Guess::Odd));
    }

    #[test]
    fn twelve_stones_and_a_guess_of_odd_give_the_holder_black() {
        assert!(!guesser_plays_black(12, Guess::Odd));
    }

    #[test]
    fn twelve_stones_and_a_guess_of_even_give_the_guesser_black() {
        assert!(guesser_plays_black(12, Guess::Even));
        assert!(!guesser_plays_black(11, Guess::Even));
    }
}
