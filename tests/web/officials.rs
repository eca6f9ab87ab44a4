//! The officials through the API: roles given on the staff resource, a
//! sanction only from a referee (EGF GTR "Sanctions"), the doctor's
//! clearance and the chief referee's cancellation of a round (Ukrainian
//! rules V.3–V.7).

use crate::common;

use common::TestApp;
use common::api::Api;
use serde_json::json;

/// A warning on board 1 of round 1 as `api`'s account: its status.
async fn warn(api: &Api) -> u16 {
    let act = json!({ "Sanction": { "kind": { "Warning": {
        "game": { "round": 1, "board": 1 }, "players": "Both" } },
        "reason": "talking during the game" } });
    let version = api.version("").await;
    let body = json!({ "version": version, "act": act });
    api.post("/log", body).await.0
}

#[tokio::test]
async fn sanctions_clearances_and_cancellations_come_from_their_officials() {
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    for name in ["coorg", "ref", "doc", "sec"] {
        app.account(name, false, false).await;
    }
    let org_web = app.signed_in("org").await;
    app.tournament(&org_web, "officials")
        .called("Officials Cup")
        .await;
    let of = |api: Api| api.at("/tournaments/officials");
    let org = of(app.api_as(&org_web).await);

    // Whoever creates a tournament is its chief referee until they hand it on.
    let (status, staff) = org.get("/staff").await;
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
        assert_eq!(org.post("/staff", body).await.0, 201);
    }
    let unknown = json!({ "username": "nobody", "role": "referee" });
    assert_eq!(org.post("/staff", unknown).await.0, 422);
    let owner = json!({ "username": "ref", "role": "owner" });
    assert_eq!(org.post("/staff", owner).await.0, 422);

    // The chief secretary registers the players.
    let sec = of(app.api_for("sec").await);
    for (name, rank) in [("Ann", "2d"), ("Bob", "3k"), ("Cid", "5k"), ("Dan", "6k")] {
        let version = org.version("").await;
        let body = json!({ "version": version, "name": name, "rank": rank });
        assert_eq!(sec.post("/players", body).await.0, 201);
    }
    let version = org.version("").await;
    let body = json!({ "version": version });
    assert_eq!(org.post("/rounds", body).await.0, 201);

    // A warning is a referee's act: the co-organiser is refused, and so is
    // the owner once the chief referee's role is handed on.
    let (coorg, referee) = (of(app.api_for("coorg").await), of(app.api_for("ref").await));
    assert_eq!(warn(&coorg).await, 403);
    assert_eq!(warn(&referee).await, 201);
    let chief = json!({ "username": "ref", "role": "chief_referee" });
    assert_eq!(org.post("/staff", chief).await.0, 201);
    let status = org.delete("/staff/org/chief_referee").await.0;
    assert_eq!(status, 204);
    assert_eq!(warn(&org).await, 403);

    // The doctor clears; the chief secretary may not.
    let doc = of(app.api_for("doc").await);
    let clear = |version| json!({ "version": version, "cleared": true });
    let version = org.version("").await;
    let status = sec.put("/players/2/medical", clear(version)).await.0;
    assert_eq!(status, 403);
    assert_eq!(doc.put("/players/2/medical", clear(version)).await.0, 200);
    let (_, player) = org.get("/players").await;
    let bob = player["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["no"] == 2)
        .unwrap();
    assert_eq!(bob["checks"]["medical"], true, "{bob}");

    // The chief referee cancels round 1, results and all, with a reason.
    let version = org.version("").await;
    let result = json!({ "version": version, "result": "w" });
    let status = referee.put("/rounds/1/boards/1/result", result).await.0;
    assert_eq!(status, 200);
    let cancel = |version| json!({ "version": version, "reason": "the hall lost power" });
    let version = org.version("").await;
    assert_eq!(org.post("/rounds/1/cancel", cancel(version)).await.0, 403);
    let blank = json!({ "version": version, "reason": " " });
    assert_eq!(referee.post("/rounds/1/cancel", blank).await.0, 422);
    let log = json!({ "version": version, "act": { "RoundCancelled": {
        "round": 1, "reason": "by hand" } } });
    assert_eq!(referee.post("/log", log).await.0, 403);
    let status = referee.post("/rounds/1/cancel", cancel(version)).await.0;
    assert_eq!(
        status, 200,
        "the referee holds the chief referee's role now"
    );
    assert_eq!(org.get("/rounds/1").await.0, 404);
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
    let web = app.organiser("org").await;
    app.tournament(&web, "officials")
        .called("Officials Cup")
        .await;
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
    let saved = app.change_settings(&web, "officials", &criteria).await;
    assert_eq!(saved.status(), 303);
    let org = app.api_as(&web).await.at("/tournaments/officials");
    for (name, rank) in [("Ann", "2d"), ("Bob", "3k"), ("Cid", "5k"), ("Dan", "6k")] {
        let version = org.version("").await;
        let body = json!({ "version": version, "name": name, "rank": rank });
        assert_eq!(org.post("/players", body).await.0, 201);
    }
    let version = org.version("").await;
    assert_eq!(
        org.post("/rounds", json!({ "version": version })).await.0,
        201
    );
    let (_, round) = org.get("/rounds/1").await;
    let mut winners = Vec::new();
    let mut losers = Vec::new();
    for game in round["games"].as_array().unwrap() {
        let board = game["board"].as_u64().unwrap();
        let version = org.version("").await;
        let result = json!({ "version": version, "result": "w" });
        let path = format!("/rounds/1/boards/{board}/result");
        assert_eq!(org.put(&path, result).await.0, 200);
        winners.push(game["white"]["no"].as_u64().unwrap());
        losers.push(game["black"]["no"].as_u64().unwrap());
    }
    let play_off =
        |version, winner, loser| json!({ "version": version, "winner": winner, "loser": loser });
    let version = org.version("").await;
    let (status, refused) = org
        .post("/play-offs", play_off(version, winners[0], losers[1]))
        .await;
    assert_eq!(status, 422, "{refused}");
    let (status, answer) = org
        .post("/play-offs", play_off(version, winners[1], winners[0]))
        .await;
    assert_eq!(status, 200, "{answer}");
    let (_, standings) = org.get("/standings").await;
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
    let web = app.organiser("org").await;
    app.tournament(&web, "officials")
        .called("Officials Cup")
        .await;
    let bar = [("system", "mcmahon"), ("bar", "1d"), ("rounds", "3")];
    let saved = app.change_settings(&web, "officials", &bar).await;
    assert_eq!(saved.status(), 303);
    let org = app.api_as(&web).await.at("/tournaments/officials");
    for (name, rank) in [("Ann", "2d"), ("Bob", "12k")] {
        let version = org.version("").await;
        let body = json!({ "version": version, "name": name, "rank": rank });
        assert_eq!(org.post("/players", body).await.0, 201);
    }
    let skip = |version: i64, name: &str, rank: &str, reason: &str| {
        json!({ "version": version, "name": name, "rank": rank, "rounds": [1, 3],
            "absence_reason": reason })
    };
    let version = org.version("").await;
    let (status, refused) = org.put("/players/1", skip(version, "Ann", "2d", "")).await;
    assert_eq!(status, 422, "{refused}");
    let (status, _) = org
        .put("/players/1", skip(version, "Ann", "2d", "a doctor's note"))
        .await;
    assert_eq!(status, 200);
    let version = org.version("").await;
    let (status, _) = org.put("/players/2", skip(version, "Bob", "12k", "")).await;
    assert_eq!(status, 200, "far below the bar, no reason is asked");
    let (_, players) = org.get("/players").await;
    assert_eq!(players["players"][0]["rounds"], json!([1, 3]));
}
