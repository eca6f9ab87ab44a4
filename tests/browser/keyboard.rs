//! Issue 31: an organiser and a player typing on a Russian or Ukrainian
//! keyboard on a phone. The EGD list is in Latin letters, yet the search
//! as you type finds "Шикшин"; ranks go in as "3к" and "2 дан"; "find me"
//! finds the player from the Cyrillic spelling; results go in as "б" and "ч".

use crate::common;

use std::time::{Duration, Instant};

use common::TestApp;
use common::browser::Browser;
use common::{egd_line, egd_list};

/// Waits until an element matching `css` is on the page (a script's answer).
async fn wait_for(phone: &Browser, css: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while phone.count(css).await == 0 {
        assert!(Instant::now() < deadline, "{css} never appeared");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_russian_keyboard_searches_the_latin_list_types_ranks_finds_and_enters_results() {
    let Some(phone) = Browser::start(360, 800).await else {
        return;
    };
    let app = TestApp::start().await;
    app.account("root", true, false).await;
    app.account("org", false, true).await;
    let admin = app.signed_in("root").await;
    let list = egd_list(
        "22 Feb 2018",
        &[
            egd_line("13000011", "Shikshin Ilya", "Kaza", "5d", 2480),
            egd_line("13000012", "Hnatiuk Yaroslava", "Kyiv", "2k", 1850),
        ],
    );
    let res = app
        .upload(
            &admin,
            "/rating-list",
            &[("encoding", "windows-1251")],
            "list.txt",
            list,
        )
        .await;
    assert_eq!(res.status(), 303);
    let org = app.signed_in("org").await;
    app.tournament(&org, "kazan").called("Казань").await;

    phone.goto(&app.url("/language/ru?back=/")).await;
    phone.log_in(&app, "org").await;

    // Search as you type: the script's suggestion, picked with a tap.
    phone.goto(&app.url("/t/kazan/players/new")).await;
    phone.fill("#lookup", "Шикшин").await;
    wait_for(&phone, "#suggestions button").await;
    let suggestions = phone.texts("#suggestions button").await;
    assert_eq!(suggestions.len(), 1, "{suggestions:?}");
    assert!(suggestions[0].contains("Shikshin Ilya"), "{suggestions:?}");
    phone.click("#suggestions button").await;
    phone
        .submit("[data-test=player-form] button[type=submit]")
        .await;
    // A name nobody in the list has is said to match nobody.
    phone.goto(&app.url("/t/kazan/players/new")).await;
    phone.fill("#lookup", "Петров").await;
    wait_for(&phone, "#suggestions li").await;
    let none = phone.text("#suggestions li").await;
    assert!(none.contains("нет") || none.contains("Нет"), "{none}");

    // Ranks as a Russian keyboard types them.
    for (name, rank) in [
        ("Петренко", "3к"),
        ("Коваль", "2 дан"),
        ("Лисенко", "15 кю"),
    ] {
        phone.goto(&app.url("/t/kazan/players/new")).await;
        phone.fill("#name", name).await;
        phone.fill("#first_name", "Олег").await;
        phone.fill("#rank", rank).await;
        phone
            .submit("[data-test=player-form] button[type=submit]")
            .await;
        assert_eq!(
            phone
                .count("[data-test=player-form] .error, [role=alert]")
                .await,
            0,
            "rank {rank} refused"
        );
    }
    phone.goto(&app.url("/t/kazan/players")).await;
    let listed = phone.text("main").await;
    for rank in ["3K", "2D", "15K", "Shikshin"] {
        assert!(listed.contains(rank), "{rank} in {listed}");
    }

    app.post_ok(&org, "/t/kazan/rounds/pair", &[]).await;
    app.post_ok(&org, "/t/kazan/rounds/1/publish", &[]).await;

    // Results as typed on the same keyboard: "б" White won, "ч!" Black by forfeit.
    phone.goto(&app.url("/t/kazan/rounds/1/results")).await;
    phone.fill("#entry", "1 б, 2 ч!").await;
    phone
        .submit("[data-test=quick-entry] button[type=submit]")
        .await;
    phone.goto(&app.url("/t/kazan/rounds/1")).await;
    assert_eq!(phone.texts("[data-test=result]").await, ["1-0", "0-1!"]);

    // Find me, by a player on their own phone, in Cyrillic.
    phone.fill("#q", "шикшин").await;
    phone.submit("form.find button[type=submit]").await;
    let found = phone.text("[data-test=found]").await;
    assert!(found.contains("Shikshin"), "{found}");
    assert_eq!(phone.overflow().await, 0, "find me is wider than the phone");
}
