//! The rules a tournament is held under, as its pages show them: the GTR
//! version and order of priority on the overview, the advice of the rule
//! texts on the settings page, and an EGF tournament held back from round 1
//! until its officials are named.

mod common;

use common::{TestApp, text};
use scraper::Selector;

#[tokio::test]
async fn an_egf_tournament_shows_its_rules_and_waits_for_its_officials_before_round_one() {
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    let org = app.new_client();
    app.log_in(&org, "org").await;
    let created = app
        .submit(
            &org,
            "/tournaments/new",
            "[data-test=tournament-form]",
            "/tournaments",
            &[
                ("name", "EGF Open"),
                ("short_name", "egfopen"),
                ("time_zone", "Europe/Kyiv"),
                ("level", "international"),
                ("handicap_placement", "free"),
            ],
        )
        .await;
    assert_eq!(created.status(), 303);

    let (_, page) = app.get_html(&org, "/t/egfopen").await;
    let gtr = text(&page, "[data-test=gtr-version]").unwrap();
    assert!(gtr.contains("2007") && gtr.contains("2007-07-21"), "{gtr}");
    let levels = page
        .select(&Selector::parse("[data-test=priority] li").unwrap())
        .map(|li| li.text().collect::<String>())
        .collect::<Vec<_>>();
    assert_eq!(levels.len(), 9, "{levels:?}");
    assert!(levels[1].contains("General Tournament Rules"), "{levels:?}");
    let placement = text(&page, "[data-test=handicap-placement]").unwrap();
    assert!(placement.contains("placed freely"), "{placement}");

    let (_, settings) = app.get_html(&org, "/t/egfopen/settings").await;
    let advice = text(&settings, "[data-test=advice]").unwrap();
    assert!(advice.contains("appeals committee"), "{advice}");
    assert!(advice.contains("EGF-certified referee"), "{advice}");

    for (name, rank) in [
        ("Alpha", "1d"),
        ("Beta", "2k"),
        ("Gamma", "3k"),
        ("Delta", "4k"),
    ] {
        let added = app
            .submit(
                &org,
                "/t/egfopen/players/new",
                "[data-test=player-form]",
                "/t/egfopen/players",
                &[("name", name), ("first_name", "Test"), ("rank", rank)],
            )
            .await;
        assert_eq!(added.status(), 303, "{name}");
    }
    let refused = app.post_form(&org, "/t/egfopen/rounds/pair", &[]).await;
    assert_ne!(refused.status(), 303, "round 1 paired without officials");
    let body = refused.text().await.unwrap();
    assert!(body.contains("appeals committee"), "{body}");
    let (_, round) = app.get_html(&org, "/t/egfopen/rounds/1").await;
    assert!(
        text(&round, "main").is_none_or(|m| !m.contains("Alpha Test")),
        "nothing was paired"
    );
}

/// RFG code App. 9 §6.2: the tiebreaks may decide the top places only;
/// below them players equal on the first criterion share a place, on the
/// standings page and through the API.
#[tokio::test]
async fn tiebreaks_decide_only_the_places_the_settings_give() {
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    let org = app.new_client();
    app.log_in(&org, "org").await;
    let created = app
        .submit(
            &org,
            "/tournaments/new",
            "[data-test=tournament-form]",
            "/tournaments",
            &[
                ("name", "Top Places"),
                ("short_name", "top"),
                ("time_zone", "Europe/Moscow"),
            ],
        )
        .await;
    assert_eq!(created.status(), 303);
    let criteria = [
        ("criterion_1", "NBW"),
        ("criterion_2", "Rating"),
        ("criterion_3", ""),
        ("criterion_4", ""),
        ("criterion_5", ""),
        ("criterion_6", ""),
        ("tiebreak_places", "2"),
    ];
    let saved = app
        .submit(
            &org,
            "/t/top/settings",
            "[data-test=tournament-form]",
            "/t/top/settings",
            &criteria,
        )
        .await;
    assert_eq!(saved.status(), 303);
    for (name, rank) in [
        ("Alpha", "5d"),
        ("Beta", "4d"),
        ("Gamma", "3d"),
        ("Delta", "2d"),
        ("Epsilon", "1d"),
        ("Zeta", "1k"),
        ("Eta", "2k"),
        ("Theta", "3k"),
    ] {
        let added = app
            .submit(
                &org,
                "/t/top/players/new",
                "[data-test=player-form]",
                "/t/top/players",
                &[("name", name), ("first_name", "Test"), ("rank", rank)],
            )
            .await;
        assert_eq!(added.status(), 303, "{name}");
    }
    app.post_ok(&org, "/t/top/rounds/pair", &[]).await;
    app.post_ok(&org, "/t/top/rounds/1/publish", &[]).await;
    let white: Vec<(String, String)> = (1..=4)
        .map(|b| (format!("board_{b}"), "w".into()))
        .collect();
    let white: Vec<(&str, &str)> = white
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let entered = app.post_form(&org, "/t/top/rounds/1/results", &white).await;
    assert_eq!(entered.status(), 303);

    let (_, page) = app.get_html(&app.new_client(), "/t/top/standings").await;
    let places = Selector::parse("[data-test=standings] tbody tr td:first-child").unwrap();
    let shown: Vec<String> = page
        .select(&places)
        .map(|td| td.text().collect::<String>().trim().to_string())
        .collect();
    assert_eq!(shown, ["1", "2", "3", "3", "5", "5", "5", "5"]);
    let json: serde_json::Value = app
        .client
        .get(app.url("/api/v1/tournaments/top/standings"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let places: Vec<u64> = json["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["place"].as_u64().unwrap())
        .collect();
    assert_eq!(places, [1, 2, 3, 3, 5, 5, 5, 5]);
}
