//! What a person is told around a save: a one-time notice after it, in
//! their language, never served to someone else from the page cache; and a
//! question before a step that cannot be undone.

use crate::common;

use common::{TestApp, text};

async fn add_player(app: &TestApp, org: &reqwest::Client, name: &str) -> reqwest::Response {
    app.register(
        org,
        "autumn",
        &[("name", name), ("first_name", "Anna"), ("rank", "3k")],
    )
    .await
}

#[tokio::test]
async fn a_save_is_announced_once_in_the_readers_language() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let res = app.create_tournament(&org, "autumn", "Autumn Cup").await;
    let (_, page) = app
        .get_html(&org, res.headers()["location"].to_str().unwrap())
        .await;
    assert_eq!(
        text(&page, "[data-test=notice]").as_deref(),
        Some("Tournament created.")
    );
    let res = org
        .get(app.url("/language/ru?back=/t/autumn/players"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 303);
    assert_eq!(add_player(&app, &org, "Ivanova").await.status(), 303);
    let (_, page) = app.get_html(&org, "/t/autumn/players").await;
    let notice = text(&page, "[data-test=notice]").unwrap();
    assert!(notice.starts_with("Игрок сохранён:"), "{notice}");
    assert!(notice.contains("Ivanova"), "{notice}");
    let (_, page) = app.get_html(&org, "/t/autumn/players").await;
    assert_eq!(text(&page, "[data-test=notice]"), None);
}

#[tokio::test]
async fn a_visitors_notice_stays_out_of_the_cached_round_page() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    app.tournament(&org, "autumn")
        .called("Autumn Cup")
        .with(&[("registration_open", "on")])
        .roster(&[("Alpha", "3k"), ("Bravo", "3k")])
        .player_fields(&[("first_name", "Anna")])
        .published_round()
        .await;
    // A visitor registers, and reads the pairings before anyone else.
    let visitor = app.new_client();
    let res = app
        .self_register(
            &visitor,
            "autumn",
            &[("name", "Charlie"), ("first_name", "Self"), ("rank", "10k")],
        )
        .await;
    assert_eq!(res.status(), 303);
    let (_, page) = app.get_html(&visitor, "/t/autumn/rounds/1").await;
    let notice = text(&page, "[data-test=notice]").unwrap();
    assert!(notice.contains("Charlie"), "{notice}");
    let (_, page) = app.get_html(&app.new_client(), "/t/autumn/rounds/1").await;
    assert_eq!(text(&page, "[data-test=notice]"), None);
    let (_, page) = app.get_html(&visitor, "/t/autumn/rounds/1").await;
    assert_eq!(text(&page, "[data-test=notice]"), None, "shown once");
}

/// Follows the link `link` on `page_path` to its confirmation page, checks
/// the question names `named`, and submits the page's form.
async fn confirm(
    app: &TestApp,
    client: &reqwest::Client,
    page_path: &str,
    link: &str,
    named: &str,
) -> reqwest::Response {
    let (_, page) = app.get_html(client, page_path).await;
    let selector = scraper::Selector::parse(link).unwrap();
    let href = page
        .select(&selector)
        .next()
        .and_then(|a| a.value().attr("href"))
        .unwrap_or_else(|| panic!("no {link} on {page_path}"))
        .to_string();
    let (status, question) = app.get_html(client, &href).await;
    assert_eq!(status, 200, "GET {href}");
    let asked = text(&question, "[data-test=confirm-question]").unwrap();
    assert!(asked.contains(named), "{asked}");
    assert!(text(&question, "[data-test=cancel]").is_some());
    app.submit(client, &href, "[data-test=confirm-form]", &href, &[])
        .await
}

#[tokio::test]
async fn deleting_a_player_and_undoing_a_pairing_ask_first() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    app.create_tournament(&org, "autumn", "Autumn Cup").await;
    for name in ["Alpha", "Bravo", "Ivanova"] {
        assert_eq!(add_player(&app, &org, name).await.status(), 303);
    }
    let res = confirm(
        &app,
        &org,
        "/t/autumn/players/3/edit",
        "[data-test=delete]",
        "Ivanova",
    )
    .await;
    assert_eq!(res.status(), 303);
    let (_, page) = app.get_html(&org, "/t/autumn/players").await;
    assert_eq!(
        text(&page, "[data-test=notice]").as_deref(),
        Some("Registration deleted: Ivanova Anna.")
    );
    let rows = page
        .select(&scraper::Selector::parse("[data-test=player-row]").unwrap())
        .map(|row| row.text().collect::<String>())
        .collect::<Vec<_>>();
    assert_eq!(rows.len(), 2);
    assert!(!rows.concat().contains("Ivanova"), "the player is gone");

    app.post_ok(&org, "/t/autumn/rounds/pair", &[]).await;
    let res = confirm(
        &app,
        &org,
        "/t/autumn/rounds/1",
        "[data-test=unpair]",
        "round 1",
    )
    .await;
    assert_eq!(res.status(), 303);
    let (_, page) = app.get_html(&org, "/t/autumn/rounds/1").await;
    assert!(
        text(&page, "[data-test=round-waiting]").is_some(),
        "round 1 is no longer paired: its page waits for it"
    );
    // A round with a result keeps its pairing: refused before the question.
    app.post_ok(&org, "/t/autumn/rounds/pair", &[]).await;
    app.post_ok(&org, "/t/autumn/rounds/1/results", &[("entry", "1 w")])
        .await;
    let (status, page) = app.get_html(&org, "/t/autumn/rounds/1/unpair").await;
    assert_eq!(status, 409);
    assert!(text(&page, "[data-test=confirm-form]").is_none());
}

#[tokio::test]
async fn withdrawing_a_player_and_revoking_a_token_ask_first() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    app.create_tournament(&org, "autumn", "Autumn Cup").await;
    assert_eq!(add_player(&app, &org, "Ivanova").await.status(), 303);
    let res = confirm(
        &app,
        &org,
        "/t/autumn/players",
        "[data-test=withdraw]",
        "Ivanova",
    )
    .await;
    assert_eq!(res.status(), 303);

    app.post_form(&org, "/account/tokens", &[("label", "scoreboard")])
        .await;
    let res = confirm(&app, &org, "/account", "[data-test=revoke]", "scoreboard").await;
    assert_eq!(res.status(), 303);
    let (_, page) = app.get_html(&org, "/account").await;
    assert!(text(&page, "[data-test=revoke]").is_none(), "no token left");
}
