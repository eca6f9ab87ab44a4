//! The players of a results file in final order, each with their criteria
//! and one token per round, and OpenGotha's way of cutting and padding the
//! columns: the EGF's `.h9` ([`super::h9`]) and the FFG's `.tou`
//! ([`super::tou`]) list the same lines.

use crate::core::ids::{PlayerId, RoundNo};
use crate::core::player::Player;
use crate::core::rank::Rank;
use crate::core::round::{Colour, Game, GameResult, ResultOrigin};
use crate::core::standings::{Criterion, RoundStatus, ScoreSheet, scores, standings};
use crate::core::tournament::Tournament;
use crate::core::units::{HalfPoints, Ratio};
use std::collections::{HashMap, HashSet};

/// OpenGotha's `fullUnblankedName`: blanks inside a name become `_`.
pub(super) fn unblanked_name(player: &Player) -> String {
    format!(
        "{} {}",
        player.name.replace(' ', "_"),
        player.first_name.replace(' ', "_")
    )
}

/// OpenGotha keeps the first four characters of a club when it registers a
/// player (`Player.MAX_CLUB_LENGTH`); Tengen keeps longer names, so the files
/// cut them the same way.
pub(super) fn club(player: &Player) -> String {
    first_chars(&player.club, 4)
}

/// OpenGotha writes ranks from its own scale, where professionals are 7d–9d.
pub(super) fn rank(rank: Rank) -> String {
    Rank::from_opengotha_value(rank.opengotha_value()).to_string()
}

/// One player's line: who, and the criteria values.
pub(super) struct Line {
    pub(super) player: PlayerId,
    pub(super) values: Vec<(Option<Criterion>, Ratio)>,
}

/// The players written, in order, with what the tokens need; the FFG's
/// `.tou` file lists the same players with the same tokens.
pub(super) struct Lines<'t> {
    tournament: &'t Tournament,
    /// Each player's game of each round, where the results are read.
    games: HashMap<(RoundNo, PlayerId), &'t Game>,
    sheet: ScoreSheet<'t>,
    pub(super) rows: Vec<Line>,
    /// Line number (from 1) of each player: tokens name opponents by it.
    number: HashMap<PlayerId, usize>,
    /// A bye or an absence is worth what McMahon scores give only when MMS
    /// is the first criterion (OpenGotha's `tournamentType()`).
    mcmahon: bool,
}

impl<'t> Lines<'t> {
    pub(super) fn new(tournament: &'t Tournament, played: &'t Tournament) -> Self {
        let settings = tournament.settings();
        let rounds = settings.number_of_rounds;
        let table = standings(tournament, rounds, &settings.placement);
        // OpenGotha `isPlayerImplied`: players with no game and no bye are
        // left out, whatever the standings display shows.
        let implied: HashSet<PlayerId> = tournament
            .games()
            .iter()
            .flat_map(|g| [g.white, g.black])
            .chain(tournament.byes().iter().map(|b| b.player))
            .collect();
        let rows: Vec<Line> = table
            .rows
            .iter()
            .filter(|row| implied.contains(&row.player))
            .map(|row| Line {
                player: row.player,
                values: if settings.placement.is_empty() {
                    vec![(None, Ratio::whole(0))]
                } else {
                    settings
                        .placement
                        .iter()
                        .map(|c| Some(*c))
                        .zip(row.values.iter().copied())
                        .collect()
                },
            })
            .collect();
        let number = rows
            .iter()
            .enumerate()
            .map(|(i, line)| (line.player, i + 1))
            .collect();
        Lines {
            tournament,
            games: played
                .games()
                .iter()
                .flat_map(|g| [((g.round, g.white), g), ((g.round, g.black), g)])
                .collect(),
            sheet: scores(tournament, rounds),
            rows,
            number,
            mcmahon: settings.placement.first() == Some(&Criterion::Mms),
        }
    }

