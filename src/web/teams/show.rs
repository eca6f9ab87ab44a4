//! The team standings and the round's matches board by board.

use crate::web::access::Reader;
use askama::Template;
use axum::extract::{Query, State};
use axum::response::Html;

use crate::core::round::{Colour, GameResult, ResultOrigin};
use crate::core::teams::individual::{
    Eligibility, IndividualShare, board_records, individual_standings,
};
use crate::core::teams::matches::{TeamMatch, matches_up_to};
use crate::core::teams::standings::{TeamCriterion, team_standings};
use crate::core::tournament::Tournament;
use crate::desk::TournamentRow;
use crate::web::AppState;
use crate::web::error::{WebError, WebResult};
use crate::web::page::{Ctx, Layout, render};
use crate::web::view::RoundQuery;

/// One team's line of the standings, ready to print.
struct TeamLine {
    place: u32,
    name: String,
    values: Vec<String>,
}

/// One board of a match, the first-listed team's member first.
pub(super) struct BoardLine {
    pub(super) board: usize,
    pub(super) first: String,
    pub(super) second: String,
    /// Whether the first-listed team's member had Black.
    pub(super) first_black: bool,
    /// The two members' points, e.g. "1–0"; "!" marks a result by default.
    pub(super) score: String,
}

/// A match of the chosen round.
pub(super) struct MatchLine {
    pub(super) white: String,
    pub(super) black: String,
    /// Board points, e.g. "2½–½".
    pub(super) score: String,
    pub(super) boards: Vec<BoardLine>,
}

/// One board's individual table.
struct BoardTableLine {
    board: u32,
    /// Place, name, team, points, games, points over games as a fraction.
    rows: Vec<(usize, String, String, String, u32, String)>,
}

#[derive(Template)]
#[template(path = "teams/show.html")]
struct TeamsPage {
    layout: Layout,
    tournament: TournamentRow,
    round: u32,
    rounds: Vec<u32>,
    /// Short name and what it means, per criterion.
    criteria: Vec<(String, String)>,
    lines: Vec<TeamLine>,
    matches: Vec<MatchLine>,
    /// Individual standings board by board (individual-team events).
    individual: Vec<BoardTableLine>,
    /// Who has too few games for an individual place, and the rule.
    unranked: Vec<String>,
    needed: String,
}

pub(super) async fn show_teams(
    State(_app): State<AppState>,
    ctx: Ctx,
    Reader(opened): Reader,
    Query(query): Query<RoundQuery>,
) -> WebResult<Html<String>> {
    let state = opened.view().await?.for_standings();
    if state.teams().is_empty() {
        return Err(WebError::NotFound);
    }
    let last = opened.last_visible_round().await?;
    let tournament = opened.tournament;
    let round = query.round.unwrap_or(last).min(last);
    let criteria = TeamCriterion::of(&state);
    let lines = team_standings(&state, round, &criteria)
        .into_iter()
        .map(|row| TeamLine {
            place: row.place,
            name: state.teams()[row.team].name.clone(),
            values: row.values.iter().map(ToString::to_string).collect(),
        })
        .collect();
    let matches = matches_up_to(&state, round)
        .iter()
        .filter(|m| m.round.get() == round)
        .map(|m| match_line(&state, m))
        .collect();
    let (individual, unranked, needed) = individual_tables(&ctx, &state, round);
    render(&TeamsPage {
        layout: Layout::titled(
            &ctx,
            &format!("{} — {}", tournament.name, ctx.lang.t("teams.title")),
        )
        .live(&tournament.short_name, tournament.version),
        tournament,
        round,
        rounds: (1..=last).collect(),
        criteria: criteria
            .iter()
            .map(|c| {
                let short = c.to_string();
                let (head, meaning) = match c {
                    TeamCriterion::UpperBoardWins(k) => {
                        let boards = [("boards", k.to_string())];
                        (
                            ctx.lang.tf("teams.head.upper", &boards),
                            ctx.lang.tf("teams.criterion.upper", &boards),
                        )
                    }
                    _ => (
                        ctx.lang.t(&format!("teams.head.{short}")),
                        ctx.lang.t(&format!("teams.criterion.{short}")),
                    ),
                };
                crate::web::rule_words::headed(&short, head, meaning)
            })
            .collect(),
        lines,
        matches,
        individual,
        unranked,
        needed,
    })
}

