//! Pairing: OpenGotha-compatible McMahon, Swiss, SwissCat and Cup by
//! maximum-weight perfect matching ([`pair_round`]); round robin, knockout and
//! RFG Swiss as table, bracket and rule generators; the Ukrainian Swiss by a
//! matching of its own ([`ukraine_swiss`]); manual pairing, the
//! pairing report and per-board explanations. Reference: `docs/reference/pairing.md`.
//!
//! A pair's weight is 1 plus one term per criterion (OpenGotha `costValue`);
//! the round's pairing maximises the sum. Criteria, most important first, with
//! OpenGotha's McMahon defaults (a tournament file carries its own values):
//!
//! 1. avoid duplicate games (`paiBaAvoidDuplGame`) — 5·10¹⁴
//! 2. avoid mixing categories (`paiMaAvoidMixingCategories`) — 0 (2·10¹³ SwissCat)
//! 3. minimize score difference (`paiMaMinimizeScoreDifference`) — 10¹¹
//! 4. avoid same geography: country, club, clubs group (`paiSeAvoidSameGeo`) — 10¹¹
//! 5. minimize handicap (`paiSeMinimizeHandicap`) — 0 (2·10¹³ SwissCat)
//! 6. draw-up / draw-down (`paiMaDUDDWeight`) — 10⁸
//! 7. seeding inside a score group (`paiMaMaximizeSeeding`) — 5·10⁶
//! 8. white/black balance (`paiBaBalanceWB`) — 10⁶
//! 9. random (`paiBaRandom`) — 0
//!
//! Before matching, an odd field gives the bye to the lowest player without
//! one ([`bye`]); after it, colours and handicaps come from [`colours`] and
//! boards are numbered by the weaker player's score, then rating.

#[cfg(test)]
mod blossom;
pub mod bye;
pub mod colours;
pub mod double_elimination;
pub mod explain;
mod gabow;
pub mod groups;
pub mod knockout;
pub mod knockout_round;
pub mod knockout_stage;
pub mod knockout_view;
pub mod manual;
pub mod match_round;
pub mod matching;
pub mod numbers;
pub mod pair_go;
// The parameters are settings data (`core::settings::pairing`); the
// pairing's path to them stays for the files and pages that name it.
pub use crate::core::settings::pairing as parameters;
mod parts;
pub mod report;
pub mod rfg_swiss;
pub mod round_robin;
pub mod series;
mod timsort;
mod totals;
pub mod ukraine_swiss;
pub mod weights;

#[cfg(test)]
mod tests;
// Reads ../shared/fixtures, so it lives outside src/core (tests/offline/architecture.rs).
#[cfg(test)]
#[path = "../../../tests/core_fixtures/pairing_parts.rs"]
mod fixture_tests;

use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::player::{Player, Registration};
use crate::core::rank::Rank;
use crate::core::round::{Bye, Game, GameResult, ResultOrigin};
use crate::core::settings::{Settings, System};
use crate::core::standings::{Criterion, ScoreSheet, scores};
use crate::core::tournament::Tournament;
use crate::core::units::Ratio;
use colours::ColourInput;
use groups::Groups;
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};
use weights::GroupSeat;

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
    /// The games of this round are not the round-robin table's: the
    /// players or their draw numbers changed since round 1, or the round was
    /// edited by hand ([`round_robin`]).
    #[error("the games of round {round} are not the round-robin table's")]
    TableChanged {
        /// The first round that differs.
        round: RoundNo,
    },
    /// Two final players hold the same draw number ([`numbers`]).
    #[error("draw number {0} is held by more than one player")]
    DuplicateDrawNumber(u32),
    /// The games of this round are not the knockout bracket's matches: the
    /// players or their draw numbers changed since round 1, or the round was
    /// edited by hand ([`knockout_round`]).
    #[error("the games of round {round} are not the knockout bracket's matches")]
    BracketChanged {
        /// The first round that differs.
        round: RoundNo,
    },
    /// A knockout game of this earlier round has no result yet.
    #[error("a game of round {0} has no result yet")]
    ResultsMissing(RoundNo),
    /// A knockout game of this earlier round is won by both players: a match
    /// needs one winner.
    #[error("a game of round {0} is won by both players")]
    BothWon(RoundNo),
    /// The knockout has been decided: no round is left to pair.
    #[error("the knockout is finished")]
    KnockoutFinished,
    /// A Scheveningen match is between two teams; the event has this many.
    #[error("a Scheveningen match is between two teams, not {0}")]
    ScheveningenTeams(usize),
    /// Every meeting of the match-tournament has been played.
    #[error("every match of the tournament has been played")]
    MatchesFinished,
    /// Every round of the Scheveningen schedule has been paired.
    #[error("the Scheveningen schedule has no round {0}")]
    ScheveningenFinished(RoundNo),
    /// The Ukrainian Swiss: the players could meet without a rematch, but
    /// not with every colour within II.5's limits ([`ukraine_swiss`]).
    #[error(
        "no pairing of round {round} keeps Black and White within {gap} and no colour three times running"
    )]
    ColourLimits {
        /// The round being paired.
        round: RoundNo,
        /// The largest |Black − White| allowed.
        gap: u32,
    },
}

