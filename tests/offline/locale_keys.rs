//! The interface texts live in `src/locales/*.yml`: one file per area (the
//! key's first segment, `referee.yml` for `referee.…`; areas of a few keys
//! share `common.yml`), each in rust-i18n's format 2 (`key:` with `en:`,
//! `ru:` and `uk:` under it) and sorted by key. rust-i18n merges every file
//! of the folder into one table, so a key in two files would silently lose
//! one text, and a key the code names but no file holds shows the reader the
//! key itself. This test reads the files as rust-i18n does (serde_yaml) and
//! checks
//! - every key has a non-empty text in English, Russian and Ukrainian, each
//!   with the same `%{…}` placeholders, and the compiled table gives exactly
//!   that text (so the folder really is merged);
//! - a plural key (`….one`) has its `few` and `many` forms, each with `%{n}`;
//! - each file is sorted and no key is in two files;
//! - every key the code (`src/**/*.rs`) and the templates (`templates/**`)
//!   name literally exists.
//!
//! How the last check finds the keys. Keys are passed around in many ways:
//! `lang.t("…")`, `lang.tf`, `lang.plural`, `t!`, `Flash::new`,
//! `Layout::new(&ctx, "…")`, `FormError::Field`, local closures (`t`, `t_`,
//! `n`, `unit`, `line`), match arms and tables of `&'static str` keys
//! (`note_key`, `status_key`, error messages), template macro arguments
//! (`{% call field("name", "player.family_name", …) %}`). So the scan takes
//! every string literal shaped like a key of a known area (`"area.rest"`,
//! where some file has a key `area.…`), wherever it stands, and also every
//! literal in the first argument of a translating call, whatever its shape.
//! Each must be a key, or the base of a plural key, or one of the few
//! literals that look like keys but are not ([`NOT_KEYS`]: audit action
//! names, settings paths; and file names, by [`FILE_EXTENSIONS`]).
//!
//! A key built at run time cannot be checked literally. Its fixed start (a
//! key-shaped format string such as `"criterion.{}"`, a key-shaped literal
//! ending in a dot, the start of any `t(&format!(…))`) must be one of
//! [`DYNAMIC_PREFIXES`], each of which begins at least one key, or one of
//! [`NOT_KEY_PREFIXES`]. Where a template lists the choices
//! (`choice(…, ["jigo", …], "tie_rule.")`), each choice is checked whole.
//!
//! No database is needed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use regex::Regex;
use tengen::web::i18n::Lang;

/// Starts of keys that the code completes at run time, with where and how.
/// A new one must be added here (the test says so), and one no longer in
/// the code must go.
const DYNAMIC_PREFIXES: &[(&str, &str)] = &[
    (
        "priority.",
        "overview: priority.{key}, each level of the GTR order of priority (core::rules::priority::Source::key)",
    ),
    (
        "level.",
        "settings form: level.{key}, each event level (core::settings::Level::key)",
    ),
    (
        "criterion.",
        "standings: criterion.{name}, each tie-break criterion",
    ),
    (
        "criterion.head.",
        "standings: criterion.head.{name}, each criterion's column heading",
    ),
    (
        "criterion.word.",
        "tournaments/form.html: criterion.word.{Rank,Rating}, the two criteria named by a word",
    ),
    (
        "matches.jigo.",
        "tournaments/form.html: what a jigo counts for in a match",
    ),
    (
        "side.kind.",
        "tournaments/form.html: who plays a game (a player, a pair, a rengo team)",
    ),
    ("overtime.", "tournaments/form.html: choice of overtime"),
    (
        "import.macmahon.setting.",
        "imports: import.macmahon.setting.{element}, each of core::formats::macmahon::unread::SETTINGS",
    ),
    (
        "handicap_placement.",
        "tournaments/form.html: where handicap stones go",
    ),
    (
        "preliminary_listing.",
        "tournaments/form.html: how preliminary players are listed",
    ),
    ("profile.", "tournaments: profile.{RulesProfile:?}"),
    (
        "referee.absent_",
        "referee/board.html: referee.absent_{side}",
    ),
    ("role.", "audit_words, tournaments/staff.html: role.{role}"),
    ("ruleset.", "tournaments/form.html: choice of rule set"),
    ("seed.", "tournaments/form.html: choice of seeding system"),
    (
        "system.",
        "protocol, tournaments, tournaments/form.html: system.{system}",
    ),
    (
        "teams.placement.",
        "teams/manage.html: teams.placement.{key}, each core::settings::TeamPlacement preset",
    ),
    (
        "teams.head.",
        "teams: teams.head.{short name}, each team criterion's column heading",
    ),
    (
        "teams.criterion.",
        "teams: teams.criterion.{short name} of each team criterion",
    ),
    (
        "tie_rule.",
        "protocol, tournaments, tournaments/form.html: tie_rule.{rule}",
    ),
];

