//! Standings of the European Go Congress 2013 (594 players, 10 rounds).
//! Target: under 10 ms. Skipped when `../shared/fixtures` is absent.

use criterion::{Criterion, black_box};
use std::path::Path;
use tengen::core::formats::{opengotha, standings_tsv};
use tengen::core::standings::standings;

fn main() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures/opengotha/egc2013.xml");
    let Ok(bytes) = std::fs::read(&path) else {
        println!("skipped: ../shared/fixtures not found");
        return;
    };
    let tournament = opengotha::import_bytes(&bytes).expect("egc2013.xml imports");
    let rounds = tournament.last_round_with_game().map_or(0, |r| r.get());
    let criteria = tournament.settings().placement.clone();
    let mut c = Criterion::default().configure_from_args();
    c.bench_function("standings egc2013", |b| {
        b.iter(|| standings(black_box(&tournament), rounds, &criteria))
    });
    c.bench_function("standings TSV egc2013", |b| {
        b.iter(|| standings_tsv::render(black_box(&tournament), rounds))
    });
    c.final_summary();
}
