//! Every page a visitor or an organiser can reach from a running tournament:
//! no broken link, `lang` on every page, a label for every form field, and
//! valid HTML by the W3C Nu checker (vnu.jar, from npm's `vnu-jar`).

mod common;

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::PathBuf;

use common::TestApp;
use scraper::{Html, Selector};

/// A tournament with players, a published round with results and a second
/// round paired but not yet published.
async fn running_tournament(app: &TestApp) -> reqwest::Client {
    app.account("org", false, true).await;
    app.account("referee", false, false).await;
    let org = app.new_client();
    app.log_in(&org, "org").await;
    let changes = [
        ("name", "Crawl Open"),
        ("short_name", "crawl"),
        ("rounds", "3"),
        ("registration_open", "on"),
    ];
    assert_eq!(
        app.submit(
            &org,
            "/tournaments/new",
            "[data-test=tournament-form]",
            "/tournaments",
            &changes
        )
        .await
        .status(),
        303
    );
    for (i, rank) in ["2d", "1k", "4k", "6k", "9k"].iter().enumerate() {
        let changes = [
            ("name", format!("Player{i}")),
            ("first_name", "P".into()),
            ("rank", rank.to_string()),
        ];
        let changes: Vec<(&str, &str)> = changes.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let res = app
            .submit(
                &org,
                "/t/crawl/players/new",
                "[data-test=player-form]",
                "/t/crawl/players",
                &changes,
            )
            .await;
        assert_eq!(res.status(), 303);
    }
    app.post_ok(
        &org,
        "/t/crawl/staff",
        &[("username", "referee"), ("role", "referee")],
    )
    .await;
    app.post_ok(&org, "/t/crawl/rounds/pair", &[]).await;
    app.post_ok(&org, "/t/crawl/rounds/1/publish", &[]).await;
    let res = app
        .post_form(
            &org,
            "/t/crawl/rounds/1/results",
            &[("board_1", "w"), ("board_2", "b!")],
        )
        .await;
    assert_eq!(res.status(), 303);
    // The referees' and the committee's pages have something to show.
    app.post_ok(
        &org,
        "/t/crawl/appeals/committee",
        &[
            ("members", "A One\nB Two\nC Three #5"),
            ("reserves", "D Four"),
        ],
    )
    .await;
    app.post_ok(&org, "/t/crawl/referee/rounds/1/start", &[])
        .await;
    let warning = [("act", "warning"), ("player", "white"), ("reason", "noise")];
    app.post_ok(&org, "/t/crawl/referee/rounds/1/boards/1", &warning)
        .await;
    let appeal = [
        ("player", "1"),
        ("appealed", "pairing"),
        ("round", "1"),
        ("grounds", "paired twice with a club mate"),
    ];
    app.post_ok(&org, "/t/crawl/appeals", &appeal).await;
    app.post_ok(&org, "/t/crawl/appeals/1/review", &[]).await;
    app.post_ok(&org, "/t/crawl/rounds/pair", &[]).await;
    org
}

