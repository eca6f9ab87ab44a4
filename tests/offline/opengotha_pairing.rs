//! Every expected pairing of `../shared/fixtures/expected` is exactly what
//! `tengen pair` gives (pairs, colours, handicaps, bye and boards), and every
//! pair weight OpenGotha dumped is ours, term by term.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use tengen::core::RoundNo;
use tengen::core::formats::opengotha;
use tengen::core::pairing::{self, Draw};
use tengen::core::tournament::Tournament;

fn fixtures() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures");
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("skipped: ../shared/fixtures not found");
        None
    }
}

/// `(path, stem, round)` for every `<stem><infix>R<k>.tsv` in `folder`.
fn files(folder: &Path, infix: &str) -> Vec<(PathBuf, String, u32)> {
    let mut out: Vec<_> = std::fs::read_dir(folder)
        .expect("fixture folder is readable")
        .filter_map(|e| {
            let path = e.ok()?.path();
            let name = path.file_name()?.to_str()?.to_owned();
            let (stem, round) = name.strip_suffix(".tsv")?.rsplit_once(infix)?;
            let round = round.parse().ok()?;
            Some((path, stem.to_owned(), round))
        })
        .collect();
    out.sort();
    out
}

/// The tournament of `stem` as it stood before `round`.
fn tournament_before(dir: &Path, stem: &str, round: RoundNo) -> Result<Tournament, String> {
    let xml = std::fs::read(dir.join("opengotha").join(format!("{stem}.xml")))
        .map_err(|e| e.to_string())?;
    let t = opengotha::import_bytes(&xml).map_err(|e| format!("import failed: {e}"))?;
    Ok(pairing::before_round(&t, round))
}

fn without_timing(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("# pairing_ms="))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The first line where `got` and `want` differ.
fn first_difference(got: &str, want: &str) -> String {
    match got.lines().zip(want.lines()).find(|(g, w)| g != w) {
        Some((g, w)) => format!("got {g:?}, want {w:?}"),
        None => format!(
            "{} lines, want {}",
            got.lines().count(),
            want.lines().count()
        ),
    }
}

#[test]
fn every_expected_pairing_is_reproduced() {
    let Some(dir) = fixtures() else { return };
    let expected = files(&dir.join("expected"), ".pair-R");
    assert!(!expected.is_empty(), "no expected pairing files");
    let failures: Vec<String> = expected
        .iter()
        .filter_map(|(path, stem, round)| {
            let round = RoundNo::new(*round).expect("rounds start at 1");
            let want =
                without_timing(&std::fs::read_to_string(path).expect("expected file is readable"));
            let got = tournament_before(&dir, stem, round).and_then(|t| {
                let p = pairing::pair_round(&t, round).map_err(|e| e.to_string())?;
                Ok(tengen::core::formats::pairing_tsv::render(&t, &p))
            });
            match got {
                Ok(got) if got == want => None,
                Ok(got) => Some(format!(
                    "{stem} R{round}: {}",
                    first_difference(&got, &want)
                )),
                Err(e) => Some(format!("{stem} R{round}: {e}")),
            }
        })
        .collect();
    println!(
        "{} of {} pairings exact",
        expected.len() - failures.len(),
        expected.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} pairings differ:\n{}",
        failures.len(),
        expected.len(),
        failures.join("\n")
    );
}

/// Compares one weights file; `Err` names the first mismatching pair.
fn check_weights(dir: &Path, path: &Path, stem: &str, round: RoundNo) -> Result<(), String> {
    let t = tournament_before(dir, stem, round)?;
    let draw = Draw::prepare(&t, round).map_err(|e| e.to_string())?;
    let names: HashMap<String, usize> = draw
        .players()
        .iter()
        .enumerate()
        .filter_map(|(i, id)| Some((t.player(*id)?.full_name(), i)))
        .collect();
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut lines = 0;
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (Some(&i), Some(&j)) = (names.get(cols[0]), names.get(cols[1])) else {
            return Err(format!(
                "players {:?} / {:?} are not both to be paired",
                cols[0], cols[1]
            ));
        };
        let want: Vec<i64> = cols[2..]
            .iter()
            .map(|c| c.parse().unwrap_or(i64::MIN))
            .collect();
        let b = draw.breakdown(i, j);
        let mut got = vec![b.total().unwrap_or(i64::MIN), 1];
        got.extend(b.terms());
        if got != want {
            return Err(format!(
                "{} / {}: got {got:?}, want {want:?}",
                cols[0], cols[1]
            ));
        }
        lines += 1;
    }
    let n = names.len();
    if lines != n * (n - 1) / 2 {
        return Err(format!("{lines} pairs in the file, {n} players to pair"));
    }
    Ok(())
}

#[test]
fn every_pair_weight_is_opengothas_term_by_term() {
    let Some(dir) = fixtures() else { return };
    let expected = files(&dir.join("expected/weights"), ".weights-R");
    assert!(!expected.is_empty(), "no expected weights files");
    let failures: Vec<String> = expected
        .iter()
        .filter_map(|(path, stem, round)| {
            let round = RoundNo::new(*round).expect("rounds start at 1");
            check_weights(&dir, path, stem, round)
                .err()
                .map(|e| format!("{stem} R{round}: {e}"))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} weight files differ:\n{}",
        failures.len(),
        expected.len(),
        failures.join("\n")
    );
}
