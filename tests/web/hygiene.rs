//! Text no command may store: a NUL or another control character, or a
//! field beyond any sensible length, is refused with 422 and nothing is
//! saved, from the forms and the API alike (before, PostgreSQL's refusal of
//! a NUL made a server error).

use crate::common;
#[path = "../sweep/mod.rs"]
mod sweep;

use common::TestApp;
use serde_json::json;

#[tokio::test]
async fn nul_control_characters_and_overlong_fields_are_refused_with_422_and_nothing_saved() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    app.tournament(&org, "clean").called("Clean Cup").await;

    // The player form: a NUL in the club, a bell in the first name, refused
    // at the edge before any handler reads them.
    for (field, value) in [("club", "Kyiv\0Go"), ("first_name", "Ann\u{7}a")] {
        let res = app
            .register(
                &org,
                "clean",
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
        .register(
            &org,
            "clean",
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
        .change_settings(&org, "clean", &[("location", long.as_str())])
        .await;
    assert_eq!(res.status(), 422);

    // The API: a NUL escaped in JSON, and a 1,400-character club.
    let api = app.api_as(&org).await.at("/tournaments/clean");
    let before = api.version("").await;
    let club = "c".repeat(1_400);
    for player in [
        json!({ "version": before, "name": "Null\u{0}", "rank": "1k" }),
        json!({ "version": before, "name": "Long", "rank": "1k", "club": club }),
    ] {
        assert_eq!(
            api.post("/players", player.clone()).await.0,
            422,
            "{player}"
        );
    }
    assert_eq!(api.version("").await, before, "nothing was saved");
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

/// Issue 29, item 1: a NUL, a lone surrogate, 100,000 characters and a
/// right-to-left override in every path parameter, query, form field and
/// JSON string of every route (web and API), signed in as an organiser
/// with a tournament and not: no answer is a server error.
#[tokio::test]
async fn no_route_answers_a_hostile_byte_with_a_server_error() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    app.tournament(&org, "clean").called("Clean Cup").await;
    let bearer = app.api_token(&org).await;
    let doc = app.api().read("/openapi.json").await;
    let routes = sweep::web_routes();
    assert!(
        routes.len() > 100 && routes.contains(&("POST".into(), "/login".into())),
        "the route tables were read: {routes:?}"
    );
    let visitor = app.new_client();
    let visitor_csrf = app.csrf_token(&visitor).await;
    let org_csrf = app.csrf_token(&org).await;
    let mut failures = sweep::sweep(&app, &visitor, &visitor_csrf, None, &doc).await;
    failures.extend(sweep::sweep(&app, &org, &org_csrf, Some(&bearer), &doc).await);
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
    let org = app.organiser("org").await;
    let res = app
        .post_form(&org, "/account/tokens", &[("label", &"l".repeat(100_000))])
        .await;
    assert_eq!(res.status(), 422, "an overlong label");
    let api = app.api_as(&org).await;
    for name in [
        "N".repeat(10_000),
        "Cup\u{202E}puC".to_string(),
        "\u{200B}".to_string(),
    ] {
        let made = json!({ "name": name, "short_name": "long" });
        let (status, _) = api.post("/tournaments", made).await;
        assert_eq!(status, 422, "{}", &name[..name.len().min(20)]);
    }
    let (status, _) = api.get("/tournaments/long").await;
    assert_eq!(status, 404, "nothing was created");
}

/// Issue 29, item 8: a form between 1 and 2 MB is read (not a CSRF 403),
/// and one beyond the form limit sent without a declared length gets 413.
#[tokio::test]
async fn a_large_form_is_read_and_a_larger_one_gets_413() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
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
    let org = app.organiser("org").await;
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
