//! A running tournament with something on every page, and a crawler that
//! finds the pages a person reaches from a start by following links.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use scraper::{Html, Selector};

use super::TestApp;

/// A tournament with players, a published round with results and a second
/// round paired but not yet published, its first game adjourned.
pub async fn running_tournament(app: &TestApp) -> reqwest::Client {
    running_tournament_with(app, &[]).await
}

/// The running tournament with `extra` players (name, first name, rank)
/// registered after the five and paired with them from round 1.
pub async fn running_tournament_with(
    app: &TestApp,
    extra: &[(&str, &str, &str)],
) -> reqwest::Client {
    let org = app.organiser("org").await;
    app.account("referee", false, false).await;
    app.account("judge", false, false).await;
    let changes = [
        ("name", "Crawl Open"),
        // The form's own time zone.
        ("time_zone", "UTC"),
        ("rounds", "3"),
        ("registration_open", "on"),
        ("adjournment", "on"),
        ("adjournment_times", "2026-05-10 18:00\n2026-05-11 09:00"),
        ("adjournment_max_minutes", "960"),
    ];
    let names: Vec<String> = (0..5).map(|i| format!("Player{i}")).collect();
    let five: Vec<(&str, &str)> = names
        .iter()
        .map(String::as_str)
        .zip(["2d", "1k", "4k", "6k", "9k"])
        .collect();
    let mut opening = app
        .tournament(&org, "crawl")
        .with(&changes)
        .roster(&five)
        .player_fields(&[("first_name", "P")]);
    for (name, first_name, rank) in extra {
        opening = opening.player(&[("name", name), ("first_name", first_name), ("rank", rank)]);
    }
    opening
        .staff("referee", "referee")
        .staff("judge", "appeals_member")
        .published_round()
        .await;
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
        ("grounds", "paired twice: a club mate"),
    ];
    app.post_ok(&org, "/t/crawl/appeals", &appeal).await;
    app.post_ok(&org, "/t/crawl/appeals/1/review", &[]).await;
    app.post_ok(&org, "/t/crawl/rounds/pair", &[]).await;
    // An adjourned game, whose board page links its sealing label.
    let adjourn = [("act", "adjourn"), ("resumes", "2026-05-10 18:00")];
    app.post_ok(&org, "/t/crawl/referee/rounds/2/boards/1", &adjourn)
        .await;
    org
}

/// Pages reached from `start` by following same-site links, with their HTML.
pub async fn crawl(
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
