//! One element's attributes, with OpenGotha's defaults for missing ones,
//! into players, games and settings.

use super::{Attrs, Importer, PendingGame};
use crate::core::formats::opengotha::problem::ImportError;
use crate::core::formats::opengotha::{OPENGOTHA_ROUNDS, result_from_opengotha};
use crate::core::ids::{BoardNo, PlayerId, RoundNo};
use crate::core::pairing::parameters::{DuddMode, PairingParameters, SeedSystem};
use crate::core::player::{Participation, Player, Registration};
use crate::core::rank::Rank;
use crate::core::rating::Rating;
use crate::core::settings::Overtime;
use crate::core::standings::Criterion;
use crate::core::units::HalfPoints;

impl Importer<'_> {
    pub(super) fn player(&mut self, a: &Attrs) -> Result<(), ImportError> {
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

    pub(super) fn game(&mut self, a: &Attrs) -> Result<(), ImportError> {
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

    pub(super) fn general(&mut self, a: &Attrs) -> Result<(), ImportError> {
        let s = &mut self.settings;
        let g = &mut s.general;
        g.short_name = a.text("shortName", "defaultshortname");
        g.name = a.text("name", "default Name");
        g.location = a.text("location", "Paris");
        g.director = a.text("director", "");
        // OpenGotha writes yyyy-MM-dd; a date in any other form would make
        // the tournament's settings refused as a whole, so it is left blank.
        let date = |name| {
            let text = a.text(name, "");
            let valid = text.trim().parse::<jiff::civil::Date>().is_ok();
            if valid { text } else { String::new() }
        };
        g.begin_date = date("beginDate");
        g.end_date = date("endDate");
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

    pub(super) fn category(&mut self, a: &Attrs) -> Result<(), ImportError> {
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

    pub(super) fn handicap(&mut self, a: &Attrs) -> Result<(), ImportError> {
        let h = &mut self.settings.handicap;
        h.based_on_mms = a.flag("hdBasedOnMMS", true);
        h.no_handicap_threshold = a.rank("hdNoHdRankThreshold", "1D")?;
        h.correction = a.number("hdCorrection", "1")?;
        h.ceiling = a.number("hdCeiling", "9")?;
        Ok(())
    }

    pub(super) fn display(&mut self, a: &Attrs) {
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
}

pub(super) fn pairing(a: &Attrs) -> Result<PairingParameters, ImportError> {
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
        // OpenGotha has no such parameter and pairs as if it were off.
        no_geography_in_top_group: false,
    })
}
