//! A core pairing test that reads a fixture file. It needs the pairing
//! module's private state, so it is compiled inside it (see the `#[path]`
//! in `src/core/pairing/mod.rs`), but lives here: the core itself does no I/O.

use super::*;
use std::collections::HashMap;

/// OpenGotha's `makeAutomaticPairing` split of more than 600 players: chunks
/// taken by category, then main score downwards, of 200 to 600 players.
fn opengotha_chunks(draw: &Draw) -> Vec<Vec<usize>> {
    let categories = draw.tournament.settings().number_of_categories() as i64;
    let span = draw.groups.count / categories;
    let mut remaining: Vec<usize> = (0..draw.entrants.len()).collect();
    let mut chunks = Vec::new();
    while remaining.len() > 600 {
        let mut chunk = Vec::new();
        'ready: for cat in 0..categories {
            for depth in 0..span {
                let mut k = 0;
                let mut full = false;
                while k < remaining.len() {
                    let seat = draw.entrants[remaining[k]].seat;
                    if seat.group / span > cat || seat.group % span > depth {
                        k += 1;
                        continue;
                    }
                    chunk.push(remaining.remove(k));
                    if chunk.len() >= 600 || remaining.len() <= 200 {
                        full = true;
                        break;
                    }
                }
                if full || (chunk.len() >= 200 && chunk.len() % 2 == 0) {
                    break 'ready;
                }
            }
        }
        chunks.push(chunk);
    }
    chunks.push(remaining);
    chunks
}

/// egc2013 round 6 with every player and 160 newcomers (754 to pair): one
/// matching over everyone gives exactly the pairs of OpenGotha's chunks.
#[test]
fn one_matching_of_a_field_over_600_pairs_as_opengothas_chunks() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/fixtures/opengotha/egc2013.xml");
    let Ok(bytes) = std::fs::read(&path) else {
        println!("skipped: ../shared/fixtures not found");
        return;
    };
    let round = RoundNo::new(6).expect("round 6");
    let egc = before_round(
        &crate::core::formats::opengotha::import_bytes(&bytes).expect("imports"),
        round,
    );
    // Everyone plays round 6, and 160 newcomers join: 754 players to pair.
    let mut t = Tournament::new(egc.settings().clone());
    let mut ids = HashMap::new();
    for p in egc.players() {
        let mut q = p.clone();
        q.participation = crate::core::player::Participation::ALL;
        q.registration = Registration::Final;
        ids.insert(p.id, t.register(q));
    }
    for (k, p) in egc.players().iter().take(160).enumerate() {
        t.register(Player::new(
            PlayerId(0),
            &format!("Newcomer{k:03}"),
            "X",
            p.rank,
        ));
    }
    for g in egc.games() {
        t.add_game(Game {
            white: ids[&g.white],
            black: ids[&g.black],
            ..g.clone()
        })
        .expect("same games");
    }
    let draw = Draw::prepare(&t, round).expect("the round can be prepared");
    let n = draw.entrants.len();
    let totals = draw.totals().expect("weights fit");
    let mut whole =
        matching::max_weight_perfect_matching(n, |i, j| Some(totals[i * n + j])).expect("pairs");
    let chunks = opengotha_chunks(&draw);
    assert!(chunks.len() > 1, "OpenGotha would split {n} players");
    let mut chunked = Vec::new();
    for chunk in &chunks {
        let m = chunk.len();
        let w = |a: usize, b: usize| Some(totals[chunk[a] * n + chunk[b]]);
        let pairs = matching::max_weight_perfect_matching(m, w).expect("a chunk pairs");
        chunked.extend(
            pairs
                .into_iter()
                .map(|(a, b)| (chunk[a].min(chunk[b]), chunk[a].max(chunk[b]))),
        );
    }
    whole.sort();
    chunked.sort();
    let sizes: Vec<usize> = chunks.iter().map(Vec::len).collect();
    assert!(
        whole == chunked,
        "{n} players: one matching differs from OpenGotha's chunks {sizes:?}"
    );
}
