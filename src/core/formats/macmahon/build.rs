//! The fields read from a MacMahon file become a tournament: settings
//! first, then players, games and byes; what has no place in Tengen is
//! listed as [`Unread`].

use super::unread::{SETTINGS, Unread};
use super::walk::{Field, Fields, PendingPairing, PendingPlayer, Read};
use super::{Imported, MacMahonError, MacMahonProblem};
use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::player::{Participation, Player, Registration};
use crate::core::presets;
use crate::core::rank::Rank;
use crate::core::rating::Rating;
use crate::core::round::{Bye, Game, GameResult, ResultOrigin};
use crate::core::settings::{Settings, System};
use crate::core::standings::Criterion;
use crate::core::tournament::{Tournament, TournamentError};
use crate::core::units::HalfPoints;
use std::collections::{BTreeSet, HashMap};

/// A value that cannot be read, named with its element and line.
fn bad(name: &str, field: &Field) -> MacMahonError {
    MacMahonError {
        line: field.line,
        problem: MacMahonProblem::BadValue {
            element: name.to_string(),
            value: field.value.clone(),
        },
    }
}

/// Reads the fields of one object, naming the line of what is wrong.
struct Values<'a> {
    fields: &'a Fields,
    /// Where a missing element is reported.
    line: usize,
}

impl Values<'_> {
    fn text(&self, name: &str) -> &str {
        self.fields.get(name).map_or("", |f| f.value.trim())
    }

    /// MacMahon's booleans are "true" and "false"; a missing one is false.
    fn flag(&self, name: &str) -> Result<bool, MacMahonError> {
        match self.fields.get(name) {
            None => Ok(false),
            Some(f) => match f.value.trim() {
                "true" | "1" => Ok(true),
                "false" | "0" => Ok(false),
                _ => Err(bad(name, f)),
            },
        }
    }

    /// A whole number; a missing one is `default`.
    fn number(&self, name: &str, default: i64) -> Result<i64, MacMahonError> {
        match self.fields.get(name) {
            None => Ok(default),
            Some(f) => f.value.trim().parse().map_err(|_| bad(name, f)),
        }
    }

    fn required(&self, name: &str) -> Result<&Field, MacMahonError> {
        self.fields.get(name).ok_or_else(|| MacMahonError {
            line: self.line,
            problem: MacMahonProblem::Missing(name.to_string()),
        })
    }

    /// A MacMahon level: `35k`–`1k`, `1d`–`9d`, `1p`–`10p`.
    fn level(&self, name: &str, counts: &mut LevelCounts) -> Result<Rank, MacMahonError> {
        let field = self.required(name)?;
        level(&field.value, counts).ok_or_else(|| bad(name, field))
    }
}

/// Levels Tengen cannot hold as they are, counted for [`Unread`].
#[derive(Default)]
pub(super) struct LevelCounts {
    below_30k: usize,
    ten_pro: usize,
}

/// A level as MacMahon writes it; weaker than 30k and 10p are counted.
pub(super) fn level(text: &str, counts: &mut LevelCounts) -> Option<Rank> {
    let t = text.trim();
    let (digits, letter) = t.split_at(t.len().checked_sub(1)?);
    let n: u8 = digits.trim().parse().ok()?;
    match letter {
        "k" | "K" if (31..=35).contains(&n) => {
            counts.below_30k += 1;
            Some(Rank::Kyu(30))
        }
        "k" | "K" if (1..=30).contains(&n) => Some(Rank::Kyu(n)),
        "d" | "D" if (1..=9).contains(&n) => Some(Rank::Dan(n)),
        "p" | "P" if n == 10 => {
            counts.ten_pro += 1;
            Some(Rank::Pro(9))
        }
        "p" | "P" if (1..=9).contains(&n) => Some(Rank::Pro(n)),
        _ => None,
    }
}

/// A result, **Black's score first**; AutoKorsak also reads `S-S` as jigo.
fn result(text: &str) -> Option<GameResult> {
    Some(match text.trim() {
        "1-0" => GameResult::BlackWins,
        "0-1" => GameResult::WhiteWins,
        "½-½" | "S-S" => GameResult::Jigo,
        "0-0" => GameResult::BothLose,
        "1-1" => GameResult::BothWin,
        "?-?" | "" => GameResult::Unknown,
        _ => return None,
    })
}

