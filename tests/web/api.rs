//! The JSON API: public reads, bearer-token writes, and a stale version
//! refused with 409 without any change.

use crate::common;

use common::TestApp;
use common::api::Api;
use serde_json::{Value, json};

#[tokio::test]
async fn a_program_registers_players_reads_pairings_and_enters_results() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    app.tournament(&org, "api-cup").called("API Cup").await;
    let api = app.api_as(&org).await.at("/tournaments/api-cup");
    let public = app.api().at("/tournaments/api-cup");

    let mut version = public.version("").await;
    for (name, rank) in [("Ann", "2d"), ("Bob", "3k")] {
        let body = json!({ "version": version, "name": name, "rank": rank });
        let (status, answer) = api.post("/players", body).await;
        assert_eq!(status, 201);
        version = common::api::version(&answer);
    }
    let stale = json!({ "version": version - 1, "name": "Stale", "rank": "1k" });
    let (status, answer) = api.post("/players", stale).await;
    assert_eq!(status, 409, "a write based on an old version is refused");
    // Issue 29, item 8: the conflict says what changed, not `detail: null`.
    assert_eq!(
        answer["detail"],
        format!("changed since: the list of players; the tournament is at version {version}")
    );
    let nobody = json!({ "version": version, "name": "Nobody", "rank": "1k" });
    assert_eq!(public.post("/players", nobody).await.0, 401);
    let odd = json!({ "version": version, "name": "Odd", "rank": "strong" });
    let (status, answer) = api.post("/players", odd).await;
    assert_eq!(status, 422);
    assert!(answer["detail"].as_str().unwrap().contains("rank"));
    let long = "L".repeat(61);
    let long = json!({ "version": version, "name": long, "rank": "1k" });
    assert_eq!(
        api.post("/players", long).await.0,
        422,
        "the player form's length limits hold here too"
    );
    let (_, players) = public.get("/players").await;
    assert_eq!(
        players["players"].as_array().unwrap().len(),
        2,
        "neither refused write left a player"
    );

    app.post_ok(&org, "/t/api-cup/rounds/pair", &[]).await;
    let (status, _) = public.get("/rounds/1").await;
    assert_eq!(status, 404, "unpublished rounds are not public");
    app.post_ok(&org, "/t/api-cup/rounds/1/publish", &[]).await;
    let (_, round) = public.get("/rounds/1").await;
    assert_eq!(round["games"][0]["result"], "?");
    let version = round["version"].as_i64().unwrap();

    let path = "/rounds/1/boards/1/result";
    let white_wins = json!({ "version": version, "result": "w" });
    assert_eq!(api.put(path, white_wins).await.0, 200);
    let black_wins = json!({ "version": version, "result": "b" });
    let (status, answer) = api.put(path, black_wins).await;
    assert_eq!(status, 409);
    assert_eq!(
        answer["detail"],
        format!(
            "changed since: board 1 of round 1, now 1-0; the tournament is at version {}",
            version + 1
        ),
        "which board, and what is stored there"
    );
    let (_, standings) = public.get("/standings").await;
    assert_eq!(standings["round"], 1);
    assert_eq!(standings["rows"].as_array().unwrap().len(), 2);
    let (_, round) = public.get("/rounds/1").await;
    assert_eq!(
        round["games"][0]["notation"], "1-0",
        "the stale write changed nothing"
    );
}

#[tokio::test]
async fn the_openapi_document_lists_every_route() {
    let app = TestApp::start().await;
    let doc = document(&app).await;
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().unwrap();
    for path in [
        "/api/v1/tournaments/{short}/players",
        "/api/v1/tournaments/{short}/rounds/{n}/boards/{board}/result",
        "/api/v1/tournaments/{short}/teams/{n}/lineups/{round}",
    ] {
        assert!(paths.contains_key(path), "{path} is documented");
    }
}

/// The OpenAPI document the server serves.
async fn document(app: &TestApp) -> Value {
    app.api().read("/openapi.json").await
}

