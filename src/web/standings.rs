//! Standings and the crosstable after any round, with the tournament's
//! placement criteria and shared places.
//!
//! | route | handler |
//! |---|---|
//! | `GET /t/{short}/standings?round=N` | [`show_standings`] |
//! | `GET /t/{short}/crosstable?round=N` | [`show_crosstable`] |

use crate::web::access::{Reader, Reading};
use askama::Template;
use axum::Router;
use axum::extract::Query;
use axum::response::Response;
use axum::routing::get;

use super::AppState;
use super::error::WebResult;
use super::page::{Ctx, Layout, render};
use super::rule_words::named;
use super::view::RoundQuery;
use crate::core::admission::age_group_standings;
use crate::core::formats::{crosstable, standings_tsv};
use crate::core::standings::standings;
use crate::desk::TournamentRow;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/t/{short}/standings", get(show_standings))
        .route("/t/{short}/crosstable", get(show_crosstable))
}

/// One line of the table, ready to print.
struct StandingLine {
    /// "3", or "3–4" for a place two players share.
    place: String,
    no: u32,
    name: String,
    rank: String,
    values: Vec<String>,
    cells: Vec<String>,
    /// The EGF rating change so far ("+10") and its "2000 → 2010 (+10)".
    gor: (String, String),
    /// Games lost so far, where two losses eliminate (Ukrainian rules II.4).
    losses: u32,
}

#[derive(Template)]
#[template(path = "standings/show.html")]
struct StandingsPage {
    layout: Layout,
    tournament: TournamentRow,
    round: u32,
    rounds: Vec<u32>,
    criteria: Vec<(String, String)>,
    lines: Vec<StandingLine>,
    crosstable: bool,
    /// Whether the organiser shows the EGF rating change column.
    show_gor: bool,
    /// Two losses eliminate: the table carries each player's losses.
    show_losses: bool,
    /// Open appeals that can change prizes (GTR, RFG 26.4 ж), e.g. "#1, #3".
    pending_appeals: String,
    /// The reader may download the federations' results files.
    may_export: bool,
    /// A team event: the team standings are a link away.
    has_teams: bool,
    /// A knockout: its bracket is a link away.
    knockout: bool,
    /// The viewer may make the final stage from these standings.
    may_stage: bool,
    /// A match-tournament (best of N): its table by matches won.
    match_rows: Vec<MatchLine>,
    /// Each match so far: "Ann 2–0 Bob", and whether it is decided.
    matches: Vec<(String, bool)>,
    /// The age groups' names (RFG 19), and the one shown, if any.
    groups: Vec<String>,
    group: Option<usize>,
    /// The criteria count play-off games (Ukrainian rules III.3.5).
    play_offs: bool,
    /// After the last round: who verified the final list and declared the
    /// winners (EGF GTR "Officials", "EGF rules commission").
    closing: Option<super::closing::Closing>,
}

/// Which age group's standings to show; all players when absent.
#[derive(serde::Deserialize, Default)]
struct GroupQuery {
    group: Option<usize>,
}

/// A line of a match-tournament's table.
struct MatchLine {
    place: usize,
    name: String,
    match_points: String,
    game_points: String,
}

/// The match table, and each match in words with whether it is decided.
type MatchViews = (Vec<MatchLine>, Vec<(String, bool)>);

/// The match table and the matches of a best-of-N round robin after `round`
/// (RFG code App. 7 §5): empty for any other tournament.
fn match_views(t: &crate::core::Tournament, round: u32) -> MatchViews {
    use crate::core::events::series::{SeriesState, match_tournament_table};
    if t.settings().system != crate::core::System::RoundRobin || t.settings().best_of < 2 {
        return (Vec::new(), Vec::new());
    }
    // A table the results cannot give yet (a corrected result left a
    // meeting open) is left out rather than the standings refused.
    let Ok(series) = crate::core::pairing::match_round::matches_up_to(t, round) else {
        return (Vec::new(), Vec::new());
    };
    let name = |id| {
        t.player(id)
            .map(|p: &crate::core::Player| p.full_name().trim().to_string())
            .unwrap_or_default()
    };
    let players: Vec<_> = t.players().iter().map(|p| p.id).collect();
    let rows = match_tournament_table(&players, &series)
        .into_iter()
        .map(|r| MatchLine {
            place: r.place,
            name: name(r.player),
            match_points: r.match_points.to_string(),
            game_points: r.game_points.to_string(),
        })
        .collect();
    let matches = series
        .iter()
        .map(|s| {
            let (a, b) = s.players();
            let score = s.score();
            let over = !matches!(s.state(), SeriesState::Continue { .. });
            (
                format!("{} {}–{} {}", name(a), score.first, score.second, name(b)),
                over,
            )
        })
        .collect();
    (rows, matches)
}

