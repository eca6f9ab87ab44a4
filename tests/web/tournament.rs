//! A small tournament run through the web pages, as an organiser and as the
//! players would: register, pair, publish, find one's board, enter results,
//! read the standings and the crosstable.

use crate::common;

use common::{TestApp, text};
use scraper::Selector;

const FORM: &str = "[data-test=player-form]";
const SETTINGS_FORM: &str = "[data-test=tournament-form]";

/// An organiser's three-round "autumn", open for registration, with the
/// first `players` of the common players (of a Kyiv club).
async fn autumn(app: &TestApp, players: usize) -> reqwest::Client {
    let org = app.organiser("org").await;
    let changes = [("rounds", "3"), ("registration_open", "on")];
    app.tournament(&org, "autumn")
        .called("Autumn Cup")
        .with(&changes)
        .players(players)
        .player_fields(&[("club", "Kyiv")])
        .await;
    org
}

async fn add_player(app: &TestApp, org: &reqwest::Client, name: &str, rank: &str) {
    let changes = [
        ("name", name),
        ("first_name", "Test"),
        ("rank", rank),
        ("club", "Kyiv"),
    ];
    let res = app.register(org, "autumn", &changes).await;
    assert_eq!(res.status(), 303, "adding {name}");
}

/// Changes the autumn tournament's settings through its form, as the organiser.
async fn change_settings(app: &TestApp, org: &reqwest::Client, changes: &[(&str, &str)]) {
    let res = app.change_settings(org, "autumn", changes).await;
    assert_eq!(res.status(), 303, "settings {changes:?}");
}

/// The first `count` of the common players, strongest first.
async fn add_players(app: &TestApp, org: &reqwest::Client, count: usize) {
    for (name, rank) in &common::opening::PLAYERS[..count] {
        add_player(app, org, name, rank).await;
    }
}

fn count(page: &scraper::Html, css: &str) -> usize {
    page.select(&Selector::parse(css).unwrap()).count()
}

#[tokio::test]
async fn a_three_round_tournament_runs_from_registration_to_standings() {
    let app = TestApp::start().await;
    let org = autumn(&app, 4).await;
    // Two players register themselves and wait for confirmation.
    let player = app.new_client();
    for (name, rank) in [("Echo", "10k"), ("Foxtrot", "12k")] {
        let changes = [
            ("name", name),
            ("first_name", "Self"),
            ("rank", rank),
            ("email", "p@example.org"),
        ];
        let res = app.self_register(&player, "autumn", &changes).await;
        assert_eq!(res.status(), 303);
    }
    let (_, page) = app.get_html(&org, "/t/autumn/players").await;
    assert_eq!(count(&page, "[data-test=player-row]"), 6);
    assert_eq!(count(&page, "[data-test=preliminary]"), 2);
    for no in [5, 6] {
        app.post_ok(&org, &format!("/t/autumn/players/{no}/confirm"), &[])
            .await;
    }

    // Round 1: paired, seen by the organiser only until published.
    let res = app.post_form(&org, "/t/autumn/rounds/pair", &[]).await;
    assert_eq!(res.status(), 303);
    assert_eq!(res.headers()["location"], "/t/autumn/rounds/1");
    let (status, page) = app.get_html(&org, "/t/autumn/rounds/1").await;
    assert_eq!(status, 200);
    assert_eq!(count(&page, "[data-test=board]"), 3);
    let (status, page) = app.get_html(&player, "/t/autumn/rounds/1").await;
    assert_eq!(status, 200);
    assert_eq!(
        count(&page, "[data-test=board]"),
        0,
        "players do not see an unpublished round"
    );
    assert!(
        text(&page, "[data-test=round-waiting]").is_some(),
        "they wait for it"
    );
    app.post_ok(&org, "/t/autumn/rounds/1/publish", &[]).await;
    let (status, page) = app.get_html(&player, "/t/autumn/rounds/1?q=echo").await;
    assert_eq!(status, 200);
    assert!(
        text(&page, "[data-test=found]")
            .unwrap()
            .contains("Echo Self")
    );

    // Results: one by the quick entry, the rest from the table.
    let res = app
        .post_form(&org, "/t/autumn/rounds/1/results", &[("entry", "1 w")])
        .await;
    assert_eq!(res.status(), 303);
    let res = app
        .post_form(&org, "/t/autumn/rounds/1/results", &[("entry", "9 w")])
        .await;
    assert_eq!(res.status(), 422, "no board 9");
    let res = app
        .post_form(
            &org,
            "/t/autumn/rounds/1/results",
            &[("board_2", "b!"), ("board_3", "nonsense")],
        )
        .await;
    assert_eq!(res.status(), 422, "one bad code refuses the whole form");
    let (_, page) = app.get_html(&org, "/t/autumn/rounds/1").await;
    let results: Vec<String> = page
        .select(&Selector::parse("[data-test=result]").unwrap())
        .map(|e| e.text().collect())
        .collect();
    assert_eq!(
        results,
        ["1-0", "?", "?"],
        "nothing of the refused form was saved"
    );
    let res = app
        .post_form(
            &org,
            "/t/autumn/rounds/1/results",
            &[("board_2", "b!"), ("board_3", "0")],
        )
        .await;
    assert_eq!(res.status(), 303);
    let (_, page) = app.get_html(&player, "/t/autumn/rounds/1").await;
    let results: Vec<String> = page
        .select(&Selector::parse("[data-test=result]").unwrap())
        .map(|e| e.text().collect())
        .collect();
    assert_eq!(results, ["1-0", "0-1!", "0-0"]);
    let res = app.post_form(&org, "/t/autumn/rounds/1/unpair", &[]).await;
    assert_eq!(res.status(), 409, "a round with results keeps its pairing");

    for round in 2..=3 {
        let res = app.post_form(&org, "/t/autumn/rounds/pair", &[]).await;
        assert_eq!(res.status(), 303);
        app.post_ok(&org, &format!("/t/autumn/rounds/{round}/publish"), &[])
            .await;
        let fields: Vec<(String, &str)> = (1..=3).map(|b| (format!("board_{b}"), "w")).collect();
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        let res = app
            .post_form(&org, &format!("/t/autumn/rounds/{round}/results"), &fields)
            .await;
        assert_eq!(res.status(), 303);
    }
    let res = app.post_form(&org, "/t/autumn/rounds/pair", &[]).await;
    assert_eq!(res.status(), 422, "a three-round tournament has no round 4");

    let (status, page) = app.get_html(&player, "/t/autumn/standings").await;
    assert_eq!(status, 200);
    assert_eq!(count(&page, "[data-test=standing-row]"), 6);
    let (_, page) = app.get_html(&player, "/t/autumn/crosstable").await;
    let cells = count(&page, "[data-test=standing-row] td.cell");
    assert_eq!(cells, 18, "six players, three rounds");

    // The lock holds: a locked round refuses a changed result.
    app.post_ok(&org, "/t/autumn/rounds/1/lock", &[]).await;
    let res = app
        .post_form(&org, "/t/autumn/rounds/1/results", &[("entry", "1 b")])
        .await;
    assert_eq!(res.status(), 422);

    let (_, page) = app.get_html(&org, "/t/autumn/audit").await;
    assert!(
        count(&page, "[data-test=audit-row]") > 15,
        "every change is in the audit log"
    );
}

