//! The core stays pure: no database, web, async runtime, templates or files.
//! A rule that is checked by a machine does not erode in review.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const FORBIDDEN: [&str; 6] = ["sqlx", "axum", "tokio", "askama", "std::fs", "reqwest"];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_core_names_no_io_crate() {
    let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/core");
    let mut files = Vec::new();
    rust_files(&core, &mut files);
    assert!(!files.is_empty());
    let mut offences = Vec::new();
    for file in files {
        let source = std::fs::read_to_string(&file).unwrap();
        for (n, line) in source.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for name in FORBIDDEN {
                let named = code.match_indices(name).any(|(i, _)| {
                    let before = code[..i].chars().next_back();
                    let after = code[i + name.len()..].chars().next();
                    !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                        && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
                });
                if named {
                    offences.push(format!("{}:{}: names {name}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "the core must stay pure:\n{}",
        offences.join("\n")
    );
}

/// The modules of `src/web` that pages share: the shell, the application
/// layer and the helpers. Every other module under `src/web` is a page
/// module (its routes and handlers).
const SHARED_WEB_MODULES: [&str; 28] = [
    "access",
    "act_effects",
    "acts",
    "appeal_words",
    "audit_words",
    "auth",
    "change",
    "closing",
    "cookies",
    "encodings",
    "error",
    "files",
    "flash",
    "gor",
    "i18n",
    "import_words",
    "incidents",
    "live",
    "page",
    "page_cache",
    "rating_cache",
    "refusals",
    "rule_words",
    "security",
    "settings_form",
    "supergroup",
    "urls",
    "view",
];

/// Page modules that may name another page module, with the one they
/// name: none (the API takes the application layer from `web::view` and
/// `web::change` itself).
const PAGE_IMPORTS_ALLOWED: [(&str, &str); 0] = [];

/// The top-level web module a file belongs to (`src/web/rounds/results.rs`
/// → `rounds`) and how deep below `web` the file's own module is.
fn web_module(web: &Path, file: &Path) -> (String, usize) {
    let rel: Vec<String> = file
        .strip_prefix(web)
        .unwrap()
        .iter()
        .map(|c| c.to_string_lossy().into_owned())
        .collect();
    let top = rel[0].trim_end_matches(".rs").to_string();
    // web/x.rs and web/x/mod.rs are module web::x (depth 1); web/x/y.rs is
    // web::x::y (depth 2).
    let depth = if rel.last().is_some_and(|f| f == "mod.rs") {
        rel.len() - 1
    } else {
        rel.len()
    };
    (top, depth)
}

/// The top-level web modules a source file names, through `super::…` or
/// `crate::web::…` paths, in `use` lines or in code.
fn web_modules_named(source: &str, depth: usize) -> Vec<String> {
    let code: String = source
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut named = Vec::new();
    let mut take = |rest: &str| named.extend(first_names(rest));
    for (i, _) in code.match_indices("crate::web::") {
        take(&code[i + "crate::web::".len()..]);
    }
    let up = "super::".repeat(depth);
    for (i, _) in code.match_indices(&up) {
        let before = code[..i].chars().next_back();
        let rest = &code[i + up.len()..];
        // `super::super::…` from a shallower file is a different path, and
        // `super::*` in a test module is its own file.
        if before.is_some_and(|c| c == ':' || c.is_alphanumeric() || c == '_')
            || rest.starts_with("super::")
            || rest.starts_with('*')
        {
            continue;
        }
        take(rest);
    }
    named.retain(|n| !n.is_empty() && n != "self");
    named
}

#[test]
fn page_modules_import_no_other_page_module_and_form_no_cycle() {
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web");
    let mut files = Vec::new();
    rust_files(&web, &mut files);
    let modules: std::collections::BTreeSet<String> = files
        .iter()
        .map(|f| web_module(&web, f).0)
        .filter(|m| m != "mod")
        .collect();
    let is_page = |m: &str| modules.contains(m) && !SHARED_WEB_MODULES.contains(&m);
    let mut edges = std::collections::BTreeSet::new();
    for file in &files {
        let (from, depth) = web_module(&web, file);
        if !is_page(&from) {
            continue;
        }
        let source = std::fs::read_to_string(file).unwrap();
        for to in web_modules_named(&source, depth) {
            if is_page(&to) && to != from {
                edges.insert((from.clone(), to));
            }
        }
    }
    // No cycle: repeatedly drop the modules nothing left imports from.
    let mut left = edges.clone();
    loop {
        let targets: std::collections::BTreeSet<&String> = left.iter().map(|(_, t)| t).collect();
        let sources: Vec<String> = left
            .iter()
            .map(|(f, _)| f.clone())
            .filter(|f| !targets.contains(f))
            .collect();
        if sources.is_empty() {
            break;
        }
        left.retain(|(f, _)| !sources.contains(f));
    }
    assert!(
        left.is_empty(),
        "page modules import each other in a circle: {left:?}"
    );
    let unexpected: Vec<_> = edges
        .iter()
        .filter(|(f, t)| !PAGE_IMPORTS_ALLOWED.contains(&(f.as_str(), t.as_str())))
        .collect();
    assert!(
        unexpected.is_empty(),
        "a page module takes from another page module; move what they share \
         to a shared module (SHARED_WEB_MODULES): {unexpected:?}"
    );
}

/// A file reads in one sitting, so the layout shows the design (issues 13
/// and 30): at most 500 lines, split where its concerns part. The pairing
/// engine is not held to it.
#[test]
fn no_source_file_outgrows_one_sitting() {
    const LIMIT: usize = 500;
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let exempt = [src.join("core/pairing")];
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut long: Vec<String> = files
        .iter()
        .filter(|file| !exempt.iter().any(|dir| file.starts_with(dir)))
        .filter_map(|file| {
            let lines = std::fs::read_to_string(file).unwrap().lines().count();
            (lines > LIMIT).then(|| format!("{}: {lines} lines (at most {LIMIT})", file.display()))
        })
        .collect();
    long.sort();
    assert!(
        long.is_empty(),
        "split these files along their seams:\n{}",
        long.join("\n")
    );
}

/// The top-level core module a file belongs to (`src/core/command/mod.rs`
/// → `command`), with the file's code outside its `#[cfg(test)]` part and
/// comments; `None` for a file of tests.
fn core_code(core: &Path, file: &Path) -> Option<(String, String)> {
    let rel = file.strip_prefix(core).unwrap();
    let name = rel.file_name()?.to_str()?;
    if name == "tests.rs" || name.ends_with("_tests.rs") || name == "test_support.rs" {
        return None;
    }
    let top = rel.components().next()?.as_os_str().to_str()?;
    let top = top.strip_suffix(".rs").unwrap_or(top).to_string();
    let code = code_outside_tests(&std::fs::read_to_string(file).unwrap());
    Some((top, code))
}

/// Whether `code` names the core module `module`; a file at the top of
/// its module may also name it as `super::module`.
fn names_core_module(code: &str, top_level_file: bool, module: &str) -> bool {
    let mut paths = vec![
        format!("crate::core::{module}"),
        format!("core::{module}::"),
    ];
    if top_level_file {
        paths.push(format!("super::{module}"));
    }
    paths.iter().any(|p| {
        code.match_indices(p.as_str()).any(|(i, _)| {
            let after = code[i + p.len()..].chars().next();
            !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
    })
}

/// Issue 30: the model does not reach up. Whole-tournament files
/// (`core::formats`) read and write the model; the commands
/// (`core::command`) use every rule; no rule module names either, so
/// neither can close a circle through the model.
#[test]
fn formats_and_commands_sit_on_the_model_never_under_it() {
    let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/core");
    let mut files = Vec::new();
    rust_files(&core, &mut files);
    let mut offences = Vec::new();
    for file in &files {
        let Some((top, code)) = core_code(&core, file) else {
            continue;
        };
        let top_level_file = file.parent() == Some(core.as_path())
            || file.file_name().is_some_and(|n| n == "mod.rs")
                && file.parent().and_then(Path::parent) == Some(core.as_path());
        let above: &[&str] = match top.as_str() {
            "formats" => &[],
            "command" => &["formats"],
            _ => &["formats", "command"],
        };
        for module in above {
            if names_core_module(&code, top_level_file, module) {
                offences.push(format!("{}: names core::{module}", file.display()));
            }
        }
    }
    assert!(
        offences.is_empty(),
        "a module of the model names the layers above it:\n{}",
        offences.join("\n")
    );
}

/// A file's code without comments and without its `#[cfg(test)]` items
/// (a test may build its fixtures from any module).
fn code_outside_tests(source: &str) -> String {
    let code = source
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut kept = String::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("#[cfg(test)]") {
        kept.push_str(&rest[..at]);
        rest = &rest[at + "#[cfg(test)]".len()..];
        // The item ends at its first `;` outside braces or where its first
        // brace closes.
        let mut level = 0;
        let mut end = rest.len();
        for (i, c) in rest.char_indices() {
            match c {
                '{' => level += 1,
                '}' if level == 1 => {
                    end = i + 1;
                    break;
                }
                '}' => level -= 1,
                ';' if level == 0 => {
                    end = i + 1;
                    break;
                }
                _ => {}
            }
        }
        rest = &rest[end..];
    }
    kept.push_str(rest);
    kept
}

/// The first name of each path after a prefix that ends in `::`: one
/// name, or each of a `{…}` group's.
fn first_names(rest: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.trim()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let Some(group) = rest.strip_prefix('{') else {
        return vec![ident(rest)];
    };
    let mut names = Vec::new();
    let mut level = 0;
    let mut part = String::new();
    for c in group.chars() {
        match c {
            '{' => level += 1,
            '}' if level == 0 => break,
            '}' => level -= 1,
            ',' if level == 0 => {
                names.push(ident(&part));
                part.clear();
                continue;
            }
            _ => {}
        }
        part.push(c);
    }
    names.push(ident(&part));
    names
}

/// The names that follow `prefix` wherever it starts a path (not inside a
/// longer one).
fn names_after(code: &str, prefix: &str) -> Vec<String> {
    code.match_indices(prefix)
        .filter(|(i, _)| {
            !code[..*i]
                .chars()
                .next_back()
                .is_some_and(|c| c == ':' || c.is_alphanumeric() || c == '_')
        })
        .flat_map(|(i, _)| first_names(&code[i + prefix.len()..]))
        .collect()
}

/// Which of a tree's top-level modules each one names, with the files
/// that name it: `src/x.rs` and `src/x/…` are module `x`; a file reaches
/// a sibling through `crate::<path>::` or as many `super::` as it is deep;
/// a name the tree's `mod.rs` re-exports counts as its module's.
fn top_level_graph(tree: &str, path: &str) -> BTreeMap<(String, String), BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(tree);
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let top = |file: &Path| -> String {
        let first = file.strip_prefix(&root).unwrap().iter().next().unwrap();
        let first = first.to_str().unwrap();
        first.strip_suffix(".rs").unwrap_or(first).to_string()
    };
    let roots = ["mod", "lib", "main"];
    let modules: BTreeSet<String> = files
        .iter()
        .map(|f| top(f))
        .filter(|m| !roots.contains(&m.as_str()))
        .collect();
    let mut exported = BTreeMap::new();
    if let Ok(root_mod) = std::fs::read_to_string(root.join("mod.rs")) {
        for line in root_mod.lines() {
            let Some(reexport) = line.strip_prefix("pub use ") else {
                continue;
            };
            let Some((module, names)) = reexport.trim_end_matches(';').split_once("::") else {
                continue;
            };
            for name in first_names(names) {
                exported.insert(name, module.to_string());
            }
        }
    }
    let mut edges: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let from = top(file);
        let rel = file.strip_prefix(&root).unwrap();
        let name = rel.file_name().unwrap().to_str().unwrap();
        if roots.contains(&from.as_str())
            || name == "tests.rs"
            || name.ends_with("_tests.rs")
            || name == "test_support.rs"
        {
            continue;
        }
        let depth = rel.iter().count() - usize::from(name == "mod.rs");
        let code = code_outside_tests(&std::fs::read_to_string(file).unwrap());
        let mut named = names_after(&code, &format!("{path}::"));
        named.extend(names_after(&code, &"super::".repeat(depth)));
        for to in named {
            let to = exported.get(&to).cloned().unwrap_or(to);
            if modules.contains(&to) && to != from {
                let shown = Path::new(tree).join(rel).display().to_string();
                edges.entry((from.clone(), to)).or_default().insert(shown);
            }
        }
    }
    edges
}

/// The circles of a graph: each strongly connected set of two or more
/// modules, with the edges inside it and the files behind each edge.
fn circles(edges: &BTreeMap<(String, String), BTreeSet<String>>) -> Vec<String> {
    let reaches = |from: &str| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut next = vec![from.to_string()];
        while let Some(m) = next.pop() {
            for (f, t) in edges.keys() {
                if *f == m && seen.insert(t.clone()) {
                    next.push(t.clone());
                }
            }
        }
        seen
    };
    let modules: BTreeSet<&String> = edges.keys().map(|(f, _)| f).collect();
    let reach: BTreeMap<&String, BTreeSet<String>> =
        modules.iter().map(|m| (*m, reaches(m))).collect();
    let mut done = BTreeSet::new();
    let mut found = Vec::new();
    for m in &modules {
        if done.contains(*m) || !reach[m].contains(*m) {
            continue;
        }
        let circle: BTreeSet<&String> = modules
            .iter()
            .copied()
            .filter(|o| reach[m].contains(*o) && reach[o].contains(*m))
            .collect();
        let inside: Vec<String> = edges
            .iter()
            .filter(|((f, t), _)| circle.contains(f) && circle.contains(t))
            .map(|((f, t), files)| {
                let files: Vec<&str> = files.iter().map(String::as_str).collect();
                format!("  {f} → {t} ({})", files.join(", "))
            })
            .collect();
        let names: Vec<&str> = circle.iter().map(|s| s.as_str()).collect();
        found.push(format!("{}:\n{}", names.join(", "), inside.join("\n")));
        done.extend(circle.into_iter().cloned());
    }
    found
}

/// Edges of the core that still close a circle, each with why it is
/// there; the list may only shrink (a listed edge that is gone fails).
const CORE_CIRCLE_EXCEPTIONS: [(&str, &str, &str); 1] = [(
    "standings",
    "pairing",
    "the STAGE criterion replays a knockout's bracket \
     (pairing::knockout_round::stages_passed); the replay belongs in a \
     bracket module under both",
)];

/// Issue 30: the core's top-level modules form no circle, so each reads
/// on the ones below it and a change ripples one way.
#[test]
fn the_core_modules_form_no_circle() {
    let mut edges = top_level_graph("src/core", "crate::core");
    assert!(edges.len() > 50, "the core's graph was not read: {edges:?}");
    for (from, to, why) in CORE_CIRCLE_EXCEPTIONS {
        assert!(
            edges.remove(&(from.to_string(), to.to_string())).is_some(),
            "core::{from} no longer names core::{to} ({why}): drop it from \
             CORE_CIRCLE_EXCEPTIONS"
        );
    }
    let found = circles(&edges);
    assert!(
        found.is_empty(),
        "the core's modules name each other in a circle; move what they share \
         down to a module both can name, or a rule to the module of its concern:\n{}",
        found.join("\n")
    );
}

/// The shell's layers, lowest first: a module names only the ones before
/// it (and the core). The store knows neither the door nor the pages; the
/// door knows no page.
const SHELL_LAYERS: [&str; 7] = ["core", "config", "store", "desk", "web", "cli", "server"];

#[test]
fn the_shell_modules_form_no_circle_and_name_no_layer_above() {
    let edges = top_level_graph("src", "crate");
    assert!(edges.len() > 5, "the shell's graph was not read: {edges:?}");
    let found = circles(&edges);
    assert!(
        found.is_empty(),
        "the shell's modules name each other in a circle:\n{}",
        found.join("\n")
    );
    let layer = |m: &str| SHELL_LAYERS.iter().position(|l| *l == m);
    let upward: Vec<String> = edges
        .iter()
        .filter(|((f, t), _)| {
            let (f, t) = (
                layer(f).unwrap_or_else(|| panic!("{f} is in no layer")),
                layer(t),
            );
            t.is_some_and(|t| t > f)
        })
        .map(|((f, t), files)| format!("{f} → {t}: {files:?}"))
        .collect();
    assert!(
        upward.is_empty(),
        "a shell module names a layer above it ({SHELL_LAYERS:?}):\n{}",
        upward.join("\n")
    );
}

/// Pages read through the door (`Desk::open` and its extractors), never the
/// store: outside `desk/` and `store/`, only the account, administration
/// and sign-in pages name it (issue 30). `web/mod.rs` builds the door on the
/// store it is given.
#[test]
fn pages_name_the_store_only_for_accounts_administration_and_sign_in() {
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web");
    let allowed = [
        "account.rs",
        "admin.rs",
        "auth.rs",
        "api/account.rs",
        "mod.rs",
    ];
    let mut files = Vec::new();
    rust_files(&web, &mut files);
    let mut offenders: Vec<String> = files
        .iter()
        .filter_map(|file| {
            let rel = file
                .strip_prefix(&web)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let source = std::fs::read_to_string(file).unwrap();
            let names = source
                .lines()
                .map(|line| line.split("//").next().unwrap_or(""))
                .any(|code| code.contains("crate::store"));
            (names && !allowed.contains(&rel.as_str())).then_some(rel)
        })
        .collect();
    offenders.sort();
    assert!(
        offenders.is_empty(),
        "these pages name the store; read through the desk instead:\n{}",
        offenders.join("\n")
    );
}
