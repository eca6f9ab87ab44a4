//! The officials through the API: roles given on the staff resource, a
//! sanction only from a referee (EGF GTR "Sanctions"), the doctor's
//! clearance and the chief referee's cancellation of a round (Ukrainian
//! rules V.3–V.7).

use crate::common;

use common::TestApp;
use serde_json::{Value, json};

async fn token(app: &TestApp, username: &str) -> String {
    let client = app.new_client();
    app.log_in(&client, username).await;
    let res = app
        .post_form(&client, "/account/tokens", &[("label", "test")])
        .await;
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    common::text(&page, "[data-test=new-token]").unwrap()
}

struct Api<'a> {
    app: &'a TestApp,
    http: reqwest::Client,
}

impl Api<'_> {
    async fn send(&self, method: &str, token: &str, path: &str, body: Value) -> (u16, Value) {
        let url = self
            .app
            .url(&format!("/api/v1/tournaments/officials{path}"));
        let request = match method {
            "GET" => self.http.get(url),
            "POST" => self.http.post(url).json(&body),
            "PUT" => self.http.put(url).json(&body),
            _ => self.http.delete(url),
        };
        let res = request.bearer_auth(token).send().await.unwrap();
        let status = res.status().as_u16();
        (status, res.json().await.unwrap_or(Value::Null))
    }

    async fn version(&self) -> i64 {
        let url = self.app.url("/api/v1/tournaments/officials");
        let t: Value = self
            .http
            .get(url)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        t["version"].as_i64().unwrap()
    }

    async fn warn(&self, token: &str) -> u16 {
        let act = json!({ "Sanction": { "kind": { "Warning": {
            "game": { "round": 1, "board": 1 }, "players": "Both" } },
            "reason": "talking during the game" } });
        let version = self.version().await;
        let body = json!({ "version": version, "act": act });
        self.send("POST", token, "/log", body).await.0
    }
}