#[tokio::test]
async fn a_likely_duplicate_needs_confirmation() {
    let app = TestApp::start().await;
    let org = autumn(&app, 1).await;
    let changes = [("name", "alpha"), ("first_name", "test"), ("rank", "3d")];
    let res = app.register(&org, "autumn", &changes).await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(text(&page, "[data-test=duplicate-warning]").is_some());
    let changes = [
        ("name", "alpha"),
        ("first_name", "test"),
        ("rank", "3d"),
        ("confirm_duplicate", "on"),
    ];
    let res = app.register(&org, "autumn", &changes).await;
    assert_eq!(res.status(), 303);
}

#[tokio::test]
async fn an_edit_of_a_player_changed_meanwhile_is_refused() {
    let app = TestApp::start().await;
    let org = autumn(&app, 1).await;
    let (_, page) = app.get_html(&org, "/t/autumn/players/1/edit").await;
    let stale = common::form_values(&page, FORM);
    let res = app
        .submit(
            &org,
            "/t/autumn/players/1/edit",
            FORM,
            "/t/autumn/players/1",
            &[("rank", "4d")],
        )
        .await;
    assert_eq!(res.status(), 303);
    let res = org
        .post(app.url("/t/autumn/players/1"))
        .form(&stale)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 409);
}

#[tokio::test]
async fn self_registration_is_refused_when_closed_and_checks_its_fields() {
    let app = TestApp::start().await;
    let org = autumn(&app, 0).await;
    let player = app.new_client();
    let changes = [("name", "Echo"), ("rank", "strong"), ("country", "Ukraine")];
    let res = app.self_register(&player, "autumn", &changes).await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(text(&page, "[data-test=rank-error]").is_some());
    assert!(text(&page, "[data-test=country-error]").is_some());
    change_settings(&app, &org, &[("-registration_open", "")]).await;
    let (status, _) = app.get_html(&player, "/t/autumn/register").await;
    assert_eq!(status, 409);
}

async fn import(
    app: &TestApp,
    client: &reqwest::Client,
    name: &str,
    bytes: Vec<u8>,
    short: &str,
) -> reqwest::Response {
    let fields = [("short_name", short), ("time_zone", "Europe/Paris")];
    app.upload(client, "/tournaments/import", &fields, name, bytes)
        .await
}

#[tokio::test]
async fn an_opengotha_file_imports_whole_and_exports_again() {
    let Some(fixtures) = common::shared_fixtures() else {
        println!("skipped: ../shared/fixtures not found");
        return;
    };
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let xml = std::fs::read(fixtures.join("opengotha/20200915070322_AVG11prueba.xml")).unwrap();

    let broken = String::from_utf8(xml.clone())
        .unwrap()
        .replacen("</Players>", "</Player>", 1);
    let res = import(&app, &org, "broken.xml", broken.into_bytes(), "avg").await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(
        text(&page, "[data-test=import-error]")
            .unwrap()
            .contains("line")
    );
    let (status, _) = app.get_html(&org, "/t/avg").await;
    assert_eq!(status, 404, "a refused file creates nothing");

    let res = import(&app, &org, "avg.xml", xml.clone(), "avg").await;
    assert_eq!(res.status(), 303);
    let expected =
        std::fs::read_to_string(fixtures.join("expected/20200915070322_AVG11prueba.standings.tsv"))
            .unwrap();
    let (_, page) = app.get_html(&org, "/t/avg").await;
    let players = expected.lines().count() - 1;
    let notice = text(&page, "[data-test=notice]").unwrap();
    assert!(
        notice.starts_with(&format!("Tournament imported: {players} players, ")),
        "{notice}"
    );
    let (_, page) = app.get_html(&app.new_client(), "/t/avg/standings").await;
    assert_eq!(
        count(&page, "[data-test=standing-row]"),
        expected.lines().count() - 1
    );
    let first_place: Vec<String> = page
        .select(&Selector::parse("[data-test=standing-row] td").unwrap())
        .take(2)
        .map(|e| e.text().collect())
        .collect();
    let line = expected.lines().nth(1).unwrap();
    let cols: Vec<&str> = line.split('\t').collect();
    assert_eq!(
        first_place,
        [cols[0].to_string(), format!("{} {}", cols[1], cols[2])]
    );

    let exported = org
        .get(app.url("/t/avg/export/opengotha.xml"))
        .send()
        .await
        .unwrap();
    assert_eq!(exported.status(), 200);
    let again = tengen::core::formats::opengotha::import(&exported.text().await.unwrap()).unwrap();
    let original = tengen::core::formats::opengotha::import_bytes(&xml).unwrap();
    assert_eq!(again.players().len(), original.players().len());
    assert_eq!(again.games(), original.games());
}

#[tokio::test]
async fn organisers_download_from_the_standings_the_egf_file_opengotha_writes() {
    let Some(fixtures) = common::shared_fixtures() else {
        println!("skipped: ../shared/fixtures not found");
        return;
    };
    let stem = "20200915070322_AVG11prueba";
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let xml = std::fs::read(fixtures.join(format!("opengotha/{stem}.xml"))).unwrap();
    assert_eq!(
        import(&app, &org, "avg.xml", xml, "avg").await.status(),
        303
    );

    let (_, page) = app.get_html(&org, "/t/avg/standings").await;
    assert!(text(&page, "[data-test=h9-form]").is_some());
    let visitor = app.new_client();
    let (_, page) = app.get_html(&visitor, "/t/avg/standings").await;
    assert!(text(&page, "[data-test=h9-form]").is_none());
    let refused = visitor
        .get(app.url("/t/avg/export/results.h9"))
        .send()
        .await
        .unwrap();
    assert_ne!(refused.status(), 200);

    let without_program = |bytes: &[u8]| -> Vec<Vec<u8>> {
        bytes
            .split(|&b| b == b'\n')
            .filter(|l| !l.starts_with(b"; Generated by") && !l.starts_with(b";prog="))
            .map(|l| match l.windows(2).position(|w| w == b" |") {
                Some(at) => l[..at].to_vec(),
                None => l.to_vec(),
            })
            .collect()
    };
    let h9 = org
        .get(app.url("/t/avg/export/results.h9?encoding=iso-8859-15"))
        .send()
        .await
        .unwrap();
    assert_eq!(h9.status(), 200);
    assert_eq!(
        h9.headers()["content-type"],
        "text/plain; charset=iso-8859-15"
    );
    let want = std::fs::read(fixtures.join(format!("expected/h9/{stem}.h9"))).unwrap();
    assert_eq!(
        without_program(&h9.bytes().await.unwrap()),
        without_program(&want)
    );
    let utf8 = org
        .get(app.url("/t/avg/export/results.h9"))
        .send()
        .await
        .unwrap();
    assert!(String::from_utf8(utf8.bytes().await.unwrap().to_vec()).is_ok());
    let tou = org
        .get(app.url("/t/avg/export/results.tou"))
        .send()
        .await
        .unwrap();
    assert_eq!(tou.status(), 200);
    assert!(tou.text().await.unwrap().starts_with(";name="));
}

