//! Text no command may store: a NUL or another control character, or a
//! field beyond any sensible length, is refused with 422 and nothing is
//! saved, from the forms and the API alike (before, PostgreSQL's refusal of
//! a NUL made a server error).

mod common;

use common::TestApp;
use serde_json::{Value, json};

#[tokio::test]
async fn nul_control_characters_and_overlong_fields_are_refused_with_422_and_nothing_saved() {
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    let org = app.new_client();
    app.log_in(&org, "org").await;
    assert_eq!(
        app.create_tournament(&org, "clean", "Clean Cup")
            .await
            .status(),
        303
    );

    // The player form: a NUL in the club, a bell in the first name, refused
    // at the edge before any handler reads them.
    for (field, value) in [("club", "Kyiv\0Go"), ("first_name", "Ann\u{7}a")] {
        let res = app
            .submit(
                &org,
                "/t/clean/players/new",
                "[data-test=player-form]",
                "/t/clean/players",
                &[("name", "Ivanova"), ("rank", "3k"), (field, value)],
            )
            .await;
        assert_eq!(res.status(), 400, "{field}");
        let page = scraper::Html::parse_document(&res.text().await.unwrap());
        let message = common::text(&page, "[data-test=error]").unwrap();
        assert!(message.contains("control character"), "{field}: {message}");
    }
    // A direction override passes the edge and is refused by the core's
    // rule of text, at the field.
    let res = app
        .submit(
            &org,
            "/t/clean/players/new",
            "[data-test=player-form]",
            "/t/clean/players",
            &[("name", "Iva\u{202E}nova"), ("rank", "3k")],
        )
        .await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let message = common::text(&page, "[data-test=name-error]");
    assert!(
        message
            .as_deref()
            .is_some_and(|m| m.contains("direction override")),
        "{message:?}"
    );
    // The settings form: a location a megabyte long.
    let long = "x".repeat(1_000_000);
    let res = app
        .submit(
            &org,
            "/t/clean/settings",
            "[data-test=tournament-form]",
            "/t/clean/settings",
            &[("location", long.as_str())],
        )
        .await;
    assert_eq!(res.status(), 422);

    // The API: a NUL escaped in JSON, and a 1,400-character club.
    let res = app
        .post_form(&org, "/account/tokens", &[("label", "test")])
        .await;
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let bearer = common::text(&page, "[data-test=new-token]").unwrap();
    let api = reqwest::Client::new();
    let url = |path: &str| app.url(&format!("/api/v1{path}"));
    let version = |t: Value| t["version"].as_i64().unwrap();
    let t: Value = api
        .get(url("/tournaments/clean"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let before = version(t);
    let club = "c".repeat(1_400);
    for player in [
        json!({ "version": before, "name": "Null\u{0}", "rank": "1k" }),
        json!({ "version": before, "name": "Long", "rank": "1k", "club": club }),
    ] {
        let res = api
            .post(url("/tournaments/clean/players"))
            .bearer_auth(&bearer)
            .json(&player)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 422, "{player}");
    }
    let t: Value = api
        .get(url("/tournaments/clean"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(version(t), before, "nothing was saved");
    let (_, players) = app.get_html(&org, "/t/clean/players").await;
    assert!(!players.html().contains("Ivanova"), "no player was saved");
}

#[tokio::test]
async fn every_page_carries_the_security_headers_and_an_oversize_upload_gets_413_unread() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = TestApp::start().await;
    let res = app.new_client().get(app.url("/")).send().await.unwrap();
    let header = |name: &str| {
        res.headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default()
    };
    let policy = header("content-security-policy");
    for part in [
        "script-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
    ] {
        assert!(policy.contains(part), "{policy}");
    }
    assert!(!policy.contains("unsafe-inline"), "{policy}");
    assert_eq!(header("x-content-type-options"), "nosniff");
    assert_eq!(header("referrer-policy"), "same-origin");

    // A 100 MB upload announced, none of it sent: the answer comes at once.
    let address = app
        .url("/")
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let mut stream = tokio::net::TcpStream::connect(&address).await.unwrap();
    let head = format!(
        "POST /tournaments/import HTTP/1.1\r\nHost: {address}\r\n\
         Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000000\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut answer = vec![0; 64];
    let read = tokio::time::timeout(std::time::Duration::from_secs(10), stream.read(&mut answer))
        .await
        .expect("answered without the body")
        .unwrap();
    let status = String::from_utf8_lossy(&answer[..read]).to_string();
    assert!(status.starts_with("HTTP/1.1 413"), "{status}");
}

/// A hostile value as it goes into an address or a form (percent-encoded)
/// and into a JSON body (a JSON string literal, quotes included).
struct Hostile {
    url: String,
    json: String,
}

/// A URI holds at most 64 KiB (`http::Uri`, which client and server both
/// parse with): a 100,000-character value goes into bodies, and this many
/// characters into paths and queries.
const LONGEST_IN_URL: usize = 60_000;

fn hostile_values() -> Vec<Hostile> {
    let long = "x".repeat(100_000);
    vec![
        Hostile {
            url: "a%00b".into(),
            json: r#""a\u0000b""#.into(),
        },
        Hostile {
            url: "a%ED%A0%80b".into(),
            json: r#""a\ud800b""#.into(),
        },
        Hostile {
            url: long.clone(),
            json: format!("\"{long}\""),
        },
        Hostile {
            url: "a%E2%80%AEb".into(),
            json: "\"a\u{202E}b\"".into(),
        },
    ]
}

/// Every `.route("…", get(…).post(…))` of the web modules, read from their
/// route tables in the source, so a route added there is sent here too.
fn web_routes() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web");
    let mut files = vec![root.clone()];
    let mut routes = Vec::new();
    let method = regex::Regex::new(r"\b(get|post|put|delete|patch)\(").unwrap();
    while let Some(path) = files.pop() {
        if path.is_dir() {
            if path.ends_with("api") {
                continue; // the API's routes come from its document
            }
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        for (start, _) in source.match_indices(".route(") {
            let call = &source[start + ".route(".len()..];
            let mut depth = 1;
            let end = call
                .char_indices()
                .find(|(_, c)| {
                    depth += match c {
                        '(' => 1,
                        ')' => -1,
                        _ => 0,
                    };
                    depth == 0
                })
                .map(|(i, _)| i)
                .unwrap();
            let call = &call[..end];
            let Some(route) = call.split('"').nth(1) else {
                continue;
            };
            for m in method.captures_iter(&call[call.find(',').unwrap()..]) {
                routes.push((m[1].to_uppercase(), route.to_string()));
            }
        }
    }
    routes.sort();
    routes.dedup();
    routes
}

/// Every field name a page's form sends, from the templates.
fn form_fields() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let named = regex::Regex::new(r#"name="([a-z_0-9]+)"|call [a-z_]+\("([a-z_0-9]+)""#).unwrap();
    let mut dirs = vec![root];
    let mut fields = std::collections::BTreeSet::new();
    while let Some(path) = dirs.pop() {
        if path.is_dir() {
            dirs.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for c in named.captures_iter(&text) {
            let name = c.get(1).or(c.get(2)).unwrap().as_str();
            fields.insert(name.to_string());
        }
    }
    fields.remove("csrf");
    fields.remove("viewport");
    fields.into_iter().collect()
}

/// The fields a 100,000-character value goes into (all of them at once
/// would pass the form limit): those that hold a name or a text.
const TEXT_FIELDS: [&str; 14] = [
    "name",
    "first_name",
    "club",
    "country",
    "email",
    "username",
    "display_name",
    "label",
    "location",
    "director",
    "short_name",
    "text",
    "reason",
    "next",
];

/// A JSON value of `schema` (an OpenAPI schema of the document) with every
/// string `hole`, every whole number 1, every `version` the tournament's.
fn fill(schema: &Value, doc: &Value, hole: &str, version: i64, depth: u32) -> Value {
    if depth > 6 {
        return Value::Null;
    }
    if let Some(name) = schema["$ref"].as_str() {
        let name = name.trim_start_matches("#/components/schemas/");
        return fill(
            &doc["components"]["schemas"][name],
            doc,
            hole,
            version,
            depth + 1,
        );
    }
    for one_of in ["allOf", "oneOf", "anyOf"] {
        if let Some(first) = schema[one_of].as_array().and_then(|s| s.first()) {
            return fill(first, doc, hole, version, depth + 1);
        }
    }
    let kind = match &schema["type"] {
        Value::Array(kinds) => kinds.iter().find(|k| *k != "null").cloned(),
        kind => Some(kind.clone()),
    };
    match kind.as_ref().and_then(Value::as_str) {
        Some("string") => Value::String(hole.to_string()),
        Some("integer" | "number") => json!(1),
        Some("boolean") => json!(true),
        Some("array") => json!([fill(&schema["items"], doc, hole, version, depth + 1)]),
        _ => {
            let mut object = serde_json::Map::new();
            if let Some(properties) = schema["properties"].as_object() {
                for (name, property) in properties {
                    let value = if name == "version" {
                        json!(version)
                    } else {
                        fill(property, doc, hole, version, depth + 1)
                    };
                    object.insert(name.clone(), value);
                }
            }
            Value::Object(object)
        }
    }
}

/// One request of the sweep: a method, an address, and a body with its type.
struct Probe {
    method: reqwest::Method,
    path: String,
    body: Option<(&'static str, Vec<u8>)>,
}

/// `route` with every `{param}` (and `{*param}`) given: the tournament's
/// short name for `{short}` when `short` is given, else `value`.
fn fill_route(route: &str, short: Option<&str>, value: &str) -> String {
    let param = regex::Regex::new(r"\{\*?([a-z_]+)\}").unwrap();
    param
        .replace_all(route, |c: &regex::Captures| match (&c[1], short) {
            ("short", Some(short)) => short.to_string(),
            _ => value.to_string(),
        })
        .into_owned()
}

/// Sends every probe of every route and every hostile value, and lists each
/// answer in 5xx (or that no answer came).
async fn sweep(
    app: &TestApp,
    client: &reqwest::Client,
    csrf: &str,
    bearer: Option<&str>,
    doc: &Value,
) -> Vec<String> {
    use futures_util::StreamExt;
    let fields = form_fields();
    let mut probes = Vec::new();
    for value in hostile_values() {
        let long = value.url.len() > 1000;
        let in_url = &value.url[..value.url.len().min(LONGEST_IN_URL)];
        for (method, route) in web_routes() {
            for short in [None, Some("clean")] {
                let path = fill_route(&route, short, if long { "1" } else { in_url });
                let query: Vec<String> = if long {
                    vec![format!("next={in_url}")]
                } else {
                    [
                        "next", "back", "q", "round", "group", "since", "saved", "lang",
                    ]
                    .iter()
                    .map(|k| format!("{k}={}", value.url))
                    .collect()
                };
                let path = format!("{path}?{}", query.join("&"));
                let body = (method != "GET").then(|| {
                    let mut pairs = vec![format!("csrf={csrf}")];
                    for field in &fields {
                        let v = if !long || TEXT_FIELDS.contains(&field.as_str()) {
                            value.url.as_str()
                        } else {
                            "1"
                        };
                        pairs.push(format!("{field}={v}"));
                    }
                    (
                        "application/x-www-form-urlencoded",
                        pairs.join("&").into_bytes(),
                    )
                });
                probes.push(Probe {
                    method: method.parse().unwrap(),
                    path,
                    body,
                });
            }
            if long {
                probes.push(Probe {
                    method: method.parse().unwrap(),
                    // The URI's room shared between the route's parameters.
                    path: fill_route(
                        &route,
                        Some("clean"),
                        &in_url[..LONGEST_IN_URL / route.matches('{').count().max(1)],
                    ),
                    body: None,
                });
            }
        }
        for (route, operations) in doc["paths"].as_object().unwrap() {
            for (method, operation) in operations.as_object().unwrap() {
                for short in [None, Some("clean")] {
                    let path = fill_route(
                        &format!("/api/v1{route}"),
                        short,
                        if long { "1" } else { in_url },
                    );
                    let schema = &operation["requestBody"]["content"]["application/json"]["schema"];
                    let body = (!schema.is_null()).then(|| {
                        let hole = "\u{E000}hole";
                        let filled = fill(schema, doc, hole, 0, 0).to_string();
                        let body = filled.replace(&format!("\"{hole}\""), &value.json);
                        ("application/json", body.into_bytes())
                    });
                    probes.push(Probe {
                        method: method.to_uppercase().parse().unwrap(),
                        path: if long {
                            format!("{path}?round={in_url}")
                        } else {
                            format!("{path}?round={in_url}&group={in_url}")
                        },
                        body,
                    });
                }
            }
        }
    }
    // Signing out ends the session the other probes use: it goes last.
    let (last, first): (Vec<_>, Vec<_>) = probes
        .into_iter()
        .partition(|p| p.path.starts_with("/logout"));
    let send = |probe: Probe| async move {
        let mut request = client
            .request(probe.method.clone(), app.url(&probe.path))
            .timeout(std::time::Duration::from_secs(30));
        if let Some(token) = bearer.filter(|_| probe.path.starts_with("/api/")) {
            request = request.bearer_auth(token);
        }
        if let Some((kind, body)) = probe.body {
            request = request.header("content-type", kind).body(body);
        }
        let head = format!(
            "{} {}",
            probe.method,
            probe.path.chars().take(120).collect::<String>()
        );
        match request.send().await {
            Ok(res) if res.status().is_server_error() => Some(format!("{head}: {}", res.status())),
            Ok(_) => None,
            Err(e) if e.is_timeout() => None, // a live page's stream stays open
            Err(e) => Some(format!(
                "{head}: {}",
                e.to_string().chars().take(200).collect::<String>()
            )),
        }
    };
    let mut failures: Vec<String> = futures_util::stream::iter(first)
        .map(send)
        .buffer_unordered(4)
        .filter_map(|f| async { f })
        .collect()
        .await;
    for probe in last {
        failures.extend(send(probe).await);
    }
    failures
}

/// Issue 29, item 1: a NUL, a lone surrogate, 100,000 characters and a
/// right-to-left override in every path parameter, query, form field and
/// JSON string of every route (web and API), signed in as an organiser
/// with a tournament and not: no answer is a server error.
#[tokio::test]
async fn no_route_answers_a_hostile_byte_with_a_server_error() {
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    let org = app.new_client();
    app.log_in(&org, "org").await;
    assert_eq!(
        app.create_tournament(&org, "clean", "Clean Cup")
            .await
            .status(),
        303
    );
    let res = app
        .post_form(&org, "/account/tokens", &[("label", "sweep")])
        .await;
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let bearer = common::text(&page, "[data-test=new-token]").unwrap();
    let doc: Value = reqwest::get(app.url("/api/v1/openapi.json"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let routes = web_routes();
    assert!(
        routes.len() > 100 && routes.contains(&("POST".into(), "/login".into())),
        "the route tables were read: {routes:?}"
    );
    let visitor = app.new_client();
    let visitor_csrf = app.csrf_token(&visitor).await;
    let org_csrf = app.csrf_token(&org).await;
    let mut failures = sweep(&app, &visitor, &visitor_csrf, None, &doc).await;
    failures.extend(sweep(&app, &org, &org_csrf, Some(&bearer), &doc).await);
    assert!(
        failures.is_empty(),
        "{} server errors:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Issue 29, item 4: the API and the token form keep the limits the forms
/// keep: a 10,000-character tournament name, a 100,000-character token
/// label and a name with a right-to-left override are refused.
#[tokio::test]
async fn the_same_limits_hold_through_the_api_and_the_token_form() {
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    let org = app.new_client();
    app.log_in(&org, "org").await;
    let res = app
        .post_form(&org, "/account/tokens", &[("label", &"l".repeat(100_000))])
        .await;
    assert_eq!(res.status(), 422, "an overlong label");
    let res = app
        .post_form(&org, "/account/tokens", &[("label", "api")])
        .await;
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let bearer = common::text(&page, "[data-test=new-token]").unwrap();
    let api = reqwest::Client::new();
    for name in [
        "N".repeat(10_000),
        "Cup\u{202E}puC".to_string(),
        "\u{200B}".to_string(),
    ] {
        let res = api
            .post(app.url("/api/v1/tournaments"))
            .bearer_auth(&bearer)
            .json(&json!({ "name": name, "short_name": "long" }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 422, "{}", &name[..name.len().min(20)]);
    }
    let res = api
        .get(app.url("/api/v1/tournaments/long"))
        .bearer_auth(&bearer)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 404, "nothing was created");
}

/// Issue 29, item 8: a form between 1 and 2 MB is read (not a CSRF 403),
/// and one beyond the form limit sent without a declared length gets 413.
#[tokio::test]
async fn a_large_form_is_read_and_a_larger_one_gets_413() {
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    let org = app.new_client();
    app.log_in(&org, "org").await;
    let res = app
        .post_form(
            &org,
            "/account/tokens",
            &[("label", &"l".repeat(1_500_000))],
        )
        .await;
    assert_eq!(res.status(), 422, "read and refused for its length");
    // 3 MB in chunks, its length never declared: refused once read past
    // the limit.
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address = app.base.trim_start_matches("http://").to_string();
    let mut stream = tokio::net::TcpStream::connect(&address).await.unwrap();
    let head = format!(
        "POST /account/tokens HTTP/1.1\r\nHost: {address}\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let chunk = format!("{:x}\r\n{}\r\n", 64 << 10, "l".repeat(64 << 10));
    for _ in 0..48 {
        // The server may answer and stop reading before the last chunk.
        if stream.write_all(chunk.as_bytes()).await.is_err() {
            break;
        }
    }
    let _ = stream.write_all(b"0\r\n\r\n").await;
    let mut answer = vec![0; 64];
    let read = tokio::time::timeout(std::time::Duration::from_secs(10), stream.read(&mut answer))
        .await
        .expect("answered")
        .unwrap();
    let status = String::from_utf8_lossy(&answer[..read]).to_string();
    assert!(status.starts_with("HTTP/1.1 413"), "{status}");
}

/// Issue 29, item 8: `X-Forwarded-Host` names the site only when the
/// trusted proxy sends it; from anyone else it is ignored, so another
/// site's name cannot pass the CSRF origin check.
#[tokio::test]
async fn forwarded_host_is_believed_only_from_the_trusted_proxy() {
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    let org = app.new_client();
    app.log_in(&org, "org").await;
    let csrf = app.csrf_token(&org).await;
    let res = org
        .post(app.url("/account/tokens"))
        .header("origin", "http://evil.example")
        .header("x-forwarded-host", "evil.example")
        .form(&[("csrf", csrf.as_str()), ("label", "forged")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 403);
}
