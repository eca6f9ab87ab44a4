//! The audit log in words (issue 30: typed events, worded by one module):
//! the page and the API give a recorded event in the reader's language,
//! and the API gives it as stored beside its words.

use crate::common;

use common::TestApp;
use scraper::Selector;

#[tokio::test]
async fn the_audit_page_and_api_word_a_publication_in_each_language() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    app.tournament(&org, "words")
        .players(2)
        .published_round()
        .await;
    let api = app.api_as(&org).await.at("/tournaments/words");
    for (lang, said) in [
        ("en", "Round 1 published"),
        ("ru", "Тур 1 опубликован"),
        ("uk", "Тур 1 опубліковано"),
    ] {
        let audit = api.lang(lang).read("/audit").await;
        let entry = (audit.as_array().unwrap().iter())
            .find(|e| e["action"] == "round.publish:1")
            .unwrap_or_else(|| panic!("no publication in {audit}"));
        assert_eq!(entry["words"], said, "{lang}");

        org.get(app.url(&format!("/language/{lang}")))
            .send()
            .await
            .unwrap();
        let (status, page) = app.get_html(&org, "/t/words/audit").await;
        assert_eq!(status, 200);
        let what: Vec<String> = page
            .select(&Selector::parse("[data-test=audit-what]").unwrap())
            .map(|e| e.text().collect::<String>().trim().to_string())
            .collect();
        assert!(what.iter().any(|w| w == said), "{lang}: {what:?}");
    }
}

/// A name this build does not record, as an older or a later Tengen's log
/// holds it: read as its name and the fields that changed, never as JSON.
#[tokio::test]
async fn an_unknown_event_from_an_old_log_reads_as_its_name() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    app.tournament(&org, "old").players(2).await;
    sqlx::query(
        "insert into audit_log (tournament_id, action, before, after)
         select tournament_id, 'prize.award:3', '{\"place\": 1}', '{\"place\": 2}'
         from tournament where short_name = 'old'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let api = app.api_as(&org).await.at("/tournaments/old");
    let audit = api.read("/audit").await;
    let newest = &audit[0];
    assert_eq!(newest["action"], "prize.award:3");
    assert_eq!(newest["words"], "Other change: prize award:3");
    let (status, page) = app.get_html(&org, "/t/old/audit").await;
    assert_eq!(status, 200);
    let row = page
        .select(&Selector::parse("[data-test=audit-row]").unwrap())
        .map(|r| r.text().collect::<Vec<_>>().join(" "))
        .next()
        .unwrap();
    assert!(row.contains("Other change: prize award:3"), "{row}");
    assert!(row.contains("place"), "{row}");
    assert!(!row.contains('{'), "no JSON: {row}");
}