#[tokio::test]
async fn visitors_see_a_new_result_at_once_and_open_pages_are_told_to_reload() {
    let app = TestApp::start().await;
    let org = autumn(&app, 2).await;
    app.post_ok(&org, "/t/autumn/rounds/pair", &[]).await;
    app.post_ok(&org, "/t/autumn/rounds/1/publish", &[]).await;
    let visitor = app.new_client();
    let results = |page: scraper::Html| -> Vec<String> {
        page.select(&Selector::parse("[data-test=result]").unwrap())
            .map(|e| e.text().collect())
            .collect()
    };
    let (_, page) = app.get_html(&visitor, "/t/autumn/rounds/1").await;
    assert_eq!(results(page), ["?"]);

    let mut events = visitor
        .get(app.url("/t/autumn/events"))
        .send()
        .await
        .unwrap();
    assert_eq!(events.headers()["content-type"], "text/event-stream");
    app.post_ok(&org, "/t/autumn/rounds/1/results", &[("entry", "1 b")])
        .await;
    let heard = tokio::time::timeout(std::time::Duration::from_secs(10), async {
        let mut text = String::new();
        while let Some(chunk) = events.chunk().await.unwrap() {
            text.push_str(&String::from_utf8_lossy(&chunk));
            if text.contains("event: changed") {
                return true;
            }
        }
        false
    })
    .await;
    assert_eq!(heard, Ok(true), "the open page hears of the new result");
    let (_, page) = app.get_html(&visitor, "/t/autumn/rounds/1").await;
    assert_eq!(
        results(page),
        ["0-1"],
        "the cached page was replaced at once"
    );
}

#[tokio::test]
async fn a_crowd_reloading_after_a_change_all_get_the_new_page() {
    let app = TestApp::start().await;
    let org = autumn(&app, 2).await;
    app.post_ok(&org, "/t/autumn/rounds/pair", &[]).await;
    app.post_ok(&org, "/t/autumn/rounds/1/publish", &[]).await;
    let visitor = app.new_client();
    let (status, _) = app.get_html(&visitor, "/t/autumn/rounds/1").await;
    assert_eq!(status, 200);
    app.post_ok(&org, "/t/autumn/rounds/1/results", &[("entry", "1 b")])
        .await;
    // Five times the test pool's connections, all at once: each waits for
    // the one render after the change, none is served the page cached
    // before it.
    let crowd: Vec<_> = (0..25)
        .map(|_| {
            let (client, url) = (app.new_client(), app.url("/t/autumn/rounds/1"));
            tokio::spawn(async move {
                let res = client.get(url).send().await.unwrap();
                (res.status().as_u16(), res.text().await.unwrap())
            })
        })
        .collect();
    for reader in crowd {
        let (status, html) = reader.await.unwrap();
        assert_eq!(status, 200);
        let page = scraper::Html::parse_document(&html);
        assert_eq!(text(&page, "[data-test=result]").as_deref(), Some("0-1"));
    }
}

#[tokio::test]
async fn public_pages_without_a_form_set_no_cookie_and_forms_get_a_token_of_their_own() {
    let app = TestApp::start().await;
    let org = autumn(&app, 2).await;
    app.post_ok(&org, "/t/autumn/rounds/pair", &[]).await;
    app.post_ok(&org, "/t/autumn/rounds/1/publish", &[]).await;
    for path in [
        "/t/autumn",
        "/t/autumn/rounds",
        "/t/autumn/rounds/1",
        "/t/autumn/standings",
    ] {
        let res = app.new_client().get(app.url(path)).send().await.unwrap();
        assert_eq!(res.status(), 200, "{path}");
        assert!(
            res.headers().get("set-cookie").is_none(),
            "{path} sets no cookie"
        );
    }
    // The self-registration form, asked twice by two visitors: each gets
    // the token of their own cookie, never another visitor's cached page.
    let mut tokens = Vec::new();
    for _ in 0..2 {
        let visitor = app.new_client();
        let (status, page) = app.get_html(&visitor, "/t/autumn/register").await;
        assert_eq!(status, 200);
        let token = common::csrf_field(&page);
        assert_eq!(
            app.csrf_token(&visitor).await,
            token,
            "the cookie holds the form's token"
        );
        tokens.push(token);
    }
    assert_ne!(tokens[0], tokens[1]);
}

#[tokio::test]
async fn players_are_registered_from_the_uploaded_rating_list() {
    let Some(fixtures) = common::shared_fixtures() else {
        println!("skipped: ../shared/fixtures not found");
        return;
    };
    let app = TestApp::start().await;
    let org = autumn(&app, 0).await;
    // The site's list is uploaded by its administrator (issue 29, item 6).
    app.account("root", true, false).await;
    let admin = app.signed_in("root").await;
    let upload = |bytes: Vec<u8>| app.upload(&admin, "/rating-list", &[], "egf_db.txt", bytes);
    let res = upload(b"not a rating list at all\n".to_vec()).await;
    assert_eq!(res.status(), 422, "a file with no player is refused");
    assert!(
        res.text()
            .await
            .unwrap()
            .contains("no player could be read as an EGD rating list"),
        "the refusal says why in the reader's words"
    );
    let res = upload(std::fs::read(fixtures.join("rating-lists/egf_db.txt")).unwrap()).await;
    assert_eq!(res.status(), 303);
    org.get(app.url("/language/ru")).send().await.unwrap();
    let (_, page) = app.get_html(&org, "/rating-list").await;
    let current = text(&page, "[data-test=current-list]").unwrap();
    assert!(
        current.contains(" игроков") || current.contains(" игрока"),
        "{current}"
    );
    org.get(app.url("/language/en")).send().await.unwrap();

    let found: Vec<serde_json::Value> = app
        .get_json(&org, "/rating-list/search?q=vannier%20luc")
        .await;
    assert_eq!(found[0]["egf_pin"], "10437350");
    let (_, page) = app
        .get_html(&org, "/t/autumn/players/new?lookup=10437350")
        .await;
    let link = page
        .select(&Selector::parse("[data-test=suggestion]").unwrap())
        .next()
        .and_then(|a| a.value().attr("href"))
        .expect("a suggestion")
        .to_string();
    let res = app
        .submit(&org, &link, FORM, "/t/autumn/players", &[])
        .await;
    assert_eq!(res.status(), 303);
    let (_, players) = app.api().get("/tournaments/autumn/players").await;
    assert_eq!(players["players"][0]["egf_pin"], "10437350");
    assert_eq!(players["players"][0]["first_name"], "Luc");
}

