//! The rules coverage table (`docs/reference/rules-coverage.md`) names only
//! tests that exist, names one for every rule it marks as tested, and its
//! counts are its rows'.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

const TABLE: &str = "docs/reference/rules-coverage.md";
const PREFIXES: [&str; 3] = ["| EGF ", "| RFG ", "| UA "];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Whether the test `name` is defined: an integration test named by its
/// file's stem (`discipline::…`, in whichever test binary's directory that
/// file is), or a library test by its module path.
fn exists(name: &str, library: &[String], root: &Path) -> bool {
    let segments: Vec<&str> = name.split("::").collect();
    let function = format!("fn {}(", segments[segments.len() - 1]);
    let mut tests = Vec::new();
    sources(&root.join("tests"), &mut tests);
    let file = format!("{}.rs", segments[0]);
    if segments.len() == 2
        && let Some(integration) = tests.iter().find(|t| t.ends_with(&file))
    {
        return fs::read_to_string(integration).unwrap().contains(&function);
    }
    library.iter().any(|text| text.contains(&function))
}

#[test]
fn every_test_the_rules_coverage_table_names_exists_and_its_counts_are_its_rows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let table = fs::read_to_string(root.join(TABLE)).unwrap();
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    let library: Vec<String> = files
        .iter()
        .map(|f| fs::read_to_string(f).unwrap())
        .collect();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut unknown = Vec::new();
    for row in table
        .lines()
        .filter(|l| PREFIXES.iter().any(|p| l.starts_with(p)))
    {
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        let (rule, status, named) = (cells[0], cells[2], cells[3]);
        *counts.entry(status).or_default() += 1;
        let tests: Vec<&str> = named
            .split('`')
            .skip(1)
            .step_by(2)
            // Test paths are snake case; `Act::Protest` names code, not a test.
            .filter(|t| {
                t.contains("::")
                    && t.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "_:".contains(c))
            })
            .collect();
        match status {
            "test" if tests.is_empty() => unknown.push(format!("{rule}: names no test")),
            "test" => unknown.extend(
                tests
                    .iter()
                    .filter(|t| !exists(t, &library, root))
                    .map(|t| format!("{rule}: {t}")),
            ),
            "missing" | "judgement" => {}
            other => unknown.push(format!("{rule}: status {other}")),
        }
    }
    assert!(unknown.is_empty(), "{unknown:#?}");
    let total: usize = counts.values().sum();
    let stated = format!(
        "Counts: test {}, missing {}, judgement {}, of {total} rules.",
        counts.get("test").unwrap_or(&0),
        counts.get("missing").unwrap_or(&0),
        counts.get("judgement").unwrap_or(&0),
    );
    assert!(table.contains(&stated), "the table should say: {stated}");
    assert_eq!(total, 265, "one row per testable rule of the three files");
}
