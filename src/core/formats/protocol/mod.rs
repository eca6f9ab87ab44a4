//! The final protocol (итоговый протокол / підсумковий протокол) as data,
//! and as a spreadsheet (CSV).
//!
//! What the rules ask it to hold, and where:
//! - RFG code 26.2.1 с) the chief referee keeps the protocol of every round,
//!   з) and after the event sends the table and the data for the rating;
//!   App. 9 §2.1: the placement criteria decide the places "в финальном
//!   протоколе"; App. 9 §1.1–1.4: shared places and the titles and prizes that
//!   follow them; App. 9 §6.2: in McMahon and Swiss the criteria matter only
//!   for the top group, so lower lines print them without deciding prizes;
//!   `requirements-rfg-code.md` §13.3 derives from the code the record of
//!   pairings, colours, handicaps, byes, forfeits and officials.
//! - Ukrainian rules III.8: prepared by the chief referee, it holds 1) the
//!   name, place and dates, 2) the rank norms fulfilled, 3) the final table
//!   with surnames and first names; III.2 4)–8): system, time control,
//!   scoring, colours and criteria, which the header repeats; V.1: the panel
//!   (chief referee, deputies, chief secretary, referees).
//!
//! Shared places are written as a range, `2–3`. RFG App. 9 §1.1 gives the
//! tied players one equal place, and §1.3 splits "the sums meant for the
//! places they took" equally, so the places they share are what a reader
//! needs; the range says it whichever way the equal place is numbered
//! (requirements GAP 6), and the Ukrainian rules are silent. Rows stay in the
//! criteria's strict order, which §1.4 keeps for indivisible prizes, and
//! every row has its own number, which the round cells name as opponents.

use crate::core::ids::{PlayerId, RoundNo};
pub use crate::core::prizes::Places;
use crate::core::rank::Rank;
use crate::core::round::{Colour, GameResult, ResultOrigin};
use crate::core::settings::{General, HandicapSettings, RulesOfPlay, System, TimeSystem};
use crate::core::standings::{Criterion, standings};
use crate::core::tournament::Tournament;
use crate::core::units::Ratio;
use std::collections::HashMap;
use std::fmt::Write as _;

/// The protocol after a number of rounds.
#[derive(Debug, Clone, PartialEq)]
pub struct Protocol {
    /// Name, place, dates, director, referee panel and rank norms.
    pub general: General,
    /// The rank norms the protocol reports (III.8 2)).
    pub rank_norms: RankNorms,
    /// Pairing system.
    pub system: System,
    /// Rounds planned.
    pub planned_rounds: u32,
    /// Rounds the table counts.
    pub rounds: u32,
    /// Time control.
    pub time: TimeSystem,
    /// Board size, komi, tie rule.
    pub rules: RulesOfPlay,
    /// Handicap rules.
    pub handicap: HandicapSettings,
    /// The McMahon bar and floor, and the pairing parameters, which the
    /// regulations publish (RFG App. 7 §1.5).
    pub mcmahon: crate::core::settings::McMahon,
    pub pairing: crate::core::pairing::parameters::PairingParameters,
    /// What each place wins.
    pub prizes: Vec<crate::core::prizes::Prize>,
    /// Placement criteria, most important first.
    pub criteria: Vec<Criterion>,
    /// One line per player, first place first.
    pub lines: Vec<Line>,
}

/// The rank norms fulfilled, as the protocol reports them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RankNorms {
    /// As the chief referee words them; empty when none is recorded.
    Fulfilled(String),
    /// None is awarded in an inclusive event (Ukrainian rules XIII.6),
    /// whatever was written.
    NotAwarded,
}

/// A player's line.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Position in the strict order, from 1: what round cells name.
    pub number: u32,
    /// The place, shared with the players equal on every criterion.
    pub place: Places,
    /// The player.
    pub player: PlayerId,
    /// Surname.
    pub surname: String,
    /// First name.
    pub first_name: String,
    /// Rank.
    pub rank: Rank,
    /// Club, or the country when no club is given.
    pub club: String,
    /// Rounds 1..=`rounds`.
    pub cells: Vec<Cell>,
    /// Criteria values, in the order of [`Protocol::criteria`].
    pub values: Vec<Ratio>,
}

/// What a player did in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    /// A game.
    Game {
        /// The opponent's [`Line::number`].
        opponent: u32,
        /// The player's colour, when known.
        colour: Option<Colour>,
        /// The result for the player.
        outcome: Outcome,
        /// Won or lost by default (forfeit).
        by_default: bool,
        /// Handicap stones (0: even).
        handicap: u8,
    },
    /// A bye.
    Bye,
    /// Neither game nor bye (absent, or not yet registered).
    NoGame,
}