#[tokio::test]
async fn a_players_file_beyond_what_a_tournament_holds_is_refused_whole_naming_the_limit() {
    let app = TestApp::start().await;
    let org = autumn(&app, 0).await;
    let mut csv = String::from("Name;FirstName;Rank;Country;Club\n");
    for n in 0..70_000 {
        csv.push_str(&format!("Player{n};Test;5k;UA;Kyiv\n"));
    }
    let upload = app.upload(
        &org,
        "/t/autumn/players/import",
        &[],
        "players.csv",
        csv.into_bytes(),
    );
    let health = async {
        let res = app
            .new_client()
            .get(app.url("/healthz"))
            .send()
            .await
            .unwrap();
        res.status()
    };
    let (res, health) = tokio::join!(upload, health);
    assert_eq!(health, 200);
    assert_eq!(res.status(), 422);
    // Said on the players page the file came from, as a bad row is, with
    // the import form open to send another.
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let error = text(&page, "[data-test=import-errors]").unwrap();
    assert!(
        error.contains("at most 5000 players") && error.contains("70000"),
        "{error}"
    );
    assert!(!error.contains("players:"), "no field name: {error}");
    let (_, page) = app.get_html(&org, "/t/autumn/players").await;
    assert_eq!(count(&page, "[data-test=player-row]"), 0);
}

#[tokio::test]
async fn self_registrations_from_one_address_keep_a_pace_and_are_told_when_to_come_back() {
    let app = TestApp::start().await;
    autumn(&app, 0).await;
    let visitor = app.new_client();
    let mut statuses = Vec::new();
    let mut last = None;
    for n in 0..22 {
        let name = format!("Player{n}");
        let res = app
            .self_register(
                &visitor,
                "autumn",
                &[("name", &name), ("first_name", "Self"), ("rank", "10k")],
            )
            .await;
        statuses.push(res.status().as_u16());
        last = Some(res);
    }
    assert_eq!(statuses[..20], [303; 20], "a venue's burst goes through");
    assert_eq!(statuses[20..], [429, 429]);
    let res = last.unwrap();
    let wait: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=3).contains(&wait), "{wait}");
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let said = page.root_element().text().collect::<String>();
    assert!(said.contains("send it again in"), "{said}");
}

#[tokio::test]
async fn a_player_file_imports_whole_or_not_at_all() {
    let app = TestApp::start().await;
    let org = autumn(&app, 0).await;
    let upload = |text: &'static str| {
        let bytes = text.as_bytes().to_vec();
        app.upload(&org, "/t/autumn/players/import", &[], "players.csv", bytes)
    };
    let res =
        upload("Name;FirstName;Rank;Country;Club\nAlpha;Ann;3d;UA;Kyiv\nBeta;Bob;strong;UA;Kyiv\n")
            .await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(
        text(&page, "[data-test=import-errors]")
            .unwrap()
            .contains("line 3")
    );
    assert_eq!(
        count(&page, "[data-test=player-row]"),
        0,
        "nothing of the refused file was registered"
    );
    let res =
        upload("Name;FirstName;Rank;Country;Club\nAlpha;Ann;3d;UA;Kyiv\nBeta;Bob;2k;UA;Kyiv\n")
            .await;
    assert_eq!(res.status(), 303);
    let (_, page) = app.get_html(&org, "/t/autumn/players").await;
    assert_eq!(count(&page, "[data-test=player-row]"), 2);
    let csv = app.get_text(&org, "/t/autumn/players.csv").await;
    assert!(csv.contains("Beta;Bob;2K;UA;Kyiv;"), "{csv}");
}

#[tokio::test]
async fn the_poster_carries_a_qr_code_of_the_tournament_address() {
    let app = TestApp::start().await;
    autumn(&app, 0).await;
    let (status, page) = app.get_html(&app.new_client(), "/t/autumn/poster").await;
    assert_eq!(status, 200);
    assert_eq!(count(&page, "[data-test=poster] .qr svg"), 1);
    assert_eq!(text(&page, ".poster-url").unwrap(), app.url("/t/autumn"));
}

#[tokio::test]
async fn a_withdrawn_player_keeps_past_games_and_is_not_paired_again() {
    let app = TestApp::start().await;
    let org = autumn(&app, 3).await;
    app.post_ok(&org, "/t/autumn/rounds/pair", &[]).await;
    app.post_ok(&org, "/t/autumn/players/1/withdraw", &[]).await;
    let (_, page) = app.get_html(&org, "/t/autumn/players").await;
    let absent: Vec<String> = page
        .select(&Selector::parse("[data-test=player-row] td:nth-child(5)").unwrap())
        .map(|e| e.text().collect())
        .collect();
    assert!(absent.contains(&"2, 3".to_string()), "{absent:?}");
    app.post_ok(&org, "/t/autumn/rounds/pair", &[]).await;
    let (_, page) = app.get_html(&org, "/t/autumn/rounds/2").await;
    let boards: Vec<String> = page
        .select(&Selector::parse("[data-test=board]").unwrap())
        .map(|e| e.text().collect())
        .collect();
    assert!(boards.iter().all(|b| !b.contains("Alpha")), "{boards:?}");
    assert_eq!(boards.len(), 1);
}

