//! The rounds list as everyone reads it, with the programme of the
//! rounds' official starts.

use crate::core::access::Action;
use crate::core::{GameResult, RoundNo};
use crate::desk::TournamentRow;
use crate::web::access::Reader;
use crate::web::error::{WebError, WebResult};
use crate::web::page::{Ctx, Layout, render};
use crate::web::view::round_times;
use askama::Template;

/// One round in the list.
pub(super) struct RoundLine {
    number: u32,
    /// "8 boards", in the reader's plural form.
    boards: String,
    published: bool,
    locked: bool,
    /// "3 results missing", or "" when none is.
    results_missing: String,
}

#[derive(Template)]
#[template(path = "rounds/index.html")]
pub(super) struct RoundsPage {
    layout: Layout,
    tournament: TournamentRow,
    rounds: Vec<RoundLine>,
    next_round: Option<u32>,
    can_pair: bool,
    /// Why the next round cannot be paired, said before the click: a
    /// knockout decided or waiting for results ("" when it can be).
    cannot_pair: String,
    /// The programme: each round's start and assembly in words, with the
    /// start as the organiser's form shows it ("" when none).
    schedule: Vec<ScheduleLine>,
    /// The reader sets the rounds' official starts.
    can_schedule: bool,
    /// The rule text fixes an assembly before the start (the RFG Code).
    has_assembly: bool,
}

/// One round of the programme.
pub(super) struct ScheduleLine {
    round: u32,
    start: String,
    /// "Round 2: assembly at 09:55; the round starts at …", "" when unset.
    words: String,
}

pub(super) async fn list_rounds(
    ctx: Ctx,
    Reader(opened): Reader,
) -> WebResult<axum::response::Response> {
    let tournament = opened.tournament.clone();
    let tournament_id = tournament.tournament_id;
    let view = opened.view().await?;
    let ruleset = view.book.settings.ruleset;
    let state = view.effective.tournament;
    let marks = opened.state().await?;
    let sight = opened.sight().await?;
    let can_pair = opened.may(Action::EditPairings).await?;
    let can_schedule = opened.may(Action::EditSettings).await?;
    let times = round_times(marks, ruleset);
    let schedule = (1..=state.settings().number_of_rounds)
        .filter_map(|round| {
            let time = times.iter().find(|t| t.round == round);
            (can_schedule || time.is_some()).then(|| ScheduleLine {
                round,
                start: time.map(|t| t.start.to_string()).unwrap_or_default(),
                // The organiser's form shows the start: only an assembly is
                // news beside it.
                words: time
                    .filter(|t| !can_schedule || t.assembly.is_some())
                    .map(|t| t.line(ctx.lang))
                    .unwrap_or_default(),
            })
        })
        .collect();
    let rounds = (1..=state.settings().number_of_rounds)
        .filter_map(RoundNo::new)
        .filter(|r| state.is_paired(*r))
        .map(|r| {
            let games: Vec<_> = state.games().iter().filter(|g| g.round == r).collect();
            let s = marks.mark(r);
            let missing = games
                .iter()
                .filter(|g| g.result == GameResult::Unknown)
                .count() as u64;
            RoundLine {
                number: r.get(),
                boards: ctx.lang.plural("count.boards", games.len() as u64),
                published: s.published.is_some(),
                locked: s.locked.is_some(),
                results_missing: if missing > 0 {
                    ctx.lang.plural("round.results_missing", missing)
                } else {
                    String::new()
                },
            }
        })
        .filter(|line| RoundNo::new(line.number).is_some_and(|r| sight.sees(r)))
        .collect();
    // A knockout's next round is cheap to try: the button says beforehand
    // what pairing would refuse, instead of leading to an error page.
    let next_round = state.next_round();
    let cannot_pair = match next_round {
        Some(next) if can_pair && state.settings().system == crate::core::System::Knockout => {
            match crate::core::pairing::pair_round(&state, next) {
                Err(e) => {
                    let e = WebError::Pairing(e);
                    ctx.lang.tf(e.message_key(), &e.message_args())
                }
                Ok(_) => String::new(),
            }
        }
        _ => String::new(),
    };
    let html = render(&RoundsPage {
        // Players wait here for the next round: it appears when published.
        layout: Layout::titled(&ctx, &tournament.name)
            .live(&tournament.short_name, tournament.version),
        next_round: next_round.map(RoundNo::get),
        tournament,
        rounds,
        can_pair,
        cannot_pair,
        schedule,
        can_schedule,
        has_assembly: crate::core::schedule::assembly_minutes(ruleset).is_some(),
    })?;
    Ok(crate::web::page_cache::cacheable(tournament_id, html))
}
