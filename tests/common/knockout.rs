//! A knockout run through the pages, as an organiser runs one: created on
//! the form, players registered strongest first, each round paired and its
//! results entered, White winning every game.

use super::TestApp;
use scraper::Selector;

/// A knockout of `players` created through the form, with matches of
/// `best_of` games, its players registered strongest first.
pub async fn knockout(app: &TestApp, short: &str, players: usize, best_of: u32) -> reqwest::Client {
    app.account(short, false, true).await;
    let org = app.new_client();
    app.log_in(&org, short).await;
    let best_of = best_of.to_string();
    let changes = [
        ("name", short),
        ("short_name", short),
        ("system", "knockout"),
        ("rounds", "20"),
        ("best_of", best_of.as_str()),
    ];
    let res = app.create_tournament_with(&org, &changes).await;
    assert_eq!(res.status(), 303);
    for k in 0..players {
        let name = format!("Player{k:02}");
        let rank = format!("{}k", k + 1);
        let changes = [
            ("name", name.as_str()),
            ("first_name", "P"),
            ("rank", &rank),
        ];
        let res = app.register(&org, short, &changes).await;
        assert_eq!(res.status(), 303, "{name}");
    }
    org
}

/// The places in the standings page's first column, best first.
pub async fn places(app: &TestApp, org: &reqwest::Client, short: &str) -> Vec<String> {
    let (_, page) = app.get_html(org, &format!("/t/{short}/standings")).await;
    let first = Selector::parse("[data-test=standing-row] td:first-child").unwrap();
    page.select(&first)
        .map(|td| td.text().collect::<String>().trim().to_string())
        .collect()
}

/// Pairs the next round and has White win every game, until the knockout
/// is decided; answers the places after each round.
pub async fn play_out(app: &TestApp, org: &reqwest::Client, short: &str) -> Vec<Vec<String>> {
    play(app, org, short, 20).await
}

/// [`play_out`], `rounds` rounds at most.
pub async fn play(
    app: &TestApp,
    org: &reqwest::Client,
    short: &str,
    rounds: u32,
) -> Vec<Vec<String>> {
    let mut after = Vec::new();
    for round in 1..=rounds {
        let res = app
            .post_form(org, &format!("/t/{short}/rounds/pair"), &[])
            .await;
        if res.status() == 409 {
            break;
        }
        assert_eq!(res.status(), 303, "pairing round {round}");
        let (_, page) = app
            .get_html(org, &format!("/t/{short}/rounds/{round}"))
            .await;
        let boards = page
            .select(&Selector::parse("[data-test=board]").unwrap())
            .count();
        let fields: Vec<(String, &str)> =
            (1..=boards).map(|b| (format!("board_{b}"), "w")).collect();
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        let res = app
            .post_form(org, &format!("/t/{short}/rounds/{round}/results"), &fields)
            .await;
        assert_eq!(res.status(), 303, "results of round {round}");
        after.push(places(app, org, short).await);
        assert!(round < 20, "the knockout never ended");
    }
    after
}