/// MacMahon's wall-list names: `Points` counts wins, `Score` and `ScoreX`
/// the McMahon score; the sums of opponents' scores count wins in a Swiss
/// (when `Points` leads) and McMahon scores otherwise.
fn criterion(name: &str, swiss: bool) -> Option<Criterion> {
    Some(match (name, swiss) {
        ("Points", _) => Criterion::Nbw,
        ("Score" | "ScoreX", _) => Criterion::Mms,
        ("SOS", false) => Criterion::Sosm,
        ("SOS", true) => Criterion::Sosw,
        ("SOSOS", false) => Criterion::Sososm,
        ("SOSOS", true) => Criterion::Sososw,
        ("SODOS", false) => Criterion::Sodosm,
        ("SODOS", true) => Criterion::Sodosw,
        _ => return None,
    })
}

pub(super) fn build(read: Read) -> Result<Imported, MacMahonError> {
    let mut unread = Vec::new();
    let mut levels = LevelCounts::default();
    let settings = settings(&read, &mut unread)?;
    let mut t = Tournament::new(settings);
    let mut ids: HashMap<String, PlayerId> = HashMap::new();
    let mut jokers = 0;
    for p in &read.players {
        let values = Values {
            fields: &p.fields,
            line: p.fields.line,
        };
        let id = values.required("Id")?.value.trim().to_string();
        if ids.contains_key(&id) {
            return Err(MacMahonError {
                line: p.fields.line,
                problem: MacMahonProblem::DuplicatePlayer(id),
            });
        }
        jokers += usize::from(values.flag("Joker")?);
        let player = player(p, &values, &read.clubs, &mut levels, &mut unread)?;
        ids.insert(id, t.register(player));
    }
    if levels.below_30k > 0 {
        unread.push(Unread::BelowThirtyKyu(levels.below_30k));
    }
    if levels.ten_pro > 0 {
        unread.push(Unread::TenPro(levels.ten_pro));
    }
    if jokers > 0 {
        unread.push(Unread::Jokers(jokers));
    }
    let result_points = pairings(&mut t, &read.pairings, &ids)?;
    if result_points > 0 {
        unread.push(Unread::ResultPoints(result_points));
    }
    if read.unwanted > 0 {
        unread.push(Unread::UnwantedPairings(read.unwanted));
    }
    Ok(Imported {
        tournament: t,
        unread,
    })
}

