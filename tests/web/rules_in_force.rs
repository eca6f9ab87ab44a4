//! The rules a tournament is held under, as its pages show them: the GTR
//! version and order of priority on the overview, the advice of the rule
//! texts on the settings page, an EGF tournament held back from round 1
//! until its officials are named, and each rule text's defaults applied on
//! creation and on a switch (core::rule_texts), and named on the pages.

use crate::common;

use common::api::Api;
use common::{TestApp, text};
use scraper::Selector;
use serde_json::json;

#[tokio::test]
async fn an_egf_tournament_shows_its_rules_and_waits_for_its_officials_before_round_one() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let changes = [
        ("name", "EGF Open"),
        ("level", "international"),
        ("handicap_placement", "free"),
    ];
    app.tournament(&org, "egfopen").with(&changes).await;

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

    let players = [
        ("Alpha", "1d"),
        ("Beta", "2k"),
        ("Gamma", "3k"),
        ("Delta", "4k"),
    ];
    app.register_players(&org, "egfopen", &players).await;
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
    let org = app.organiser("org").await;
    let moscow = [("name", "Top Places"), ("time_zone", "Europe/Moscow")];
    app.tournament(&org, "top").with(&moscow).await;
    let criteria = [
        ("criterion_1", "NBW"),
        ("criterion_2", "Rating"),
        ("criterion_3", ""),
        ("criterion_4", ""),
        ("criterion_5", ""),
        ("criterion_6", ""),
        ("tiebreak_places", "2"),
    ];
    let saved = app.change_settings(&org, "top", &criteria).await;
    assert_eq!(saved.status(), 303);
    let players = [
        ("Alpha", "5d"),
        ("Beta", "4d"),
        ("Gamma", "3d"),
        ("Delta", "2d"),
        ("Epsilon", "1d"),
        ("Zeta", "1k"),
        ("Eta", "2k"),
        ("Theta", "3k"),
    ];
    app.register_players(&org, "top", &players).await;
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
    // A shared place reads as its range (issue 34: 3–4, 5–8).
    assert_eq!(shown, ["1", "2", "3–4", "3–4", "5–8", "5–8", "5–8", "5–8"]);
    let (_, json) = app.api().get("/tournaments/top/standings").await;
    let places: Vec<u64> = json["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["place"].as_u64().unwrap())
        .collect();
    assert_eq!(places, [1, 2, 3, 3, 5, 5, 5, 5]);
}

/// A signed-in organiser, and the API as them.
async fn organiser_with_api(app: &TestApp) -> (reqwest::Client, Api) {
    let org = app.organiser("org").await;
    let api = app.api_as(&org).await;
    (org, api)
}

/// RFG code 15.1 б, 16.4 б: by default Japanese rules, komi 6.5; App. 2 а:
/// a handicap game has no komi and an equal count goes to White (15.1 б).
/// Created under the code through the form, the tournament applies them,
/// and the overview, the slips, the protocol and the player's page say so.
#[tokio::test]
async fn the_rfg_code_plays_komi_six_and_a_half_and_says_so() {
    let app = TestApp::start().await;
    let (org, api) = organiser_with_api(&app).await;
    let rfg = [
        ("name", "Moscow Cup"),
        ("time_zone", "Europe/Moscow"),
        ("ruleset", "rfg"),
    ];
    app.tournament(&org, "moscow").with(&rfg).await;
    let t = api.read("/tournaments/moscow").await;
    assert_eq!(t["settings"]["rules"]["komi"], 13, "6.5 in half points");
    assert_eq!(t["settings"]["rules"]["profile"], "JapaneseTerritory");
    // RFG 20.2 а: the player left without an opponent gets a point.
    assert_eq!(t["settings"]["unplayed"]["nbw_bye"], 2);
    assert_eq!(t["discipline"]["ruleset"], "Rfg");

    let (_, page) = app.get_html(&org, "/t/moscow").await;
    let rules = text(&page, "[data-test=rules-in-force]").unwrap();
    assert!(rules.contains("Russian Go Federation Code"), "{rules}");
    assert!(rules.contains("komi 6.5"), "{rules}");
    assert!(rules.contains("white wins"), "handicap games: {rules}");
    assert!(
        text(&page, "[data-test=gtr-version]").is_none(),
        "the GTR is not named under the RFG code"
    );

    let players = [("Strong", "3d"), ("Weak", "8k")];
    app.register_players(&org, "moscow", &players).await;
    app.post_ok(&org, "/t/moscow/rounds/pair", &[]).await;
    app.post_ok(&org, "/t/moscow/rounds/1/publish", &[]).await;
    let (_, slips) = app.get_html(&org, "/t/moscow/rounds/1/slips").await;
    let slip = text(&slips, "[data-test=slip]").unwrap();
    assert!(slip.contains("Komi: 0"), "{slip}");
    let equal = text(&slips, "[data-test=equal-count]").unwrap();
    assert!(equal.contains("White wins"), "{equal}");
    assert!(!slip.contains("Jigo"), "no jigo box: {slip}");
    let (_, round) = app.get_html(&org, "/t/moscow/rounds/1").await;
    let equal = text(&round, "[data-test=equal-count]").unwrap();
    assert!(equal.contains("White wins"), "{equal}");

    let (_, protocol) = app.get_html(&org, "/t/moscow/protocol").await;
    let main = text(&protocol, "main").unwrap();
    assert!(main.contains("Russian Go Federation Code"), "{main}");
    assert!(main.contains("komi 6.5"), "{main}");
    let (_, player) = app.get_html(&org, "/t/moscow/players/1/games").await;
    let rules = text(&player, "[data-test=rules-in-force]").unwrap();
    assert!(rules.contains("Japanese"), "{rules}");
}

