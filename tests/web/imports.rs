//! The import page takes EGF results (h9) and MacMahon files as well as
//! OpenGotha's, and refuses a malformed one whole, naming its lines, and a
//! file of no program it reads with what the file looks like.

use crate::common;

use common::{TestApp, text};

/// Uploads `bytes` on the import page, read in the language `lang`.
async fn upload(
    app: &TestApp,
    client: &reqwest::Client,
    bytes: Vec<u8>,
    short: &str,
    lang: &str,
) -> reqwest::Response {
    let fields = [("short_name", short), ("time_zone", "")];
    let form = app.upload_form(client, &fields, "upload", bytes).await;
    client
        .post(app.url("/tournaments/import"))
        .header("Accept-Language", lang)
        .multipart(form)
        .send()
        .await
        .unwrap()
}

/// The notice the tournament's page shows after the import's redirect.
async fn imported(app: &TestApp, client: &reqwest::Client, res: reqwest::Response) -> String {
    assert_eq!(res.status(), 303);
    let to = res.headers()["location"].to_str().unwrap().to_string();
    let (status, page) = app.get_html(client, &to).await;
    assert_eq!(status, 200);
    text(&page, "[data-test=notice]").expect("the import's notice")
}

#[tokio::test]
async fn an_h9_file_becomes_a_tournament_with_its_players() {
    let Some(fixtures) = common::shared_fixtures() else {
        println!("skipped: ../shared/fixtures not found");
        return;
    };
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let h9 = std::fs::read(fixtures.join("egf-results/Tournoi_de_Juvisy.h9")).unwrap();
    let players = String::from_utf8_lossy(&h9)
        .lines()
        .filter(|l| !l.starts_with(';') && !l.trim().is_empty())
        .count();
    let res = upload(&app, &org, h9, "juvisy", "en").await;
    assert_eq!(
        imported(&app, &org, res).await,
        format!("Tournament imported: {players} players, 4 rounds.")
    );
    let (_, page) = app.get_html(&org, "/t/juvisy/players").await;
    let listed = page.root_element().text().collect::<String>();
    // ISO-8859-15 in the file, read as such.
    assert!(listed.contains("Minieri") && listed.contains("François"));
    let visitor = app.new_client();
    let (status, _) = app.get_html(&visitor, "/t/juvisy/rounds/4").await;
    assert_eq!(status, 200, "the played rounds come published");
}

