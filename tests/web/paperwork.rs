//! The paperwork around the games, through the JSON API: a team's protest
//! comes from its captain and in writing (RFG App. 4 §1.7), the results
//! file for the EGF carries the colours and handicap actually played and
//! the tournament records when it was submitted (EGF GTR "Guidelines of
//! organization"), and a round's official start gives the assembly time
//! (RFG 16.6.1).

use crate::common;

use common::api::{Api, version};
use common::{TestApp, text};
use serde_json::{Value, json};

/// Signs in a new organiser `org` and creates through the API the
/// tournament `short` (a Swiss of `rounds` rounds in teams of two under the
/// RFG Code, in Moscow), with `players` players of descending ranks; returns
/// the API at it (in English), the organiser's browser and the version.
async fn tournament(
    app: &TestApp,
    short: &str,
    rounds: u32,
    players: u32,
) -> (Api, reqwest::Client, i64) {
    let org = app.organiser("org").await;
    let made = json!({ "name": "Paper Cup", "short_name": short, "system": "Swiss" });
    let api = app.api_as(&org).await.lang("en").create(made).await;
    let (status, answer) = api
        .change_settings(|body| {
            body["settings"]["teams"]["team_size"] = json!(2);
            body["settings"]["number_of_rounds"] = json!(rounds);
            assert_eq!(body["discipline"]["ruleset"], "Egf", "{body}");
            body["discipline"]["ruleset"] = json!("Rfg");
            body["header"]["time_zone"] = json!("Europe/Moscow");
        })
        .await;
    assert_eq!(status, 200, "{answer}");
    let mut v = version(&answer);
    for n in 1..=players {
        let rank = format!("{}k", n * 2);
        let body = json!({ "version": v, "name": format!("Player{n}"), "rank": rank });
        v = version(&api.ok("POST", "/players", body).await);
    }
    (api, org, v)
}

/// RFG App. 4 §1.7 (testable rule 80): "only the team's captain may send
/// protests to the referees, and only in writing".
#[tokio::test]
async fn only_a_team_s_captain_files_its_protest_and_only_in_writing() {
    let app = TestApp::start().await;
    let (api, org, mut v) = tournament(&app, "paper", 3, 4).await;
    for (name, members) in [("Sente", [1, 2]), ("Gote", [3, 4])] {
        let body = json!({ "version": v, "name": name, "members": members,
            "captain": members[1] });
        v = version(&api.ok("POST", "/teams", body).await);
    }
    v = version(&api.ok("POST", "/rounds", json!({})).await);
    let appeal = |signatory: Option<u32>, grounds: &str| {
        json!({ "version": v, "appellant": { "Captain": { "team": 1 } },
            "signatory": signatory, "appealed": { "Pairing": 1 }, "grounds": grounds })
    };
    let grounds = "Our board 1 was paired against the team it met before.";

    let (status, refused) = api
        .lang("ru")
        .post("/appeals", appeal(Some(1), grounds))
        .await;
    assert_eq!(status, 422, "player 1 is not Sente's captain: {refused}");
    assert_eq!(refused["error"], "discipline.error.not_captain");
    let message = refused["message"].as_str().unwrap();
    assert!(
        message.contains("не капитан команды 1") && message.contains("Прил. 4 §1.7"),
        "{message}"
    );
    let (status, refused) = api.post("/appeals", appeal(None, grounds)).await;
    assert_eq!(status, 422, "nobody named as the filer: {refused}");
    assert_eq!(refused["error"], "discipline.error.unsigned_team_appeal");
    let (status, refused) = api
        .lang("uk")
        .post("/appeals", appeal(Some(2), "  \n "))
        .await;
    assert_eq!(status, 422, "a protest with nothing written: {refused}");
    assert_eq!(refused["error"], "discipline.error.unwritten_appeal");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("письмовому вигляді"),
        "{refused}"
    );

    let (status, filed) = api.post("/appeals", appeal(Some(2), grounds)).await;
    assert_eq!(status, 201, "the captain files: {filed}");
    assert_eq!(filed["appeal"], 1);
    assert_eq!(filed["version"], v + 1, "the refusals changed nothing");

    // Through the players' private links: the captain files for the team.
    let link_for = |no: &'static str| {
        let (app, org) = (&app, &org);
        async move {
            let res = app
                .post_form(org, "/t/paper/appeals/link", &[("player", no)])
                .await;
            assert_eq!(res.status(), 200);
            let page = scraper::Html::parse_document(&res.text().await.unwrap());
            let link = text(&page, "[data-test=player-link] code").unwrap();
            link.strip_prefix(&app.base).unwrap().to_string()
        }
    };
    let (captain, member) = (link_for("2").await, link_for("1").await);
    let phone = app.new_client();
    let (_, page) = app.get_html(&phone, &member).await;
    assert_eq!(text(&page, "[data-test=for-team]"), None, "not the captain");
    let appeal = [
        ("appealed", "pairing"),
        ("round", "1"),
        ("team", "1"),
        ("grounds", "Board 2 was seated against the wrong team."),
    ];
    let res = app.post_form(&phone, &member, &appeal).await;
    assert_eq!(
        res.status(),
        422,
        "a member's link cannot file for the team"
    );
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let error = text(&page, "[data-test=appeals-error]").unwrap();
    assert!(error.contains("not the captain of team 1"), "{error}");
    let (_, page) = app.get_html(&phone, &captain).await;
    assert!(
        page.select(&scraper::Selector::parse("[data-test=for-team]").unwrap())
            .next()
            .is_some()
    );
    let res = app.post_form(&phone, &captain, &appeal).await;
    assert_eq!(res.status(), 303);
    let (_, page) = app.get_html(&phone, &captain).await;
    let mine = scraper::Selector::parse("[data-test=my-appeal]").unwrap();
    assert_eq!(
        page.select(&mine).count(),
        2,
        "the captain follows both team appeals they signed"
    );
}