async fn page(
    ctx: Ctx,
    opened: Reading,
    query: RoundQuery,
    group: Option<usize>,
    crosstable: bool,
) -> WebResult<Response> {
    let tournament = opened.tournament.clone();
    let tournament_id = tournament.tournament_id;
    let may_export = opened
        .may(crate::core::access::Action::EditSettings)
        .await?;
    let view = opened.view().await?;
    let pending_appeals = crate::core::discipline::listed(&view.book.pending_prize_appeals());
    let closing = super::closing::closing(&view, ctx.lang, &tournament.time_zone);
    let state = view.for_standings();
    let last = opened.last_visible_round().await?;
    let round = query.round.unwrap_or(last).min(last);
    // Rated from the games as played: a game annulled for the standings was
    // still played.
    let gor = if crosstable {
        None
    } else {
        super::gor::Column::of(&view.effective.tournament, |r| r.get() <= round)
    };
    let criteria = state.settings().placement.clone();
    let groups = &state.settings().admission.age_groups;
    // A crosstable names opponents by their place in the whole table, so
    // only the standings are shown per age group.
    let group = group.filter(|g| *g < groups.len() && !crosstable);
    let table = match group {
        Some(g) => age_group_standings(&state, &standings(&state, round, &criteria), &groups[g]),
        None => standings(&state, round, &criteria),
    };
    let cells = if crosstable {
        let bye = ctx.lang.t("standings.bye");
        crosstable::table(&state, &table)
            .into_iter()
            .map(|row| {
                row.into_iter()
                    .map(|c| if c == crosstable::BYE { bye.clone() } else { c })
                    .collect()
            })
            .collect()
    } else {
        vec![Vec::new(); table.rows.len()]
    };
    let mut sharing = std::collections::HashMap::<u32, u32>::new();
    for row in &table.rows {
        *sharing.entry(row.place).or_default() += 1;
    }
    let knockout = state.settings().system == crate::core::settings::System::Knockout;
    let losses = crate::core::RoundNo::new(round)
        .filter(|_| knockout)
        .and_then(|r| crate::core::pairing::knockout_round::losses(&state, r));
    let lines = table
        .rows
        .iter()
        .zip(cells)
        .filter_map(|(row, cells)| {
            let p = state.player(row.player)?;
            Some(StandingLine {
                place: crate::core::prizes::Places {
                    first: row.place,
                    last: row.place + sharing[&row.place] - 1,
                }
                .to_string(),
                no: p.id.0,
                name: p.full_name(),
                rank: p.rank.to_string(),
                values: criteria
                    .iter()
                    .zip(&row.values)
                    .map(|(c, v)| standings_tsv::shown(*c, *v))
                    .collect(),
                cells,
                gor: gor.as_ref().map(|c| c.cell(p.id)).unwrap_or_default(),
                losses: (losses.as_ref())
                    .and_then(|l| l.get(&p.id))
                    .map_or(0, |&n| u32::from(n)),
            })
        })
        .collect();
    let (match_rows, matches) = match_views(&state, round);
    let title = if crosstable {
        "crosstable.title"
    } else {
        "standings.title"
    };
    // A printed table has no links: the group shown is in its title.
    let title = match group {
        Some(g) => format!("{} — {}", ctx.lang.t(title), groups[g].name),
        None => ctx.lang.t(title),
    };
    let html = render(&StandingsPage {
        layout: Layout::titled(&ctx, &format!("{} — {}", tournament.name, title))
            .live(&tournament.short_name, tournament.version),
        tournament,
        round,
        rounds: (1..=last).collect(),
        criteria: named(ctx.lang, &criteria),
        lines,
        crosstable,
        show_gor: gor.is_some(),
        show_losses: losses.is_some(),
        pending_appeals,
        may_export,
        has_teams: !state.teams().is_empty(),
        knockout: state.settings().system == crate::core::settings::System::Knockout,
        may_stage: may_export,
        match_rows,
        matches,
        groups: groups.iter().map(|g| g.name.clone()).collect(),
        group,
        play_offs: criteria.contains(&crate::core::standings::Criterion::PlayOff),
        closing: (closing.is_final && round == last).then_some(closing),
    })?;
    Ok(crate::web::page_cache::cacheable(tournament_id, html))
}

async fn show_standings(
    ctx: Ctx,
    Reader(opened): Reader,
    Query(query): Query<RoundQuery>,
    Query(group): Query<GroupQuery>,
) -> WebResult<Response> {
    page(ctx, opened, query, group.group, false).await
}

async fn show_crosstable(
    ctx: Ctx,
    Reader(opened): Reader,
    Query(query): Query<RoundQuery>,
) -> WebResult<Response> {
    page(ctx, opened, query, None, true).await
}
