//! Issue 30, item 6: a program runs a tournament through the API alone and
//! takes its files from there: the same bytes the organiser downloads from
//! the pages, and an import of any of them that stores all or nothing.

use crate::common;

use common::TestApp;
use common::api::Api;
use serde_json::{Value, json};

/// The bytes of `GET path` through `request`.
async fn bytes(request: reqwest::RequestBuilder) -> (u16, Vec<u8>) {
    let res = request.send().await.unwrap();
    (res.status().as_u16(), res.bytes().await.unwrap().to_vec())
}

/// A MacMahon file without the moments it was saved (`LastUpdated`,
/// `CreationTime`), which two downloads a second apart do not share.
fn undated(file: &[u8]) -> String {
    let text = String::from_utf8(file.to_vec()).unwrap();
    let dated = |l: &&str| l.contains("<LastUpdated>") || l.contains("<CreationTime>");
    let lines: Vec<&str> = text.lines().filter(|l| !dated(l)).collect();
    assert!(lines.len() + 1 < text.lines().count(), "the file is dated");
    lines.join("\n")
}

/// A tournament of four with round 1 played, made through the API alone.
async fn played(api: &Api) -> Api {
    let made =
        json!({ "name": "Files Cup", "short_name": "files", "system": "McMahon", "rounds": 3 });
    let cup = api.create(made).await;
    for (name, rank) in [
        ("Alpha", "3d"),
        ("Bravo", "1d"),
        ("Charlie", "2k"),
        ("Delta", "5k"),
    ] {
        let (status, answer) = cup
            .register(json!({ "name": name, "first_name": "T", "rank": rank }))
            .await;
        assert_eq!(status, 201, "{answer}");
    }
    let (status, answer) = cup.write("POST", "/rounds", json!({})).await;
    assert_eq!(status, 201, "{answer}");
    let results =
        json!({ "results": [{ "board": 1, "result": "w" }, { "board": 2, "result": "b" }] });
    let (status, answer) = cup.write("POST", "/rounds/1/results", results).await;
    assert_eq!(status, 200, "{answer}");
    cup
}

#[tokio::test]
async fn every_file_through_the_api_is_the_pages_download_and_imports_back() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let api = app.api_as(&org).await;
    let cup = played(&api).await;
    for (name, page) in [
        ("opengotha.xml", "opengotha.xml"),
        ("macmahon.xml", "macmahon.xml"),
        ("tournament.json", "tournament.json"),
        ("results.h9", "results.h9"),
        ("results.tou", "results.tou"),
    ] {
        let (status, from_api) = bytes(cup.request("GET", &format!("/files/{name}"))).await;
        assert_eq!(status, 200, "{name}");
        let from_page = org.get(app.url(&format!("/t/files/export/{page}")));
        let (status, from_page) = bytes(from_page).await;
        assert_eq!(status, 200, "{page}");
        if name == "macmahon.xml" {
            assert_eq!(undated(&from_api), undated(&from_page));
        } else if name == "tournament.json" {
            // The archive says when it was exported; the rest is the same.
            let (mut a, mut b): (Value, Value) = (
                serde_json::from_slice(&from_api).unwrap(),
                serde_json::from_slice(&from_page).unwrap(),
            );
            a["exported_at"] = Value::Null;
            b["exported_at"] = Value::Null;
            assert_eq!(a, b);
        } else {
            assert_eq!(from_api, from_page, "{name}");
        }
        // Every whole-tournament file imports back as a new tournament
        // with the same standings.
        if name.ends_with(".xml") || name.ends_with(".json") || name.ends_with(".h9") {
            let short = format!("copy-{}", name.replace('.', "-"));
            let import = api
                .request(
                    "POST",
                    &format!("/tournaments/import?short_name={short}&time_zone=UTC"),
                )
                .header("Content-Type", "application/octet-stream")
                .body(from_api.clone());
            let res = import.send().await.unwrap();
            let status = res.status().as_u16();
            let answer: Value = res.json().await.unwrap();
            assert_eq!(status, 201, "{name}: {answer}");
            assert_eq!(answer["short_name"], short.as_str());
            let places = |standings: Value| {
                (standings["rows"].as_array().unwrap().iter())
                    .map(|r| (r["name"].clone(), r["place"].clone()))
                    .collect::<Vec<_>>()
            };
            let copy = api.at(&format!("/tournaments/{short}"));
            assert_eq!(
                places(copy.read("/standings").await),
                places(cup.read("/standings").await),
                "{name}"
            );
        }
    }
    // An h9 file in the federation's own encoding.
    let (status, latin) = bytes(cup.request("GET", "/files/results.h9?encoding=iso-8859-15")).await;
    assert_eq!(status, 200);
    assert!(
        String::from_utf8(latin).is_ok(),
        "these names are ASCII either way"
    );
    let (status, refused) = cup.get("/files/results.h9?encoding=koi8-r").await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(cup.get("/files/results.pdf").await.0, 404);
}

