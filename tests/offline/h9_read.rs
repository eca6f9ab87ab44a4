//! Every real EGF results file reads: the three in `egf-results/` and the 44
//! OpenGotha 3.51.02 wrote for its own tournaments (`expected/h9/`), with
//! the players, rounds and games the file shows.

use std::path::{Path, PathBuf};
use tengen::core::PlayerId;
use tengen::core::formats::{h9_read, opengotha};

fn fixtures() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures");
    dir.is_dir().then_some(dir)
}

/// The player lines of a file: what is left of each line before `;`, if anything.
fn player_lines(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .map(|l| l.split(';').next().unwrap_or(""))
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect()
}

/// Checks one file against what its text shows; `rounds` is known
/// independently of the reader (the tournament's XML, or the file's own
/// full-format entries).
fn check(name: &str, bytes: &[u8], rounds: usize, failures: &mut Vec<String>) {
    let text = encoding_rs::ISO_8859_15
        .decode_without_bom_handling(bytes)
        .0;
    let t = match h9_read::import_bytes(bytes) {
        Ok(t) => t,
        Err(e) => {
            failures.push(format!("{name}: {e:?}"));
            return;
        }
    };
    let lines = player_lines(&text);
    // The last `rounds` tokens of a line are its rounds; `0+`, `0-`, `0=` are games not played.
    let games_of: Vec<usize> = lines
        .iter()
        .map(|l| {
            l[l.len() - rounds..]
                .iter()
                .filter(|t| !t.starts_with('0'))
                .count()
        })
        .collect();
    let games = games_of.iter().sum::<usize>() / 2;
    let got = (
        t.players().len(),
        t.settings().number_of_rounds as usize,
        t.games().len(),
    );
    if got != (lines.len(), rounds, games) {
        failures.push(format!(
            "{name}: (players, rounds, games) = {got:?}, the file shows {:?}",
            (lines.len(), rounds, games)
        ));
        return;
    }
    for (i, expected) in games_of.iter().enumerate() {
        let id = PlayerId(i as u32 + 1);
        let played = t
            .games()
            .iter()
            .filter(|g| g.colour_of(id).is_some())
            .count();
        let rounds_met: std::collections::BTreeSet<_> = t
            .games()
            .iter()
            .filter(|g| g.colour_of(id).is_some())
            .map(|g| g.round)
            .collect();
        if played != *expected || rounds_met.len() != played {
            failures.push(format!(
                "{name}: line {} of the players has {expected} games, the tournament {played} in {} rounds",
                i + 1,
                rounds_met.len()
            ));
        }
    }
}

#[test]
fn opengothas_own_h9_files_read_with_every_player_round_and_game() {
    let Some(dir) = fixtures() else {
        println!("skipped: ../shared/fixtures not found");
        return;
    };
    let mut failures = Vec::new();
    let mut checked = 0;
    for entry in std::fs::read_dir(dir.join("expected/h9")).expect("fixtures are readable") {
        let path = entry.expect("directory entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("h9") {
            continue;
        }
        let stem = path.file_stem().unwrap_or_default().to_string_lossy();
        // OpenGotha exports every round of the tournament, played or not.
        let xml =
            std::fs::read(dir.join(format!("opengotha/{stem}.xml"))).expect("the XML beside it");
        let rounds = opengotha::import_bytes(&xml)
            .expect("the XML reads")
            .settings()
            .number_of_rounds as usize;
        let bytes = std::fs::read(&path).expect("fixture is readable");
        check(&stem, &bytes, rounds, &mut failures);
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(checked, 44);
}

#[test]
fn the_egf_results_files_read_with_every_player_round_and_game() {
    let Some(dir) = fixtures() else {
        println!("skipped: ../shared/fixtures not found");
        return;
    };
    let mut failures = Vec::new();
    let mut checked = 0;
    for entry in std::fs::read_dir(dir.join("egf-results")).expect("fixtures are readable") {
        let path = entry.expect("directory entry").path();
        let bytes = std::fs::read(&path).expect("fixture is readable");
        let text = encoding_rs::ISO_8859_15
            .decode_without_bom_handling(&bytes)
            .0;
        // These are in the full format: a game is `12+/w0`, a round without one `0+`, `0-`, `0=`.
        let first = &player_lines(&text)[0];
        let rounds = first
            .iter()
            .filter(|t| t.contains('/') || ["0+", "0-", "0="].contains(t))
            .count();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        check(&name, &bytes, rounds, &mut failures);
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(checked, 3);
}

/// The score a criterion column shows, in half points (`11½`, or `11?`
/// where ISO-8859-15 could not write `½`).
fn halves(token: &str) -> Option<i32> {
    let (whole, half) = match token.strip_suffix(['½', '?']) {
        Some(w) => (w, 1),
        None => (token, 0),
    };
    Some(whole.parse::<i32>().ok()? * 2 + half)
}

#[test]
fn scores_recomputed_from_the_games_read_match_opengothas_first_column() {
    let Some(dir) = fixtures() else {
        println!("skipped: ../shared/fixtures not found");
        return;
    };
    let mut failures = Vec::new();
    let mut checked = 0;
    for entry in std::fs::read_dir(dir.join("expected/h9")).expect("fixtures are readable") {
        let path = entry.expect("directory entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("h9") {
            continue;
        }
        let stem = path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let bytes = std::fs::read(&path).expect("fixture is readable");
        let text = encoding_rs::ISO_8859_15
            .decode_without_bom_handling(&bytes)
            .0;
        let header = text.lines().find(|l| l.starts_with("; Pl ")).unwrap_or("");
        let first = header
            .split("Club")
            .nth(1)
            .and_then(|c| c.split_whitespace().next());
        if !matches!(first, Some("NBW" | "MMS")) {
            continue;
        }
        let mut t = h9_read::import_bytes(&bytes).expect("the file reads");
        // What an h9 file does not carry: the McMahon bar, floor and zero, and per-player corrections.
        let xml = opengotha::import_bytes(
            &std::fs::read(dir.join(format!("opengotha/{stem}.xml"))).unwrap(),
        )
        .unwrap();
        if xml.players().iter().any(|p| p.smms_correction != 0) {
            continue;
        }
        let mut settings = t.settings().clone();
        settings.mcmahon = xml.settings().mcmahon;
        settings.unplayed.round_down = xml.settings().unplayed.round_down;
        t.set_settings(settings);
        let rounds = t.settings().number_of_rounds;
        let sheet = tengen::core::standings::scores(&t, rounds);
        for (i, line) in player_lines(&text).iter().enumerate() {
            let id = PlayerId(i as u32 + 1);
            let rank_at = line.iter().position(|tok| {
                tok.len() <= 3
                    && tok.ends_with(['K', 'D', 'P'])
                    && tok[..tok.len() - 1].parse::<u8>().is_ok()
            });
            let Some(r) = rank_at else { continue };
            let Some(shown) = halves(line[r + 3]) else {
                failures.push(format!("{stem}: line {} column {:?}", i + 1, line[r + 3]));
                continue;
            };
            let computed = match first {
                Some("NBW") => sheet.nbw(id),
                _ => sheet.mms(id),
            }
            .map(|h| h.halves());
            if computed != Some(shown) {
                failures.push(format!(
                    "{stem}: player {} shows {shown} halves, computed {computed:?}",
                    i + 1
                ));
            }
        }
        checked += 1;
    }
    println!("{checked} files checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 0);
}
