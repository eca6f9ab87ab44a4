//! The pages as a person sees them: headless Chromium on a phone-sized
//! viewport, driving the real server on a real PostgreSQL.

use crate::common;

use common::TestApp;
use common::browser::Browser;

#[tokio::test]
async fn on_a_phone_a_person_switches_to_russian_and_signs_in() {
    let Some(browser) = Browser::start(360, 740).await else {
        return;
    };
    let app = TestApp::start().await;
    app.account("anna", false, true).await;

    browser.goto(&app.url("/")).await;
    assert_eq!(browser.text("[data-test=login-link]").await, "Sign in");
    browser.submit("a[hreflang=ru]").await;
    assert_eq!(browser.text("[data-test=login-link]").await, "Войти");
    let overflow: serde_json::Value = browser
        .client
        .execute(
            "return document.documentElement.scrollWidth - window.innerWidth",
            vec![],
        )
        .await
        .unwrap();
    assert!(
        overflow.as_i64().unwrap() <= 0,
        "the page fits a 360 px screen without sideways scrolling"
    );

    browser.submit("[data-test=login-link]").await;
    browser.fill("#username", "anna").await;
    browser.fill("#password", common::PASSWORD).await;
    browser.screenshot("phone-login-ru").await;
    browser.submit("form.stack button[type=submit]").await;
    assert_eq!(browser.text("[data-test=account-link]").await, "anna");
    browser.client.clone().close().await.unwrap();
}

/// The end-to-end run: a 40-player, 3-round McMahon tournament set up
/// on a laptop, half the players registering on their phones, every round
/// paired, published and filled in, then standings and crosstable checked.
#[tokio::test]
async fn a_forty_player_mcmahon_runs_end_to_end_in_the_browser() {
    let Some(laptop) = Browser::start(1280, 900).await else {
        return;
    };
    let Some(phone) = Browser::start(390, 844).await else {
        return;
    };
    let Some(referee) = Browser::start(390, 844).await else {
        return;
    };
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    app.account("ref", false, false).await;

    laptop.log_in(&app, "org").await;
    laptop.goto(&app.url("/tournaments/new")).await;
    laptop.fill("#name", "Spring McMahon").await;
    laptop.fill("#short_name", "spring").await;
    laptop.fill("#rounds", "3").await;
    laptop.click("input[name=registration_open]").await;
    laptop
        .submit("[data-test=tournament-form] button[type=submit]")
        .await;
    assert_eq!(laptop.text("h1").await, "Spring McMahon");
    laptop.goto(&app.url("/t/spring/staff")).await;
    laptop.fill("#username", "ref").await;
    laptop
        .client
        .execute("document.getElementById('role').value = 'referee'", vec![])
        .await
        .unwrap();
    laptop.submit("[data-test=add-staff] button").await;

    let ranks = [
        "5d", "3d", "1d", "1k", "3k", "5k", "8k", "10k", "12k", "15k",
    ];
    for i in 0..20 {
        laptop.goto(&app.url("/t/spring/players/new")).await;
        laptop.fill("#name", &format!("Laptop{i:02}")).await;
        laptop.fill("#first_name", "Org").await;
        laptop.fill("#rank", ranks[i % ranks.len()]).await;
        laptop
            .fill("#club", ["Kyiv", "Odesa", "Lviv", "Minsk"][i % 4])
            .await;
        laptop
            .submit("[data-test=player-form] button[type=submit]")
            .await;
    }
    for i in 0..20 {
        phone.goto(&app.url("/t/spring/register")).await;
        phone.fill("#name", &format!("Phone{i:02}")).await;
        phone.fill("#first_name", "Self").await;
        phone.fill("#rank", ranks[(i + 3) % ranks.len()]).await;
        phone
            .submit("[data-test=register-form] button[type=submit]")
            .await;
        assert!(
            phone
                .text("[data-test=registered]")
                .await
                .contains(&format!("Phone{i:02}"))
        );
    }
    laptop.goto(&app.url("/t/spring/players")).await;
    while laptop.count("[data-test=confirm]").await > 0 {
        laptop.submit("[data-test=confirm]").await;
    }
    assert_eq!(laptop.count("[data-test=player-row]").await, 40);
    assert_eq!(laptop.count("[data-test=preliminary]").await, 0);

    for round in 1..=3 {
        laptop.goto(&app.url("/t/spring/rounds")).await;
        laptop.submit("[data-test=pair-next]").await;
        assert_eq!(laptop.count("[data-test=board]").await, 20);
        laptop.submit("[data-test=publish]").await;

        phone
            .goto(&app.url(&format!("/t/spring/rounds/{round}")))
            .await;
        phone.fill("[data-test=find-me]", "phone07").await;
        phone.submit("form.find button").await;
        assert!(
            phone
                .text("[data-test=found]")
                .await
                .contains("Phone07 Self")
        );
        if round == 1 {
            phone.screenshot("phone-pairings-round-1").await;
        }
        if round == 3 {
            referee_warns_twice_on_a_phone(&app, &phone, &referee).await;
        }

        laptop
            .goto(&app.url(&format!("/t/spring/rounds/{round}/results")))
            .await;
        laptop.fill("#entry", "1 w").await;
        laptop.submit("[data-test=quick-entry] button").await;
        for board in 2..=20 {
            let code = if board % 3 == 0 { "b" } else { "w" };
            laptop.fill(&format!("#board_{board}"), code).await;
        }
        laptop.submit("[data-test=results-table] button").await;
        laptop
            .goto(&app.url(&format!("/t/spring/rounds/{round}")))
            .await;
        let results = laptop.texts("[data-test=result]").await;
        assert!(
            results.iter().all(|r| r == "1-0" || r == "0-1"),
            "round {round}: {results:?}"
        );
    }

    phone.goto(&app.url("/t/spring/standings")).await;
    assert_eq!(phone.count("[data-test=standing-row]").await, 40);
    phone.screenshot("phone-standings").await;
    laptop.goto(&app.url("/t/spring/crosstable")).await;
    assert_eq!(laptop.count("[data-test=standing-row] td.cell").await, 120);
    laptop.screenshot("laptop-crosstable").await;
    laptop.client.clone().close().await.unwrap();
    phone.client.clone().close().await.unwrap();
    referee.client.clone().close().await.unwrap();
}