#[tokio::test]
async fn an_organiser_adjusts_a_pairing_by_hand_and_the_core_checks_it() {
    let app = TestApp::start().await;
    let org = autumn(&app, 4).await;
    app.post_ok(&org, "/t/autumn/rounds/pair", &[]).await;
    let pairs = |page: &scraper::Html| -> Vec<String> {
        page.select(&Selector::parse("[data-test=board]").unwrap())
            .map(|e| {
                e.text()
                    .collect::<String>()
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    };
    let res = app
        .post_form(
            &org,
            "/t/autumn/rounds/1/edit",
            &[("action", "unpair"), ("first", "1")],
        )
        .await;
    assert_eq!(res.status(), 303);
    let (_, page) = app.get_html(&org, "/t/autumn/rounds/1").await;
    assert_eq!(pairs(&page).len(), 1);
    assert!(
        text(&page, "[data-test=problems]")
            .unwrap()
            .contains("Alpha Test"),
        "unpaired players are listed"
    );
    let (a, b) = {
        let left: Vec<u32> = (1..=4)
            .filter(|no| {
                !pairs(&page)
                    .iter()
                    .any(|p| p.contains(["Alpha", "Bravo", "Charlie", "Delta"][*no as usize - 1]))
            })
            .collect();
        (left[0].to_string(), left[1].to_string())
    };
    let res = app
        .post_form(
            &org,
            "/t/autumn/rounds/1/edit",
            &[("action", "pair"), ("first", &a), ("second", &b)],
        )
        .await;
    assert_eq!(res.status(), 303);
    let res = app
        .post_form(
            &org,
            "/t/autumn/rounds/1/edit",
            &[("action", "pair"), ("first", &a), ("second", &b)],
        )
        .await;
    assert_eq!(
        res.status(),
        422,
        "a player paired already cannot be paired again"
    );
    let (_, page) = app.get_html(&org, "/t/autumn/rounds/1").await;
    assert_eq!(pairs(&page).len(), 2);
    assert!(text(&page, "[data-test=problems]").is_none());
    // Colours drawn at the board: Alpha's game changes White and Black.
    let alpha_first = |page: &scraper::Html| {
        let row = pairs(page)
            .into_iter()
            .find(|p| p.contains("Alpha"))
            .unwrap();
        let opponent = ["Bravo", "Charlie", "Delta"]
            .into_iter()
            .find(|n| row.contains(n))
            .unwrap();
        row.find("Alpha") < row.find(opponent)
    };
    let before = alpha_first(&page);
    let res = app
        .post_form(
            &org,
            "/t/autumn/rounds/1/edit",
            &[("action", "colours"), ("first", "1")],
        )
        .await;
    assert_eq!(res.status(), 303);
    let (_, page) = app.get_html(&org, "/t/autumn/rounds/1").await;
    assert_eq!(alpha_first(&page), !before);
}

#[tokio::test]
async fn the_settings_form_shows_the_time_controls_egf_class() {
    let app = TestApp::start().await;
    let org = autumn(&app, 0).await;
    let (_, page) = app.get_html(&org, "/t/autumn/settings").await;
    let summary = text(&page, "[data-test=time-summary]").unwrap();
    assert!(summary.ends_with("EGF class A"), "{summary}");
    let query = "basic_minutes=30&overtime=fischer&byo_yomi_seconds=30&canadian_moves=15&canadian_seconds=300&fischer_seconds=10";
    let live = app.get_text(&org, &format!("/time-summary?{query}")).await;
    assert!(live.ends_with("EGF class B"), "{live}");
}

#[tokio::test]
async fn the_live_time_summary_speaks_the_chosen_language() {
    let app = TestApp::start().await;
    let org = autumn(&app, 0).await;
    let query = "basic_minutes=30&overtime=fischer&byo_yomi_seconds=30&canadian_moves=15&canadian_seconds=300&fischer_seconds=10";
    for (lang, expected) in [
        (
            "ru",
            "30 мин + 10 с за ход · приведённое время 50 мин · класс EGF B",
        ),
        (
            "uk",
            "30 хв + 10 с за хід · приведений час 50 хв · клас EGF B",
        ),
    ] {
        org.get(app.url(&format!("/language/{lang}")))
            .send()
            .await
            .unwrap();
        let live = app.get_text(&org, &format!("/time-summary?{query}")).await;
        assert_eq!(live, expected);
        let (_, page) = app.get_html(&org, "/t/autumn").await;
        let overview = text(&page, "main").unwrap();
        assert!(!overview.contains(" min"), "{lang} overview: {overview}");
    }
}

#[tokio::test]
async fn choosing_a_system_brings_its_standard_settings_and_weights_can_be_tuned() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let form = "[data-test=tournament-form]";
    let changes = [
        ("name", "Swiss Open"),
        ("short_name", "swiss"),
        ("system", "swiss"),
    ];
    assert_eq!(
        app.submit(&org, "/tournaments/new", form, "/tournaments", &changes)
            .await
            .status(),
        303
    );
    let (_, page) = app.get_html(&org, "/t/swiss/settings").await;
    let values = common::form_values(&page, form);
    let value = |name: &str| {
        values
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
            .unwrap()
    };
    assert_eq!(value("criterion_1"), "NBW");
    assert_eq!(value("handicap_ceiling"), "0");
    assert_eq!(value("pai_avoid_same_geo"), "0");

    let changes = [("pai_dudd_weight", "5000"), ("-use_presets", "")];
    assert_eq!(
        app.change_settings(&org, "swiss", &changes).await.status(),
        303
    );
    let (_, page) = app.get_html(&org, "/t/swiss/settings").await;
    assert!(common::form_values(&page, form).contains(&("pai_dudd_weight".into(), "5000".into())));
    let changes = [("pai_dudd_weight", "-1")];
    assert_eq!(
        app.change_settings(&org, "swiss", &changes).await.status(),
        422
    );
}

#[tokio::test]
async fn players_read_the_schedule_on_the_tournament_page() {
    let app = TestApp::start().await;
    let org = autumn(&app, 0).await;
    let changes = [("schedule", "Sat 10:00 Round 1\n\nSat 14:30 Round 2\n")];
    change_settings(&app, &org, &changes).await;
    let (_, page) = app.get_html(&app.new_client(), "/t/autumn").await;
    assert_eq!(count(&page, "[data-test=schedule] li"), 2);
}

#[tokio::test]
async fn the_organiser_sees_why_a_board_was_paired() {
    let app = TestApp::start().await;
    let org = autumn(&app, 4).await;
    app.post_ok(&org, "/t/autumn/rounds/pair", &[]).await;
    let (_, round) = app.get_html(&org, "/t/autumn/rounds/1").await;
    assert_eq!(count(&round, "[data-test=why-link]"), 2);
    let (status, page) = app.get_html(&org, "/t/autumn/rounds/1/boards/1/why").await;
    assert_eq!(status, 200);
    // The board's pair and the two pairs its players would have without it.
    let totals: Vec<i64> = page
        .select(&Selector::parse("[data-test=why-total]").unwrap())
        .map(|e| e.text().collect::<String>().trim().parse().unwrap())
        .collect();
    assert_eq!(totals.len(), 3);
    let loss: i64 = text(&page, "[data-test=why-loss] strong")
        .unwrap()
        .parse()
        .unwrap();
    assert!(loss >= 0, "the engine's pairing is the heaviest");
    // Players never see the weights.
    let visitor = app.new_client();
    let (status, _) = app
        .get_html(&visitor, "/t/autumn/rounds/1/boards/1/why")
        .await;
    assert!(status == 303 || status == 401 || status == 403, "{status}");
}

#[tokio::test]
async fn a_round_robin_pairs_on_the_draw_numbers_given() {
    let app = TestApp::start().await;
    let org = autumn(&app, 0).await;
    change_settings(&app, &org, &[("system", "round_robin")]).await;
    add_players(&app, &org, 4).await;
    // Delta drew number 1, Alpha number 4.
    for (no, number) in [("4", "1"), ("1", "4")] {
        let (page, action) = (
            format!("/t/autumn/players/{no}/edit"),
            format!("/t/autumn/players/{no}"),
        );
        let res = app
            .submit(&org, &page, FORM, &action, &[("draw_number", number)])
            .await;
        assert_eq!(res.status(), 303);
    }
    // A number already held is refused on the form.
    let res = app
        .submit(
            &org,
            "/t/autumn/players/2/edit",
            FORM,
            "/t/autumn/players/2",
            &[("draw_number", "1")],
        )
        .await;
    assert_eq!(res.status(), 422);
    app.post_ok(&org, "/t/autumn/rounds/pair", &[]).await;
    let (_, page) = app.get_html(&org, "/t/autumn/rounds/1").await;
    // Annex 1, round 1 of four: 1–4, 2–3, the first number with Black.
    // Numbers: Delta 1, then Bravo 2 and Charlie 3 by rating, Alpha 4.
    let first = text(&page, "[data-test=board]").unwrap();
    let (white, black) = (first.find("Alpha").unwrap(), first.find("Delta").unwrap());
    assert!(
        white < black,
        "Alpha (4) has White, Delta (1) Black: {first}"
    );
    // Pairing round 1 fixed the numbers: a stronger late entry moves nobody.
    add_player(&app, &org, "Echo", "7d").await;
    let (_, players) = app.get_html(&org, "/t/autumn/players").await;
    let numbers: Vec<String> = players
        .select(&Selector::parse("[data-test=draw-number]").unwrap())
        .map(|e| e.text().collect())
        .collect();
    assert_eq!(numbers, ["4", "2", "3", "1", "5"], "by name: Alpha … Echo");
    // A fifth player changes the table: round 2 is refused, not reshuffled.
    let res = app.post_form(&org, "/t/autumn/rounds/pair", &[]).await;
    assert_eq!(res.status(), 409);
    let refusal = scraper::Html::parse_document(&res.text().await.unwrap());
    let error = text(&refusal, "[data-test=error]").unwrap();
    assert!(error.contains("round-robin table"), "{error}");
    // A table's pair has no weights to show, only its reason.
    let (_, why) = app.get_html(&org, "/t/autumn/rounds/1/boards/1/why").await;
    assert!(text(&why, "[data-test=why-nothing]").is_some());
}

#[tokio::test]
async fn a_knockout_replays_a_jigo_and_plays_on_for_third_place() {
    let app = TestApp::start().await;
    let org = autumn(&app, 0).await;
    let changes = [
        ("system", "knockout"),
        ("rounds", "5"),
        ("losers_play_on", "on"),
        // Integer komi: a jigo is possible.
        ("komi", "7"),
    ];
    change_settings(&app, &org, &changes).await;
    let (_, page) = app.get_html(&org, "/t/autumn/settings").await;
    assert!(
        common::form_values(&page, SETTINGS_FORM).contains(&("losers_play_on".into(), "on".into()))
    );
    add_players(&app, &org, 4).await;
    let boards = |page: &scraper::Html| -> Vec<String> {
        page.select(&Selector::parse("[data-test=board]").unwrap())
            .map(|e| e.text().collect::<String>())
            .collect()
    };
    let pair_and_play = |round: u32, results: &'static [(&'static str, &'static str)]| {
        let (app, org) = (&app, &org);
        async move {
            app.post_ok(org, "/t/autumn/rounds/pair", &[]).await;
            let (_, page) = app
                .get_html(org, &format!("/t/autumn/rounds/{round}"))
                .await;
            // Waiting for a replay or a walkover is no problem to report.
            assert!(text(&page, "[data-test=problems]").is_none());
            // Players are told the colours are drawn at the board.
            assert_eq!(count(&page, "[data-test=nigiri]"), boards(&page).len());
            let res = app
                .post_form(org, &format!("/t/autumn/rounds/{round}/results"), results)
                .await;
            assert_eq!(res.status(), 303);
            boards(&page)
        }
    };
    let r1 = pair_and_play(1, &[("board_1", "w"), ("board_2", "=")]).await;
    assert_eq!(r1.len(), 2);
    assert!(r1[0].contains("Alpha") && r1[0].contains("Delta"), "{r1:?}");
    assert!(
        r1[1].contains("Bravo") && r1[1].contains("Charlie"),
        "{r1:?}"
    );
    let r2 = pair_and_play(2, &[("board_1", "b")]).await;
    assert_eq!(r2.len(), 1, "only the drawn match is replayed");
    assert!(
        r2[0].contains("Bravo") && r2[0].contains("Charlie"),
        "{r2:?}"
    );
    let r3 = pair_and_play(3, &[("board_1", "w"), ("board_2", "w")]).await;
    assert_eq!(r3.len(), 2, "the final and the match for third place");
    assert!(
        r3[0].contains("Alpha") && r3[0].contains("Charlie"),
        "{r3:?}"
    );
    assert!(r3[1].contains("Bravo") && r3[1].contains("Delta"), "{r3:?}");
    let res = app.post_form(&org, "/t/autumn/rounds/pair", &[]).await;
    assert_eq!(res.status(), 409);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let error = text(&page, "[data-test=error]").unwrap();
    assert!(error.contains("knockout is decided"), "{error}");
}

