//! Why a tournament file was refused, and what of it has no place in
//! Tengen, in the reader's language: for the import page, the API and the
//! command line.

use super::i18n::Lang;
use crate::core::formats::Foreign;
use crate::core::formats::archive::ArchiveError;
use crate::core::formats::h9_read::H9Problem;
use crate::core::formats::macmahon::{MacMahonProblem, Unread};
use crate::core::formats::opengotha;
use crate::desk::imports::ImportProblem;

/// Why a tournament file was refused, in the reader's language: the
/// message and, for a file with bad lines, one line each.
pub(crate) fn problem_words(lang: Lang, problem: &ImportProblem) -> (String, Vec<String>) {
    let at_line = |line: usize, text: String| {
        lang.tf(
            "import.problem_at_line",
            &[("line", line.to_string()), ("problem", text)],
        )
    };
    match problem {
        ImportProblem::BadFile { line, problem } => (
            lang.t("import.error_lines"),
            vec![at_line(*line, opengotha_message(lang, problem))],
        ),
        ImportProblem::BadH9(errors) => (
            lang.t("import.error_lines"),
            errors
                .iter()
                .map(|e| at_line(e.line, h9_message(lang, &e.problem)))
                .collect(),
        ),
        ImportProblem::BadMacMahon(e) => (
            lang.t("import.error_lines"),
            vec![at_line(e.line, macmahon_message(lang, &e.problem))],
        ),
        ImportProblem::NotATournament(foreign) => (not_a_tournament(lang, foreign), Vec::new()),
        ImportProblem::NoPlayers => (lang.t("import.no_players"), Vec::new()),
        ImportProblem::BadShortName => (lang.t("import.error_short_name"), Vec::new()),
        ImportProblem::ShortNameTaken => (lang.t("import.error_short_name_taken"), Vec::new()),
        ImportProblem::BadTimeZone => (lang.t("tournament.error.time_zone"), Vec::new()),
        ImportProblem::Settings(problems) => (
            lang.t("import.error_settings"),
            problems
                .iter()
                .map(|p| crate::web::refusals::field_text(lang, p))
                .collect(),
        ),
        ImportProblem::BadArchive(e) => (archive_message(lang, e), Vec::new()),
        ImportProblem::Inconsistent(e) => {
            let (key, args) = crate::web::error::discipline_message(e);
            let args: Vec<(&str, String)> = args.into_iter().collect();
            let detail = lang.tf(key, &args);
            (
                lang.tf("import.tengen.inconsistent", &[("detail", detail)]),
                Vec::new(),
            )
        }
    }
}

/// What a file of no program Tengen reads looks like, and what Tengen reads.
fn not_a_tournament(lang: Lang, foreign: &Foreign) -> String {
    match foreign {
        Foreign::Xml(element) => {
            lang.tf("import.not_tournament.xml", &[("element", element.clone())])
        }
        Foreign::Html => lang.t("import.not_tournament.html"),
        Foreign::Sgf => lang.t("import.not_tournament.sgf"),
        Foreign::Pdf => lang.t("import.not_tournament.pdf"),
        Foreign::Zip => lang.t("import.not_tournament.zip"),
        Foreign::Binary => lang.t("import.not_tournament.binary"),
    }
}

/// What of a MacMahon file its tournament does not hold, in `lang`; the
/// CLI says it in English.
pub(crate) fn unread_message(lang: Lang, unread: &Unread) -> String {
    let n = |v: usize| v.to_string();
    let args: Vec<(&str, String)> = match unread {
        Unread::Setting(element) => vec![(
            "setting",
            lang.t(&format!("import.macmahon.setting.{element}")),
        )],
        Unread::Criterion(name) => vec![("name", name.clone())],
        Unread::BelowThirtyKyu(count)
        | Unread::TenPro(count)
        | Unread::Jokers(count)
        | Unread::ResultPoints(count)
        | Unread::UnwantedPairings(count) => vec![("n", n(*count))],
        Unread::Adjustment { player, quarters } => vec![
            ("player", player.clone()),
            // Quarter points are exact in binary: 1.5, 0.25.
            ("points", {
                let points = (f64::from(*quarters) / 4.0).to_string();
                match lang {
                    Lang::En => points,
                    Lang::Ru | Lang::Uk => points.replace('.', ","),
                }
            }),
            ("rounded", (quarters / 4).to_string()),
        ],
    };
    lang.tf(unread.key(), &args)
}

