//! The real rating lists of `../shared/fixtures/rating-lists` read whole, and
//! known players are found the way an organiser types them.

use std::path::Path;
use tengen::core::formats::rating_list::{RatedPlayer, RatingIndex, SEARCH_LIMIT, parse};

fn fixture(name: &str) -> Option<Vec<u8>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/fixtures/rating-lists")
        .join(name);
    match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(_) => {
            println!("skipped: ../shared/fixtures not found");
            None
        }
    }
}

fn shown(players: &[&RatedPlayer]) -> Vec<String> {
    players
        .iter()
        .map(|p| format!("{} {}", p.name, p.first_name))
        .collect()
}

#[test]
fn the_real_egd_list_reads_whole_and_finds_known_players() {
    let Some(bytes) = fixture("egf_db.txt") else {
        return;
    };
    let list = parse(&bytes).unwrap();
    assert_eq!(list.players.len(), 42_824, "the file's own total");
    assert_eq!(list.malformed, []);
    assert_eq!(list.date.map(|d| d.to_string()), Some("2018-02-22".into()));
    let index = RatingIndex::new(list);
    let luc = index.search("vannier luc", SEARCH_LIMIT);
    assert_eq!(luc[0].egf_pin, "10437350");
    assert_eq!(index.search("10437350", SEARCH_LIMIT)[0].first_name, "Luc");
    assert_eq!(shown(&index.search("naim bouk", 5)), ["Boukerrouye Naïm"]);
    assert_eq!(shown(&index.search("agota dree", 5)), ["Dreelyi Kis Ágota"]);
    assert_eq!(shown(&index.search("ipola", 5)), ["Ípola David"]);
    assert_eq!(index.search("a", SEARCH_LIMIT).len(), SEARCH_LIMIT);
}

#[test]
fn the_real_ffg_list_reads_whole_and_finds_known_players() {
    let Some(bytes) = fixture("ech_ffg_V3.txt") else {
        return;
    };
    let list = parse(&bytes).unwrap();
    assert_eq!(list.players.len(), 11_889);
    assert_eq!(list.malformed, []);
    assert_eq!(list.date.map(|d| d.to_string()), Some("2018-02-23".into()));
    let index = RatingIndex::new(list);
    assert_eq!(shown(&index.search("rene aaij", 5)), ["AAIJ René"]);
    assert_eq!(shown(&index.search("mickael ab", 5)), ["ABADIA Mickaël"]);
    assert_eq!(index.search("9728205", 5)[0].name, "ABADIA");
}