/// A real MacMahon 3.10 file (issue 33): its players and round 1 come in,
/// what Tengen has no place for is listed before the tournament, and the
/// MacMahon download reads back to the same tournament.
#[tokio::test]
async fn a_macmahon_file_becomes_a_tournament_and_downloads_back() {
    let Some(fixtures) = common::shared_fixtures() else {
        println!("skipped: ../shared/fixtures not found");
        return;
    };
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let xml = std::fs::read(fixtures.join("macmahon/tesuji-09_-_9x9_A.xml")).unwrap();
    let file = tengen::core::formats::macmahon::import_bytes(&xml)
        .unwrap()
        .tournament;
    let res = upload(&app, &org, xml, "", "ru").await;
    assert_eq!(res.status(), 200, "a page of what was not carried over");
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let players = file.players().len();
    assert_eq!(
        text(&page, "[data-test=import-done]").unwrap(),
        format!("Турнир импортирован: игроков — {players}, туров — 5.")
    );
    let unread = text(&page, "[data-test=import-unread]").unwrap();
    assert!(
        unread.contains(&format!("Игроков слабее 30 кю: {players}")),
        "{unread}"
    );
    let open = page
        .select(&scraper::Selector::parse("[data-test=import-open]").unwrap())
        .next()
        .unwrap()
        .attr("href")
        .unwrap()
        .to_string();
    // No short name given: one from the tournament's name.
    assert_eq!(open, "/t/09-9x9-A");
    let (_, page) = app.get_html(&org, "/t/09-9x9-A/players").await;
    let listed = page.root_element().text().collect::<String>();
    assert!(file.players().iter().all(|p| listed.contains(&p.name)));
    let (status, round) = app
        .get_html(&app.new_client(), "/t/09-9x9-A/rounds/1")
        .await;
    assert_eq!(status, 200, "the paired round comes published");
    let boards = round.root_element().text().collect::<String>();
    let first = &file.games()[0];
    assert!(boards.contains(&file.player(first.black).unwrap().name));

    let res = org
        .get(app.url("/t/09-9x9-A/export/macmahon.xml"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let written = res.bytes().await.unwrap();
    let back = tengen::core::formats::macmahon::import_bytes(&written)
        .unwrap()
        .tournament;
    let names = |t: &tengen::core::Tournament| -> Vec<String> {
        t.players().iter().map(|p| p.name.clone()).collect()
    };
    assert_eq!(names(&back), names(&file));
    assert_eq!(back.games().len(), file.games().len());
    assert_eq!(back.settings().rules.board_size, 9);

    // Every real file imports through the page: its players, its round 1.
    for (i, path) in common::macmahon_files(&fixtures).iter().enumerate() {
        let xml = std::fs::read(path).unwrap();
        let file = tengen::core::formats::macmahon::import_bytes(&xml)
            .unwrap()
            .tournament;
        let short = format!("division{i}");
        let res = upload(&app, &org, xml, &short, "en").await;
        assert_eq!(res.status(), 200, "{path:?}");
        let page = scraper::Html::parse_document(&res.text().await.unwrap());
        let done = text(&page, "[data-test=import-done]").unwrap();
        assert!(
            done.contains(&format!("{} players", file.players().len())),
            "{path:?}: {done}"
        );
        let (_, round) = app
            .get_html(&app.new_client(), &format!("/t/{short}/rounds/1"))
            .await;
        let boards = round
            .select(&scraper::Selector::parse("[data-test=board]").unwrap())
            .count();
        assert_eq!(boards, file.games().len(), "{path:?}: round 1's boards");
    }
}

/// Files no reader takes, and another program's file without players, are
/// refused in the reader's language; nothing is created.
#[tokio::test]
async fn a_file_of_no_program_or_of_no_players_is_refused_with_what_it_looks_like() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let cases: [(&[u8], &str); 4] = [
        (
            b"<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk/></gpx>",
            "первым элементом <gpx>",
        ),
        (b"(;GM[1]FF[4]SZ[19]PB[Lee]PW[Kim])", "запись партии (SGF)"),
        (
            b"<?xml version=\"1.0\"?>\n<Tournament>\n  <Foo>1</Foo>\n</Tournament>",
            "ни <Players> и <TournamentParameterSet>",
        ),
        (
            b"<?xml version=\"1.0\"?>\n<Tournament typeversion=\"9\">\n  <NumberOfRounds>5</NumberOfRounds>\n  <Name><![CDATA[Empty]]></Name>\n  <Walllist typeversion=\"3\"/>\n</Tournament>",
            "турнир без игроков",
        ),
    ];
    for (i, (bytes, words)) in cases.into_iter().enumerate() {
        let short = format!("nothing{i}");
        let res = upload(&app, &org, bytes.to_vec(), &short, "ru").await;
        assert_eq!(res.status(), 422, "case {i}");
        let page = scraper::Html::parse_document(&res.text().await.unwrap());
        let said = text(&page, "[data-test=import-error]").unwrap();
        assert!(said.contains(words), "case {i}: {said}");
        let (status, _) = app.get_html(&org, &format!("/t/{short}")).await;
        assert_eq!(status, 404, "case {i}: nothing was created");
    }
}

#[tokio::test]
async fn a_malformed_h9_file_names_its_lines_and_creates_nothing() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let h9 = "; EV[Broken Cup]
   1 Ann Lee      2D FR Pari    2+/w0    3+/b0
   2 Bob Ray      1D FR Pari    1-/b0    3x/w0
   3 Cid Sun      1K FR Pari    0+       1-/w0
   4 Dan Fox         FR Pari    0+       0+
";
    let res = upload(&app, &org, h9.as_bytes().to_vec(), "broken", "uk").await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let problems: Vec<String> = page
        .select(&scraper::Selector::parse("[data-test=import-problems] li").unwrap())
        .map(|li| li.text().collect())
        .collect();
    assert_eq!(
        problems,
        [
            "Рядок 3: Тур 2: «3x/w0» — не результат на зразок 12+/w2, 7-, 3= чи 0+.",
            "Рядок 5: У рядку немає рангу (на зразок 12k чи 3d).",
        ]
    );
    let (status, _) = app.get_html(&org, "/t/broken").await;
    assert_eq!(status, 404, "a refused file creates nothing");
}