fn settings(read: &Read, unread: &mut Vec<Unread>) -> Result<Settings, MacMahonError> {
    // The bars' levels are no players: what they round is not told.
    let levels = &mut LevelCounts::default();
    let v = Values {
        fields: &read.settings,
        line: read.last_line,
    };
    let rounds_field = v.required("NumberOfRounds")?;
    let rounds = v.number("NumberOfRounds", 0)?;
    if !(1..=i64::from(Participation::MAX_ROUNDS)).contains(&rounds) {
        return Err(MacMahonError {
            line: rounds_field.line,
            problem: MacMahonProblem::RoundCount {
                found: rounds.clamp(0, i64::from(u32::MAX)) as u32,
                max: Participation::MAX_ROUNDS,
            },
        });
    }
    let names: Vec<&str> = read.walllist.iter().map(|f| f.value.trim()).collect();
    let swiss = names.first() == Some(&"Points");
    let mut s = Settings::default();
    presets::apply(
        &mut s,
        if swiss {
            System::Swiss
        } else {
            System::McMahon
        },
    );
    let placement: Vec<Criterion> = names.iter().filter_map(|c| criterion(c, swiss)).collect();
    for name in names.iter().filter(|c| criterion(c, swiss).is_none()) {
        unread.push(Unread::Criterion(name.to_string()));
    }
    if !placement.is_empty() {
        s.placement = placement;
    }
    s.general.name = v.text("Name").to_string();
    s.general.short_name = crate::core::formats::short_name_from(&s.general.name);
    s.number_of_rounds = rounds as u32;
    let size = v.number("Boardsize", 19)?;
    s.rules.board_size = match u8::try_from(size) {
        Ok(size @ 2..=52) => size,
        _ => return Err(bad("Boardsize", v.required("Boardsize")?)),
    };
    // No komi in the file: a whole one when jigo is allowed ("give ½ komi
    // otherwise", MacMahon's settings say), Tengen's default otherwise.
    if v.flag("AllowJigo")? {
        s.rules.komi = HalfPoints::from_points(s.rules.komi.halves() / 2);
    }
    // MacMahon's start score is the level between the bars (RFG 21.2's
    // groups); a bar switched off lets every level start apart.
    let m = &mut s.mcmahon;
    m.bar = match v.flag("UpperMacMahonBar")? {
        true => v.level("UpperMacMahonBarLevel", levels)?,
        false => Rank::Dan(9),
    };
    m.floor = match v.flag("LowerMacMahonBar")? {
        true => v.level("LowerMacMahonBarLevel", levels)?,
        false => Rank::Kyu(30),
    };
    let h = &mut s.handicap;
    h.based_on_mms = !v.flag("HandicapByLevel")?;
    // MacMahon gives handicap only when both levels are below the level;
    // OpenGotha none when either is at or above its threshold: the same rank.
    h.no_handicap_threshold = match v.flag("HandicapBelow")? {
        true => v.level("HandicapBelowLevel", levels)?,
        false => Rank::Dan(9),
    };
    // MacMahon adds its adjustment to the difference (−1: one stone less);
    // Tengen's correction is the stones taken off. At most 9 stones count.
    h.correction = match v.flag("HandicapAdjustment")? {
        true => match v.number("HandicapAdjustmentValue", 0)? {
            n @ -9..=9 => -(n as i32),
            _ => {
                return Err(bad(
                    "HandicapAdjustmentValue",
                    v.required("HandicapAdjustmentValue")?,
                ));
            }
        },
        false => 0,
    };
    let handicap = v.flag("HandicapUsed")?;
    h.ceiling = match (handicap, v.flag("HandicapLimit")?) {
        (false, _) => 0,
        (true, true) => v.number("HandicapLimitValue", 9)?.clamp(0, 9) as u8,
        (true, false) => 9,
    };
    for setting in SETTINGS {
        // Only where it changes something: handicap in tie-breakers with
        // handicap games, a top group with an upper bar.
        let matters = match setting {
            "HandicapIncludeInTieBreakers" | "HandicapBelow" => handicap,
            "MakePairingTopGroup" => v.flag("UpperMacMahonBar")?,
            _ => true,
        };
        if matters && v.flag(setting)? {
            unread.push(Unread::Setting(setting));
        }
    }
    Ok(s)
}

fn player(
    p: &PendingPlayer,
    v: &Values<'_>,
    clubs: &HashMap<String, Vec<(String, String)>>,
    levels: &mut LevelCounts,
    unread: &mut Vec<Unread>,
) -> Result<Player, MacMahonError> {
    let rank = v.level("GoLevel", levels)?;
    let mut player = Player::new(PlayerId(0), v.text("Surname"), v.text("FirstName"), rank);
    // AutoKorsak's names in the local script, when the Latin ones are blank.
    if player.name.is_empty() {
        player.name = v.text("LocalSurname").to_string();
    }
    if player.first_name.is_empty() {
        player.first_name = v.text("LocalFirstName").to_string();
    }
    // No rating (0): the rank's, as the registration form gives.
    player.rating = match v.number("Rating", 0)? {
        0 => Rating::of_rank(rank),
        n @ -100_000..=100_000 => Rating::new(n as i32),
        _ => return Err(bad("Rating", v.required("Rating")?)),
    };
    player.egf_pin = match v.text("EgdPin") {
        "0" => String::new(),
        pin => pin.to_string(),
    };
    if v.flag("PreliminaryRegistration")? {
        player.registration = Registration::Preliminary;
    }
    // The table's club by name within the country; its EGD short name is
    // what Tengen keeps (as OpenGotha and the h9 do).
    let code = v.text("Country").to_lowercase();
    player.country = code.to_uppercase();
    let club = v.text("Club");
    player.club = clubs
        .get(&code)
        .and_then(|list| {
            list.iter()
                .find(|(name, _)| name.eq_ignore_ascii_case(club))
        })
        .map_or(club, |(name, egd)| if egd.is_empty() { name } else { egd })
        .to_string();
    if v.flag("ScoreAdjustment")? {
        // At most 100 points either way: beyond, no start score means anything.
        let quarters = match v.number("ScoreAdjustmentValue", 0)? {
            q @ -400..=400 => q as i32,
            _ => {
                return Err(bad(
                    "ScoreAdjustmentValue",
                    v.required("ScoreAdjustmentValue")?,
                ));
            }
        };
        if quarters % 4 != 0 {
            unread.push(Unread::Adjustment {
                player: player.full_name().trim().to_string(),
                quarters,
            });
        }
        player.smms_correction = quarters / 4;
    }
    // A super-bar member starts one point above the bar (MacMahon's super group).
    if v.flag("SuperBarMember")? {
        player.smms_correction += 1;
    }
    for field in &p.not_playing {
        let round: u32 = field
            .value
            .trim()
            .parse()
            .map_err(|_| bad("NotPlayingInRound", field))?;
        // MacMahon ignores a round past the last; so does Tengen.
        if let Some(round) = RoundNo::new(round).filter(|r| r.get() <= Participation::MAX_ROUNDS) {
            player.participation = player.participation.with(round, false);
        }
    }
    Ok(player)
}

