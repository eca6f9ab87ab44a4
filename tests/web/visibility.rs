//! A private tournament is invisible to everyone but its staff: not on the
//! home page or in the API's list, and every one of its pages answers as a
//! tournament that does not exist: 404 to signed-in accounts that are not
//! its staff, and to visitors whatever a missing tournament's page answers.

use crate::common;

use common::TestApp;
use common::api::Api;
use common::hall::{crawl, running_tournament};

/// The running tournament `crawl` made private; its organiser.
async fn private_tournament(app: &TestApp) -> reqwest::Client {
    let org = running_tournament(app).await;
    let private = app
        .change_settings(&org, "crawl", &[("-is_public", "")])
        .await;
    assert_eq!(private.status(), 303, "the tournament is made private");
    org
}

#[tokio::test]
async fn a_private_tournament_is_absent_from_the_home_page_and_404_on_every_url_for_non_staff() {
    let app = TestApp::start().await;
    let org = private_tournament(&app).await;

    // Every page the organiser reaches inside the tournament.
    let pages = crawl(&app, &org, &["/t/crawl"]).await;
    let inside: Vec<&String> = pages.keys().filter(|p| p.starts_with("/t/crawl")).collect();
    assert!(
        inside.len() > 20,
        "the crawl reached the tournament's pages"
    );
    let (_, home) = app.get_html(&org, "/").await;
    assert!(home.html().contains("Crawl Open"), "its staff still see it");

    let stranger = app.organiser("stranger").await;
    let visitor = app.new_client();
    for (who, client) in [("visitor", &visitor), ("stranger", &stranger)] {
        let (_, home) = app.get_html(client, "/").await;
        assert!(!home.html().contains("Crawl Open"), "{who} sees it on /");
        // The answer a tournament that does not exist gets at the same
        // path: a visitor is sent to sign in for a staff page either way.
        let mut shown = Vec::new();
        let api = [
            "/api/v1/tournaments/crawl",
            "/api/v1/tournaments/crawl/standings",
        ];
        for path in inside.iter().map(|p| p.as_str()).chain(api) {
            let status = client.get(app.url(path)).send().await.unwrap().status();
            let absent = path.replacen("crawl", "no-such-event", 1);
            let expected = client.get(app.url(&absent)).send().await.unwrap().status();
            if status != expected || (who == "stranger" && status != 404) {
                shown.push(format!("{path}: {status}, not {expected}"));
            }
        }
        assert!(shown.is_empty(), "{who} is shown: {shown:#?}");
        let listed = app.get_text(client, "/api/v1/tournaments").await;
        assert!(!listed.contains("crawl"), "{who}: {listed}");
    }
    // A write by a signed-in stranger is answered the same way.
    let csrf = app.csrf_token(&stranger).await;
    let pair = stranger
        .post(app.url("/t/crawl/rounds/pair"))
        .form(&[("csrf", csrf.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(pair.status(), 404);
}

/// The names of the tournaments `GET /api/v1/tournaments` lists to `api`.
async fn listed(api: &Api) -> Vec<String> {
    let list = api.read("/tournaments").await;
    list.as_array()
        .unwrap()
        .iter()
        .map(|t| t["short_name"].as_str().unwrap().to_string())
        .collect()
}

/// Issue 29, item 8: the API's list shows a private tournament to its own
/// staff, as the home page does, and to nobody else.
#[tokio::test]
async fn a_private_tournament_is_in_its_staffs_api_list_and_no_one_elses() {
    let app = TestApp::start().await;
    let org = private_tournament(&app).await;
    let stranger = app.organiser("stranger").await;

    let staff = app.api_as(&org).await;
    assert_eq!(listed(&staff).await, ["crawl"]);
    assert!(listed(&app.api_as(&stranger).await).await.is_empty());
    assert!(listed(&app.api()).await.is_empty());
    let forged = staff.with_token("not-a-token");
    assert_eq!(
        forged.get("/tournaments").await.0,
        401,
        "a token sent must be valid"
    );
}