/// Why a file in Tengen's format was not read, in the reader's language.
fn archive_message(lang: Lang, e: &ArchiveError) -> String {
    match e {
        ArchiveError::NotJson(detail) => {
            lang.tf("import.tengen.not_json", &[("detail", detail.clone())])
        }
        ArchiveError::OtherFormat(_) => lang.t("import.tengen.other_format"),
        ArchiveError::LaterVersion(v) => {
            lang.tf("import.tengen.later_version", &[("version", v.to_string())])
        }
    }
}

/// An OpenGotha file's problem in the reader's language.
fn opengotha_message(lang: Lang, problem: &opengotha::Problem) -> String {
    use opengotha::Problem;
    match problem {
        Problem::UnknownEncoding(label) => {
            lang.tf("import.og.unknown_encoding", &[("encoding", label.clone())])
        }
        Problem::WrongEncoding(encoding) => lang.tf(
            "import.og.wrong_encoding",
            &[("encoding", (*encoding).to_owned())],
        ),
        Problem::NotXml(detail) => lang.tf("import.og.not_xml", &[("detail", detail.clone())]),
        Problem::Truncated(element) => {
            lang.tf("import.og.truncated", &[("element", element.clone())])
        }
        Problem::NoTournament => lang.t("import.og.no_tournament"),
        Problem::NoSections => lang.t("import.og.no_sections"),
        Problem::TooDeep(depth) => lang.tf("import.too_deep", &[("depth", depth.to_string())]),
        Problem::TooManyElements(n) => lang.tf("import.too_many_elements", &[("n", n.to_string())]),
        Problem::Foreign { element, count } => lang.tf(
            "import.og.foreign",
            &[("element", element.clone()), ("n", count.to_string())],
        ),
        Problem::WrongRoot(element) => {
            lang.tf("import.og.wrong_root", &[("element", element.clone())])
        }
        Problem::BadAttribute { element, detail } => lang.tf(
            "import.og.bad_attribute",
            &[("element", element.clone()), ("detail", detail.clone())],
        ),
        Problem::MissingAttribute { element, attribute } => lang.tf(
            "import.og.missing_attribute",
            &[
                ("element", element.clone()),
                ("attribute", attribute.clone()),
            ],
        ),
        Problem::BadValue {
            element,
            attribute,
            value,
        } => lang.tf(
            "import.og.bad_value",
            &[
                ("element", element.clone()),
                ("attribute", attribute.clone()),
                ("value", value.clone()),
            ],
        ),
        Problem::UnknownPlayer(key) => lang.tf("import.og.unknown_player", &[("key", key.clone())]),
        Problem::Refused(e) => lang.t(super::error::domain_message_key(e)),
    }
}

