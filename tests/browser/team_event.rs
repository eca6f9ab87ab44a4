//! A team event run on a phone: six teams of three boards registered, a
//! captain's line-up through the private link (a bad one refused with its
//! article), the teams paired board by board, results entered, and the team
//! standings read.

use crate::common;

use common::TestApp;
use common::browser::Browser;

const TEAMS: u32 = 6;
const BOARDS: u32 = 3;

/// The browser's console errors since the last look.
async fn severe(browser: &Browser) -> Vec<(String, String)> {
    browser
        .log()
        .await
        .into_iter()
        .filter(|(level, _)| level == "SEVERE")
        .collect()
}

/// The page fits the phone and loaded without a console error.
async fn fits(phone: &Browser, what: &str) {
    assert_eq!(phone.overflow().await, 0, "{what}: wider than the phone");
    assert!(severe(phone).await.is_empty(), "{what}: console error");
}

/// Player `n` (from 1) of team `team` (from 0): registered in team order.
fn member(team: u32, n: u32) -> u32 {
    team * BOARDS + n
}

#[tokio::test]
async fn a_six_team_three_board_event_runs_from_line_ups_to_team_standings_on_a_phone() {
    let Some(phone) = Browser::start(360, 800).await else {
        return;
    };
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    // Even games, as team events mostly are: a line-up may then change
    // after the pairing (with handicaps it asks for a new pairing).
    let even = [
        ("name", "Team League"),
        ("short_name", "league"),
        ("time_zone", "Europe/Kyiv"),
        ("-use_presets", ""),
        ("handicap_ceiling", "0"),
    ];
    let created = app.create_tournament_with(&org, &even).await;
    assert_eq!(created.status(), 303);
    for team in 0..TEAMS {
        for n in 1..=BOARDS {
            let name = format!("Team{}Player{n}", team + 1);
            let rank = format!("{}k", team + n);
            let changes = [("name", name.as_str()), ("rank", rank.as_str())];
            let res = app.register(&org, "league", &changes).await;
            assert_eq!(res.status(), 303, "register {name}");
        }
    }

    phone.log_in(&app, "org").await;
    phone.goto(&app.url("/t/league/teams/manage")).await;
    phone.fill("#boards", &BOARDS.to_string()).await;
    // Placed as the RFG code places teams (App. 4 §1.6).
    phone.select("#placement", "rfg").await;
    phone
        .submit("[data-test=team-settings] button[type=submit]")
        .await;
    for team in 0..TEAMS {
        phone
            .fill("#team-name", &format!("Club {}", team + 1))
            .await;
        for n in 1..=BOARDS {
            phone.click(&format!("#member-{}", member(team, n))).await;
        }
        let captain = member(team, 1);
        phone
            .click(&format!("input[name=captain][value=\"{captain}\"]"))
            .await;
        phone
            .submit("[data-test=team-form] button[type=submit]")
            .await;
        assert_eq!(phone.count("[data-test=team]").await, team as usize + 1);
    }
    assert_eq!(phone.count("[data-test=candidate]").await, 0, "all placed");
    fits(&phone, "teams").await;
    phone.screenshot("team-event-manage-360").await;

    // The organiser issues Club 1's captain the private link from the
    // Teams page, and the captain submits the round 1 line-up with it.
    phone
        .submit("[data-test=team][data-number=\"1\"] [data-test=captain-link]")
        .await;
    let link = phone.text("[data-test=player-link] code").await;
    let token: String = link
        .split("/p/")
        .nth(1)
        .expect("the page shows the private link")
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    phone.goto(&app.url(&format!("/p/{token}"))).await;
    phone.submit("[data-test=captain-line-up]").await;
    assert_eq!(
        phone.count("[data-test=board-choice]").await,
        BOARDS as usize
    );
    phone.select("#board-2", "1").await;
    phone.select("#board-1", "1").await;
    phone
        .submit("[data-test=line-up-form] button[type=submit]")
        .await;
    let refused = phone.text("[data-test=line-up-problems]").await;
    assert!(refused.contains("RFG App. 4 §1.2"), "{refused}");
    // The refusal's status (422) is the one console line expected here.
    let logged = severe(&phone).await;
    assert!(logged.iter().all(|(_, m)| m.contains("422")), "{logged:?}");
    phone.select("#board-1", "2").await;
    phone
        .submit("[data-test=line-up-form] button[type=submit]")
        .await;
    assert!(phone.count("[data-test=line-up-problems]").await == 0);
    fits(&phone, "captain's line-up").await;
    phone.screenshot("team-event-line-up-360").await;

    // The organiser pairs round 1: three matches, nine boards.
    phone.goto(&app.url("/t/league/rounds")).await;
    phone.submit("[data-test=pair-next]").await;
    app.post_ok(&org, "/t/league/rounds/1/publish", &[]).await;
    phone
        .goto(&app.url("/t/league/teams/1/lineup?round=1"))
        .await;
    assert!(
        !phone.text("[data-test=opponent]").await.is_empty(),
        "the captain sees the opposing team"
    );
    // The referee starts the round; the captain's change that follows is
    // taken, reseats the boards, and is flagged to the referee as late.
    phone.goto(&app.url("/t/league/referee/rounds/1")).await;
    phone.submit("[data-test=start-round]").await;
    phone.goto(&app.url(&format!("/p/{token}/lineup"))).await;
    phone.select("#board-1", "1").await;
    phone.select("#board-2", "2").await;
    phone
        .submit("[data-test=line-up-form] button[type=submit]")
        .await;
    assert_eq!(
        phone.count("[data-test=line-up-status].late").await,
        1,
        "after the start, the 15-minute deadline has passed"
    );
    phone.goto(&app.url("/t/league/referee/rounds/1")).await;
    assert!(
        phone
            .text("[data-test=late-line-ups]")
            .await
            .contains("Club 1")
    );
    fits(&phone, "referee's round").await;
    phone.goto(&app.url("/t/league/rounds/1")).await;
    fits(&phone, "round 1").await;
    phone.goto(&app.url("/t/league/teams/sheets?round=1")).await;
    assert_eq!(phone.count("[data-test=match-sheet]").await, 3);
    assert_eq!(phone.count("[data-test=sheet-board]").await, 9);
    fits(&phone, "match sheets").await;
    let pdf = phone.print_a4().await;
    std::fs::write(
        std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("match-sheets.pdf"),
        pdf,
    )
    .unwrap();

    // White wins every board: the team with White on board 1 wins 2–1.
    phone.goto(&app.url("/t/league/rounds/1/results")).await;
    for board in 1..=TEAMS / 2 * BOARDS {
        phone.fill(&format!("#board_{board}"), "w").await;
    }
    phone
        .submit("[data-test=results-table] button[type=submit]")
        .await;
    let heads = [
        ("en", "Team", ["TP", "H2H", "BDW", "SOST"]),
        ("ru", "Команда", ["Очки", "Личн. встр.", "Доски", "SOST"]),
        ("uk", "Команда", ["Очки", "Особ. зустр.", "Дошки", "SOST"]),
    ];
    for (lang, team, criteria) in heads {
        phone.goto(&app.url(&format!("/language/{lang}"))).await;
        phone.goto(&app.url("/t/league/teams")).await;
        assert_eq!(
            phone
                .text("[data-test=team-standings] th:nth-child(2)")
                .await,
            team
        );
        // The RFG's criteria in its order, headed in the reader's words
        // (on a phone all but the first two sit behind "all columns").
        let shown = phone
            .client
            .execute(
                "return [...document.querySelectorAll('[data-test=team-standings] th abbr')].map(a => a.textContent)",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(shown, serde_json::json!(criteria), "{lang}");
        assert_eq!(phone.count("[data-test=team-row]").await, TEAMS as usize);
        assert_eq!(phone.count("[data-test=team-match]").await, 3);
        assert_eq!(phone.count("[data-test=team-board]").await, 9);
        assert_eq!(
            phone.count("[data-test=board-table]").await,
            BOARDS as usize,
            "individual standings, one table per board"
        );
        fits(&phone, &format!("team standings, {lang}")).await;
        phone
            .screenshot(&format!("team-event-standings-360-{lang}"))
            .await;
        phone.goto(&app.url("/t/league/teams/manage")).await;
        fits(&phone, &format!("teams, {lang}")).await;
        phone.goto(&app.url(&format!("/p/{token}/lineup"))).await;
        fits(&phone, &format!("line-up, {lang}")).await;
    }
    phone.goto(&app.url("/t/league/teams")).await;
    let mut points: Vec<String> = phone.texts("[data-test=team-row] td:nth-child(3)").await;
    points.sort();
    assert_eq!(
        points,
        ["0", "0", "0", "2", "2", "2"],
        "three matches won 2–1"
    );
}
