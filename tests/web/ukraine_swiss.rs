//! The Swiss system of the Ukrainian rules (II.5) through the API: chosen
//! when the tournament is created, its colour limit in the settings, and
//! round 1 paired on the drawn numbers.

use crate::common;

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
async fn round_one_of_a_ukrainian_swiss_pairs_numbers_one_and_two_with_the_odd_number_black() {
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    let org = app.new_client();
    app.log_in(&org, "org").await;
    let bearer = token(&app, &org).await;
    let api = reqwest::Client::new();
    let url = |path: &str| app.url(&format!("/api/v1/tournaments{path}"));

    let res = api
        .post(url(""))
        .bearer_auth(&bearer)
        .json(&json!({ "name": "Kyiv Swiss", "short_name": "kyiv-swiss",
            "system": "UkraineSwiss", "rounds": 6, "time_zone": "Europe/Kyiv" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let t: Value = api
        .get(url("/kyiv-swiss"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(t["settings"]["system"], "UkraineSwiss");
    assert_eq!(
        t["settings"]["colour_gap_even_rounds"], 2,
        "II.5: two apart with an even number of rounds"
    );
    let mut version = t["version"].as_i64().unwrap();

    // The limit is the organiser's to set, within what the text allows.
    let header = json!({ "time_zone": "Europe/Kyiv", "registration_open": false,
        "is_public": true, "late_forfeit_minutes": 60, "schedule": "" });
    let mut settings = t["settings"].clone();
    settings["colour_gap_even_rounds"] = json!(3);
    let res = api
        .put(url("/kyiv-swiss/settings"))
        .bearer_auth(&bearer)
        .json(&json!({ "version": version, "settings": settings, "header": header }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 422);
    let refused: Value = res.json().await.unwrap();
    assert!(
        refused["detail"]
            .as_str()
            .unwrap()
            .contains("colour_gap_even_rounds"),
        "{refused}"
    );
    settings["colour_gap_even_rounds"] = json!(1);
    let res = api
        .put(url("/kyiv-swiss/settings"))
        .bearer_auth(&bearer)
        .json(&json!({ "version": version, "settings": settings, "header": header }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    version = res.json::<Value>().await.unwrap()["version"]
        .as_i64()
        .unwrap();

    // Seven players, registered by falling rating, with the numbers the lot gave.
    let drawn = [5, 3, 7, 1, 6, 2, 4];
    for (k, number) in drawn.iter().enumerate() {
        let body = json!({ "version": version, "name": format!("Player{number}"),
            "rank": "1d", "rating": 2200 - 10 * k as i64, "draw_number": number });
        let res = api
            .post(url("/kyiv-swiss/players"))
            .bearer_auth(&bearer)
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 201);
        version = res.json::<Value>().await.unwrap()["version"]
            .as_i64()
            .unwrap();
    }
    let res = api
        .post(url("/kyiv-swiss/rounds"))
        .bearer_auth(&bearer)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let round: Value = api
        .get(url("/kyiv-swiss/rounds/1"))
        .bearer_auth(&bearer)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let boards: Vec<(u64, String, String)> = round["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["board"].as_u64().unwrap(),
                g["white"]["name"].as_str().unwrap().trim().to_owned(),
                g["black"]["name"].as_str().unwrap().trim().to_owned(),
            )
        })
        .collect();
    let board = |n: u64, white: &str, black: &str| (n, white.to_owned(), black.to_owned());
    assert_eq!(
        boards,
        [
            board(1, "Player2", "Player1"),
            board(2, "Player4", "Player3"),
            board(3, "Player6", "Player5"),
        ]
    );
    assert_eq!(
        round["bye"]["name"].as_str().map(str::trim),
        Some("Player7"),
        "the odd field's last number is free"
    );
    assert!(
        round["games"]
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["handicap"] == 0)
    );

    // The tournament form shows the system and its limit.
    let (status, page) = app.get_html(&org, "/t/kyiv-swiss/settings").await;
    assert_eq!(status, 200);
    let selected = scraper::Selector::parse("#system option[selected]").unwrap();
    let system = page.select(&selected).next().unwrap().value().attr("value");
    assert_eq!(system, Some("ukraine_swiss"));
    let gap = scraper::Selector::parse("#colour_gap_even_rounds").unwrap();
    let gap = page.select(&gap).next().unwrap().value().attr("value");
    assert_eq!(gap, Some("1"));
}

#[tokio::test]
async fn a_round_the_colour_limits_forbid_is_refused_with_a_message_in_the_readers_language() {
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    let org = app.new_client();
    app.log_in(&org, "org").await;
    let bearer = token(&app, &org).await;
    let api = reqwest::Client::new();
    let url = |path: &str| app.url(&format!("/api/v1/tournaments{path}"));
    let post = |path: String, body: Value| {
        let api = api.clone();
        let bearer = bearer.clone();
        async move {
            api.post(path)
                .bearer_auth(&bearer)
                .header("Accept-Language", "uk")
                .json(&body)
                .send()
                .await
                .unwrap()
        }
    };
    let made = post(
        url(""),
        json!({ "name": "Odesa Swiss", "short_name": "odesa-swiss",
            "system": "UkraineSwiss", "rounds": 5 }),
    )
    .await;
    assert_eq!(made.status(), 201);
    let mut version = made.json::<Value>().await.unwrap()["version"].clone();
    // Six players; numbers 2 and 4, White in round 1, miss round 2.
    for number in 1..=6 {
        let rounds: Vec<u32> = if matches!(number, 2 | 4) {
            vec![1, 3, 4, 5]
        } else {
            vec![1, 2, 3, 4, 5]
        };
        let body = json!({ "version": version, "name": format!("Player{number}"),
            "rank": "1k", "draw_number": number, "rounds": rounds });
        let res = post(url("/odesa-swiss/players"), body).await;
        assert_eq!(res.status(), 201);
        version = res.json::<Value>().await.unwrap()["version"].clone();
    }
    let res = post(url("/odesa-swiss/rounds"), json!({})).await;
    assert_eq!(res.status(), 201);
    version = res.json::<Value>().await.unwrap()["version"].clone();
    let results: Vec<Value> = (1..=3)
        .map(|board| json!({ "board": board, "result": "w" }))
        .collect();
    let res = post(
        url("/odesa-swiss/rounds/1/results"),
        json!({ "version": version, "results": results }),
    )
    .await;
    assert_eq!(res.status(), 200);
    // Round 2: numbers 1, 3 and 5 had Black and may only take White now
    // (a limit of 1 with five rounds); number 6 is the only one for them.
    let res = post(url("/odesa-swiss/rounds"), json!({})).await;
    assert_eq!(res.status(), 409);
    let refused: Value = res.json().await.unwrap();
    assert_eq!(refused["error"], "error.colour_limits");
    let message = refused["message"].as_str().unwrap();
    assert!(
        message.starts_with("Тур 2 не можна скласти") && message.contains("на 1"),
        "{message}"
    );
    let round_two = api
        .get(url("/odesa-swiss/rounds/2"))
        .bearer_auth(&bearer)
        .send()
        .await
        .unwrap();
    assert_eq!(round_two.status(), 404, "nothing was paired");
}
