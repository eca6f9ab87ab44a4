//! OpenGotha's XML tournament format (`tournament.dtd`, data version 201):
//! import and export.
//!
//! Import reads every element and attribute that affects pairing, ranking or
//! publishing, with OpenGotha's own defaults for missing ones, and ignores
//! unknown ones. Games name players by OpenGotha's key (`NAME+FIRSTNAME`
//! upper-cased, spaces removed); files saved under a Turkish locale carry a
//! dotted `İ` there, so keys are matched exactly first, then folded.

use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::pairing::parameters::{DuddMode, PairingParameters, SeedSystem};
use crate::core::player::{Participation, Player, Registration};
use crate::core::rank::Rank;
use crate::core::rating::Rating;
use crate::core::round::{Bye, Game, GameResult, ResultOrigin};
use crate::core::settings::{Overtime, Settings};
use crate::core::standings::Criterion;
use crate::core::tournament::{ClubsGroup, Team, TeamBoard, Tournament};
use crate::core::units::HalfPoints;
use quick_xml::events::{BytesStart, Event};
use quick_xml::reader::Reader;
use std::collections::HashMap;
use std::fmt::Write as _;

/// A file OpenGotha's format cannot be read from: where and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct ImportError {
    /// 1-based line of the problem.
    pub line: usize,
    /// What is wrong; the web says it in the reader's language.
    pub problem: Problem,
}

/// What is wrong with an OpenGotha file. The English words are the command
/// line's; the web pages translate each case.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The XML declaration names an encoding nobody knows.
    #[error("the file declares an encoding nobody knows: {0:?}")]
    UnknownEncoding(String),
    /// The bytes are not text in the encoding the file declares.
    #[error("the file is not {0} text, as its declaration says")]
    WrongEncoding(&'static str),
    /// Not XML at all; the parser's own words.
    #[error("not well-formed XML: {0}")]
    NotXml(String),
    /// The file stops inside this element: cut short.
    #[error("the file ends before <{0}> is closed")]
    Truncated(String),
    /// No `<Tournament>` at all.
    #[error("no <Tournament> element: not an OpenGotha file")]
    NoTournament,
    /// The root element is another one.
    #[error("the root element is <{0}>, not <Tournament>")]
    WrongRoot(String),
    /// An attribute that cannot be read; the parser's words.
    #[error("bad attribute in <{element}>: {detail}")]
    BadAttribute {
        /// The element.
        element: String,
        /// What the XML parser said.
        detail: String,
    },
    /// An attribute OpenGotha always writes is missing.
    #[error("<{element}> has no {attribute} attribute")]
    MissingAttribute {
        /// The element.
        element: String,
        /// The attribute.
        attribute: String,
    },
    /// An attribute's value is not what OpenGotha writes there.
    #[error("{attribute}=\"{value}\" in <{element}> is not a valid value")]
    BadValue {
        /// The element.
        element: String,
        /// The attribute.
        attribute: String,
        /// The value found.
        value: String,
    },
    /// A game, bye or team names a player the file does not register.
    #[error("no player has the key {0:?}")]
    UnknownPlayer(String),
    /// A game, bye or team the tournament refuses (a player twice in a
    /// round, a round past the last one).
    #[error("{0}")]
    Refused(crate::core::tournament::TournamentError),
}

/// Rounds OpenGotha's participation string covers.
const OPENGOTHA_ROUNDS: u32 = 20;

