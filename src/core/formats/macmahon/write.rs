//! Writing a tournament as a MacMahon 3.10 file, which MacMahon and
//! AutoKorsak open, so an organiser can go back to their desktop program.
//!
//! MacMahon looks a setting up as the first element of its name anywhere
//! below the root, so the settings come first, in MacMahon's own order,
//! before the tables whose children share names (`<Name>`, `<AllowJigo>`).
//! Every object carries the `typeversion` MacMahon 3.10 writes, and names
//! are single CDATA sections, as AutoKorsak's reader demands.

use crate::core::ids::{PlayerId, RoundNo};
use crate::core::player::{Player, Registration};
use crate::core::rank::Rank;
use crate::core::round::{GameResult, ResultOrigin};
use crate::core::settings::{Settings, System};
use crate::core::standings::Criterion;
use crate::core::tournament::Tournament;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// A tournament as a MacMahon file, saved at `saved` (the hall's clock:
/// MacMahon's dates have no zone).
pub fn export(t: &Tournament, saved: jiff::civil::DateTime) -> String {
    let saved = saved.strftime("%Y-%m-%d %H:%M:%S").to_string();
    let s = t.settings();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    out.push_str("<Tournament typeversion=\"9\">\n");
    settings(&mut out, t, s);
    walllist(&mut out, &s.placement);
    // Players are numbered in the tournament's order; pairings name them so.
    let ids: BTreeMap<PlayerId, usize> = t
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, i + 1))
        .collect();
    countries(&mut out, t.players());
    for (p, id) in t.players().iter().zip(1..) {
        participant(&mut out, p, id, s.number_of_rounds);
    }
    for round in (1..=s.number_of_rounds).filter_map(RoundNo::new) {
        let _ = write!(
            out,
            "  <TournamentRound typeversion=\"2\">\n    <RoundNumber>{}</RoundNumber>\n    <LastUpdated>{saved}</LastUpdated>\n",
            round.get()
        );
        let mut games: Vec<_> = t.games().iter().filter(|g| g.round == round).collect();
        games.sort_by_key(|g| g.board);
        for g in games {
            out.push_str("    <Pairing typeversion=\"2\">\n");
            leaf(&mut out, 6, "ForcedPairing", "false");
            leaf(&mut out, 6, "PairingWithBye", "false");
            leaf(&mut out, 6, "Black", ids[&g.black]);
            leaf(&mut out, 6, "White", ids[&g.white]);
            leaf(&mut out, 6, "Handicap", g.handicap);
            leaf(&mut out, 6, "AllowJigo", g.komi.halves() % 2 == 0);
            leaf(&mut out, 6, "Result", result(g.result));
            leaf(
                &mut out,
                6,
                "ResultByReferee",
                g.origin != ResultOrigin::Played,
            );
            leaf(&mut out, 6, "ResultPoints", 0);
            leaf(&mut out, 6, "BoardNumber", g.board.get());
            leaf(&mut out, 6, "BoardNumberFixed", "false");
            leaf(&mut out, 6, "CreationTime", &saved);
            out.push_str("    </Pairing>\n");
        }
        for bye in t.byes().iter().filter(|b| b.round == round) {
            out.push_str("    <Pairing typeversion=\"2\">\n");
            leaf(&mut out, 6, "ForcedPairing", "false");
            leaf(&mut out, 6, "PairingWithBye", "true");
            leaf(&mut out, 6, "Black", ids[&bye.player]);
            leaf(&mut out, 6, "BoardNumber", 0);
            leaf(&mut out, 6, "BoardNumberFixed", "false");
            leaf(&mut out, 6, "CreationTime", &saved);
            out.push_str("    </Pairing>\n");
        }
        out.push_str("  </TournamentRound>\n");
    }
    out.push_str("</Tournament>\n");
    out
}

