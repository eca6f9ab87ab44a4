//! A round's pairing in the TSV layout of the expected-output fixtures
//! (`tengen pair`): one `board, white, black, handicap, komi` line per game,
//! then `# bye=`.

use crate::core::Tournament;
use crate::core::pairing::RoundPairing;

/// A round's pairing as OpenGotha's expected files write it: one
/// `board, white, black, handicap, komi` line per game, then `# bye=`.
pub fn render(tournament: &Tournament, pairing: &RoundPairing) -> String {
    use std::fmt::Write as _;
    let name = |id| {
        tournament
            .player(id)
            .map(|p| p.full_name())
            .unwrap_or_default()
    };
    // The file's komi, as OpenGotha has no per-game komi.
    let komi = tournament.settings().rules.komi;
    let mut out = String::new();
    for g in &pairing.games {
        let (white, black) = (name(g.white), name(g.black));
        let _ = writeln!(out, "{}\t{white}\t{black}\t{}\t{komi}", g.board, g.handicap);
    }
    let bye = pairing.bye.map(name).unwrap_or_default();
    let _ = writeln!(out, "# bye={bye}");
    out
}
