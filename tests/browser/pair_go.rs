//! A pair go event on a phone (RFG code App. 4 §3): sides registered with
//! their members, a side of three refused, the handicap from the members'
//! mean ratings, the order of play on the referee's board page, and a move
//! out of order ruled on from the claim.

use crate::common;

use common::TestApp;
use common::browser::Browser;

/// The page fits the phone and loaded without a console error, but for
/// the `expected` status of a refused form.
async fn fits(phone: &Browser, what: &str, expected: Option<&str>) {
    assert_eq!(phone.overflow().await, 0, "{what}: wider than the phone");
    let errors: Vec<_> = phone
        .log()
        .await
        .into_iter()
        .filter(|(level, message)| {
            level == "SEVERE" && !expected.is_some_and(|status| message.contains(status))
        })
        .collect();
    assert!(errors.is_empty(), "{what}: console errors {errors:?}");
}

#[tokio::test]
async fn a_pair_go_game_gets_its_handicap_from_mean_ratings_and_the_referee_rules_on_move_order() {
    let Some(phone) = Browser::start(360, 800).await else {
        return;
    };
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let created = app
        .create_tournament_with(
            &org,
            &[
                ("name", "Pair Go Cup"),
                ("short_name", "pairs"),
                ("time_zone", "Europe/Moscow"),
                ("-use_presets", ""),
                ("sides", "pair_go"),
            ],
        )
        .await;
    assert_eq!(created.status(), 303);

    phone.log_in(&app, "org").await;

    // A side of three is no pair: refused, with what was typed kept.
    phone.goto(&app.url("/t/pairs/players/new")).await;
    phone
        .fill(
            "#members",
            "Ivanova Anna, 2150\nPetrov Boris, 1k\nSidorov Ivan, 3k",
        )
        .await;
    phone
        .submit("[data-test=player-form] button[type=submit]")
        .await;
    assert!(phone.count("[data-test=members-error]").await == 1);
    assert!(phone.text("#members").await.contains("Sidorov"));
    fits(&phone, "refused side", Some("422")).await;
    phone.screenshot("pair-go-refused-360").await;

    // Means 2075 and 1950: 1.25 stones, rounded up to 2 (§3.7.5).
    for members in [
        "Ivanova Anna, 2150, f\nPetrov Boris, 1k, m",
        "Kozlova Olga, 1950, f\nSmirnov Ivan, 1950, m",
    ] {
        phone.goto(&app.url("/t/pairs/players/new")).await;
        phone.fill("#members", members).await;
        phone
            .submit("[data-test=player-form] button[type=submit]")
            .await;
        assert_eq!(phone.count("[data-test=members-error]").await, 0);
    }
    phone.goto(&app.url("/t/pairs/players")).await;
    let players = phone.text("main").await;
    assert!(players.contains("Ivanova Anna & Petrov Boris"), "{players}");
    fits(&phone, "players", None).await;

    phone.goto(&app.url("/t/pairs/rounds")).await;
    phone.submit("[data-test=pair-next]").await;
    phone
        .goto(&app.url("/t/pairs/referee/rounds/1/boards/1"))
        .await;
    let order = phone.texts("[data-test=order-of-play] li").await;
    // Two stones: Black's woman placed them, so White's woman moves first,
    // then Black's man, White's man, Black's woman (§3.3, §3.7.4).
    assert_eq!(
        order,
        [
            "⚪ Ivanova Anna",
            "⚫ Smirnov Ivan",
            "⚪ Petrov Boris",
            "⚫ Kozlova Olga"
        ]
    );
    fits(&phone, "board page", None).await;
    phone.screenshot("pair-go-board-360").await;

    // Black's man moved out of turn; claimed at once, the move before in
    // order: three points (§3.6.4), recorded against Black.
    phone.click("[data-test=order-of-play] summary").await;
    phone
        .click("[data-test=order-error-form] input[name=player][value=black]")
        .await;
    phone
        .click("[data-test=order-error-form] input[name=immediately]")
        .await;
    phone
        .click("[data-test=order-error-form] input[name=previous_in_order]")
        .await;
    phone.fill("#order-reason", "Ivan played Olga's move").await;
    phone.submit("[data-test=order-error-submit]").await;
    let status = phone.text("[data-test=board-status]").await;
    assert!(status.contains("−3"), "{status}");

    // A claim made too late records nothing and says why.
    phone.click("[data-test=order-of-play] summary").await;
    phone
        .click("[data-test=order-error-form] input[name=player][value=white]")
        .await;
    phone.fill("#order-reason", "late claim").await;
    phone.submit("[data-test=order-error-submit]").await;
    let said = phone.text("[data-test=referee-error]").await;
    assert!(said.contains("§3.6.1"), "{said}");
    fits(&phone, "order ruling", Some("422")).await;
}
