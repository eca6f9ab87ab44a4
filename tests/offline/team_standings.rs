//! `tengen team-standings` prints, for every team tournament of the public
//! fixtures, exactly the team standings OpenGotha 3.51 computes for it
//! (`../shared/fixtures/expected/teams/`).

use std::path::{Path, PathBuf};
use std::process::Command;

fn fixtures() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures");
    if dir.join("expected/teams").is_dir() {
        Some(dir)
    } else {
        println!("skipped: ../shared/fixtures/expected/teams not found");
        None
    }
}

fn team_standings(args: &[&std::ffi::OsStr]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("team-standings")
        .args(args)
        .output()
        .expect("tengen runs")
}

#[test]
fn every_team_fixture_gives_opengothas_team_standings() {
    let Some(dir) = fixtures() else { return };
    let mut stems: Vec<String> = std::fs::read_dir(dir.join("expected/teams"))
        .expect("expected/teams is readable")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            Some(name.strip_suffix(".teamstandings.tsv")?.to_owned())
        })
        .collect();
    stems.sort();
    assert!(!stems.is_empty(), "no .teamstandings.tsv files");
    let mut failures = Vec::new();
    for stem in &stems {
        let xml = dir.join("opengotha").join(format!("{stem}.xml"));
        let out = team_standings(&[xml.as_os_str()]);
        assert!(
            out.status.success(),
            "{stem}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let got = String::from_utf8(out.stdout).expect("UTF-8 output");
        let want =
            std::fs::read_to_string(dir.join(format!("expected/teams/{stem}.teamstandings.tsv")))
                .expect("expected file is readable");
        if got != want {
            failures.push(format!("{stem}:\n--- got\n{got}--- want\n{want}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        stems.len(),
        failures.join("\n")
    );
}

#[test]
fn a_file_without_teams_is_refused_in_one_line() {
    let Some(dir) = fixtures() else { return };
    let xml = std::fs::read_dir(dir.join("opengotha"))
        .expect("opengotha/ is readable")
        .filter_map(|e| Some(e.ok()?.path()))
        .find(|p| {
            p.extension().is_some_and(|e| e == "xml")
                && std::fs::read(p).is_ok_and(|b| !b.windows(6).any(|w| w == b"<Teams"))
        })
        .expect("a fixture without teams");
    let out = team_standings(&[xml.as_os_str()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("has no teams"), "{err}");
}

#[test]
fn a_round_beyond_the_tournament_is_refused() {
    let Some(dir) = fixtures() else { return };
    let xml = dir.join("opengotha/Tournoi_de_Juvisy.xml");
    let out = team_standings(&[xml.as_os_str(), "--round".as_ref(), "99".as_ref()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--round 99"));
}
