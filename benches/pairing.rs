//! Pairing round 6 of the European Go Congress 2013: the 396 players who took
//! part in it, and the whole 594-player field. Target: under 50 ms for the 396
//! (OpenGotha: about 1 s). Skipped when `../shared/fixtures` is absent.

use criterion::{Criterion, black_box};
use std::collections::HashMap;
use std::path::Path;
use tengen::core::formats::opengotha;
use tengen::core::pairing::{before_round, pair_round};
use tengen::core::player::{Participation, Registration};
use tengen::core::{RoundNo, Tournament};

/// The same tournament with every player registered and playing every round.
fn whole_field(t: &Tournament) -> Tournament {
    let mut out = Tournament::new(t.settings().clone());
    let ids: HashMap<_, _> = t
        .players()
        .iter()
        .map(|p| {
            let mut p = p.clone();
            p.participation = Participation::ALL;
            p.registration = Registration::Final;
            (p.id, out.register(p))
        })
        .collect();
    for g in t.games() {
        let mut g = g.clone();
        g.white = ids[&g.white];
        g.black = ids[&g.black];
        out.add_game(g)
            .expect("games of the fixture are consistent");
    }
    out
}

fn main() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures/opengotha/egc2013.xml");
    let Ok(bytes) = std::fs::read(&path) else {
        println!("skipped: ../shared/fixtures not found");
        return;
    };
    let round = RoundNo::new(6).expect("6 is a round");
    let tournament = opengotha::import_bytes(&bytes).expect("egc2013.xml imports");
    let round6 = before_round(&tournament, round);
    let field = whole_field(&round6);
    let mut c = Criterion::default().configure_from_args().sample_size(20);
    for (name, t) in [
        ("pair egc2013 round 6", &round6),
        ("pair egc2013 round 6, all 594", &field),
    ] {
        let players =
            pair_round(t, round).map(|p| p.games.len() * 2 + usize::from(p.bye.is_some()));
        println!("{name}: {players:?} players");
        c.bench_function(name, |b| b.iter(|| pair_round(black_box(t), round)));
    }
    c.final_summary();
}