/// A game's result for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Won (also when both were given the win).
    Win,
    /// Lost (also when both were given the loss).
    Loss,
    /// Jigo.
    Jigo,
    /// Not entered yet.
    Unknown,
}

/// The words a cell is written with, in the reader's language.
#[derive(Debug, Clone, Copy)]
pub struct CellWords<'a> {
    /// The letter for White (`w`, `б`).
    pub white: &'a str,
    /// The letter for Black (`b`, `ч`).
    pub black: &'a str,
    /// A bye.
    pub bye: &'a str,
}

impl Cell {
    /// The cell as wallcharts write it: the opponent's number, `+` win, `−`
    /// loss, `=` jigo, `!` by default, then the colour and the handicap
    /// (`4+/w`, `2−!/b3`); a bye and a round without a game in words.
    pub fn text(&self, words: &CellWords) -> String {
        match *self {
            Cell::Bye => words.bye.to_string(),
            Cell::NoGame => "—".to_string(),
            Cell::Game {
                opponent,
                colour,
                outcome,
                by_default,
                handicap,
            } => {
                let mut out = opponent.to_string();
                out.push_str(match outcome {
                    Outcome::Win => "+",
                    Outcome::Loss => "−",
                    Outcome::Jigo => "=",
                    Outcome::Unknown => "?",
                });
                if by_default {
                    out.push('!');
                }
                out.push('/');
                out.push_str(match colour {
                    Some(Colour::White) => words.white,
                    Some(Colour::Black) => words.black,
                    None => "?",
                });
                if handicap > 0 {
                    let _ = write!(out, "{handicap}");
                }
                out
            }
        }
    }
}

/// The protocol of `tournament` after `rounds` rounds, its players in the
/// order and with the places of [`standings`] by the tournament's criteria.
pub fn protocol(tournament: &Tournament, rounds: u32) -> Protocol {
    let settings = tournament.settings();
    let criteria = settings.placement.clone();
    let table = standings(tournament, rounds, &criteria);
    let numbers: HashMap<PlayerId, u32> = table
        .rows
        .iter()
        .zip(1..)
        .map(|(row, n)| (row.player, n))
        .collect();
    let mut shared: HashMap<u32, u32> = HashMap::new();
    for row in &table.rows {
        *shared.entry(row.place).or_default() += 1;
    }
    let lines = table
        .rows
        .iter()
        .zip(1..)
        .filter_map(|(row, number)| {
            let p = tournament.player(row.player)?;
            let club = if p.club.is_empty() {
                &p.country
            } else {
                &p.club
            };
            Some(Line {
                number,
                place: Places {
                    first: row.place,
                    last: row.place + shared[&row.place] - 1,
                },
                player: p.id,
                surname: p.name.clone(),
                first_name: p.first_name.clone(),
                rank: p.rank,
                club: club.clone(),
                cells: (1..=table.rounds)
                    .filter_map(RoundNo::new)
                    .map(|round| cell(tournament, &numbers, p.id, round))
                    .collect(),
                values: row.values.clone(),
            })
        })
        .collect();
    Protocol {
        mcmahon: settings.mcmahon,
        prizes: settings.prizes.clone(),
        pairing: settings.pairing.clone(),
        general: settings.general.clone(),
        rank_norms: if settings.admission.inclusive {
            RankNorms::NotAwarded
        } else {
            RankNorms::Fulfilled(settings.general.rank_norms.clone())
        },
        system: settings.system,
        planned_rounds: settings.number_of_rounds,
        rounds: table.rounds,
        time: settings.time,
        rules: settings.rules,
        handicap: settings.handicap,
        criteria,
        lines,
    }
}

fn cell(
    tournament: &Tournament,
    numbers: &HashMap<PlayerId, u32>,
    player: PlayerId,
    round: RoundNo,
) -> Cell {
    if tournament
        .byes()
        .iter()
        .any(|b| b.round == round && b.player == player)
    {
        return Cell::Bye;
    }
    let Some(game) = tournament
        .games()
        .iter()
        .find(|g| g.round == round && g.colour_of(player).is_some())
    else {
        return Cell::NoGame;
    };
    let colour = game.colour_of(player);
    let opponent = game.opponent_of(player).and_then(|o| numbers.get(&o));
    debug_assert!(
        opponent.is_some(),
        "an opponent with a game is in the standings"
    );
    let outcome = match (game.result, colour) {
        (GameResult::Unknown, _) => Outcome::Unknown,
        (GameResult::Jigo, _) => Outcome::Jigo,
        (GameResult::BothWin, _) => Outcome::Win,
        (GameResult::BothLose, _) => Outcome::Loss,
        (GameResult::WhiteWins, Some(Colour::White))
        | (GameResult::BlackWins, Some(Colour::Black)) => Outcome::Win,
        _ => Outcome::Loss,
    };
    Cell::Game {
        opponent: opponent.copied().unwrap_or(0),
        colour: game.colours_known.then_some(colour).flatten(),
        outcome,
        by_default: game.origin == ResultOrigin::ByDefault,
        handicap: game.handicap,
    }
}

