//! The EGF results file (`.h9`) the European Go Database takes, written as
//! OpenGotha 3.51 writes it (`ExternalDocument.generateH9File`), so that a
//! federation gets the same file from Tengen as from OpenGotha for the same
//! tournament.
//!
//! The layout (anchors.md §2): `; XX[…]` header tags, a column header, then
//! one line per player in final order: place (blank when tied with the line
//! above), `Name First` with blanks as `_` in 30 columns, rank, country,
//! club, the placement criteria, and one token per round naming the
//! opponent by line number (`  12+/w3`).
//!
//! Beyond OpenGotha 3.51: the player's EGD PIN is appended as ` |PIN` when
//! known (the EGD's parser and Pairgoth read it; OpenGotha 3.51 dropped it),
//! and the text is UTF-8 unless ISO-8859-15 is asked for
//! ([`super::text::encode_latin9`] gives OpenGotha's bytes).

use super::player_lines::{
    Lines, club, first_chars, padded_left, padded_right, rank, unblanked_name,
};
use super::standings_tsv;
use crate::core::gor::{adjusted_minutes, egf_class};
use crate::core::ids::RoundNo;
use crate::core::settings::{Overtime, Settings};
use crate::core::standings::Criterion;
use crate::core::tournament::Tournament;
use crate::core::units::Ratio;

/// How the file is written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Keep games won by default, marked `!` (OpenGotha asks; the EGD rates
    /// none of them, so the default drops them to `0=` as OpenGotha's "No").
    pub keep_by_default: bool,
    /// Names in Latin letters, as the EGD keeps them: Cyrillic spelt by the
    /// Ukrainian national system for a player from Ukraine, by BGN/PCGN
    /// otherwise ([`crate::core::translit`]). OpenGotha writes names as
    /// they are, so files compared with its own leave this off.
    pub latin_names: bool,
}

/// The EGF results file of the tournament after its last round.
pub fn export(tournament: &Tournament, options: Options) -> String {
    export_played(tournament, tournament, options)
}

/// The EGF results file with the order and criteria of `ranked` and the games
/// as `played`: the rules may annul a leaver's games for the standings
/// (RFG App. 9), but they were played, and the EGD rates them.
pub fn export_played(ranked: &Tournament, played: &Tournament, options: Options) -> String {
    let tournament = ranked;
    let settings = tournament.settings();
    let criteria = written_criteria(&settings.placement);
    let mut out = header(settings, &criteria);
    let lines = Lines::new(ranked, played);
    let short = settings.display.game_format == "short";
    for (index, line) in lines.rows.iter().enumerate() {
        let Some(player) = tournament.player(line.player) else {
            continue;
        };
        out.push('\n');
        out.push_str(&lines.place(index));
        out.push(' ');
        let name = if options.latin_names {
            let ukrainian = player.country.eq_ignore_ascii_case("UA");
            let mut latin = player.clone();
            latin.name = crate::core::translit::latin(&player.name, ukrainian);
            latin.first_name = crate::core::translit::latin(&player.first_name, ukrainian);
            unblanked_name(&latin)
        } else {
            unblanked_name(player)
        };
        out.push_str(&padded_right(&name, 30));
        out.push(' ');
        out.push_str(&padded_left(&rank(player.rank), 3));
        out.push(' ');
        out.push_str(&or_unknown(&first_chars(&player.country, 2), 2, "XX"));
        out.push(' ');
        out.push_str(&padded_left(&or_unknown(&club(player), 1, "xxxx"), 4));
        for (criterion, value) in &line.values {
            out.push(' ');
            out.push_str(&padded_left(&first_chars(&score(*criterion, *value), 4), 4));
        }
        // OpenGotha pads the criteria columns to four with a bare "0".
        for _ in criteria.len()..4 {
            out.push_str(" 0");
        }
        for round in 1..=settings.number_of_rounds {
            let round = RoundNo::new(round).expect("rounds count from 1");
            let token = padded_left(&lines.token(line.player, round, short), 8);
            out.push(' ');
            if token.contains('!') && !options.keep_by_default {
                out.push_str("      0=");
            } else {
                out.push_str(&token);
            }
        }
        if !player.egf_pin.trim().is_empty() {
            out.push_str(" |");
            out.push_str(player.egf_pin.trim());
        }
    }
    out.push('\n');
    out
}