/// The root's settings, in the order MacMahon 3.10 writes them; those
/// Tengen has no counterpart for as MacMahon's new tournaments have them.
fn settings(out: &mut String, t: &Tournament, s: &Settings) {
    let h = &s.handicap;
    let current = t.last_round_with_game().map_or(1, |r| r.get());
    let upper = s.mcmahon.bar < Rank::Dan(9);
    let lower = s.mcmahon.floor > Rank::Kyu(30);
    let values: [(&str, String); 32] = [
        ("NumberOfRounds", s.number_of_rounds.to_string()),
        ("CurrentRoundNumber", current.to_string()),
        ("TakeCurrentRoundInAccount", "false".into()),
        ("Name", cdata(&s.general.name)),
        ("DefaultAsianName", "false".into()),
        // AutoKorsak sets it on every save "for compatibility with MacMahon".
        ("RatingAllowed", "true".into()),
        ("RatingLowestOneDanRating", "2050".into()),
        ("RatingDeterminesRank", "false".into()),
        ("RatingDeterminesStartScore", "false".into()),
        ("LowerMacMahonBar", lower.to_string()),
        ("LowerMacMahonBarLevel", level(s.mcmahon.floor)),
        ("UpperMacMahonBar", upper.to_string()),
        ("UpperMacMahonBarLevel", level(s.mcmahon.bar)),
        ("UpperMacMahonBarRating", "0".into()),
        ("ByeShouldResultInZeroSOSetc", "false".into()),
        ("HalfScoreGroupsRoundDown", "false".into()),
        ("HalfScoreGroupsRoundDownNotJigo", "true".into()),
        ("PreliminaryDefaultRegistration", "false".into()),
        ("OnlineEgdSupport", "true".into()),
        ("OnlineEgdSupportByPin", "false".into()),
        ("HandicapUsed", (h.ceiling > 0).to_string()),
        (
            "HandicapBelow",
            (h.no_handicap_threshold < Rank::Dan(9)).to_string(),
        ),
        ("HandicapBelowLevel", level(h.no_handicap_threshold)),
        ("HandicapByLevel", (!h.based_on_mms).to_string()),
        ("HandicapAdjustment", (h.correction != 0).to_string()),
        ("HandicapAdjustmentValue", (-h.correction).to_string()),
        ("HandicapLimit", (h.ceiling < 9).to_string()),
        ("HandicapLimitValue", h.ceiling.to_string()),
        ("HandicapIncludeInTieBreakers", "false".into()),
        ("AllowJigo", (s.rules.komi.halves() % 2 == 0).to_string()),
        ("Boardsize", s.rules.board_size.to_string()),
        (
            "VersionSaved",
            format!("Tengen {}", env!("CARGO_PKG_VERSION")),
        ),
    ];
    for (name, value) in values {
        leaf(out, 2, name, value);
    }
    // AutoKorsak's own: the system, which it would otherwise take for a
    // Swiss when both bars are off.
    let kind = match s.system {
        System::Swiss | System::UkraineSwiss => 2,
        System::RoundRobin => 1,
        _ => 0,
    };
    leaf(out, 2, "Kind", kind);
    leaf(out, 2, "UseMacMahonStartScores", kind == 0);
}

/// The placement criteria MacMahon has, in order.
fn walllist(out: &mut String, placement: &[Criterion]) {
    out.push_str("  <Walllist typeversion=\"3\">\n");
    leaf(out, 4, "MarkResultsByReferree", "true");
    leaf(out, 4, "WeakSortCriteria", 1);
    for c in placement {
        let name = match c {
            Criterion::Nbw => "Points",
            Criterion::Mms => "Score",
            Criterion::Sosm | Criterion::Sosw => "SOS",
            Criterion::Sososm | Criterion::Sososw => "SOSOS",
            Criterion::Sodosm | Criterion::Sodosw => "SODOS",
            _ => continue,
        };
        let _ = writeln!(
            out,
            "    <SortCriterionDescriptor typeversion=\"2\">\n      <ShortName>{name}</ShortName>\n    </SortCriterionDescriptor>"
        );
    }
    out.push_str("  </Walllist>\n");
}