/// Adds every pairing: games with their boards, and byes. Returns how many
/// games carry result points, which Tengen does not keep.
fn pairings(
    t: &mut Tournament,
    pairings: &[PendingPairing],
    ids: &HashMap<String, PlayerId>,
) -> Result<usize, MacMahonError> {
    let rounds = t.settings().number_of_rounds;
    let mut boards: HashMap<u32, BTreeSet<u32>> = HashMap::new();
    let mut result_points = 0;
    for p in pairings {
        let v = Values {
            fields: &p.fields,
            line: p.fields.line,
        };
        let error = |problem| MacMahonError {
            line: p.fields.line,
            problem,
        };
        let player = |name: &str| -> Result<PlayerId, MacMahonError> {
            let id = v.required(name)?.value.trim();
            ids.get(id)
                .copied()
                .ok_or_else(|| error(MacMahonProblem::UnknownPlayer(id.to_string())))
        };
        let round_field = p
            .round
            .as_ref()
            .ok_or_else(|| error(MacMahonProblem::Missing("RoundNumber".into())))?;
        let round = round_field
            .value
            .trim()
            .parse()
            .ok()
            .and_then(RoundNo::new)
            .ok_or_else(|| bad("RoundNumber", round_field))?;
        if round.get() > rounds {
            return Err(error(MacMahonProblem::RoundOutOfRange {
                round: round.get(),
                rounds,
            }));
        }
        let refused = |e: TournamentError| {
            error(match e {
                TournamentError::SelfPairing(_) => MacMahonProblem::SelfPairing,
                _ => MacMahonProblem::PairedTwice { round: round.get() },
            })
        };
        if v.flag("PairingWithBye")? {
            let bye = Bye {
                round,
                player: player("Black")?,
            };
            t.give_bye(bye).map_err(refused)?;
            continue;
        }
        let handicap = match v.number("Handicap", 0)? {
            h @ 0..=9 => h as u8,
            _ => return Err(bad("Handicap", v.required("Handicap")?)),
        };
        let result = match p.fields.get("Result") {
            None => GameResult::Unknown,
            Some(f) => result(&f.value).ok_or_else(|| bad("Result", f))?,
        };
        result_points += usize::from(v.number("ResultPoints", 0)? != 0);
        // A board MacMahon left unnumbered gets the next number of its round;
        // a number given twice in a round would hide one game's result.
        let used = boards.entry(round.get()).or_default();
        let number = v.number("BoardNumber", 0)?;
        let board = match number {
            0 => used.iter().max().map_or(Some(1), |b| b.checked_add(1)),
            n => u32::try_from(n).ok(),
        }
        .filter(|b| !used.contains(b))
        .and_then(BoardNo::new)
        .ok_or_else(|| {
            error(MacMahonProblem::BadValue {
                element: "BoardNumber".into(),
                value: number.to_string(),
            })
        })?;
        used.insert(board.get());
        let komi = crate::core::pairing::colours::komi(t.settings(), handicap);
        t.add_game(Game {
            round,
            board,
            white: player("White")?,
            black: player("Black")?,
            handicap,
            komi,
            result,
            // MacMahon has one mark for a result the referee gave, forfeits
            // included, and shows it with the "!" the EGF's results files give
            // a game won by default: such a game is not rated.
            origin: match v.flag("ResultByReferee")? {
                true => ResultOrigin::ByDefault,
                false => ResultOrigin::Played,
            },
            colours_known: true,
            method: None,
        })
        .map_err(refused)?;
    }
    Ok(result_points)
}
