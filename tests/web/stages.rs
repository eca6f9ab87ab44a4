//! Two qualifying groups played as round robins, then the final made from
//! them in one action: the top two of each, seeded so that group-mates meet
//! only in the final; and the same two tournaments as a series.

use crate::common;

use common::TestApp;

/// A round robin of three at `/t/<short>`, every round paired, White
/// winning every game, and published.
async fn group(app: &TestApp, org: &reqwest::Client, short: &str, names: [&str; 3]) {
    group_played(app, org, short, names, 3).await;
}

/// [`group`] with its first `played` rounds played.
async fn group_played(
    app: &TestApp,
    org: &reqwest::Client,
    short: &str,
    names: [&str; 3],
    played: u32,
) {
    let ranks = ["1k", "2k", "3k"];
    let players: Vec<(&str, &str)> = names.into_iter().zip(ranks).collect();
    app.tournament(org, short)
        .called(short)
        .with(&[("system", "round_robin"), ("rounds", "3")])
        .roster(&players)
        // The players' form left as it comes, with no first name.
        .player_fields(&[("first_name", "")])
        .await;
    for round in 1..=played {
        app.post_ok(org, &format!("/t/{short}/rounds/pair"), &[])
            .await;
        app.post_ok(
            org,
            &format!("/t/{short}/rounds/{round}/results"),
            &[("board_1", "w")],
        )
        .await;
        app.post_ok(org, &format!("/t/{short}/rounds/{round}/publish"), &[])
            .await;
    }
}

/// The names in the first two rows of `/t/<short>/standings`.
async fn top_two(app: &TestApp, org: &reqwest::Client, short: &str) -> Vec<String> {
    let (_, page) = app.get_html(org, &format!("/t/{short}/standings")).await;
    let name = scraper::Selector::parse("[data-test=standing-row] td.name").unwrap();
    page.select(&name)
        .take(2)
        .map(|n| n.text().collect::<String>().trim().to_owned())
        .collect()
}

#[tokio::test]
async fn the_final_takes_the_top_two_of_each_group_and_pairs_group_mates_apart() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    group(&app, &org, "group-a", ["Alpha", "Bravo", "Charlie"]).await;
    group(&app, &org, "group-b", ["Delta", "Echo", "Foxtrot"]).await;
    let (status, standings) = app.get_html(&org, "/t/group-a/standings").await;
    assert_eq!(status, 200);
    assert!(common::text(&standings, "[data-test=final-stage-link]").is_some());

    // Too many qualifiers: refused on the form, nothing created.
    let refused = app
        .submit(
            &org,
            "/t/group-a/final",
            "[data-test=stage-form]",
            "/t/group-a/final",
            &[("group", "group-b"), ("qualifiers", "4")],
        )
        .await;
    assert_eq!(refused.status(), 422);
    let (status, _) = app.get_html(&org, "/t/group-a-final").await;
    assert_eq!(status, 404);

    // The form has group-a ticked; ticking group-b too sends both.
    let (_, form) = app.get_html(&org, "/t/group-a/final").await;
    let mut fields = common::form_values(&form, "[data-test=stage-form]");
    fields.push(("group".into(), "group-b".into()));
    let res = org
        .post(app.url("/t/group-a/final"))
        .form(&fields)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 303);
    let (status, players) = app.get_html(&org, "/t/group-a-final/players").await;
    assert_eq!(status, 200);
    let listed = players.root_element().text().collect::<String>();
    let (a, b) = (
        top_two(&app, &org, "group-a").await,
        top_two(&app, &org, "group-b").await,
    );
    let all = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"];
    for name in all {
        let qualified = a.iter().chain(&b).any(|q| q.contains(name));
        assert_eq!(
            listed.contains(name),
            qualified,
            "{name} in the final: {a:?} {b:?}"
        );
    }

    app.post_ok(&org, "/t/group-a-final/rounds/pair", &[]).await;
    let (_, round) = app.get_html(&org, "/t/group-a-final/rounds/1").await;
    // Seeds 1–4 and 2–3: the winners meet the other group's runner-up.
    let boards: Vec<String> = {
        let row = scraper::Selector::parse("[data-test=board]").unwrap();
        round
            .select(&row)
            .map(|r| r.text().collect::<String>())
            .collect()
    };
    assert_eq!(boards.len(), 2, "{boards:?}");
    for board in &boards {
        let from_a = a.iter().filter(|n| board.contains(n.as_str())).count();
        assert_eq!(from_a, 1, "one of group A on each board: {board}");
    }
}

