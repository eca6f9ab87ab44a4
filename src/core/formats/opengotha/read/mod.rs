//! Reading an OpenGotha file: the XML walk, element by element, then the
//! games, byes and teams once every player is known.

use super::OPENGOTHA_ROUNDS;
use super::keys::PlayerKeys;
use super::problem::{ImportError, Problem};
use crate::core::formats::{XML_MAX_DEPTH, XML_MAX_ELEMENTS, XML_MAX_FOREIGN};
use crate::core::ids::{BoardNo, RoundNo};
use crate::core::player::Player;
use crate::core::rank::Rank;
use crate::core::round::{Bye, Game, GameResult, ResultOrigin};
use crate::core::settings::Settings;
use crate::core::standings::Criterion;
use crate::core::tournament::{ClubsGroup, Team, TeamBoard, Tournament};
use crate::core::units::HalfPoints;
use elements::pairing;
use quick_xml::events::{BytesStart, Event};
use quick_xml::reader::Reader;
use std::collections::HashMap;

mod elements;

/// Reads a tournament from the bytes of an OpenGotha file, in the encoding
/// its XML declaration names (OpenGotha 3.x wrote ISO-8859-1).
pub fn import_bytes(bytes: &[u8]) -> Result<Tournament, ImportError> {
    match crate::core::formats::text::decode_xml(bytes) {
        Ok(text) => import(&text),
        Err(crate::core::formats::text::TextError::UnknownEncoding(label)) => Err(ImportError {
            line: 1,
            problem: Problem::UnknownEncoding(label),
        }),
        Err(crate::core::formats::text::TextError::Malformed { line, encoding }) => {
            Err(ImportError {
                line,
                problem: Problem::WrongEncoding(encoding),
            })
        }
    }
}

/// Reads a tournament from the text of an OpenGotha file.
pub fn import(xml: &str) -> Result<Tournament, ImportError> {
    Importer::new(xml).run()
}

/// A game or bye as read, before player keys are resolved.
struct PendingGame {
    line: usize,
    round: RoundNo,
    board: BoardNo,
    white: String,
    black: String,
    handicap: u8,
    result: GameResult,
    origin: ResultOrigin,
    colours_known: bool,
}

struct PendingBye {
    line: usize,
    round: RoundNo,
    player: String,
}

struct PendingTeam {
    line: usize,
    number: u32,
    name: String,
    boards: Vec<(usize, RoundNo, BoardNo, String)>,
}

struct Importer<'x> {
    xml: &'x str,
    line_at: (usize, usize),
    data_version: i64,
    settings: Settings,
    players: Vec<Player>,
    games: Vec<PendingGame>,
    byes: Vec<PendingBye>,
    teams: Vec<PendingTeam>,
    clubs_groups: Vec<ClubsGroup>,
    criteria: Vec<(u32, Option<Criterion>)>,
    team_criteria: Vec<(u32, String)>,
    seen_placement: bool,
    /// How many `<TeamPlacementParameterSet>` elements are open.
    team_placement_open: usize,
    /// The elements OpenGotha does not write, and the first one's name.
    foreign: (usize, Option<String>),
    /// Whether the root holds `<Players>` or `<TournamentParameterSet>`,
    /// which every OpenGotha file has.
    sections: bool,
}

const TEAM_PLACEMENT: &str = "TeamPlacementParameterSet";

/// The attributes of one element, with the line it starts on.
struct Attrs {
    line: usize,
    element: String,
    values: HashMap<String, String>,
}

impl Attrs {
    fn error(&self, problem: Problem) -> ImportError {
        ImportError {
            line: self.line,
            problem,
        }
    }

    fn bad_value(&self, name: &str, value: &str) -> ImportError {
        self.error(Problem::BadValue {
            element: self.element.clone(),
            attribute: name.to_owned(),
            value: value.to_owned(),
        })
    }

    fn text(&self, name: &str, default: &str) -> String {
        self.values
            .get(name)
            .cloned()
            .unwrap_or_else(|| default.to_owned())
    }

