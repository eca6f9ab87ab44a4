//! A team event through the JSON API: teams registered, changed and
//! deleted, line-ups submitted (a bad one refused with its article, a late
//! one shown to the staff), the teams paired, and who may read or write.

use crate::common;

use common::TestApp;
use common::api::{Api, version};
use serde_json::{Value, json};

/// The tournament's teams, which `api` must be let read.
async fn team_list(api: &Api) -> Value {
    api.read("/teams").await
}

#[tokio::test]
async fn the_staff_run_teams_and_line_ups_through_the_api() {
    let app = TestApp::start().await;
    let (org, guest) = (app.organiser("org").await, app.person("guest").await);
    let made = json!({ "name": "Team Cup", "short_name": "team-cup", "system": "Swiss" });
    let staff = app.api_as(&org).await.create(made).await;
    let stranger = app.api_as(&guest).await.at("/tournaments/team-cup");
    let nobody = app.api().at("/tournaments/team-cup");
    let (status, answer) = staff
        .change_settings(|body| body["settings"]["teams"]["team_size"] = json!(3))
        .await;
    assert_eq!(status, 200, "{answer}");
    let mut v = version(&answer);
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

    // The line-up page says when the line-up is due: from the referee's
    // start until the programme gives the round one, then from that.
    let page = "/t/team-cup/teams/1/lineup?round=1";
    let deadline = |page: scraper::Html| common::text(&page, "[data-test=deadline]").unwrap();
    let said = deadline(app.get_html(&org, page).await.1);
    assert!(said.contains("from the referee's start"), "{said}");
    let start = json!({ "version": v, "start": "2027-05-10 10:00" });
    v = version(&staff.ok("PUT", "/rounds/1/start", start).await);
    let said = deadline(app.get_html(&org, page).await.1);
    assert!(
        said.contains("starts at 10:00") && said.contains("due by 09:45"),
        "{said}"
    );
    // Cleared again: the lateness below counts from the referee's start.
    let cleared = json!({ "version": v, "start": null });
    v = version(&staff.ok("PUT", "/rounds/1/start", cleared).await);

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

    let list = team_list(&staff).await;
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
    let public = team_list(&nobody).await;
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
    let round: Value = staff.get("/rounds/1").await.1;
    assert_eq!(round["games"].as_array().unwrap().len(), 3, "{round}");
    let list = team_list(&staff).await;
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
    let list = team_list(&staff).await;
    let late = &list["teams"][0]["line_ups"][0];
    assert_eq!(late["boards"], json!([1, 3, 2]));
    assert!(
        late["filed"]["late_minutes"]
            .as_u64()
            .is_some_and(|m| m >= 15),
        "{late}"
    );

    v = version(
        &staff
            .ok("POST", "/rounds/1/publish", json!({ "version": v }))
            .await,
    );
    let public = team_list(&nobody).await;
    assert_eq!(public["version"], v);
    let line_up = &public["teams"][0]["line_ups"][0];
    assert_eq!(line_up["boards"], json!([1, 3, 2]), "public with its round");
    assert_eq!(line_up["filed"], Value::Null, "lateness is the staff's");
}
