//! Every page a person can reach, seen as they see it: headless Chromium
//! visits each page as a visitor, a player with a private link, a referee, a
//! committee member and an organiser (and the admin's own pages), in
//! English, Russian and Ukrainian, on a 360 px phone and a 1280 px laptop.
//! The tournament is in the states that break layouts (issue 31): a
//! referee's decision on a board, a bye, an adjourned game, 60-character
//! names, and beside it a pair go event whose sides have such names.
//! A page fails on a sub-resource that did not load, a console error or a
//! script exception, English words on a Russian or Ukrainian page, and, on
//! the phone, on being wider than the screen, on a table cell cut off at
//! the right edge and on a name laid out on more than two lines.
//! A screenshot of every visit is kept under the test target's tmp dir
//! (`target/tmp/screenshots/pages/`), for a person to look at.

use crate::common;

use std::collections::BTreeSet;

use common::TestApp;
use common::browser::Browser;
use common::hall::{crawl, running_tournament_with};

const WIDTHS: [(u32, u32); 2] = [(360, 800), (1280, 900)];
const LANGS: [&str; 3] = ["en", "ru", "uk"];

/// Who visits, how they sign in, and where their crawl starts.
struct Person {
    role: &'static str,
    account: Option<&'static str>,
    start: Vec<String>,
}

/// English words of the interface that must not be left on a Russian or
/// Ukrainian page (issue 31: "bye", "min", "Rank"/"Rating" were). The
/// tournament's own data here (Crawl Open, Player1, A One …) uses none.
const ENGLISH: &[&str] = &[
    "and",
    "the",
    "of",
    "with",
    "from",
    "to",
    "Bye",
    "bye",
    "min",
    "Rank",
    "Rating",
    "Round",
    "Board",
    "White",
    "Black",
    "Result",
    "Results",
    "Save",
    "Delete",
    "Edit",
    "Cancel",
    "Submit",
    "Guidelines",
    "Referee",
    "Players",
    "Standings",
    "Settings",
    "Appeal",
    "Appeals",
    "Warning",
    "Penalty",
    "Name",
    "Club",
    "Country",
    "Place",
    "Score",
    "Pairing",
    "Print",
    "Download",
    "Upload",
    "Search",
    "Back",
    "Next",
    "Yes",
    "None",
    "none",
    "Total",
    "Date",
    "Time",
    "Start",
    "Komi",
    "Handicap",
    "published",
    "Published",
];

/// The English words of `ENGLISH` on the page's visible text.
async fn english_words(browser: &Browser) -> BTreeSet<String> {
    let text = browser
        .client
        .execute("return document.body.innerText", vec![])
        .await
        .unwrap();
    text.as_str()
        .unwrap_or_default()
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| ENGLISH.contains(w))
        .map(str::to_string)
        .collect()
}

/// Players with names of about 60 characters, the longest a layout meets
/// in practice (double surnames and given names, in both scripts' forms).
const LONG_NAMES: [(&str, &str, &str); 2] = [
    (
        "Константинопольская-Верхнеднепровская",
        "Анна-Мария-Аполлинария",
        "3k",
    ),
    (
        "Святополк-Четвертинська-Загребельна",
        "Олександра-Мирослава-Іра",
        "5k",
    ),
];

/// Pair go sides whose members have such names (RFG App. 4 §3).
const LONG_SIDES: [&str; 3] = [
    "Дем’яненко-Святополк-Мирська Олександра-Мар’яна-Богданівна, 2150, f\nПреображенский-Нововоскресенский Анатолий-Валентин, 1k, m",
    "Kozlova Olga, 1950, f\nSmirnov Ivan, 1950, m",
    "Преображенская-Нововоскресенская Анастасия-Валентиновна, 1800, f\nКонстантинопольский Владислав-Аполлинарий, 3k, m",
];

/// The names whose lines the phone's pages are checked for.
fn long_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = LONG_NAMES.iter().map(|(name, ..)| *name).collect();
    for side in LONG_SIDES {
        for member in side.split('\n') {
            let name = member.split(',').next().unwrap();
            names.push(name);
            names.push(name.split(' ').next().unwrap());
        }
    }
    names
}

/// The running tournament in the states that break layouts, and a pair go
/// event beside it, both with a round published.
async fn hall_in_every_state(app: &TestApp) -> reqwest::Client {
    let org = running_tournament_with(app, &LONG_NAMES).await;
    app.post_ok(&org, "/t/crawl/rounds/2/publish", &[]).await;
    app.post_ok(&org, "/t/crawl/referee/rounds/2/start", &[])
        .await;
    // A game lost by the referee's decision: the label that once squeezed
    // the names to a letter a line.
    let forfeit = [
        ("act", "forfeit"),
        ("player", "black"),
        ("reason", "опоздание"),
    ];
    app.post_ok(&org, "/t/crawl/referee/rounds/2/boards/2", &forfeit)
        .await;

    let pair_go = [
        ("name", "Пары"),
        ("short_name", "pairs"),
        ("-use_presets", ""),
        ("sides", "pair_go"),
    ];
    let created = app.create_tournament_with(&org, &pair_go).await;
    assert_eq!(created.status(), 303);
    for members in LONG_SIDES {
        let res = app.register(&org, "pairs", &[("members", members)]).await;
        assert_eq!(res.status(), 303, "side {members}");
    }
    app.post_ok(&org, "/t/pairs/rounds/pair", &[]).await;
    app.post_ok(&org, "/t/pairs/rounds/1/publish", &[]).await;
    org
}