#[tokio::test]
async fn a_group_still_being_played_makes_a_final_only_when_taken_as_it_stands() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    group(&app, &org, "group-a", ["Alpha", "Bravo", "Charlie"]).await;
    group_played(&app, &org, "group-c", ["Delta", "Echo", "Foxtrot"], 2).await;
    let (_, form) = app.get_html(&org, "/t/group-a/final").await;
    let mut fields = common::form_values(&form, "[data-test=stage-form]");
    fields.push(("group".into(), "group-c".into()));
    let post =
        |fields: Vec<(String, String)>| org.post(app.url("/t/group-a/final")).form(&fields).send();
    let refused = post(fields.clone()).await.unwrap();
    assert_eq!(refused.status(), 422);
    let page = scraper::Html::parse_document(&refused.text().await.unwrap());
    let said = common::text(&page, "[data-test=unfinished-error]").expect("said");
    assert!(said.contains("group-c"), "the group is named: {said}");
    let (status, _) = app.get_html(&org, "/t/group-a-final").await;
    assert_eq!(status, 404, "nothing made");
    fields.push(("unfinished".into(), "on".into()));
    assert_eq!(post(fields).await.unwrap().status(), 303);
}

#[tokio::test]
async fn a_visitor_reads_two_tournaments_as_a_series_with_points_per_place() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    group(&app, &org, "spring", ["Alpha", "Bravo", "Charlie"]).await;
    group(&app, &org, "autumn", ["Alpha", "Delta", "Echo"]).await;
    let visitor = app.new_client();
    let (status, page) = app
        .get_html(&visitor, "/series?t=spring&t=autumn&points=10,6,3")
        .await;
    assert_eq!(status, 200);
    let row = scraper::Selector::parse("[data-test=series-row]").unwrap();
    let rows: Vec<String> = page
        .select(&row)
        .map(|r| r.text().collect::<Vec<_>>().join("|"))
        .collect();
    assert_eq!(rows.len(), 5, "Alpha played both: five people {rows:?}");
    let alpha: Vec<&String> = rows.iter().filter(|r| r.contains("Alpha")).collect();
    assert_eq!(alpha.len(), 1, "one line for Alpha");
    // The total is the first number after the name.
    let total = |row: &str| -> f64 {
        row.split('|')
            .map(str::trim)
            .filter(|cell| !cell.is_empty())
            .nth(2)
            .unwrap()
            .parse()
            .unwrap()
    };
    let before = total(alpha[0]);

    // GTR "Other sanctions": reduced qualification points come off the
    // series total (testable rule 68).
    let api = app.api_as(&org).await.at("/tournaments/autumn");
    let autumn = app.api().read("/tournaments/autumn/players").await;
    let no = autumn["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Alpha")
        .unwrap()["no"]
        .clone();
    let act = serde_json::json!({ "Sanction": { "kind": { "RatingReduction": {
        "player": no, "points": 4 } }, "reason": "left a round without a word" } });
    let body = serde_json::json!({ "version": autumn["version"], "act": act });
    assert_eq!(api.post("/log", body).await.0, 201);
    let (_, page) = app
        .get_html(&visitor, "/series?t=spring&t=autumn&points=10,6,3")
        .await;
    let alpha = page
        .select(&row)
        .map(|r| r.text().collect::<Vec<_>>().join("|"))
        .find(|r| r.contains("Alpha"))
        .unwrap();
    assert_eq!(total(&alpha), before - 4.0, "{alpha}");

    let (_, bad) = app.get_html(&visitor, "/series?t=spring&points=ten").await;
    assert!(common::text(&bad, "[data-test=series-error]").is_some());
}