/// Starts of names built or matched at run time that are not keys.
const NOT_KEY_PREFIXES: &[(&str, &str)] =
    &[("referee.", "core::audit: the audit action referee.{act}")];

/// Literals shaped like keys that are not keys, and why.
const NOT_KEYS: &[(&str, &str)] = &[
    ("account.create", "audit action"),
    ("account.roles", "audit action"),
    ("appeals.decide", "audit action"),
    ("appeals.file_by_player", "audit action"),
    ("appeals.review", "audit action"),
    ("appeals.rule", "audit action"),
    ("player.edit", "audit action"),
    ("player.import", "audit action"),
    ("player.ratings_update", "audit action"),
    ("player.self_register", "audit action"),
    (
        "referee.sneezing",
        "an audit action no build records (core::audit's tests)",
    ),
    ("results.h9", "file name in an address"),
    ("results.submit_egf", "audit action"),
    ("results.tou", "file name in an address"),
    ("round.confirm", "audit action"),
    ("round.edit", "audit action"),
    ("standings.verify", "audit action"),
    ("tournament.create", "audit action"),
    ("tournament.final_stage", "audit action"),
    ("tournament.import", "audit action"),
    ("tournament.restore_snapshot", "audit action"),
    ("time.basic_minutes", "settings path in the audit log"),
    ("time.canadian_moves", "settings path in the audit log"),
    ("time.canadian_seconds", "settings path in the audit log"),
    ("time.fischer_seconds", "settings path in the audit log"),
    ("time.overtime", "settings path in the audit log"),
    (
        "time.std_byo_yomi_seconds",
        "settings path in the audit log",
    ),
];

/// A literal ending so names a file (a template, a script), not a key.
const FILE_EXTENSIONS: &[&str] = &["css", "html", "js", "json", "svg", "txt", "xml"];

const LANGS: [&str; 3] = ["en", "ru", "uk"];

/// One key: the file that holds it and its text in each language.
struct Entry {
    file: String,
    texts: BTreeMap<String, String>,
}

/// The keys of every locale file, with what is wrong with the files.
struct Locales {
    keys: BTreeMap<String, Entry>,
    faults: Vec<String>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn files_under(dir: &Path, extension: &str, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files_under(&path, extension, out);
        } else if path.extension().is_some_and(|e| e == extension) {
            out.push(path);
        }
    }
    out.sort();
}