/// The individual standings after `round`, board by board (RFG App. 4 §2.3),
/// the players short of the minimum, and the minimum in words.
fn individual_tables(
    ctx: &Ctx,
    t: &Tournament,
    round: u32,
) -> (Vec<BoardTableLine>, Vec<String>, String) {
    let share = t.settings().teams.individual_share;
    let eligibility = Eligibility::of(share, round);
    let standings = individual_standings(&board_records(t, round), &eligibility);
    let name = |id| {
        t.player(id)
            .map(|p| p.full_name().trim().to_string())
            .unwrap_or_default()
    };
    let team = |id| {
        t.team_of(id)
            .map(|team| team.name.clone())
            .unwrap_or_default()
    };
    let tables = standings
        .boards
        .iter()
        .map(|table| BoardTableLine {
            board: table.board.get(),
            rows: table
                .rows
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    let fraction = points_share(r.points.halves(), r.played);
                    (
                        i + 1,
                        name(r.player),
                        team(r.player),
                        r.points.to_string(),
                        r.played,
                        fraction,
                    )
                })
                .collect(),
        })
        .collect();
    let unranked = standings
        .ineligible
        .iter()
        .map(|i| format!("{} ({}/{})", name(i.player), i.played, i.needed))
        .collect();
    let key = match share {
        IndividualShare::TwoThirds => "teams.individual.two_thirds",
        IndividualShare::Half => "teams.individual.half",
    };
    let needed = ctx.lang.tf(
        key,
        &[
            ("needed", eligibility.games_needed().to_string()),
            ("rounds", round.to_string()),
        ],
    );
    (tables, unranked, needed)
}

pub(super) fn match_line(t: &Tournament, m: &TeamMatch) -> MatchLine {
    let name = |id| {
        t.player(id)
            .map(|p| p.full_name().trim().to_string())
            .unwrap_or_default()
    };
    let boards = m
        .members
        .iter()
        .take(t.settings().teams.team_size as usize)
        .enumerate()
        .filter_map(|(board, seats)| {
            let (first, _) = (*seats)?;
            let game = t
                .games()
                .iter()
                .find(|g| g.round == m.round && g.colour_of(first).is_some())?;
            // The member's own opponent: the other team's member on the same
            // board, except in a Scheveningen match (Ukrainian rules II.7).
            let second = game.opponent_of(first)?;
            let forfeit = match game.origin {
                ResultOrigin::ByDefault => "!",
                _ => "",
            };
            let known = game.result != GameResult::Unknown;
            Some(BoardLine {
                board: board + 1,
                first: name(first),
                second: name(second),
                first_black: game.colour_of(first) == Some(Colour::Black),
                score: if known {
                    format!(
                        "{}–{}{forfeit}",
                        game.points_of(first),
                        game.points_of(second)
                    )
                } else {
                    String::new()
                },
            })
        })
        .collect();
    MatchLine {
        white: t.teams()[m.white].name.clone(),
        black: t.teams()[m.black].name.clone(),
        score: format!("{}–{}", m.board_points(m.white), m.board_points(m.black)),
        boards,
    }
}

/// Points over games played as a fraction in lowest terms, "2/3", "1½" of
/// 2 as "3/4", whole numbers whole: a share a truncated per cent (66%)
/// would misstate.
fn points_share(halves: i32, played: u32) -> String {
    let (mut a, mut b) = (halves.max(0) as u32, 2 * played.max(1));
    let gcd = {
        let (mut x, mut y) = (a, b);
        while y != 0 {
            (x, y) = (y, x % y);
        }
        x.max(1)
    };
    (a, b) = (a / gcd, b / gcd);
    if b == 1 {
        a.to_string()
    } else {
        format!("{a}/{b}")
    }
}

#[cfg(test)]
mod share_tests {
    #[test]
    fn a_share_is_a_fraction_in_lowest_terms() {
        assert_eq!(super::points_share(4, 3), "2/3");
        assert_eq!(super::points_share(3, 2), "3/4");
        assert_eq!(super::points_share(6, 3), "1");
        assert_eq!(super::points_share(0, 3), "0");
    }
}
