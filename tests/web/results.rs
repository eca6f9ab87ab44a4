//! Result entry as an organiser meets it: the page shows what was stored,
//! asks before replacing a different result, and refuses impossible ones
//! with the typed text kept; the API refuses the same impossible result.

use crate::common;

use common::{TestApp, text};
use scraper::Selector;
use serde_json::json;

const RESULTS: &str = "/t/autumn/rounds/1/results";

/// An organiser with round 1 of "autumn" paired: four players, two boards,
/// the default komi of 7½.
async fn round_one(app: &TestApp) -> reqwest::Client {
    let org = app.organiser("org").await;
    app.tournament(&org, "autumn")
        .called("Autumn Cup")
        .players(4)
        .paired_round()
        .await;
    org
}

fn all_text(page: &scraper::Html, css: &str) -> Vec<String> {
    page.select(&Selector::parse(css).unwrap())
        .map(|e| e.text().collect::<String>().trim().to_string())
        .collect()
}

/// The results stored per board, as the results page shows them.
async fn stored(app: &TestApp, org: &reqwest::Client) -> Vec<String> {
    let (_, page) = app.get_html(org, RESULTS).await;
    all_text(&page, "[data-test=stored]")
}

fn entry_value(page: &scraper::Html) -> String {
    page.select(&Selector::parse("#entry").unwrap())
        .next()
        .and_then(|e| e.value().attr("value"))
        .unwrap_or_default()
        .to_string()
}

async fn refused(res: reqwest::Response) -> scraper::Html {
    assert_eq!(res.status(), 422);
    scraper::Html::parse_document(&res.text().await.unwrap())
}

#[tokio::test]
async fn saved_results_are_announced_and_shown_as_stored() {
    let app = TestApp::start().await;
    let org = round_one(&app).await;
    let res = app
        .post_form(&org, RESULTS, &[("entry", "1 w, 2 b!")])
        .await;
    assert_eq!(res.status(), 303);
    let next = res.headers()["location"].to_str().unwrap().to_string();
    let (_, page) = app.get_html(&org, &next).await;
    let notice = text(&page, "[data-test=notice]").unwrap();
    assert!(notice.contains("board 1 1-0, board 2 0-1!"), "{notice}");
    assert_eq!(all_text(&page, "[data-test=stored]"), ["1-0", "0-1!"]);
    assert_eq!(all_text(&page, "[data-test=saved]").len(), 2);
    let names = all_text(&page, "[data-test=result-row]").join(" ");
    assert!(
        names.contains("Alpha") && names.contains("Delta"),
        "{names}"
    );
    let (_, again) = app.get_html(&org, &next).await;
    assert_eq!(text(&again, "[data-test=notice]"), None, "shown once");
}

#[tokio::test]
async fn a_different_result_is_replaced_only_when_confirmed() {
    let app = TestApp::start().await;
    let org = round_one(&app).await;
    app.post_ok(&org, RESULTS, &[("entry", "1 w")]).await;
    let page = refused(app.post_form(&org, RESULTS, &[("entry", "1 b")]).await).await;
    assert_eq!(
        all_text(&page, "[data-test=conflicts] li"),
        ["Board 1 has 1-0; you entered 0-1."]
    );
    assert_eq!(entry_value(&page), "1 b", "the typed text is kept");
    assert_eq!(stored(&app, &org).await, ["1-0", "?"]);

    // The same result again is harmless.
    app.post_ok(&org, RESULTS, &[("entry", "1 w")]).await;
    let res = app
        .submit(
            &org,
            RESULTS,
            "[data-test=quick-entry]",
            RESULTS,
            &[("entry", "1 b"), ("replace", "yes")],
        )
        .await;
    assert_eq!(res.status(), 303);
    assert_eq!(stored(&app, &org).await, ["0-1", "?"]);
}