fn read_locales() -> Locales {
    let mut files = Vec::new();
    files_under(&root().join("src/locales"), "yml", &mut files);
    assert!(files.len() > 5, "the locale files were not found");
    let mut keys: BTreeMap<String, Entry> = BTreeMap::new();
    let mut faults = Vec::new();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let map: serde_yaml::Mapping = serde_yaml::from_str(&text)
            .unwrap_or_else(|e| panic!("{name} is not a YAML mapping: {e}"));
        let mut previous: Option<String> = None;
        let mut version = false;
        for (key, value) in map {
            let key = key
                .as_str()
                .unwrap_or_else(|| panic!("{name}: a key that is no string: {key:?}"))
                .to_string();
            if key == "_version" {
                version = value.as_u64() == Some(2);
                continue;
            }
            if let Some(before) = &previous
                && *before >= key
            {
                faults.push(format!("{name}: {key} comes after {before} (not sorted)"));
            }
            previous = Some(key.clone());
            let mut texts = BTreeMap::new();
            match value.as_mapping() {
                Some(by_lang) => {
                    for (lang, text) in by_lang {
                        let lang = lang.as_str().unwrap_or("?").to_string();
                        match text.as_str() {
                            Some(text) => {
                                texts.insert(lang, text.to_string());
                            }
                            None => faults.push(format!("{name}: {key}.{lang} is no string")),
                        }
                    }
                }
                None => faults.push(format!("{name}: {key} has no texts by language")),
            }
            if let Some(other) = keys.get(&key) {
                faults.push(format!("{key} is in both {} and {name}", other.file));
                continue;
            }
            keys.insert(
                key,
                Entry {
                    file: name.clone(),
                    texts,
                },
            );
        }
        if !version {
            faults.push(format!("{name} does not say `_version: 2`"));
        }
    }
    Locales { keys, faults }
}

/// The `%{name}` placeholders of a text.
fn placeholders(text: &str) -> BTreeSet<&str> {
    text.match_indices("%{")
        .filter_map(|(i, _)| {
            let rest = &text[i + 2..];
            rest.find('}').map(|end| &rest[..end])
        })
        .collect()
}

fn lang_of(code: &str) -> Lang {
    Lang::from_code(code).unwrap()
}

