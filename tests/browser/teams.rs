//! The team page of an imported OpenGotha team event: the team standings as
//! `tengen team-standings` computes them, and each round's matches board by
//! board.

use crate::common;

use common::{TestApp, text};

/// Imports `../shared/fixtures/opengotha/<stem>.xml` as `/t/<short>`.
async fn import(app: &TestApp, stem: &str, short: &str) -> Option<reqwest::Client> {
    let Some(fixtures) = common::shared_fixtures() else {
        println!("skipped: ../shared/fixtures not found");
        return None;
    };
    let org = app.organiser("org").await;
    let xml = std::fs::read(fixtures.join(format!("opengotha/{stem}.xml"))).unwrap();
    let fields = [("short_name", short), ("time_zone", "")];
    let res = app
        .upload(&org, "/tournaments/import", &fields, "upload", xml)
        .await;
    assert_eq!(res.status(), 303, "{stem} imports");
    Some(org)
}

fn texts(page: &scraper::Html, css: &str) -> Vec<String> {
    let selector = scraper::Selector::parse(css).unwrap();
    page.select(&selector)
        .map(|e| e.text().collect::<String>().trim().to_owned())
        .collect()
}

/// Each team row's first three cells: place, team, first criterion.
fn team_rows(page: &scraper::Html) -> Vec<String> {
    let row = scraper::Selector::parse("[data-test=team-row]").unwrap();
    let cell = scraper::Selector::parse("td").unwrap();
    page.select(&row)
        .map(|r| {
            r.select(&cell)
                .take(3)
                .map(|c| c.text().collect::<String>().trim().to_owned())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

#[tokio::test]
async fn a_visitor_sees_the_team_standings_and_the_rounds_matches() {
    let app = TestApp::start().await;
    let Some(_) = import(&app, "Tournoi_de_Juvisy", "juvisy").await else {
        return;
    };
    let fixtures = common::shared_fixtures().unwrap();
    let want: Vec<String> = std::fs::read_to_string(
        fixtures.join("expected/teams/Tournoi_de_Juvisy.teamstandings.tsv"),
    )
    .unwrap()
    .lines()
    .skip(1)
    .map(|l| l.split('\t').take(3).collect::<Vec<_>>().join(" "))
    .collect();
    let visitor = app.new_client();
    let (status, standings) = app.get_html(&visitor, "/t/juvisy/standings").await;
    assert_eq!(status, 200);
    assert!(
        text(&standings, "[data-test=teams-link]").is_some(),
        "the standings link to the team standings"
    );
    let (_, overview) = app.get_html(&visitor, "/t/juvisy").await;
    assert!(
        text(&overview, "[data-test=overview-teams-link]").is_some(),
        "the overview links to the team standings"
    );
    let (status, page) = app.get_html(&visitor, "/t/juvisy/teams").await;
    assert_eq!(status, 200);
    assert_eq!(
        team_rows(&page),
        want,
        "place, team and TP as OpenGotha computes them"
    );
    assert_eq!(
        texts(&page, "[data-test=team-match]").len(),
        3,
        "six teams make three matches in round 4"
    );
    assert_eq!(
        texts(&page, "[data-test=team-board]").len(),
        9,
        "three boards each"
    );
    let (_, round_one) = app.get_html(&visitor, "/t/juvisy/teams?round=1").await;
    assert_ne!(
        team_rows(&round_one),
        team_rows(&page),
        "the standings after round 1 are not those after round 4"
    );
}

#[tokio::test]
async fn an_individual_tournament_has_no_team_page() {
    let Some(fixtures) = common::shared_fixtures() else {
        println!("skipped: ../shared/fixtures not found");
        return;
    };
    let individual = std::fs::read_dir(fixtures.join("opengotha"))
        .unwrap()
        .filter_map(|e| Some(e.ok()?.path()))
        .find(|p| {
            p.extension().is_some_and(|e| e == "xml")
                && std::fs::read(p).is_ok_and(|b| !b.windows(6).any(|w| w == b"<Teams"))
        })
        .unwrap();
    let stem = individual.file_stem().unwrap().to_str().unwrap().to_owned();
    let app = TestApp::start().await;
    import(&app, &stem, "solo").await;
    let visitor = app.new_client();
    let (_, standings) = app.get_html(&visitor, "/t/solo/standings").await;
    assert!(text(&standings, "[data-test=teams-link]").is_none());
    let (_, overview) = app.get_html(&visitor, "/t/solo").await;
    assert!(text(&overview, "[data-test=overview-teams-link]").is_none());
    let (status, _) = app.get_html(&visitor, "/t/solo/teams").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn the_team_page_fits_a_phone_and_loads_without_a_console_error() {
    let app = TestApp::start().await;
    let Some(_) = import(&app, "TeamEGC2013", "egc").await else {
        return;
    };
    let Some(browser) = common::browser::Browser::start(360, 800).await else {
        return;
    };
    for (lang, team) in [("en", "Team"), ("ru", "Команда"), ("uk", "Команда")] {
        browser.goto(&app.url(&format!("/language/{lang}"))).await;
        browser.goto(&app.url("/t/egc/teams")).await;
        assert_eq!(
            browser
                .text("[data-test=team-standings] th:nth-child(2)")
                .await,
            team
        );
        assert!(browser.count("[data-test=team-row]").await > 30);
        assert_eq!(browser.overflow().await, 0, "{lang}: wider than the phone");
        browser.screenshot(&format!("teams-360-{lang}")).await;
        let severe: Vec<_> = browser
            .log()
            .await
            .into_iter()
            .filter(|(level, _)| level == "SEVERE")
            .collect();
        assert!(severe.is_empty(), "{lang}: {severe:?}");
    }
}