#[tokio::test]
async fn a_refused_import_through_the_api_names_its_problem_and_stores_nothing() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let api = app.api_as(&org).await.lang("ru");
    let count = |list: Value| list["tournaments"].as_array().map_or(0, Vec::len);
    let before = count(api.read("/tournaments").await);
    let send = |file: &'static [u8]| {
        api.request("POST", "/tournaments/import")
            .header("Content-Type", "application/octet-stream")
            .body(file)
    };
    // An OpenGotha file with a bad line: all or nothing, the line named.
    let bad = b"<?xml version=\"1.0\"?>\n<Tournament dataVersion=\"201\">\n<Players>\n<Player name=\"A\" firstName=\"B\" rank=\"99x\"/>\n</Players>\n</Tournament>\n";
    let res = send(bad).send().await.unwrap();
    assert_eq!(res.status(), 422);
    let answer: Value = res.json().await.unwrap();
    assert_eq!(answer["error"], "error.import", "{answer}");
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .chars()
            .any(|c| ('а'..='я').contains(&c)),
        "in Russian: {answer}"
    );
    // A file of no program Tengen reads.
    let res = send(b"hello").send().await.unwrap();
    assert_eq!(res.status(), 422);
    assert_eq!(
        count(api.read("/tournaments").await),
        before,
        "nothing stored"
    );
    // Only an organiser imports.
    let guest = app.person("guest").await;
    let guest = app.api_as(&guest).await;
    let res = guest
        .request("POST", "/tournaments/import")
        .header("Content-Type", "application/octet-stream")
        .body(&b"<Tournament/>"[..])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 403);
}

/// The file `name` of the tournament at `api`, through the API.
async fn file(api: &Api, name: &str) -> Vec<u8> {
    let (status, bytes) = bytes(api.request("GET", &format!("/files/{name}"))).await;
    assert_eq!(status, 200, "{name}");
    bytes
}