/// A cut-off OpenGotha file and one whose game names a missing player are
/// refused in the reader's language, naming the line; nothing is created.
#[tokio::test]
async fn a_broken_opengotha_file_is_refused_in_the_readers_language_with_its_line() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let cut = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Tournament>\n<Players>\n";
    let res = upload(&app, &org, cut.as_bytes().to_vec(), "cut", "ru").await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let problems = text(&page, "[data-test=import-problems]").unwrap();
    assert!(
        problems.contains("Строка")
            && problems.contains("<Players>")
            && problems.contains("обрезан"),
        "{problems}"
    );
    let ghost = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Tournament>\n<Players>\n\
                 <Player name=\"Lee\" firstName=\"Ann\" rank=\"2D\"/>\n</Players>\n<Games>\n\
                 <Game roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"LEEANN\" blackPlayer=\"NOBODYHERE\" result=\"RESULT_WHITEWINS\"/>\n\
                 </Games>\n</Tournament>\n";
    let res = upload(&app, &org, ghost.as_bytes().to_vec(), "ghost", "uk").await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let problems = text(&page, "[data-test=import-problems]").unwrap();
    assert!(
        problems.contains("Рядок 7") && problems.contains("NOBODYHERE"),
        "{problems}"
    );
    for short in ["cut", "ghost"] {
        let (status, _) = app.get_html(&org, &format!("/t/{short}")).await;
        assert_eq!(status, 404, "a refused file creates nothing");
    }
}

/// A 2 MB file of nested elements is no tournament: it is refused in under
/// a second, naming the limit, while the server keeps answering others. Reading it used to
/// take a core for seconds on an async worker (the reader scanned the open
/// elements for every element), and two such uploads stalled `/healthz`.
#[tokio::test]
async fn a_deeply_nested_file_is_refused_while_the_server_keeps_answering() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let depth = 2 * 1024 * 1024 / 7;
    let nested = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Tournament>{}{}</Tournament>",
        "<a>".repeat(depth),
        "</a>".repeat(depth)
    );
    let first = upload(&app, &org, nested.clone().into_bytes(), "nested1", "en");
    let second = upload(&app, &org, nested.into_bytes(), "nested2", "en");
    let health = async {
        let mut answered = 0;
        for _ in 0..10 {
            let res = app
                .new_client()
                .get(app.url("/healthz"))
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 200);
            answered += 1;
        }
        answered
    };
    let started = std::time::Instant::now();
    let (first, second, answered) = tokio::join!(first, second, health);
    let took = started.elapsed();
    assert_eq!(answered, 10);
    // Both refused in under a second (about 20 ms in a debug build here;
    // the reader that scanned its stack took 13 s for one 1.4 MB file).
    assert!(took < std::time::Duration::from_secs(1), "took {took:?}");
    for res in [first, second] {
        assert_eq!(res.status(), 422);
        let page = scraper::Html::parse_document(&res.text().await.unwrap());
        let problems = text(&page, "[data-test=import-problems]").unwrap();
        assert!(problems.contains("nested more than 32"), "{problems}");
    }
}