/// The criteria columns: OpenGotha writes a lone `NULL` column when there is none.
fn written_criteria(placement: &[Criterion]) -> Vec<Option<Criterion>> {
    if placement.is_empty() {
        vec![None]
    } else {
        placement.iter().copied().map(Some).collect()
    }
}

fn header(settings: &Settings, criteria: &[Option<Criterion>]) -> String {
    let general = &settings.general;
    let mut out = format!("; CL[{}]", egf_class(settings).letter());
    out.push_str(&format!("\n; EV[{}]", general.name));
    // OpenGotha leaves the country out of PC: it has no tournament country.
    out.push_str(&format!("\n; PC[,{}]", general.location));
    out.push_str(&format!(
        "\n; DT[{},{}]",
        general.begin_date, general.end_date
    ));
    // EGD: HA[h0] is the full handicap, so OpenGotha omits it; a negative
    // correction (more stones) has no HA form and is omitted too.
    if settings.handicap.correction > 0 {
        out.push_str(&format!("\n; HA[h{}]", settings.handicap.correction));
    }
    out.push_str(&format!("\n; KM[{}]", settings.komi_as_written()));
    out.push_str(&format!("\n; TM[{}]", adjusted_minutes(settings)));
    out.push_str(&format!(
        "\n; CM[{}]",
        overtime_name(settings.time.overtime)
    ));
    out.push_str(&format!(
        "\n; Generated by Tengen {}",
        env!("CARGO_PKG_VERSION")
    ));
    out.push_str("\n;");
    out.push_str("\n; Pl Name                            Rk Co Club");
    for criterion in criteria {
        out.push_str(&padded_left(&first_chars(short_name(*criterion), 5), 5));
    }
    out
}

fn overtime_name(overtime: Overtime) -> &'static str {
    match overtime {
        Overtime::SuddenDeath => "Sudden death",
        Overtime::StandardByoYomi => "Standard byo-yomi",
        Overtime::CanadianByoYomi => "Canadian byo-yomi",
        Overtime::Fischer => "Fischer",
    }
}

/// OpenGotha's short criterion names (`PlacementParameterSet`), which do not
/// say whether a SOS counts wins or McMahon points; ours keep that style.
fn short_name(criterion: Option<Criterion>) -> &'static str {
    let Some(criterion) = criterion else {
        return "NULL";
    };
    match criterion {
        Criterion::Sosw | Criterion::Sosm | Criterion::SosRfg | Criterion::BuchholzUa => "SOS",
        Criterion::SoswMinus1 | Criterion::SosmMinus1 | Criterion::SosRfgMinus1 => "SOS-1",
        Criterion::SoswMinus2 | Criterion::SosmMinus2 | Criterion::SosRfgMinus2 => "SOS-2",
        Criterion::Sodosw | Criterion::Sodosm => "SODOS",
        Criterion::Sososw | Criterion::Sososm => "SOSOS",
        Criterion::Cussw | Criterion::Cussm => "CUSS",
        other => other.name(),
    }
}

/// A criterion value as OpenGotha's `formatScore`: the whole part, then ¼, ½
/// or ¾; Java's truncating division, so −1½ is written `-1`.
fn score(criterion: Option<Criterion>, value: Ratio) -> String {
    let Some(criterion) = criterion else {
        return "0".into();
    };
    if criterion == Criterion::Cat {
        return standings_tsv::shown(criterion, value);
    }
    let quarters = value.numerator() * 4 / value.denominator();
    let fraction = match quarters % 4 {
        1 => "¼",
        2 => "½",
        3 => "¾",
        _ => "",
    };
    format!("{}{fraction}", quarters / 4)
}