/// The new games of a round and its bye.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundPairing {
    /// The games, by board number.
    pub games: Vec<Game>,
    /// The player given the bye, if the field was odd.
    pub bye: Option<PlayerId>,
}

/// A pair's weight term by term (OpenGotha's `costValue`), for reports and
/// explanations; [`Breakdown::total`] is what the matching maximises.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Breakdown {
    /// `paiBaAvoidDuplGame`.
    pub avoid_duplicate_games: i64,
    /// `paiBaRandom`.
    pub random: i64,
    /// `paiBaBalanceWB`.
    pub balance_wb: i64,
    /// `paiMaAvoidMixingCategories`.
    pub avoid_mixing_categories: i64,
    /// `paiMaMinimizeScoreDifference`.
    pub minimize_score_difference: i64,
    /// `paiMaDUDDWeight`.
    pub dudd: i64,
    /// `paiMaMaximizeSeeding`.
    pub maximize_seeding: i64,
    /// `paiSeMinimizeHandicap`.
    pub minimize_handicap: i64,
    /// `paiSeAvoidSameGeo`.
    pub avoid_same_geo: i64,
}

impl Breakdown {
    /// The terms in the order of OpenGotha's parameters, as listed above.
    pub fn terms(&self) -> [i64; 9] {
        [
            self.avoid_duplicate_games,
            self.random,
            self.balance_wb,
            self.avoid_mixing_categories,
            self.minimize_score_difference,
            self.dudd,
            self.maximize_seeding,
            self.minimize_handicap,
            self.avoid_same_geo,
        ]
    }

    /// 1 (OpenGotha's floor: 0 would mean "not allowed") plus every term.
    pub fn total(&self) -> Result<i64, PairingError> {
        self.terms()
            .into_iter()
            .try_fold(1i64, |sum, term| sum.checked_add(term))
            .ok_or(PairingError::WeightOutOfRange)
    }
}

/// One player to pair, with everything the weights read.
#[derive(Debug, Clone)]
struct Entrant<'t> {
    player: &'t Player,
    key: String,
    mms2: i32,
    category: i64,
    /// The main score before the round, whole points (OpenGotha
    /// `getCritValue(mainCrit, roundNumber - 1) / 2`): where a large field
    /// is cut into parts ([`parts`]).
    main_score: i32,
    seat: GroupSeat,
    wb_balance: i64,
    /// MMS for the handicap criterion; the maximum when exempt from secondary criteria.
    pseudo_mms: i64,
    /// Country and club lower-cased, as OpenGotha compares them.
    country: String,
    club: String,
    /// Indices of the clubs groups that list the player's club.
    clubs_groups: Vec<usize>,
}

impl Entrant<'_> {
    fn colour_input(&self) -> ColourInput<'_> {
        ColourInput {
            player: self.player,
            mms2: self.mms2,
            wb_balance: self.wb_balance,
        }
    }
}

/// A round being paired: the players in OpenGotha's order, the bye, and what
/// the weights need. [`pair_round`] is `Draw::prepare(…)?.pair()`.
#[derive(Debug)]
pub struct Draw<'t> {
    tournament: &'t Tournament,
    round: RoundNo,
    entrants: Vec<Entrant<'t>>,
    bye: Option<PlayerId>,
    groups: Groups,
    /// `met[i * n + j]`: players `i` and `j` of the draw have already played.
    met: Vec<bool>,
}