/// The spreadsheet's words, in the reader's language: the header lines
/// already written out (time control, handicap rules), the column titles and
/// the panel's roles.
#[derive(Debug, Clone)]
pub struct Words<'a> {
    /// The title line ("Итоговый протокол").
    pub title: &'a str,
    /// Label and value of each header line, in order.
    pub header: Vec<(String, String)>,
    /// Titles of №, place, surname, first name, rank, club or city.
    pub columns: [&'a str; 6],
    /// The title of a round's column, before its number ("Тур").
    pub round: &'a str,
    /// How cells are written.
    pub cells: CellWords<'a>,
    /// Write decimals with a comma, as Excel reads numbers in Russian and
    /// Ukrainian locales (a point would make `12.5` a date there).
    pub decimal_comma: bool,
    /// The roles of the director, chief referee, chief secretary and referees.
    pub roles: [&'a str; 4],
}

/// A criterion value as a spreadsheet or a page shows it.
pub fn value(criterion: Criterion, value: Ratio, decimal_comma: bool) -> String {
    let text = super::standings_tsv::shown(criterion, value);
    if decimal_comma {
        text.replace('.', ",")
    } else {
        text
    }
}

/// The protocol as CSV for a spreadsheet: UTF-8 with a byte-order mark, so
/// Excel reads Cyrillic as UTF-8 rather than the ANSI code page; fields
/// separated by `;`, the list separator of Windows' Russian and Ukrainian
/// locales (their decimal separator is the comma), which Excel splits on when
/// it opens the file; CRLF line ends and quotes as RFC 4180.
pub fn csv(protocol: &Protocol, words: &Words) -> String {
    let mut rows: Vec<Vec<String>> = vec![vec![words.title.to_string()]];
    rows.push(vec![protocol.general.name.clone()]);
    for (label, text) in &words.header {
        rows.push(vec![label.clone(), text.clone()]);
    }
    rows.push(Vec::new());
    let mut titles: Vec<String> = words.columns.iter().map(|c| c.to_string()).collect();
    titles.extend((1..=protocol.rounds).map(|r| format!("{} {r}", words.round)));
    titles.extend(protocol.criteria.iter().map(|c| c.name().to_string()));
    rows.push(titles);
    for line in &protocol.lines {
        let mut row = vec![
            line.number.to_string(),
            line.place.to_string(),
            line.surname.clone(),
            line.first_name.clone(),
            line.rank.to_string(),
            line.club.clone(),
        ];
        row.extend(line.cells.iter().map(|c| c.text(&words.cells)));
        row.extend(
            protocol
                .criteria
                .iter()
                .zip(&line.values)
                .map(|(c, v)| value(*c, *v, words.decimal_comma)),
        );
        rows.push(row);
    }
    rows.push(Vec::new());
    let panel = &protocol.general.panel;
    let mut people = vec![
        (words.roles[0], protocol.general.director.as_str(), ""),
        (
            words.roles[1],
            panel.chief_referee.name.as_str(),
            panel.chief_referee.category.as_str(),
        ),
        (
            words.roles[2],
            panel.chief_secretary.name.as_str(),
            panel.chief_secretary.category.as_str(),
        ),
    ];
    people.extend(
        panel
            .referees
            .iter()
            .map(|r| (words.roles[3], r.name.as_str(), r.category.as_str())),
    );
    for (role, name, category) in people.into_iter().filter(|(_, n, _)| !n.is_empty()) {
        rows.push(vec![
            role.to_string(),
            name.to_string(),
            category.to_string(),
        ]);
    }
    let mut out = String::from("\u{feff}");
    for row in rows {
        let fields: Vec<String> = row.iter().map(|f| quoted(f)).collect();
        out.push_str(&fields.join(";"));
        out.push_str("\r\n");
    }
    out
}

/// A field quoted when it holds the separator, a quote or a line break.
fn quoted(field: &str) -> String {
    if field.contains([';', '"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

#[cfg(test)]
mod tests;