    fn required(&self, name: &str) -> Result<String, ImportError> {
        self.values.get(name).cloned().ok_or_else(|| {
            self.error(Problem::MissingAttribute {
                element: self.element.clone(),
                attribute: name.to_owned(),
            })
        })
    }

    fn number<T: std::str::FromStr>(&self, name: &str, default: &str) -> Result<T, ImportError> {
        let raw = self.text(name, default);
        raw.trim().parse().map_err(|_| self.bad_value(name, &raw))
    }

    /// Java's `Boolean.parseBoolean`: "true" in any case, anything else false.
    fn flag(&self, name: &str, default: bool) -> bool {
        self.values
            .get(name)
            .map_or(default, |v| v.eq_ignore_ascii_case("true"))
    }

    fn rank(&self, name: &str, default: &str) -> Result<Rank, ImportError> {
        let raw = self.text(name, default);
        Rank::parse_lenient(&raw).map_err(|_| self.bad_value(name, &raw))
    }

    fn round(&self, name: &str) -> Result<RoundNo, ImportError> {
        let n: u32 = self.number(name, "1")?;
        RoundNo::new(n).ok_or_else(|| self.bad_value(name, "0"))
    }

    fn half_points(&self, name: &str, default: &str) -> Result<HalfPoints, ImportError> {
        Ok(HalfPoints::from_halves(self.number(name, default)?))
    }
}

impl<'x> Importer<'x> {
    fn new(xml: &'x str) -> Self {
        Importer {
            xml,
            line_at: (0, 1),
            data_version: 200,
            settings: Settings::default(),
            players: Vec::new(),
            games: Vec::new(),
            byes: Vec::new(),
            teams: Vec::new(),
            clubs_groups: Vec::new(),
            criteria: Vec::new(),
            team_criteria: Vec::new(),
            seen_placement: false,
            team_placement_open: 0,
            foreign: (0, None),
            sections: false,
        }
    }

    /// The 1-based line of byte offset `pos` (offsets only grow while reading).
    fn line_of(&mut self, pos: usize) -> usize {
        let pos = pos.min(self.xml.len());
        let (from, line) = self.line_at;
        let (from, line) = if pos < from { (0, 1) } else { (from, line) };
        let line = line
            + self.xml.as_bytes()[from..pos]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
        self.line_at = (pos, line);
        line
    }

    fn run(mut self) -> Result<Tournament, ImportError> {
        let mut reader = Reader::from_str(self.xml);
        reader.config_mut().trim_text(true);
        let mut stack: Vec<String> = Vec::new();
        let mut root_seen = false;
        let mut elements = 0;
        loop {
            let event = reader.read_event();
            let end = reader.buffer_position() as usize;
            if let Ok(Event::Start(_) | Event::Empty(_)) = &event {
                elements += 1;
                let problem = if elements > XML_MAX_ELEMENTS {
                    Some(Problem::TooManyElements(XML_MAX_ELEMENTS))
                } else if matches!(event, Ok(Event::Start(_))) && stack.len() >= XML_MAX_DEPTH {
                    Some(Problem::TooDeep(XML_MAX_DEPTH))
                } else {
                    None
                };
                if let Some(problem) = problem {
                    let line = self.line_of(end);
                    return Err(ImportError { line, problem });
                }
            }
            match event {
                Err(e) => {
                    let line = self.line_of(reader.error_position() as usize);
                    return Err(ImportError {
                        line,
                        problem: Problem::NotXml(e.to_string()),
                    });
                }
                Ok(Event::Start(e)) => {
                    let name = self.element(&e, end, &stack, &mut root_seen)?;
                    self.team_placement_open += usize::from(name == TEAM_PLACEMENT);
                    stack.push(name);
                }
                Ok(Event::Empty(e)) => {
                    self.element(&e, end, &stack, &mut root_seen)?;
                }
                Ok(Event::End(_)) => {
                    let closed = stack.pop();
                    self.team_placement_open -=
                        usize::from(closed.as_deref() == Some(TEAM_PLACEMENT));
                }
                Ok(Event::Eof) => break,
                Ok(_) => {}
            }
        }
        if let Some(open) = stack.last() {
            let line = self.line_of(self.xml.len());
            return Err(ImportError {
                line,
                problem: Problem::Truncated(open.clone()),
            });
        }
        let missing = match (root_seen, self.sections) {
            (false, _) => Some(Problem::NoTournament),
            (true, false) => Some(Problem::NoSections),
            (true, true) => None,
        };
        if let Some(problem) = missing {
            let line = self.line_of(self.xml.len());
            return Err(ImportError { line, problem });
        }
        self.finish()
    }