#[tokio::test]
async fn every_upload_is_refused_without_its_token_in_the_body() {
    let app = TestApp::start().await;
    let org = autumn(&app, 0).await;
    // A site administrator may upload a rating list, so a 403 there is the
    // token's, not the role's.
    sqlx::query("update account set is_admin = true where username = 'org'")
        .execute(&app.pool)
        .await
        .unwrap();
    let token = app.csrf_token(&org).await;
    let csv = "Name;FirstName;Rank;Country;Club\nAlpha;Ann;3d;UA;Kyiv\n";
    for path in [
        "/t/autumn/players/import",
        "/rating-list",
        "/tournaments/import",
    ] {
        let file = || reqwest::multipart::Part::bytes(csv.as_bytes().to_vec()).file_name("f.txt");
        let refused = [
            (
                "no token",
                path.to_string(),
                reqwest::multipart::Form::new().part("file", file()),
            ),
            (
                "the token only in the URL",
                format!("{path}?csrf={token}"),
                reqwest::multipart::Form::new().part("file", file()),
            ),
            (
                "another token",
                path.to_string(),
                reqwest::multipart::Form::new()
                    .text("csrf", "0".repeat(64))
                    .part("file", file()),
            ),
        ];
        for (what, url, form) in refused {
            let res = org
                .post(app.url(&url))
                .multipart(form)
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 403, "{path} with {what}");
        }
    }
    let (_, page) = app.get_html(&org, "/t/autumn/players").await;
    assert_eq!(
        count(&page, "[data-test=player-row]"),
        0,
        "nothing was stored"
    );
    let form = reqwest::multipart::Form::new().text("csrf", token).part(
        "file",
        reqwest::multipart::Part::bytes(csv.as_bytes().to_vec()).file_name("players.csv"),
    );
    let res = org
        .post(app.url("/t/autumn/players/import"))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 303);
    let (_, page) = app.get_html(&org, "/t/autumn/players").await;
    assert_eq!(count(&page, "[data-test=player-row]"), 1);
}

