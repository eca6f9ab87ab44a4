//! Every page a visitor or an organiser can reach from a running tournament:
//! no broken link, `lang` on every page, a label for every form field, and
//! valid HTML by the W3C Nu checker (vnu.jar, from npm's `vnu-jar`).

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use common::TestApp;
use common::hall::{crawl, running_tournament};
use scraper::{Html, Selector};

/// Fields a person fills in, each of which must have a label.
fn unlabelled_fields(html: &str) -> Vec<String> {
    let page = Html::parse_document(html);
    let fields =
        Selector::parse("input:not([type=hidden]):not([type=submit]), select, textarea").unwrap();
    let labels = Selector::parse("label[for]").unwrap();
    let ids: BTreeSet<&str> = page
        .select(&labels)
        .filter_map(|l| l.value().attr("for"))
        .collect();
    page.select(&fields)
        .filter(|f| {
            let by_for = f.value().id().is_some_and(|id| ids.contains(id));
            let wrapped = f
                .ancestors()
                .any(|a| a.value().as_element().is_some_and(|e| e.name() == "label"));
            !by_for && !wrapped && f.value().attr("aria-label").is_none()
        })
        .map(|f| f.html())
        .collect()
}

fn vnu_jar() -> Option<PathBuf> {
    let candidates = [
        std::env::var("TENGEN_VNU_JAR").ok().map(PathBuf::from),
        Some(PathBuf::from(
            "/usr/lib/node_modules/vnu-jar/build/dist/vnu.jar",
        )),
        Some(PathBuf::from(
            "/usr/local/lib/node_modules/vnu-jar/build/dist/vnu.jar",
        )),
    ];
    let java = std::process::Command::new("java")
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success());
    java.then(|| candidates.into_iter().flatten().find(|p| p.is_file()))
        .flatten()
}

#[tokio::test]
async fn every_public_and_organiser_page_works_has_a_language_labels_and_valid_html() {
    let app = TestApp::start().await;
    let org = running_tournament(&app).await;
    let mut pages = crawl(
        &app,
        &org,
        &[
            "/",
            "/t/crawl",
            "/account",
            "/tournaments/new",
            "/tournaments/import",
        ],
    )
    .await;
    let visitor = app.new_client();
    let public = crawl(
        &app,
        &visitor,
        &["/", "/t/crawl", "/t/crawl/register", "/login"],
    )
    .await;
    assert!(
        public.contains_key("/t/crawl/rounds/1"),
        "the published round is reachable"
    );
    assert!(
        !public.contains_key("/t/crawl/rounds/2"),
        "the unpublished round is not linked for visitors"
    );
    assert!(
        pages.contains_key("/t/crawl/rounds/2/results"),
        "organisers reach result entry"
    );
    for page in [
        "/t/crawl/referee/rounds/1/boards/1",
        "/t/crawl/referee/rounds/2/boards/1/label",
        "/t/crawl/referee/players",
        "/t/crawl/referee/log",
        "/t/crawl/referee/report",
        "/t/crawl/appeals/1",
        "/t/crawl/rounds/1/boards/1/why",
    ] {
        assert!(pages.contains_key(page), "organisers reach {page}");
    }
    pages.extend(
        public
            .into_iter()
            .map(|(k, v)| (format!("{k} (visitor)"), v)),
    );
    assert!(
        pages.len() >= 20,
        "the crawl saw only {} pages",
        pages.len()
    );

    let lang = Selector::parse("html[lang]").unwrap();
    let mut problems = Vec::new();
    for (path, html) in &pages {
        if Html::parse_document(html).select(&lang).next().is_none() {
            problems.push(format!("{path}: no lang"));
        }
        for field in unlabelled_fields(html) {
            problems.push(format!("{path}: field without a label: {field}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));

    let Some(jar) = vnu_jar() else {
        println!("skipped HTML validation: needs java and vnu.jar (npm install -g vnu-jar)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut files = BTreeMap::new();
    for (i, (path, html)) in pages.iter().enumerate() {
        let file = dir.path().join(format!("page{i:03}.html"));
        std::fs::write(&file, html).unwrap();
        files.insert(file.display().to_string(), path.clone());
    }
    let out = std::process::Command::new("java")
        .arg("-jar")
        .arg(&jar)
        .args(["--format", "json", "--stdout"])
        .args(files.keys())
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("vnu prints JSON");
    let errors: Vec<String> = report["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["type"] == "error")
        .map(|m| {
            let url = m["url"].as_str().unwrap_or("").trim_start_matches("file:");
            let page = files.get(url).cloned().unwrap_or_else(|| url.to_string());
            format!("{page}: line {}: {}", m["lastLine"], m["message"])
        })
        .collect();
    assert!(
        errors.is_empty(),
        "{} HTML errors:\n{}",
        errors.len(),
        errors.join("\n")
    );
}