    /// Handles one start or empty tag ending at byte `end`; returns its name.
    fn element(
        &mut self,
        e: &BytesStart<'_>,
        end: usize,
        stack: &[String],
        root_seen: &mut bool,
    ) -> Result<String, ImportError> {
        let start = self.xml[..end.min(self.xml.len())].rfind('<').unwrap_or(0);
        let line = self.line_of(start);
        let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
        let mut values = HashMap::new();
        for attr in e.attributes() {
            let attr = attr.map_err(|err| ImportError {
                line,
                problem: Problem::BadAttribute {
                    element: name.clone(),
                    detail: err.to_string(),
                },
            })?;
            let key = String::from_utf8_lossy(attr.key.as_ref()).into_owned();
            let value = attr.unescape_value().map_err(|err| ImportError {
                line,
                problem: Problem::BadAttribute {
                    element: name.clone(),
                    detail: err.to_string(),
                },
            })?;
            values.insert(key, value.into_owned());
        }
        let a = Attrs {
            line,
            element: name.clone(),
            values,
        };
        if stack.is_empty() {
            if name != "Tournament" {
                return Err(a.error(Problem::WrongRoot(name)));
            }
            *root_seen = true;
        }
        let parent = stack.last().map(String::as_str);
        if stack.len() == 1 && matches!(name.as_str(), "Players" | "TournamentParameterSet") {
            self.sections = true;
        }
        // Counted as elements open and close: a scan of the open elements
        // for every element made a deeply nested file take minutes.
        let in_team_placement = self.team_placement_open > 0;
        match name.as_str() {
            "Tournament" => self.data_version = a.number("dataVersion", "200")?,
            "Player" => self.player(&a)?,
            "Game" => self.game(&a)?,
            "ByePlayer" => self.byes.push(PendingBye {
                line,
                round: a.round("roundNumber")?,
                player: a.text("player", ""),
            }),
            "Team" => self.teams.push(PendingTeam {
                line,
                number: a.number("teamNumber", "1")?,
                name: a.text("teamName", "Unnamed team"),
                boards: Vec::new(),
            }),
            "Board" if parent == Some("Team") => {
                // Files before OpenGotha 3.28 give no round: the member plays that board in every round.
                let rounds = match a.values.contains_key("roundNumber") {
                    true => vec![a.round("roundNumber")?],
                    false => (0..OPENGOTHA_ROUNDS as usize)
                        .map(RoundNo::from_index)
                        .collect(),
                };
                let board: u32 = a.number("boardNumber", "1")?;
                let board = BoardNo::new(board).ok_or_else(|| a.bad_value("boardNumber", "0"))?;
                let player = a.required("player")?;
                if let Some(team) = self.teams.last_mut() {
                    for round in rounds {
                        team.boards.push((line, round, board, player.clone()));
                    }
                }
            }
            "GeneralParameterSet" => self.general(&a)?,
            "Category" => self.category(&a)?,
            "HandicapParameterSet" => self.handicap(&a)?,
            "PlacementParameterSet" => self.seen_placement = true,
            "PlacementCriterion" => {
                let number: u32 = a.number("number", "1")?;
                if number == 0 {
                    return Err(a.bad_value("number", "0"));
                }
                let name = a.text("name", "NULL");
                if in_team_placement {
                    self.team_criteria.push((number, name));
                } else {
                    // OpenGotha treats a name it does not know as NULL.
                    self.criteria.push((number, name.parse().ok()));
                }
            }
            "PairingParameterSet" => self.settings.pairing = pairing(&a)?,
            "DPParameterSet" => self.display(&a),
            "PublishParameterSet" => {
                let p = &mut self.settings.publish;
                p.print = a.flag("print", true);
                p.export_to_local_file = a.flag("exportToLocalFile", true);
                p.html_auto_scroll = a.flag("htmlAutoScroll", false);
            }
            "TeamGeneralParameterSet" => {
                self.settings.teams.team_size = a.number("teamSize", "4")?
            }
            "ClubsGroup" => self.clubs_groups.push(ClubsGroup {
                name: a.text("name", ""),
                clubs: Vec::new(),
            }),
            "Club" if parent == Some("ClubsGroup") => {
                if let Some(group) = self.clubs_groups.last_mut() {
                    group.clubs.push(a.text("name", ""));
                }
            }
            _ => {
                let (count, first) = &mut self.foreign;
                *count += 1;
                let first = first.get_or_insert_with(|| name.clone());
                if *count > XML_MAX_FOREIGN {
                    return Err(a.error(Problem::Foreign {
                        element: first.clone(),
                        count: XML_MAX_FOREIGN,
                    }));
                }
            }
        }
        Ok(name)
    }

