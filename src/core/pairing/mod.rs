//! Pairing: OpenGotha-compatible McMahon and Swiss, round robin, knockout.

pub mod knockout;
pub mod matching;
pub mod round_robin;
pub mod weights;

/// Why no pairing could be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// No pairing satisfies the hard constraints (e.g. an odd number of players
    /// with nobody allowed the bye).
    #[error("no valid pairing exists")]
    NoValidPairing,
    /// Pair weights are too far apart to be compared without overflow.
    #[error("pair weights are out of the supported range")]
    WeightOutOfRange,
}
