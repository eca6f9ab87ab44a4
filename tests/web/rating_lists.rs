//! The real rating lists of `../shared/fixtures/rating-lists` read whole, and
//! known players are found the way an organiser types them; lists and
//! player files in windows-1251 uploaded; ratings refreshed from a newer
//! list until round 1 is paired.

use crate::common;
use common::{egd_line, egd_list};

use common::{TestApp, text};
use scraper::{Html, Selector};
use std::path::Path;
use tengen::core::formats::rating_list::{RatedPlayer, RatingIndex, SEARCH_LIMIT, parse};

fn fixture(name: &str) -> Option<Vec<u8>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/fixtures/rating-lists")
        .join(name);
    match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(_) => {
            println!("skipped: ../shared/fixtures not found");
            None
        }
    }
}

fn shown(players: &[&RatedPlayer]) -> Vec<String> {
    players
        .iter()
        .map(|p| format!("{} {}", p.name, p.first_name))
        .collect()
}

#[test]
fn the_real_egd_list_reads_whole_and_finds_known_players() {
    let Some(bytes) = fixture("egf_db.txt") else {
        return;
    };
    let list = parse(&bytes).unwrap();
    assert_eq!(list.players.len(), 42_824, "the file's own total");
    assert_eq!(list.malformed, []);
    assert_eq!(list.date.map(|d| d.to_string()), Some("2018-02-22".into()));
    let index = RatingIndex::new(list);
    let luc = index.search("vannier luc", SEARCH_LIMIT);
    assert_eq!(luc[0].egf_pin, "10437350");
    assert_eq!(index.search("10437350", SEARCH_LIMIT)[0].first_name, "Luc");
    assert_eq!(shown(&index.search("naim bouk", 5)), ["Boukerrouye Naïm"]);
    assert_eq!(shown(&index.search("agota dree", 5)), ["Dreelyi Kis Ágota"]);
    assert_eq!(shown(&index.search("ipola", 5)), ["Ípola David"]);
    assert_eq!(index.search("a", SEARCH_LIMIT).len(), SEARCH_LIMIT);
}

#[test]
fn the_real_ffg_list_reads_whole_and_finds_known_players() {
    let Some(bytes) = fixture("ech_ffg_V3.txt") else {
        return;
    };
    let list = parse(&bytes).unwrap();
    assert_eq!(list.players.len(), 11_889);
    assert_eq!(list.malformed, []);
    assert_eq!(list.date.map(|d| d.to_string()), Some("2018-02-23".into()));
    let index = RatingIndex::new(list);
    assert_eq!(shown(&index.search("rene aaij", 5)), ["AAIJ René"]);
    assert_eq!(shown(&index.search("mickael ab", 5)), ["ABADIA Mickaël"]);
    assert_eq!(index.search("9728205", 5)[0].name, "ABADIA");
}

const FORM: &str = "[data-test=player-form]";

async fn organiser_with_tournament(app: &TestApp) -> reqwest::Client {
    let org = app.organiser("org").await;
    let res = app.create_tournament(&org, "lviv", "Lviv Open").await;
    assert_eq!(res.status(), 303);
    org
}

/// The site's administrator, who alone uploads rating lists.
async fn site_admin(app: &TestApp) -> reqwest::Client {
    app.account("root", true, false).await;
    app.signed_in("root").await
}

async fn upload(
    app: &TestApp,
    org: &reqwest::Client,
    path: &str,
    bytes: Vec<u8>,
    encoding: &str,
) -> reqwest::Response {
    app.upload(org, path, &[("encoding", encoding)], "list.txt", bytes)
        .await
}

