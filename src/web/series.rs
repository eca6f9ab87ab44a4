//! A series of tournaments with accumulated points (RFG code 18.2, App. 9
//! §1.3), for anyone: the tournaments and the points per place are in the
//! address, so a federation links its series without anything stored.
//!
//! | route | handler |
//! |---|---|
//! | `GET /series?t=<short>&t=<short>&points=10,8,6` | [`show_series`] |

use askama::Template;
use axum::Router;
use axum::extract::State;
use axum::response::Html;
use axum::routing::get;
// Repeated fields (one `t` per tournament) need serde_html_form's decoder.
use axum_extra::extract::Query;
use serde::Deserialize;

use super::AppState;
use super::error::WebResult;
use super::page::{Ctx, Layout, render};
use crate::core::events::series_table::{SeriesEvent, series_table};
use crate::core::{PlayerId, Tournament};

pub(super) fn routes() -> Router<AppState> {
    Router::new().route("/series", get(show_series))
}

/// A points table most series start from; the regulations set their own.
const SUGGESTED_POINTS: &str = "10, 8, 6, 5, 4, 3, 2, 1";

#[derive(Debug, Default, Deserialize)]
struct SeriesQuery {
    #[serde(default)]
    t: Vec<String>,
    points: Option<String>,
}

/// A line of the table, ready to print.
struct Line {
    place: usize,
    name: String,
    total: String,
    per_tournament: Vec<String>,
}

#[derive(Template)]
#[template(path = "series/show.html")]
struct SeriesPage {
    layout: Layout,
    /// Short name, name, chosen: every public tournament.
    offered: Vec<(String, String, bool)>,
    points: String,
    /// The chosen tournaments' names, in series order.
    columns: Vec<String>,
    lines: Vec<Line>,
    error: String,
}

/// Whole points per place, best first; `None` when the text is not that.
fn parse_points(text: &str) -> Option<Vec<i64>> {
    let points: Option<Vec<i64>> = text
        .split([',', ' ', ';'])
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().ok().filter(|p: &i64| (0..=10_000).contains(p)))
        .collect();
    points.filter(|p| !p.is_empty())
}

/// One tournament of the series as a visitor reads it.
struct Played {
    standings: Tournament,
    rounds: u32,
    reductions: Vec<(PlayerId, u32)>,
}

async fn show_series(
    State(app): State<AppState>,
    ctx: Ctx,
    Query(query): Query<SeriesQuery>,
) -> WebResult<Html<String>> {
    // Only public tournaments: a series page is for anyone.
    let public: Vec<_> = app
        .desk
        .visible(&app.store.pool, None)
        .await?
        .into_iter()
        .filter(|r| r.is_public)
        .collect();
    let points_text = query
        .points
        .clone()
        .unwrap_or_else(|| SUGGESTED_POINTS.to_string());
    let mut page = SeriesPage {
        layout: Layout::new(&ctx, "series.title"),
        offered: public
            .iter()
            .map(|r| {
                (
                    r.short_name.clone(),
                    r.name.clone(),
                    query.t.contains(&r.short_name),
                )
            })
            .collect(),
        points: points_text.clone(),
        columns: Vec::new(),
        lines: Vec::new(),
        error: String::new(),
    };
    // Each tournament once, in the order given.
    let mut chosen: Vec<&crate::desk::TournamentRow> = Vec::new();
    for short in &query.t {
        if let Some(row) = public.iter().find(|r| &r.short_name == short)
            && !chosen.iter().any(|c| c.short_name == row.short_name)
        {
            chosen.push(row);
        }
    }
    if chosen.is_empty() {
        return render(&page);
    }
    let Some(points) = parse_points(&points_text) else {
        page.error = ctx.lang.t("series.bad_points");
        return render(&page);
    };
    // As a visitor reads each tournament's standings: published rounds only.
    let mut played: Vec<Played> = Vec::new();
    for row in &chosen {
        let opened = app.desk.open_row(&app.store.pool, (*row).clone())?;
        let view = opened.view().await?;
        let reductions = view.book.qualification_reductions();
        let standings = view.for_standings();
        let rounds = opened.last_visible_round().await?;
        played.push(Played {
            standings,
            rounds,
            reductions,
        });
    }
    let refs: Vec<SeriesEvent> = played
        .iter()
        .map(|p| SeriesEvent {
            tournament: &p.standings,
            rounds: p.rounds,
            reductions: &p.reductions,
        })
        .collect();
    page.columns = chosen.iter().map(|r| r.name.clone()).collect();
    page.lines = series_table(&refs, &points)
        .into_iter()
        .map(|row| Line {
            place: row.place,
            name: row.player.full_name().trim().to_string(),
            total: row.total.to_string(),
            per_tournament: row
                .per_tournament
                .iter()
                .map(|p| p.map(|p| p.to_string()).unwrap_or_else(|| "—".into()))
                .collect(),
        })
        .collect();
    render(&page)
}

#[cfg(test)]
mod tests {
    use super::parse_points;

    #[test]
    fn points_are_whole_numbers_separated_by_commas_or_spaces() {
        assert_eq!(parse_points("10, 8 6;5"), Some(vec![10, 8, 6, 5]));
        assert_eq!(parse_points("10, eight"), None);
        assert_eq!(parse_points(" "), None);
    }
}