/// A text in a path or query the document allows is one the server takes:
/// schemathesis sent `role` and `group` with control characters, which the
/// edge refuses (400), because the document did not rule them out.
#[tokio::test]
async fn every_path_and_query_text_of_the_document_rules_out_control_characters() {
    let app = TestApp::start().await;
    let doc = document(&app).await;
    let mut open = Vec::new();
    let mut texts = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            for parameter in operation["parameters"].as_array().into_iter().flatten() {
                let schema = &parameter["schema"];
                let text = schema["type"] == "string"
                    || schema["type"]
                        .as_array()
                        .is_some_and(|t| t.contains(&json!("string")));
                if !text {
                    continue;
                }
                texts += 1;
                let pattern = schema["pattern"].as_str().unwrap_or("");
                let refused = [r"\u0000", r"\u001F"].iter().all(|c| pattern.contains(c));
                let listed = pattern.starts_with("^(") && !pattern.contains('[');
                if !refused && !listed {
                    open.push(format!("{method} {path} {}", parameter["name"]));
                }
            }
        }
    }
    assert!(
        texts > 40,
        "the document's text parameters were read: {texts}"
    );
    assert!(open.is_empty(), "{open:#?}");
}

/// The methods an operation of the document may have (HEAD, OPTIONS and
/// TRACE are axum's or nobody's).
const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

/// A request path for a documented one: every `{parameter}` becomes `1`
/// (tournament `1` does not exist, which the handlers answer themselves).
fn concrete(path: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(start) = rest.find('{') {
        let end = rest[start..].find('}').unwrap() + start;
        out.push_str(&rest[..start]);
        out.push('1');
        rest = &rest[end + 1..];
    }
    out + rest
}

#[tokio::test]
async fn every_documented_operation_is_served_and_its_paths_serve_no_other_method() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let api = app.api_as(&org).await;

    // A path no route serves: the API's own 404, which a handler's 404
    // (no such tournament) is not.
    let (status, answer) = api.get("/no/such/route").await;
    assert_eq!(status, 404);
    assert_eq!(answer["error"], "error.no_route");

    let doc = document(&app).await;
    let paths = doc["paths"].as_object().unwrap();
    let mut served = 0;
    for (path, item) in paths {
        assert!(path.starts_with("/api/v1/"), "{path} is under /api/v1");
        let under = concrete(path.strip_prefix("/api/v1").unwrap());
        for method in METHODS {
            let (status, body) = api.send(&method.to_uppercase(), &under, json!({})).await;
            if item.get(method).is_none() {
                assert_eq!(status, 405, "{method} {path} is served but not documented");
                continue;
            }
            served += 1;
            assert_ne!(status, 405, "{method} {path} is documented but not routed");
            if status == 404 {
                assert_ne!(
                    body["error"], "error.no_route",
                    "{method} {path} is documented but not routed"
                );
                assert_eq!(body["error"], "error.not_found", "{method} {path}");
            }
        }
    }
    assert!(served >= 8, "the document lists the API's operations");
}

