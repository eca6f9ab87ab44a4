//! The sweep of `hygiene::no_route_answers_a_hostile_byte_with_a_server_error`:
//! every route of the router, read from the web modules' route tables and
//! the API's OpenAPI document, sent hostile values in every place a request
//! carries text.

use crate::common::TestApp;
use serde_json::{Value, json};

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
pub fn web_routes() -> Vec<(String, String)> {
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
pub async fn sweep(
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