/// The h9 line of the player named `name`: its last round's token.
fn h9_token(h9: &str, name: &str) -> String {
    let line = h9
        .lines()
        .find(|l| !l.starts_with(';') && l.contains(name))
        .unwrap_or_else(|| panic!("no line for {name} in\n{h9}"));
    line.split_whitespace().last().unwrap().to_string()
}

/// EGF GTR "Guidelines of organization" (testable rule 95): the results
/// file for the ratings commission gives the colours and handicap a game
/// was actually played with, and the tournament keeps when it was sent.
#[tokio::test]
async fn the_egf_file_has_the_colours_and_handicap_played_and_the_submission_is_recorded() {
    let app = TestApp::start().await;
    let (api, org, _) = tournament(&app, "paper", 1, 4).await;
    let mut v = version(&api.ok("POST", "/rounds", json!({})).await);
    let (_, round) = api.get("/rounds/1").await;
    let board1 = &round["games"][0];
    let paired_white = board1["white"]["name"].as_str().unwrap().to_string();
    let paired_black = board1["black"]["name"].as_str().unwrap().to_string();
    assert_eq!(board1["handicap"], 0, "{round}");

    // Noticed after the third move: the game stands as played, with the
    // colours swapped and two handicap stones (EGF GTR "Colour or handicap error").
    let act = json!({ "PlayedAs": { "game": { "round": 1, "board": 1 }, "restart": false,
        "colours_swapped": true, "handicap": 2 } });
    v = version(
        &api.ok("POST", "/log", json!({ "version": v, "act": act }))
            .await,
    );
    for (board, result) in [(1, "w"), (2, "b")] {
        let body = json!({ "version": v, "result": result });
        let path = format!("/rounds/1/boards/{board}/result");
        v = version(&api.ok("PUT", &path, body).await);
    }
    let (_, round) = api.get("/rounds/1").await;
    assert_eq!(round["games"][0]["white"]["name"], paired_black.as_str());
    assert_eq!(round["games"][0]["handicap"], 2);

    let h9 = org
        .get(app.url("/t/paper/export/results.h9"))
        .send()
        .await
        .unwrap();
    assert_eq!(h9.status(), 200);
    let h9 = h9.text().await.unwrap();
    let (white, black) = (h9_token(&h9, &paired_black), h9_token(&h9, &paired_white));
    assert!(
        white.ends_with("+/w2"),
        "played White and won: {white}\n{h9}"
    );
    assert!(
        black.ends_with("-/b2"),
        "played Black and lost: {black}\n{h9}"
    );

    let (_, detail) = api.get("").await;
    assert_eq!(detail["submitted_to_egf"], Value::Null);
    let seen = v;
    v = version(
        &api.ok("POST", "/results/submitted", json!({ "version": v }))
            .await,
    );
    assert_eq!(v, seen + 1, "the submission is a change of its own");
    let (_, detail) = api.get("").await;
    let submitted = &detail["submitted_to_egf"];
    assert_eq!(submitted["by"], "org", "{detail}");
    assert_eq!(submitted["current"], true);
    assert!(submitted["at"].as_i64().unwrap() > 1_700_000_000);
    let (_, page) = app.get_html(&org, "/t/paper/standings").await;
    let line = text(&page, "[data-test=submitted]").unwrap();
    assert!(
        line.starts_with("Results submitted to the EGF ratings commission by org"),
        "{line}"
    );
    let (_, audit) = app.get_html(&org, "/t/paper/audit").await;
    assert!(
        audit
            .root_element()
            .text()
            .collect::<String>()
            .contains("Results marked as submitted to the EGF"),
        "the act is audited"
    );
}

