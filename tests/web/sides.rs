//! Issue 34, item 6: a pair go side through the player form. Its edit form
//! carries back every value the form requires (the members' f and m), so
//! saving it unchanged saves; a side with the man listed first is refused
//! with the article that puts the woman first (RFG code App. 4 §3.3).

use crate::common;

use common::{TestApp, text};

const FORM: &str = "[data-test=player-form]";

#[tokio::test]
async fn a_sides_edit_form_saves_unchanged_and_a_man_listed_first_is_refused() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let pair_go = [
        ("name", "Pairs"),
        ("short_name", "pairs"),
        ("-use_presets", ""),
        ("sides", "pair_go"),
    ];
    let created = app.create_tournament_with(&org, &pair_go).await;
    assert_eq!(created.status(), 303);
    let side = [("members", "Ivanova Anna, 2150, ж\nPetrov Boris, 1k, м")];
    let res = app.register(&org, "pairs", &side).await;
    assert_eq!(res.status(), 303);

    let res = app
        .submit(
            &org,
            "/t/pairs/players/1/edit",
            FORM,
            "/t/pairs/players/1",
            &[],
        )
        .await;
    assert_eq!(res.status(), 303, "the side saved unchanged");

    let man_first = [("members", "Petrov Boris, 1k, m\nKozlova Olga, 1950, f")];
    let res = app.register(&org, "pairs", &man_first).await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let said = text(&page, "[data-test=members-error]").expect("said at the members");
    assert!(said.contains("§3.3"), "{said}");
}