/// Pairs `round` of `tournament` for the players who take part in it: registered
/// as final, participating, admitted, and not yet in a game or the bye of
/// that round.
/// McMahon, Swiss, SwissCat and Cup as OpenGotha; round robin by the Berger
/// tables; a knockout from its bracket and the recorded results ([`knockout_round`]);
/// the RFG and Ukrainian Swiss by their rule texts.
pub fn pair_round(tournament: &Tournament, round: RoundNo) -> Result<RoundPairing, PairingError> {
    // A player the credentials commission has not admitted is not paired.
    let admitted = crate::core::admission::without_unadmitted(tournament, round);
    let tournament = admitted.as_ref().unwrap_or(tournament);
    match tournament.settings().system {
        System::McMahon | System::Swiss | System::SwissCat | System::Cup => {
            Draw::prepare(tournament, round)?.pair()
        }
        System::RoundRobin if tournament.settings().best_of > 1 => {
            match_round::pair_tournament_round(tournament, round)
        }
        System::RoundRobin => round_robin::pair_tournament_round(tournament, round),
        System::RfgSwiss => rfg_swiss::pair_tournament_round(tournament, round),
        System::UkraineSwiss => ukraine_swiss::pair_tournament_round(tournament, round),
        System::Knockout => knockout_round::pair_tournament_round(tournament, round),
    }
}

/// The players already in a game or the bye of `round`: not paired again.
fn assigned(tournament: &Tournament, round: RoundNo) -> HashSet<PlayerId> {
    tournament
        .games()
        .iter()
        .filter(|g| g.round == round)
        .flat_map(|g| [g.white, g.black])
        .chain(
            tournament
                .byes()
                .iter()
                .filter(|b| b.round == round)
                .map(|b| b.player),
        )
        .collect()
}

impl<'t> Draw<'t> {
    /// Orders the players to pair, chooses the bye and builds the score groups.
    pub fn prepare(tournament: &'t Tournament, round: RoundNo) -> Result<Self, PairingError> {
        let settings = tournament.settings();
        let done = round.index();
        let sheet = scores(tournament, done as u32);
        let busy = assigned(tournament, round);
        let players: HashMap<PlayerId, &Player> =
            tournament.players().iter().map(|p| (p.id, p)).collect();
        let mut order: Vec<PlayerId> =
            groups::all_players_in_order(tournament, done, &settings.placement)
                .into_iter()
                .filter(|id| {
                    players.get(id).is_some_and(|p| {
                        p.registration == Registration::Final
                            && p.participation.plays(round)
                            && !busy.contains(id)
                    })
                })
                .collect();
        let mut bye = None;
        if order.len() % 2 == 1 {
            if tournament.byes().iter().any(|b| b.round == round) {
                return Err(PairingError::NoValidPairing);
            }
            bye = bye::choose_bye(tournament, &sheet, round, &order);
            order.retain(|id| Some(*id) != bye);
        }
        let groups = groups::groups(tournament, &sheet, round);
        let balances = wb_balances(tournament, round);
        let entrants: Vec<Entrant> = order
            .iter()
            .filter_map(|id| players.get(id).copied())
            .map(|p| {
                let balance = balances.get(&p.id).copied().unwrap_or(0);
                entrant(tournament, &sheet, &groups, round, p, balance)
            })
            .collect();
        let n = entrants.len();
        let index: HashMap<PlayerId, usize> = entrants
            .iter()
            .enumerate()
            .map(|(i, e)| (e.player.id, i))
            .collect();
        let mut met = vec![false; n * n];
        for g in tournament.games().iter().filter(|g| g.round < round) {
            if let (Some(&i), Some(&j)) = (index.get(&g.white), index.get(&g.black)) {
                met[i * n + j] = true;
                met[j * n + i] = true;
            }
        }
        Ok(Draw {
            tournament,
            round,
            entrants,
            bye,
            groups,
            met,
        })
    }

    /// The players to pair, in OpenGotha's order (score order before the round).
    pub fn players(&self) -> Vec<PlayerId> {
        self.entrants.iter().map(|e| e.player.id).collect()
    }

    /// The player given the bye.
    pub fn bye(&self) -> Option<PlayerId> {
        self.bye
    }

