//! The protocol's words: its heading, the pairing line, the panel of
//! officials, a bye's cell and the prize list, in the reader's language.

use super::PanelLine;
use crate::core::discipline::Ruleset;

use crate::core::System;
use crate::core::formats::protocol::Protocol;
use crate::core::pairing::parameters::SeedSystem;
use crate::core::rules::time::TimeControl;
use crate::web::i18n::Lang;
use crate::web::rule_words::RulesInForce;
use crate::web::settings_form::{SYSTEMS, time_label};

/// How a bye's cell reads: "+" under the RFG code, a technical win (20.2 а),
/// elsewhere the word for a player free in the round.
pub(super) fn bye_word(ruleset: Ruleset, lang: Lang) -> String {
    match ruleset {
        Ruleset::Rfg => "+".to_string(),
        Ruleset::Egf | Ruleset::Ukraine | Ruleset::Custom => lang.t("protocol.bye"),
    }
}

/// The header lines in `lang`: dates, place, system, rounds, time control,
/// rules, handicap and criteria (Ukrainian III.8 1), III.2 2)–8)).
pub(super) fn heading(p: &Protocol, ruleset: Ruleset, lang: Lang) -> Vec<(String, String)> {
    let g = &p.general;
    let dates = match (g.begin_date.as_str(), g.end_date.as_str()) {
        ("", "") => String::new(),
        (b, e) if b == e || e.is_empty() => b.to_string(),
        (b, e) => format!("{b} – {e}"),
    };
    let system = SYSTEMS
        .iter()
        .find(|(_, s)| *s == p.system)
        .map(|(k, _)| lang.t(&format!("system.{k}")))
        .unwrap_or_default();
    let mut rounds = p.planned_rounds.to_string();
    if p.rounds < p.planned_rounds {
        rounds = format!(
            "{rounds} ({})",
            lang.tf(
                "protocol.after_round",
                &[
                    ("round", p.rounds.to_string()),
                    ("rounds", p.planned_rounds.to_string())
                ]
            )
        );
    }
    // The rule text and the rules of play in force, with the komi applied
    // and what an equal count meant (Ukrainian III.8 1), RFG 15.2).
    let rules = format!(
        "{}×{}; {}",
        p.rules.board_size,
        p.rules.board_size,
        RulesInForce::under(&p.rules, ruleset, lang).line(lang)
    );
    let handicap = if p.handicap.ceiling == 0 {
        lang.t("protocol.no_handicap")
    } else {
        let basis = if p.handicap.based_on_mms {
            "protocol.basis_mms"
        } else {
            "protocol.basis_rank"
        };
        lang.tf(
            "protocol.handicap_text",
            &[
                ("basis", lang.t(basis)),
                ("correction", p.handicap.correction.to_string()),
                (
                    "ceiling",
                    lang.plural("protocol.stones", u64::from(p.handicap.ceiling)),
                ),
                ("threshold", p.handicap.no_handicap_threshold.to_string()),
            ],
        )
    };
    let criteria = p
        .criteria
        .iter()
        .map(|c| c.name())
        .collect::<Vec<_>>()
        .join(", ");
    [
        ("protocol.dates", dates),
        ("settings.location", g.location.clone()),
        ("protocol.system", system),
        ("protocol.rounds", rounds),
        (
            "protocol.time",
            time_label(&TimeControl::from(&p.time), lang),
        ),
        ("protocol.rules", rules),
        ("protocol.handicap", handicap),
        ("protocol.pairing", pairing_text(p, lang)),
        ("protocol.criteria", criteria),
    ]
    .into_iter()
    .filter(|(_, value)| !value.is_empty())
    .map(|(key, value)| (lang.t(key), value))
    .collect()
}

