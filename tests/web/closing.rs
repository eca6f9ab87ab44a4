//! The acts that close a tournament, through the API and the pages: only a
//! tournament supervisor verifies the final standings (EGF GTR "Officials"),
//! and no winners are declared while an appeal that can change titles or
//! prizes is open (GTR "EGF rules commission").

use crate::common;

use common::{TestApp, text};
use serde_json::{Value, json};

#[tokio::test]
async fn a_supervisor_verifies_the_final_standings_and_winners_wait_for_the_rules_commission() {
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    app.account("sup", false, false).await;
    app.account("judge", false, false).await;
    let org = app.api_for("org").await;
    let made = json!({ "name": "Final Cup", "short_name": "final",
        "time_zone": "Europe/Kyiv", "rounds": 2 });
    assert_eq!(org.post("/tournaments", made).await.0, 201);
    // From here on every answer is read in Ukrainian.
    let org = org.lang("uk").at("/tournaments/final");
    let judges = ["Judge One", "Judge Two", "Judge Three"];
    assert_eq!(org.fix_committee(&judges, &["Judge Four"]).await.0, 200);
    let judge_role = json!({ "username": "judge", "role": "appeals_member" });
    assert_eq!(org.post("/staff", judge_role).await.0, 201);
    // The owner gives the supervisor's role, and the staff lists it.
    let role = json!({ "username": "sup", "role": "supervisor" });
    assert_eq!(org.post("/staff", role.clone()).await.0, 201);
    let (_, staff) = org.get("/staff").await;
    assert!(staff.as_array().unwrap().contains(&role), "{staff}");
    let sup = app.api_for("sup").await.lang("uk").at("/tournaments/final");
    for (name, rank) in [("Ann", "2d"), ("Bob", "3k"), ("Cid", "5k"), ("Dan", "6k")] {
        let player = json!({ "name": name, "rank": rank });
        assert_eq!(org.write("POST", "/players", player).await.0, 201);
    }
    for round in 1..=2 {
        assert_eq!(org.write("POST", "/rounds", json!({})).await.0, 201);
        // Not final while a result is missing: nothing to verify yet.
        let (status, refused) = sup.write("POST", "/standings/verify", json!({})).await;
        assert_eq!(status, 422, "round {round}: {refused}");
        let results = json!({ "results": [
            { "board": 1, "result": "w" }, { "board": 2, "result": "w" }] });
        let path = format!("/rounds/{round}/results");
        assert_eq!(org.write("POST", &path, results).await.0, 200);
    }

    // Only a supervisor verifies: not the owner, who does not hold the role.
    let (status, _) = org.write("POST", "/standings/verify", json!({})).await;
    assert_eq!(status, 403, "the owner without the role");
    let (_, before) = sup.get("/standings").await;
    assert_eq!(before["is_final"], true, "{before}");
    assert_eq!(before["verified"], Value::Null);
    let (status, body) = sup.write("POST", "/standings/verify", json!({})).await;
    assert_eq!(status, 200, "{body}");
    let (_, standings) = sup.get("/standings").await;
    assert_eq!(standings["verified"]["by"], "sup", "{standings}");
    assert_eq!(standings["verified"]["current"], true);

    // An appeal that can change the prizes goes to the rules commission
    // after the tournament: until it rules, no winners are declared.
    let filing = json!({ "appellant": { "Player": 4 }, "appealed": { "Pairing": 2 },
        "grounds": "paired against a club mate", "affects_prizes": true });
    let (status, filed) = org.write("POST", "/appeals", filing).await;
    assert_eq!(status, 201, "{filed}");
    let judge = app
        .api_for("judge")
        .await
        .lang("uk")
        .at("/tournaments/final");
    assert_eq!(
        judge.write("POST", "/appeals/1/review", json!({})).await.0,
        200
    );
    let decision = json!({ "outcome": "Rejected", "reasons": "no club mates met",
        "signed_by": judges });
    assert_eq!(
        judge.write("POST", "/appeals/1/decision", decision).await.0,
        200
    );
    assert_eq!(
        org.write("POST", "/appeals/1/escalate", json!({})).await.0,
        200
    );
    let (status, refused) = org.write("POST", "/winners/declare", json!({})).await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["error"], "discipline.error.prizes_held");
    let message = refused["message"].as_str().unwrap();
    assert!(
        message.contains("#1") && message.contains("переможців"),
        "the appeal named, in the reader's language: {message}"
    );
    let (_, standings) = org.get("/standings").await;
    assert_eq!(standings["declared"], Value::Null, "nothing was recorded");
    assert_eq!(standings["pending_appeals"], json!([1]));

    let ruling = json!({ "outcome": "Rejected", "reasons": "the pairing stands",
        "signed_by": ["EGF Rules Commission"] });
    assert_eq!(org.write("POST", "/appeals/1/ruling", ruling).await.0, 200);
    let (status, _) = sup.write("POST", "/winners/declare", json!({})).await;
    assert_eq!(status, 403, "declaring is the director's");
    let (status, body) = org.write("POST", "/winners/declare", json!({})).await;
    assert_eq!(status, 200, "{body}");
    let (_, standings) = org.get("/standings").await;
    assert_eq!(standings["declared"]["by"], "org", "{standings}");
    assert_eq!(standings["declared"]["current"], true);
}