/// `text`, or the EGD's mark of an unknown value when it is shorter than `min`.
fn or_unknown(text: &str, min: usize, unknown: &str) -> String {
    if text.chars().count() < min {
        unknown.into()
    } else {
        text.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::round::{GameResult, ResultOrigin};
    use crate::core::standings::test_support::{bye, game, handicap_game, player, tournament};
    use crate::core::units::HalfPoints;

    /// Four players, two rounds: a handicap game, a game won by default, a
    /// bye worth a win and a jigo; Bo and Cy end equal on every criterion.
    fn small() -> Tournament {
        let mut t = tournament(2, &[Criterion::Nbw]);
        let mut settings = t.settings().clone();
        settings.unplayed.nbw_bye = HalfPoints::from_halves(2);
        t.set_settings(settings);
        let ann = player(&mut t, "Ann", "1d");
        let bo = player(&mut t, "Bo Li", "3k");
        let cy = player(&mut t, "Cy", "5k");
        let dee = player(&mut t, "Dee", "10k");
        handicap_game(&mut t, 1, ann, bo, 2, "1-0");
        game(&mut t, 1, cy, dee, "0-1!");
        bye(&mut t, 2, ann);
        game(&mut t, 2, bo, cy, "=");
        let mut p = t.player(ann).unwrap().clone();
        p.egf_pin = "12345678".into();
        p.country = "UA".into();
        t.update_player(p).unwrap();
        t
    }

    fn line<'a>(text: &'a str, name: &str) -> &'a str {
        text.lines()
            .find(|l| l.get(5..).is_some_and(|rest| rest.starts_with(name)))
            .unwrap_or_else(|| panic!("no line for {name} in\n{text}"))
    }

    #[test]
    fn a_line_has_opengothas_columns_the_pin_and_a_blank_place_when_tied() {
        let text = export(&small(), Options::default());
        assert_eq!(
            line(&text, "Ann"),
            "   1 Ann                             1D UA xxxx    2 0 0 0    3+/w2    0+    |12345678"
        );
        // Dee's win by default is dropped to 0=, as OpenGotha's "No".
        assert_eq!(
            line(&text, "Dee"),
            "   2 Dee                            10K XX xxxx    1 0 0 0       0=    0-   "
        );
        assert!(line(&text, "Bo_Li").starts_with("   3 Bo_Li "), "{text}");
        assert!(line(&text, "Cy").starts_with("     Cy "), "{text}");
        assert!(text.contains("; Pl Name                            Rk Co Club  NBW\n"));
    }

    #[test]
    fn a_game_won_by_default_is_kept_with_its_mark_only_when_asked() {
        let kept = export(
            &small(),
            Options {
                keep_by_default: true,
                ..Options::default()
            },
        );
        assert!(line(&kept, "Dee").contains("    4+!b0"), "{kept}");
        assert!(line(&kept, "Cy").contains("    2-!w0"), "{kept}");
    }

    #[test]
    fn half_points_are_written_as_a_half_sign() {
        let text = export(&small(), Options::default());
        // Bo: a loss, then a jigo; OpenGotha writes NBW ½ as "0½".
        assert!(line(&text, "Bo_Li").contains("   0½ 0 0 0"), "{text}");
    }

    #[test]
    fn the_header_names_class_komi_time_and_omits_a_zero_handicap_reduction() {
        let mut t = small();
        let mut settings = t.settings().clone();
        settings.general.name = "Kyiv Open".into();
        settings.handicap.correction = 0;
        t.set_settings(settings.clone());
        let text = export(&t, Options::default());
        assert!(text.starts_with("; CL["), "{text}");
        assert!(text.contains("\n; EV[Kyiv Open]\n"));
        assert!(!text.contains("HA["));
        settings.handicap.correction = 2;
        t.set_settings(settings);
        assert!(export(&t, Options::default()).contains("\n; HA[h2]\n"));
    }

    #[test]
    fn the_komi_is_written_as_the_imported_file_typed_it_while_it_holds() {
        let mut t = small();
        let mut settings = t.settings().clone();
        settings.general.komi_text = "7.50".into();
        settings.rules.komi = HalfPoints::from_halves(15);
        t.set_settings(settings.clone());
        assert!(export(&t, Options::default()).contains("\n; KM[7.50]\n"));
        settings.rules.komi = HalfPoints::from_halves(13);
        t.set_settings(settings);
        assert!(export(&t, Options::default()).contains("\n; KM[6.5]\n"));
    }

    #[test]
    fn games_annulled_for_the_standings_are_written_as_played() {
        let played = small();
        let mut ranked = played.clone();
        // Bo and Cy's jigo of round 2 (board 1), annulled as a leaver's game.
        let round = RoundNo::new(2).unwrap();
        let board = crate::core::ids::BoardNo::new(1).unwrap();
        ranked
            .set_result(round, board, GameResult::BothLose, ResultOrigin::ByDefault)
            .unwrap();
        assert!(line(&export(&ranked, Options::default()), "Cy").ends_with("      0="));
        let text = export_played(&ranked, &played, Options::default());
        assert!(line(&text, "Cy").ends_with("    3=/b0"), "{text}");
    }
}