#[tokio::test]
async fn self_registration_limits_lengths_in_the_players_language_and_keeps_the_text() {
    let app = TestApp::start().await;
    let _org = autumn(&app, 0).await;
    let player = app.new_client();
    player.get(app.url("/language/ru")).send().await.unwrap();
    let long = "Ш".repeat(300);
    let club = "C".repeat(61);
    let res = app
        .self_register(
            &player,
            "autumn",
            &[
                ("name", &long),
                ("first_name", "Анна"),
                ("rank", "3k"),
                ("club", &club),
            ],
        )
        .await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        text(&page, "[data-test=name-error]").as_deref(),
        Some("Не более 60 символов")
    );
    assert!(text(&page, "[data-test=club-error]").is_some());
    let kept = page
        .select(&Selector::parse("input[name=name]").unwrap())
        .next()
        .unwrap()
        .value()
        .attr("value")
        .unwrap()
        .to_string();
    assert_eq!(kept, long, "the typed name is kept");
    let res = app
        .self_register(
            &player,
            "autumn",
            &[("name", &"Ш".repeat(60)), ("rank", "3k")],
        )
        .await;
    assert_eq!(res.status(), 303, "60 characters are enough and allowed");
}

#[tokio::test]
async fn a_second_identical_self_registration_is_refused_and_a_near_one_is_flagged() {
    let app = TestApp::start().await;
    let org = autumn(&app, 0).await;
    let player = app.new_client();
    let anna = [("name", "Ivanova"), ("first_name", "Anna"), ("rank", "3k")];
    assert_eq!(
        app.self_register(&player, "autumn", &anna).await.status(),
        303
    );
    let again = [("name", "IVANOVA "), ("first_name", "anna"), ("rank", "3k")];
    let res = app.self_register(&player, "autumn", &again).await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(
        text(&page, "[data-test=name-error]")
            .unwrap()
            .starts_with("You are already registered as Ivanova Anna"),
    );
    // Accents and swapped names may be someone else: taken, and flagged.
    let swapped = [("name", "Anna"), ("first_name", "Ivanová"), ("rank", "3k")];
    assert_eq!(
        app.self_register(&player, "autumn", &swapped)
            .await
            .status(),
        303
    );
    let (_, page) = app.get_html(&org, "/t/autumn/players").await;
    assert_eq!(count(&page, "[data-test=player-row]"), 2);
    let flags: Vec<String> = page
        .select(&Selector::parse("[data-test=duplicate]").unwrap())
        .map(|f| f.text().collect())
        .collect();
    assert_eq!(flags.len(), 2, "{flags:?}");
    assert!(flags[0].contains("Anna Ivanová") || flags[1].contains("Anna Ivanová"));
    let (_, page) = app.get_html(&app.new_client(), "/t/autumn/players").await;
    assert_eq!(
        count(&page, "[data-test=duplicate]"),
        0,
        "only organisers see the flag"
    );
}

#[tokio::test]
async fn preliminary_players_are_listed_apart_or_hidden_as_the_organiser_chooses() {
    let app = TestApp::start().await;
    let org = autumn(&app, 1).await;
    let visitor = app.new_client();
    let echo = [("name", "Echo"), ("first_name", "Self"), ("rank", "10k")];
    assert_eq!(
        app.self_register(&visitor, "autumn", &echo).await.status(),
        303
    );

    let (_, page) = app.get_html(&visitor, "/t/autumn/players").await;
    assert_eq!(
        count(&page, "[data-test=player-row]"),
        1,
        "the confirmed field"
    );
    assert_eq!(count(&page, "[data-test=preliminary-row]"), 1);
    assert!(
        text(&page, "[data-test=preliminary-section] h3")
            .unwrap()
            .starts_with("Preliminary registrations")
    );
    let (status, _) = app.get_html(&visitor, "/t/autumn/players/2/games").await;
    assert_eq!(status, 200);
    let (_, page) = app.get_html(&visitor, "/t/autumn").await;
    assert_eq!(
        text(&page, "[data-test=player-count]").as_deref(),
        Some("1")
    );

    change_settings(&app, &org, &[("preliminary_players", "hidden")]).await;
    let (_, page) = app.get_html(&visitor, "/t/autumn/players").await;
    assert_eq!(count(&page, "[data-test=player-row]"), 1);
    assert_eq!(count(&page, "[data-test=preliminary-section]"), 0);
    let (status, _) = app.get_html(&visitor, "/t/autumn/players/2/games").await;
    assert_eq!(status, 404, "a hidden registration has no public page");
    let other = app.new_client();
    let (_, page) = app.get_html(&other, "/t/autumn/registered/2").await;
    let shown = text(&page, "[data-test=registered]").unwrap();
    assert!(
        !shown.contains("Echo"),
        "nobody trying numbers reads {shown:?}"
    );
    let (_, players) = app.api().get("/tournaments/autumn/players").await;
    assert_eq!(
        players["players"].as_array().unwrap().len(),
        1,
        "nor in the API"
    );
    let (_, page) = app.get_html(&org, "/t/autumn/players").await;
    assert_eq!(
        count(&page, "[data-test=player-row]"),
        2,
        "organisers see everyone"
    );

    app.post_ok(&org, "/t/autumn/players/2/confirm", &[]).await;
    let (_, page) = app.get_html(&visitor, "/t/autumn/players").await;
    assert_eq!(
        count(&page, "[data-test=player-row]"),
        2,
        "confirmed: listed"
    );
}

#[tokio::test]
async fn an_import_without_a_time_zone_takes_the_files_country_else_utc() {
    let app = TestApp::start().await;
    let org = autumn(&app, 0).await;
    let zone_of = |short: &'static str| {
        let (app, org) = (&app, &org);
        async move {
            let (_, page) = app.get_html(org, &format!("/t/{short}/settings")).await;
            form_value(&page, "time_zone")
        }
    };
    let (_, page) = app.get_html(&org, "/tournaments/new").await;
    assert_eq!(form_value(&page, "time_zone"), "UTC", "a new tournament");
    let (_, page) = app.get_html(&org, "/tournaments/import").await;
    assert_eq!(
        form_value(&page, "time_zone"),
        "",
        "the import offers the file's"
    );
    // Another program's file without players is refused, so the file has one.
    add_player(&app, &org, "Lee", "3k").await;

    for (location, short, zone) in [
        ("Kraków, Polska", "krakow", "Europe/Warsaw"),
        ("", "nowhere", "UTC"),
    ] {
        change_settings(&app, &org, &[("location", location)]).await;
        let xml = org
            .get(app.url("/t/autumn/export/opengotha.xml"))
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap()
            .to_vec();
        let token = app.csrf_token(&org).await;
        let form = reqwest::multipart::Form::new()
            .text("csrf", token)
            .part(
                "file",
                reqwest::multipart::Part::bytes(xml).file_name("t.xml"),
            )
            .text("short_name", short)
            .text("time_zone", "");
        let res = org
            .post(app.url("/tournaments/import"))
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 303, "{location}");
        assert_eq!(zone_of(short).await, zone, "{location}");
    }
}