/// Pages reached from `start` by following same-site links, with their HTML.
async fn crawl(
    app: &TestApp,
    client: &reqwest::Client,
    start: &[&str],
) -> BTreeMap<String, String> {
    let links = Selector::parse("a[href]").unwrap();
    let mut seen: BTreeSet<String> = start.iter().map(|s| s.to_string()).collect();
    let mut queue: VecDeque<String> = seen.iter().cloned().collect();
    let mut pages = BTreeMap::new();
    let mut broken = Vec::new();
    while let Some(path) = queue.pop_front() {
        let res = client.get(app.url(&path)).send().await.unwrap();
        let status = res.status().as_u16();
        let is_html = res
            .headers()
            .get("content-type")
            .is_some_and(|v| v.to_str().unwrap_or("").starts_with("text/html"));
        // The language switcher answers with a redirect back: that is its job.
        if path.starts_with("/language/") && status == 303 {
            continue;
        }
        if status != 200 {
            broken.push(format!("{path}: {status}"));
            continue;
        }
        if !is_html {
            continue;
        }
        let body = res.text().await.unwrap();
        for a in Html::parse_document(&body).select(&links) {
            let href = a.value().attr("href").unwrap();
            if !href.starts_with('/') || href.starts_with("//") {
                continue;
            }
            let href = href.split('#').next().unwrap().to_string();
            if seen.insert(href.clone()) {
                queue.push_back(href);
            }
        }
        pages.insert(path, body);
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    pages
}

/// Fields a person fills in, each of which must have a label.
fn unlabelled_fields(html: &str) -> Vec<String> {
    let page = Html::parse_document(html);
    let fields =
        Selector::parse("input:not([type=hidden]):not([type=submit]), select, textarea").unwrap();
    let labels = Selector::parse("label[for]").unwrap();
    let ids: BTreeSet<&str> = page
        .select(&labels)
        .filter_map(|l| l.value().attr("for"))
        .collect();
    page.select(&fields)
        .filter(|f| {
            let by_for = f.value().id().is_some_and(|id| ids.contains(id));
            let wrapped = f
                .ancestors()
                .any(|a| a.value().as_element().is_some_and(|e| e.name() == "label"));
            !by_for && !wrapped && f.value().attr("aria-label").is_none()
        })
        .map(|f| f.html())
        .collect()
}

fn vnu_jar() -> Option<PathBuf> {
    let candidates = [
        std::env::var("TENGEN_VNU_JAR").ok().map(PathBuf::from),
        Some(PathBuf::from(
            "/usr/lib/node_modules/vnu-jar/build/dist/vnu.jar",
        )),
        Some(PathBuf::from(
            "/usr/local/lib/node_modules/vnu-jar/build/dist/vnu.jar",
        )),
    ];
    let java = std::process::Command::new("java")
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success());
    java.then(|| candidates.into_iter().flatten().find(|p| p.is_file()))
        .flatten()
}

#[tokio::test]
async fn every_public_and_organiser_page_works_has_a_language_labels_and_valid_html() {
    let app = TestApp::start().await;
    let org = running_tournament(&app).await;
    let mut pages = crawl(
        &app,
        &org,
        &[
            "/",
            "/t/crawl",
            "/account",
            "/tournaments/new",
            "/tournaments/import",
        ],
    )
    .await;
    let visitor = app.new_client();
    let public = crawl(
        &app,
        &visitor,
        &["/", "/t/crawl", "/t/crawl/register", "/login"],
    )
    .await;
    assert!(
        public.contains_key("/t/crawl/rounds/1"),
        "the published round is reachable"
    );
    assert!(
        !public.contains_key("/t/crawl/rounds/2"),
        "the unpublished round is not linked for visitors"
    );
    assert!(
        pages.contains_key("/t/crawl/rounds/2/results"),
        "organisers reach result entry"
    );
    for page in [
        "/t/crawl/referee/rounds/1/boards/1",
        "/t/crawl/referee/players",
        "/t/crawl/referee/log",
        "/t/crawl/referee/report",
        "/t/crawl/appeals/1",
        "/t/crawl/rounds/1/boards/1/why",
    ] {
        assert!(pages.contains_key(page), "organisers reach {page}");
    }
    pages.extend(
        public
            .into_iter()
            .map(|(k, v)| (format!("{k} (visitor)"), v)),
    );
    assert!(
        pages.len() >= 20,
        "the crawl saw only {} pages",
        pages.len()
    );

    let lang = Selector::parse("html[lang]").unwrap();
    let mut problems = Vec::new();
    for (path, html) in &pages {
        if Html::parse_document(html).select(&lang).next().is_none() {
            problems.push(format!("{path}: no lang"));
        }
        for field in unlabelled_fields(html) {
            problems.push(format!("{path}: field without a label: {field}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));

    let Some(jar) = vnu_jar() else {
        println!("skipped HTML validation: needs java and vnu.jar (npm install -g vnu-jar)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut files = BTreeMap::new();
    for (i, (path, html)) in pages.iter().enumerate() {
        let file = dir.path().join(format!("page{i:03}.html"));
        std::fs::write(&file, html).unwrap();
        files.insert(file.display().to_string(), path.clone());
    }
    let out = std::process::Command::new("java")
        .arg("-jar")
        .arg(&jar)
        .args(["--format", "json", "--stdout"])
        .args(files.keys())
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("vnu prints JSON");
    let errors: Vec<String> = report["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["type"] == "error")
        .map(|m| {
            let url = m["url"].as_str().unwrap_or("").trim_start_matches("file:");
            let page = files.get(url).cloned().unwrap_or_else(|| url.to_string());
            format!("{page}: line {}: {}", m["lastLine"], m["message"])
        })
        .collect();
    assert!(
        errors.is_empty(),
        "{} HTML errors:\n{}",
        errors.len(),
        errors.join("\n")
    );
}