    /// The weight of pairing players `i` and `j` of [`Draw::players`], term by
    /// term; some terms depend on which of the two comes first.
    pub fn breakdown(&self, i: usize, j: usize) -> Breakdown {
        let (a, b) = (&self.entrants[i], &self.entrants[j]);
        let settings = self.tournament.settings();
        let p = &settings.pairing;
        let nx1 = p.standard_nx1_factor;
        let handicap =
            colours::signed_handicap(&settings.handicap, &a.colour_input(), &b.colour_input());
        let categories = settings.number_of_categories() as i64;
        let seed_system = self.seed_system();
        let handicap_range = self.handicap_range();
        Breakdown {
            avoid_duplicate_games: weights::avoid_duplicate_games(
                p.avoid_duplicate_game,
                self.met[i * self.entrants.len() + j],
            ),
            random: if p.random == 0 {
                0
            } else {
                weights::random(p.random, &a.key, &b.key)
            },
            balance_wb: weights::balance_wb(
                p.balance_white_black,
                i64::from(handicap),
                a.wb_balance,
                b.wb_balance,
            ),
            avoid_mixing_categories: weights::avoid_mixing_categories(
                p.avoid_mixing_categories,
                nx1,
                a.category,
                b.category,
                categories,
            ),
            minimize_score_difference: weights::minimize_score_difference(
                p.minimize_score_difference,
                nx1,
                &a.seat,
                &b.seat,
                a.category == b.category,
                self.groups.count,
            ),
            dudd: weights::dudd(
                p.dudd_weight,
                p.dudd_upper_mode,
                p.dudd_lower_mode,
                p.compensate_dudd,
                &a.seat,
                &b.seat,
                (a.category - b.category).abs(),
            ),
            maximize_seeding: weights::maximize_seeding(
                p.maximize_seeding,
                seed_system,
                &a.seat,
                &b.seat,
                &a.key,
                &b.key,
            ),
            minimize_handicap: weights::minimize_handicap(
                p.minimize_handicap,
                nx1,
                a.pseudo_mms,
                b.pseudo_mms,
                handicap_range,
            ),
            avoid_same_geo: weights::avoid_same_geo(
                p.avoid_same_geo,
                p.minimize_score_difference,
                nx1,
                i64::from(p.prefer_mms_diff_rather_than_same_country),
                i64::from(p.prefer_mms_diff_rather_than_same_club),
                self.geography(a, b),
                self.groups.count,
            ),
        }
    }

    /// How two players relate geographically. With no geographic preference
    /// in the top group (RFG App. 9 §7.4), two of its players weigh as
    /// strangers whatever their country and club: geography then neither
    /// keeps them apart nor draws them towards the groups below. The top
    /// group is the RFG's: the bar group and any supergroup (21.2).
    fn geography(&self, a: &Entrant, b: &Entrant) -> weights::Geography {
        let settings = self.tournament.settings();
        let top = |e: &Entrant| crate::core::supergroup::starts_in_top_group(settings, e.player, 0);
        if settings.pairing.no_geography_in_top_group && top(a) && top(b) {
            return weights::Geography {
                same_country: false,
                same_club: false,
                same_clubs_group: false,
            };
        }
        geography(a, b)
    }

    /// The seeding system of this round.
    fn seed_system(&self) -> weights::SeedSystem {
        let p = &self.tournament.settings().pairing;
        if self.round.get() <= p.last_round_for_seed_system1 {
            p.seed_system1
        } else {
            p.seed_system2
        }
    }

    /// The range of pseudo McMahon scores the handicap criterion divides by.
    fn handicap_range(&self) -> i64 {
        let settings = self.tournament.settings();
        if settings.placement.first() == Some(&Criterion::Mms) {
            self.groups.count
        } else {
            let mm = &settings.mcmahon;
            i64::from(mm.bar.opengotha_value() - mm.floor.opengotha_value() + 3)
                + self.round.index() as i64
        }
    }

    /// Position of `player` in [`Draw::players`].
    fn index_of(&self, player: PlayerId) -> Option<usize> {
        self.entrants.iter().position(|e| e.player.id == player)
    }