/// RFG Code 16.6.1 (testable rule 95): "the competition opens 5 minutes
/// before the official start of the round".
#[tokio::test]
async fn a_round_shows_its_assembly_five_minutes_before_its_official_start() {
    let app = TestApp::start().await;
    let (api, org, mut v) = tournament(&app, "paper", 3, 4).await;
    let (status, refused) = api
        .send(
            "PUT",
            "/rounds/2/start",
            json!({ "version": v, "start": "tomorrow" }),
        )
        .await;
    assert_eq!(status, 422, "{refused}");
    let (status, _) = api
        .send(
            "PUT",
            "/rounds/4/start",
            json!({ "version": v, "start": "2026-05-10 10:00" }),
        )
        .await;
    assert_eq!(status, 422, "the tournament has three rounds");
    let body = json!({ "version": v, "start": "2026-05-10 10:00" });
    v = version(&api.ok("PUT", "/rounds/1/start", body).await);
    let body = json!({ "version": v, "start": "2026-05-10 15:00" });
    api.ok("PUT", "/rounds/2/start", body).await;
    let (_, detail) = api.get("").await;
    assert_eq!(
        detail["round_times"],
        json!([
            { "round": 1, "start": "2026-05-10 10:00", "assembly": "2026-05-10 09:55" },
            { "round": 2, "start": "2026-05-10 15:00", "assembly": "2026-05-10 14:55" },
        ])
    );

    // Paired and unpaired, the round keeps its start.
    v = version(&api.ok("POST", "/rounds", json!({})).await);
    api.ok("DELETE", "/rounds/1", json!({ "version": v })).await;
    v = version(&api.ok("POST", "/rounds", json!({})).await);
    api.ok("POST", "/rounds/1/publish", json!({ "version": v }))
        .await;
    let (_, round) = api.get("/rounds/1").await;
    assert_eq!(round["start"], "2026-05-10 10:00", "{round}");
    assert_eq!(round["assembly"], "2026-05-10 09:55");

    let visitor = app.new_client();
    let (_, page) = app.get_html(&visitor, "/t/paper/rounds/1").await;
    assert_eq!(
        text(&page, "[data-test=round-time]").unwrap(),
        "Assembly at 09:55; the round starts at 2026-05-10 10:00."
    );
    let (_, page) = app.get_html(&visitor, "/t/paper").await;
    let programme = text(&page, "[data-test=schedule]").unwrap();
    assert!(
        programme.contains("Round 2: Assembly at 14:55; the round starts at 2026-05-10 15:00."),
        "the overview lists the rounds' starts: {programme}"
    );
    visitor.get(app.url("/language/ru")).send().await.unwrap();
    let (_, page) = app.get_html(&visitor, "/t/paper/players/1/games").await;
    let times: Vec<String> = page
        .select(&scraper::Selector::parse("[data-test=round-time]").unwrap())
        .map(|e| e.text().collect())
        .collect();
    assert_eq!(
        times,
        [
            "Тур 1: Сбор в 09:55; тур начинается 10.05.2026 в 10:00.",
            "Тур 2: Сбор в 14:55; тур начинается 10.05.2026 в 15:00.",
        ],
        "the player's phone page lists the rounds still to play"
    );

    // The organiser's schedule form on the rounds page.
    let res = app
        .submit(
            &org,
            "/t/paper/rounds",
            "[data-test=round-start-form]",
            "/t/paper/rounds/3/start",
            &[("start", "2026-05-11 09:30")],
        )
        .await;
    assert_eq!(res.status(), 303);
    let (_, page) = app.get_html(&org, "/t/paper/rounds").await;
    let words: Vec<String> = page
        .select(&scraper::Selector::parse("[data-test=round-time-words]").unwrap())
        .map(|e| e.text().collect())
        .collect();
    assert_eq!(
        words.last().unwrap(),
        "Round 3: Assembly at 09:25; the round starts at 2026-05-11 09:30."
    );
}