/// A referee with a phone gives Black on board 5 two warnings; the second
/// forfeits the game, and a player's phone shows it on the public pairings.
async fn referee_warns_twice_on_a_phone(app: &TestApp, phone: &Browser, referee: &Browser) {
    referee.log_in(app, "ref").await;
    referee.goto(&app.url("/t/spring/referee")).await;
    assert_eq!(referee.count("[data-test=referee-board]").await, 20);
    referee
        .goto(&app.url("/t/spring/referee/rounds/3/boards/5"))
        .await;
    for reason in ["spoke to a spectator", "spoke to a spectator again"] {
        referee.click("[data-test=who-black]").await;
        referee.fill("#reason", reason).await;
        referee.submit("[data-test=act-warning]").await;
    }
    assert!(
        referee
            .text("[data-test=board-result]")
            .await
            .contains("1-0")
    );
    assert_eq!(referee.count("[data-test=board-incidents] li").await, 2);
    referee.screenshot("phone-referee-board").await;

    phone.goto(&app.url("/t/spring/rounds/3")).await;
    let results = phone.texts("[data-test=result]").await;
    assert_eq!(results[4], "1-0", "{results:?}");
    assert!(
        phone
            .text("[data-test=result-note]")
            .await
            .contains("forfeit")
    );
    phone.screenshot("phone-pairings-forfeit").await;
}

/// A player waits on the tournament's page between rounds; when the
/// organiser publishes the next round, the phone shows it by itself.
#[tokio::test]
async fn a_phone_on_the_overview_shows_a_newly_published_round_without_a_reload() {
    let Some(phone) = Browser::start(360, 740).await else {
        return;
    };
    let app = TestApp::start().await;
    let org = common::hall::running_tournament(&app).await;
    phone.goto(&app.url("/t/crawl")).await;
    assert_eq!(
        phone.text("[data-test=current-round]").await,
        "Current pairings: Round 1"
    );
    // The page has loaded; give its event stream a moment to connect.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    app.post_ok(&org, "/t/crawl/rounds/2/publish", &[]).await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    loop {
        let shown = phone
            .client
            .find(fantoccini::Locator::Css("[data-test=current-round]"))
            .await
            .ok();
        let text = match shown {
            Some(e) => e.text().await.unwrap_or_default(),
            None => String::new(),
        };
        if text == "Current pairings: Round 2" {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the phone still shows {text:?} after round 2 was published"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(phone.log().await.iter().all(|(level, _)| level != "SEVERE"));
    phone.client.clone().close().await.unwrap();
}
