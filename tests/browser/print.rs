//! Paper: pages printed to PDF by headless Chromium (WebDriver's Print Page,
//! A4), read back with poppler's `pdftotext`.

use crate::common;

use std::process::Command;

use common::TestApp;
use common::browser::Browser;
use common::cup::{self, CHIEF_REFEREE, PLAYERS};

/// A tournament of twelve players with round 1 paired and published (six
/// boards), and a browser signed in as its organiser.
async fn six_boards(app: &TestApp, browser: &Browser) {
    let org = app.organiser("org").await;
    let ranks = ["3d", "1d", "1k", "2k", "4k", "6k"];
    let names: Vec<String> = (0..12).map(|i| format!("Player{i:02}")).collect();
    let players: Vec<(&str, &str)> = names
        .iter()
        .map(String::as_str)
        .zip(ranks.into_iter().cycle())
        .collect();
    app.tournament(&org, "paper")
        .called("Paper Cup")
        .roster(&players)
        .player_fields(&[("first_name", "Paper")])
        .published_round()
        .await;

    browser.log_in(app, "org").await;
}

/// The text of each page of a PDF, or `None` (after saying why) when
/// poppler's `pdftotext` is not installed.
/// The PDF is kept as `target/tmp/print/<name>.pdf`, for a person to look at.
fn pdf_pages(name: &str, pdf: &[u8]) -> Option<Vec<String>> {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("print");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.pdf"));
    std::fs::write(&file, pdf).unwrap();
    let Ok(out) = Command::new("pdftotext").arg(&file).arg("-").output() else {
        eprintln!("skipped: the print test reads PDFs with pdftotext (apt install poppler-utils)");
        return None;
    };
    assert!(out.status.success(), "pdftotext failed on Chromium's PDF");
    // pdftotext ends every page with a form feed.
    let text = String::from_utf8(out.stdout).unwrap();
    let mut pages: Vec<String> = text.split('\u{c}').map(str::to_string).collect();
    pages.pop();
    Some(pages)
}

#[tokio::test]
async fn six_boards_of_result_slips_print_four_to_a_page_on_a4_and_letter() {
    let Some(browser) = Browser::start(1280, 900).await else {
        return;
    };
    let app = TestApp::start().await;
    six_boards(&app, &browser).await;

    browser.goto(&app.url("/t/paper/rounds/1/slips")).await;
    assert_eq!(browser.count("[data-test=slip]").await, 6);
    let Some(pages) = pdf_pages("slips", &browser.print_a4().await) else {
        return;
    };
    assert_eq!(pages.len(), 2, "four slips to a page: {pages:#?}");
    let slips_on = |page: &str| page.matches("White won").count();
    assert_eq!(
        (slips_on(&pages[0]), slips_on(&pages[1])),
        (4, 2),
        "{pages:#?}"
    );
    assert!(
        pages.iter().all(|p| !p.contains("Jigo")),
        "every board has a half-point komi, so no slip offers a jigo: {pages:#?}"
    );
    // A result sheet has the round, both names, both signatures and a
    // "played under protest" box for each player (RFG 16.8 л, 26.3 б).
    let protests = |page: &str| page.matches("under protest").count();
    assert_eq!(
        (protests(&pages[0]), protests(&pages[1])),
        (8, 4),
        "{pages:#?}"
    );
    assert!(pages[0].contains("Round 1"), "{}", pages[0]);
    // Issue 31: on US Letter too, at the print dialog's default margins,
    // four slips to a page (138 mm slips went two to a page).
    let letter = browser.print_on(fantoccini::wd::PrintSize::US_LETTER).await;
    let Some(pages) = pdf_pages("slips-letter", &letter) else {
        return;
    };
    let slips_on: Vec<usize> = pages
        .iter()
        .map(|p| p.matches("White won").count())
        .collect();
    assert_eq!(slips_on, [4, 2], "{pages:#?}");
    browser.client.clone().close().await.unwrap();
}

#[tokio::test]
async fn printed_pairings_leave_out_the_site_navigation() {
    let Some(browser) = Browser::start(1280, 900).await else {
        return;
    };
    let app = TestApp::start().await;
    six_boards(&app, &browser).await;

    for path in ["/t/paper/rounds/1/print", "/t/paper/rounds/1/print?by=name"] {
        browser.goto(&app.url(path)).await;
        let on_screen = browser.texts("header.site a, header.site button").await;
        assert!(on_screen.contains(&"Sign out".to_string()), "{on_screen:?}");
        let links = browser.texts(".no-print a").await;
        assert!(!links.is_empty(), "{path}: the links to the other lists");
        let name = if path.ends_with("name") {
            "pairings-by-name"
        } else {
            "pairings"
        };
        let Some(pages) = pdf_pages(name, &browser.print_a4().await) else {
            return;
        };
        assert_eq!(pages.len(), 1, "{path}: six boards fit one page");
        let printed = &pages[0];
        for word in on_screen.iter().chain(&links) {
            assert!(
                !printed.contains(word.as_str()),
                "{path}: {word:?} is printed: {printed}"
            );
        }
        for i in 0..12 {
            assert!(
                printed.contains(&format!("Player{i:02}")),
                "{path}: Player{i:02} is missing: {printed}"
            );
        }
    }
    browser.client.clone().close().await.unwrap();
}

