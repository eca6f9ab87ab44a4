//! The Swiss system of the Ukrainian rules (II.5) through the API: chosen
//! when the tournament is created, its colour limit in the settings, and
//! round 1 paired on the drawn numbers.

use crate::common;

use common::TestApp;
use serde_json::{Value, json};

#[tokio::test]
async fn round_one_of_a_ukrainian_swiss_pairs_numbers_one_and_two_with_the_odd_number_black() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let made = json!({ "name": "Kyiv Swiss", "short_name": "kyiv-swiss",
        "system": "UkraineSwiss", "rounds": 6, "time_zone": "Europe/Kyiv" });
    let api = app.api_as(&org).await.create(made).await;
    let t = app.api().at("/tournaments/kyiv-swiss").read("").await;
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
    let body = json!({ "version": version, "settings": settings, "header": header });
    let (status, refused) = api.put("/settings", body).await;
    assert_eq!(status, 422);
    assert!(
        refused["detail"]
            .as_str()
            .unwrap()
            .contains("colour_gap_even_rounds"),
        "{refused}"
    );
    settings["colour_gap_even_rounds"] = json!(1);
    let body = json!({ "version": version, "settings": settings, "header": header });
    let (status, changed) = api.put("/settings", body).await;
    assert_eq!(status, 200);
    version = common::api::version(&changed);

    // Seven players, registered by falling rating, with the numbers the lot gave.
    let drawn = [5, 3, 7, 1, 6, 2, 4];
    for (k, number) in drawn.iter().enumerate() {
        let body = json!({ "version": version, "name": format!("Player{number}"),
            "rank": "1d", "rating": 2200 - 10 * k as i64, "draw_number": number });
        let (status, registered) = api.post("/players", body).await;
        assert_eq!(status, 201);
        version = common::api::version(&registered);
    }
    assert_eq!(api.post("/rounds", json!({})).await.0, 201);
    let (_, round) = api.get("/rounds/1").await;
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
    let org = app.organiser("org").await;
    let made = json!({ "name": "Odesa Swiss", "short_name": "odesa-swiss",
        "system": "UkraineSwiss", "rounds": 5 });
    // Every answer is read in Ukrainian.
    let api = app.api_as(&org).await.lang("uk");
    let (status, answer) = api.post("/tournaments", made).await;
    assert_eq!(status, 201);
    let api = api.at("/tournaments/odesa-swiss");
    let mut version = answer["version"].clone();
    // Six players; numbers 2 and 4, White in round 1, miss round 2.
    for number in 1..=6 {
        let rounds: Vec<u32> = if matches!(number, 2 | 4) {
            vec![1, 3, 4, 5]
        } else {
            vec![1, 2, 3, 4, 5]
        };
        let body = json!({ "version": version, "name": format!("Player{number}"),
            "rank": "1k", "draw_number": number, "rounds": rounds });
        let (status, registered) = api.post("/players", body).await;
        assert_eq!(status, 201);
        version = registered["version"].clone();
    }
    let (status, paired) = api.post("/rounds", json!({})).await;
    assert_eq!(status, 201);
    version = paired["version"].clone();
    let results: Vec<Value> = (1..=3)
        .map(|board| json!({ "board": board, "result": "w" }))
        .collect();
    let body = json!({ "version": version, "results": results });
    assert_eq!(api.post("/rounds/1/results", body).await.0, 200);
    // Round 2: numbers 1, 3 and 5 had Black and may only take White now
    // (a limit of 1 with five rounds); number 6 is the only one for them.
    let (status, refused) = api.post("/rounds", json!({})).await;
    assert_eq!(status, 409);
    assert_eq!(refused["error"], "error.colour_limits");
    let message = refused["message"].as_str().unwrap();
    assert!(
        message.starts_with("Тур 2 не можна скласти") && message.contains("на 1"),
        "{message}"
    );
    let (status, _) = api.get("/rounds/2").await;
    assert_eq!(status, 404, "nothing was paired");
}
