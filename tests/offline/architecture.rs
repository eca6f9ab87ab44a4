//! The core stays pure: no database, web, async runtime, templates or files.
//! A rule that is checked by a machine does not erode in review.

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
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    // After a path that ends at `web`: one name, or a `{…}` group of them.
    let mut take = |rest: &str| {
        if let Some(group) = rest.strip_prefix('{') {
            let mut level = 0;
            let mut part = String::new();
            for c in group.chars() {
                match c {
                    '{' => level += 1,
                    '}' if level == 0 => break,
                    '}' => level -= 1,
                    ',' if level == 0 => {
                        named.push(ident(part.trim()));
                        part.clear();
                        continue;
                    }
                    _ => {}
                }
                part.push(c);
            }
            named.push(ident(part.trim()));
        } else {
            named.push(ident(rest));
        }
    };
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

/// A file reads in one sitting, so the layout shows the design (issue 13).
/// The pairing engine is not held to it.
#[test]
fn no_source_file_outgrows_one_sitting() {
    const LIMIT: usize = 550;
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let exempt = [src.join("core/pairing")];
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut long: Vec<String> = files
        .iter()
        .filter(|file| !exempt.iter().any(|dir| file.starts_with(dir)))
        .filter_map(|file| {
            let lines = std::fs::read_to_string(file).unwrap().lines().count();
            (lines > LIMIT).then(|| format!("{}: {lines} lines", file.display()))
        })
        .collect();
    long.sort();
    assert!(
        long.is_empty(),
        "split these files along their seams (at most {LIMIT} lines):\n{}",
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
    let source = std::fs::read_to_string(file).unwrap();
    let source = source.split("#[cfg(test)]").next().unwrap_or("");
    let code = source
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
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

/// Pages read through the door (`Desk::open` and its extractors), never the
/// store: outside `desk/` and `store/`, only the account, administration
/// and sign-in pages name it (issue 30). `web/mod.rs` builds the door on the
/// store it is given; the audit log's pages and the player link's issue
/// wait for typed audit events, which move their last store calls.
#[test]
fn pages_name_the_store_only_for_accounts_administration_and_sign_in() {
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web");
    let allowed = [
        "account.rs",
        "admin.rs",
        "auth.rs",
        "api/account.rs",
        "mod.rs",
        // Typed audit events (issue 30, item 3) take these over.
        "api/records.rs",
        "tournaments/audit.rs",
        "appeals/list.rs",
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