/// Reads a tournament from the bytes of an OpenGotha file, in the encoding
/// its XML declaration names (OpenGotha 3.x wrote ISO-8859-1).
pub fn import_bytes(bytes: &[u8]) -> Result<Tournament, ImportError> {
    match super::text::decode_xml(bytes) {
        Ok(text) => import(&text),
        Err(super::text::TextError::UnknownEncoding(label)) => Err(ImportError {
            line: 1,
            problem: Problem::UnknownEncoding(label),
        }),
        Err(super::text::TextError::Malformed { line, encoding }) => Err(ImportError {
            line,
            problem: Problem::WrongEncoding(encoding),
        }),
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
}

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
        loop {
            let event = reader.read_event();
            let end = reader.buffer_position() as usize;
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
                    stack.push(name);
                }
                Ok(Event::Empty(e)) => {
                    self.element(&e, end, &stack, &mut root_seen)?;
                }
                Ok(Event::End(_)) => {
                    stack.pop();
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
        if !root_seen {
            let line = self.line_of(self.xml.len());
            return Err(ImportError {
                line,
                problem: Problem::NoTournament,
            });
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
        let in_team_placement = stack.iter().any(|s| s == "TeamPlacementParameterSet");
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
            _ => {}
        }
        Ok(name)
    }

    fn player(&mut self, a: &Attrs) -> Result<(), ImportError> {
        let grade = a.text("grade", "");
        // OpenGotha falls back on the declared grade when the rank cannot be read.
        let rank = a
            .rank("rank", "30K")
            .or_else(|e| Rank::parse_lenient(&grade).map_err(|_| e))?;
        let mut rating: i32 = a.number("rating", "-900")?;
        if self.data_version < 201 {
            rating += Rating::FFG_OFFSET;
        }
        let mut participation = Participation::ALL;
        for (r, c) in a
            .text("participating", "")
            .chars()
            .take(OPENGOTHA_ROUNDS as usize)
            .enumerate()
        {
            participation = participation.with(RoundNo::from_index(r), c != '0');
        }
        let mut p = Player::new(
            PlayerId(0),
            &a.text("name", ""),
            &a.text("firstName", ""),
            rank,
        );
        p.country = a.text("country", "");
        p.club = a.text("club", "");
        p.egf_pin = a.text("egfPin", "");
        p.ffg_licence = a.text("ffgLicence", "");
        p.ffg_licence_status = a.text("ffgLicenceStatus", "");
        p.aga_id = a.text("agaId", "");
        p.aga_expiration_date = a.text("agaExpirationDate", "");
        p.rating = Rating::new(rating);
        p.rating_origin = a.text("ratingOrigin", "");
        p.grade = grade;
        p.smms_correction = a.number("smmsCorrection", "0")?;
        p.participation = participation;
        p.registration = match a.text("registeringStatus", "FIN").as_str() {
            "PRE" => Registration::Preliminary,
            _ => Registration::Final,
        };
        self.players.push(p);
        Ok(())
    }

    fn game(&mut self, a: &Attrs) -> Result<(), ImportError> {
        let board: u32 = a.number("tableNumber", "1")?;
        let (result, origin) = result_from_opengotha(&a.text("result", "RESULT_UNKNOWN"));
        self.games.push(PendingGame {
            line: a.line,
            round: a.round("roundNumber")?,
            board: BoardNo::new(board).ok_or_else(|| a.bad_value("tableNumber", "0"))?,
            white: a.required("whitePlayer")?,
            black: a.required("blackPlayer")?,
            handicap: a.number("handicap", "0")?,
            result,
            origin,
            colours_known: a.flag("knownColor", true),
        });
        Ok(())
    }

    fn general(&mut self, a: &Attrs) -> Result<(), ImportError> {
        let s = &mut self.settings;
        let g = &mut s.general;
        g.short_name = a.text("shortName", "defaultshortname");
        g.name = a.text("name", "default Name");
        g.location = a.text("location", "Paris");
        g.director = a.text("director", "");
        g.begin_date = a.text("beginDate", "");
        g.end_date = a.text("endDate", "");
        g.internet = a.flag("bInternet", false);
        let t = &mut s.time;
        t.basic_minutes = a.number("basicTime", "60")?;
        t.overtime = match a.text("complementaryTimeSystem", "CANBYOYOMI").as_str() {
            "SUDDENDEATH" => Overtime::SuddenDeath,
            "STDBYOYOMI" => Overtime::StandardByoYomi,
            "FISCHER" => Overtime::Fischer,
            _ => Overtime::CanadianByoYomi,
        };
        t.std_byo_yomi_seconds = a.number("stdByoYomiTime", "30")?;
        t.canadian_moves = a.number("nbMovesCanTime", "15")?;
        t.canadian_seconds = a.number("canByoYomiTime", "300")?;
        t.fischer_seconds = a.number("fischerTime", "10")?;
        s.rules.board_size = a.number("size", "19")?;
        let komi = a.text("komi", "7.5");
        s.rules.komi =
            HalfPoints::parse_decimal(&komi).ok_or_else(|| a.bad_value("komi", &komi))?;
        // Kept only where our own form would write it otherwise.
        if komi != s.rules.komi.to_string() {
            s.general.komi_text = komi;
        }
        s.number_of_rounds = a.number("numberOfRounds", "5")?;
        let categories: usize = a.number("numberOfCategories", "1")?;
        // OpenGotha's unset category limits are 0, i.e. 1d.
        s.category_limits = vec![Rank::Dan(1); categories.saturating_sub(1)];
        s.mcmahon.floor = a.rank("genMMFloor", "20K")?;
        s.mcmahon.bar = a.rank("genMMBar", "4D")?;
        s.mcmahon.zero = a.rank("genMMZero", "30K")?;
        let u = &mut s.unplayed;
        u.nbw_absent = a.half_points("genNBW2ValueAbsent", "0")?;
        u.nbw_bye = a.half_points("genNBW2ValueBye", "0")?;
        u.mms_absent = a.half_points("genMMS2ValueAbsent", "0")?;
        u.mms_bye = a.half_points("genMMS2ValueBye", "0")?;
        u.round_down = a.flag("genRoundDownNBWMMS", true);
        s.count_unplayed_as_half_point = a.flag("genCountNotPlayedGamesAsHalfPoint", false);
        Ok(())
    }

    fn category(&mut self, a: &Attrs) -> Result<(), ImportError> {
        let number: usize = a.number("number", "1")?;
        let limit = a.rank("lowerLimit", "30K")?;
        match self
            .settings
            .category_limits
            .get_mut(number.wrapping_sub(1))
        {
            Some(slot) => *slot = limit,
            None => {
                // numberOfCategories allows fewer limits than this number.
                return Err(a.bad_value("number", &number.to_string()));
            }
        }
        Ok(())
    }

    fn handicap(&mut self, a: &Attrs) -> Result<(), ImportError> {
        let h = &mut self.settings.handicap;
        h.based_on_mms = a.flag("hdBasedOnMMS", true);
        h.no_handicap_threshold = a.rank("hdNoHdRankThreshold", "1D")?;
        h.correction = a.number("hdCorrection", "1")?;
        h.ceiling = a.number("hdCeiling", "9")?;
        Ok(())
    }

    fn display(&mut self, a: &Attrs) {
        let d = &mut self.settings.display;
        d.player_sort = a.text("playerSortType", "name");
        d.game_format = a.text("gameFormat", "full");
        d.show_player_grade = a.flag("showPlayerGrade", true);
        d.show_player_country = a.flag("showPlayerCountry", false);
        d.show_player_club = a.flag("showPlayerClub", true);
        d.show_bye_player = a.flag("showByePlayer", true);
        d.show_not_paired_players = a.flag("showNotPairedPlayers", true);
        d.show_not_participating_players = a.flag("showNotParticipatingPlayers", true);
        d.show_not_finally_registered_players = a.flag("showNotFinallyRegisteredPlayers", true);
        d.display_non_playing_players = a.flag("displayNPPlayers", false);
        d.display_number_column = a.flag("displayNumCol", true);
        d.display_place_column = a.flag("displayPlCol", true);
        d.display_country_column = a.flag("displayCoCol", true);
        d.display_club_column = a.flag("displayClCol", false);
        d.display_individual_games_in_matches = a.flag("displayIndGamesInMatches", true);
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

fn pairing(a: &Attrs) -> Result<PairingParameters, ImportError> {
    let dudd = |name: &str| match a.text(name, "MID").as_str() {
        "TOP" => DuddMode::Top,
        "BOT" => DuddMode::Bottom,
        _ => DuddMode::Mid,
    };
    let seed = |name: &str, default: &str| match a.text(name, default).as_str() {
        "SPLITANDFOLD" => SeedSystem::SplitAndFold,
        "SPLITANDSLIP" => SeedSystem::SplitAndSlip,
        _ => SeedSystem::SplitAndRandom,
    };
    // "NULL" names no criterion; any other unknown name keeps OpenGotha's default.
    let criterion = |name: &str, default: Option<Criterion>| match a.text(name, "NULL").as_str() {
        "NULL" => None,
        other => other.parse().ok().or(default),
    };
    Ok(PairingParameters {
        standard_nx1_factor: a.number("paiStandardNX1Factor", "0.5")?,
        avoid_duplicate_game: a.number("paiBaAvoidDuplGame", "500000000000000")?,
        random: a.number("paiBaRandom", "0")?,
        deterministic: a.flag("paiBaDeterministic", true),
        balance_white_black: a.number("paiBaBalanceWB", "1000")?,
        avoid_mixing_categories: a.number("paiMaAvoidMixingCategories", "20000000000000")?,
        minimize_score_difference: a.number("paiMaMinimizeScoreDifference", "100000000000")?,
        dudd_weight: a.number("paiMaDUDDWeight", "100000000")?,
        compensate_dudd: a.flag("paiMaCompensateDUDD", true),
        dudd_upper_mode: dudd("paiMaDUDDUpperMode"),
        dudd_lower_mode: dudd("paiMaDUDDLowerMode"),
        maximize_seeding: a.number("paiMaMaximizeSeeding", "5000000")?,
        last_round_for_seed_system1: a.number("paiMaLastRoundForSeedSystem1", "2")?,
        seed_system1: seed("paiMaSeedSystem1", "SPLITANDRANDOM"),
        seed_system2: seed("paiMaSeedSystem2", "SPLITANDFOLD"),
        additional_placement_criterion_system1: match a
            .values
            .contains_key("paiMaAdditionalPlacementCritSystem1")
        {
            true => criterion(
                "paiMaAdditionalPlacementCritSystem1",
                Some(Criterion::Rating),
            ),
            false => Some(Criterion::Rating),
        },
        additional_placement_criterion_system2: criterion(
            "paiMaAdditionalPlacementCritSystem2",
            None,
        ),
        secondary_rank_threshold: a.rank("paiSeRankThreshold", "4D")?,
        secondary_nbw_threshold_active: a.flag("paiSeNbWinsThresholdActive", true),
        secondary_bar_threshold_active: a.flag("paiSeBarThresholdActive", true),
        secondary_criteria_weight: a.number("paiSeDefSecCrit", "100000000000")?,
        minimize_handicap: a.number("paiSeMinimizeHandicap", "0")?,
        avoid_same_geo: a.number("paiSeAvoidSameGeo", "100000000000")?,
        prefer_mms_diff_rather_than_same_country: a
            .number("paiSePreferMMSDiffRatherThanSameCountry", "1")?,
        prefer_mms_diff_rather_than_same_club: a
            .number("paiSePreferMMSDiffRatherThanSameClub", "3")?,
    })
}

/// OpenGotha's result names; an unknown name is an unknown result, as in OpenGotha.
fn result_from_opengotha(text: &str) -> (GameResult, ResultOrigin) {
    let (base, origin) = match text.strip_suffix("_BYDEF") {
        Some(base) => (base, ResultOrigin::ByDefault),
        None => (text, ResultOrigin::Played),
    };
    let result = match base {
        "RESULT_WHITEWINS" => GameResult::WhiteWins,
        "RESULT_BLACKWINS" => GameResult::BlackWins,
        "RESULT_EQUAL" => GameResult::Jigo,
        "RESULT_BOTHLOSE" => GameResult::BothLose,
        "RESULT_BOTHWIN" => GameResult::BothWin,
        _ => return (GameResult::Unknown, ResultOrigin::Played),
    };
    (result, origin)
}

fn result_to_opengotha(result: GameResult, origin: ResultOrigin) -> String {
    let base = match result {
        GameResult::WhiteWins => "RESULT_WHITEWINS",
        GameResult::BlackWins => "RESULT_BLACKWINS",
        GameResult::Jigo => "RESULT_EQUAL",
        GameResult::BothLose => "RESULT_BOTHLOSE",
        GameResult::BothWin => "RESULT_BOTHWIN",
        GameResult::Unknown => return "RESULT_UNKNOWN".into(),
    };
    // OpenGotha has no referee decision: it is written as a plain result.
    match origin {
        ResultOrigin::ByDefault => format!("{base}_BYDEF"),
        ResultOrigin::Played | ResultOrigin::RefereeDecision => base.into(),
    }
}

/// OpenGotha's player key: name and first name, spaces removed, upper case.
fn player_key(p: &Player) -> String {
    format!("{}{}", p.name, p.first_name)
        .replace(' ', "")
        .to_uppercase()
}

/// A key folded for locale-independent matching: Turkish dotted and dotless
/// i, and the accented Latin letters OpenGotha itself folds, become ASCII.
fn folded_key(key: &str) -> String {
    key.chars()
        .filter(|c| *c != ' ')
        .flat_map(char::to_uppercase)
        .map(|c| match c {
            'İ' | 'I' | 'Ì' | 'Í' | 'Î' | 'Ï' => 'I',
            'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' => 'A',
            'Ç' => 'C',
            'È' | 'É' | 'Ê' | 'Ë' => 'E',
            'Ñ' => 'N',
            'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ø' => 'O',
            'Ù' | 'Ú' | 'Û' | 'Ü' => 'U',
            'Ý' => 'Y',
            'Ğ' => 'G',
            'Ş' => 'S',
            other => other,
        })
        .collect()
}

/// The folded key with only the letters A–Z kept: OpenGotha's key for files
/// of data version 200 and older ("obsolete canonical name").
fn letters_key(key: &str) -> String {
    folded_key(key)
        .chars()
        .filter(char::is_ascii_uppercase)
        .collect()
}

/// Resolves the player keys of a file: exactly, then folded, then by letters only.
struct PlayerKeys {
    exact: HashMap<String, PlayerId>,
    folded: HashMap<String, PlayerId>,
    letters: HashMap<String, PlayerId>,
}

impl PlayerKeys {
    fn new(t: &Tournament) -> Self {
        let mut keys = PlayerKeys {
            exact: HashMap::new(),
            folded: HashMap::new(),
            letters: HashMap::new(),
        };
        for p in t.players() {
            let key = player_key(p);
            keys.folded.entry(folded_key(&key)).or_insert(p.id);
            keys.letters.entry(letters_key(&key)).or_insert(p.id);
            keys.exact.entry(key).or_insert(p.id);
        }
        keys
    }

    fn resolve(&self, key: &str, line: usize) -> Result<PlayerId, ImportError> {
        self.exact
            .get(key)
            .or_else(|| self.folded.get(&folded_key(key)))
            .or_else(|| self.letters.get(&letters_key(key)))
            .copied()
            .ok_or_else(|| ImportError {
                line,
                problem: Problem::UnknownPlayer(key.to_owned()),
            })
    }
}

/// Writes a tournament in OpenGotha's format (data version 201), which
/// OpenGotha 3.51 re-opens.
pub fn export(t: &Tournament) -> String {
    let mut out = String::new();
    let key = |id: PlayerId| t.player(id).map(player_key).unwrap_or_default();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    out.push_str("<Tournament dataVersion=\"201\" runningMode=\"SAL\">\n");
    out.push_str("    <Players>\n");
    for p in t.players() {
        let participating: String = (0..OPENGOTHA_ROUNDS as usize)
            .map(|r| {
                if p.participation.plays(RoundNo::from_index(r)) {
                    '1'
                } else {
                    '0'
                }
            })
            .collect();
        let registration = match p.registration {
            Registration::Preliminary => "PRE",
            Registration::Final => "FIN",
        };
        element(
            &mut out,
            8,
            "Player",
            &[
                ("agaExpirationDate", p.aga_expiration_date.clone()),
                ("agaId", p.aga_id.clone()),
                ("club", p.club.clone()),
                ("country", p.country.clone()),
                ("egfPin", p.egf_pin.clone()),
                ("ffgLicence", p.ffg_licence.clone()),
                ("ffgLicenceStatus", p.ffg_licence_status.clone()),
                ("firstName", p.first_name.clone()),
                ("grade", p.grade.clone()),
                ("name", p.name.clone()),
                ("participating", participating),
                ("rank", p.rank.to_string()),
                ("rating", p.rating.gor().to_string()),
                ("ratingOrigin", p.rating_origin.clone()),
                ("registeringStatus", registration.into()),
                ("smmsCorrection", p.smms_correction.to_string()),
            ],
        );
    }
    out.push_str("    </Players>\n    <Games>\n");
    for g in t.games() {
        element(
            &mut out,
            8,
            "Game",
            &[
                ("blackPlayer", key(g.black)),
                ("handicap", g.handicap.to_string()),
                ("knownColor", g.colours_known.to_string()),
                ("result", result_to_opengotha(g.result, g.origin)),
                ("roundNumber", g.round.to_string()),
                ("tableNumber", g.board.to_string()),
                ("whitePlayer", key(g.white)),
            ],
        );
    }
    out.push_str("    </Games>\n");
    if !t.byes().is_empty() {
        out.push_str("    <ByePlayers>\n");
        for b in t.byes() {
            element(
                &mut out,
                8,
                "ByePlayer",
                &[
                    ("player", key(b.player)),
                    ("roundNumber", b.round.to_string()),
                ],
            );
        }
        out.push_str("    </ByePlayers>\n");
    }
    if !t.teams().is_empty() {
        out.push_str("    <Teams>\n");
        for team in t.teams() {
            let _ = writeln!(
                out,
                "        <Team teamName=\"{}\" teamNumber=\"{}\">",
                escape(&team.name),
                team.number
            );
            for b in &team.boards {
                element(
                    &mut out,
                    12,
                    "Board",
                    &[
                        ("boardNumber", b.board.to_string()),
                        ("player", key(b.player)),
                        ("roundNumber", b.round.to_string()),
                    ],
                );
            }
            out.push_str("        </Team>\n");
        }
        out.push_str("    </Teams>\n");
    }
    export_settings(&mut out, t.settings());
    if !t.clubs_groups().is_empty() {
        out.push_str("    <ClubsGroups>\n");
        for group in t.clubs_groups() {
            let _ = writeln!(out, "        <ClubsGroup name=\"{}\">", escape(&group.name));
            for club in &group.clubs {
                element(&mut out, 12, "Club", &[("name", club.clone())]);
            }
            out.push_str("        </ClubsGroup>\n");
        }
        out.push_str("    </ClubsGroups>\n");
    }
    out.push_str("</Tournament>\n");
    out
}

fn export_settings(out: &mut String, s: &Settings) {
    let g = &s.general;
    let t = &s.time;
    let u = &s.unplayed;
    let overtime = match t.overtime {
        Overtime::SuddenDeath => "SUDDENDEATH",
        Overtime::StandardByoYomi => "STDBYOYOMI",
        Overtime::CanadianByoYomi => "CANBYOYOMI",
        Overtime::Fischer => "FISCHER",
    };
    out.push_str("    <TournamentParameterSet>\n");
    let mut general = vec![
        ("bInternet", g.internet.to_string()),
        ("basicTime", t.basic_minutes.to_string()),
        ("canByoYomiTime", t.canadian_seconds.to_string()),
        ("complementaryTimeSystem", overtime.into()),
        ("director", g.director.clone()),
        ("fischerTime", t.fischer_seconds.to_string()),
        (
            "genCountNotPlayedGamesAsHalfPoint",
            s.count_unplayed_as_half_point.to_string(),
        ),
        ("genMMBar", s.mcmahon.bar.to_string()),
        ("genMMFloor", s.mcmahon.floor.to_string()),
        ("genMMS2ValueAbsent", u.mms_absent.halves().to_string()),
        ("genMMS2ValueBye", u.mms_bye.halves().to_string()),
        ("genMMZero", s.mcmahon.zero.to_string()),
        ("genNBW2ValueAbsent", u.nbw_absent.halves().to_string()),
        ("genNBW2ValueBye", u.nbw_bye.halves().to_string()),
        ("genRoundDownNBWMMS", u.round_down.to_string()),
        ("komi", s.komi_as_written()),
        ("location", g.location.clone()),
        ("name", g.name.clone()),
        ("nbMovesCanTime", t.canadian_moves.to_string()),
        ("numberOfCategories", s.number_of_categories().to_string()),
        ("numberOfRounds", s.number_of_rounds.to_string()),
        ("shortName", g.short_name.clone()),
        ("size", s.rules.board_size.to_string()),
        ("stdByoYomiTime", t.std_byo_yomi_seconds.to_string()),
    ];
    // OpenGotha takes today's date for a missing date; an empty one would not parse.
    for (name, date) in [("beginDate", &g.begin_date), ("endDate", &g.end_date)] {
        if !date.is_empty() {
            general.push((name, date.clone()));
        }
    }
    if s.category_limits.is_empty() {
        element(out, 8, "GeneralParameterSet", &general);
    } else {
        open(out, 8, "GeneralParameterSet", &general);
        out.push_str("            <Categories>\n");
        for (i, limit) in s.category_limits.iter().enumerate() {
            element(
                out,
                16,
                "Category",
                &[
                    ("lowerLimit", limit.to_string()),
                    ("number", (i + 1).to_string()),
                ],
            );
        }
        out.push_str("            </Categories>\n        </GeneralParameterSet>\n");
    }
    let h = &s.handicap;
    element(
        out,
        8,
        "HandicapParameterSet",
        &[
            ("hdBasedOnMMS", h.based_on_mms.to_string()),
            ("hdCeiling", h.ceiling.to_string()),
            ("hdCorrection", h.correction.to_string()),
            ("hdNoHdRankThreshold", h.no_handicap_threshold.to_string()),
        ],
    );
    out.push_str("        <PlacementParameterSet>\n            <PlacementCriteria>\n");
    for (i, c) in s.placement.iter().enumerate() {
        element(
            out,
            16,
            "PlacementCriterion",
            &[("name", c.name().into()), ("number", (i + 1).to_string())],
        );
    }
    out.push_str("            </PlacementCriteria>\n        </PlacementParameterSet>\n");
    export_pairing(out, &s.pairing);
    let d = &s.display;
    element(
        out,
        8,
        "DPParameterSet",
        &[
            ("displayClCol", d.display_club_column.to_string()),
            ("displayCoCol", d.display_country_column.to_string()),
            (
                "displayIndGamesInMatches",
                d.display_individual_games_in_matches.to_string(),
            ),
            (
                "displayNPPlayers",
                d.display_non_playing_players.to_string(),
            ),
            ("displayNumCol", d.display_number_column.to_string()),
            ("displayPlCol", d.display_place_column.to_string()),
            ("gameFormat", d.game_format.clone()),
            ("playerSortType", d.player_sort.clone()),
            ("showByePlayer", d.show_bye_player.to_string()),
            (
                "showNotFinallyRegisteredPlayers",
                d.show_not_finally_registered_players.to_string(),
            ),
            (
                "showNotPairedPlayers",
                d.show_not_paired_players.to_string(),
            ),
            (
                "showNotParticipatingPlayers",
                d.show_not_participating_players.to_string(),
            ),
            ("showPlayerClub", d.show_player_club.to_string()),
            ("showPlayerCountry", d.show_player_country.to_string()),
            ("showPlayerGrade", d.show_player_grade.to_string()),
        ],
    );
    let p = &s.publish;
    element(
        out,
        8,
        "PublishParameterSet",
        &[
            ("exportToLocalFile", p.export_to_local_file.to_string()),
            ("htmlAutoScroll", p.html_auto_scroll.to_string()),
            ("print", p.print.to_string()),
        ],
    );
    out.push_str("    </TournamentParameterSet>\n    <TeamTournamentParameterSet>\n");
    element(
        out,
        8,
        "TeamGeneralParameterSet",
        &[("teamSize", s.teams.team_size.to_string())],
    );
    out.push_str("        <TeamPlacementParameterSet>\n            <PlacementCriteria>\n");
    for (i, c) in s.teams.placement.iter().enumerate() {
        element(
            out,
            16,
            "PlacementCriterion",
            &[("name", c.clone()), ("number", (i + 1).to_string())],
        );
    }
    out.push_str("            </PlacementCriteria>\n        </TeamPlacementParameterSet>\n");
    out.push_str("    </TeamTournamentParameterSet>\n");
}

fn export_pairing(out: &mut String, p: &PairingParameters) {
    let dudd = |m: DuddMode| match m {
        DuddMode::Top => "TOP",
        DuddMode::Mid => "MID",
        DuddMode::Bottom => "BOT",
    };
    let seed = |s: SeedSystem| match s {
        SeedSystem::SplitAndRandom => "SPLITANDRANDOM",
        SeedSystem::SplitAndFold => "SPLITANDFOLD",
        SeedSystem::SplitAndSlip => "SPLITANDSLIP",
    };
    let crit = |c: Option<Criterion>| c.map_or("NULL", Criterion::name).to_owned();
    element(
        out,
        8,
        "PairingParameterSet",
        &[
            ("paiBaAvoidDuplGame", p.avoid_duplicate_game.to_string()),
            ("paiBaBalanceWB", p.balance_white_black.to_string()),
            ("paiBaDeterministic", p.deterministic.to_string()),
            ("paiBaRandom", p.random.to_string()),
            (
                "paiMaAdditionalPlacementCritSystem1",
                crit(p.additional_placement_criterion_system1),
            ),
            (
                "paiMaAdditionalPlacementCritSystem2",
                crit(p.additional_placement_criterion_system2),
            ),
            (
                "paiMaAvoidMixingCategories",
                p.avoid_mixing_categories.to_string(),
            ),
            ("paiMaCompensateDUDD", p.compensate_dudd.to_string()),
            ("paiMaDUDDLowerMode", dudd(p.dudd_lower_mode).into()),
            ("paiMaDUDDUpperMode", dudd(p.dudd_upper_mode).into()),
            ("paiMaDUDDWeight", p.dudd_weight.to_string()),
            (
                "paiMaLastRoundForSeedSystem1",
                p.last_round_for_seed_system1.to_string(),
            ),
            ("paiMaMaximizeSeeding", p.maximize_seeding.to_string()),
            (
                "paiMaMinimizeScoreDifference",
                p.minimize_score_difference.to_string(),
            ),
            ("paiMaSeedSystem1", seed(p.seed_system1).into()),
            ("paiMaSeedSystem2", seed(p.seed_system2).into()),
            ("paiSeAvoidSameGeo", p.avoid_same_geo.to_string()),
            (
                "paiSeBarThresholdActive",
                p.secondary_bar_threshold_active.to_string(),
            ),
            ("paiSeDefSecCrit", p.secondary_criteria_weight.to_string()),
            ("paiSeMinimizeHandicap", p.minimize_handicap.to_string()),
            (
                "paiSeNbWinsThresholdActive",
                p.secondary_nbw_threshold_active.to_string(),
            ),
            (
                "paiSePreferMMSDiffRatherThanSameClub",
                p.prefer_mms_diff_rather_than_same_club.to_string(),
            ),
            (
                "paiSePreferMMSDiffRatherThanSameCountry",
                p.prefer_mms_diff_rather_than_same_country.to_string(),
            ),
            ("paiSeRankThreshold", p.secondary_rank_threshold.to_string()),
            ("paiStandardNX1Factor", p.standard_nx1_factor.to_string()),
        ],
    );
}

fn attributes(out: &mut String, attrs: &[(&str, String)]) {
    for (name, value) in attrs {
        let _ = write!(out, " {name}=\"{}\"", escape(value));
    }
}

fn element(out: &mut String, indent: usize, name: &str, attrs: &[(&str, String)]) {
    let _ = write!(out, "{:indent$}<{name}", "");
    attributes(out, attrs);
    out.push_str("/>\n");
}

fn open(out: &mut String, indent: usize, name: &str, attrs: &[(&str, String)]) {
    let _ = write!(out, "{:indent$}<{name}", "");
    attributes(out, attrs);
    out.push_str(">\n");
}

fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\n' => s.push_str("&#10;"),
            '\r' => s.push_str("&#13;"),
            '\t' => s.push_str("&#9;"),
            c => s.push(c),
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::player::Gender;

    fn error_of(xml: &str) -> ImportError {
        import(xml).expect_err("the file should be refused")
    }

    const MINIMAL: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201">
    <Players>
        <Player name="Öztürk" firstName="Ayşe Nur" rank="3k" unknownAttribute="x"/>
        <Player name="Li" firstName="Wei" rank="2D" rating="2250"/>
    </Players>
    <Games>
        <Game roundNumber="1" tableNumber="1" whitePlayer="LİWEİ" blackPlayer="ÖZTÜRKAYŞENUR" result="RESULT_WHITEWINS_BYDEF"/>
    </Games>
</Tournament>
"#;

    #[test]
    fn missing_attributes_take_opengothas_defaults_and_unknown_ones_are_ignored() {
        let t = import(MINIMAL).unwrap();
        let s = t.settings();
        assert_eq!(s.number_of_rounds, 5);
        assert_eq!(s.mcmahon.bar, Rank::Dan(4));
        assert_eq!(s.mcmahon.floor, Rank::Kyu(20));
        assert_eq!(s.unplayed.mms_bye, HalfPoints::ZERO);
        assert_eq!(s.rules.komi, HalfPoints::from_halves(15));
        let p = &t.players()[0];
        assert_eq!(p.rank, Rank::Kyu(3));
        assert_eq!(p.rating.gor(), Rating::MIN);
        assert_eq!(p.participation, Participation::ALL);
        assert_eq!(p.registration, Registration::Final);
    }

    #[test]
    fn turkish_dotted_i_keys_resolve_to_their_players() {
        let t = import(MINIMAL).unwrap();
        let g = &t.games()[0];
        assert_eq!(t.player(g.white).map(|p| p.name.as_str()), Some("Li"));
        assert_eq!(t.player(g.black).map(|p| p.name.as_str()), Some("Öztürk"));
        assert_eq!(
            (g.result, g.origin),
            (GameResult::WhiteWins, ResultOrigin::ByDefault)
        );
    }

    #[test]
    fn old_files_name_players_by_their_letters_only() {
        let xml = "<Tournament dataVersion=\"200\"><Players>\
            <Player name=\"O'Brien\" firstName=\"Seán\" rating=\"-250\"/><Player name=\"Li\" firstName=\"Wei\"/></Players>\
            <Games><Game roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"OBRIENSEAN\" blackPlayer=\"LIWEI\"/></Games></Tournament>";
        let t = import(xml).unwrap();
        assert_eq!(
            t.player(t.games()[0].white).map(|p| p.name.as_str()),
            Some("O'Brien")
        );
        assert_eq!(
            t.players()[0].rating.gor(),
            1800,
            "old files hold FFG-scale ratings"
        );
    }

    #[test]
    fn an_old_team_board_without_a_round_holds_for_every_round() {
        let xml = "<Tournament dataVersion=\"201\"><Players><Player name=\"A\" firstName=\"B\"/></Players>\
            <Teams><Team teamName=\"T\" teamNumber=\"2\"><Board boardNumber=\"1\" player=\"AB\"/></Team></Teams></Tournament>";
        let t = import(xml).unwrap();
        assert_eq!(t.teams()[0].boards.len(), 20);
        assert_eq!(t.teams()[0].number, 2);
    }

    #[test]
    fn an_unclosed_element_is_reported_with_a_line() {
        let e = error_of("<Tournament>\n<Players>\n<Player name=\"a\" firstName=\"b\"/>\n");
        assert_eq!(e.line, 4);
        assert!(e.problem.to_string().contains("<Players>"), "{e}");
    }

    #[test]
    fn mismatched_tags_are_reported_on_their_line() {
        let e = error_of("<Tournament>\n<Players>\n</Games>\n</Tournament>\n");
        assert_eq!(e.line, 3, "{e}");
        assert!(e.problem.to_string().contains("not well-formed"), "{e}");
    }

    #[test]
    fn a_bad_number_names_its_line_and_attribute() {
        let xml = "<Tournament>\n<Players>\n<Player name=\"a\" firstName=\"b\" rating=\"12x\"/>\n</Players>\n</Tournament>";
        let e = error_of(xml);
        assert_eq!(e.line, 3);
        assert!(e.problem.to_string().contains("rating=\"12x\""), "{e}");
        assert_eq!(e.to_string(), format!("line 3: {}", e.problem));
    }

    #[test]
    fn a_game_with_an_unknown_player_is_reported_on_its_line() {
        let xml = "<Tournament>\n<Players>\n<Player name=\"a\" firstName=\"b\"/>\n</Players>\n<Games>\n\n<Game roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"AB\" blackPlayer=\"NOBODY\"/>\n</Games>\n</Tournament>";
        let e = error_of(xml);
        assert_eq!(e.line, 7);
        assert!(e.problem.to_string().contains("NOBODY"), "{e}");
    }

    #[test]
    fn a_player_twice_in_one_round_is_refused() {
        let xml = "<Tournament>\n<Players>\n<Player name=\"a\" firstName=\"\"/><Player name=\"b\" firstName=\"\"/><Player name=\"c\" firstName=\"\"/>\n</Players>\n<Games>\n<Game roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"A\" blackPlayer=\"B\"/>\n<Game roundNumber=\"1\" tableNumber=\"2\" whitePlayer=\"C\" blackPlayer=\"A\"/>\n</Games>\n</Tournament>";
        let e = error_of(xml);
        assert_eq!(e.line, 7);
        assert!(e.problem.to_string().contains("already has a game"), "{e}");
    }

    #[test]
    fn a_file_that_is_not_an_opengotha_tournament_is_refused() {
        assert!(
            error_of("<Players/>")
                .problem
                .to_string()
                .contains("root element")
        );
        assert!(error_of("").problem.to_string().contains("no <Tournament>"));
        let e = import_bytes(b"<Tournament>\n<Players>\xff</Players></Tournament>").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.problem.to_string().contains("UTF-8"));
    }

    #[test]
    fn komi_reads_whole_and_half_points_only() {
        assert_eq!(HalfPoints::parse_decimal("2000000000"), None, "no overflow");
        assert_eq!(
            HalfPoints::parse_decimal("6.5"),
            Some(HalfPoints::from_halves(13))
        );
        assert_eq!(
            HalfPoints::parse_decimal("7"),
            Some(HalfPoints::from_halves(14))
        );
        assert_eq!(
            HalfPoints::parse_decimal("-0.5"),
            Some(HalfPoints::from_halves(-1))
        );
        assert_eq!(HalfPoints::parse_decimal("7.25"), None);
        assert_eq!(HalfPoints::parse_decimal("seven"), None);
    }

    /// A tournament using every part of the format.
    fn everything() -> Tournament {
        let mut settings = Settings {
            number_of_rounds: 4,
            placement: vec![
                Criterion::Mms,
                Criterion::HeadToHead,
                Criterion::SosmMinus1,
                Criterion::Dc,
            ],
            category_limits: vec![Rank::Kyu(5), Rank::Kyu(15)],
            count_unplayed_as_half_point: true,
            ..Settings::default()
        };
        settings.general.begin_date = "2024-05-01".into();
        settings.general.name = "Cup <\"&\">".into();
        settings.unplayed.mms_bye = HalfPoints::ONE;
        settings.rules.komi = HalfPoints::from_halves(13);
        settings.pairing.dudd_upper_mode = DuddMode::Top;
        settings.pairing.seed_system2 = SeedSystem::SplitAndSlip;
        settings.pairing.additional_placement_criterion_system1 = None;
        settings.pairing.standard_nx1_factor = 0.25;
        settings.display.display_non_playing_players = true;
        settings.teams.team_size = 3;
        settings.teams.placement = vec!["TEAMP".into(), "BDW".into()];
        let mut t = Tournament::new(settings);
        let mut ids = Vec::new();
        for (name, rank) in [
            ("Ann", Rank::Dan(3)),
            ("Bo", Rank::Kyu(7)),
            ("Cy", Rank::Pro(2)),
            ("Di", Rank::Kyu(25)),
        ] {
            let mut p = Player::new(PlayerId(0), name, "Tab\tNew\nline", rank);
            p.club = "Lyon".into();
            p.egf_pin = "12345678".into();
            p.rating = Rating::new(1800);
            p.smms_correction = -1;
            p.participation = Participation::ALL.with(RoundNo::new(3).unwrap(), false);
            p.registration = Registration::Preliminary;
            ids.push(t.register(p));
        }
        let results = [
            (GameResult::WhiteWins, ResultOrigin::Played),
            (GameResult::Jigo, ResultOrigin::Played),
            (GameResult::BlackWins, ResultOrigin::ByDefault),
            (GameResult::BothLose, ResultOrigin::Played),
            (GameResult::BothWin, ResultOrigin::Played),
            (GameResult::Unknown, ResultOrigin::Played),
        ];
        for (k, (result, origin)) in results.into_iter().enumerate() {
            let round = RoundNo::new(k as u32 / 2 + 1).unwrap();
            let (white, black) = if k % 2 == 0 {
                (ids[0], ids[1])
            } else {
                (ids[2], ids[3])
            };
            t.add_game(Game {
                round,
                board: BoardNo::new(k as u32 % 2 + 1).unwrap(),
                white,
                black,
                handicap: k as u8,
                komi: HalfPoints::from_halves(13),
                result,
                origin,
                colours_known: k != 3,
            })
            .unwrap();
        }
        let board = |r, b, p| TeamBoard {
            round: RoundNo::new(r).unwrap(),
            board: BoardNo::new(b).unwrap(),
            player: p,
        };
        t.add_team(Team {
            number: 1,
            name: "Go & Co".into(),
            boards: vec![board(1, 1, ids[0]), board(1, 2, ids[1])],
        })
        .unwrap();
        t.add_clubs_group(ClubsGroup {
            name: "Rhône".into(),
            clubs: vec!["Lyon".into(), "Gre".into()],
        });
        t
    }

    #[test]
    fn a_tournament_survives_export_and_import_unchanged() {
        let t = everything();
        let again = import(&export(&t)).unwrap();
        assert_eq!(again, t);
    }

    #[test]
    fn data_outside_opengothas_format_is_not_exported() {
        let mut p = Player::new(PlayerId(0), "Eve", "", Rank::Kyu(1));
        p.birth_year = Some(2001);
        p.gender = Some(Gender::Female);
        let mut t = Tournament::new(Settings::default());
        t.register(p);
        let again = import(&export(&t)).unwrap();
        assert_eq!(again.players()[0].birth_year, None);
        assert_eq!(again.players()[0].gender, None);
    }

    /// OpenGotha 3.x wrote `encoding="ISO-8859-1"`: the same tournament,
    /// whichever of the two encodings its file is in.
    #[test]
    fn a_latin1_file_reads_as_its_utf8_twin() {
        let mut t = everything();
        let mut p = t.players()[0].clone();
        p.name = "Müller".into();
        p.first_name = "Zoë".into();
        t.update_player(p).unwrap();
        let utf8 = export(&t);
        let latin1: Vec<u8> = utf8
            .replacen("encoding=\"UTF-8\"", "encoding=\"ISO-8859-1\"", 1)
            .chars()
            .map(|c| u8::try_from(u32::from(c)).expect("Latin-1 text"))
            .collect();
        assert_ne!(latin1, utf8.as_bytes(), "the bytes differ");
        let read = import_bytes(&latin1).unwrap();
        assert_eq!(read, import(&utf8).unwrap());
        assert_eq!(read.players()[0].name, "Müller");
    }

    /// OpenGotha's komi is a free text field its results files repeat.
    #[test]
    fn the_komi_keeps_the_text_the_file_gave_it() {
        let with = |komi: &str| {
            MINIMAL.replacen(
                "<Tournament dataVersion=\"201\">",
                &format!(
                    "<Tournament dataVersion=\"201\"><TournamentParameterSet><GeneralParameterSet komi=\"{komi}\"/></TournamentParameterSet>"
                ),
                1,
            )
        };
        let t = import(&with("7.50")).unwrap();
        assert_eq!(t.settings().rules.komi, HalfPoints::from_halves(15));
        assert_eq!(t.settings().komi_as_written(), "7.50");
        assert!(export(&t).contains("komi=\"7.50\""));
        let t = import(&with("6.5")).unwrap();
        assert_eq!(t.settings().general.komi_text, "");
        assert_eq!(t.settings().komi_as_written(), "6.5");
    }

    /// Russian and Ukrainian files come as windows-1251.
    #[test]
    fn a_windows_1251_file_reads_with_its_cyrillic_names() {
        let mut t = Tournament::new(Settings::default());
        t.register(Player::new(PlayerId(0), "Шевченко", "Тарас", Rank::Kyu(3)));
        let utf8 = export(&t).replacen("encoding=\"UTF-8\"", "encoding=\"windows-1251\"", 1);
        let (cp1251, _, lossy) = encoding_rs::WINDOWS_1251.encode(&utf8);
        assert!(!lossy);
        assert_ne!(&cp1251[..], utf8.as_bytes(), "the bytes differ");
        let read = import_bytes(&cp1251).unwrap();
        assert_eq!(read.players()[0].name, "Шевченко");
        assert_eq!(read.players()[0].first_name, "Тарас");
        assert_eq!(read, import(&utf8).unwrap());
    }

    #[test]
    fn a_file_whose_bytes_contradict_its_declaration_names_the_line() {
        let bad = MINIMAL.replacen("<Tournament", "<!-- M\u{fc}ller -->\n<Tournament", 1);
        let bytes: Vec<u8> = bad
            .bytes()
            .map(|b| if b == 0xc3 { 0xfc } else { b })
            .collect();
        let err = import_bytes(&bytes).unwrap_err();
        assert_eq!(err.line, 2, "the comment's line: {err}");
        assert!(err.problem.to_string().contains("UTF-8"), "{err}");
    }
}