#[test]
fn every_file_is_sorted_and_every_key_has_all_three_texts() {
    let Locales { keys, mut faults } = read_locales();
    assert!(keys.len() > 500, "only {} keys were read", keys.len());
    for (key, entry) in &keys {
        for lang in entry.texts.keys() {
            if !LANGS.contains(&lang.as_str()) {
                faults.push(format!("{}: {key} has a text in `{lang}`", entry.file));
            }
        }
        for lang in LANGS {
            match entry.texts.get(lang) {
                None => faults.push(format!("{}: {key} has no {lang} text", entry.file)),
                Some(text) if text.trim().is_empty() => {
                    faults.push(format!("{}: {key} has an empty {lang} text", entry.file))
                }
                Some(text) => {
                    let compiled = lang_of(lang).t(key);
                    if compiled != *text {
                        faults.push(format!(
                            "{key}.{lang}: the compiled table gives {compiled:?}, {} says {text:?}",
                            entry.file
                        ));
                    }
                }
            }
        }
        // Ukrainian spelling writes the apostrophe as ’ (issue 31: "ім'я"
        // beside "ім’я" on one page).
        if let Some(uk) = entry.texts.get("uk") {
            let letters: Vec<char> = uk.chars().collect();
            let cyrillic = |c: char| matches!(c, '\u{400}'..='\u{4ff}');
            if letters
                .windows(3)
                .any(|w| w[1] == '\'' && cyrillic(w[0]) && cyrillic(w[2]))
            {
                faults.push(format!("{}: {key}.uk has ' for ’: {uk}", entry.file));
            }
        }
        let english = entry.texts.get("en").map(|t| placeholders(t));
        for lang in ["ru", "uk"] {
            let other = entry.texts.get(lang).map(|t| placeholders(t));
            if let (Some(english), Some(other)) = (&english, other)
                && *english != other
            {
                faults.push(format!(
                    "{}: {key} names {other:?} in {lang} but {english:?} in en",
                    entry.file
                ));
            }
        }
    }
    for base in keys.keys().filter_map(|k| k.strip_suffix(".one")) {
        for form in ["one", "few", "many"] {
            let key = format!("{base}.{form}");
            match keys.get(&key) {
                None => faults.push(format!("the plural {base} has no {form} form")),
                Some(entry) => {
                    for (lang, text) in &entry.texts {
                        if !text.contains("%{n}") {
                            faults.push(format!("{key}.{lang} has no count %{{n}}: {text}"));
                        }
                    }
                }
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    // The compiled table knows the languages by their codes.
    assert_eq!(Lang::Ru.t("nav.login"), "Войти");
    assert_eq!(Lang::Uk.t("nav.login"), "Увійти");
}

/// A literal found in the sources, where it stands.
struct Use {
    text: String,
    at: String,
}

/// Where a match starts: `file:line`.
fn place(file: &str, source: &str, offset: usize) -> String {
    let line = source[..offset].matches('\n').count() + 1;
    format!("{file}:{line}")
}

#[test]
fn every_key_the_code_and_templates_name_exists() {
    let Locales { keys, .. } = read_locales();
    let areas: BTreeSet<&str> = keys.keys().map(|k| k.split('.').next().unwrap()).collect();
    let is_plural = |base: &str| {
        ["one", "few", "many"]
            .iter()
            .all(|form| keys.contains_key(&format!("{base}.{form}")))
    };
    let not_keys: BTreeMap<&str, &str> = NOT_KEYS.iter().copied().collect();
    let dynamic: BTreeMap<&str, &str> = DYNAMIC_PREFIXES.iter().copied().collect();
    let not_key_prefixes: BTreeMap<&str, &str> = NOT_KEY_PREFIXES.iter().copied().collect();

    // A literal shaped like a key, and what follows it up to the quote when
    // it is a format string (`"criterion.{}"`).
    let shaped = Regex::new(r#""([a-z_]+)\.([A-Za-z0-9_.\-]*)(\{[^"\n]*)?""#).unwrap();
    // The first argument of a call that translates, whatever its shape.
    let call = Regex::new(
        r#"(?:\b(?:t|tf|t_|n|unit|line|Field)\(|\bt!\(|Flash::new\(|Layout::new\([^,()]*,|(?:title|question|consequence)_key:)\s*"([^"]*)""#,
    )
    .unwrap();
    let plural_call = Regex::new(r#"\.plural\(\s*"([^"]*)""#).unwrap();
    // A key built for a translating call: `lang.t(&format!("criterion.{}", …))`.
    let format_call = Regex::new(r#"\bt\(\s*&?format!\(\s*"([^"{]*)\{"#).unwrap();
    // A template choice whose options are listed: `[…], "prefix."`.
    let choice = Regex::new(r#"\[([^\]\[]*)\],\s*"([a-z_]+\.)""#).unwrap();
    let option = Regex::new(r#""([^"]*)""#).unwrap();

    let mut sources = Vec::new();
    files_under(&root().join("src"), "rs", &mut sources);
    let mut templates = Vec::new();
    files_under(&root().join("templates"), "html", &mut templates);
    sources.extend(templates);

    let mut exact: Vec<Use> = Vec::new();
    let mut plural: Vec<Use> = Vec::new();
    let mut prefixes: Vec<Use> = Vec::new();
    let mut shapes: Vec<Use> = Vec::new();
    for path in &sources {
        let file = path
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let source = std::fs::read_to_string(path).unwrap();
        for m in shaped.captures_iter(&source) {
            let (area, rest) = (&m[1], &m[2]);
            if !areas.contains(area) {
                continue;
            }
            let text = format!("{area}.{rest}");
            let at = place(&file, &source, m.get(0).unwrap().start());
            if m.get(3).is_some() || text.ends_with('.') {
                prefixes.push(Use { text, at });
            } else {
                shapes.push(Use { text, at });
            }
        }
        for m in call.captures_iter(&source) {
            let at = place(&file, &source, m.get(0).unwrap().start());
            exact.push(Use {
                text: m[1].to_string(),
                at,
            });
        }
        // A format with no fixed start (`format!("{}{}", prefix, key)` in
        // the template's `choice` macro) gets its start from the macro's
        // callers, checked as literals ending in a dot.
        for m in format_call.captures_iter(&source) {
            if m[1].is_empty() {
                continue;
            }
            let at = place(&file, &source, m.get(0).unwrap().start());
            prefixes.push(Use {
                text: m[1].to_string(),
                at,
            });
        }
        for m in plural_call.captures_iter(&source) {
            let at = place(&file, &source, m.get(0).unwrap().start());
            plural.push(Use {
                text: m[1].to_string(),
                at,
            });
        }
        for m in choice.captures_iter(&source) {
            let prefix = &m[2];
            for o in option.captures_iter(&m[1]) {
                let at = place(&file, &source, m.get(0).unwrap().start());
                exact.push(Use {
                    text: format!("{prefix}{}", &o[1]),
                    at,
                });
            }
        }
    }
    assert!(
        shapes.len() > 500,
        "only {} key literals were found",
        shapes.len()
    );

    let mut faults = Vec::new();
    for u in &exact {
        if !keys.contains_key(&u.text) {
            faults.push(format!("{}: \"{}\" is no key", u.at, u.text));
        }
    }
    for u in &plural {
        if !is_plural(&u.text) {
            faults.push(format!(
                "{}: \"{}\" is no plural key (.one, .few, .many)",
                u.at, u.text
            ));
        }
    }
    // A literal in a translating call is a key-shaped literal too: one fault
    // is enough.
    let called: BTreeSet<(&str, &str)> = exact
        .iter()
        .chain(&plural)
        .map(|u| (u.at.as_str(), u.text.as_str()))
        .collect();
    for u in &shapes {
        if called.contains(&(u.at.as_str(), u.text.as_str())) {
            continue;
        }
        let extension = u.text.rsplit('.').next().unwrap();
        let known = keys.contains_key(&u.text)
            || is_plural(&u.text)
            || not_keys.contains_key(u.text.as_str())
            || FILE_EXTENSIONS.contains(&extension);
        if !known {
            faults.push(format!(
                "{}: \"{}\" is no key (if it is not meant as one, add it to NOT_KEYS)",
                u.at, u.text
            ));
        }
    }
    let mut reported = BTreeSet::new();
    for u in &prefixes {
        if !reported.insert((u.at.as_str(), u.text.as_str())) {
            continue;
        }
        if !dynamic.contains_key(u.text.as_str()) && !not_key_prefixes.contains_key(u.text.as_str())
        {
            faults.push(format!(
                "{}: the key start \"{}\" is completed at run time: add it to DYNAMIC_PREFIXES",
                u.at, u.text
            ));
        }
    }
    for (prefix, _) in DYNAMIC_PREFIXES {
        if !keys.keys().any(|k| k.starts_with(prefix)) {
            faults.push(format!("no key starts with the dynamic prefix {prefix}"));
        }
        if !prefixes.iter().any(|u| u.text == *prefix) {
            faults.push(format!(
                "DYNAMIC_PREFIXES names {prefix}, which the code no longer uses"
            ));
        }
    }
    for (prefix, _) in NOT_KEY_PREFIXES {
        if !prefixes.iter().any(|u| u.text == *prefix) {
            faults.push(format!(
                "NOT_KEY_PREFIXES names {prefix}, which the code no longer uses"
            ));
        }
    }
    for (text, _) in NOT_KEYS {
        if keys.contains_key(*text) {
            faults.push(format!("NOT_KEYS names {text}, which is a key"));
        }
        if !shapes.iter().any(|u| u.text == *text) {
            faults.push(format!(
                "NOT_KEYS names {text}, which the code no longer uses"
            ));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));

    // Keys nothing names literally: either built at run time or unused.
    // Not a failure (a prefix above may build them); listed for a reader.
    let named: BTreeSet<&str> = exact
        .iter()
        .chain(&shapes)
        .map(|u| u.text.as_str())
        .collect();
    let unnamed: Vec<&String> = keys
        .keys()
        .filter(|k| {
            let base = k.rsplit_once('.').map_or(k.as_str(), |(b, _)| b);
            let plural = named.contains(base) && is_plural(base);
            let built = DYNAMIC_PREFIXES.iter().any(|(p, _)| k.starts_with(p));
            !(named.contains(k.as_str()) || plural || built)
        })
        .collect();
    eprintln!(
        "{} keys are named nowhere literally nor under a dynamic prefix:",
        unnamed.len()
    );
    for key in unnamed {
        eprintln!("  {key}");
    }
}