/// The pairing parameters the regulations publish (RFG App. 7 §1.5): the
/// McMahon bar and floor, how groups are seeded and until which round,
/// and whether players of one club or city are kept apart.
pub(super) fn pairing_text(p: &Protocol, lang: Lang) -> String {
    let seed = |s: SeedSystem| {
        lang.t(match s {
            SeedSystem::SplitAndRandom => "protocol.seed.random",
            SeedSystem::SplitAndFold => "protocol.seed.fold",
            SeedSystem::SplitAndSlip => "protocol.seed.slip",
        })
    };
    let mut parts = Vec::new();
    if p.system == System::McMahon {
        parts.push(lang.tf(
            "protocol.bar_floor",
            &[
                ("bar", p.mcmahon.bar.to_string()),
                ("floor", p.mcmahon.floor.to_string()),
            ],
        ));
    }
    let pairing = &p.pairing;
    parts.push(lang.tf(
        "protocol.seeding",
        &[
            ("first", seed(pairing.seed_system1)),
            ("round", pairing.last_round_for_seed_system1.to_string()),
            ("then", seed(pairing.seed_system2)),
        ],
    ));
    parts.push(lang.t(if pairing.avoid_same_geo > 0 {
        "protocol.same_club_avoided"
    } else {
        "protocol.same_club_allowed"
    }));
    parts.join("; ")
}

/// The panel in `lang`, director first; people not named are left out.
pub(super) fn panel(p: &Protocol, lang: Lang) -> Vec<PanelLine> {
    let g = &p.general;
    let line = |key: &str, name: &str, category: &str| PanelLine {
        role: lang.t(key),
        name: name.to_string(),
        category: category.to_string(),
    };
    let mut lines = vec![
        line("settings.director", &g.director, ""),
        line(
            "settings.chief_referee",
            &g.panel.chief_referee.name,
            &g.panel.chief_referee.category,
        ),
        line(
            "settings.chief_secretary",
            &g.panel.chief_secretary.name,
            &g.panel.chief_secretary.category,
        ),
    ];
    lines.extend(
        g.panel
            .referees
            .iter()
            .map(|r| line("protocol.referee", &r.name, &r.category)),
    );
    lines.retain(|l| !l.name.is_empty());
    lines
}

/// The prize list under the table: place, name, money, title, award.
pub(super) fn prize_lines(p: &Protocol, decimal_comma: bool) -> Vec<[String; 5]> {
    let table: Vec<_> = p.lines.iter().map(|l| (l.player, l.place)).collect();
    crate::core::prizes::awards(&table, &p.prizes)
        .into_iter()
        .filter_map(|a| {
            let line = p.lines.iter().find(|l| l.player == a.player)?;
            let money = match (a.cents / 100, a.cents % 100) {
                (0, 0) => String::new(),
                (whole, 0) => whole.to_string(),
                (whole, cents) if decimal_comma => format!("{whole},{cents:02}"),
                (whole, cents) => format!("{whole}.{cents:02}"),
            };
            let name = format!("{} {}", line.surname, line.first_name)
                .trim()
                .to_string();
            Some([line.place.to_string(), name, money, a.title, a.award])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::formats::protocol;

    #[test]
    fn the_heading_publishes_the_bar_the_seeding_and_the_club_rule() {
        let mut t = crate::core::Tournament::new(crate::core::Settings::default());
        let mut s = t.settings().clone();
        s.mcmahon.bar = "3d".parse().unwrap();
        s.pairing.last_round_for_seed_system1 = 2;
        t.set_settings(s);
        let p = protocol::protocol(&t, 0);
        let heading = heading(&p, Ruleset::Egf, Lang::En);
        let (_, pairing) = heading
            .iter()
            .find(|(label, _)| *label == Lang::En.t("protocol.pairing"))
            .expect("a pairing line");
        assert!(pairing.contains("3D"), "{pairing}");
        assert!(pairing.contains(" 2"), "{pairing}");
        assert!(
            pairing.contains(&Lang::En.t("protocol.same_club_avoided")),
            "{pairing}"
        );
    }

    #[test]
    fn a_bye_reads_plus_in_an_rfg_protocol_and_free_elsewhere() {
        assert_eq!(bye_word(Ruleset::Rfg, Lang::Ru), "+");
        assert_eq!(
            bye_word(Ruleset::Ukraine, Lang::Uk),
            Lang::Uk.t("protocol.bye")
        );
        assert_ne!(bye_word(Ruleset::Egf, Lang::En), "+");
    }
}
