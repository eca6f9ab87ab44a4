//! What a person is told after a save: a one-time notice, in their
//! language, never served to someone else from the page cache.

mod common;

use common::{TestApp, text};

async fn organiser(app: &TestApp) -> reqwest::Client {
    app.account("org", false, true).await;
    let org = app.new_client();
    app.log_in(&org, "org").await;
    org
}

async fn add_player(app: &TestApp, org: &reqwest::Client, name: &str) -> reqwest::Response {
    app.submit(
        org,
        "/t/autumn/players/new",
        "[data-test=player-form]",
        "/t/autumn/players",
        &[("name", name), ("first_name", "Anna"), ("rank", "3k")],
    )
    .await
}

#[tokio::test]
async fn a_save_is_announced_once_in_the_readers_language() {
    let app = TestApp::start().await;
    let org = organiser(&app).await;
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
    let org = organiser(&app).await;
    let changes = [
        ("name", "Autumn Cup"),
        ("short_name", "autumn"),
        ("time_zone", "Europe/Kyiv"),
        ("registration_open", "on"),
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
    for name in ["Alpha", "Bravo"] {
        assert_eq!(add_player(&app, &org, name).await.status(), 303);
    }
    app.post_ok(&org, "/t/autumn/rounds/pair", &[]).await;
    app.post_ok(&org, "/t/autumn/rounds/1/publish", &[]).await;
    // A visitor registers, and reads the pairings before anyone else.
    let visitor = app.new_client();
    let res = app
        .submit(
            &visitor,
            "/t/autumn/register",
            "[data-test=register-form]",
            "/t/autumn/register",
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
