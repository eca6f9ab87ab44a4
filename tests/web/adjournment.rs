//! Adjourned games (EGF GTR "Adjournment") through the pages and the API:
//! the resumption times published before round 1, a referee adjourning a
//! game to one of them, the public pages showing it adjourned until a
//! result is entered, and the label for the sealed move's envelope.

use crate::common;

use common::{TestApp, text};
use scraper::Selector;
use serde_json::{Value, json};

const TIMES: &str = "2026-05-10 18:00\n2026-05-11 09:00";

/// An organiser's tournament "adj" of four players; `adjournment` are the
/// settings form's adjournment fields, on top of its defaults.
async fn tournament(app: &TestApp, adjournment: &[(&str, &str)]) -> reqwest::Client {
    let org = app.organiser("org").await;
    let changes = [
        ("name", "Adjourn Open"),
        ("rounds", "3"),
        ("system", "swiss"),
        ("use_presets", "on"),
    ];
    app.tournament(&org, "adj")
        .with(&changes)
        .with(adjournment)
        .players(4)
        .await;
    org
}

/// Round 1 paired and published where games may be adjourned to `TIMES`.
async fn round_one(app: &TestApp) -> reqwest::Client {
    let org = tournament(
        app,
        &[
            ("adjournment", "on"),
            ("adjournment_times", TIMES),
            ("adjournment_max_minutes", "960"),
        ],
    )
    .await;
    app.post_ok(&org, "/t/adj/rounds/pair", &[]).await;
    app.post_ok(&org, "/t/adj/rounds/1/publish", &[]).await;
    org
}

/// A public read of the API, which must succeed.
async fn get_json(app: &TestApp, path: &str) -> Value {
    app.api().read(path).await
}

/// Each board's "adjourned" note on a page, in board order.
fn adjourned_notes(page: &scraper::Html) -> Vec<String> {
    page.select(&Selector::parse("[data-test=adjourned]").unwrap())
        .map(|e| e.text().collect::<String>().trim().to_string())
        .collect()
}

#[tokio::test]
async fn round_one_waits_for_the_published_adjournment_times_and_a_started_event_keeps_them() {
    let app = TestApp::start().await;
    let org = tournament(&app, &[("adjournment", "on")]).await;
    let (_, settings) = app.get_html(&org, "/t/adj/settings").await;
    let advice = text(&settings, "[data-test=advice]").unwrap();
    assert!(advice.contains("resumption times"), "{advice}");

    let refused = app.post_form(&org, "/t/adj/rounds/pair", &[]).await;
    assert_ne!(refused.status(), 303, "round 1 paired without the times");
    let body = refused.text().await.unwrap();
    assert!(body.contains("Round 1 cannot be paired"), "{body}");
    let api = app.api_as(&org).await.at("/tournaments/adj");
    let (status, refused) = api.send("POST", "/rounds", Value::Null).await;
    assert_eq!(status, 422, "nor through the API");
    let detail = refused["detail"].to_string();
    assert!(detail.contains("resumption times"), "{detail}");

    let edit = |times: &'static str| {
        [
            ("adjournment", "on"),
            ("adjournment_times", times),
            ("adjournment_max_minutes", "960"),
        ]
    };
    let bad = app.change_settings(&org, "adj", &edit("tomorrow")).await;
    assert_eq!(bad.status(), 422);
    let page = scraper::Html::parse_document(&bad.text().await.unwrap());
    let error = text(&page, "[data-test=adjournment_times-error]").unwrap();
    assert!(error.contains("Line 1"), "{error}");
    let good = app.change_settings(&org, "adj", &edit(TIMES)).await;
    assert_eq!(good.status(), 303);
    app.post_ok(&org, "/t/adj/rounds/pair", &[]).await;
    // The GTR has the times published: the overview shows them to everyone.
    let (_, overview) = app.get_html(&app.client, "/t/adj").await;
    let published = text(&overview, "[data-test=adjournment]").unwrap();
    assert!(
        published.contains("2026-05-10 18:00, 2026-05-11 09:00") && published.contains("960"),
        "{published}"
    );

    // Once round 1 is paired, the times cannot go.
    let (status, refused) = api
        .change_settings(|body| body["settings"]["adjournment"]["times"] = json!([]))
        .await;
    assert_eq!(status, 422);
    let detail = refused["detail"].to_string();
    assert!(detail.contains("adjournment_times"), "{detail}");
    let kept = get_json(&app, "/tournaments/adj").await;
    assert_eq!(
        kept["settings"]["adjournment"]["times"],
        json!(["2026-05-10 18:00", "2026-05-11 09:00"])
    );
}