/// The problems of the page the browser shows now.
async fn problems(browser: &Browser, width: u32, lang: &str) -> Vec<String> {
    let mut found = Vec::new();
    // A page asked for in English (the protocol's `?lang=en`) is English.
    let url = browser.client.current_url().await.unwrap();
    if lang != "en" && !url.query().unwrap_or("").contains("lang=en") {
        let words = english_words(browser).await;
        if !words.is_empty() {
            found.push(format!("English words on a {lang} page: {words:?}"));
        }
    }
    let status = browser
        .client
        .execute(
            "const n = performance.getEntriesByType('navigation')[0]; return n ? n.responseStatus : 0",
            vec![],
        )
        .await
        .unwrap();
    if status.as_u64() != Some(200) {
        found.push(format!("answered {status}"));
    }
    let failed = browser
        .client
        .execute(
            "return performance.getEntriesByType('resource')
               .filter(e => e.responseStatus === 0 || e.responseStatus >= 400)
               .map(e => e.name + ' ' + e.responseStatus)",
            vec![],
        )
        .await
        .unwrap();
    for f in failed.as_array().into_iter().flatten() {
        found.push(format!("sub-resource failed: {f}"));
    }
    for (level, message) in browser.log().await {
        if level == "SEVERE" {
            found.push(format!("console: {message}"));
        }
    }
    if width < 400 {
        let overflow = browser.overflow().await;
        if overflow > 0 {
            found.push(format!("{overflow} px wider than the {width} px screen"));
        }
        for cell in browser.cells_past_the_edge().await {
            found.push(format!("cell past the right edge: {cell}"));
        }
        for name in browser.names_over_two_lines(&long_names()).await {
            found.push(format!("name wrapped: {name}"));
        }
    }
    found
}

/// A file name for a page's screenshot.
fn slug(path: &str) -> String {
    let s: String = path
        .trim_start_matches('/')
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if s.is_empty() { "home".into() } else { s }
}

#[tokio::test]
async fn every_page_loads_whole_without_errors_and_fits_a_phone_in_every_language() {
    if Browser::start(360, 800).await.is_none() {
        return;
    }
    let app = TestApp::start().await;
    let org = hall_in_every_state(&app).await;
    app.account("root", true, false).await;
    // A player's private link, as the referee hands it out.
    let res = app
        .post_form(&org, "/t/crawl/appeals/link", &[("player", "2")])
        .await;
    let body = res.text().await.unwrap();
    let token = body
        .split("/p/")
        .nth(1)
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect::<String>()
        })
        .expect("the link page shows the private link");
    let link = format!("/p/{token}");

    let people = [
        Person {
            role: "visitor",
            account: None,
            start: vec![
                "/".into(),
                "/t/crawl".into(),
                "/t/crawl/register".into(),
                "/t/pairs".into(),
                "/login".into(),
            ],
        },
        Person {
            role: "player",
            account: None,
            start: vec![link.clone()],
        },
        Person {
            role: "referee",
            account: Some("referee"),
            start: vec![
                "/t/crawl".into(),
                "/t/crawl/referee".into(),
                "/account".into(),
            ],
        },
        Person {
            role: "committee",
            account: Some("judge"),
            start: vec!["/t/crawl".into(), "/t/crawl/appeals".into()],
        },
        Person {
            role: "organiser",
            account: Some("org"),
            start: vec![
                "/".into(),
                "/t/crawl".into(),
                "/t/pairs".into(),
                "/account".into(),
                "/tournaments/new".into(),
                "/tournaments/import".into(),
                "/rating-list".into(),
            ],
        },
        Person {
            role: "admin",
            account: Some("root"),
            start: vec!["/admin/accounts".into()],
        },
    ];

    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots/pages");
    // Only this run's pages: a private link's token differs every run.
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    let mut visits = 0;
    for person in &people {
        let client = app.new_client();
        if let Some(account) = person.account {
            app.log_in(&client, account).await;
        }
        let start: Vec<&str> = person.start.iter().map(String::as_str).collect();
        let mut pages: BTreeSet<String> = crawl(&app, &client, &start).await.into_keys().collect();
        // Downloads and the language switch are no pages to look at; the
        // admin's crawl keeps to the admin's own pages.
        pages.retain(|p| !p.starts_with("/language/") && !p.contains("format=text"));
        if person.role == "admin" {
            pages.retain(|p| p.starts_with("/admin"));
        }
        let began = std::time::Instant::now();
        // The viewport is fixed when the browser starts (see `Browser::start`).
        for (width, height) in WIDTHS {
            let browser = Browser::start(width, height)
                .await
                .expect("Chromium, found at the start, starts again");
            if let Some(account) = person.account {
                browser.log_in(&app, account).await;
            }
            for lang in LANGS {
                browser
                    .goto(&app.url(&format!("/language/{lang}?back=/")))
                    .await;
                browser.log().await;
                for page in &pages {
                    let began = std::time::Instant::now();
                    browser.goto(&app.url(page)).await;
                    let took = began.elapsed().as_secs();
                    visits += 1;
                    // A page that waits on the browser's connections (an
                    // event stream left open) loads after a minute.
                    if took >= 5 {
                        failures.push(format!(
                            "{} {lang} {width}px {page}: took {took} s",
                            person.role
                        ));
                    }
                    for problem in problems(&browser, width, lang).await {
                        let who = person.role;
                        failures.push(format!("{who} {lang} {width}px {page}: {problem}"));
                    }
                    let name = format!("{}-{lang}-{width}-{}.png", person.role, slug(page));
                    let png = browser.client.screenshot().await.unwrap();
                    std::fs::write(dir.join(name), png).unwrap();
                }
            }
            browser.client.clone().close().await.unwrap();
        }
        let seconds = began.elapsed().as_secs();
        println!(
            "{}: {} pages, 6 ways, {seconds} s",
            person.role,
            pages.len()
        );
    }
    println!("{visits} page visits; screenshots in {}", dir.display());
    assert!(visits > 200, "the sweep saw only {visits} pages");
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
