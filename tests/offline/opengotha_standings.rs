//! Every fixture with an expected standings file gives exactly that output.

use std::path::{Path, PathBuf};
use tengen::core::formats::{opengotha, standings_tsv};

fn fixtures() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures");
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("skipped: ../shared/fixtures not found");
        None
    }
}

/// `(xml stem, round)` for `<stem>.standings.tsv` (round `None`) and `<stem>.standings-R<k>.tsv`.
fn expected_files(dir: &Path) -> Vec<(PathBuf, String, Option<u32>)> {
    let mut files: Vec<(PathBuf, String, Option<u32>)> = std::fs::read_dir(dir.join("expected"))
        .expect("expected/ is readable")
        .filter_map(|e| {
            let path = e.ok()?.path();
            let name = path.file_name()?.to_str()?.to_owned();
            let rest = name.strip_suffix(".tsv")?;
            let (stem, round) = match rest.rsplit_once(".standings") {
                Some((stem, "")) => (stem.to_owned(), None),
                Some((stem, r)) => (stem.to_owned(), Some(r.strip_prefix("-R")?.parse().ok()?)),
                None => return None,
            };
            Some((path, stem, round))
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_fixture_gives_opengothas_standings() {
    let Some(dir) = fixtures() else { return };
    let files = expected_files(&dir);
    assert!(
        !files.is_empty(),
        "no expected standings files in {}",
        dir.display()
    );
    let mut failures = Vec::new();
    for (path, stem, round) in &files {
        let xml = std::fs::read(dir.join("opengotha").join(format!("{stem}.xml")))
            .expect("fixture is readable");
        let tournament = match opengotha::import_bytes(&xml) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{stem}: import failed: {e}"));
                continue;
            }
        };
        let rounds =
            round.unwrap_or_else(|| tournament.last_round_with_game().map_or(0, |r| r.get()));
        let got = standings_tsv::render(&tournament, rounds);
        let want = std::fs::read_to_string(path).expect("expected file is readable");
        if got != want {
            let first = got
                .lines()
                .zip(want.lines())
                .enumerate()
                .find(|(_, (g, w))| g != w)
                .map(|(i, (g, w))| format!("line {}: got {g:?}, want {w:?}", i + 1))
                .unwrap_or_else(|| {
                    format!(
                        "{} lines, want {}",
                        got.lines().count(),
                        want.lines().count()
                    )
                });
            failures.push(format!(
                "{}: {first}",
                path.file_name().unwrap_or_default().to_string_lossy()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} standings files differ:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn every_criterion_orders_every_fixture_with_well_formed_places() {
    use tengen::core::standings::Criterion;
    use tengen::core::standings::standings;
    let Some(dir) = fixtures() else { return };
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(dir.join("opengotha")).expect("fixtures are readable") {
        let path = entry.expect("directory entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("xml") {
            continue;
        }
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let tournament = opengotha::import_bytes(&std::fs::read(&path).expect("readable"))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let last = tournament.last_round_with_game().map_or(0, |r| r.get());
        for rounds in [last / 2, last] {
            for c in Criterion::ALL {
                let s = standings(&tournament, rounds, &[Criterion::Mms, c, Criterion::Dc]);
                let places: Vec<u32> = s.rows.iter().map(|r| r.place).collect();
                let well_formed = places.first().is_none_or(|&p| p == 1)
                    && places
                        .windows(2)
                        .enumerate()
                        .all(|(k, w)| w[1] == w[0] || w[1] == k as u32 + 2);
                if !well_formed {
                    failures.push(format!(
                        "{name} after {rounds} rounds by {c}: places {places:?}"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
