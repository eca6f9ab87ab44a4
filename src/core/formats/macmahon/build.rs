//! The fields, criteria, players and pairings read from a MacMahon file
//! become a tournament: settings first, then players, games and byes.

use super::{MacMahonError, MacMahonProblem, PendingPairing, PendingPlayer, criterion, flag, rank};
use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::player::Participation;
use crate::core::presets;
use crate::core::rank::Rank;
use crate::core::round::{Bye, Game, GameResult, ResultOrigin};
use crate::core::settings::{Settings, System};
use crate::core::standings::Criterion;
use crate::core::tournament::{Tournament, TournamentError};
use std::collections::HashMap;

pub(super) fn build(
    fields: HashMap<String, (usize, String)>,
    walllist: Vec<String>,
    players: Vec<PendingPlayer>,
    pairings: Vec<PendingPairing>,
    last_line: usize,
) -> Result<Tournament, MacMahonError> {
    let field = |name: &str, default: &str| -> (usize, String) {
        fields
            .get(name)
            .cloned()
            .unwrap_or((last_line, default.to_string()))
    };
    let read = |name: &str, default: &str, parse: &dyn Fn(&str) -> Result<i64, ()>| {
        let (line, value) = field(name, default);
        parse(value.trim()).map_err(|_| MacMahonError {
            line,
            problem: MacMahonProblem::BadValue {
                element: name.to_string(),
                value,
            },
        })
    };
    let number = |v: &str| v.parse::<i64>().map_err(|_| ());
    let boolean = |v: &str| flag(v).map(i64::from);
    let level = |v: &str| rank(v).map(|r| i64::from(r.opengotha_value()));
    let swiss = walllist.first().map(String::as_str) == Some("Points");
    let mut settings = Settings::default();
    presets::apply(
        &mut settings,
        if swiss {
            System::Swiss
        } else {
            System::McMahon
        },
    );
    let placement: Vec<Criterion> = walllist
        .iter()
        .filter_map(|c| criterion(c, swiss))
        .collect();
    if !placement.is_empty() {
        settings.placement = placement;
    }
    settings.general.name = field("Name", "").1.trim().to_string();
    settings.general.short_name = crate::core::formats::short_name_from(&settings.general.name);
    let rounds = read("NumberOfRounds", "5", &number)?;
    if !(1..=i64::from(Participation::MAX_ROUNDS)).contains(&rounds) {
        return Err(MacMahonError {
            line: field("NumberOfRounds", "").0,
            problem: MacMahonProblem::RoundCount {
                found: rounds.clamp(0, i64::from(u32::MAX)) as u32,
                max: Participation::MAX_ROUNDS,
            },
        });
    }
    settings.number_of_rounds = rounds as u32;
    let rank_at = |value: i64| Rank::from_opengotha_value(value as i32);
    // Without a bar everyone may start at their rank: the bar goes to 9d, the floor to 30k.
    let m = &mut settings.mcmahon;
    m.bar = match read("UpperMacMahonBar", "true", &boolean)? {
        1 => rank_at(read("UpperMacMahonBarLevel", "1d", &level)?),
        _ => Rank::Dan(9),
    };
    m.floor = match read("LowerMacMahonBar", "true", &boolean)? {
        1 => rank_at(read("LowerMacMahonBarLevel", "30k", &level)?),
        _ => Rank::Kyu(30),
    };
    let h = &mut settings.handicap;
    h.based_on_mms = read("HandicapByLevel", "false", &boolean)? == 0;
    h.no_handicap_threshold = match read("HandicapBelow", "true", &boolean)? {
        1 => rank_at(read("HandicapBelowLevel", "30k", &level)?),
        _ => Rank::Dan(9),
    };
    // MacMahon adds its adjustment to the rank difference (−1: one stone
    // less); OpenGotha's correction is the stones taken off, as Pairgoth reads it.
    // A board has at most 9 stones, so an adjustment beyond ±9 is no adjustment MacMahon makes.
    let stones = |v: &str| {
        number(v).and_then(|n| {
            if (-9..=9).contains(&n) {
                Ok(n)
            } else {
                Err(())
            }
        })
    };
    h.correction = match read("HandicapAdjustment", "true", &boolean)? {
        1 => -(read("HandicapAdjustmentValue", "0", &stones)? as i32),
        _ => 0,
    };
    h.ceiling = match (
        read("HandicapUsed", "false", &boolean)?,
        read("HandicapLimit", "true", &boolean)?,
    ) {
        (0, _) => 0,
        (_, 1) => read("HandicapLimitValue", "9", &number)?.clamp(0, 9) as u8,
        _ => 9,
    };
    // Super-bar members (`SuperBarMember`) form a supergroup.
    settings.supergroup = players
        .iter()
        .any(|p| crate::core::supergroup::in_supergroup(&settings, &p.player));
    let komi = settings.rules.komi;
    let mut t = Tournament::new(settings);
    let mut ids: HashMap<String, PlayerId> = HashMap::new();
    for p in players {
        if ids.contains_key(&p.id) {
            return Err(MacMahonError {
                line: p.line,
                problem: MacMahonProblem::DuplicatePlayer(p.id),
            });
        }
        let id = t.register(p.player);
        ids.insert(p.id, id);
    }
    let mut boards: HashMap<u32, std::collections::BTreeSet<u32>> = HashMap::new();
    for p in pairings {
        let error = |problem| MacMahonError {
            line: p.line,
            problem,
        };
        let player = |id: &str| {
            ids.get(id)
                .copied()
                .ok_or_else(|| error(MacMahonProblem::UnknownPlayer(id.to_string())))
        };
        let round = RoundNo::new(p.round).ok_or_else(|| {
            error(MacMahonProblem::BadValue {
                element: "RoundNumber".into(),
                value: p.round.to_string(),
            })
        })?;
        let refused = |e: TournamentError| {
            error(match e {
                TournamentError::RoundOutOfRange { round, rounds } => {
                    MacMahonProblem::RoundOutOfRange {
                        round: round.get(),
                        rounds,
                    }
                }
                TournamentError::SelfPairing(_) => MacMahonProblem::SelfPairing,
                _ => MacMahonProblem::PairedTwice { round: p.round },
            })
        };
        if p.bye {
            t.give_bye(Bye {
                round,
                player: player(&p.black)?,
            })
            .map_err(refused)?;
            continue;
        }
        let (result, by_default) = p.result.unwrap_or((GameResult::Unknown, false));
        // A board MacMahon left unnumbered gets the next number of its round;
        // a number given twice in a round would hide one game's result.
        let bad_board = || {
            error(MacMahonProblem::BadValue {
                element: "BoardNumber".into(),
                value: p.board.to_string(),
            })
        };
        let used = boards.entry(p.round).or_default();
        let board = if p.board == 0 {
            used.iter().max().map_or(Some(1), |b| b.checked_add(1))
        } else {
            Some(p.board)
        }
        .filter(|b| !used.contains(b))
        .and_then(BoardNo::new)
        .ok_or_else(bad_board)?;
        used.insert(board.get());
        t.add_game(Game {
            round,
            board,
            white: player(&p.white)?,
            black: player(&p.black)?,
            handicap: p.handicap,
            komi,
            result,
            origin: match (by_default, p.by_referee) {
                (true, _) => ResultOrigin::ByDefault,
                (false, true) => ResultOrigin::RefereeDecision,
                (false, false) => ResultOrigin::Played,
            },
            colours_known: true,
            method: None,
        })
        .map_err(refused)?;
    }
    Ok(t)
}