/// The country table with the clubs of the players: MacMahon keeps a
/// player's country and club only when the table has them.
fn countries(out: &mut String, players: &[Player]) {
    let mut table: BTreeMap<String, std::collections::BTreeSet<&str>> = BTreeMap::new();
    for p in players.iter().filter(|p| !p.country.trim().is_empty()) {
        let clubs = table.entry(p.country.trim().to_lowercase()).or_default();
        if !p.club.trim().is_empty() {
            clubs.insert(p.club.trim());
        }
    }
    for (code, clubs) in table {
        out.push_str("  <Country typeversion=\"1\">\n");
        leaf(out, 4, "InternetCode", text(&code));
        leaf(out, 4, "Name", text(&code.to_uppercase()));
        for club in clubs {
            out.push_str("    <Club typeversion=\"1\">\n");
            leaf(out, 6, "Name", text(club));
            leaf(out, 6, "EGDName", text(club));
            out.push_str("    </Club>\n");
        }
        out.push_str("  </Country>\n");
    }
}

fn participant(out: &mut String, p: &Player, id: usize, rounds: u32) {
    out.push_str("  <IndividualParticipant typeversion=\"1\">\n");
    leaf(out, 4, "Id", id);
    leaf(out, 4, "Joker", "false");
    leaf(
        out,
        4,
        "PreliminaryRegistration",
        p.registration == Registration::Preliminary,
    );
    leaf(out, 4, "ScoreAdjustment", p.smms_correction != 0);
    leaf(out, 4, "ScoreAdjustmentValue", 4 * p.smms_correction);
    leaf(out, 4, "SuperBarMember", "false");
    for round in (1..=rounds).filter_map(RoundNo::new) {
        if !p.participation.plays(round) {
            leaf(out, 4, "NotPlayingInRound", round.get());
        }
    }
    out.push_str("    <GoPlayer typeversion=\"1\">\n");
    leaf(out, 6, "AsianName", "false");
    if !p.first_name.is_empty() {
        leaf(out, 6, "FirstName", cdata(&p.first_name));
    }
    leaf(out, 6, "Surname", cdata(&p.name));
    leaf(out, 6, "GoLevel", level(p.rank));
    leaf(out, 6, "Rating", p.rating.gor());
    // MacMahon's PIN is a number; anything else is no EGD PIN.
    let pin = p.egf_pin.trim();
    let pin = match pin.parse::<u32>() {
        Ok(_) => pin,
        Err(_) => "0",
    };
    leaf(out, 6, "EgdPin", pin);
    if !p.country.trim().is_empty() {
        leaf(out, 6, "Country", text(&p.country.trim().to_lowercase()));
        if !p.club.trim().is_empty() {
            leaf(out, 6, "Club", text(p.club.trim()));
        }
    }
    out.push_str("    </GoPlayer>\n  </IndividualParticipant>\n");
}

/// A level as MacMahon writes it: `5k`, `2d`, `1p`.
fn level(rank: Rank) -> String {
    match rank {
        Rank::Kyu(n) => format!("{n}k"),
        Rank::Dan(n) => format!("{n}d"),
        Rank::Pro(n) => format!("{n}p"),
    }
}

/// A result, Black's score first.
fn result(result: GameResult) -> &'static str {
    match result {
        GameResult::BlackWins => "1-0",
        GameResult::WhiteWins => "0-1",
        GameResult::Jigo => "½-½",
        GameResult::BothLose => "0-0",
        GameResult::BothWin => "1-1",
        GameResult::Unknown => "?-?",
    }
}

fn leaf(out: &mut String, indent: usize, name: &str, value: impl std::fmt::Display) {
    let _ = writeln!(out, "{:indent$}<{name}>{value}</{name}>", "");
}

/// Text for an element, escaped, without the characters XML cannot hold.
fn text(value: &str) -> String {
    quick_xml::escape::escape(printable(value)).into_owned()
}

/// One CDATA section, as MacMahon writes names and AutoKorsak requires:
/// a "]]>" inside would end it, so its ">" is left out.
fn cdata(value: &str) -> String {
    format!("<![CDATA[{}]]>", printable(value).replace("]]>", "]]"))
}

fn printable(value: &str) -> String {
    value
        .chars()
        .filter(|c| !c.is_control() || matches!(c, '\t' | '\n'))
        .collect()
}
