//! The rules in force in words: the rule text, the rules of play, the komi
//! applied and what an equal count means, as the overview, the protocol,
//! the slips and the player's page say them; and a rule text's defaults
//! (core::rule_texts) as the settings form's confirmation and the API
//! report them; the placement criteria as the standings head them.

use crate::core::discipline::Ruleset;
use crate::core::pairing::colours;
use crate::core::rule_texts::{Change, Value};
use crate::core::rules::counting;
use crate::core::settings::{RulesOfPlay, Settings, TieRule};
use crate::web::i18n::Lang;

/// The rules a tournament is played under, in one language.
#[derive(Debug, Clone)]
pub struct RulesInForce {
    /// The competition rules: "Russian Go Federation Code (2008)".
    pub text: String,
    /// The rules of play: "Japanese (territory scoring)", or the organiser's own.
    pub play: String,
    /// Komi of even games, as applied.
    pub komi: String,
    /// What an equal count means in an even game.
    pub even_tie: String,
    /// Komi of handicap games, as applied.
    pub handicap_komi: String,
    /// What an equal count means in a handicap game.
    pub handicap_tie: String,
}

impl RulesInForce {
    pub fn of(s: &Settings, ruleset: Ruleset, lang: Lang) -> RulesInForce {
        RulesInForce::under(&s.rules, ruleset, lang)
    }

    /// The same from the rules of play alone (the protocol's copy of them).
    pub fn under(rules: &RulesOfPlay, ruleset: Ruleset, lang: Lang) -> RulesInForce {
        let komi = |h| colours::komi_under(rules, h);
        let per_stone = komi(3) != komi(2);
        RulesInForce {
            text: lang.t(&format!("ruleset.{}", ruleset.key())),
            play: profile_words(rules.profile, lang),
            komi: decimal(rules.komi, lang),
            even_tie: tie_words(counting::tie_rule(rules, 0), lang),
            handicap_komi: if per_stone {
                lang.tf(
                    "rule_text.komi_per_stone",
                    &[("komi", decimal(komi(2), lang))],
                )
            } else {
                decimal(komi(2), lang)
            },
            handicap_tie: tie_words(counting::tie_rule(rules, 2), lang),
        }
    }

    /// One line: "… · Japanese (territory scoring) · even games: komi 6.5,
    /// an equal count: jigo · handicap games: komi 0, an equal count: White wins".
    pub fn line(&self, lang: Lang) -> String {
        lang.tf(
            "rule_text.in_force",
            &[
                ("text", self.text.clone()),
                ("play", self.play.clone()),
                ("komi", self.komi.clone()),
                // Mid-sentence, as the protocol always wrote them.
                ("even_tie", self.even_tie.to_lowercase()),
                ("handicap_komi", self.handicap_komi.clone()),
                ("handicap_tie", self.handicap_tie.to_lowercase()),
            ],
        )
    }
}

/// Russian and Ukrainian write decimals with a comma.
pub fn decimal(points: crate::core::units::HalfPoints, lang: Lang) -> String {
    match lang {
        Lang::En => points.to_string(),
        Lang::Ru | Lang::Uk => points.to_string().replace('.', ","),
    }
}

/// What an equal count means, in words.
pub fn tie_words(rule: TieRule, lang: Lang) -> String {
    lang.t(match rule {
        TieRule::Jigo => "tie_rule.jigo",
        TieRule::WhiteWins => "tie_rule.white_wins",
        TieRule::BlackWins => "tie_rule.black_wins",
    })
}

fn profile_words(profile: Option<crate::core::rules::Profile>, lang: Lang) -> String {
    match profile {
        Some(p) => lang.t(&format!("profile.{p:?}")),
        None => lang.t("rule_text.own_rules"),
    }
}

/// A value of a rule text's default, in words.
pub fn value_words(value: &Value, lang: Lang) -> String {
    match value {
        Value::Profile(p) => profile_words(*p, lang),
        Value::Points(p) => p.to_string(),
        Value::Criteria(c) => c.iter().map(|c| c.name()).collect::<Vec<_>>().join(", "),
        Value::Count(n) => n.to_string(),
        Value::Lateness(f) => lang.tf(
            if f.limit_loses {
                "rule_text.lateness_at_least"
            } else {
                "rule_text.lateness_more_than"
            },
            &[("minutes", (f.limit.as_secs() / 60).to_string())],
        ),
        Value::Checks(c) => {
            let named: Vec<String> = [
                (c.documents, "admission.documents"),
                (c.medical, "admission.medical"),
                (c.anti_doping, "admission.anti_doping"),
            ]
            .into_iter()
            .filter(|(on, _)| *on)
            .map(|(_, key)| lang.t(key))
            .collect();
            if named.is_empty() {
                lang.t("rule_text.none")
            } else {
                named.join(", ")
            }
        }
        Value::Flag(on) => lang.t(if *on { "rule_text.yes" } else { "rule_text.no" }),
    }
}

/// One change a rule text makes, in words.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct ChangeWords {
    /// What changes: "Komi of even games".
    pub what: String,
    /// Where the text fixes it: "RFG 16.4 б".
    pub article: String,
    pub before: String,
    pub after: String,
}

impl ChangeWords {
    pub fn of(change: &Change, lang: Lang) -> ChangeWords {
        ChangeWords {
            what: lang.t(change.entry.fixed.key()),
            article: change.entry.article.to_string(),
            before: value_words(&change.before, lang),
            after: value_words(&change.after, lang),
        }
    }
}

/// Each criterion's column heading in the reader's language (Russian and
/// Ukrainian pages head "Победы", not "NBW"; the SOS family keeps the Latin
/// letters the RFG code itself writes) and its meaning, which names
/// OpenGotha's code where the heading is another word.
pub fn named(
    lang: super::i18n::Lang,
    criteria: &[crate::core::standings::Criterion],
) -> Vec<(String, String)> {
    criteria
        .iter()
        .map(|c| {
            let head = lang.t(&format!("criterion.head.{}", c.name()));
            let meaning = lang.t(&format!("criterion.{}", c.name()));
            headed(c.name(), head, meaning)
        })
        .collect()
}

/// A heading and its meaning, the code added to the meaning when the
/// heading is not the code.
pub fn headed(code: &str, head: String, meaning: String) -> (String, String) {
    if head == code {
        (head, meaning)
    } else {
        let meaning = format!("{code}: {meaning}");
        (head, meaning)
    }
}