#[tokio::test]
async fn the_table_replaces_the_result_it_showed_but_not_one_entered_meanwhile() {
    let app = TestApp::start().await;
    let org = round_one(&app).await;
    app.post_ok(&org, RESULTS, &[("entry", "1 w")]).await;
    let (_, shown) = app.get_html(&org, RESULTS).await;
    // Someone else enters board 2 while this page is open.
    app.post_ok(&org, RESULTS, &[("entry", "2 w")]).await;
    let mut fields = common::form_values(&shown, "[data-test=results-table]");
    for (name, value) in &mut fields {
        match name.as_str() {
            "board_1" => *value = "b".into(),
            "board_2" => *value = "b".into(),
            _ => {}
        }
    }
    let res = org
        .post(app.url(RESULTS))
        .form(&fields)
        .send()
        .await
        .unwrap();
    let page = refused(res).await;
    assert_eq!(
        all_text(&page, "[data-test=conflicts] li"),
        ["Board 2 has 1-0; you entered 0-1."],
        "board 1 showed 1-0 when it was changed; board 2 did not"
    );
    assert_eq!(stored(&app, &org).await, ["1-0", "1-0"]);
    // The box to tick is in the form that was sent, which kept what was typed.
    assert_eq!(
        page.select(&Selector::parse("[data-test=results-table] [data-test=replace]").unwrap())
            .count(),
        1
    );
    assert!(text(&page, "[data-test=quick-entry] [data-test=replace]").is_none());
    let mut fields = common::form_values(&page, "[data-test=results-table]");
    fields.push(("replace".into(), "yes".into()));
    let res = org
        .post(app.url(RESULTS))
        .form(&fields)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 303);
    assert_eq!(stored(&app, &org).await, ["0-1", "0-1"]);
}

#[tokio::test]
async fn a_missing_board_is_refused_on_the_page_with_the_text_kept() {
    let app = TestApp::start().await;
    let org = round_one(&app).await;
    let page = refused(
        app.post_form(&org, RESULTS, &[("entry", "1 w, 99 w")])
            .await,
    )
    .await;
    assert_eq!(
        all_text(&page, "[data-test=results-error] li"),
        ["There is no board 99 in round 1."]
    );
    assert_eq!(entry_value(&page), "1 w, 99 w");
    assert!(
        text(&page, "[data-test=login-link]").is_none(),
        "the organiser's own page, not an error page"
    );
    assert_eq!(stored(&app, &org).await, ["?", "?"], "nothing saved");
    let page = refused(app.post_form(&org, RESULTS, &[("entry", "2 x")]).await).await;
    assert_eq!(
        all_text(&page, "[data-test=results-error] li"),
        ["“2 x” is not a board and a result (e.g. 12 b)."]
    );
    let page = refused(
        app.post_form(&org, RESULTS, &[("entry", "1 w, 2 b, 1 b")])
            .await,
    )
    .await;
    assert_eq!(
        all_text(&page, "[data-test=results-error] li"),
        ["Board 1 is entered twice with different results."]
    );
    assert_eq!(stored(&app, &org).await, ["?", "?"], "nothing saved");
}

#[tokio::test]
async fn a_jigo_under_half_point_komi_is_refused_with_the_text_kept() {
    let app = TestApp::start().await;
    let org = round_one(&app).await;
    let page = refused(app.post_form(&org, RESULTS, &[("entry", "2 =")]).await).await;
    let refusal = all_text(&page, "[data-test=results-error] li");
    assert_eq!(refusal.len(), 1);
    assert!(refusal[0].starts_with("Board 2 has komi"), "{refusal:?}");
    assert_eq!(entry_value(&page), "2 =");
    // The table keeps what was typed in each field.
    let page = refused(
        app.post_form(&org, RESULTS, &[("board_1", "w"), ("board_2", "=")])
            .await,
    )
    .await;
    let fields: Vec<String> = page
        .select(&Selector::parse("[data-test=result-field]").unwrap())
        .map(|e| e.value().attr("value").unwrap_or_default().to_string())
        .collect();
    assert_eq!(fields, ["w", "="]);
    assert_eq!(stored(&app, &org).await, ["?", "?"]);
}

#[tokio::test]
async fn the_api_refuses_a_jigo_under_half_point_komi() {
    let app = TestApp::start().await;
    let org = round_one(&app).await;
    let api = app.api_as(&org).await.at("/tournaments/autumn");
    let jigo = json!({ "result": "=" });
    let (status, body) = api.write("PUT", "/rounds/1/boards/1/result", jigo).await;
    assert_eq!(status, 422);
    assert_eq!(body["error"], "error.impossible_jigo");
    assert_eq!(stored(&app, &org).await, ["?", "?"]);
}