    fn finish(mut self) -> Result<Tournament, ImportError> {
        if self.seen_placement {
            self.criteria.sort_by_key(|(n, _)| *n);
            self.settings.placement = self.criteria.iter().filter_map(|(_, c)| *c).collect();
        }
        if !self.team_criteria.is_empty() {
            self.team_criteria.sort_by_key(|(n, _)| *n);
            self.settings.teams.placement = self
                .team_criteria
                .iter()
                .filter(|(_, c)| c != "NULL")
                .map(|(_, c)| c.clone())
                .collect();
        }
        self.settings.system = Settings::system_from_criteria(&self.settings.placement);
        // OpenGotha pairs a team event's players one by one, as any other
        // (its team pairing is a separate manual step): a file paired here
        // pairs as OpenGotha pairs it until the organiser chooses otherwise.
        self.settings.teams.pair_by_teams = false;
        // A file whose players start above the bar group formed a supergroup.
        self.settings.supergroup = self
            .players
            .iter()
            .any(|p| crate::core::supergroup::in_supergroup(&self.settings, p));
        let komi = self.settings.rules.komi;
        let mut t = Tournament::new(self.settings);
        for p in self.players {
            t.register(p);
        }
        let keys = PlayerKeys::new(&t);
        for g in self.games {
            let white = keys.resolve(&g.white, g.line)?;
            let black = keys.resolve(&g.black, g.line)?;
            t.add_game(Game {
                round: g.round,
                board: g.board,
                white,
                black,
                handicap: g.handicap,
                komi,
                result: g.result,
                origin: g.origin,
                colours_known: g.colours_known,
                method: None,
            })
            .map_err(|e| ImportError {
                line: g.line,
                problem: Problem::Refused(e),
            })?;
        }
        for b in self.byes {
            let player = keys.resolve(&b.player, b.line)?;
            t.give_bye(Bye {
                round: b.round,
                player,
            })
            .map_err(|e| ImportError {
                line: b.line,
                problem: Problem::Refused(e),
            })?;
        }
        for team in self.teams {
            let boards = team
                .boards
                .iter()
                .map(|(line, round, board, key)| {
                    Ok(TeamBoard {
                        round: *round,
                        board: *board,
                        player: keys.resolve(key, *line)?,
                    })
                })
                .collect::<Result<Vec<_>, ImportError>>()?;
            t.add_team(Team {
                number: team.number,
                name: team.name,
                boards,
                ..Team::default()
            })
            .map_err(|e| ImportError {
                line: team.line,
                problem: Problem::Refused(e),
            })?;
        }
        for group in self.clubs_groups {
            t.add_clubs_group(group);
        }
        Ok(t)
    }
}
