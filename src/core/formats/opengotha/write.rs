//! Writing a tournament in OpenGotha's format.

use super::keys::player_key;
use super::{OPENGOTHA_ROUNDS, result_to_opengotha};
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::pairing::parameters::{DuddMode, PairingParameters, SeedSystem};
use crate::core::player::Registration;
use crate::core::settings::{Overtime, Settings};
use crate::core::standings::Criterion;
use crate::core::tournament::Tournament;
use std::fmt::Write as _;

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
