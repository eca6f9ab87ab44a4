//! A 360 px phone: what a player looks for is on the screen without sideways
//! scrolling, and a long name wraps instead of widening the page.

use crate::common;

use common::TestApp;
use common::browser::Browser;

/// A name with no space to break at, as long as a name may be (60
/// characters) and far wider than a phone.
const LONG_NAME: &str = "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaf";

/// Twelve players, one of them with [`LONG_NAME`] and a long club name, and
/// round 1 paired and published.
async fn published_round(app: &TestApp) {
    let org = app.organiser("org").await;
    let ranks = ["3d", "1d", "1k", "2k", "4k", "6k"];
    let names: Vec<String> = (0..12)
        .map(|i| match i {
            0 => LONG_NAME.to_string(),
            _ => format!("Player{i:02}"),
        })
        .collect();
    let players: Vec<(&str, &str)> = names
        .iter()
        .map(String::as_str)
        .zip(ranks.into_iter().cycle())
        .collect();
    let club = ("club", "Київський міський клуб спортивної гри ґо «Сенте»");
    app.tournament(&org, "phone")
        .called("Phone Cup")
        .roster(&players)
        .player_fields(&[("first_name", "Mobile"), club])
        .published_round()
        .await;
}

/// The text of each element matching `css`, and whether it is shown whole
/// on the screen; a cell laid out as its contents alone (the phone's result
/// cell) has no box of its own and is left to its contents.
async fn on_screen(browser: &Browser, css: &str) -> Vec<(String, bool)> {
    let found = browser
        .client
        .execute(
            "return [...document.querySelectorAll(arguments[0])]
               .filter(e => getComputedStyle(e).display !== 'contents')
               .map(e => {
               const r = e.getBoundingClientRect();
               return [e.textContent.trim(), r.width > 0 && r.left >= 0 && r.right <= window.innerWidth];
             })",
            vec![serde_json::json!(css)],
        )
        .await
        .unwrap();
    serde_json::from_value(found).unwrap()
}

/// The texts of the elements matching `css` that are shown whole on the screen.
async fn shown(browser: &Browser, css: &str) -> Vec<String> {
    on_screen(browser, css)
        .await
        .into_iter()
        .filter_map(|(text, shown)| shown.then_some(text))
        .collect()
}

#[tokio::test]
async fn public_pages_fit_a_phone_in_every_language_with_a_long_name() {
    let Some(phone) = Browser::start(360, 740).await else {
        return;
    };
    let app = TestApp::start().await;
    published_round(&app).await;

    for lang in ["en", "ru", "uk"] {
        phone
            .goto(&app.url(&format!("/language/{lang}?back=/")))
            .await;
        for path in [
            "/t/phone",
            "/t/phone/players",
            "/t/phone/players/1/games",
            "/t/phone/rounds/1",
            "/t/phone/standings",
            "/t/phone/crosstable",
        ] {
            phone.goto(&app.url(path)).await;
            assert_eq!(
                phone.overflow().await,
                0,
                "{lang} {path} is wider than the phone"
            );
        }
    }
    phone.client.clone().close().await.unwrap();
}

#[tokio::test]
async fn on_a_phone_every_board_shows_names_ranks_handicap_komi_and_result_on_screen() {
    let Some(phone) = Browser::start(360, 740).await else {
        return;
    };
    let app = TestApp::start().await;
    published_round(&app).await;

    phone.goto(&app.url("/t/phone/rounds/1")).await;
    assert_eq!(phone.count("[data-test=board]").await, 6);
    let cells = "[data-test=board] td, [data-test=board] small, [data-test=result]";
    let cut: Vec<_> = on_screen(&phone, cells)
        .await
        .into_iter()
        .filter(|(_, shown)| !shown)
        .collect();
    assert_eq!(cut, vec![], "cells hidden or cut off");
    let boards = phone.texts("[data-test=board]").await;
    assert!(
        boards.iter().any(|b| b.contains(LONG_NAME)),
        "the long name is shown whole: {boards:?}"
    );
    phone.client.clone().close().await.unwrap();
}

#[tokio::test]
async fn on_a_phone_standings_show_place_name_and_first_criteria_and_the_rest_after_a_tap() {
    let Some(phone) = Browser::start(360, 740).await else {
        return;
    };
    let app = TestApp::start().await;
    published_round(&app).await;

    phone.goto(&app.url("/t/phone/standings")).await;
    let headings = "[data-test=standings] th";
    let all: Vec<String> = on_screen(&phone, headings)
        .await
        .into_iter()
        .map(|(text, _)| text)
        .collect();
    let first = shown(&phone, headings).await;
    assert_eq!(
        first.len(),
        4,
        "place, name and two criteria: {first:?} of {all:?}"
    );
    assert!(all.len() > 4, "{all:?}");

    // Every column is there after the tap; the table may then scroll in its box.
    phone.click("#all-columns").await;
    let displayed = phone
        .client
        .execute(
            "return [...document.querySelectorAll(arguments[0])]
               .filter(e => getComputedStyle(e).display !== 'none').length",
            vec![serde_json::json!(headings)],
        )
        .await
        .unwrap();
    assert_eq!(displayed.as_u64(), Some(all.len() as u64));
    assert_eq!(phone.overflow().await, 0);
    phone.client.clone().close().await.unwrap();
}

/// The referee's board page with every incident form open (a neutralised
/// clock, premature passes, an illegal move, a disturbed position, a clock
/// correction) fits a 360 px phone in every language, and a neutralisation
/// is recorded with taps alone. Screenshots: `board-incidents-{lang}.png`.
#[tokio::test]
async fn the_referees_incident_forms_fit_a_phone_and_record_with_taps() {
    let Some(phone) = Browser::start(360, 5600).await else {
        return;
    };
    let app = TestApp::start().await;
    published_round(&app).await;
    let org = app.signed_in("org").await;
    let territory = [
        ("rules_profile", "JapaneseTerritory"),
        ("overtime", "sudden_death"),
    ];
    let res = app.change_settings(&org, "phone", &territory).await;
    assert_eq!(res.status(), 303, "territory scoring, finite thinking time");

    phone.log_in(&app, "org").await;
    let board = app.url("/t/phone/referee/rounds/1/boards/1");
    for lang in ["en", "ru", "uk"] {
        phone
            .goto(&app.url(&format!("/language/{lang}?back=/")))
            .await;
        phone.goto(&board).await;
        phone
            .client
            .execute(
                "document.querySelectorAll('details').forEach(d => d.open = true)",
                vec![],
            )
            .await
            .unwrap();
        for form in [
            "neutralisation-form",
            "premature-passes-form",
            "illegal-move-form",
            "disturbance-form",
            "clock-correction-form",
        ] {
            assert_eq!(
                phone.count(&format!("[data-test={form}]")).await,
                1,
                "{form}"
            );
        }
        assert_eq!(phone.overflow().await, 0, "{lang}: wider than the phone");
        phone.screenshot(&format!("board-incidents-{lang}")).await;
    }

    phone.goto(&app.url("/language/en?back=/")).await;
    phone.goto(&board).await;
    phone.click("[data-test=neutralisation] summary").await;
    phone
        .select("[data-test=neutralisation-reason]", "clock_malfunction")
        .await;
    phone.submit("[data-test=neutralisation-submit]").await;
    let log = phone.text("[data-test=board-incidents]").await;
    assert!(log.contains("clock malfunction"), "{log}");
    phone.client.clone().close().await.unwrap();
}
