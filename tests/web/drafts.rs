//! Issue 30, item 2: a rule lives in the core, so the form and the API
//! refuse the same bad input with the same words. Each test sends one bad
//! value through the organiser's or the referee's form and through the
//! API, in Russian, and compares the messages: the dates, a player, a
//! line-up, a count at the board and the referee's acts.

use crate::common;

use common::TestApp;
use serde_json::{Value, json};

/// The message of a form field (`[data-test=<field>-error]`) or of the
/// referee's board (`[data-test=referee-error]`) on a refused page.
async fn form_says(res: reqwest::Response, selector: &str) -> String {
    assert_eq!(res.status(), 422, "the form refuses it");
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    common::text(&page, selector).unwrap_or_else(|| panic!("{selector} is shown"))
}

/// The API's message of a 422, in the reader's language: its words, then
/// each refused field's (`(field: message; …)`).
fn api_says(status: u16, answer: &Value) -> String {
    assert_eq!(status, 422, "the API refuses it: {answer}");
    answer["message"].as_str().unwrap().to_string()
}

/// A browser of the organiser `username` that reads the site in Russian,
/// chosen with the language switch.
async fn in_russian(app: &TestApp, username: &str) -> reqwest::Client {
    let client = app.organiser(username).await;
    let res = client
        .get(app.url("/language/ru?back=/"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 303);
    client
}

#[tokio::test]
async fn the_tournaments_dates_are_refused_alike_by_the_form_and_the_api() {
    let app = TestApp::start().await;
    let org = in_russian(&app, "org").await;
    app.tournament(&org, "dates").await;
    let api = app.api_for("org").await.lang("ru").at("/tournaments/dates");
    for (begin, end, field) in [
        ("", "May the 3rd", "end_date"),
        ("2026-02-30", "", "begin_date"),
        ("2026-05-04", "2026-05-03", "end_date"),
    ] {
        let res = app
            .submit(
                &org,
                "/t/dates/settings",
                "[data-test=tournament-form]",
                "/t/dates/settings",
                &[("begin_date", begin), ("end_date", end)],
            )
            .await;
        let from_form = form_says(res, &format!("[data-test={field}-error]")).await;
        let (status, answer) = api
            .change_settings(|body| {
                body["settings"]["general"]["begin_date"] = json!(begin);
                body["settings"]["general"]["end_date"] = json!(end);
            })
            .await;
        let from_api = api_says(status, &answer);
        assert!(
            from_api.contains(&format!("{field}: {from_form}")),
            "{begin} – {end}: the form says {from_form:?}, the API {from_api:?}"
        );
        assert!(
            from_form.contains("ГГГГ") || from_form.contains("раньше"),
            "{from_form}"
        );
    }
}

#[tokio::test]
async fn a_time_change_of_nothing_is_refused_alike_by_the_form_and_the_api() {
    let app = TestApp::start().await;
    let org = in_russian(&app, "org").await;
    app.tournament(&org, "clock")
        .players(4)
        .paired_round()
        .await;
    let path = "/t/clock/referee/rounds/1/boards/1";
    let act = [
        ("act", "time"),
        ("player", "both"),
        ("minutes", "0"),
        ("reason", "часы"),
    ];
    let res = app.post_form(&org, path, &act).await;
    let from_form = form_says(res, "[data-test=referee-error]").await;
    let api = app.api_for("org").await.lang("ru").at("/tournaments/clock");
    let game = json!({ "round": 1, "board": 1 });
    let change = json!({ "Sanction": { "kind": { "TimeChange": { "game": game,
        "players": "Both", "seconds": 0 } }, "reason": "clock", "violation": null } });
    let (status, answer) = api.write("POST", "/log", json!({ "act": change })).await;
    let from_api = api_says(status, &answer);
    assert!(
        from_api.contains(&from_form),
        "form {from_form:?}, API {from_api:?}"
    );
    assert!(from_form.contains("минуты"), "{from_form}");
}

#[tokio::test]
async fn a_bad_player_is_refused_alike_by_the_form_and_the_api() {
    let app = TestApp::start().await;
    let org = in_russian(&app, "org").await;
    app.tournament(&org, "players").await;
    let api = app
        .api_for("org")
        .await
        .lang("ru")
        .at("/tournaments/players");
    for (field, value) in [
        ("rank", "12z"),
        ("country", "Чехия"),
        ("egf_pin", "12345678901234567"),
        ("rating", "сильный"),
    ] {
        let res = app
            .register(&org, "players", &[("name", "Новак"), (field, value)])
            .await;
        let from_form = form_says(res, &format!("[data-test={field}-error]")).await;
        let mut player = json!({ "name": "Новак", "rank": "5k" });
        player[field] = json!(value);
        let (status, answer) = api.register(player).await;
        let from_api = api_says(status, &answer);
        assert!(
            from_api.contains(&format!("{field}: {from_form}")),
            "{field} {value:?}: the form says {from_form:?}, the API {from_api:?}"
        );
    }
}

#[tokio::test]
async fn a_bad_line_up_is_refused_alike_by_the_form_and_the_api() {
    let app = TestApp::start().await;
    let org = in_russian(&app, "org").await;
    let made = json!({ "name": "Кубок команд", "short_name": "lineup", "system": "Swiss" });
    let api = app.api_as(&org).await.lang("ru").create(made).await;
    let (status, answer) = api
        .change_settings(|body| body["settings"]["teams"]["team_size"] = json!(3))
        .await;
    assert_eq!(status, 200, "{answer}");
    for n in 1..=6 {
        let player = json!({ "name": format!("Игрок{n}"), "rank": format!("{n}k") });
        let (status, answer) = api.register(player).await;
        assert_eq!(status, 201, "{answer}");
    }
    for (name, members) in [("Клуб А", [1, 2, 3]), ("Клуб Б", [4, 5, 6])] {
        let (status, answer) = api
            .write(
                "POST",
                "/teams",
                json!({ "name": name, "members": members }),
            )
            .await;
        assert_eq!(status, 201, "{answer}");
    }
    for boards in [["1", "1", "2"], ["1", "2", ""], ["1", "2", "4"]] {
        let mut form = vec![("round", "1")];
        form.extend(boards.iter().map(|b| ("board", *b)));
        let res = app.post_form(&org, "/t/lineup/teams/1/lineup", &form).await;
        let from_form = form_says(res, "[data-test=line-up-problems]").await;
        let numbers: Vec<Option<u32>> = boards.iter().map(|b| b.parse().ok()).collect();
        let body = json!({ "boards": numbers });
        let (status, answer) = api.write("PUT", "/teams/1/lineups/1", body).await;
        let from_api = api_says(status, &answer);
        assert!(
            from_api.contains(&format!("boards: {from_form}")),
            "{boards:?}: the form says {from_form:?}, the API {from_api:?}"
        );
    }
}

#[tokio::test]
async fn a_count_beyond_the_board_is_refused_alike_by_the_form_and_the_api() {
    let app = TestApp::start().await;
    let org = in_russian(&app, "org").await;
    app.tournament(&org, "count")
        .players(4)
        .paired_round()
        .await;
    let res = app
        .change_settings(&org, "count", &[("rules_profile", "Chinese")])
        .await;
    assert_eq!(res.status(), 303, "the Chinese rules of play");
    let count = [
        ("act", "count"),
        ("black_area", "200"),
        ("white_area", "170"),
    ];
    let res = app
        .post_form(&org, "/t/count/referee/rounds/1/boards/1", &count)
        .await;
    let from_form = form_says(res, "[data-test=referee-error]").await;
    let api = app.api_for("org").await.lang("ru").at("/tournaments/count");
    let sheet = json!({ "Area": { "black": 200, "white": 170, "black_moved_last": false } });
    let (status, answer) = api
        .write(
            "POST",
            "/rounds/1/boards/1/count",
            json!({ "sheet": sheet }),
        )
        .await;
    // The count is the rules' arithmetic, not a command: its words are the
    // detail of an invalid request.
    assert_eq!(status, 422, "the API refuses it: {answer}");
    let from_api = answer["detail"].as_str().unwrap().to_string();
    assert!(
        from_api.contains(&from_form),
        "form {from_form:?}, API {from_api:?}"
    );
    assert!(from_form.contains("361"), "{from_form}");
}

#[tokio::test]
async fn a_penalty_of_nothing_is_refused_alike_by_the_form_and_the_api() {
    let app = TestApp::start().await;
    let org = in_russian(&app, "org").await;
    app.tournament(&org, "penalty")
        .players(4)
        .published_round()
        .await;
    let act = [
        ("act", "penalty"),
        ("player", "black"),
        ("cause", "other"),
        ("amount", "0"),
        ("reason", "разговор"),
    ];
    let res = app
        .post_form(&org, "/t/penalty/referee/rounds/1/boards/1", &act)
        .await;
    let from_form = form_says(res, "[data-test=referee-error]").await;
    let api = app
        .api_for("org")
        .await
        .lang("ru")
        .at("/tournaments/penalty");
    let black = api.read("/rounds/1").await["games"][0]["black"]["no"].clone();
    let game = json!({ "round": 1, "board": 1 });
    let penalty = json!({ "Sanction": { "kind": { "PenaltyPoints": { "game": game,
        "player": black, "cause": { "Other": { "points": 0 } } } },
        "reason": "talking", "violation": null } });
    let (status, answer) = api.write("POST", "/log", json!({ "act": penalty })).await;
    let from_api = api_says(status, &answer);
    assert!(
        from_api.contains(&from_form),
        "form {from_form:?}, API {from_api:?}"
    );
}

#[tokio::test]
async fn a_rating_reduction_of_nothing_is_refused_alike_by_the_form_and_the_api() {
    let app = TestApp::start().await;
    let org = in_russian(&app, "org").await;
    app.tournament(&org, "rating").players(2).await;
    let act = [
        ("act", "rating_reduction"),
        ("player", "1"),
        ("points", "0"),
        ("reason", "сговор"),
    ];
    let res = app.post_form(&org, "/t/rating/referee/players", &act).await;
    let from_form = form_says(res, "[data-test=referee-error]").await;
    let api = app
        .api_for("org")
        .await
        .lang("ru")
        .at("/tournaments/rating");
    let reduction = json!({ "Sanction": { "kind": { "RatingReduction": { "player": 1,
        "points": 0 } }, "reason": "collusion", "violation": null } });
    let (status, answer) = api.write("POST", "/log", json!({ "act": reduction })).await;
    let from_api = api_says(status, &answer);
    assert!(
        from_api.contains(&from_form),
        "form {from_form:?}, API {from_api:?}"
    );
    assert!(from_form.contains("рейтинг"), "{from_form}");
}