#[tokio::test]
async fn printed_standings_and_crosstable_list_everyone_on_one_page_without_the_site_navigation() {
    let Some(browser) = Browser::start(1280, 900).await else {
        return;
    };
    let app = TestApp::start().await;
    six_boards(&app, &browser).await;

    for (name, path) in [
        ("standings", "/t/paper/standings"),
        ("crosstable", "/t/paper/crosstable?round=1"),
    ] {
        browser.goto(&app.url(path)).await;
        let mut on_screen = browser.texts("header.site a, header.site button").await;
        on_screen.retain(|word| word != "Tengen");
        assert!(on_screen.contains(&"Sign out".to_string()), "{on_screen:?}");
        let Some(pages) = pdf_pages(name, &browser.print_a4().await) else {
            return;
        };
        assert_eq!(pages.len(), 1, "{path}: twelve players fit one page");
        for word in &on_screen {
            assert!(
                !pages[0].contains(word.as_str()),
                "{path}: {word:?} is printed: {}",
                pages[0]
            );
        }
        for i in 0..12 {
            assert!(
                pages[0].contains(&format!("Player{i:02}")),
                "{path}: Player{i:02} is missing: {}",
                pages[0]
            );
        }
    }
    browser.client.clone().close().await.unwrap();
}

/// The page at `url` printed by Chromium's own `--print-to-pdf`, which takes
/// the paper from the page's `@page` rule (WebDriver's Print Page sets the
/// paper itself, so it cannot show a page turning to landscape); `None`
/// (after saying why) when Chromium is not installed.
async fn print_as_the_page_asks(url: &str) -> Option<Vec<u8>> {
    const CHROMIUM: &str = "/usr/bin/chromium";
    if !std::path::Path::new(CHROMIUM).exists() {
        eprintln!("skipped: printing needs Debian's chromium (apt install chromium)");
        return None;
    }
    let profile = tempfile::tempdir().unwrap();
    let pdf = profile.path().join("page.pdf");
    let args = vec![
        "--headless=new".to_string(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-dev-shm-usage".into(),
        "--no-first-run".into(),
        "--disable-background-networking".into(),
        "--no-pdf-header-footer".into(),
        format!("--user-data-dir={}", profile.path().display()),
        format!("--print-to-pdf={}", pdf.display()),
        url.to_string(),
    ];
    // The server answers on this test's runtime: Chromium waits off it.
    let status = tokio::task::spawn_blocking(move || {
        Command::new(CHROMIUM)
            .args(args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .unwrap()
    })
    .await
    .unwrap();
    assert!(status.success(), "chromium --print-to-pdf {url}");
    Some(std::fs::read(&pdf).unwrap())
}

/// The paper of a PDF's first page as `pdfinfo` names it: width and height
/// in points, and whether it is A4 either way round.
fn paper(name: &str) -> (f64, f64, bool) {
    let file = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("print")
        .join(format!("{name}.pdf"));
    let out = Command::new("pdfinfo").arg(&file).output().unwrap();
    let info = String::from_utf8(out.stdout).unwrap();
    let line = info
        .lines()
        .find_map(|l| l.strip_prefix("Page size:"))
        .unwrap_or_else(|| panic!("no page size: {info}"));
    let numbers: Vec<f64> = line
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    (numbers[0], numbers[1], line.contains("(A4)"))
}

#[tokio::test]
async fn the_final_protocol_prints_on_a4_in_russian_and_ukrainian_and_turns_to_landscape_for_seven_rounds()
 {
    let app = TestApp::start().await;
    let org = cup::cup(&app, 1).await;
    let words = |lang: &str| match lang {
        "ru" => (
            [
                "Итоговый протокол",
                "Сроки проведения",
                "Система проведения",
                "Контроль времени",
                "Судейская коллегия",
                "Главный судья",
                "Главный секретарь",
            ],
            ["Войти", "Обзор", "Скачать таблицей", "English", "Tengen"],
        ),
        _ => (
            [
                "Підсумковий протокол",
                "Дати проведення",
                "Система проведення",
                "Контроль часу",
                "Суддівська колегія",
                "Головний суддя",
                "Головний секретар",
            ],
            [
                "Увійти",
                "Огляд",
                "Завантажити таблицею",
                "English",
                "Tengen",
            ],
        ),
    };
    // One round and three criteria fit a portrait page; seven rounds do not.
    for (rounds, landscape) in [(1, false), (7, true)] {
        for round in 2..=rounds {
            cup::play_round(&app, &org, round).await;
        }
        for lang in ["ru", "uk"] {
            let url = app.url(&format!("/t/kubok/protocol?lang={lang}"));
            let Some(pdf) = print_as_the_page_asks(&url).await else {
                return;
            };
            let name = format!("protocol-{lang}-{rounds}-rounds");
            let Some(pages) = pdf_pages(&name, &pdf) else {
                return;
            };
            let (width, height, a4) = paper(&name);
            assert!(a4, "{name}: {width}×{height} pt is not A4");
            assert_eq!(width > height, landscape, "{name}: {width}×{height} pt");
            let printed = pages.join("\n");
            let (heading, navigation) = words(lang);
            for word in heading
                .iter()
                .chain(&["Кубок Києва", CHIEF_REFEREE])
                .chain(&PLAYERS)
            {
                assert!(
                    printed.contains(word),
                    "{name}: {word:?} is missing: {printed}"
                );
            }
            for word in navigation {
                assert!(
                    !printed.contains(word),
                    "{name}: {word:?} is printed: {printed}"
                );
            }
        }
    }
}
