//! Inclusive events (Ukrainian rules XIII) through the pages and the API:
//! the doctor's clearance and an insurance policy for every day of the
//! event admit a player whatever their rank (XIII.3); the list and the
//! player's page say why one is not admitted, and the pairing leaves them
//! out; the protocol reports no rank norms (XIII.6).

use crate::common;

use common::browser::Browser;
use common::{TestApp, text};
use scraper::Selector;
use serde_json::{Value, json};

/// The text of the players list's row naming `name`.
fn row(list: &scraper::Html, name: &str) -> String {
    let rows = Selector::parse("[data-test=player-row]").unwrap();
    list.select(&rows)
        .map(|r| r.text().collect::<String>())
        .find(|r| r.contains(name))
        .unwrap_or_else(|| panic!("no row for {name}"))
}

async fn page_in(app: &TestApp, path: &str, lang: &str) -> scraper::Html {
    let res = app
        .new_client()
        .get(app.url(path))
        .header("Accept-Language", lang)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "{path}");
    scraper::Html::parse_document(&res.text().await.unwrap())
}

/// An organiser signed in, who creates the inclusive event `invictus`
/// from 1 to 3 May 2025 through the form (first refused without its days)
/// and registers, in this order, a player without a rank, one insured a
/// day short, one without the doctor's clearance and one admitted.
async fn invictus(app: &TestApp) -> reqwest::Client {
    let org = app.organiser("org").await;
    let mut changes = vec![
        ("name", "Invictus Cup"),
        ("short_name", "invictus"),
        ("time_zone", "Europe/Kyiv"),
        ("rounds", "3"),
        ("inclusive", "on"),
        ("rank_norms", "Іваненко — кандидат у майстри спорту"),
    ];
    let create = |changes: Vec<(&'static str, &'static str)>| {
        let (app, org) = (&app, &org);
        async move { app.create_tournament_with(org, &changes).await }
    };
    let res = create(changes.clone()).await;
    assert_eq!(res.status(), 422, "an inclusive event states its days");
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let error = text(&page, "[data-test=begin_date-error]").unwrap();
    assert!(error.contains("insurance"), "{error}");
    changes.extend([("begin_date", "2025-05-01"), ("end_date", "2025-05-03")]);
    assert_eq!(create(changes).await.status(), 303);
    register_players(app, &org).await;
    org
}

async fn register_players(app: &TestApp, org: &reqwest::Client) {
    // Ranks play no part in admission: "Newcomer" gives none.
    for (name, rank, medical, from, until) in [
        ("Newcomer", "", true, "", "2025-05-03"),
        ("Early", "5k", true, "", "2025-05-02"),
        ("Nodoc", "3k", false, "", "2025-05-03"),
        ("Steady", "2k", true, "2025-04-01", "2025-12-31"),
    ] {
        let mut fields = vec![
            ("name", name),
            ("first_name", "T"),
            ("rank", rank),
            ("insured_from", from),
            ("insured_until", until),
        ];
        if medical {
            fields.push(("check_medical", "on"));
        }
        let res = app.register(org, "invictus", &fields).await;
        assert_eq!(res.status(), 303, "{name}");
    }
}

#[tokio::test]
async fn an_inclusive_event_admits_on_clearance_and_insurance_whatever_the_rank() {
    let app = TestApp::start().await;
    let org = invictus(&app).await;
    let (_, list) = app.get_html(&app.new_client(), "/t/invictus/players").await;
    let early = row(&list, "Early");
    assert!(
        early.contains("insurance ends before the last day"),
        "{early}"
    );
    let nodoc = row(&list, "Nodoc");
    assert!(nodoc.contains("no doctor's clearance"), "{nodoc}");
    let newcomer = row(&list, "Newcomer");
    assert!(newcomer.contains("30K"), "{newcomer}");
    assert!(!newcomer.contains("Not admitted"), "{newcomer}");
    assert!(!row(&list, "Steady").contains("Not admitted"));

    let early_no = list
        .select(&Selector::parse("[data-test=player-row] a").unwrap())
        .find(|a| a.text().collect::<String>().contains("Early"))
        .and_then(|a| a.value().attr("href"))
        .unwrap()
        .to_string();
    for (lang, why) in [
        ("en", "insurance ends before the last day"),
        ("ru", "страховой полис истекает до последнего дня"),
        ("uk", "страховий поліс закінчується до останнього дня"),
    ] {
        let page = page_in(&app, &early_no, lang).await;
        let said = text(&page, "[data-test=not-admitted]").unwrap();
        assert!(said.contains(why), "{lang}: {said}");
    }

    app.post_ok(&org, "/t/invictus/rounds/pair", &[]).await;
    app.post_ok(&org, "/t/invictus/rounds/1/publish", &[]).await;
    let (_, round) = app
        .get_html(&app.new_client(), "/t/invictus/rounds/1")
        .await;
    let pairings = text(&round, "main").unwrap();
    for name in ["Newcomer", "Steady"] {
        assert!(pairings.contains(name), "{name} is paired: {pairings}");
    }
    for name in ["Early", "Nodoc"] {
        assert!(!pairings.contains(name), "{name} is not: {pairings}");
    }

    let protocol = page_in(&app, "/t/invictus/protocol", "uk").await;
    let norms = text(&protocol, "[data-test=rank-norms-not-awarded]").unwrap();
    assert!(norms.contains("XIII.6"), "{norms}");
    assert!(text(&protocol, "[data-test=rank-norms]").is_none());
    assert!(!protocol.html().contains("Іваненко"));
    let csv = app
        .get_text(&app.new_client(), "/t/invictus/protocol.csv?lang=en")
        .await;
    assert!(
        csv.contains("no sports ranks or titles are awarded"),
        "{csv}"
    );
    assert!(!csv.contains("Іваненко"));
}