#[tokio::test]
async fn an_adjourned_game_shows_its_resumption_time_publicly_until_a_result_is_entered() {
    let app = TestApp::start().await;
    let org = round_one(&app).await;
    let adjourn = [("act", "adjourn"), ("resumes", "2026-05-10 18:00")];
    app.post_ok(&org, "/t/adj/referee/rounds/1/boards/1", &adjourn)
        .await;

    // A visitor's result list and the player's own page.
    let (_, round) = app.get_html(&app.client, "/t/adj/rounds/1").await;
    assert_eq!(
        adjourned_notes(&round),
        ["adjourned — resumes at 2026-05-10 18:00"]
    );
    let rows: Vec<_> = round
        .select(&Selector::parse("[data-test=board]").unwrap())
        .map(|row| row.text().collect::<String>())
        .collect();
    assert!(rows[0].contains("2026-05-10 18:00") && !rows[1].contains("adjourned"));
    let json = get_json(&app, "/tournaments/adj/rounds/1").await;
    let game = &json["games"][0];
    assert_eq!(game["adjourned"], "2026-05-10 18:00");
    assert_eq!(game["result"], "?", "no result: not yet played");
    assert_eq!(json["games"][1]["adjourned"], Value::Null);
    let white = game["white"]["no"].as_u64().unwrap();
    let (_, player) = app
        .get_html(&app.client, &format!("/t/adj/players/{white}/games"))
        .await;
    assert_eq!(
        adjourned_notes(&player),
        ["adjourned — resumes at 2026-05-10 18:00"]
    );
    let (_, russian) = {
        let ru = app.new_client();
        let res = ru.get(app.url("/language/ru")).send().await.unwrap();
        assert_eq!(res.status(), 303);
        app.get_html(&ru, "/t/adj/rounds/1").await
    };
    assert_eq!(
        adjourned_notes(&russian),
        ["отложена — доигрывание: 2026-05-10 18:00"]
    );

    // Through the API, only to a published time.
    let api = app.api_as(&org).await;
    let log = |resumes: &str, version: &Value| {
        let act = json!({
            "version": version,
            "act": {"Adjourned": {"game": {"round": 1, "board": 2}, "resumes": resumes}}
        });
        let api = api.clone();
        async move { api.post("/tournaments/adj/log", act).await }
    };
    let (status, refused) = log("2026-05-10 20:00", &json["version"]).await;
    assert_eq!(status, 422);
    let detail = refused["message"].to_string();
    assert!(detail.contains("not one of the published"), "{detail}");
    let (status, _) = log("2026-05-11 09:00", &json["version"]).await;
    assert_eq!(status, 201);

    // A result ends the adjournment.
    app.post_ok(&org, "/t/adj/rounds/1/results", &[("board_1", "b")])
        .await;
    let (_, round) = app.get_html(&app.client, "/t/adj/rounds/1").await;
    assert_eq!(
        adjourned_notes(&round),
        ["adjourned — resumes at 2026-05-11 09:00"],
        "board 1 has its result; board 2 still waits"
    );
    let json = get_json(&app, "/tournaments/adj/rounds/1").await;
    assert_eq!(json["games"][0]["result"], "b");
    let (status, _) = log("2026-05-11 09:00", &json["version"]).await;
    assert_eq!(status, 201, "a resumed game may be adjourned again");
}

#[tokio::test]
async fn the_sealing_label_names_the_board_the_pairing_and_the_resumption_time() {
    let app = TestApp::start().await;
    let org = round_one(&app).await;
    let adjourn = [("act", "adjourn"), ("resumes", "2026-05-11 09:00")];
    app.post_ok(&org, "/t/adj/referee/rounds/1/boards/2", &adjourn)
        .await;
    let (_, board) = app.get_html(&org, "/t/adj/referee/rounds/1/boards/2").await;
    let link = board
        .select(&Selector::parse("[data-test=label-link]").unwrap())
        .next()
        .and_then(|a| a.value().attr("href"))
        .unwrap()
        .to_string();
    assert_eq!(link, "/t/adj/referee/rounds/1/boards/2/label");
    let (status, label) = app.get_html(&org, &link).await;
    assert_eq!(status, 200);
    let game = &get_json(&app, "/tournaments/adj/rounds/1").await["games"][1];
    let name = |colour: &str| game[colour]["name"].as_str().unwrap().to_string();
    assert_eq!(text(&label, "[data-test=label-round]").unwrap(), "1");
    assert_eq!(text(&label, "[data-test=label-board]").unwrap(), "2");
    let white = text(&label, "[data-test=label-white]").unwrap();
    let black = text(&label, "[data-test=label-black]").unwrap();
    assert!(white.starts_with(&name("white")), "{white}");
    assert!(black.starts_with(&name("black")), "{black}");
    assert_eq!(
        text(&label, "[data-test=label-resumes]").unwrap(),
        "2026-05-11 09:00"
    );
    // The label is the referees' to print, not a visitor's.
    let res = app.client.get(app.url(&link)).send().await.unwrap();
    assert_ne!(res.status(), 200);
}