/// Issue 29, item 8: 490,000 empty elements OpenGotha never writes (within
/// the element limit) made an empty tournament; they are refused, said in
/// the reader's language, and nothing is stored.
#[tokio::test]
async fn a_file_of_empty_foreign_elements_is_refused_not_imported_empty() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let junk = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Tournament>{}</Tournament>",
        "<a/>".repeat(490_000)
    );
    let res = upload(&app, &org, junk.into_bytes(), "junk", "uk").await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let problems = text(&page, "[data-test=import-problems]").unwrap();
    assert!(
        problems.contains("яких OpenGotha не пише (наприклад, <a>)"),
        "{problems}"
    );
    let (status, _) = app.get_html(&org, "/t/junk").await;
    assert_eq!(status, 404, "no empty tournament was made");
}

#[tokio::test]
async fn a_file_of_more_players_than_a_tournament_holds_is_refused_naming_the_limit() {
    let Some(fixtures) = common::shared_fixtures() else {
        println!("skipped: ../shared/fixtures not found");
        return;
    };
    let app = TestApp::start_with(tengen::config::WebConfig {
        limits: tengen::core::command::Limits { players: 500 },
        ..Default::default()
    })
    .await;
    let org = app.organiser("org").await;
    let file = std::fs::read(fixtures.join("opengotha/egc2013.xml")).unwrap();
    let res = upload(&app, &org, file, "egc", "ru").await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let problems = text(&page, "[data-test=import-problems]").unwrap();
    assert!(
        problems.contains("не более 500 игроков") && problems.contains("594"),
        "{problems}"
    );
    let (status, _) = app.get_html(&org, "/t/egc").await;
    assert_eq!(status, 404, "nothing of the file was stored");
}

/// A name with a control character in a tournament file loses the
/// character, not the import: no page or exported file may carry one.
#[tokio::test]
async fn control_characters_in_an_imported_name_are_dropped() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let file = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Tournament>\n<Players>\n\
                <Player name=\"Lee\u{7}\" firstName=\"Ann\u{1b}\" rank=\"2D\"/>\n</Players>\n</Tournament>\n";
    let res = upload(&app, &org, file.as_bytes().to_vec(), "bell", "en").await;
    imported(&app, &org, res).await;
    let (_, page) = app.get_html(&org, "/t/bell/players").await;
    let html = page.html();
    assert!(html.contains("Lee"), "the player is imported");
    assert!(
        !html.contains('\u{7}') && !html.contains('\u{1b}'),
        "{html}"
    );
}

/// Issue 29, item 4: an imported name or club beyond the player form's
/// limit refuses the file (nothing is stored beyond it), and a direction
/// override, invisible as a control character is, is dropped.
#[tokio::test]
async fn an_imported_name_beyond_the_limit_refuses_the_file_and_overrides_are_dropped() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let file = |name: &str, club: &str| {
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Tournament>\n<Players>\n\
             <Player name=\"{name}\" firstName=\"Ann\" club=\"{club}\" rank=\"2D\"/>\n\
             </Players>\n</Tournament>\n"
        )
    };
    for (short, name, club) in [
        ("longname", "L".repeat(10_000), "Kyiv".to_string()),
        ("longclub", "Lee".to_string(), "C".repeat(5_000)),
    ] {
        let res = upload(&app, &org, file(&name, &club).into_bytes(), short, "en").await;
        assert_eq!(res.status(), 422, "{short}");
        let page = scraper::Html::parse_document(&res.text().await.unwrap());
        let problems = text(&page, "[data-test=import-problems]").unwrap();
        assert!(problems.contains("60"), "the limit is named: {problems}");
        let (status, _) = app.get_html(&org, &format!("/t/{short}")).await;
        assert_eq!(status, 404, "{short} was not created");
    }
    let res = upload(
        &app,
        &org,
        file("Lee\u{202E}", "Kyiv").into_bytes(),
        "rlo",
        "en",
    )
    .await;
    imported(&app, &org, res).await;
    let (_, page) = app.get_html(&org, "/t/rlo/players").await;
    assert!(page.html().contains("Lee") && !page.html().contains('\u{202E}'));
}
