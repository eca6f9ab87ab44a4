//! Issue 34: a knockout places its players by the bracket round in which
//! they went out (RFG code App. 7 §4): 1, 2, 3–4, 5–8, 9–16, whatever games
//! they won before; a match still being played places nobody by its last
//! game. Played to the end through the pages and through the API alone,
//! with single games and with best-of-3 matches.

use crate::common;

use common::TestApp;
use common::knockout::{knockout, play, play_out};
use scraper::Selector;
use serde_json::json;

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
        // The pairing button says the knockout is decided before a click.
        let (_, rounds) = app.get_html(&org, &format!("/t/{short}/rounds")).await;
        let said = common::text(&rounds, "[data-test=cannot-pair]").expect("said");
        assert!(said.contains("decided"), "{said}");
        assert!(common::text(&rounds, "[data-test=pair-next]").is_none());
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

#[tokio::test]
async fn the_bracket_page_shows_each_ties_score_and_games_and_who_waits() {
    let app = TestApp::start().await;
    let org = knockout(&app, "br", 4, 3).await;
    // Semi-finals: 1–0, 1–1, then the deciders; the final's first two
    // games leave it at 1–1.
    play(&app, &org, "br", 5).await;
    for path in ["/t/br/standings", "/t/br/bracket"] {
        let (status, _) = app.get_html(&app.new_client(), path).await;
        assert_eq!(status, 200, "{path}");
    }
    let (_, standings) = app.get_html(&org, "/t/br/standings").await;
    assert!(common::text(&standings, "[data-test=bracket-link]").is_some());
    let (_, page) = app.get_html(&org, "/t/br/bracket").await;
    let rounds = Selector::parse("[data-test=bracket-round]").unwrap();
    let rounds: Vec<_> = page.select(&rounds).collect();
    assert_eq!(rounds.len(), 2, "semi-finals and the final");
    let games = Selector::parse("[data-test=tie-game]").unwrap();
    let states = Selector::parse("[data-test=tie-state]").unwrap();
    let won = Selector::parse("[data-test=won]").unwrap();
    let final_games: Vec<String> = rounds[1]
        .select(&games)
        .map(|g| g.text().collect())
        .collect();
    assert_eq!(final_games.len(), 2, "{final_games:?}");
    assert!(final_games[1].contains("Game 2 of 3"), "{final_games:?}");
    let final_state: String = rounds[1].select(&states).next().unwrap().text().collect();
    assert_eq!(final_state, "Being played");
    let score: Vec<String> = rounds[1].select(&won).map(|w| w.text().collect()).collect();
    assert_eq!(score, ["1", "1"]);
    let semi_states: Vec<String> = rounds[0]
        .select(&states)
        .map(|s| s.text().collect())
        .collect();
    assert_eq!(semi_states, ["Decided", "Decided"]);
    // The round page says which game of the match each board plays.
    let (_, round) = app.get_html(&org, "/t/br/rounds/5").await;
    let game = common::text(&round, "[data-test=match-game]").expect("game of the match");
    assert_eq!(game, "2/3");
}

#[tokio::test]
async fn when_two_losses_eliminate_the_round_page_names_who_rests() {
    let app = TestApp::start().await;
    let org = knockout(&app, "two", 4, 1).await;
    let res = app
        .change_settings(&org, "two", &[("two_losses", "on")])
        .await;
    assert_eq!(res.status(), 303);
    // White wins every game: after two rounds one player is unbeaten, two
    // have one loss and one has two; the unbeaten one rests in round 3.
    play(&app, &org, "two", 2).await;
    app.post_ok(&org, "/t/two/rounds/pair", &[]).await;
    let (_, page) = app.get_html(&org, "/t/two/rounds/3").await;
    let resting = common::text(&page, "[data-test=resting]").expect("who rests is said");
    let boards = Selector::parse("[data-test=board]").unwrap();
    assert_eq!(page.select(&boards).count(), 1);
    let names: Vec<&str> = ["Player00", "Player01", "Player02", "Player03"]
        .into_iter()
        .filter(|n| resting.contains(n))
        .collect();
    assert_eq!(names.len(), 1, "{resting}");
    // The standings carry each player's losses.
    let (_, standings) = app.get_html(&org, "/t/two/standings").await;
    let cells = Selector::parse("[data-test=standing-losses]").unwrap();
    let mut losses: Vec<String> = standings
        .select(&cells)
        .map(|c| c.text().collect())
        .collect();
    losses.sort();
    assert_eq!(losses, ["0", "1", "1", "2"]);
}

/// A knockout run by a program through the API alone, as `play_out` runs
/// one through the pages: the places the API gives are the same.
async fn knockout_by_api(app: &TestApp, short: &str, players: usize, best_of: u32) -> Vec<i64> {
    app.account(short, false, true).await;
    let api = app.api_for(short).await;
    let made = json!({ "name": short, "short_name": short, "system": "Knockout", "rounds": 20 });
    let api = api.create(made).await;
    let (status, answer) = api
        .change_settings(|body| body["settings"]["best_of"] = json!(best_of))
        .await;
    assert_eq!(status, 200, "{answer}");
    for k in 0..players {
        let player = json!({ "name": format!("Player{k:02}"), "first_name": "P",
            "rank": format!("{}k", k + 1) });
        let (status, answer) = api.register(player).await;
        assert_eq!(status, 201, "{answer}");
    }
    for round in 1..=20 {
        let (status, answer) = api.write("POST", "/rounds", json!({})).await;
        if status == 409 {
            assert_eq!(answer["error"], "error.knockout_finished", "{answer}");
            break;
        }
        assert_eq!(status, 201, "round {round}: {answer}");
        let games = api.read(&format!("/rounds/{round}")).await["games"]
            .as_array()
            .unwrap()
            .len();
        let results: Vec<_> = (1..=games)
            .map(|b| json!({ "board": b, "result": "w" }))
            .collect();
        let path = format!("/rounds/{round}/results");
        let (status, answer) = api
            .write("POST", &path, json!({ "results": results }))
            .await;
        assert_eq!(status, 200, "results of round {round}: {answer}");
        assert!(round < 20, "the knockout never ended");
    }
    let standings = api.read("/standings").await;
    assert_eq!(standings["criteria"], json!(["STAGE"]));
    let rows = standings["rows"].as_array().unwrap();
    rows.iter().map(|r| r["place"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn knockouts_of_8_and_16_run_through_the_api_alone_place_as_the_pages_do() {
    let app = TestApp::start().await;
    let events = [
        ("api8", 8, 1),
        ("api16", 16, 1),
        ("api8bo3", 8, 3),
        ("api16bo3", 16, 3),
    ];
    for (short, players, best_of) in events {
        let places = knockout_by_api(&app, short, players, best_of).await;
        let mut expected = vec![1, 2, 3, 3, 5, 5, 5, 5];
        if players == 16 {
            expected.extend([9; 8]);
        }
        assert_eq!(places, expected, "{short}");
    }
}

#[tokio::test]
async fn a_best_of_three_knockout_of_16_played_through_the_pages_shares_each_bracket_rounds_place()
{
    let app = TestApp::start().await;
    let org = knockout(&app, "bo3x16", 16, 3).await;
    let after = play_out(&app, &org, "bo3x16").await;
    // Four bracket rounds of three games each (White wins, colours swap).
    assert_eq!(after.len(), 12);
    let mut expected = vec!["1".to_string(), "2".to_string()];
    expected.extend(shared("3–4", 2));
    expected.extend(shared("5–8", 4));
    expected.extend(shared("9–16", 8));
    assert_eq!(after.last().unwrap(), &expected);
}
