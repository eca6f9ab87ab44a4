//! Issue 30, item 2: a rule lives in the core, so the form and the API
//! refuse the same bad input with the same words. Each test sends one bad
//! value through the organiser's or the referee's form and through the
//! API, in Russian, and compares the messages.

use crate::common;

use common::TestApp;
use serde_json::{Value, json};

/// The message of a form field (`[data-test=<field>-error]`) or of the
/// referee's board (`[data-test=referee-error]`) on a refused page.
async fn form_says(res: reqwest::Response, selector: &str) -> String {
    assert_eq!(res.status(), 422, "the form refuses it");
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    common::text(&page, selector).unwrap_or_else(|| panic!("{selector} is shown"))
}

/// The API's message of a 422, in the reader's language: its words, then
/// each refused field's (`(field: message; …)`).
fn api_says(status: u16, answer: &Value) -> String {
    assert_eq!(status, 422, "the API refuses it: {answer}");
    answer["message"].as_str().unwrap().to_string()
}

/// A browser of the organiser `username` that reads the site in Russian,
/// chosen with the language switch.
async fn in_russian(app: &TestApp, username: &str) -> reqwest::Client {
    let client = app.organiser(username).await;
    let res = client
        .get(app.url("/language/ru?back=/"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 303);
    client
}

#[tokio::test]
async fn the_tournaments_dates_are_refused_alike_by_the_form_and_the_api() {
    let app = TestApp::start().await;
    let org = in_russian(&app, "org").await;
    app.tournament(&org, "dates").await;
    let api = app.api_for("org").await.lang("ru").at("/tournaments/dates");
    for (begin, end, field) in [
        ("", "May the 3rd", "end_date"),
        ("2026-02-30", "", "begin_date"),
        ("2026-05-04", "2026-05-03", "end_date"),
    ] {
        let res = app
            .submit(
                &org,
                "/t/dates/settings",
                "[data-test=tournament-form]",
                "/t/dates/settings",
                &[("begin_date", begin), ("end_date", end)],
            )
            .await;
        let from_form = form_says(res, &format!("[data-test={field}-error]")).await;
        let (status, answer) = api
            .change_settings(|body| {
                body["settings"]["general"]["begin_date"] = json!(begin);
                body["settings"]["general"]["end_date"] = json!(end);
            })
            .await;
        let from_api = api_says(status, &answer);
        assert!(
            from_api.contains(&format!("{field}: {from_form}")),
            "{begin} – {end}: the form says {from_form:?}, the API {from_api:?}"
        );
        assert!(
            from_form.contains("ГГГГ") || from_form.contains("раньше"),
            "{from_form}"
        );
    }
}

#[tokio::test]
async fn a_time_change_of_nothing_is_refused_alike_by_the_form_and_the_api() {
    let app = TestApp::start().await;
    let org = in_russian(&app, "org").await;
    app.tournament(&org, "clock")
        .players(4)
        .paired_round()
        .await;
    let path = "/t/clock/referee/rounds/1/boards/1";
    let act = [
        ("act", "time"),
        ("player", "both"),
        ("minutes", "0"),
        ("reason", "часы"),
    ];
    let res = app.post_form(&org, path, &act).await;
    let from_form = form_says(res, "[data-test=referee-error]").await;
    let api = app.api_for("org").await.lang("ru").at("/tournaments/clock");
    let game = json!({ "round": 1, "board": 1 });
    let change = json!({ "Sanction": { "kind": { "TimeChange": { "game": game,
        "players": "Both", "seconds": 0 } }, "reason": "clock", "violation": null } });
    let (status, answer) = api.write("POST", "/log", json!({ "act": change })).await;
    let from_api = api_says(status, &answer);
    assert!(
        from_api.contains(&from_form),
        "form {from_form:?}, API {from_api:?}"
    );
    assert!(from_form.contains("минуты"), "{from_form}");
}