    /// Matches the players and makes the games, boards numbered as OpenGotha does.
    pub fn pair(&self) -> Result<RoundPairing, PairingError> {
        let n = self.entrants.len();
        let criteria = &self.tournament.settings().placement;
        let standings = || every_row(self.tournament, self.round.get(), criteria);
        // The boards' order reads the standings, which the pairs do not
        // change: for a large field the other core counts them meanwhile.
        let (pairs, rows) = if n < totals::PARALLEL_FROM {
            (self.match_parts(), standings())
        } else {
            std::thread::scope(|s| {
                let rows = s.spawn(standings);
                let pairs = self.match_parts();
                let rows = rows.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
                (pairs, rows)
            })
        };
        let pairs = pairs?;
        let settings = self.tournament.settings();
        let mut games: Vec<Game> = pairs
            .iter()
            .map(|&(i, j)| {
                let (a, b) = (&self.entrants[i], &self.entrants[j]);
                let c =
                    colours::game_between(&settings.handicap, &a.colour_input(), &b.colour_input());
                let (white, black) = if c.first_is_white { (a, b) } else { (b, a) };
                Game {
                    round: self.round,
                    board: BoardNo::new(1).unwrap_or_else(|| unreachable!("1 is a board number")),
                    white: white.player.id,
                    black: black.player.id,
                    handicap: c.handicap,
                    komi: colours::komi(settings, c.handicap),
                    result: GameResult::Unknown,
                    origin: ResultOrigin::Played,
                    colours_known: true,
                    method: None,
                }
            })
            .collect();
        self.number_boards(&mut games, &rows);
        Ok(RoundPairing {
            games,
            bye: self.bye,
        })
    }

    /// OpenGotha's `renumberTablesByBestScoreThenRating`: games ordered by the
    /// weaker player's placement criteria counted through this round (before
    /// its games and bye are recorded: `rows`, from [`every_row`]), then by
    /// rating, with Java's sort ([`timsort`]); board numbers skip boards
    /// already in use. The comparator never answers Equal, so Java's sort may
    /// reject it; OpenGotha's pairing then fails, and we keep the games in
    /// matching order instead.
    fn number_boards(&self, games: &mut [Game], rows: &HashMap<PlayerId, Vec<Ratio>>) {
        let rating = |id: PlayerId| self.tournament.player(id).map_or(0, |p| p.rating.gor());
        let none = Vec::new();
        let values = |id: PlayerId| rows.get(&id).unwrap_or(&none);
        let by_score = |x: PlayerId, y: PlayerId| values(y).cmp(values(x));
        let weaker = |g: &Game| match by_score(g.white, g.black) {
            Ordering::Less => g.black,
            Ordering::Greater => g.white,
            Ordering::Equal if rating(g.white) < rating(g.black) => g.black,
            Ordering::Equal => g.white,
        };
        let mut order: Vec<usize> = (0..games.len()).collect();
        let sorted = timsort::sort(&mut order, |&k1, &k2| {
            let (w1, w2) = (weaker(&games[k1]), weaker(&games[k2]));
            match by_score(w1, w2) {
                Ordering::Equal if rating(w1) > rating(w2) => Ordering::Less,
                Ordering::Equal => Ordering::Greater,
                other => other,
            }
        });
        if sorted.is_ok() {
            let in_order: Vec<Game> = order.iter().map(|&k| games[k].clone()).collect();
            games.clone_from_slice(&in_order);
        }
        let taken: HashSet<u32> = self
            .tournament
            .games()
            .iter()
            .filter(|g| g.round == self.round)
            .map(|g| g.board.get())
            .collect();
        let mut free = (1u32..).filter(|b| !taken.contains(b));
        for g in games.iter_mut() {
            if let Some(board) = free.next().and_then(BoardNo::new) {
                g.board = board;
            }
        }
    }
}

/// Every player's criterion values after `rounds` rounds.
fn every_row(
    tournament: &Tournament,
    rounds: u32,
    criteria: &[Criterion],
) -> HashMap<PlayerId, Vec<Ratio>> {
    let everyone: Vec<PlayerId> = tournament.players().iter().map(|p| p.id).collect();
    crate::core::standings::ranking(tournament, rounds, criteria, &everyone)
        .rows
        .into_iter()
        .map(|r| (r.player, r.values))
        .collect()
}

