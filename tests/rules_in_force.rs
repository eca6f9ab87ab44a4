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