/// The same through the API: the setting, the policy's days, and the
/// players list saying who is not admitted and why.
#[tokio::test]
async fn the_api_sets_an_inclusive_event_and_records_the_insurance() {
    let app = TestApp::start().await;
    let web = app.organiser("org").await;
    app.tournament(&web, "invictus").called("Invictus").await;
    let api = app.api_as(&web).await.at("/tournaments/invictus");

    let detail = api.read("").await;
    let mut settings = detail["settings"].clone();
    settings["admission"]["inclusive"] = json!(true);
    let header = json!({ "time_zone": "Europe/Kyiv", "registration_open": false,
        "is_public": true, "late_forfeit_minutes": 60, "schedule": "" });
    let body = json!({ "version": detail["version"], "settings": settings, "header": header });
    let (status, _) = api.put("/settings", body.clone()).await;
    assert_eq!(status, 422, "no dates");
    settings["general"]["begin_date"] = json!("2025-05-01");
    settings["general"]["end_date"] = json!("2025-05-03");
    let body = json!({ "version": detail["version"], "settings": settings, "header": header });
    let (status, _) = api.put("/settings", body).await;
    assert_eq!(status, 200);

    let version = api.read("").await["version"].clone();
    let player = json!({ "version": version, "name": "Early", "rank": "",
        "checks": { "documents": false, "medical": true, "anti_doping": false },
        "insured_until": "3 May" });
    let (status, refused) = api.post("/players", player.clone()).await;
    assert_eq!(status, 422, "{refused}");
    let mut player = player;
    player["insured_until"] = json!("2025-05-02");
    let (status, registered) = api.post("/players", player.clone()).await;
    assert_eq!(status, 201, "{registered}");
    let no = registered["no"].as_u64().unwrap();

    let listed = |list: Value| list["players"][0].clone();
    let early = listed(api.read("/players").await);
    assert_eq!(early["rank"], "30K");
    assert_eq!(early["insured_until"], "2025-05-02");
    assert_eq!(
        early["not_admitted"],
        json!(["admission.insurance_ends_early"])
    );

    player["version"] = registered["version"].clone();
    player["insured_until"] = json!("2025-05-03");
    let (status, _) = api.put(&format!("/players/{no}"), player).await;
    assert_eq!(status, 200);
    let early = listed(api.read("/players").await);
    assert_eq!(early["not_admitted"], json!([]));
    let public = listed(app.api().get("/tournaments/invictus/players").await.1);
    assert!(public.get("insured_until").is_none(), "{public}");
}

/// The changed pages on a 360 px phone in every language, each scrolled to
/// what changed: the settings' inclusive box, the player form's policy
/// days, the reason on the list and the player's page, the protocol's note.
#[tokio::test]
async fn the_inclusive_pages_fit_a_phone_in_every_language() {
    let Some(browser) = Browser::start(360, 800).await else {
        return;
    };
    let app = TestApp::start().await;
    invictus(&app).await;
    browser.log_in(&app, "org").await;
    let pages = [
        ("settings", "/t/invictus/settings", "[data-test=inclusive]"),
        (
            "player-form",
            "/t/invictus/players/2/edit",
            "#insured_until",
        ),
        ("players", "/t/invictus/players", "[data-test=not-admitted]"),
        (
            "player",
            "/t/invictus/players/2/games",
            "[data-test=not-admitted]",
        ),
        (
            "protocol",
            "/t/invictus/protocol",
            "[data-test=rank-norms-not-awarded]",
        ),
    ];
    for lang in ["en", "ru", "uk"] {
        browser
            .goto(&app.url(&format!("/language/{lang}?back=/")))
            .await;
        for (name, path, changed) in pages {
            browser.goto(&app.url(path)).await;
            browser
                .client
                .execute(
                    "document.querySelector(arguments[0]).scrollIntoView({block: 'center'})",
                    vec![changed.into()],
                )
                .await
                .unwrap();
            assert_eq!(browser.overflow().await, 0, "{lang} {path}");
            browser
                .screenshot(&format!("inclusive-{name}-{lang}"))
                .await;
        }
    }
}