/// The handlers named in the `routes!(…)` lists of `src/web/api/`, and the
/// lines of those files that add a route some other way.
fn registrations() -> (Vec<String>, Vec<String>) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web/api");
    let (mut handlers, mut others) = (Vec::new(), Vec::new());
    for entry in std::fs::read_dir(&dir).unwrap() {
        let file = entry.unwrap().path();
        let source = std::fs::read_to_string(&file).unwrap();
        let code: String = source
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        let mut rest = code.as_str();
        while let Some(start) = rest.find("routes!(") {
            let list = &rest[start + "routes!(".len()..];
            let end = list.find(')').unwrap();
            handlers.extend(
                list[..end]
                    .split(',')
                    .map(str::trim)
                    .filter(|h| !h.is_empty())
                    .map(String::from),
            );
            rest = &list[end..];
        }
        for (n, line) in code.lines().enumerate() {
            // `Router::new(` but not `OpenApiRouter::new(`.
            let plain_router = line.match_indices("Router::new(").any(|(i, _)| {
                !line[..i]
                    .chars()
                    .next_back()
                    .is_some_and(char::is_alphanumeric)
            });
            let other = plain_router
                || [".route(", ".route_service(", ".nest_service(", ".merge("]
                    .iter()
                    .any(|call| line.contains(call));
            if other {
                others.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    (handlers, others)
}

#[tokio::test]
async fn the_api_adds_routes_only_through_documented_handlers() {
    let (handlers, others) = registrations();
    assert!(
        others.is_empty(),
        "routes added without their documentation:\n{}",
        others.join("\n")
    );
    let app = TestApp::start().await;
    let doc = document(&app).await;
    let operations: usize = doc["paths"]
        .as_object()
        .unwrap()
        .values()
        .map(|item| METHODS.iter().filter(|m| item.get(**m).is_some()).count())
        .sum();
    assert_eq!(
        operations,
        handlers.len(),
        "one operation in the document per handler registered: {handlers:?}"
    );
    // Nothing outside the API module mounts a route under /api.
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web");
    for entry in std::fs::read_dir(&web).unwrap() {
        let file = entry.unwrap().path();
        if file.extension().is_some_and(|e| e == "rs") {
            let source = std::fs::read_to_string(&file).unwrap();
            for call in [".route(\"/api", ".nest(\"/api", ".nest_service(\"/api"] {
                assert!(!source.contains(call), "{} mounts {call}…", file.display());
            }
        }
    }
    // Every schema the document refers to is in it.
    let text = doc.to_string();
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    for reference in text.split("\"$ref\":\"").skip(1) {
        let target = &reference[..reference.find('"').unwrap()];
        let name = target.strip_prefix("#/components/schemas/").unwrap();
        assert!(schemas.contains_key(name), "{target} is in the document");
    }
    assert_eq!(
        doc["components"]["securitySchemes"]["bearer"]["scheme"],
        "bearer"
    );
}

/// `detail` of a refused player, `field: message; field: message`, by field.
fn messages(detail: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = detail
        .split("; ")
        .filter_map(|part| part.split_once(": "))
        .map(|(f, m)| (f.to_string(), m.to_string()))
        .collect();
    out.sort();
    out
}

#[tokio::test]
async fn the_same_bad_player_gets_the_same_refusal_from_the_form_and_the_api() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    app.tournament(&org, "same").called("Same").await;
    let api = app.api_as(&org).await.at("/tournaments/same");
    let bad = [
        ("name", "Novak"),
        ("rank", "1k"),
        ("rating", "9999"),
        ("country", "Russia"),
    ];

    let res = app.register(&org, "same", &bad).await;
    assert_eq!(res.status(), 422, "the form refuses the player");
    let page = scraper::Html::parse_document(&res.text().await.unwrap());

    let body: serde_json::Map<String, Value> =
        bad.iter().map(|(k, v)| (k.to_string(), json!(v))).collect();
    let (status, refused) = api.register(Value::Object(body)).await;
    assert_eq!(status, 422, "the API refuses the player");
    let detail = refused["detail"].as_str().unwrap().to_string();
    let from_api = messages(&detail);
    let fields: Vec<&str> = from_api.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(fields, ["country", "rating"], "{detail}");
    let from_form: Vec<(String, String)> = fields
        .iter()
        .map(|f| {
            let message = common::text(&page, &format!("[data-test={f}-error]"))
                .unwrap_or_else(|| panic!("the form names {f}"));
            (f.to_string(), message)
        })
        .collect();
    assert_eq!(
        from_form, from_api,
        "the same words on the form and in the API"
    );
}

/// The winner of each game of a round: the lower-numbered (stronger) player.
async fn winners(api: &Api, round: &str) -> Vec<(u64, &'static str)> {
    let (_, round) = api.get(round).await;
    round["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let white = g["white"]["no"].as_u64().unwrap();
            let black = g["black"]["no"].as_u64().unwrap();
            (
                g["board"].as_u64().unwrap(),
                if white < black { "w" } else { "b" },
            )
        })
        .collect()
}

/// Names, places and scores of a tournament's standings.
async fn table(app: &TestApp, short: &str) -> Vec<Value> {
    let (_, s) = app
        .api()
        .get(&format!("/tournaments/{short}/standings"))
        .await;
    assert_eq!(s["round"], 5, "{s}");
    s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let mut r = r.clone();
            r.as_object_mut().unwrap().remove("no");
            r
        })
        .collect()
}

