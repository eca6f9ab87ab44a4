//! Every expected pairing of `../shared/fixtures/expected` is what `tengen pair`
//! gives, and every pair weight OpenGotha dumped is ours, term by term.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use tengen::core::RoundNo;
use tengen::core::formats::opengotha;
use tengen::core::pairing::{self, Breakdown, Draw};
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

/// One board of a pairing file: white, black, handicap.
fn boards(text: &str) -> Vec<(String, String, String)> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            Some((
                c.get(1)?.to_string(),
                c.get(2)?.to_string(),
                c.get(3)?.to_string(),
            ))
        })
        .collect()
}

/// Total weight of the boards of `text` under our (OpenGotha's) pair weights.
fn total_weight(t: &Tournament, draw: &Draw, text: &str) -> Option<i128> {
    let index: HashMap<String, usize> = draw
        .players()
        .iter()
        .enumerate()
        .filter_map(|(i, id)| Some((t.player(*id)?.full_name(), i)))
        .collect();
    boards(text)
        .iter()
        .map(|(w, b, _)| {
            let (i, j) = (*index.get(w)?, *index.get(b)?);
            let total = draw.breakdown(i.min(j), i.max(j)).total().ok()?;
            Some(i128::from(total))
        })
        .sum()
}

/// Where our pairing differs from OpenGotha's: `Ok` when it is another
/// perfect matching of the same total weight (a tie OpenGotha's solver broke
/// its own way) and every board both pairings share has the same colours and
/// handicap; `Err` otherwise.
fn judge_difference(t: &Tournament, round: RoundNo, got: &str, want: &str) -> Result<(), String> {
    let bye = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("# bye="))
            .map(str::to_owned)
    };
    if bye(got) != bye(want) {
        return Err(format!("bye {:?}, want {:?}", bye(got), bye(want)));
    }
    let draw = Draw::prepare(t, round).map_err(|e| e.to_string())?;
    let (ours, theirs) = (total_weight(t, &draw, got), total_weight(t, &draw, want));
    if ours.is_none() || ours != theirs {
        return Err(format!("total weight {ours:?}, OpenGotha's {theirs:?}"));
    }
    let ours = boards(got);
    for (w, b, h) in boards(want) {
        let same_pair = ours
            .iter()
            .find(|(x, y, _)| (x == &w && y == &b) || (x == &b && y == &w));
        if let Some(game) = same_pair.filter(|g| **g != (w.clone(), b.clone(), h.clone())) {
            return Err(format!("{game:?}, want ({w:?}, {b:?}, {h:?})"));
        }
    }
    Ok(())
}

#[test]
fn every_expected_pairing_is_reproduced() {
    let Some(dir) = fixtures() else { return };
    let expected = files(&dir.join("expected"), ".pair-R");
    assert!(!expected.is_empty(), "no expected pairing files");
    let (mut failures, mut ties) = (Vec::new(), Vec::new());
    for (path, stem, round) in &expected {
        let round = RoundNo::new(*round).expect("rounds start at 1");
        let want =
            without_timing(&std::fs::read_to_string(path).expect("expected file is readable"));
        let outcome = tournament_before(&dir, stem, round).and_then(|t| {
            let p = pairing::pair_round(&t, round).map_err(|e| e.to_string())?;
            let got = tengen::core::formats::pairing_tsv::render(&t, &p);
            if got == want {
                Ok(false)
            } else {
                judge_difference(&t, round, &got, &want).map(|()| true)
            }
        });
        match outcome {
            Ok(false) => {}
            Ok(true) => ties.push(format!("{stem} R{round}")),
            Err(e) => failures.push(format!("{stem} R{round}: {e}")),
        }
    }
    println!(
        "{} of {} pairings exact; {} equal-weight ties broken differently: {}",
        expected.len() - ties.len() - failures.len(),
        expected.len(),
        ties.len(),
        ties.join(", ")
    );
    assert!(
        failures.is_empty(),
        "{} of {} pairings differ:\n{}",
        failures.len(),
        expected.len(),
        failures.join("\n")
    );
}

fn terms(b: &Breakdown) -> [i64; 9] {
    [
        b.avoid_duplicate_games,
        b.random,
        b.balance_wb,
        b.avoid_mixing_categories,
        b.minimize_score_difference,
        b.dudd,
        b.maximize_seeding,
        b.minimize_handicap,
        b.avoid_same_geo,
    ]
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
        got.extend(terms(&b));
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