fn all_text(page: &Html, selector: &str) -> Vec<String> {
    page.select(&Selector::parse(selector).unwrap())
        .map(|e| {
            e.text()
                .collect::<String>()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// Registers the list's player found by `lookup`, as the organiser picks them.
async fn register_from_list(app: &TestApp, org: &reqwest::Client, lookup: &str) {
    let (_, page) = app
        .get_html(org, &format!("/t/lviv/players/new?lookup={lookup}"))
        .await;
    let link = page
        .select(&Selector::parse("[data-test=suggestion]").unwrap())
        .next()
        .and_then(|a| a.value().attr("href"))
        .unwrap_or_else(|| panic!("{lookup} in the list"))
        .to_string();
    let res = app.submit(org, &link, FORM, "/t/lviv/players", &[]).await;
    assert_eq!(res.status(), 303, "registering {lookup}");
}

#[tokio::test]
async fn a_windows_1251_list_uploads_and_ratings_keep_its_date() {
    let app = TestApp::start().await;
    let org = organiser_with_tournament(&app).await;
    let admin = site_admin(&app).await;
    let older = egd_list(
        "22 Feb 2018",
        &[
            egd_line("13000001", "Іваненко Петро", "Lviv", "2k", 1833),
            egd_line("13000002", "Шевченко Тарас_Григорович", "Kyiv", "3d", 2250),
        ],
    );
    let res = upload(&app, &admin, "/rating-list", older.clone(), "UTF-8").await;
    assert_eq!(res.status(), 422, "windows-1251 bytes are not UTF-8");
    let page = Html::parse_document(&res.text().await.unwrap());
    let error = text(&page, "[data-test=upload-error]").unwrap();
    assert!(error.contains("Line 3 is not UTF-8 text"), "{error}");
    let res = upload(&app, &admin, "/rating-list", older, "windows-1251").await;
    assert_eq!(res.status(), 303);
    let (_, page) = app.get_html(&org, "/rating-list").await;
    assert_eq!(
        text(&page, "[data-test=list-date]").unwrap(),
        "EGD 2018-02-22"
    );

    register_from_list(&app, &org, "13000001").await;
    let (_, page) = app.get_html(&org, "/t/lviv/players").await;
    assert_eq!(
        all_text(&page, "[data-test=player-row] .name a"),
        ["Іваненко Петро"]
    );
    assert_eq!(
        all_text(&page, "[data-test=rating]"),
        ["1833 · EGD 2018-02-22"]
    );
    let (_, page) = app.get_html(&org, "/t/lviv/players/1/edit").await;
    assert!(
        text(&page, "[data-test=rating-source]")
            .unwrap()
            .ends_with("EGD 2018-02-22")
    );
    // A rating typed by hand is nobody's list.
    let res = app
        .submit(
            &org,
            "/t/lviv/players/1/edit",
            FORM,
            "/t/lviv/players/1",
            &[("rating", "1900")],
        )
        .await;
    assert_eq!(res.status(), 303);
    let (_, page) = app.get_html(&org, "/t/lviv/players").await;
    assert_eq!(all_text(&page, "[data-test=rating]"), ["1900"]);
}

#[tokio::test]
async fn a_windows_1251_player_file_imports_with_its_cyrillic_names() {
    let app = TestApp::start().await;
    let org = organiser_with_tournament(&app).await;
    let csv = encoding_rs::WINDOWS_1251
        .encode("Name;FirstName;Rank;Country;Club\nІваненко;Петро;2k;UA;Львів\nШевченко;Тарас;3d;UA;Київ\n")
        .0
        .into_owned();
    let res = upload(&app, &org, "/t/lviv/players/import", csv.clone(), "UTF-8").await;
    assert_eq!(res.status(), 422);
    let page = Html::parse_document(&res.text().await.unwrap());
    let error = text(&page, "[data-test=import-errors]").unwrap();
    assert!(error.contains("Line 2 is not UTF-8 text"), "{error}");
    assert_eq!(
        all_text(&page, "[data-test=player-row]"),
        Vec::<String>::new()
    );
    let vbar = encoding_rs::WINDOWS_1251
        .encode("Сидоренко|Олена|5k|Одеса|UA|1650|f\n")
        .0
        .into_owned();
    for file in [csv, vbar] {
        let res = upload(&app, &org, "/t/lviv/players/import", file, "").await;
        assert_eq!(res.status(), 303);
    }
    let (_, page) = app.get_html(&org, "/t/lviv/players").await;
    assert_eq!(
        all_text(&page, "[data-test=player-row] .name a"),
        ["Іваненко Петро", "Сидоренко Олена", "Шевченко Тарас"]
    );
}

#[tokio::test]
async fn ratings_are_refreshed_from_a_newer_list_until_round_one_is_paired() {
    let app = TestApp::start().await;
    let org = organiser_with_tournament(&app).await;
    let admin = site_admin(&app).await;
    let older = egd_list(
        "22 Feb 2018",
        &[
            egd_line("13000001", "Іваненко Петро", "Lviv", "2k", 1833),
            egd_line("13000002", "Шевченко Тарас", "Kyiv", "3d", 2250),
        ],
    );
    assert_eq!(
        upload(&app, &admin, "/rating-list", older, "")
            .await
            .status(),
        303
    );
    register_from_list(&app, &org, "13000001").await;
    register_from_list(&app, &org, "13000002").await;
    // The organiser promotes Shevchenko by hand; a third player is not in any list.
    let res = app
        .submit(
            &org,
            "/t/lviv/players/2/edit",
            FORM,
            "/t/lviv/players/2",
            &[("rank", "4d")],
        )
        .await;
    assert_eq!(res.status(), 303);
    let res = app
        .register(
            &org,
            "lviv",
            &[("name", "Коваль"), ("first_name", "Ірина"), ("rank", "10k")],
        )
        .await;
    assert_eq!(res.status(), 303);

    let newer = egd_list(
        "03 May 2018",
        &[
            egd_line("13000001", "Іваненко Петро", "Lviv", "1k", 1960),
            egd_line("13000002", "Шевченко Тарас", "Kyiv", "3d", 2270),
        ],
    );
    assert_eq!(
        upload(&app, &admin, "/rating-list", newer, "")
            .await
            .status(),
        303
    );
    let (_, page) = app.get_html(&org, "/t/lviv/players").await;
    assert!(text(&page, "[data-test=refresh-ratings]").is_some());
    let (status, page) = app.get_html(&org, "/t/lviv/players/ratings").await;
    assert_eq!(status, 200);
    let rows: Vec<_> = ["refresh-before", "refresh-after"]
        .iter()
        .map(|cell| all_text(&page, &format!("[data-test={cell}]")))
        .collect();
    assert_eq!(
        rows[0],
        ["2K · 1833 · EGD 2018-02-22", "4D · 2250 · EGD 2018-02-22"]
    );
    assert_eq!(
        rows[1],
        [
            "1K · 1960 · EGD 2018-05-03",
            "4D · 2270 · EGD 2018-05-03 (rank set by hand, kept)"
        ]
    );
    assert_eq!(
        all_text(&page, "[data-test=refresh-not-found] li"),
        ["Коваль Ірина"]
    );
    let (_, listed) = app.get_html(&org, "/t/lviv/players").await;
    assert_eq!(
        all_text(&listed, "[data-test=rating]"),
        ["1833 · EGD 2018-02-22", "1100", "2250 · EGD 2018-02-22"],
        "the preview changed nothing"
    );

    let res = app
        .submit(
            &org,
            "/t/lviv/players/ratings",
            "form:has([data-test=refresh-confirm])",
            "/t/lviv/players/ratings",
            &[],
        )
        .await;
    assert_eq!(res.status(), 303);
    let (_, page) = app.get_html(&org, "/t/lviv/players").await;
    assert_eq!(
        all_text(&page, "[data-test=player-row] td:nth-child(2)"),
        [
            "1K 1960 · EGD 2018-05-03",
            "10K 1100",
            "4D 2270 · EGD 2018-05-03"
        ]
    );
    let (_, page) = app.get_html(&org, "/t/lviv/players/ratings").await;
    assert!(text(&page, "[data-test=refresh-nothing]").is_some());

    let res = app.post_form(&org, "/t/lviv/rounds/pair", &[]).await;
    assert_eq!(res.status(), 303);
    let (_, page) = app.get_html(&org, "/t/lviv/players").await;
    assert!(text(&page, "[data-test=refresh-ratings]").is_none());
    assert!(text(&page, "[data-test=ratings-fixed]").is_some());
    let (status, page) = app.get_html(&org, "/t/lviv/players/ratings").await;
    assert_eq!(status, 409);
    let error = text(&page, "[data-test=error]").unwrap();
    assert!(error.contains("once round 1 is paired"), "{error}");
    // The form of a preview loaded just before the pairing, sent after it.
    let (list, version): (i64, i32) = sqlx::query_as(
        "select (select max(rating_list_id) from rating_list), version from tournament",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let res = app
        .post_form(
            &org,
            "/t/lviv/players/ratings",
            &[
                ("list", &list.to_string()),
                ("version", &version.to_string()),
            ],
        )
        .await;
    assert_eq!(res.status(), 409);
    let page = Html::parse_document(&res.text().await.unwrap());
    let error = text(&page, "[data-test=error]").unwrap();
    assert!(error.contains("once round 1 is paired"), "{error}");
}

/// Issue 29, item 1: an uploaded file's name is text the server stores; a
/// NUL in it (which PostgreSQL refuses) makes the upload unreadable (400),
/// and a name with a direction override is not kept: the list loads under
/// a plain name.
#[tokio::test]
async fn a_rating_list_named_with_a_nul_or_an_override_is_never_a_server_error() {
    let app = TestApp::start().await;
    let org = site_admin(&app).await;
    let file = egd_list(
        "22 Feb 2018",
        &[egd_line("13000001", "Ivanenko Petro", "Lviv", "2k", 1833)],
    );
    for name in ["list\0.txt", "list\u{202E}txt.exe"] {
        let csrf = app.csrf_token(&org).await;
        let mut body = format!(
            "--b\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n\
             --b\r\nContent-Disposition: form-data; name=\"encoding\"\r\n\r\nwindows-1251\r\n\
             --b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n\r\n"
        )
        .into_bytes();
        body.extend_from_slice(&file);
        body.extend_from_slice(b"\r\n--b--\r\n");
        let res = org
            .post(app.url("/rating-list"))
            .header("content-type", "multipart/form-data; boundary=b")
            .body(body)
            .send()
            .await
            .unwrap();
        if name.contains('\0') {
            assert_eq!(res.status(), 400, "{name:?}");
            continue;
        }
        assert_eq!(res.status(), 303, "{name:?}");
        let (_, page) = app.get_html(&org, "/rating-list").await;
        let current = text(&page, "[data-test=current-list]").unwrap();
        assert!(current.contains("rating-list.txt"), "{current}");
    }
}

/// Issue 29, item 6: the list is the site's. An organiser who is not a
/// site administrator sees it but may not replace it (403, in their
/// language); an administrator's upload replaces the list of its
/// federation, whose rows are deleted, and the page shows the size, who
/// uploaded it and when.
#[tokio::test]
async fn only_a_site_admin_replaces_the_rating_list_and_the_old_one_is_deleted() {
    let app = TestApp::start().await;
    let org = organiser_with_tournament(&app).await;
    let admin = site_admin(&app).await;
    let egd = |date: &str, gor: i32| {
        egd_list(
            date,
            &[egd_line("13000001", "Ivanenko Petro", "Lviv", "2k", gor)],
        )
    };
    let res = upload(&app, &admin, "/rating-list", egd("22 Feb 2018", 1833), "").await;
    assert_eq!(res.status(), 303);

    org.get(app.url("/language/uk")).send().await.unwrap();
    let (status, page) = app.get_html(&org, "/rating-list").await;
    assert_eq!(status, 200, "an organiser sees the site's list");
    assert!(text(&page, "[data-test=admins-only]").is_some());
    assert_eq!(
        page.select(&Selector::parse("form[action='/rating-list']").unwrap())
            .count(),
        0
    );
    let res = upload(&app, &org, "/rating-list", egd("03 May 2018", 1960), "").await;
    assert_eq!(res.status(), 403);
    let page = Html::parse_document(&res.text().await.unwrap());
    let error = text(&page, "[data-test=error]").unwrap();
    assert!(!error.is_ascii(), "refused in Ukrainian: {error}");

    let res = upload(&app, &admin, "/rating-list", egd("03 May 2018", 1960), "").await;
    assert_eq!(res.status(), 303);
    let stored: Vec<(String, String)> = sqlx::query_as(
        "select kind, convert_from(content, 'UTF8') from rating_list order by rating_list_id",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(stored.len(), 1, "the older EGD list's row is deleted");
    assert_eq!(stored[0].0, "EGD");
    assert!(stored[0].1.contains("03 May 2018"), "{}", stored[0].1);

    // Another federation's list is kept beside it, and searched as the newest.
    let ffg = format!(
        "#Echelle au 23/02/2018 07:56:59\n{:<38}-1250 - 9728205 xxxx FR\n",
        "ABADIA Mickael"
    );
    let res = upload(&app, &admin, "/rating-list", ffg.clone().into_bytes(), "").await;
    assert_eq!(res.status(), 303, "{}", res.text().await.unwrap());
    let kinds: Vec<String> =
        sqlx::query_scalar("select kind from rating_list order by rating_list_id")
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(kinds, ["EGD", "FFG"]);

    let (_, page) = app.get_html(&admin, "/rating-list").await;
    let size = ffg.len().div_ceil(1000);
    assert_eq!(
        text(&page, "[data-test=list-size]").unwrap(),
        format!("{size} KB")
    );
    assert_eq!(text(&page, "[data-test=list-uploader]").unwrap(), "by root");
    let current = text(&page, "[data-test=current-list]").unwrap();
    let today = time::OffsetDateTime::now_utc().date().to_string();
    assert!(current.contains(&today), "{current}");
    assert!(
        text(&page, "[data-test=other-list]")
            .unwrap()
            .contains("list.txt")
    );
}

/// Issue 31: an organiser and a player on a Russian or Ukrainian keyboard.
/// The EGD list is in Latin letters: "Шикшин" finds Shikshin, "Гнатюк"
/// Hnatiuk (the Ukrainian national spelling), and a name nobody has is
/// said to match nobody; a rank typed as "3к" or "2 дан" is a rank;
/// "find me" finds the Latin-registered player from a Cyrillic name.
#[tokio::test]
async fn a_cyrillic_keyboard_finds_latin_names_and_types_ranks() {
    let app = TestApp::start().await;
    let org = organiser_with_tournament(&app).await;
    let admin = site_admin(&app).await;
    let egd = egd_list(
        "22 Feb 2018",
        &[
            egd_line("13000011", "Shikshin Ilya", "Kaza", "5d", 2480),
            egd_line("13000012", "Hnatiuk Yaroslava", "Kyiv", "2k", 1850),
        ],
    );
    let res = upload(&app, &admin, "/rating-list", egd, "windows-1251").await;
    assert_eq!(res.status(), 303);

    for (typed, found) in [
        ("Шикшин", "Shikshin Ilya"),
        ("гнатюк яро", "Hnatiuk Yaroslava"),
    ] {
        let url = format!("/t/lviv/players/new?lookup={typed}");
        let (_, page) = app.get_html(&org, &url).await;
        let suggestions = all_text(&page, "[data-test=suggestion]");
        assert!(
            suggestions.len() == 1 && suggestions[0].contains(found),
            "{typed}: {suggestions:?}"
        );
        assert!(text(&page, "[data-test=no-suggestion]").is_none());
    }
    let (_, page) = app
        .get_html(&org, "/t/lviv/players/new?lookup=Петров")
        .await;
    assert!(all_text(&page, "[data-test=suggestion]").is_empty());
    assert!(
        text(&page, "[data-test=no-suggestion]").is_some(),
        "nothing matched is said"
    );

    register_from_list(&app, &org, "Шикшин").await;
    for (name, rank) in [
        ("Петренко", "3к"),
        ("Коваль", "2 дан"),
        ("Лисенко", "15 кю"),
    ] {
        let changes = [("name", name), ("first_name", "Олег"), ("rank", rank)];
        let res = app.register(&org, "lviv", &changes).await;
        assert_eq!(res.status(), 303, "rank {rank}");
    }
    let (_, page) = app.get_html(&org, "/t/lviv/players").await;
    let listed = page.root_element().text().collect::<String>();
    for rank in ["3K", "2D", "15K"] {
        assert!(listed.contains(rank), "{rank} in {listed}");
    }

    app.post_ok(&org, "/t/lviv/rounds/pair", &[]).await;
    app.post_ok(&org, "/t/lviv/rounds/1/publish", &[]).await;
    let (_, page) = app
        .get_html(&app.new_client(), "/t/lviv/rounds/1?q=шикшин")
        .await;
    let found = text(&page, "[data-test=found]").expect("found from Cyrillic");
    assert!(found.contains("Shikshin"), "{found}");
    // The results page, typed on a Russian keyboard: "б", White won.
    app.post_ok(&org, "/t/lviv/rounds/1/results", &[("entry", "1 б, 2 ч!")])
        .await;
    let (_, page) = app.get_html(&org, "/t/lviv/rounds/1").await;
    let results: Vec<String> = page
        .select(&Selector::parse("[data-test=result]").unwrap())
        .map(|e| e.text().collect())
        .collect();
    assert_eq!(results, ["1-0", "0-1!"]);
}

/// Issue 31: the EGD wants Latin names. The h9 download spells Cyrillic in
/// Latin letters by the player's country (Ukrainian national system for
/// Ukraine, BGN/PCGN otherwise) when asked, as its form asks by default;
/// Tengen keeps the names as typed.
#[tokio::test]
async fn the_h9_for_the_egd_spells_cyrillic_names_in_latin_letters() {
    let app = TestApp::start().await;
    let org = organiser_with_tournament(&app).await;
    for (name, first, country) in [("Гнатюк", "Ярослава", "UA"), ("Иванов", "Пётр", "RU")]
    {
        let changes = [
            ("name", name),
            ("first_name", first),
            ("rank", "3k"),
            ("country", country),
        ];
        let res = app.register(&org, "lviv", &changes).await;
        assert_eq!(res.status(), 303, "{name}");
    }
    app.post_ok(&org, "/t/lviv/rounds/pair", &[]).await;
    app.post_ok(&org, "/t/lviv/rounds/1/publish", &[]).await;
    app.post_ok(&org, "/t/lviv/rounds/1/results", &[("entry", "1 w")])
        .await;
    let (_, page) = app.get_html(&org, "/t/lviv/standings").await;
    let ticked = page
        .select(&Selector::parse("[data-test=latin-names]").unwrap())
        .next()
        .and_then(|b| b.value().attr("checked"));
    assert!(
        ticked.is_some(),
        "Latin names unless the organiser says otherwise"
    );
    let h9 = |query: &'static str| {
        let org = org.clone();
        let url = app.url(&format!("/t/lviv/export/results.h9{query}"));
        async move { org.get(url).send().await.unwrap().text().await.unwrap() }
    };
    let latin = h9("?latin_names=1").await;
    assert!(latin.contains("Hnatiuk Yaroslava"), "{latin}");
    assert!(latin.contains("Ivanov Petr"), "{latin}");
    let typed = h9("").await;
    assert!(typed.contains("Гнатюк Ярослава"), "{typed}");
    let (_, players) = app.get_html(&org, "/t/lviv/players").await;
    assert!(
        players
            .root_element()
            .text()
            .collect::<String>()
            .contains("Гнатюк")
    );
}
