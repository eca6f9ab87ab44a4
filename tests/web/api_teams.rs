//! A team event through the JSON API: teams registered, changed and
//! deleted, line-ups submitted (a bad one refused with its article, a late
//! one shown to the staff), the teams paired, and who may read or write.

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

/// The tournament's API as one account, or as nobody.
struct Api {
    http: reqwest::Client,
    base: String,
    bearer: Option<String>,
}

impl Api {
    async fn send(&self, method: &str, path: &str, body: Value) -> (u16, Value) {
        let mut req = self
            .http
            .request(method.parse().unwrap(), format!("{}{path}", self.base))
            .json(&body);
        if let Some(bearer) = &self.bearer {
            req = req.bearer_auth(bearer);
        }
        let res = req.send().await.unwrap();
        let status = res.status().as_u16();
        (status, res.json().await.unwrap())
    }

    /// A write that must succeed, and its answer.
    async fn ok(&self, method: &str, path: &str, body: Value) -> Value {
        let (status, answer) = self.send(method, path, body).await;
        assert!(
            status == 200 || status == 201,
            "{method} {path}: {status} {answer}"
        );
        answer
    }

    async fn teams(&self) -> Value {
        let (status, list) = self.send("GET", "/teams", Value::Null).await;
        assert_eq!(status, 200, "{list}");
        list
    }
}

fn version(answer: &Value) -> i64 {
    answer["version"].as_i64().unwrap()
}