fn form_value(page: &scraper::Html, name: &str) -> String {
    page.select(&Selector::parse(&format!("input[name={name}]")).unwrap())
        .next()
        .and_then(|i| i.value().attr("value"))
        .unwrap_or_default()
        .to_string()
}

/// The ruleset chosen on the settings form sets the komi of handicap
/// games the pairing gives: under Chinese rules Black returns a point a
/// handicap stone, under territory rules there is none.
#[tokio::test]
async fn the_chosen_ruleset_sets_the_komi_of_a_handicap_game() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    for (short, ruleset, komi_of) in [
        (
            "chinese",
            "Chinese",
            (|h: u64| h.to_string()) as fn(u64) -> String,
        ),
        ("territory", "JapaneseTerritory", |_| "0".to_string()),
    ] {
        let changes = [
            ("name", short),
            ("short_name", short),
            ("time_zone", "Europe/Kyiv"),
            ("rules_profile", ruleset),
        ];
        let res = app
            .submit(
                &org,
                "/tournaments/new",
                SETTINGS_FORM,
                "/tournaments",
                &changes,
            )
            .await;
        assert_eq!(res.status(), 303);
        for (name, rank) in [("Strong", "3d"), ("Weak", "8k")] {
            let fields = [("name", name), ("rank", rank)];
            let path = format!("/t/{short}/players");
            let res = app
                .submit(&org, &format!("{path}/new"), FORM, &path, &fields)
                .await;
            assert_eq!(res.status(), 303);
        }
        app.post_ok(&org, &format!("/t/{short}/rounds/pair"), &[])
            .await;
        app.post_ok(&org, &format!("/t/{short}/rounds/1/publish"), &[])
            .await;
        let round = app
            .api()
            .read(&format!("/tournaments/{short}/rounds/1"))
            .await;
        let game = &round["games"][0];
        let handicap = game["handicap"].as_u64().unwrap();
        assert!(handicap >= 2, "a handicap game: {game}");
        assert_eq!(
            game["komi"].as_str().unwrap(),
            komi_of(handicap),
            "{ruleset}"
        );
    }
}

/// With an odd number of players: the printed list by board names the
/// player with the bye, and "find me" finds them, or says it found nobody.
#[tokio::test]
async fn the_bye_is_on_the_printed_list_and_found_by_find_me() {
    let app = TestApp::start().await;
    let org = autumn(&app, 3).await;
    app.post_ok(&org, "/t/autumn/rounds/pair", &[]).await;
    app.post_ok(&org, "/t/autumn/rounds/1/publish", &[]).await;
    let (_, round) = app.get_html(&org, "/t/autumn/rounds/1").await;
    let bye = text(&round, "[data-test=bye]").expect("three players leave a bye");
    let name = ["Alpha", "Bravo", "Charlie"]
        .into_iter()
        .find(|n| bye.contains(n))
        .unwrap();

    let (_, print) = app.get_html(&org, "/t/autumn/rounds/1/print").await;
    let printed = text(&print, "[data-test=print-bye]").expect("the bye is printed");
    assert!(printed.contains(name), "{printed}");

    let visitor = app.new_client();
    let lower = name.to_lowercase();
    let (_, page) = app
        .get_html(&visitor, &format!("/t/autumn/rounds/1?q={lower}"))
        .await;
    let found = text(&page, "[data-test=found]").expect("the bye is found");
    assert!(found.contains(name), "{found}");
    assert!(text(&page, "[data-test=not-found]").is_none());

    let (_, page) = app.get_html(&visitor, "/t/autumn/rounds/1?q=Zulu").await;
    assert!(text(&page, "[data-test=found]").is_none());
    let said = text(&page, "[data-test=not-found]").expect("nobody found is said");
    assert!(said.contains("Zulu"), "{said}");
}

/// Issue 31, live pages: a round opened before it is out waits on a page
/// that reloads itself; round pages link the rounds before and after; a
/// page left open on round 1 points to round 2 once it is out.
#[tokio::test]
async fn round_pages_wait_for_their_round_and_lead_to_the_latest() {
    let app = TestApp::start().await;
    let org = autumn(&app, 4).await;
    let visitor = app.new_client();
    let (status, page) = app.get_html(&visitor, "/t/autumn/rounds/1").await;
    assert_eq!(status, 200, "a round not yet paired");
    let waiting = text(&page, "[data-test=round-waiting]").expect("waits");
    assert!(waiting.contains("Round 1"), "{waiting}");
    assert!(
        page.select(&Selector::parse("[data-live]").unwrap())
            .next()
            .is_some(),
        "the page reloads itself when the round is out"
    );
    let (status, _) = app.get_html(&visitor, "/t/autumn/rounds/4").await;
    assert_eq!(status, 404, "a three-round tournament has no round 4");

    app.post_ok(&org, "/t/autumn/rounds/pair", &[]).await;
    let (_, page) = app.get_html(&visitor, "/t/autumn/rounds/1").await;
    assert!(
        text(&page, "[data-test=round-waiting]").is_some(),
        "paired, not out"
    );
    app.post_ok(&org, "/t/autumn/rounds/1/publish", &[]).await;
    let (_, page) = app.get_html(&visitor, "/t/autumn/rounds/1").await;
    assert_eq!(count(&page, "[data-test=board]"), 2);
    assert_eq!(text(&page, "[data-test=round-nav]").unwrap(), "");
    assert!(text(&page, "[data-test=later-round]").is_none());

    let fields = [("board_1", "w"), ("board_2", "b")];
    app.post_ok(&org, "/t/autumn/rounds/1/results", &fields)
        .await;
    app.post_ok(&org, "/t/autumn/rounds/pair", &[]).await;
    let (_, page) = app.get_html(&visitor, "/t/autumn/rounds/1").await;
    assert_eq!(
        text(&page, "[data-test=round-nav]").unwrap(),
        "",
        "round 2 is not out"
    );
    let (_, page) = app.get_html(&visitor, "/t/autumn/rounds/2").await;
    let waiting = text(&page, "[data-test=round-waiting]").expect("waits");
    assert!(waiting.contains("Round 2"));
    assert_eq!(text(&page, "[data-test=latest-round]").unwrap(), "Round 1");

    app.post_ok(&org, "/t/autumn/rounds/2/publish", &[]).await;
    let (_, page) = app.get_html(&visitor, "/t/autumn/rounds/1").await;
    assert_eq!(text(&page, "[data-test=round-nav]").unwrap(), "Round 2 →");
    let later = text(&page, "[data-test=later-round]").expect("round 2 is out");
    assert!(later.ends_with("Round 2"), "{later}");
    let (_, page) = app.get_html(&visitor, "/t/autumn/rounds/2").await;
    assert_eq!(text(&page, "[data-test=round-nav]").unwrap(), "← Round 1");
    assert!(text(&page, "[data-test=later-round]").is_none());
}
