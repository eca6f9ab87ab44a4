//! The JSON API: public reads, bearer-token writes, and a stale version
//! refused with 409 without any change.

mod common;

use common::TestApp;
use serde_json::{Value, json};

async fn token(app: &TestApp, client: &reqwest::Client) -> String {
    let res = app
        .post_form(client, "/account/tokens", &[("label", "test")])
        .await;
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    common::text(&page, "[data-test=new-token]").unwrap()
}

#[tokio::test]
async fn a_program_registers_players_reads_pairings_and_enters_results() {
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    let org = app.new_client();
    app.log_in(&org, "org").await;
    assert_eq!(
        app.create_tournament(&org, "api-cup", "API Cup")
            .await
            .status(),
        303
    );
    let bearer = token(&app, &org).await;
    let api = reqwest::Client::new();
    let url = |path: &str| app.url(&format!("/api/v1{path}"));

    let t: Value = api
        .get(url("/tournaments/api-cup"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mut version = t["version"].as_i64().unwrap();
    for (name, rank) in [("Ann", "2d"), ("Bob", "3k")] {
        let res = api
            .post(url("/tournaments/api-cup/players"))
            .bearer_auth(&bearer)
            .json(&json!({ "version": version, "name": name, "rank": rank }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 201);
        version = res.json::<Value>().await.unwrap()["version"]
            .as_i64()
            .unwrap();
    }
    let res = api
        .post(url("/tournaments/api-cup/players"))
        .bearer_auth(&bearer)
        .json(&json!({ "version": version - 1, "name": "Stale", "rank": "1k" }))
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status(),
        409,
        "a write based on an old version is refused"
    );
    let res = api
        .post(url("/tournaments/api-cup/players"))
        .json(&json!({ "version": version, "name": "Nobody", "rank": "1k" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 401);
    let res = api
        .post(url("/tournaments/api-cup/players"))
        .bearer_auth(&bearer)
        .json(&json!({ "version": version, "name": "Odd", "rank": "strong" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 422);
    assert!(
        res.json::<Value>().await.unwrap()["detail"]
            .as_str()
            .unwrap()
            .contains("rank")
    );
    let long = "L".repeat(61);
    let res = api
        .post(url("/tournaments/api-cup/players"))
        .bearer_auth(&bearer)
        .json(&json!({ "version": version, "name": long, "rank": "1k" }))
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status(),
        422,
        "the player form's length limits hold here too"
    );
    let players: Value = api
        .get(url("/tournaments/api-cup/players"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        players["players"].as_array().unwrap().len(),
        2,
        "neither refused write left a player"
    );

    app.post_ok(&org, "/t/api-cup/rounds/pair", &[]).await;
    let res = api
        .get(url("/tournaments/api-cup/rounds/1"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 404, "unpublished rounds are not public");
    app.post_ok(&org, "/t/api-cup/rounds/1/publish", &[]).await;
    let round: Value = api
        .get(url("/tournaments/api-cup/rounds/1"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(round["games"][0]["result"], "?");
    let version = round["version"].as_i64().unwrap();

    let res = api
        .put(url("/tournaments/api-cup/rounds/1/boards/1/result"))
        .bearer_auth(&bearer)
        .json(&json!({ "version": version, "result": "w" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let res = api
        .put(url("/tournaments/api-cup/rounds/1/boards/1/result"))
        .bearer_auth(&bearer)
        .json(&json!({ "version": version, "result": "b" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 409);
    let standings: Value = api
        .get(url("/tournaments/api-cup/standings"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(standings["round"], 1);
    assert_eq!(standings["rows"].as_array().unwrap().len(), 2);
    let round: Value = api
        .get(url("/tournaments/api-cup/rounds/1"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        round["games"][0]["notation"], "1-0",
        "the stale write changed nothing"
    );
}

#[tokio::test]
async fn the_openapi_document_lists_every_route() {
    let app = TestApp::start().await;
    let doc: Value = reqwest::get(app.url("/api/v1/openapi.json"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().unwrap();
    for path in [
        "/api/v1/tournaments/{short}/players",
        "/api/v1/tournaments/{short}/rounds/{n}/boards/{board}/result",
    ] {
        assert!(paths.contains_key(path), "{path} is documented");
    }
}
