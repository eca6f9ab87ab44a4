//! Team events: matches between teams, read off the individual games of
//! their line-ups, and the team standings.

pub mod matches;
pub mod standings;

#[cfg(test)]
mod tests;