/// Ukrainian rules II.5 (the free player of a Swiss round "одержує очко"),
/// II.6 (McMahon as the Swiss) and III.6–7, XII.4 (admission): switching a
/// Swiss to the Ukrainian rules on the settings form first shows what will
/// change and changes nothing; confirmed, it applies them. Through the API
/// a McMahon switched to them reports each change with its article.
#[tokio::test]
async fn the_ukrainian_rules_give_the_free_player_a_point_and_require_admission() {
    let app = TestApp::start().await;
    let (org, api) = organiser_with_api(&app).await;
    let swiss = [
        ("name", "Kyiv Swiss"),
        ("system", "swiss"),
        ("use_presets", "on"),
    ];
    app.tournament(&org, "kyiv").with(&swiss).await;
    let before = api.read("/tournaments/kyiv").await;
    assert_eq!(before["settings"]["unplayed"]["nbw_bye"], 0);

    let preview = app
        .change_settings(&org, "kyiv", &[("ruleset", "ukraine")])
        .await;
    assert_eq!(preview.status(), 200, "a preview, not a save");
    let page = scraper::Html::parse_document(&preview.text().await.unwrap());
    let changes = page
        .select(&Selector::parse("[data-test=rules-change]").unwrap())
        .map(|tr| tr.text().collect::<Vec<_>>().join("|"))
        .collect::<Vec<_>>();
    let said = changes.join("\n");
    assert!(said.contains("II.5"), "the bye's point: {said}");
    assert!(said.contains("III.6"), "admission: {said}");
    assert!(said.contains("IV.4"), "the third warning: {said}");
    assert!(said.contains("6.5"), "komi (VIII.17): {said}");
    let unchanged = api.read("/tournaments/kyiv").await;
    assert_eq!(
        unchanged["discipline"]["ruleset"], "Egf",
        "nothing saved yet"
    );

    let values = common::form_values(&page, "[data-test=tournament-form]");
    assert!(values.iter().any(|(n, _)| n == "confirm_rules"));
    let saved = org
        .post(app.url("/t/kyiv/settings"))
        .form(&values)
        .send()
        .await
        .unwrap();
    assert_eq!(saved.status(), 303);
    let after = api.read("/tournaments/kyiv").await;
    assert_eq!(after["discipline"]["ruleset"], "Ukraine");
    assert_eq!(after["settings"]["unplayed"]["nbw_bye"], 2, "II.5");
    assert_eq!(after["discipline"]["warnings_to_forfeit"], 3, "IV.4");
    let required = &after["settings"]["admission"]["required"];
    assert_eq!(
        (
            &required["documents"],
            &required["medical"],
            &required["anti_doping"]
        ),
        (&json!(true), &json!(true), &json!(true)),
        "III.6–7, XII.4"
    );
    let (_, overview) = app.get_html(&org, "/t/kyiv").await;
    let rules = text(&overview, "[data-test=rules-in-force]").unwrap();
    assert!(rules.contains("Ukrainian competition rules"), "{rules}");

    let made = json!({ "name": "Lviv McMahon", "short_name": "lviv", "system": "McMahon" });
    let lviv = api.create(made).await;
    let (status, answer) = lviv
        .change_settings(|body| body["discipline"]["ruleset"] = json!("Ukraine"))
        .await;
    assert_eq!(status, 200);
    let articles: Vec<&str> = answer["changed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["article"].as_str().unwrap())
        .collect();
    assert!(articles.contains(&"UA II.5, II.6"), "{articles:?}");
    assert!(articles.contains(&"UA III.3"), "{articles:?}");
    let after = lviv.read("").await;
    assert_eq!(after["settings"]["unplayed"]["mms_bye"], 2, "II.6");
    assert_eq!(after["settings"]["admission"]["required"]["medical"], true);

    // Created through the API under a rule text, a tournament starts with its defaults.
    let made =
        json!({ "name": "Odesa", "short_name": "odesa", "system": "Swiss", "ruleset": "ukraine" });
    let odesa = api.create(made).await;
    let t = odesa.read("").await;
    assert_eq!(t["settings"]["unplayed"]["nbw_bye"], 2);
    assert_eq!(t["discipline"]["ruleset"], "Ukraine");

    // The organiser's own rules fix nothing: switching to them keeps every setting.
    let (status, answer) = odesa
        .change_settings(|body| body["discipline"]["ruleset"] = json!("Custom"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(answer["changed"], json!([]));
    let after = odesa.read("").await;
    assert_eq!(after["settings"], t["settings"]);
    let (_, overview) = app.get_html(&org, "/t/odesa").await;
    let rules = text(&overview, "[data-test=rules-in-force]").unwrap();
    assert!(rules.contains("organiser's own rules"), "{rules}");
}

/// GTR Rulesets, RFG 16.4 б: rules of play newly chosen bring their komi
/// over the one left in the field, and the notice after saving says so.
#[tokio::test]
async fn rules_of_play_chosen_on_the_form_say_the_komi_they_set() {
    let app = TestApp::start().await;
    let (org, api) = organiser_with_api(&app).await;
    app.tournament(&org, "komi").called("Komi Cup").await;
    let saved = app
        .change_settings(
            &org,
            "komi",
            &[("rules_profile", "JapaneseTerritory"), ("komi", "7.5")],
        )
        .await;
    assert_eq!(saved.status(), 303);
    let (_, page) = app.get_html(&org, "/t/komi").await;
    let notice = text(&page, "[data-test=notice]").unwrap();
    assert!(notice.contains("6.5"), "{notice}");
    let t = api.read("/tournaments/komi").await;
    assert_eq!(t["settings"]["rules"]["komi"], 13);
    let rules = text(&page, "[data-test=rules-in-force]").unwrap();
    assert!(rules.contains("komi 6.5"), "{rules}");
}
