//! Issue 34: a knockout's bracket on a phone, in Russian and Ukrainian,
//! and on paper: an 8-player knockout of best-of-3 matches with its final
//! at 1–1, every tie's score and games, nothing wider than the phone.

use crate::common;

use common::TestApp;
use common::browser::Browser;
use common::knockout::{knockout, play};

#[tokio::test]
async fn the_bracket_fits_a_phone_in_russian_and_ukrainian_and_prints() {
    let Some(phone) = Browser::start(360, 800).await else {
        return;
    };
    let app = TestApp::start().await;
    let org = knockout(&app, "cup", 8, 3).await;
    // Quarter- and semi-finals go to three games each; the final stands
    // at 1–1 after two.
    play(&app, &org, "cup", 8).await;
    for round in 1..=8 {
        let path = format!("/t/cup/rounds/{round}/publish");
        app.post_ok(&org, &path, &[]).await;
    }
    for lang in ["ru", "uk"] {
        phone
            .goto(&app.url(&format!("/language/{lang}?back=/")))
            .await;
        phone.log().await;
        phone.goto(&app.url("/t/cup/bracket")).await;
        assert_eq!(phone.overflow().await, 0, "{lang}: wider than the phone");
        let errors: Vec<_> = (phone.log().await.into_iter())
            .filter(|(level, _)| level == "SEVERE")
            .collect();
        assert!(errors.is_empty(), "{lang}: {errors:?}");
        assert_eq!(phone.count("[data-test=bracket-round]").await, 3);
        assert_eq!(phone.count("[data-test=tie]").await, 4 + 2 + 1);
        phone.screenshot(&format!("bracket-{lang}-360")).await;
        // The final's round page says which game of the match it is.
        phone.goto(&app.url("/t/cup/rounds/8")).await;
        assert_eq!(
            phone.overflow().await,
            0,
            "{lang}: round 8 wider than the phone"
        );
        assert_eq!(phone.text("[data-test=match-game]").await, "2/3");
        phone.screenshot(&format!("bracket-round-{lang}-360")).await;
        phone.goto(&app.url("/t/cup/bracket")).await;
        let pdf = phone.print_a4().await;
        assert!(pdf.starts_with(b"%PDF"), "{lang}: the bracket prints");
        let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("screenshots/bracket-{lang}.pdf"));
        std::fs::write(path, pdf).unwrap();
    }
}