#[tokio::test]
async fn the_staff_run_teams_and_line_ups_through_the_api() {
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    app.account("guest", false, false).await;
    let (org, guest) = (app.new_client(), app.new_client());
    app.log_in(&org, "org").await;
    app.log_in(&guest, "guest").await;
    let base = app.url("/api/v1/tournaments/team-cup");
    let as_ = |bearer: Option<String>| Api {
        http: reqwest::Client::new(),
        base: base.clone(),
        bearer,
    };
    let staff = as_(Some(token(&app, &org).await));
    let stranger = as_(Some(token(&app, &guest).await));
    let nobody = as_(None);

    let made = Api {
        base: app.url("/api/v1/tournaments"),
        ..as_(staff.bearer.clone())
    }
    .ok(
        "POST",
        "",
        json!({ "name": "Team Cup", "short_name": "team-cup", "system": "Swiss" }),
    )
    .await;
    let (_, detail) = staff.send("GET", "", Value::Null).await;
    let mut settings = detail["settings"].clone();
    settings["teams"]["team_size"] = json!(3);
    let header = json!({ "time_zone": "UTC", "registration_open": false, "is_public": true,
        "late_forfeit_minutes": 60, "schedule": "" });
    let body = json!({ "version": version(&made), "settings": settings, "header": header });
    let mut v = version(&staff.ok("PUT", "/settings", body).await);
    for n in 1..=9 {
        let body = json!({ "version": v, "name": format!("Player{n}"), "rank": format!("{n}k") });
        v = version(&staff.ok("POST", "/players", body).await);
    }

    // Registered, changed, and one deleted while nothing is paired.
    let team = |v: i64, name: &str, members: [u32; 3]| json!({ "version": v, "name": name, "members": members, "captain": members[0] });
    let (status, refused) = nobody
        .send("POST", "/teams", team(v, "Club A", [1, 2, 3]))
        .await;
    assert_eq!(status, 401, "an anonymous write is refused: {refused}");
    let (status, refused) = staff
        .send(
            "POST",
            "/teams",
            json!({ "version": v, "name": "Pair", "members": [1, 2] }),
        )
        .await;
    assert_eq!(status, 422, "too few members for three boards");
    assert!(refused["detail"].as_str().unwrap().starts_with("members: "));
    for (n, (name, members)) in [
        ("Club A", [1, 2, 3]),
        ("Club B", [4, 5, 6]),
        ("Club C", [7, 8, 9]),
    ]
    .into_iter()
    .enumerate()
    {
        let (status, added) = staff.send("POST", "/teams", team(v, name, members)).await;
        assert_eq!(status, 201, "{added}");
        assert_eq!(added["number"], n as u64 + 1);
        v = version(&added);
    }
    let changed = staff
        .ok("PUT", "/teams/2", team(v, "Club Bee", [4, 5, 6]))
        .await;
    assert_eq!(changed["number"], 2);
    v = version(&changed);
    v = version(
        &staff
            .ok("DELETE", "/teams/3", json!({ "version": v }))
            .await,
    );

    // Line-ups before the round is paired.
    let (status, refused) = nobody
        .send(
            "PUT",
            "/teams/1/lineups/1",
            json!({ "version": v, "boards": [3, 1, 2] }),
        )
        .await;
    assert_eq!(status, 401, "{refused}");
    let (status, refused) = stranger
        .send(
            "PUT",
            "/teams/1/lineups/1",
            json!({ "version": v, "boards": [3, 1, 2] }),
        )
        .await;
    assert_eq!(status, 403, "an account not on the staff: {refused}");
    let (status, refused) = staff
        .send(
            "PUT",
            "/teams/1/lineups/1",
            json!({ "version": v, "boards": [1, 1, 2] }),
        )
        .await;
    assert_eq!(status, 422, "{refused}");
    let detail = refused["detail"].as_str().unwrap();
    assert!(
        detail.starts_with("boards: ") && detail.contains("RFG App. 4 §1.2"),
        "the same player twice, with its article: {detail}"
    );
    let body = json!({ "version": v, "boards": [3, 1, 2] });
    let seen = v;
    v = version(&staff.ok("PUT", "/teams/1/lineups/1", body).await);
    let (status, _) = staff
        .send(
            "PUT",
            "/teams/1/lineups/1",
            json!({ "version": seen, "boards": [2, 1, 3] }),
        )
        .await;
    assert_eq!(
        status, 409,
        "a line-up based on a version before the last one"
    );

    let list = staff.teams().await;
    assert_eq!(list["version"], v);
    let teams = list["teams"].as_array().unwrap();
    assert_eq!(teams.len(), 2, "{list}");
    assert_eq!(teams[1]["name"], "Club Bee");
    assert_eq!(teams[0]["members"], json!([1, 2, 3]));
    assert_eq!(teams[0]["reserves"], json!([]));
    assert_eq!(teams[0]["captain"], 1);
    assert_eq!(
        teams[0]["line_ups"],
        json!([{ "round": 1, "boards": [3, 1, 2],
            "filed": { "by_captain": false, "late_minutes": null } }])
    );
    let public = nobody.teams().await;
    assert_eq!(public["teams"][0]["members"], json!([1, 2, 3]));
    assert_eq!(
        public["teams"][0]["line_ups"],
        json!([]),
        "a line-up is not public before its round is"
    );

    // Paired: the teams' boards; a team that has played stays.
    let paired = staff.ok("POST", "/rounds", json!({})).await;
    assert_eq!(paired["round"], 1);
    v = version(&paired);
    let (status, refused) = staff
        .send("DELETE", "/teams/1", json!({ "version": v }))
        .await;
    assert_eq!(status, 422, "{refused}");
    assert!(refused["detail"].as_str().unwrap().contains("round 1"));
    let (status, refused) = staff
        .send("PUT", "/teams/1", team(v, "Club A", [4, 5, 6]))
        .await;
    assert_eq!(status, 422, "a member who played stays: {refused}");
    let round: Value = staff.send("GET", "/rounds/1", Value::Null).await.1;
    assert_eq!(round["games"].as_array().unwrap().len(), 3, "{round}");
    let list = staff.teams().await;
    assert_eq!(
        list["teams"][1]["line_ups"][0]["filed"],
        Value::Null,
        "Club Bee submitted none: it plays the one recorded at pairing"
    );

    // Submitted after the round started: taken, and late for the referee.
    let start = json!({ "StartRound": { "round": 1, "board": null } });
    v = version(
        &staff
            .ok("POST", "/log", json!({ "version": v, "act": start }))
            .await,
    );
    let body = json!({ "version": v, "boards": [1, 3, 2] });
    v = version(&staff.ok("PUT", "/teams/1/lineups/1", body).await);
    let list = staff.teams().await;
    let late = &list["teams"][0]["line_ups"][0];
    assert_eq!(late["boards"], json!([1, 3, 2]));
    assert!(
        late["filed"]["late_minutes"].as_u64().unwrap() >= 15,
        "{late}"
    );

    v = version(
        &staff
            .ok("POST", "/rounds/1/publish", json!({ "version": v }))
            .await,
    );
    let public = nobody.teams().await;
    assert_eq!(public["version"], v);
    let line_up = &public["teams"][0]["line_ups"][0];
    assert_eq!(line_up["boards"], json!([1, 3, 2]), "public with its round");
    assert_eq!(line_up["filed"], Value::Null, "lateness is the staff's");
}
