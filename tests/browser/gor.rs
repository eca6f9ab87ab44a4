//! The EGF rating preview in a played tournament: on the player's page
//! (from the rounds the reader may see) and as the standings' column the
//! organiser turns on.

use crate::common;

use common::{TestApp, text};
use scraper::Selector;

/// An organiser with one round of "gor" played: Alpha (1d, GoR 2000)
/// beat Bravo (1d, GoR 2100) in an even game, under the form's default
/// time (60 min + 15 stones in 5 min: class A). The round is not published.
async fn one_round_played(app: &TestApp) -> reqwest::Client {
    let org = app.organiser("org").await;
    let res = app.create_tournament(&org, "gor", "GoR Cup").await;
    assert_eq!(res.status(), 303);
    for (name, rating) in [("Alpha", "2000"), ("Bravo", "2100")] {
        let changes = [
            ("name", name),
            ("first_name", "Test"),
            ("rank", "1d"),
            ("rating", rating),
        ];
        let res = app.register(&org, "gor", &changes).await;
        assert_eq!(res.status(), 303, "adding {name}");
    }
    app.post_ok(&org, "/t/gor/rounds/pair", &[]).await;
    // Alpha is player 1; whichever colour the pairing gave, Alpha wins.
    let (_, page) = app.get_html(&org, "/t/gor/players/1/games").await;
    let colour = cells(&page, "[data-test=player-game] td")[2].clone();
    let entry = if colour == "White" { "1 w" } else { "1 b" };
    app.post_ok(&org, "/t/gor/rounds/1/results", &[("entry", entry)])
        .await;
    org
}

fn cells(page: &scraper::Html, css: &str) -> Vec<String> {
    page.select(&Selector::parse(css).unwrap())
        .map(|e| e.text().collect::<String>().trim().to_string())
        .collect()
}

async fn show_gor_column(app: &TestApp, org: &reqwest::Client, on: bool) {
    let change = if on {
        ("show_gor_change", "on")
    } else {
        ("-show_gor_change", "")
    };
    let res = app.change_settings(org, "gor", &[change]).await;
    assert_eq!(res.status(), 303, "settings");
}

#[tokio::test]
async fn the_player_page_previews_the_rating_after_the_games_played() {
    let app = TestApp::start().await;
    let org = one_round_played(&app).await;
    let (_, alpha) = app.get_html(&org, "/t/gor/players/1/games").await;
    // 2000 beats 2100: +13.474 (worked out in core::gor's tests) → 2013.
    assert_eq!(
        text(&alpha, "[data-test=gor-line]").as_deref(),
        Some("2000 → 2013 (+13)")
    );
    assert_eq!(cells(&alpha, "[data-test=game-gor]"), ["+13.5"]);
    let note = text(&alpha, "[data-test=gor-preview]").unwrap();
    assert!(note.contains("class A"), "{note}");
    // 2100 − 10.675 → 2089.
    let (_, bravo) = app.get_html(&org, "/t/gor/players/2/games").await;
    assert_eq!(
        text(&bravo, "[data-test=gor-line]").as_deref(),
        Some("2100 → 2089 (−11)")
    );
    assert_eq!(cells(&bravo, "[data-test=game-gor]"), ["−10.7"]);

    // A visitor sees the preview from published rounds only.
    let visitor = app.new_client();
    let (status, before) = app.get_html(&visitor, "/t/gor/players/1/games").await;
    assert_eq!(status, 200);
    assert_eq!(
        text(&before, "[data-test=gor-line]").as_deref(),
        Some("2000 → 2000 (0)")
    );
    app.post_ok(&org, "/t/gor/rounds/1/publish", &[]).await;
    let (_, after) = app.get_html(&visitor, "/t/gor/players/1/games").await;
    assert_eq!(
        text(&after, "[data-test=gor-line]").as_deref(),
        Some("2000 → 2013 (+13)")
    );
}

#[tokio::test]
async fn a_class_x_tournament_says_its_games_are_not_rated() {
    let app = TestApp::start().await;
    let org = one_round_played(&app).await;
    let res = app
        .change_settings(
            &org,
            "gor",
            &[("basic_minutes", "20"), ("overtime", "sudden_death")],
        )
        .await;
    assert_eq!(res.status(), 303, "settings");
    let (_, alpha) = app.get_html(&org, "/t/gor/players/1/games").await;
    assert_eq!(text(&alpha, "[data-test=gor-line]"), None);
    assert!(
        text(&alpha, "[data-test=gor-preview]")
            .unwrap()
            .contains("Class X")
    );
    assert_eq!(cells(&alpha, "[data-test=game-gor]"), [""]);
}

#[tokio::test]
async fn the_standings_show_the_rating_change_only_when_the_organiser_turns_it_on() {
    let app = TestApp::start().await;
    let org = one_round_played(&app).await;
    let (_, off) = app.get_html(&org, "/t/gor/standings").await;
    assert_eq!(text(&off, "[data-test=gor-column]"), None);
    assert!(cells(&off, "[data-test=standing-gor]").is_empty());

    show_gor_column(&app, &org, true).await;
    let (_, settings) = app.get_html(&org, "/t/gor/settings").await;
    let ticked = Selector::parse("[data-test=show-gor-change][checked]").unwrap();
    assert!(
        settings.select(&ticked).next().is_some(),
        "the box stays ticked"
    );
    let (_, on) = app.get_html(&org, "/t/gor/standings").await;
    assert_eq!(text(&on, "[data-test=gor-column]").as_deref(), Some("ΔGoR"));
    // Alpha won and leads.
    assert_eq!(cells(&on, "[data-test=standing-gor]"), ["+13", "−11"]);
    let title = Selector::parse("[data-test=standing-gor]").unwrap();
    let first = on.select(&title).next().unwrap().value().attr("title");
    assert_eq!(first, Some("2000 → 2013 (+13)"));

    show_gor_column(&app, &org, false).await;
    let (_, again) = app.get_html(&org, "/t/gor/standings").await;
    assert!(cells(&again, "[data-test=standing-gor]").is_empty());
}

#[tokio::test]
async fn on_a_phone_the_column_comes_with_all_columns_and_keeps_the_page_narrow() {
    let app = TestApp::start().await;
    let org = one_round_played(&app).await;
    app.post_ok(&org, "/t/gor/rounds/1/publish", &[]).await;
    show_gor_column(&app, &org, true).await;
    let Some(phone) = common::browser::Browser::start(360, 800).await else {
        return;
    };
    phone.goto(&app.url("/t/gor/standings")).await;
    let shown = "return getComputedStyle(document.querySelector('[data-test=gor-column]')).display";
    let display = |v: serde_json::Value| v.as_str().unwrap_or_default().to_string();
    let hidden = phone.client.execute(shown, vec![]).await.unwrap();
    assert_eq!(
        display(hidden),
        "none",
        "hidden like the other extra columns"
    );
    phone.click("#all-columns").await;
    let visible = phone.client.execute(shown, vec![]).await.unwrap();
    assert_eq!(display(visible), "table-cell");
    assert_eq!(
        phone.texts("[data-test=standing-gor]").await,
        ["+13", "−11"]
    );
    assert_eq!(
        phone.overflow().await,
        0,
        "the page is no wider than the phone"
    );
    phone.screenshot("gor-standings-phone").await;
}
