//! The final protocol over HTTP: who sees which rounds, the language chosen
//! per download, the spreadsheet file, and the referee panel in the settings.

use crate::common;

use common::TestApp;
use common::cup::{self, CHIEF_REFEREE, CHIEF_SECRETARY, PLAYERS, REFEREE};
use scraper::Selector;

fn texts(page: &scraper::Html, selector: &str) -> Vec<String> {
    let selector = Selector::parse(selector).unwrap();
    page.select(&selector)
        .map(|e| e.text().collect::<String>().trim().to_string())
        .collect()
}

#[tokio::test]
async fn the_csv_has_a_byte_order_mark_semicolons_and_the_names_in_cyrillic() {
    let app = TestApp::start().await;
    cup::cup(&app, 2).await;
    let visitor = app.new_client();

    let res = visitor
        .get(app.url("/t/kubok/protocol.csv?lang=uk"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "text/csv; charset=utf-8");
    assert!(
        res.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .contains("kubok-protocol-uk.csv")
    );
    let bytes = res.bytes().await.unwrap();
    assert_eq!(
        &bytes[..3],
        b"\xEF\xBB\xBF",
        "Excel needs the BOM to read UTF-8"
    );
    let text = String::from_utf8(bytes[3..].to_vec()).expect("UTF-8");
    let lines: Vec<&str> = text.split("\r\n").collect();
    assert_eq!(lines[0], "Підсумковий протокол");
    assert_eq!(lines[1], "Кубок Києва");
    assert!(lines.contains(&"Місце проведення;Київ"), "{text}");
    assert!(
        lines.contains(&"№;Місце;Прізвище;Ім’я;Ранг;Клуб, місто;Тур 1;Тур 2;MMS;SOSM;SOSOSM"),
        "{text}"
    );
    for name in PLAYERS {
        let row = lines
            .iter()
            .find(|l| l.split(';').nth(2) == Some(name))
            .unwrap_or_else(|| panic!("{name} has no row: {text}"));
        assert_eq!(row.split(';').count(), 11, "{row}");
        assert_eq!(row.split(';').nth(3), Some("Олег"));
    }
    assert!(
        lines.contains(
            &format!("Головний суддя;{CHIEF_REFEREE};суддя національної категорії").as_str()
        ),
        "{text}"
    );
    assert!(
        lines.contains(&format!("Суддя;{REFEREE};суддя першої категорії").as_str()),
        "{text}"
    );
    assert!(text.contains("вільн."), "a bye every round: {text}");

    let russian = app
        .get_text(&visitor, "/t/kubok/protocol.csv?lang=ru")
        .await;
    assert!(
        russian.starts_with("\u{feff}Итоговый протокол\r\n"),
        "{russian}"
    );
    assert!(russian.contains(&format!("\r\nГлавный секретарь;{CHIEF_SECRETARY};\r\n")));
}

#[tokio::test]
async fn visitors_read_the_protocol_over_published_rounds_and_staff_over_paired_ones() {
    let app = TestApp::start().await;
    let org = cup::cup(&app, 1).await;
    app.post_ok(&org, "/t/kubok/rounds/pair", &[]).await;
    let round_columns = |page: &scraper::Html| {
        texts(page, "[data-test=protocol-table] thead th")
            .iter()
            .filter(|t| t.parse::<u32>().is_ok())
            .count()
    };

    let (status, page) = app.get_html(&app.new_client(), "/t/kubok/protocol").await;
    assert_eq!(status, 200);
    assert_eq!(round_columns(&page), 1, "round 2 is not published");
    assert_eq!(texts(&page, "[data-test=protocol-row]").len(), 5);
    let (_, page) = app.get_html(&org, "/t/kubok/protocol").await;
    assert_eq!(round_columns(&page), 2);
}

#[tokio::test]
async fn the_protocol_is_read_in_the_language_asked_and_linked_from_standings_and_overview() {
    let app = TestApp::start().await;
    cup::cup(&app, 1).await;
    let visitor = app.new_client();

    for (lang, title, chief) in [
        ("ru", "Итоговый протокол", "Главный судья"),
        ("uk", "Підсумковий протокол", "Головний суддя"),
        ("en", "Final protocol", "Chief referee"),
    ] {
        let (status, page) = app
            .get_html(&visitor, &format!("/t/kubok/protocol?lang={lang}"))
            .await;
        assert_eq!(status, 200);
        assert_eq!(
            page.root_element().value().attr("lang"),
            Some(lang),
            "the whole page is in {lang}"
        );
        assert!(texts(&page, "h1")[0].ends_with(title));
        let panel = texts(&page, "[data-test=referee-panel]").join(" ");
        assert!(
            panel.contains(chief) && panel.contains(CHIEF_REFEREE),
            "{panel}"
        );
        let csv = Selector::parse("[data-test=protocol-csv]").unwrap();
        let href = page.select(&csv).next().unwrap().value().attr("href");
        assert_eq!(
            href,
            Some(format!("/t/kubok/protocol.csv?lang={lang}").as_str())
        );
    }
    for path in ["/t/kubok/standings", "/t/kubok"] {
        let (_, page) = app.get_html(&visitor, path).await;
        let link = Selector::parse("[data-test=protocol-link]").unwrap();
        let href = page.select(&link).next().map(|a| a.value().attr("href"));
        assert_eq!(href, Some(Some("/t/kubok/protocol")), "{path}");
    }
}

#[tokio::test]
async fn a_referee_line_without_a_name_is_refused_and_the_panel_stays_as_it_was() {
    let app = TestApp::start().await;
    let org = cup::cup(&app, 0).await;

    let res = app
        .change_settings(
            &org,
            "kubok",
            &[
                ("chief_referee", "Хтось Інший"),
                ("referees", ", суддя першої категорії"),
            ],
        )
        .await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(texts(&page, "[data-test=referees-error]").len(), 1);

    let (_, page) = app.get_html(&org, "/t/kubok/settings").await;
    let values = common::form_values(&page, "[data-test=tournament-form]");
    let value = |name: &str| {
        values
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    assert_eq!(value("chief_referee"), Some(CHIEF_REFEREE.to_string()));
    assert_eq!(
        texts(&page, "textarea[name=referees]"),
        [format!("{REFEREE}, суддя першої категорії")]
    );
}
