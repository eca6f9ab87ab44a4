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

    // The player form: a NUL in the club, a bell in the first name.
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
        assert_eq!(res.status(), 422, "{field}");
        let page = scraper::Html::parse_document(&res.text().await.unwrap());
        let message = common::text(&page, &format!("[data-test={field}-error]"));
        assert!(
            message.is_some_and(|m| m.contains("control character")),
            "{field}: the message is shown at the field"
        );
    }
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