    /// The place column: blank when equal on every criterion to the line
    /// above (OpenGotha `positionStrings`), else the line number of the
    /// first of the tied lines.
    pub(super) fn place(&self, index: usize) -> String {
        let tied_with = |i: usize| i > 0 && self.rows[i].values == self.rows[i - 1].values;
        if tied_with(index) {
            return "    ".into();
        }
        padded_left(&(index + 1).to_string(), 4)
    }

    /// A round as OpenGotha's `halfGamesStrings` writes it: opponent's line,
    /// `+ - = ?`, then (full format) `/` or `!` for by default, the colour
    /// (`?` when not known) and the handicap.
    pub(super) fn token(&self, player: PlayerId, round: RoundNo, short: bool) -> String {
        match self.game(player, round) {
            Some(game) => {
                let opponent = game.opponent_of(player).expect("the player is in the game");
                let number = self.number.get(&opponent).copied().unwrap_or(0);
                let colour = game.colour_of(player).expect("the player is in the game");
                let mut token = format!("{number}{}", outcome(game, colour));
                // The short format has no `!`: OpenGotha 3.51 writes a game
                // won by default there as a plain win, which the export's
                // "drop" then cannot see. Kept so: the file must be OpenGotha's.
                if !short {
                    let by_default = game.origin == ResultOrigin::ByDefault
                        && game.result != GameResult::Unknown;
                    token.push(if by_default { '!' } else { '/' });
                    token.push(match (game.colours_known, colour) {
                        (false, _) => '?',
                        (true, Colour::White) => 'w',
                        (true, Colour::Black) => 'b',
                    });
                    token.push_str(&game.handicap.to_string());
                }
                token
            }
            None => format!("0{}   ", self.unplayed(player, round)),
        }
    }

    fn game(&self, player: PlayerId, round: RoundNo) -> Option<&'t Game> {
        self.games.get(&(round, player)).copied()
    }

    /// `+`, `=` or `-` for a round without a game, from the points the
    /// settings give a bye or an absence; a player left unpaired gets `-`.
    fn unplayed(&self, player: PlayerId, round: RoundNo) -> char {
        let points = &self.tournament.settings().unplayed;
        let value = match self.sheet.status(player, round) {
            Some(RoundStatus::Bye) if self.mcmahon => points.mms_bye,
            Some(RoundStatus::Bye) => points.nbw_bye,
            Some(RoundStatus::Absent) if self.mcmahon => points.mms_absent,
            Some(RoundStatus::Absent) => points.nbw_absent,
            _ => HalfPoints::ZERO,
        };
        match value.halves() {
            2 => '+',
            1 => '=',
            _ => '-',
        }
    }
}

/// The result from one side: both-win is a win and both-lose a loss for each.
fn outcome(game: &Game, colour: Colour) -> char {
    match (game.result, colour) {
        (GameResult::Unknown, _) => '?',
        (GameResult::Jigo, _) => '=',
        (GameResult::BothWin, _)
        | (GameResult::WhiteWins, Colour::White)
        | (GameResult::BlackWins, Colour::Black) => '+',
        _ => '-',
    }
}

/// OpenGotha right-aligns by prefixing blanks and keeping the last `width`
/// characters, so a longer value loses its beginning.
pub(super) fn last_chars(text: &str, width: usize) -> String {
    let padded = format!("{}{text}", " ".repeat(width));
    let skip = padded.chars().count() - width;
    padded.chars().skip(skip).collect()
}

pub(super) fn first_chars(text: &str, width: usize) -> String {
    text.trim().chars().take(width).collect()
}

pub(super) fn padded_left(text: &str, width: usize) -> String {
    format!("{text:>width$}")
}

/// Pads with blanks or cuts to exactly `width` characters.
pub(super) fn padded_right(text: &str, width: usize) -> String {
    format!("{:<width$}", first_chars_raw(text, width))
}

fn first_chars_raw(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}