#[tokio::test]
async fn sanctions_clearances_and_cancellations_come_from_their_officials() {
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    for name in ["coorg", "ref", "doc", "sec"] {
        app.account(name, false, false).await;
    }
    let org_web = app.new_client();
    app.log_in(&org_web, "org").await;
    let created = app
        .create_tournament(&org_web, "officials", "Officials Cup")
        .await;
    assert_eq!(created.status(), 303);
    let org = token(&app, "org").await;
    let api = Api {
        app: &app,
        http: reqwest::Client::new(),
    };

    // Whoever creates a tournament is its chief referee until they hand it on.
    let (status, staff) = api.send("GET", &org, "/staff", Value::Null).await;
    assert_eq!(status, 200);
    assert_eq!(
        staff,
        json!([{ "username": "org", "role": "chief_referee" }])
    );
    for (username, role) in [
        ("coorg", "co_organiser"),
        ("ref", "referee"),
        ("doc", "doctor"),
        ("sec", "secretary"),
    ] {
        let body = json!({ "username": username, "role": role });
        assert_eq!(api.send("POST", &org, "/staff", body).await.0, 201);
    }
    let unknown = json!({ "username": "nobody", "role": "referee" });
    assert_eq!(api.send("POST", &org, "/staff", unknown).await.0, 422);
    let owner = json!({ "username": "ref", "role": "owner" });
    assert_eq!(api.send("POST", &org, "/staff", owner).await.0, 422);

    // The chief secretary registers the players.
    let sec = token(&app, "sec").await;
    for (name, rank) in [("Ann", "2d"), ("Bob", "3k"), ("Cid", "5k"), ("Dan", "6k")] {
        let version = api.version().await;
        let body = json!({ "version": version, "name": name, "rank": rank });
        assert_eq!(api.send("POST", &sec, "/players", body).await.0, 201);
    }
    let version = api.version().await;
    let body = json!({ "version": version });
    assert_eq!(api.send("POST", &org, "/rounds", body).await.0, 201);

    // A warning is a referee's act: the co-organiser is refused, and so is
    // the owner once the chief referee's role is handed on.
    let (coorg, referee) = (token(&app, "coorg").await, token(&app, "ref").await);
    assert_eq!(api.warn(&coorg).await, 403);
    assert_eq!(api.warn(&referee).await, 201);
    let chief = json!({ "username": "ref", "role": "chief_referee" });
    assert_eq!(api.send("POST", &org, "/staff", chief).await.0, 201);
    let status = api
        .send("DELETE", &org, "/staff/org/chief_referee", Value::Null)
        .await
        .0;
    assert_eq!(status, 204);
    assert_eq!(api.warn(&org).await, 403);

    // The doctor clears; the chief secretary may not.
    let doc = token(&app, "doc").await;
    let clear = |version| json!({ "version": version, "cleared": true });
    let version = api.version().await;
    let status = api
        .send("PUT", &sec, "/players/2/medical", clear(version))
        .await
        .0;
    assert_eq!(status, 403);
    assert_eq!(
        api.send("PUT", &doc, "/players/2/medical", clear(version))
            .await
            .0,
        200
    );
    let (_, player) = api.send("GET", &org, "/players", Value::Null).await;
    let bob = player["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["no"] == 2)
        .unwrap();
    assert_eq!(bob["checks"]["medical"], true, "{bob}");

    // The chief referee cancels round 1, results and all, with a reason.
    let version = api.version().await;
    let result = json!({ "version": version, "result": "w" });
    let status = api
        .send("PUT", &referee, "/rounds/1/boards/1/result", result)
        .await
        .0;
    assert_eq!(status, 200);
    let cancel = |version| json!({ "version": version, "reason": "the hall lost power" });
    let version = api.version().await;
    assert_eq!(
        api.send("POST", &org, "/rounds/1/cancel", cancel(version))
            .await
            .0,
        403
    );
    let blank = json!({ "version": version, "reason": " " });
    assert_eq!(
        api.send("POST", &referee, "/rounds/1/cancel", blank)
            .await
            .0,
        422
    );
    let log = json!({ "version": version, "act": { "RoundCancelled": {
        "round": 1, "reason": "by hand" } } });
    assert_eq!(api.send("POST", &referee, "/log", log).await.0, 403);
    let status = api
        .send("POST", &referee, "/rounds/1/cancel", cancel(version))
        .await
        .0;
    assert_eq!(
        status, 200,
        "the referee holds the chief referee's role now"
    );
    assert_eq!(api.send("GET", &org, "/rounds/1", Value::Null).await.0, 404);
    let (_, page) = app.get_html(&org_web, "/t/officials/referee/log").await;
    let log = common::text(&page, "main").unwrap();
    assert!(
        log.contains("Round 1 cancelled by the chief referee")
            && log.contains("the hall lost power"),
        "{log}"
    );
}

/// Ukrainian rules III.3.5 (testable rule 39): a play-off between tied
/// players, recorded through the API, orders them in the standings; one
/// between players who are not tied is refused.
#[tokio::test]
async fn a_play_off_between_tied_players_orders_them_in_the_standings() {
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    let web = app.new_client();
    app.log_in(&web, "org").await;
    let created = app
        .create_tournament(&web, "officials", "Officials Cup")
        .await;
    assert_eq!(created.status(), 303);
    // The Swiss presets leave PLAYOFF out: the organiser puts it in.
    let criteria = [
        ("system", "swiss"),
        ("criterion_1", "NBW"),
        ("criterion_2", "PLAYOFF"),
        ("criterion_3", ""),
        ("criterion_4", ""),
        ("criterion_5", ""),
        ("criterion_6", ""),
    ];
    let saved = app
        .submit(
            &web,
            "/t/officials/settings",
            "[data-test=tournament-form]",
            "/t/officials/settings",
            &criteria,
        )
        .await;
    assert_eq!(saved.status(), 303);
    let org = token(&app, "org").await;
    let api = Api {
        app: &app,
        http: reqwest::Client::new(),
    };
    for (name, rank) in [("Ann", "2d"), ("Bob", "3k"), ("Cid", "5k"), ("Dan", "6k")] {
        let version = api.version().await;
        let body = json!({ "version": version, "name": name, "rank": rank });
        assert_eq!(api.send("POST", &org, "/players", body).await.0, 201);
    }
    let version = api.version().await;
    assert_eq!(
        api.send("POST", &org, "/rounds", json!({ "version": version }))
            .await
            .0,
        201
    );
    let (_, round) = api.send("GET", &org, "/rounds/1", Value::Null).await;
    let mut winners = Vec::new();
    let mut losers = Vec::new();
    for game in round["games"].as_array().unwrap() {
        let board = game["board"].as_u64().unwrap();
        let version = api.version().await;
        let result = json!({ "version": version, "result": "w" });
        let path = format!("/rounds/1/boards/{board}/result");
        assert_eq!(api.send("PUT", &org, &path, result).await.0, 200);
        winners.push(game["white"]["no"].as_u64().unwrap());
        losers.push(game["black"]["no"].as_u64().unwrap());
    }
    let play_off =
        |version, winner, loser| json!({ "version": version, "winner": winner, "loser": loser });
    let version = api.version().await;
    let (status, refused) = api
        .send(
            "POST",
            &org,
            "/play-offs",
            play_off(version, winners[0], losers[1]),
        )
        .await;
    assert_eq!(status, 422, "{refused}");
    let (status, answer) = api
        .send(
            "POST",
            &org,
            "/play-offs",
            play_off(version, winners[1], winners[0]),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let (_, standings) = api.send("GET", &org, "/standings", Value::Null).await;
    let first = &standings["rows"][0];
    assert_eq!(first["no"].as_u64(), Some(winners[1]), "{standings}");
    assert_eq!(standings["rows"][1]["no"].as_u64(), Some(winners[0]));
    let (status, page) = app
        .get_html(&app.new_client(), "/t/officials/play-offs")
        .await;
    assert_eq!(status, 200);
    let listed = common::text(&page, "[data-test=play-offs]").unwrap();
    assert!(listed.contains("beat"), "{listed}");
}

/// RFG 21.2, EGF GTR "Top groups", Ukrainian IV.4 through the API: a
/// top-group player leaves a round out only with a reason, kept in the
/// audit log; a player far below the bar needs none.
#[tokio::test]
async fn through_the_api_a_top_group_player_skips_a_round_only_with_a_reason() {
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    let web = app.new_client();
    app.log_in(&web, "org").await;
    let created = app
        .create_tournament(&web, "officials", "Officials Cup")
        .await;
    assert_eq!(created.status(), 303);
    let bar = [("system", "mcmahon"), ("bar", "1d"), ("rounds", "3")];
    let saved = app
        .submit(
            &web,
            "/t/officials/settings",
            "[data-test=tournament-form]",
            "/t/officials/settings",
            &bar,
        )
        .await;
    assert_eq!(saved.status(), 303);
    let org = token(&app, "org").await;
    let api = Api {
        app: &app,
        http: reqwest::Client::new(),
    };
    for (name, rank) in [("Ann", "2d"), ("Bob", "12k")] {
        let version = api.version().await;
        let body = json!({ "version": version, "name": name, "rank": rank });
        assert_eq!(api.send("POST", &org, "/players", body).await.0, 201);
    }
    let skip = |version: i64, name: &str, rank: &str, reason: &str| {
        json!({ "version": version, "name": name, "rank": rank, "rounds": [1, 3],
            "absence_reason": reason })
    };
    let version = api.version().await;
    let (status, refused) = api
        .send("PUT", &org, "/players/1", skip(version, "Ann", "2d", ""))
        .await;
    assert_eq!(status, 422, "{refused}");
    let (status, _) = api
        .send(
            "PUT",
            &org,
            "/players/1",
            skip(version, "Ann", "2d", "a doctor's note"),
        )
        .await;
    assert_eq!(status, 200);
    let version = api.version().await;
    let (status, _) = api
        .send("PUT", &org, "/players/2", skip(version, "Bob", "12k", ""))
        .await;
    assert_eq!(status, 200, "far below the bar, no reason is asked");
    let (_, players) = api.send("GET", &org, "/players", Value::Null).await;
    assert_eq!(players["players"][0]["rounds"], json!([1, 3]));
}