#[tokio::test]
async fn a_whole_tournament_runs_through_the_api_alone() {
    let app = TestApp::start().await;
    app.account("org", true, true).await;
    let org = app.signed_in("org").await;
    let api = app.api_as(&org).await;
    let post = |path: String, body: Value| {
        let api = api.clone();
        async move { api.ok("POST", &path, body).await }
    };
    let url = |path: &str| format!("/tournaments/api-open{path}");

    let made = post(
        "/tournaments".to_string(),
        json!({ "name": "API Open", "short_name": "api-open", "time_zone": "Europe/Kyiv" }),
    )
    .await;
    let mut version = made["version"].clone();
    let judges = ["Judge One", "Judge Two", "Judge Three"];
    let members: Vec<Value> = judges
        .iter()
        .map(|j| json!({ "name": j, "player": null }))
        .collect();
    let committee = json!({ "version": version, "members": members,
        "reserves": [{ "name": "Judge Four", "player": null }] });
    let (status, fixed) = api.put(&url("/committee"), committee).await;
    assert_eq!(status, 200, "{fixed}");
    version = fixed["version"].clone();
    let players: Vec<(String, String)> = (0..40)
        .map(|i| (format!("Player{i:02}"), (2100 - 10 * i).to_string()))
        .collect();
    for (name, rating) in &players {
        let body = json!({ "version": version, "name": name, "rank": "1k", "rating": rating });
        version = post(url("/players"), body).await["version"].clone();
    }
    for n in 1..=5 {
        version = post(url("/rounds"), json!({})).await["version"].clone();
        version = post(
            url(&format!("/rounds/{n}/publish")),
            json!({ "version": version }),
        )
        .await["version"]
            .clone();
        let results: Vec<Value> = winners(&api, &url(&format!("/rounds/{n}")))
            .await
            .into_iter()
            .map(|(board, result)| json!({ "board": board, "result": result }))
            .collect();
        let body = json!({ "version": version, "results": results });
        version = post(url(&format!("/rounds/{n}/results")), body).await["version"].clone();
        if n == 2 {
            let act = json!({ "Sanction": { "kind": { "Warning": {
                "game": { "round": 2, "board": 1 }, "players": "Both" } },
                "reason": "talking during the game" } });
            let logged = post(url("/log"), json!({ "version": version, "act": act })).await;
            // An appeal of a played game needs the appellant's protest (RFG 26.4).
            let white = white_on_board_one(&api, &url("/rounds/2")).await;
            let protest =
                json!({ "Protest": { "game": { "round": 2, "board": 1 }, "player": white } });
            let protested = post(
                url("/log"),
                json!({ "version": logged["version"], "act": protest }),
            )
            .await;
            let appeal = json!({ "version": protested["version"], "appellant": { "Player": white },
                "appealed": { "Entry": logged["entry"] }, "grounds": "we were silent" });
            let filed = post(url("/appeals"), appeal).await;
            let id = filed["appeal"].as_u64().unwrap();
            version = post(
                url(&format!("/appeals/{id}/review")),
                json!({ "version": filed["version"] }),
            )
            .await["version"]
                .clone();
            let decision = json!({ "version": version, "outcome": "Rejected",
                "reasons": "the referee heard it", "signed_by": judges });
            let decided = post(url(&format!("/appeals/{id}/decision")), decision).await;
            assert!(decided["version"].is_number(), "{decided}");
        }
    }

    // The same tournament through the forms.
    app.tournament(&org, "web-open").called("Web Open").await;
    app.post_ok(
        &org,
        "/t/web-open/appeals/committee",
        &[("members", &judges.join("\n")), ("reserves", "Judge Four")],
    )
    .await;
    for (name, rating) in &players {
        let fields = [("name", name.as_str()), ("rank", "1k"), ("rating", rating)];
        assert_eq!(app.register(&org, "web-open", &fields).await.status(), 303);
    }
    for n in 1..=5 {
        app.post_ok(&org, "/t/web-open/rounds/pair", &[]).await;
        app.post_ok(&org, &format!("/t/web-open/rounds/{n}/publish"), &[])
            .await;
        let round = format!("/tournaments/web-open/rounds/{n}");
        let entry: Vec<String> = winners(&api, &round)
            .await
            .into_iter()
            .map(|(board, result)| format!("{board} {result}"))
            .collect();
        app.post_ok(
            &org,
            &format!("/t/web-open/rounds/{n}/results"),
            &[("entry", &entry.join(", "))],
        )
        .await;
        if n == 2 {
            app.post_ok(
                &org,
                "/t/web-open/referee/rounds/2/boards/1",
                &[
                    ("act", "warning"),
                    ("player", "both"),
                    ("reason", "talking during the game"),
                ],
            )
            .await;
            app.post_ok(
                &org,
                "/t/web-open/referee/rounds/2/boards/1",
                &[("act", "protest"), ("player", "white")],
            )
            .await;
            let round = "/tournaments/web-open/rounds/2";
            let white = white_on_board_one(&api, round).await.to_string();
            app.post_ok(
                &org,
                "/t/web-open/appeals",
                &[
                    ("player", &white),
                    ("appealed", "entry:1"),
                    ("grounds", "we were silent"),
                ],
            )
            .await;
            app.post_ok(&org, "/t/web-open/appeals/1/review", &[]).await;
            let mut decide = vec![("outcome", "rejected"), ("reasons", "the referee heard it")];
            decide.extend(judges.iter().map(|j| ("signed_by", *j)));
            app.post_ok(&org, "/t/web-open/appeals/1/decide", &decide)
                .await;
        }
    }

    let (through_api, through_forms) =
        (table(&app, "api-open").await, table(&app, "web-open").await);
    assert_eq!(through_api.len(), 40);
    assert_eq!(through_api, through_forms, "the same standings row for row");
}

