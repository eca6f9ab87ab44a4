//! One player's games in the published rounds, with their GoR preview.

use crate::web::access::Reader;
use askama::Template;
use axum::extract::{Path, State};
use axum::response::Html;
// Repeated fields (the participation boxes) need serde_html_form's decoder.
use super::list::PlayerLine;
use crate::core::discipline::{GameRef, adjourned, effects, struck};
use crate::core::{PlayerId, RoundNo};
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::act_effects::result_words;
use crate::web::error::{WebError, WebResult};
use crate::web::page::{Ctx, Layout, render};
use crate::web::supergroup;

/// One of a player's games as their page lists it.
pub(super) struct GameLine {
    round: u32,
    board: u32,
    colour: String,
    opponent: String,
    opponent_no: u32,
    handicap: u8,
    result: String,
    /// When the game resumes if it is adjourned, else "".
    adjourned: String,
    /// What the game changes in the EGF rating preview, "" when not rated.
    gor: String,
    /// The referees' acts in force that decided the result, in words
    /// ("second warning — the game is lost by Black (…)").
    /// What decided the game, when a referee's act did.
    decided_by: Option<String>,
}

#[derive(Template)]
#[template(path = "players/show.html")]
pub(super) struct PlayerPage {
    layout: Layout,
    tournament: TournamentRow,
    player: PlayerLine,
    games: Vec<GameLine>,
    byes: Vec<u32>,
    gor: crate::web::gor::PlayerBlock,
    /// A pair go or rengo side's members in playing order, with ratings.
    members: Vec<String>,
    /// The rounds still to play that have an official start: "Round 3:
    /// assembly at 09:55; …" (RFG 16.6.1), what a player checks on a phone.
    round_times: Vec<String>,
    /// The rules the games are played under, komi and equal count included.
    rules: String,
}

/// A player's page: their games of every published round, with results.
pub(super) async fn show_player(
    State(_app): State<AppState>,
    ctx: Ctx,
    Reader(opened): Reader,
    Path((_, no)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let is_staff = opened.is_staff();
    let view = opened.view().await?;
    let log = &view.book.log;
    let struck = struck(log, &view.effective);
    let mine: Vec<GameRef> = view
        .effective
        .tournament
        .games()
        .iter()
        .filter(|g| g.colour_of(PlayerId(no)).is_some())
        .map(|g| GameRef {
            round: g.round,
            board: g.board,
        })
        .collect();
    // Acts on this player's games, and acts on no one game (appeal
    // decisions), which may have changed one of them.
    let effects = effects(&view.entered, log, &view.book.settings, |e| {
        log.game_of(e).is_none_or(|g| mine.contains(&g))
    })?;
    let state = view.effective.tournament;
    // The act whose result stands, the last in force that changed the
    // game: a player reads the decision, not the referees' history of it.
    // The effect only: a sanction's reasons stay on the referees' pages.
    let decided_by = |game: GameRef| -> Option<String> {
        log.entries()
            .iter()
            .filter(|e| !struck.contains_key(&e.id))
            .filter_map(|e| effects.get(&e.id).map(|effect| (e, effect)))
            .rfind(|(_, effect)| effect.changes.iter().any(|c| c.game == game))
            .map(|(e, effect)| result_words(&state, ctx.lang, e, effect))
    };
    let adjourned = adjourned(&state, &view.book.log);
    let sight = opened.sight().await?;
    let visible = |round: RoundNo| sight.sees(round);
    let id = PlayerId(no);
    let player = state
        .player(id)
        .filter(|p| is_staff || state.is_public(p))
        .ok_or(WebError::NotFound)?;
    // Everyone who sees the page sees the preview, from the rounds they see.
    let gor = crate::web::gor::PlayerBlock::of(&state, player, visible, ctx.lang);
    let mut games: Vec<GameLine> = state
        .games()
        .iter()
        .filter(|g| visible(g.round))
        .filter_map(|g| {
            let colour = g.colour_of(id)?;
            let opponent = g.opponent_of(id)?;
            let key = match colour {
                crate::core::Colour::White => "round.white",
                crate::core::Colour::Black => "round.black",
            };
            Some(GameLine {
                round: g.round.get(),
                board: g.board.get(),
                colour: ctx.lang.t(key),
                opponent: state
                    .player(opponent)
                    .map(|p| p.full_name())
                    .unwrap_or_default(),
                opponent_no: opponent.0,
                handicap: g.handicap,
                // White's score first, as on the pairing list.
                result: crate::core::results::game_notation(g),
                adjourned: adjourned
                    .get(&GameRef {
                        round: g.round,
                        board: g.board,
                    })
                    .map(ToString::to_string)
                    .unwrap_or_default(),
                gor: gor.game(g.round),
                decided_by: decided_by(GameRef {
                    round: g.round,
                    board: g.board,
                }),
            })
        })
        .collect();
    games.sort_by_key(|g| g.round);
    let played = |round: u32| {
        state.games().iter().any(|g| {
            g.round.get() == round
                && g.colour_of(id).is_some()
                && g.result != crate::core::GameResult::Unknown
        })
    };
    let round_times =
        crate::web::view::round_times(opened.state().await?, view.book.settings.ruleset)
            .iter()
            .filter(|t| !played(t.round))
            .map(|t| t.line(ctx.lang))
            .collect();
    let byes = state
        .byes()
        .iter()
        .filter(|b| b.player == id && visible(b.round))
        .map(|b| b.round.get())
        .collect();
    let rules = crate::web::rule_words::RulesInForce::of(
        state.settings(),
        view.book.settings.ruleset,
        ctx.lang,
    )
    .line(ctx.lang);
    let mut line = PlayerLine::of(player, state.settings());
    if is_staff {
        let bans = supergroup::bans(&opened).await?;
        let bans = supergroup::by_player(&state, &bans);
        line.supergroup_bans = supergroup::warnings(ctx.lang, &state, &view.book, id, &bans);
    }
    render(&PlayerPage {
        layout: Layout::titled(&ctx, &player.full_name())
            .live(&opened.tournament.short_name, opened.tournament.version),
        player: line,
        tournament: opened.tournament.clone(),
        games,
        byes,
        gor,
        members: player
            .members
            .iter()
            .map(|m| format!("{} ({})", m.name, m.rating))
            .collect(),
        round_times,
        rules,
    })
}
