//! A core pairing test that reads a fixture file. It needs the pairing
//! module's private state, so it is compiled inside it (see the `#[path]`
//! in `src/core/pairing/mod.rs`), but lives here: the core itself does no I/O.

use super::*;
use std::collections::HashMap;

/// OpenGotha's `makeAutomaticPairing` split of more than 600 players, worked
/// out another way than `Draw::parts`: from the score groups' numbers
/// (category, then main score downwards), as `fillPairingInfo` numbers them.
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

/// egc2013 round 6 with every player and 160 newcomers (754 to pair): the
/// draw cuts the field where OpenGotha's walk over the score groups cuts
/// it, and on this field the parts give the very pairs one matching over
/// everyone would (so Tengen's earlier one matching paired it as OpenGotha).
#[test]
fn a_field_over_600_is_cut_and_paired_as_opengothas_parts() {
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
    let parts = draw.parts();
    assert_eq!(parts, opengotha_chunks(&draw), "{n} players");
    let sizes: Vec<usize> = parts.iter().map(Vec::len).collect();
    assert!(parts.len() > 1, "OpenGotha would split {n} players");

    let totals = draw.totals().expect("weights fit");
    let mut whole =
        matching::max_weight_perfect_matching(n, |i, j| Some(totals[i * n + j])).expect("pairs");
    let mut paired: Vec<(usize, usize)> = draw
        .match_parts()
        .expect("the parts pair")
        .into_iter()
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    whole.sort();
    paired.sort();
    assert!(
        whole == paired,
        "{n} players: the parts {sizes:?} pair otherwise than one matching"
    );
}