/// Issue 30: a whole event through the API alone: imported from a file,
/// players registered, rounds paired and played, a referee's warning and a
/// forfeit, an appeal decided by the committee, the log, the appeals and
/// the audit log read back, and the final files the same as the pages'.
#[tokio::test]
async fn a_whole_event_runs_through_the_api_alone() {
    let app = TestApp::start().await;
    let org_browser = app.organiser("org").await;
    app.account("judge", false, false).await;
    let api = app.api_as(&org_browser).await;
    // The starting file: another program's OpenGotha file of four players.
    let seed = played(&api).await;
    let opengotha = file(&seed, "opengotha.xml").await;
    let res = api
        .request(
            "POST",
            "/tournaments/import?short_name=event&time_zone=Europe/Kyiv",
        )
        .header("Content-Type", "application/octet-stream")
        .body(opengotha)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let event = api.at("/tournaments/event");
    for (name, rank) in [("Echo", "4k"), ("Foxtrot", "6k")] {
        let (status, answer) = event
            .register(json!({ "name": name, "first_name": "T", "rank": rank }))
            .await;
        assert_eq!(status, 201, "{answer}");
    }
    let judges = ["Judge One", "Judge Two", "Judge Three"];
    let (status, answer) = event.fix_committee(&judges, &["Judge Four"]).await;
    assert_eq!(status, 200, "{answer}");
    let role = json!({ "username": "judge", "role": "appeals_member" });
    assert_eq!(event.post("/staff", role).await.0, 201);

    // Round 2 (the file brought round 1): paired, a warning and a forfeit
    // logged by the chief referee (the organiser, who created it).
    let (status, paired) = event.write("POST", "/rounds", json!({})).await;
    assert_eq!(
        (status, paired["round"].clone()),
        (201, json!(2)),
        "{paired}"
    );
    let round = event.read("/rounds/2").await;
    let white = round["games"][0]["white"]["no"].as_u64().unwrap();
    let game = json!({ "round": 2, "board": 1 });
    let warning = json!({ "Sanction": { "kind": { "Warning": { "game": game,
        "players": { "One": white } } }, "reason": "talking", "violation": null } });
    let (status, answer) = event.write("POST", "/log", json!({ "act": warning })).await;
    assert_eq!(status, 201, "{answer}");
    let forfeit = json!({ "Sanction": { "kind": { "GameForfeit": { "game": game,
        "players": { "One": white } } }, "reason": "phone rang", "violation": null } });
    let (status, answer) = event.write("POST", "/log", json!({ "act": forfeit })).await;
    assert_eq!(status, 201, "{answer}");
    let results: Vec<Value> = (2..=3)
        .map(|b| json!({ "board": b, "result": "w" }))
        .collect();
    let (status, answer) = event
        .write("POST", "/rounds/2/results", json!({ "results": results }))
        .await;
    assert_eq!(status, 200, "{answer}");

    // White appeals the forfeit; the committee rejects the appeal: the
    // forfeit stands.
    let filing = json!({ "appellant": { "Player": white }, "appealed": { "Entry": 2 },
        "grounds": "the phone was not mine", "affects_prizes": false });
    let (status, filed) = event.write("POST", "/appeals", filing).await;
    assert_eq!(status, 201, "{filed}");
    let judge = app.api_for("judge").await.at("/tournaments/event");
    assert_eq!(
        judge.write("POST", "/appeals/1/review", json!({})).await.0,
        200
    );
    let decision = json!({ "outcome": "Rejected", "reasons": "the referee heard it ring",
        "signed_by": judges });
    assert_eq!(
        judge.write("POST", "/appeals/1/decision", decision).await.0,
        200
    );

    // What was recorded, read back.
    let log = event.read("/log").await;
    let acts: Vec<&str> = (log["entries"].as_array().unwrap().iter())
        .map(|e| e["words"].as_str().unwrap())
        .collect();
    assert_eq!(acts.len(), 2, "the warning and the forfeit: {log}");
    assert!(
        acts.iter().any(|w| w.to_lowercase().contains("warning")),
        "{acts:?}"
    );
    let appeals = judge.read("/appeals").await;
    assert_eq!(
        appeals["appeals"][0]["status"], "appeals.outcome.rejected",
        "{appeals}"
    );
    let (status, _) = judge.get("/audit").await;
    assert_eq!(status, 403, "the audit log is the organisers'");
    let audit = event.read("/audit").await;
    let actions: Vec<&str> = (audit.as_array().unwrap().iter())
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert!(actions.contains(&"tournament.import"), "{actions:?}");
    let unworded =
        (audit.as_array().unwrap().iter()).find(|e| e["words"].as_str().unwrap_or("").is_empty());
    assert!(unworded.is_none(), "every change in words: {unworded:?}");
    assert!(
        actions.iter().any(|a| a.starts_with("appeals.")),
        "{actions:?}"
    );

    // The last round, then the final files: the same as the pages give.
    let (status, _) = event.write("POST", "/rounds", json!({})).await;
    assert_eq!(status, 201);
    let results: Vec<Value> = (1..=3)
        .map(|b| json!({ "board": b, "result": "b" }))
        .collect();
    let (status, answer) = event
        .write("POST", "/rounds/3/results", json!({ "results": results }))
        .await;
    assert_eq!(status, 200, "{answer}");
    for name in ["opengotha.xml", "results.h9", "results.tou"] {
        let from_page = org_browser.get(app.url(&format!("/t/event/export/{name}")));
        let (status, from_page) = bytes(from_page).await;
        assert_eq!(status, 200, "{name}");
        assert_eq!(file(&event, name).await, from_page, "{name}");
    }
    let h9 = String::from_utf8(file(&event, "results.h9").await).unwrap();
    assert!(
        h9.contains("Foxtrot"),
        "the players registered through the API are rated"
    );
}
