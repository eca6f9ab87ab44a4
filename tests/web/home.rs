//! Issue 31, item 9: the front page lists each tournament with its dates and
//! where it stands, the latest to begin first: an old tournament imported
//! today does not head the list.

use crate::common;

use common::TestApp;
use scraper::Selector;

#[tokio::test]
async fn the_front_page_lists_dates_and_status_latest_first() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    for (name, short, begin, end) in [
        ("Spring Cup", "spring", "2026-05-10", "2026-05-11"),
        ("Old Open", "old", "2019-01-05", "2019-01-05"),
    ] {
        let changes = [
            ("name", name),
            ("short_name", short),
            ("begin_date", begin),
            ("end_date", end),
            ("rounds", "3"),
        ];
        let res = app.create_tournament_with(&org, &changes).await;
        assert_eq!(res.status(), 303, "{name}");
    }
    for n in ["Alpha", "Bravo"] {
        let res = app
            .register(&org, "spring", &[("name", n), ("rank", "3k")])
            .await;
        assert_eq!(res.status(), 303);
    }
    app.post_ok(&org, "/t/spring/rounds/pair", &[]).await;
    app.post_ok(&org, "/t/spring/rounds/1/publish", &[]).await;

    let visitor = app.new_client();
    visitor
        .get(app.url("/language/ru?back=/"))
        .send()
        .await
        .unwrap();
    let (_, page) = app.get_html(&visitor, "/").await;
    let lines: Vec<String> = page
        .select(&Selector::parse("[data-test=home-tournament]").unwrap())
        .map(|li| li.text().collect::<String>())
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].contains("Spring Cup"),
        "the latest first: {lines:?}"
    );
    assert!(lines[0].contains("10.05.2026 – 11.05.2026"), "{lines:?}");
    assert!(lines[0].contains("тур 1 из 3"), "{lines:?}");
    assert!(lines[1].contains("05.01.2019"), "{lines:?}");
    assert!(lines[1].contains("Регистрация"), "{lines:?}");
}
