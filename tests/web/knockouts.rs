//! Issue 34: a knockout places its players by the bracket round in which
//! they went out (RFG code App. 7 §4): 1, 2, 3–4, 5–8, 9–16, whatever games
//! they won before; a match still being played places nobody by its last
//! game. Played to the end through the pages, with single games and with
//! best-of-3 matches.

use crate::common;

use common::TestApp;
use scraper::Selector;

/// A knockout of `players` created through the form, with matches of
/// `best_of` games, its players registered strongest first.
async fn knockout(app: &TestApp, short: &str, players: usize, best_of: u32) -> reqwest::Client {
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
    let res = app
        .submit(
            &org,
            "/tournaments/new",
            "[data-test=tournament-form]",
            "/tournaments",
            &changes,
        )
        .await;
    assert_eq!(res.status(), 303);
    for k in 0..players {
        let name = format!("Player{k:02}");
        let rank = format!("{}k", k + 1);
        let changes = [
            ("name", name.as_str()),
            ("first_name", "P"),
            ("rank", &rank),
        ];
        let res = app
            .submit(
                &org,
                &format!("/t/{short}/players/new"),
                "[data-test=player-form]",
                &format!("/t/{short}/players"),
                &changes,
            )
            .await;
        assert_eq!(res.status(), 303, "{name}");
    }
    org
}

/// The places in the standings page's first column, best first.
async fn places(app: &TestApp, org: &reqwest::Client, short: &str) -> Vec<String> {
    let (_, page) = app.get_html(org, &format!("/t/{short}/standings")).await;
    let first = Selector::parse("[data-test=standing-row] td:first-child").unwrap();
    page.select(&first)
        .map(|td| td.text().collect::<String>().trim().to_string())
        .collect()
}

/// Pairs the next round and has White win every game, until the knockout
/// is decided; answers the places after each round.
async fn play_out(app: &TestApp, org: &reqwest::Client, short: &str) -> Vec<Vec<String>> {
    let mut after = Vec::new();
    for round in 1.. {
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

/// `n` copies of the label of a place shared by `n`.
fn shared(label: &str, n: usize) -> Vec<String> {
    vec![label.to_string(); n]
}

#[tokio::test]
async fn single_game_knockouts_of_8_and_16_share_the_places_of_each_bracket_round() {
    let app = TestApp::start().await;
    for (short, players) in [("ko8", 8), ("ko16", 16)] {
        let org = knockout(&app, short, players, 1).await;
        let after = play_out(&app, &org, short).await;
        let mut expected = vec!["1".to_string(), "2".to_string()];
        expected.extend(shared("3–4", 2));
        expected.extend(shared("5–8", 4));
        if players == 16 {
            expected.extend(shared("9–16", 8));
        }
        assert_eq!(after.last().unwrap(), &expected, "{short}");
        // After round 1 only the losers of round 1 are placed.
        let mut first = shared(&format!("1–{}", players / 2), players / 2);
        first.extend(shared(
            &format!("{}–{players}", players / 2 + 1),
            players / 2,
        ));
        assert_eq!(after[0], first, "{short} after round 1");
    }
}

#[tokio::test]
async fn a_best_of_three_final_at_one_all_places_neither_finalist_first() {
    let app = TestApp::start().await;
    let org = knockout(&app, "bo3", 8, 3).await;
    let after = play_out(&app, &org, "bo3").await;
    // White wins every game and colours swap every game: every match goes
    // to a third game, so the final stands at 1–1 two rounds from the end.
    let at_one_all = &after[after.len() - 2];
    assert_eq!(&at_one_all[..2], ["1–2", "1–2"], "{at_one_all:?}");
    let mut expected = vec!["1".to_string(), "2".to_string()];
    expected.extend(shared("3–4", 2));
    expected.extend(shared("5–8", 4));
    assert_eq!(after.last().unwrap(), &expected);
}

#[tokio::test]
async fn criteria_are_headed_in_the_readers_language_with_the_code_explained() {
    let app = TestApp::start().await;
    let org = knockout(&app, "heads", 4, 1).await;
    play_out(&app, &org, "heads").await;
    let heads = Selector::parse("[data-test=standings] th abbr").unwrap();
    for (lang, word) in [("en", "STAGE"), ("ru", "Этап"), ("uk", "Етап")] {
        let res = org
            .get(app.url(&format!("/language/{lang}?back=/")))
            .send()
            .await
            .unwrap();
        assert!(res.status().is_success() || res.status().is_redirection());
        let (_, page) = app.get_html(&org, "/t/heads/standings").await;
        let abbr = page.select(&heads).next().expect("a criterion heading");
        let shown = abbr.text().collect::<String>();
        assert_eq!(shown, word, "{lang}");
        let title = abbr.value().attr("title").unwrap_or_default();
        assert!(
            title.contains("App. 7") || title.contains("7 §4"),
            "{title}"
        );
        if lang != "en" {
            assert!(title.starts_with("STAGE: "), "the code explained: {title}");
        }
    }
}