/// The number of the player with White on board 1 of a round.
async fn white_on_board_one(api: &Api, round: &str) -> u64 {
    let (_, round) = api.get(round).await;
    round["games"][0]["white"]["no"].as_u64().unwrap()
}

/// What schemathesis found (`.ci/schemathesis`): a short name another
/// tournament holds is a conflict (409), not a malformed request; a round
/// above the most a tournament has is refused, not read as the last; and a
/// referee's log takes no appeal decision, which only a panel records.
#[tokio::test]
async fn the_api_answers_as_its_document_says_at_the_edges_schemathesis_probed() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let api = app.api_as(&org).await;
    let made = json!({ "name": "Edge Cup", "short_name": "edge" });
    let (status, created) = api.post("/tournaments", made.clone()).await;
    assert_eq!(status, 201);
    let version = created["version"].clone();
    let (status, body) = api.post("/tournaments", made).await;
    assert_eq!(status, 409);
    assert!(body["detail"].as_str().unwrap().starts_with("short_name"));

    let public = app.api();
    let standings = |round: u64| format!("/tournaments/edge/standings?round={round}");
    assert_eq!(public.get(&standings(32)).await.0, 200);
    assert_eq!(public.get(&standings(2_147_483_648)).await.0, 422);

    let decision = json!({
        "version": version,
        "act": { "Decision": { "appeal": 1, "level": "Committee", "remedies": [] } }
    });
    assert_eq!(api.post("/tournaments/edge/log", decision).await.0, 403);
}

/// A program reads a tournament's settings, header and rule text and sends
/// them back changed in one place: nothing it did not touch moves.
#[tokio::test]
async fn the_settings_read_from_the_api_go_back_unchanged_but_for_the_change() {
    let app = TestApp::start().await;
    app.account("org", true, true).await;
    let org = app.signed_in("org").await;
    let made = json!({ "name": "Round Trip", "short_name": "trip", "time_zone": "Europe/Kyiv" });
    let api = app.api_as(&org).await.create(made).await;
    let read = api.read("").await;
    let mut settings = read["settings"].clone();
    settings["general"]["location"] = json!("Kyiv");
    let body = json!({ "version": read["version"], "settings": settings,
        "header": read["header"], "discipline": read["discipline"] });
    let (status, answer) = api.put("/settings", body).await;
    assert_eq!(status, 200, "{answer}");
    let after = api.read("").await;
    assert_eq!(after["settings"]["general"]["location"], "Kyiv");
    assert_eq!(after["header"], read["header"]);
    assert_eq!(after["discipline"], read["discipline"]);
    assert_eq!(after["header"]["time_zone"], "Europe/Kyiv");
}