/// Whether two players share a country, a club or a clubs group
/// (case-insensitive, as OpenGotha compares them).
fn geography(a: &Entrant, b: &Entrant) -> weights::Geography {
    weights::Geography {
        same_country: a.country == b.country,
        same_club: a.club == b.club,
        same_clubs_group: a.clubs_groups.iter().any(|g| b.clubs_groups.contains(g)),
    }
}

/// What the weights read about `player` before `round`.
fn entrant<'t>(
    tournament: &'t Tournament,
    sheet: &ScoreSheet,
    groups: &Groups,
    round: RoundNo,
    player: &'t Player,
    wb_balance: i64,
) -> Entrant<'t> {
    let settings = tournament.settings();
    let id = player.id;
    let mms2 = sheet.mms(id).map_or(0, |m| m.halves());
    let nbw2 = sheet.nbw(id).map_or(0, |m| m.halves());
    let club = player.club.to_lowercase();
    Entrant {
        player,
        key: colours::key(player),
        mms2,
        category: settings.category_of(player.rank) as i64,
        main_score: groups::MainScore::of(settings).halves(sheet, id, round.index()) / 2,
        seat: groups.seat(id),
        wb_balance,
        pseudo_mms: pseudo_mms(settings, sheet, round, player, mms2, nbw2),
        country: player.country.to_lowercase(),
        club: club.clone(),
        clubs_groups: tournament
            .clubs_groups()
            .iter()
            .enumerate()
            .filter(|(_, g)| g.clubs.iter().any(|c| c.to_lowercase() == club))
            .map(|(k, _)| k)
            .collect(),
    }
}

/// Every player's [`colours::wb_balance`] before `round`, in one pass over the games.
fn wb_balances(tournament: &Tournament, round: RoundNo) -> HashMap<PlayerId, i64> {
    let mut balances = HashMap::new();
    for g in tournament
        .games()
        .iter()
        .filter(|g| g.round < round && g.handicap == 0)
    {
        *balances.entry(g.white).or_insert(0) += 1;
        *balances.entry(g.black).or_insert(0) -= 1;
    }
    balances
}

/// OpenGotha's pseudo MMS for the handicap criterion: players with many
/// wins, at or above the rank threshold, or above the bar count as the maximum.
fn pseudo_mms(
    settings: &Settings,
    sheet: &ScoreSheet,
    round: RoundNo,
    player: &Player,
    mms2: i32,
    nbw2: i32,
) -> i64 {
    let p = &settings.pairing;
    let rounds = settings.number_of_rounds as i32;
    let nbw2_threshold = if p.secondary_nbw_threshold_active {
        rounds
    } else {
        2 * rounds
    };
    let bar = settings.mcmahon.bar.opengotha_value() - Rank::OPENGOTHA_MIN;
    let smms = sheet.start_mms(player.id).map_or(0, |s| s.halves() / 2);
    let strong = 2 * player.rank.opengotha_value() + nbw2
        >= 2 * p.secondary_rank_threshold.opengotha_value();
    let above_bar = p.secondary_bar_threshold_active && smms >= bar;
    if nbw2 >= nbw2_threshold || strong || above_bar {
        i64::from(settings.mcmahon.bar.opengotha_value() + 2 - Rank::OPENGOTHA_MIN)
            + round.index() as i64
    } else {
        i64::from(mms2 / 2)
    }
}

/// The tournament as it stood before `round`: every game and bye of that round
/// and later forgotten (players, settings, teams and clubs groups kept).
pub fn before_round(tournament: &Tournament, round: RoundNo) -> Tournament {
    let mut out = Tournament::new(tournament.settings().clone());
    let ids: HashMap<PlayerId, PlayerId> = tournament
        .players()
        .iter()
        .map(|p| (p.id, out.register(p.clone())))
        .collect();
    let id = |p: PlayerId| ids.get(&p).copied().unwrap_or(p);
    for g in tournament.games().iter().filter(|g| g.round < round) {
        let game = Game {
            white: id(g.white),
            black: id(g.black),
            ..g.clone()
        };
        // Kept games were valid in the original tournament, so they are here too.
        let _ = out.add_game(game);
    }
    for b in tournament.byes().iter().filter(|b| b.round < round) {
        let _ = out.give_bye(Bye {
            round: b.round,
            player: id(b.player),
        });
    }
    for group in tournament.clubs_groups() {
        out.add_clubs_group(group.clone());
    }
    out
}
