//! Real MacMahon 3.10 files (`../shared/fixtures/macmahon/`) read whole:
//! name, board size, rounds, settings, every player and round 1's boards as
//! the file has them (the expectations are read from each file itself);
//! written back and read again the same; through the CLI's reports too.

use crate::common;

use tengen::core::formats::macmahon;
use tengen::core::{Criterion, Rank, RoundNo, System};

/// The MacMahon files of the shared fixtures, or none (with a word why).
fn fixtures() -> Vec<(String, Vec<u8>)> {
    let Some(dir) = common::shared_fixtures() else {
        println!("skipped: ../shared/fixtures not found");
        return Vec::new();
    };
    common::macmahon_files(&dir)
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(p).unwrap())
        })
        .collect()
}

/// The text of each `<name>` in `xml`, in order (CDATA unwrapped).
fn all<'x>(xml: &'x str, name: &str) -> Vec<&'x str> {
    let (open, close) = (format!("<{name}>"), format!("</{name}>"));
    xml.split(&open)
        .skip(1)
        .map(|rest| {
            let text = &rest[..rest.find(&close).unwrap()];
            text.trim_start_matches("<![CDATA[").trim_end_matches("]]>")
        })
        .collect()
}

fn first<'x>(xml: &'x str, name: &str) -> &'x str {
    all(xml, name)[0]
}

/// The blocks of `<name …>…</name>` in `xml`.
fn blocks<'x>(xml: &'x str, name: &str) -> Vec<&'x str> {
    let close = format!("</{name}>");
    xml.split(&format!("<{name} "))
        .skip(1)
        .map(|rest| &rest[..rest.find(&close).unwrap_or(rest.len())])
        .collect()
}

#[test]
fn every_real_macmahon_file_reads_with_its_settings_players_and_boards() {
    for (file, bytes) in fixtures() {
        let xml = String::from_utf8(bytes.clone()).unwrap();
        let read = macmahon::import_bytes(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        let t = &read.tournament;
        let s = t.settings();
        assert_eq!(s.general.name, first(&xml, "Name"), "{file}");
        assert_eq!(
            s.rules.board_size.to_string(),
            first(&xml, "Boardsize"),
            "{file}"
        );
        assert_eq!(
            s.number_of_rounds.to_string(),
            first(&xml, "NumberOfRounds"),
            "{file}"
        );
        // Both bars off: every level starts apart.
        assert_eq!(first(&xml, "UpperMacMahonBar"), "false");
        assert_eq!(
            (s.mcmahon.bar, s.mcmahon.floor),
            (Rank::Dan(9), Rank::Kyu(30)),
            "{file}"
        );
        // Points, SOS, SOSOS: a Swiss by wins.
        let walllist = blocks(&xml, "Walllist")[0];
        assert_eq!(all(walllist, "ShortName"), ["Points", "SOS", "SOSOS"]);
        assert_eq!(s.system, System::Swiss, "{file}");
        assert_eq!(
            s.placement,
            [Criterion::Nbw, Criterion::Sosw, Criterion::Sososw],
            "{file}"
        );
        assert_eq!(s.handicap.ceiling, 0, "{file}: <HandicapUsed>false");

        let participants = blocks(&xml, "IndividualParticipant");
        let names: Vec<&str> = participants.iter().map(|p| first(p, "Surname")).collect();
        let read_names: Vec<&str> = t.players().iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            read_names, names,
            "{file}: every player, in the file's order"
        );
        assert!(
            t.players().iter().all(|p| p.rank == Rank::Kyu(30)),
            "{file}: 35k as 30k"
        );
        assert!(
            read.unread
                .contains(&macmahon::Unread::BelowThirtyKyu(names.len())),
            "{file}: {:?}",
            read.unread
        );

        let id_name = |id: &str| {
            let p = participants.iter().find(|p| first(p, "Id") == id).unwrap();
            first(p, "Surname")
        };
        let round_1 = blocks(&xml, "TournamentRound")
            .into_iter()
            .find(|r| first(r, "RoundNumber") == "1")
            .unwrap();
        let mut expected: Vec<(u32, &str, &str)> = blocks(round_1, "Pairing")
            .into_iter()
            .filter(|p| first(p, "PairingWithBye") == "false")
            .map(|p| {
                (
                    first(p, "BoardNumber").parse().unwrap(),
                    id_name(first(p, "Black")),
                    id_name(first(p, "White")),
                )
            })
            .collect();
        expected.sort();
        let name = |id| t.player(id).unwrap().name.as_str();
        let mut boards: Vec<(u32, &str, &str)> = t
            .games()
            .iter()
            .filter(|g| g.round == RoundNo::new(1).unwrap())
            .map(|g| (g.board.get(), name(g.black), name(g.white)))
            .collect();
        boards.sort();
        assert_eq!(boards, expected, "{file}: round 1 as paired");
        assert!(!expected.is_empty(), "{file}: round 1 is paired");
    }
}

#[test]
fn every_real_file_written_back_by_tengen_reads_the_same() {
    for (file, bytes) in fixtures() {
        let first = macmahon::import_bytes(&bytes).unwrap().tournament;
        let saved = jiff::civil::date(2026, 11, 27).at(12, 0, 0, 0);
        let written = macmahon::export(&first, saved);
        // As MacMahon and AutoKorsak expect it: the root and versions, the
        // settings before the tables, one round element per round.
        assert!(written.contains("<Tournament typeversion=\"9\">"), "{file}");
        let settings_end = written.find("<Walllist").unwrap();
        assert!(
            written.find("<Boardsize>").unwrap() < settings_end,
            "{file}"
        );
        assert_eq!(
            written
                .matches("<TournamentRound typeversion=\"2\">")
                .count(),
            first.settings().number_of_rounds as usize
        );
        let again = macmahon::import(&written).unwrap_or_else(|e| panic!("{file}: {e}"));
        let second = again.tournament;
        assert_eq!(second.players(), first.players(), "{file}");
        assert_eq!(second.games(), first.games(), "{file}");
        assert_eq!(second.byes(), first.byes(), "{file}");
        let (a, b) = (first.settings(), second.settings());
        assert_eq!(a.general.name, b.general.name);
        assert_eq!(
            (
                a.system,
                a.number_of_rounds,
                a.rules.board_size,
                a.rules.komi
            ),
            (
                b.system,
                b.number_of_rounds,
                b.rules.board_size,
                b.rules.komi
            )
        );
        assert_eq!(
            (a.mcmahon, &a.placement, a.handicap),
            (b.mcmahon, &b.placement, b.handicap)
        );
        // 35k became 30k on the first reading; nothing more is lost.
        assert!(again.unread.is_empty(), "{file}: {:?}", again.unread);
    }
}

/// `tengen standings` takes a MacMahon file as it takes an OpenGotha one:
/// a row per player, not a header alone; a file of no program is refused.
#[test]
fn the_cli_reports_read_a_macmahon_file() {
    let Some((_, bytes)) = fixtures().into_iter().next() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("tengen-mm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("division.xml");
    std::fs::write(&path, &bytes).unwrap();
    let players = macmahon::import_bytes(&bytes)
        .unwrap()
        .tournament
        .players()
        .len();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["standings", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = String::from_utf8(out.stdout).unwrap().lines().count();
    assert_eq!(rows, players + 1, "a header and a row per player");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("weaker than 30 kyu"),
        "what the table cannot show is said"
    );

    std::fs::write(&path, b"<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"/>").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["standings", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a tournament file"));
    std::fs::remove_dir_all(&dir).unwrap();
}