/// An h9 line's problem in the reader's language.
fn h9_message(lang: Lang, problem: &H9Problem) -> String {
    let n = |v: &dyn ToString| v.to_string();
    match problem {
        H9Problem::NotText { encoding } => {
            lang.tf("import.h9.not_text", &[("encoding", encoding.clone())])
        }
        H9Problem::NoPlayers => lang.t("import.h9.no_players"),
        H9Problem::NoRounds => lang.t("import.h9.no_rounds"),
        H9Problem::TooManyRounds { found, max } => lang.tf(
            "import.h9.too_many_rounds",
            &[("found", n(found)), ("max", n(max))],
        ),
        H9Problem::NoRank => lang.t("import.h9.no_rank"),
        H9Problem::NoName => lang.t("import.h9.no_name"),
        H9Problem::FewerEntries { found, expected } => lang.tf(
            "import.h9.fewer_entries",
            &[("found", n(found)), ("expected", n(expected))],
        ),
        H9Problem::MoreEntries { found, expected } => lang.tf(
            "import.h9.more_entries",
            &[("found", n(found)), ("expected", n(expected))],
        ),
        H9Problem::BadResult { round, token } => lang.tf(
            "import.h9.bad_result",
            &[("round", n(round)), ("token", token.clone())],
        ),
        H9Problem::BadCriterion { token } => {
            lang.tf("import.h9.bad_criterion", &[("token", token.clone())])
        }
        H9Problem::UnknownOpponent {
            round,
            opponent,
            players,
        } => lang.tf(
            "import.h9.unknown_opponent",
            &[
                ("round", n(round)),
                ("opponent", n(opponent)),
                ("players", n(players)),
            ],
        ),
        H9Problem::OwnOpponent { round } => {
            lang.tf("import.h9.own_opponent", &[("round", n(round))])
        }
        H9Problem::SidesDisagree { round, other_line } => lang.tf(
            "import.h9.sides_disagree",
            &[("round", n(round)), ("other", n(other_line))],
        ),
        H9Problem::BadTag { tag, value } => lang.tf(
            "import.h9.bad_tag",
            &[("tag", tag.clone()), ("value", value.clone())],
        ),
    }
}

/// A MacMahon file's problem in the reader's language.
fn macmahon_message(lang: Lang, problem: &MacMahonProblem) -> String {
    let n = |v: &dyn ToString| v.to_string();
    match problem {
        MacMahonProblem::Xml(detail) => {
            lang.tf("import.macmahon.xml", &[("detail", detail.clone())])
        }
        MacMahonProblem::TooDeep(depth) => {
            lang.tf("import.too_deep", &[("depth", depth.to_string())])
        }
        MacMahonProblem::TooManyElements(n) => {
            lang.tf("import.too_many_elements", &[("n", n.to_string())])
        }
        MacMahonProblem::Foreign { element, count } => lang.tf(
            "import.macmahon.foreign",
            &[("element", element.clone()), ("n", count.to_string())],
        ),
        MacMahonProblem::NotMacMahon(element) => lang.tf(
            "import.macmahon.not_macmahon",
            &[("element", element.clone())],
        ),
        MacMahonProblem::Missing(element) => {
            lang.tf("import.macmahon.missing", &[("element", element.clone())])
        }
        MacMahonProblem::BadValue { element, value } => lang.tf(
            "import.macmahon.bad_value",
            &[("element", element.clone()), ("value", value.clone())],
        ),
        MacMahonProblem::DuplicatePlayer(id) => {
            lang.tf("import.macmahon.duplicate_player", &[("id", id.clone())])
        }
        MacMahonProblem::UnknownPlayer(id) => {
            lang.tf("import.macmahon.unknown_player", &[("id", id.clone())])
        }
        MacMahonProblem::RoundOutOfRange { round, rounds } => lang.tf(
            "import.macmahon.round_out_of_range",
            &[("round", n(round)), ("rounds", n(rounds))],
        ),
        MacMahonProblem::RoundCount { found, max } => lang.tf(
            "import.macmahon.round_count",
            &[("found", n(found)), ("max", n(max))],
        ),
        MacMahonProblem::SelfPairing => lang.t("import.macmahon.self_pairing"),
        MacMahonProblem::PairedTwice { round } => {
            lang.tf("import.macmahon.paired_twice", &[("round", n(round))])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::formats::macmahon;

    #[test]
    fn every_macmahon_setting_not_carried_over_is_worded_in_every_language() {
        for element in macmahon::SETTINGS {
            for lang in [Lang::En, Lang::Ru, Lang::Uk] {
                let key = format!("import.macmahon.setting.{element}");
                assert_ne!(lang.t(&key), key, "{lang:?}");
            }
        }
    }
}
