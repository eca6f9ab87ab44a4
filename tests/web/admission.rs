//! The credentials commission and age groups through the pages: a player
//! without a required check is not paired and the list says why (Ukrainian
//! rules III.7); overlapping age groups are refused; the standings are
//! shown per age group (RFG art. 19, Ukrainian rules IV.1.1).

use crate::common;

use common::{TestApp, text};
use scraper::Selector;

#[tokio::test]
async fn a_player_without_a_doctors_clearance_is_not_paired_and_an_age_group_has_its_own_standings()
{
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let mut changes = vec![
        ("name", "Junior Cup"),
        ("short_name", "junior"),
        ("time_zone", "Europe/Kyiv"),
        ("begin_date", "2025-05-01"),
        ("end_date", "2025-05-02"),
        ("rounds", "3"),
        ("required_medical", "on"),
        ("age_groups", "U12: -12\nU14: 12-14"),
    ];
    let create = |changes: Vec<(&'static str, &'static str)>| {
        let (app, org) = (&app, &org);
        async move { app.create_tournament_with(org, &changes).await }
    };
    let res = create(changes.clone()).await;
    assert_eq!(res.status(), 422, "12 is in both groups");
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(
        text(&page, "[data-test=age_groups-error]")
            .unwrap()
            .contains("overlap")
    );
    changes.retain(|(k, _)| *k != "age_groups");
    changes.push(("age_groups", "U12: -12\nSeniors: 13-"));
    assert_eq!(create(changes).await.status(), 303);

    for (name, year, medical) in [
        ("Kid", "2014", true),
        ("Tot", "2016", true),
        ("Adult", "1990", true),
        ("Nodoc", "2013", false),
        ("Teen", "2010", true),
    ] {
        let mut fields = vec![
            ("name", name),
            ("first_name", "T"),
            ("rank", "10k"),
            ("birth_year", year),
        ];
        if medical {
            fields.push(("check_medical", "on"));
        }
        let res = app.register(&org, "junior", &fields).await;
        assert_eq!(res.status(), 303, "{name}");
    }
    let (_, list) = app.get_html(&app.new_client(), "/t/junior/players").await;
    let rows = Selector::parse("[data-test=player-row]").unwrap();
    let nodoc = list
        .select(&rows)
        .map(|r| r.text().collect::<String>())
        .find(|r| r.contains("Nodoc"))
        .unwrap();
    assert!(nodoc.contains("no doctor's clearance"), "{nodoc}");

    app.post_ok(&org, "/t/junior/rounds/pair", &[]).await;
    app.post_ok(&org, "/t/junior/rounds/1/publish", &[]).await;
    let (_, round) = app.get_html(&app.new_client(), "/t/junior/rounds/1").await;
    let pairings = text(&round, "main").unwrap();
    assert!(!pairings.contains("Nodoc"), "{pairings}");
    for name in ["Kid", "Tot", "Adult", "Teen"] {
        assert!(pairings.contains(name), "{name} is paired: {pairings}");
    }
    let res = app
        .post_form(
            &org,
            "/t/junior/rounds/1/results",
            &[("board_1", "w"), ("board_2", "w")],
        )
        .await;
    assert_eq!(res.status(), 303);

    let (_, all) = app.get_html(&app.new_client(), "/t/junior/standings").await;
    let link = Selector::parse("[data-test=age-group-link]").unwrap();
    let u12 = all.select(&link).next().unwrap();
    assert_eq!(u12.text().collect::<String>(), "U12");
    let href = u12.value().attr("href").unwrap();
    let (_, kids) = app
        .get_html(&app.new_client(), &format!("/t/junior/standings{href}"))
        .await;
    assert!(
        kids.html().contains("Standings — U12"),
        "the title names the group, as a printed table shows it"
    );
    let table = text(&kids, "[data-test=standings] tbody").unwrap();
    assert!(table.contains("Kid") && table.contains("Tot"), "{table}");
    assert!(
        !table.contains("Adult") && !table.contains("Teen"),
        "{table}"
    );
    let places = Selector::parse("[data-test=standings] tbody tr td:first-child").unwrap();
    let first: Vec<String> = kids
        .select(&places)
        .map(|td| td.text().collect::<String>().trim().to_string())
        .collect();
    assert_eq!(first[0], "1", "{first:?}");

    // The same table through the API, by the group's name.
    let api = "/api/v1/tournaments/junior/standings";
    let res = app
        .client
        .get(app.url(&format!("{api}?group=U12")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let json: serde_json::Value = res.json().await.unwrap();
    assert_eq!(json["group"], "U12");
    assert_eq!(json["age_groups"], serde_json::json!(["U12", "Seniors"]));
    let names: Vec<&str> = json["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(
        names.iter().all(|n| n.contains("Kid") || n.contains("Tot")),
        "{names:?}"
    );
    assert_eq!(json["rows"][0]["place"], 1);
    let res = app
        .client
        .get(app.url(&format!("{api}?group=U10")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 422, "an unknown group is named as such");
}

/// Ukrainian rules IV.1.1 at the player form: a veterans' event refuses a
/// player under 60, and a women's event a man, each at its field.
#[tokio::test]
async fn a_veterans_womens_event_refuses_the_young_and_men_at_the_field() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let changes = [
        ("name", "Veterans Ladies"),
        ("short_name", "vet"),
        ("time_zone", "Europe/Kyiv"),
        ("begin_date", "2025-09-01"),
        ("min_age", "60"),
        ("women_only", "on"),
    ];
    let res = app.create_tournament_with(&org, &changes).await;
    assert_eq!(res.status(), 303);
    let register = |fields: Vec<(&'static str, &'static str)>| {
        let (app, org) = (&app, &org);
        async move { app.register(org, "vet", &fields).await }
    };
    let young_man = vec![
        ("name", "Young"),
        ("rank", "5k"),
        ("birth_year", "1990"),
        ("gender", "male"),
    ];
    let res = register(young_man).await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(
        text(&page, "[data-test=birth_year-error]")
            .unwrap()
            .contains("60")
    );
    assert!(text(&page, "[data-test=gender-error]").is_some());
    let veteran = vec![
        ("name", "Elder"),
        ("rank", "5k"),
        ("birth_year", "1960"),
        ("gender", "female"),
    ];
    assert_eq!(register(veteran).await.status(), 303);
}