/// Creates the two-round EGF cup `final` through the pages, with prizes
/// and four players; returns the owner's browser.
async fn cup_through_the_pages(app: &TestApp) -> reqwest::Client {
    let org = app.organiser("org").await;
    let changes = [
        ("name", "Final Cup"),
        ("rounds", "2"),
        ("ruleset", "egf"),
        ("prizes", "1; 300; Champion\n2; 100"),
    ];
    let players = [("Ann", "2d"), ("Bob", "3k"), ("Cid", "5k"), ("Dan", "6k")];
    app.tournament(&org, "final")
        .with(&changes)
        .roster(&players)
        .await;
    org
}

#[tokio::test]
async fn the_protocol_page_takes_the_supervisors_verification_and_holds_the_winners_for_an_appeal()
{
    let app = TestApp::start().await;
    let org = cup_through_the_pages(&app).await;
    app.account("sup", false, false).await;
    app.account("judge", false, false).await;
    app.post_ok(
        &org,
        "/t/final/staff",
        &[("username", "judge"), ("role", "appeals_member")],
    )
    .await;
    let judge = app.signed_in("judge").await;
    app.post_ok(
        &org,
        "/t/final/appeals/committee",
        &[
            ("members", "Judge One\nJudge Two\nJudge Three"),
            ("reserves", "Judge Four"),
        ],
    )
    .await;
    for round in 1..=2 {
        app.post_ok(&org, "/t/final/rounds/pair", &[]).await;
        let (_, page) = app.get_html(&org, "/t/final/protocol").await;
        assert!(
            text(&page, "[data-test=closing-not-final]").is_some(),
            "round {round}: the acts wait for the results"
        );
        let results = [("board_1", "w"), ("board_2", "w")];
        let path = format!("/t/final/rounds/{round}/results");
        app.post_ok(&org, &path, &results).await;
    }

    // No supervisor yet: the owner reads how one is given the role, and has
    // no verify button.
    let (_, page) = app.get_html(&org, "/t/final/protocol").await;
    assert!(text(&page, "[data-test=no-supervisor]").is_some());
    assert!(text(&page, "[data-test=verify-form]").is_none());
    let res = app.post_form(&org, "/t/final/protocol/verify", &[("version", "0")]);
    assert_eq!(res.await.status(), 403);
    let (_, staff_page) = app.get_html(&org, "/t/final/staff").await;
    let option = scraper::Selector::parse("select[name=role] option[value=supervisor]").unwrap();
    assert_eq!(staff_page.select(&option).count(), 1, "the role is offered");
    app.post_ok(
        &org,
        "/t/final/staff",
        &[("username", "sup"), ("role", "supervisor")],
    )
    .await;

    let sup = app.signed_in("sup").await;
    let res = app
        .submit(
            &sup,
            "/t/final/protocol",
            "[data-test=verify-form]",
            "/t/final/protocol/verify",
            &[],
        )
        .await;
    assert_eq!(res.status(), 303);
    let visitor = app.new_client();
    for path in ["/t/final/protocol", "/t/final/standings"] {
        let (_, page) = app.get_html(&visitor, path).await;
        let verified = text(&page, "[data-test=verified]").unwrap_or_default();
        assert!(verified.contains("sup"), "{path}: {verified}");
    }
    let (_, page) = app.get_html(&sup, "/t/final/protocol").await;
    assert!(
        text(&page, "[data-test=verify-form]").is_none(),
        "done once"
    );

    // A prize appeal is filed: the owner's declaration waits, naming it.
    let appeal = [
        ("player", "4"),
        ("appealed", "pairing"),
        ("round", "2"),
        ("grounds", "paired against a club mate"),
        ("affects_prizes", "yes"),
    ];
    app.post_ok(&org, "/t/final/appeals", &appeal).await;
    let (_, page) = app.get_html(&org, "/t/final/protocol").await;
    assert!(text(&page, "[data-test=declare-form]").is_none());
    let held = text(&page, "[data-test=declare-held]").unwrap();
    assert!(held.contains("#1"), "{held}");
    // A form sent anyway (a page loaded before the appeal) is refused, in
    // the reader's language, and records nothing.
    app.get_html(&org, "/language/ru").await;
    let version = app.api().version("/tournaments/final").await.to_string();
    let res = app
        .post_form(&org, "/t/final/protocol/declare", &[("version", &version)])
        .await;
    assert_eq!(res.status(), 409);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let error = text(&page, "[data-test=error]").unwrap();
    assert!(
        error.contains("#1") && error.contains("победителей"),
        "the refusal names the appeal in Russian: {error}"
    );
    let (_, page) = app.get_html(&visitor, "/t/final/protocol").await;
    assert!(text(&page, "[data-test=declared]").is_none());

    // The committee rejects the appeal: the winners are declared.
    let decide = [
        ("outcome", "rejected"),
        ("reasons", "no club mates met"),
        ("signed_by", "Judge One"),
        ("signed_by", "Judge Two"),
        ("signed_by", "Judge Three"),
    ];
    app.post_ok(&judge, "/t/final/appeals/1/review", &[]).await;
    app.post_ok(&judge, "/t/final/appeals/1/decide", &decide)
        .await;
    let res = app
        .submit(
            &org,
            "/t/final/protocol",
            "[data-test=declare-form]",
            "/t/final/protocol/declare",
            &[],
        )
        .await;
    assert_eq!(res.status(), 303);
    let (_, page) = app.get_html(&visitor, "/t/final/protocol").await;
    let declared = text(&page, "[data-test=declared]").unwrap_or_default();
    assert!(declared.contains("org"), "{declared}");
    assert!(text(&page, "[data-test=prizes]").is_some());
}
