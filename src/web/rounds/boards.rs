//! One board of a round as the lists show it: the round page, the
//! printed list and the results table.

use crate::core::discipline::{GameRef, Log, adjourned};
use crate::core::settings::{System, TieRule};
use crate::core::translit::NameQuery;
use crate::core::{PlayerId, RoundNo, Tournament, results};
use crate::web::incidents::note_key;

/// One board as the lists show it.
pub struct BoardLine {
    pub board: u32,
    pub white: String,
    pub white_rank: String,
    pub black: String,
    pub black_rank: String,
    pub handicap: u8,
    pub komi: crate::core::units::HalfPoints,
    /// A jigo is possible: the komi is a whole number (a half point rules a
    /// jigo out) and an equal count is one (under Japanese or Ing rules an
    /// equal count in a handicap game is a win), so the slip offers a box.
    pub jigo: bool,
    /// What an equal count means, as a translation key, where the komi
    /// makes one possible; "" where it does not.
    pub equal: &'static str,
    pub result: String,
    pub code: String,
    /// Why the result was not played out, as a translation key ("" when it was).
    pub note_key: &'static str,
    /// When an adjourned game resumes ("" when it is not adjourned); the
    /// sealed move is not Tengen's to show (`core::discipline::Act::Adjourned`).
    pub adjourned: String,
    /// Colours are drawn at the board (a knockout's nigiri): the listed
    /// White and Black are a placeholder until the organiser records them.
    pub nigiri: bool,
    /// True when the searched name is on this board.
    pub found: bool,
    /// In a match of best of N (RFG App. 7 §5): which game of the two
    /// players' meeting this is, and N; 0 for a single game.
    pub match_game: u32,
    pub best_of: u32,
}

/// The boards of `round` in `t`, read with the referees' `log` for the
/// games adjourned and still without a result in `t`; "find me" with
/// `query` marks the boards it finds, in either script.
pub(super) fn board_lines(
    t: &Tournament,
    log: &Log,
    round: RoundNo,
    query: &str,
) -> Vec<BoardLine> {
    let adjourned = adjourned(t, log);
    let needle = NameQuery::new(query);
    let name = |id: PlayerId| t.player(id).map(|p| p.full_name()).unwrap_or_default();
    let rank = |id: PlayerId| t.player(id).map(|p| p.rank.to_string()).unwrap_or_default();
    let mut games: Vec<_> = t.games().iter().filter(|g| g.round == round).collect();
    games.sort_by_key(|g| g.board);
    let best_of = t.settings().best_of;
    let matches =
        best_of > 1 && matches!(t.settings().system, System::Knockout | System::RoundRobin);
    // The games the two players have played each other up to this one.
    let game_of_match = |white: PlayerId, black: PlayerId| -> u32 {
        let met = (t.games().iter())
            .filter(|g| {
                g.round <= round && g.colour_of(white).is_some() && g.colour_of(black).is_some()
            })
            .count();
        u32::try_from(met).unwrap_or(0)
    };
    games
        .into_iter()
        .map(|g| {
            let (white, black) = (name(g.white), name(g.black));
            let tie = (g.komi.halves() % 2 == 0)
                .then(|| crate::core::rules::counting::tie_rule(&t.settings().rules, g.handicap));
            let found = needle.finds(&white) || needle.finds(&black);
            BoardLine {
                board: g.board.get(),
                white_rank: rank(g.white),
                black_rank: rank(g.black),
                white,
                black,
                handicap: g.handicap,
                komi: g.komi,
                jigo: tie == Some(TieRule::Jigo),
                equal: match tie {
                    Some(TieRule::Jigo) => "tie_rule.jigo",
                    Some(TieRule::WhiteWins) => "tie_rule.white_wins",
                    Some(TieRule::BlackWins) => "tie_rule.black_wins",
                    None => "",
                },
                result: results::game_notation(g),
                code: results::entry_code(g.result, g.origin, g.method),
                note_key: note_key(g.result, g.origin),
                adjourned: adjourned
                    .get(&GameRef {
                        round,
                        board: g.board,
                    })
                    .map(ToString::to_string)
                    .unwrap_or_default(),
                nigiri: !g.colours_known,
                found,
                match_game: if matches {
                    game_of_match(g.white, g.black)
                } else {
                    0
                },
                best_of,
            }
        })
        .collect()
}
