//! A match of best of three between two players, as an organiser sets it up
//! on the tournament form: colours swap, the match ends at 2–0, and the
//! standings show the match before the games.

use crate::common;

use common::{TestApp, text};

#[tokio::test]
async fn a_best_of_three_match_ends_two_nil_and_the_standings_show_it() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let changes = [
        ("name", "Title match"),
        ("system", "round_robin"),
        ("rounds", "3"),
        ("best_of", "3"),
    ];
    app.tournament(&org, "title")
        .with(&changes)
        .roster(&[("Holder", "5d"), ("Challenger", "5d")])
        // The players' form left as it comes, with no first name.
        .player_fields(&[("first_name", "")])
        .await;
    // Game 1: White wins; game 2, colours swapped: Black (the same player) wins.
    let mut whites = Vec::new();
    for (round, code) in [(1, "w"), (2, "b")] {
        app.post_ok(&org, "/t/title/rounds/pair", &[]).await;
        let (_, page) = app
            .get_html(&org, &format!("/t/title/rounds/{round}"))
            .await;
        whites.push(text(&page, "[data-test=board] td.white").unwrap());
        app.post_ok(
            &org,
            &format!("/t/title/rounds/{round}/results"),
            &[("board_1", code)],
        )
        .await;
    }
    assert_ne!(whites[0], whites[1], "colours swap: {whites:?}");
    let third = app.post_form(&org, "/t/title/rounds/pair", &[]).await;
    assert_eq!(third.status(), 409, "decided 2–0: no third game");
    let (_, standings) = app.get_html(&org, "/t/title/standings").await;
    let first = text(&standings, "[data-test=match-row]").unwrap();
    assert!(
        first.contains(whites[0].split_whitespace().next().unwrap()),
        "{first}"
    );
    let score = text(&standings, "[data-test=matches] li").unwrap();
    assert!(score.contains("2–0") || score.contains("0–2"), "{score}");
}
