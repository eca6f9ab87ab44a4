//! The pages as a person sees them: headless Chromium on a phone-sized
//! viewport, driving the real server on a real PostgreSQL.

mod common;

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
    browser.click("a[hreflang=ru]").await;
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

    browser.click("[data-test=login-link]").await;
    browser.fill("#username", "anna").await;
    browser.fill("#password", common::PASSWORD).await;
    browser.screenshot("phone-login-ru").await;
    browser.click("form.stack button[type=submit]").await;
    assert_eq!(browser.text("[data-test=account-link]").await, "anna");
    browser.client.clone().close().await.unwrap();
}
