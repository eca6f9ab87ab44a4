//! Referees and appeals through the web pages: each sanction's effect on
//! results, pairing and standings, result finality, and an appeal from
//! filing to decision, with the audit log holding both values.

use crate::common;

use common::api::Api;
use common::{TestApp, text};
use scraper::Selector;
use serde_json::Value;

/// An organiser with a 4-player, 3-round Swiss tournament, round 1 paired
/// and published; a referee and a committee member on its staff.
struct Hall {
    app: TestApp,
    org: reqwest::Client,
    referee: reqwest::Client,
    judge: reqwest::Client,
}

async fn hall(late_forfeit_minutes: &str) -> Hall {
    hall_under(late_forfeit_minutes, "egf").await
}

async fn hall_under(late_forfeit_minutes: &str, ruleset: &str) -> Hall {
    hall_with(late_forfeit_minutes, ruleset, &[]).await
}

/// The hall, with `settings` changed in the tournament form beside the rest.
async fn hall_with(late_forfeit_minutes: &str, ruleset: &str, settings: &[(&str, &str)]) -> Hall {
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    app.account("ref", false, false).await;
    app.account("judge", false, false).await;
    let org = app.signed_in("org").await;
    let changes = [
        ("name", "Autumn Cup"),
        ("rounds", "3"),
        ("system", "swiss"),
        ("use_presets", "on"),
        ("late_forfeit_minutes", late_forfeit_minutes),
        ("ruleset", ruleset),
    ];
    // The credentials commission's checks, which the Ukrainian rules
    // require (III.6–7, XII.4).
    let checks = [
        ("check_documents", "on"),
        ("check_medical", "on"),
        ("check_anti_doping", "on"),
    ];
    // The Ukrainian rules keep penalties to the chief referee (V.3): there
    // the hall's referee is the chief referee.
    let referee = if ruleset == "ukraine" {
        "chief_referee"
    } else {
        "referee"
    };
    app.tournament(&org, "autumn")
        .with(&changes)
        .with(settings)
        .players(4)
        .player_fields(&checks)
        .staff("ref", referee)
        .staff("judge", "appeals_member")
        .committee(
            "Judge One\nJudge Two\nJudge Three",
            "Judge Four\nJudge Five",
        )
        .published_round()
        .await;
    let referee = app.signed_in("ref").await;
    let judge = app.signed_in("judge").await;
    Hall {
        app,
        org,
        referee,
        judge,
    }
}

/// White's forfeit for using a phone, replacing the board's result.
const PHONE_FORFEIT: [(&str, &str); 4] = [
    ("act", "forfeit"),
    ("player", "white"),
    ("reason", "used a phone"),
    ("replace", "1"),
];

impl Hall {
    /// Board 1 of round 1 gets White's win, which the referee then replaces
    /// with White's forfeit for using a phone.
    async fn forfeit_white_over_a_result(&self) {
        self.app
            .post_ok(&self.org, "/t/autumn/rounds/1/results", &[("board_1", "w")])
            .await;
        // The board has a result: the forfeit replaces it once confirmed.
        assert_eq!(self.act(1, 1, &PHONE_FORFEIT).await, 303);
    }

    /// The first log entry the referee's appeal form offers to appeal.
    async fn appealable_entry(&self) -> String {
        let (_, page) = self.app.get_html(&self.referee, "/t/autumn/appeals").await;
        page.select(&Selector::parse("input[name=appealed][value^=entry]").unwrap())
            .next()
            .expect("the forfeit can be appealed")
            .value()
            .attr("value")
            .unwrap()
            .to_string()
    }

    /// The tournament's rules of play become `profile` (games already
    /// paired keep their komi).
    async fn play_under(&self, profile: &str) {
        let res = self
            .app
            .change_settings(&self.org, "autumn", &[("rules_profile", profile)])
            .await;
        assert_eq!(res.status(), 303, "rules of play {profile}");
    }

    /// A public read of the API (`path` under `/api/v1`), which must succeed.
    async fn json(&self, path: &str) -> Value {
        self.app.api().read(path).await
    }

    /// Board 1 of a round: (white no, black no, result code).
    async fn board(&self, round: u32, board: usize) -> (u64, u64, String) {
        let json = self
            .json(&format!("/tournaments/autumn/rounds/{round}"))
            .await;
        let game = &json["games"][board - 1];
        (
            game["white"]["no"].as_u64().unwrap(),
            game["black"]["no"].as_u64().unwrap(),
            game["result"].as_str().unwrap().to_string(),
        )
    }

    /// Every player's number of wins (NBW) in the standings.
    async fn wins(&self) -> Vec<(u64, String)> {
        let json = self.json("/tournaments/autumn/standings").await;
        let nbw = json["criteria"]
            .as_array()
            .unwrap()
            .iter()
            .position(|c| c == "NBW")
            .expect("Swiss ranks by NBW");
        let mut wins: Vec<(u64, String)> = json["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["no"].as_u64().unwrap(),
                    r["values"][nbw].as_str().unwrap().to_string(),
                )
            })
            .collect();
        wins.sort();
        wins
    }

    async fn wins_of(&self, player: u64) -> String {
        let wins = self.wins().await;
        wins.into_iter().find(|(no, _)| *no == player).unwrap().1
    }

    /// A referee's act on a board; returns the status.
    async fn act(&self, round: u32, board: u32, fields: &[(&str, &str)]) -> u16 {
        let path = format!("/t/autumn/referee/rounds/{round}/boards/{board}");
        self.app
            .post_form(&self.referee, &path, fields)
            .await
            .status()
            .as_u16()
    }

    async fn audit(&self, action: &str) -> Vec<(Value, Value)> {
        sqlx::query_as::<_, (Option<Value>, Option<Value>)>(
            "select before, after from audit_log where action = $1 order by at",
        )
        .bind(action)
        .fetch_all(&self.app.pool)
        .await
        .unwrap()
        .into_iter()
        .map(|(b, a)| (b.unwrap_or(Value::Null), a.unwrap_or(Value::Null)))
        .collect()
    }
}

#[tokio::test]
async fn two_warnings_to_one_player_forfeit_the_game_in_the_standings() {
    let h = hall("60").await;
    let (white, black, result) = h.board(1, 1).await;
    assert_eq!(result, "?");
    let warn = [
        ("act", "warning"),
        ("player", "black"),
        ("reason", "talked during the game"),
    ];
    assert_eq!(h.act(1, 1, &warn).await, 303);
    assert_eq!(h.board(1, 1).await.2, "?", "one warning changes nothing");
    assert_eq!(h.act(1, 1, &warn).await, 303);
    assert_eq!(
        h.board(1, 1).await.2,
        "w",
        "the second warning forfeits the game"
    );
    assert_eq!(h.wins_of(white).await, "1");
    assert_eq!(h.wins_of(black).await, "0");

    let (_, page) = h
        .app
        .get_html(&h.app.new_client(), "/t/autumn/rounds/1")
        .await;
    assert_eq!(text(&page, "[data-test=result]").unwrap(), "1-0");
    assert!(
        text(&page, "[data-test=result-note]")
            .unwrap()
            .contains("forfeit"),
        "the public pairings page says why"
    );
    let changed = h.audit("referee.warning").await;
    assert_eq!(changed.len(), 2);
    assert!(changed[1].0.to_string().contains("Unknown"));
    assert!(changed[1].1.to_string().contains("WhiteWins"));

    // A warning needs its reason; nothing is recorded without one.
    let bare = [("act", "warning"), ("player", "white"), ("reason", " ")];
    assert_eq!(h.act(1, 1, &bare).await, 422);
    assert_eq!(h.audit("referee.warning").await.len(), 2);
}

#[tokio::test]
async fn a_player_removed_from_the_tournament_is_not_paired_next_round() {
    let h = hall("60").await;
    let res = h
        .app
        .post_form(
            &h.referee,
            "/t/autumn/referee/players",
            &[
                ("act", "removal_tournament"),
                ("player", "1"),
                ("round", "2"),
                ("reason", "insulted the opponent"),
            ],
        )
        .await;
    assert_eq!(res.status(), 303);
    h.app.post_ok(&h.org, "/t/autumn/rounds/pair", &[]).await;
    h.app
        .post_ok(&h.org, "/t/autumn/rounds/2/publish", &[])
        .await;
    let round = h.json("/tournaments/autumn/rounds/2").await;
    let seated: Vec<u64> = round["games"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| [g["white"]["no"].as_u64(), g["black"]["no"].as_u64()])
        .flatten()
        .chain(round["bye"]["no"].as_u64())
        .collect();
    assert!(!seated.contains(&1), "{seated:?}");
    assert_eq!(
        seated.len(),
        3,
        "the three others are paired or get the bye"
    );
}

#[tokio::test]
async fn both_players_absent_lose_and_each_counts_it_as_a_loss() {
    let h = hall("0").await;
    let (white, black, _) = h.board(1, 1).await;
    let absent = [("act", "absent"), ("player", "both")];
    assert_eq!(
        h.act(1, 1, &absent).await,
        422,
        "lateness counts from the start of the round"
    );
    h.app
        .post_ok(&h.referee, "/t/autumn/referee/rounds/1/start", &[])
        .await;
    assert_eq!(h.act(1, 1, &absent).await, 303);
    assert_eq!(h.board(1, 1).await.2, "0!");
    assert_eq!(h.wins_of(white).await, "0");
    assert_eq!(h.wins_of(black).await, "0");
    // The other board's winner has the only win of the round.
    h.app
        .post_ok(&h.org, "/t/autumn/rounds/1/results", &[("board_2", "w")])
        .await;
    let wins = h.wins().await;
    assert_eq!(wins.iter().filter(|(_, w)| w == "1").count(), 1, "{wins:?}");
}

/// GTR "Top groups" (testable rule 70): a top-group player forfeited for
/// absence is a case the referees' players page lists until a sanction
/// records their decision; a player far below the bar is no case.
#[tokio::test]
async fn a_top_group_players_absence_waits_for_the_referees_decision() {
    let mcmahon = [("system", "mcmahon"), ("bar", "1d")];
    let h = hall_with("0", "egf", &mcmahon).await;
    h.app
        .post_ok(&h.referee, "/t/autumn/referee/rounds/1/start", &[])
        .await;
    let json = h.json("/tournaments/autumn/rounds/1").await;
    let games = json["games"].as_array().unwrap();
    let name_of = |side: &Value| side["name"].as_str().unwrap().to_string();
    for (board, game) in games.iter().enumerate() {
        let absent = [("act", "absent"), ("player", "both")];
        assert_eq!(h.act(1, board as u32 + 1, &absent).await, 303, "{game}");
    }
    let everyone: Vec<String> = games
        .iter()
        .flat_map(|g| [name_of(&g["white"]), name_of(&g["black"])])
        .collect();
    let (_, page) = h
        .app
        .get_html(&h.referee, "/t/autumn/referee/players")
        .await;
    let cases = text(&page, "[data-test=absence-cases]").unwrap();
    for name in &everyone {
        let top = name.starts_with("Alpha") || name.starts_with("Bravo");
        assert_eq!(cases.contains(name.as_str()), top, "{name}: {cases}");
    }
    let alpha = everyone
        .iter()
        .position(|n| n.starts_with("Alpha"))
        .unwrap();
    let players = h.json("/tournaments/autumn/players").await;
    let no = players["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Alpha")
        .unwrap()["no"]
        .to_string();
    let remark = [
        ("act", "remark"),
        ("player", no.as_str()),
        ("round", "1"),
        ("reason", "missed round 1 without a word"),
    ];
    let res = h
        .app
        .post_form(&h.referee, "/t/autumn/referee/players", &remark)
        .await;
    assert_eq!(res.status(), 303);
    let (_, page) = h
        .app
        .get_html(&h.referee, "/t/autumn/referee/players")
        .await;
    let cases = text(&page, "[data-test=absence-cases]").unwrap_or_default();
    assert!(!cases.contains(&everyone[alpha]), "{cases}");
    assert!(cases.contains("Bravo"), "{cases}");
}

#[tokio::test]
async fn the_forfeit_time_must_pass_before_an_absent_player_loses() {
    let h = hall("60").await;
    h.app
        .post_ok(&h.referee, "/t/autumn/referee/rounds/1/start", &[])
        .await;
    let path = "/t/autumn/referee/rounds/1/boards/1";
    let res = h
        .app
        .post_form(&h.referee, path, &[("act", "absent"), ("player", "white")])
        .await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let error = text(&page, "[data-test=referee-error]").unwrap();
    assert!(error.contains("can be forfeited from"), "{error}");
    // On the hall's clock (Europe/Kyiv), as the board page shows it, not UTC.
    let shown = text(&page, "[data-test=board-status]").unwrap();
    let at = error.split("from ").nth(1).unwrap().trim_end_matches('.');
    assert!(!at.contains("UTC") && shown.contains(at), "{at} in {shown}");
    assert_eq!(h.board(1, 1).await.2, "?");
}

#[tokio::test]
async fn an_upheld_appeal_changes_the_standings_and_the_audit_log_keeps_both_values() {
    let h = hall("60").await;
    let (white, black, _) = h.board(1, 1).await;
    h.forfeit_white_over_a_result().await;
    assert_eq!(h.wins_of(white).await, "0");
    assert_eq!(h.wins_of(black).await, "1");

    // The referee files the appeal for White, naming the forfeit (log entry 1).
    let entry = h.appealable_entry().await;
    let white_no = white.to_string();
    let res = h
        .app
        .post_form(
            &h.referee,
            "/t/autumn/appeals",
            &[
                ("player", &white_no),
                ("appealed", &entry),
                ("grounds", "the phone was the clock's timer"),
                ("affects_prizes", "yes"),
            ],
        )
        .await;
    assert_eq!(res.status(), 303);
    let appeal = res.headers()["location"].to_str().unwrap().to_string();
    let standings = h.json("/tournaments/autumn/standings").await;
    assert_eq!(standings["pending_appeals"], serde_json::json!([1]));
    let (_, page) = h
        .app
        .get_html(&h.app.new_client(), "/t/autumn/standings")
        .await;
    assert!(text(&page, "[data-test=pending-appeal]").is_some());

    // Only the committee decides: not the referee.
    let decide = [
        ("outcome", "upheld"),
        ("reasons", "a timer is not a communication device"),
        ("signed_by", "Judge One"),
        ("signed_by", "Judge Two"),
        ("signed_by", "Judge Three"),
    ];
    let res = h
        .app
        .post_form(&h.referee, &format!("{appeal}/review"), &[])
        .await;
    assert_eq!(res.status(), 403);
    h.app
        .post_ok(&h.judge, &format!("{appeal}/review"), &[])
        .await;
    // Issue 31: nobody signs until they tick their box, and a refused
    // decision comes back as it was typed.
    let ticked = |page: &scraper::Html| -> Vec<String> {
        page.select(&Selector::parse("input[name=signed_by][checked]").unwrap())
            .filter_map(|b| b.attr("value").map(str::to_string))
            .collect()
    };
    let (_, page) = h.app.get_html(&h.judge, &appeal).await;
    assert!(ticked(&page).is_empty(), "{:?}", ticked(&page));
    let unfinished = [
        ("reasons", "a timer is not a communication device"),
        ("signed_by", "Judge Two"),
        ("result", "w"),
    ];
    let res = h
        .app
        .post_form(&h.judge, &format!("{appeal}/decide"), &unfinished)
        .await;
    assert_eq!(res.status(), 422, "no outcome chosen");
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(ticked(&page), ["Judge Two"]);
    assert_eq!(
        text(&page, "#reasons").unwrap(),
        "a timer is not a communication device"
    );
    h.app
        .post_ok(&h.judge, &format!("{appeal}/decide"), &decide)
        .await;
    // And committee members cannot log sanctions.
    let res = h
        .app
        .post_form(
            &h.judge,
            "/t/autumn/referee/rounds/1/boards/1",
            &PHONE_FORFEIT,
        )
        .await;
    assert_eq!(res.status(), 403);

    assert_eq!(
        h.wins_of(white).await,
        "1",
        "the played result stands again"
    );
    assert_eq!(h.wins_of(black).await, "0");
    let standings = h.json("/tournaments/autumn/standings").await;
    assert_eq!(standings["pending_appeals"], serde_json::json!([]));
    let decided = h.audit("appeals.decide").await;
    assert_eq!(decided.len(), 1);
    assert!(
        decided[0].0.to_string().contains("BlackWins"),
        "{:?}",
        decided[0].0
    );
    assert!(
        decided[0].1.to_string().contains("WhiteWins"),
        "{:?}",
        decided[0].1
    );
    let (_, page) = h.app.get_html(&h.judge, &appeal).await;
    assert!(
        text(&page, "[data-test=appeal-status]")
            .unwrap()
            .contains("Upheld")
    );
}

#[tokio::test]
async fn a_confirmed_result_refuses_a_plain_edit_but_takes_a_correction() {
    let h = hall("60").await;
    h.app
        .post_ok(
            &h.org,
            "/t/autumn/rounds/1/results",
            &[("board_1", "w"), ("board_2", "b")],
        )
        .await;
    let confirm = [("act", "confirm"), ("confirmer", "players")];
    assert_eq!(h.act(1, 1, &confirm).await, 303);
    let res = h
        .app
        .post_form(&h.org, "/t/autumn/rounds/1/results", &[("board_1", "b")])
        .await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(
        text(&page, "[data-test=results-error]")
            .unwrap()
            .contains("locked")
    );
    assert_eq!(h.board(1, 1).await.2, "w");

    // Locking the round confirms board 2 as well; the API refuses too, in
    // the reader's language with the board and round named.
    h.app.post_ok(&h.org, "/t/autumn/rounds/1/lock", &[]).await;
    let version = h.json("/tournaments/autumn").await["version"].clone();
    let referee = h.referee_api().await.lang("uk");
    let result = serde_json::json!({"version": version, "result": "w+r"});
    let (status, body) = referee.put("/rounds/1/boards/2/result", result).await;
    assert!((400..500).contains(&status), "{status}");
    let message = body["message"].as_str().unwrap();
    assert!(!message.contains("%{"), "{message}");
    assert!(
        message.contains("Дошка 2") || message.contains("дошці 2"),
        "{message}"
    );
    assert_eq!(h.board(1, 2).await.2, "b");

    // A code that is no result is refused on the board page, with the
    // correction's section left open and what was typed kept.
    let typo = [("act", "correct"), ("result", "bx"), ("reason", "slip")];
    let res = h
        .app
        .post_form(&h.referee, "/t/autumn/referee/rounds/1/boards/1", &typo)
        .await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(text(&page, "[data-test=referee-error]").is_some());
    let open = Selector::parse("details[open] input#result[value=bx]").unwrap();
    assert!(
        page.select(&open).next().is_some(),
        "the section stays open"
    );

    // A correction with a reason changes it, and the audit keeps both values.
    let correct = [
        ("act", "correct"),
        ("result", "b"),
        ("reason", "the slip was filled in the wrong way round"),
    ];
    assert_eq!(h.act(1, 1, &correct).await, 303);
    assert_eq!(h.board(1, 1).await.2, "b");
    let corrected = h.audit("referee.correction").await;
    assert!(corrected[0].0.to_string().contains("WhiteWins"));
    assert!(corrected[0].1.to_string().contains("BlackWins"));
}

#[tokio::test]
async fn a_private_link_appeals_only_its_players_own_game_and_shows_only_their_appeals() {
    let h = hall("60").await;
    let (white, black, _) = h.board(1, 1).await;
    let link_for = |no: u64| {
        let h = &h;
        async move {
            let res = h
                .app
                .post_form(
                    &h.referee,
                    "/t/autumn/appeals/link",
                    &[("player", &no.to_string())],
                )
                .await;
            assert_eq!(res.status(), 200);
            let page = scraper::Html::parse_document(&res.text().await.unwrap());
            let link = text(&page, "[data-test=player-link] code").unwrap();
            link.strip_prefix(&h.app.base).unwrap().to_string()
        }
    };
    let black_link = link_for(black).await;
    let white_link = link_for(white).await;
    h.app
        .post_ok(&h.org, "/t/autumn/rounds/1/results", &[("board_1", "w")])
        .await;
    let player = h.app.new_client();
    // Another board is not this link's to appeal, whatever the form is sent.
    let elsewhere = [
        ("appealed", "result"),
        ("game", "1:2"),
        ("grounds", "their clock was wrong"),
    ];
    let res = h.app.post_form(&player, &black_link, &elsewhere).await;
    assert_eq!(res.status(), 403);
    let appeal = [
        ("appealed", "result"),
        ("game", "1:1"),
        ("grounds", "my opponent's flag fell first"),
    ];
    let res = h.app.post_form(&player, &black_link, &appeal).await;
    assert_eq!(res.status(), 422, "a game played on needs a protest (EGF)");
    assert_eq!(
        h.act(1, 1, &[("act", "protest"), ("player", "black")])
            .await,
        303
    );
    let res = h.app.post_form(&player, &black_link, &appeal).await;
    assert_eq!(res.status(), 303);
    let (_, page) = h.app.get_html(&player, &black_link).await;
    assert_eq!(
        page.select(&Selector::parse("[data-test=my-appeal]").unwrap())
            .count(),
        1
    );
    let (_, page) = h.app.get_html(&player, &white_link).await;
    assert_eq!(
        page.select(&Selector::parse("[data-test=my-appeal]").unwrap())
            .count(),
        0,
        "the opponent's link does not show it"
    );
    let (status, _) = h.app.get_html(&player, "/p/not-a-link").await;
    assert_eq!(status, 404);
    // The audit log says it in words (issue 31: raw field names and a Unix time).
    let (_, audit) = h.app.get_html(&h.org, "/t/autumn/audit").await;
    let filed = audit
        .select(&Selector::parse("[data-test=audit-row]").unwrap())
        .map(|row| row.text().collect::<String>())
        .find(|row| row.contains("private link"))
        .expect("the filing is in the log");
    assert!(filed.contains("Appeal no. 1"), "{filed}");
    assert!(!filed.contains("filing."), "{filed}");
}

#[tokio::test]
async fn the_chief_referees_report_lists_incidents_and_downloads_as_text() {
    let h = hall("60").await;
    let warn = [("act", "warning"), ("player", "white"), ("reason", "noise")];
    assert_eq!(h.act(1, 1, &warn).await, 303);
    let (status, page) = h.app.get_html(&h.referee, "/t/autumn/referee/report").await;
    assert_eq!(status, 200);
    let report = text(&page, "[data-test=referee-report]").unwrap();
    assert!(
        report.contains("noise") && report.contains("Judge One"),
        "{report}"
    );
    let res = h
        .referee
        .get(h.app.url("/t/autumn/referee/report?format=text"))
        .send()
        .await
        .unwrap();
    assert!(
        res.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment")
    );
    assert!(res.text().await.unwrap().contains("noise"));
    let (status, _) = h
        .app
        .get_html(&h.app.new_client(), "/t/autumn/referee/report")
        .await;
    assert_ne!(status, 200, "not for the public");
}

/// Ukrainian rules VI: every appeal decision is written and goes into the
/// chief referee's report, its downloaded text included.
#[tokio::test]
async fn an_appeal_decision_with_its_reasons_is_in_the_chief_referees_report() {
    let h = hall("60").await;
    let (white, _, _) = h.board(1, 1).await;
    h.forfeit_white_over_a_result().await;
    let entry = h.appealable_entry().await;
    let white_no = white.to_string();
    let filing = [
        ("player", white_no.as_str()),
        ("appealed", &entry),
        ("grounds", "the phone was the clock's timer"),
        ("affects_prizes", "yes"),
    ];
    let res = h
        .app
        .post_form(&h.referee, "/t/autumn/appeals", &filing)
        .await;
    assert_eq!(res.status(), 303);
    let appeal = res.headers()["location"].to_str().unwrap().to_string();
    h.app
        .post_ok(&h.judge, &format!("{appeal}/review"), &[])
        .await;
    let decide = [
        ("outcome", "rejected"),
        ("reasons", "the timer app also sends messages"),
        ("signed_by", "Judge One"),
        ("signed_by", "Judge Two"),
        ("signed_by", "Judge Three"),
    ];
    h.app
        .post_ok(&h.judge, &format!("{appeal}/decide"), &decide)
        .await;
    let (_, page) = h.app.get_html(&h.referee, "/t/autumn/referee/report").await;
    let report = text(&page, "[data-test=referee-report]").unwrap();
    assert!(
        report.contains("the timer app also sends messages"),
        "{report}"
    );
    let download = h
        .app
        .get_text(&h.referee, "/t/autumn/referee/report?format=text")
        .await;
    assert!(
        download.contains("the timer app also sends messages"),
        "{download}"
    );
}

/// RFG Code 21.5 б: a player who leaves having played fewer than half the
/// games has them annulled for the standings; the EGF rules keep them.
#[tokio::test]
async fn an_early_leavers_games_are_annulled_only_under_the_rfg_code() {
    for (ruleset, winner_keeps) in [("egf", "1"), ("rfg", "0")] {
        let h = hall_under("60", ruleset).await;
        let (white, black, _) = h.board(1, 1).await;
        h.app
            .post_ok(&h.org, "/t/autumn/rounds/1/results", &[("board_1", "b")])
            .await;
        assert_eq!(h.wins_of(black).await, "1");
        h.app
            .post_ok(&h.org, &format!("/t/autumn/players/{white}/withdraw"), &[])
            .await;
        assert_eq!(h.wins_of(black).await, winner_keeps, "{ruleset}");
        let (_, page) = h.app.get_html(&h.referee, "/t/autumn/referee/log").await;
        assert!(
            text(&page, "[data-test=incident-log]")
                .unwrap()
                .contains("left the tournament")
        );
    }
}

/// RFG 21.5 в and GTR in a Swiss, through the API: the chief referee logs
/// that a player left from round 2. Logged before round 2 is paired, the
/// leaver is not paired (the others are, with a bye); logged after, the
/// game already paired goes to the opponent by default. The leaver's wins
/// are the same either way.
#[tokio::test]
async fn a_swiss_withdrawal_logged_before_or_after_the_round_is_paired_through_the_api() {
    let mut wins = Vec::new();
    for after_pairing in [false, true] {
        let h = hall("60").await;
        let (leaver, _, _) = h.board(1, 1).await;
        h.app
            .post_ok(
                &h.org,
                "/t/autumn/rounds/1/results",
                &[("board_1", "w"), ("board_2", "b")],
            )
            .await;
        let pair = || async {
            h.app.post_ok(&h.org, "/t/autumn/rounds/pair", &[]).await;
            h.app
                .post_ok(&h.org, "/t/autumn/rounds/2/publish", &[])
                .await;
        };
        if after_pairing {
            pair().await;
        }
        h.withdraw_by_api(leaver, 2).await;
        if !after_pairing {
            pair().await;
        }
        let of_leaver = h.games_of(2, leaver).await;
        if after_pairing {
            let [game] = &of_leaver[..] else {
                panic!("the game already paired stays: {of_leaver:?}")
            };
            assert_eq!(game["result"], opponent_wins(game, leaver), "{game}");
        } else {
            assert!(
                of_leaver.is_empty(),
                "not paired once logged: {of_leaver:?}"
            );
        }
        wins.push(h.wins_of(leaver).await);
    }
    assert_eq!(wins[0], wins[1], "the leaver's wins");
}

/// RFG 21.5 в in a round robin, through the pages and the API: a player
/// who leaves having played two of three games leaves their last opponent
/// a win by default ("+"), whether the chief referee logs it before the
/// last round is paired or after; every player's wins are the same.
#[tokio::test]
async fn a_round_robin_withdrawal_gives_the_last_opponent_a_win_whenever_logged() {
    let mut outcomes = Vec::new();
    for after_pairing in [false, true] {
        let h = hall_with("60", "rfg", &[("system", "round_robin")]).await;
        let (leaver, _, _) = h.board(1, 1).await;
        let play = |round: u32| {
            let h = &h;
            async move {
                let path = format!("/t/autumn/rounds/{round}/results");
                let all = [("board_1", "w"), ("board_2", "w")];
                h.app.post_ok(&h.org, &path, &all).await;
            }
        };
        let pair = |round: u32| {
            let h = &h;
            async move {
                h.app.post_ok(&h.org, "/t/autumn/rounds/pair", &[]).await;
                let path = format!("/t/autumn/rounds/{round}/publish");
                h.app.post_ok(&h.org, &path, &[]).await;
            }
        };
        play(1).await;
        pair(2).await;
        play(2).await;
        if after_pairing {
            pair(3).await;
        }
        h.withdraw_by_api(leaver, 3).await;
        if !after_pairing {
            pair(3).await;
        }
        let game = (h.games_of(3, leaver).await.into_iter().next())
            .expect("the table keeps the leaver's last meeting");
        let expected = opponent_wins(&game, leaver);
        assert_eq!(
            game["result"], expected,
            "logged after pairing: {after_pairing}"
        );
        outcomes.push(h.wins().await);
    }
    assert_eq!(outcomes[0], outcomes[1], "every player's wins");
}

#[tokio::test]
async fn page_titles_with_a_number_read_as_people_write_them() {
    let h = hall("60").await;
    let title = |page: &scraper::Html| text(page, "title").unwrap();
    let pages = [
        ("/t/autumn/rounds/1", "Тур 1"),
        ("/t/autumn/rounds/1/results", "Результаты тура 1"),
        ("/t/autumn/rounds/1/slips", "Бланки результатов тура 1"),
        ("/t/autumn/rounds/1/print", "Тур 1"),
        ("/t/autumn/rounds/1/boards/1/why", "Тур 1, доска 1"),
        ("/t/autumn/referee/rounds/1", "Судья, тур 1"),
    ];
    h.org.get(h.app.url("/language/ru")).send().await.unwrap();
    for (path, expected) in pages {
        let (status, page) = h.app.get_html(&h.org, path).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(
            title(&page),
            format!("Autumn Cup — {expected} · Tengen"),
            "{path}"
        );
    }
    h.org.get(h.app.url("/language/uk")).send().await.unwrap();
    let (_, page) = h.app.get_html(&h.org, "/t/autumn/rounds/1/results").await;
    assert_eq!(title(&page), "Autumn Cup — Результати туру 1 · Tengen");
}

#[tokio::test]
async fn the_audit_log_reads_in_words_with_display_names_and_hall_time() {
    let h = hall("60").await;
    sqlx::query("update account set display_name = 'Olga Sudya' where username = 'ref'")
        .execute(&h.app.pool)
        .await
        .unwrap();
    h.app
        .post_ok(&h.org, "/t/autumn/rounds/1/results", &[("board_1", "w")])
        .await;
    let warn = [("act", "warning"), ("player", "black"), ("reason", "noise")];
    assert_eq!(h.act(1, 1, &warn).await, 303);
    let (status, page) = h.app.get_html(&h.org, "/t/autumn/audit").await;
    assert_eq!(status, 200);
    let rows: Vec<String> = page
        .select(&Selector::parse("[data-test=audit-row]").unwrap())
        .map(|r| r.text().collect::<Vec<_>>().join(" "))
        .collect();
    let newest = &rows[0];
    assert!(newest.contains("Olga Sudya"), "{newest}");
    assert!(
        newest.contains("Round 1, board 1: Warning to"),
        "the act in the incident log's words: {newest}"
    );
    assert!(newest.contains("noise"), "{newest}");
    // Kyiv is UTC+2 or +3: the hall's clock, not the server's.
    assert!(
        newest.contains("EET") || newest.contains("EEST"),
        "{newest}"
    );
    let results = &rows[1];
    assert!(results.contains("Results of round 1 entered"), "{results}");
    assert!(results.contains("? → 1-0"), "{results}");
    assert!(rows.iter().any(|r| r.contains("Round 1 paired (2 boards)")));
    assert!(rows.iter().any(|r| r.contains("Registered Alpha Test 3D")));
    for row in &rows {
        assert!(!row.contains('{') && !row.contains("\":"), "no JSON: {row}");
    }

    h.org.get(h.app.url("/language/ru")).send().await.unwrap();
    let (_, page) = h.app.get_html(&h.org, "/t/autumn/audit").await;
    let what = text(&page, "[data-test=audit-what]").unwrap();
    assert!(what.starts_with("Тур 1, доска 1: Предупреждение"), "{what}");
}

#[tokio::test]
async fn the_rounds_list_counts_boards_and_missing_results_in_the_readers_plural() {
    let h = hall("60").await;
    h.org.get(h.app.url("/language/ru")).send().await.unwrap();
    let (_, page) = h.app.get_html(&h.org, "/t/autumn/rounds").await;
    let line = text(&page, "[data-test=round-line]").unwrap();
    assert!(line.contains("2 доски"), "{line}");
    assert!(line.contains("не хватает 2 результатов"), "{line}");
    h.app
        .post_ok(&h.org, "/t/autumn/rounds/1/results", &[("board_1", "w")])
        .await;
    h.org.get(h.app.url("/language/en")).send().await.unwrap();
    let (_, page) = h.app.get_html(&h.org, "/t/autumn/rounds").await;
    let line = text(&page, "[data-test=round-line]").unwrap();
    assert!(line.contains("1 result missing"), "{line}");
}

/// EGF GTR "Colour or handicap error", RFG 22.1, at the referee's board
/// page: noticed late, the game is recorded as played. The pairings page,
/// the result entered afterwards, the standings and the next round's
/// colours all read the colours actually played.
#[tokio::test]
async fn a_colour_error_recorded_at_the_board_is_what_every_later_page_reads() {
    let h = hall("60").await;
    let (paired_white, paired_black, _) = h.board(1, 1).await;
    let when_unsaid = [("act", "played_as"), ("swapped", "on")];
    assert_eq!(h.act(1, 1, &when_unsaid).await, 422);
    let late = [
        ("act", "played_as"),
        ("third_move", "after"),
        ("swapped", "on"),
    ];
    assert_eq!(h.act(1, 1, &late).await, 303);
    let (white, black, _) = h.board(1, 1).await;
    assert_eq!((white, black), (paired_black, paired_white));

    // The slip says White won: the player who had White at the board.
    let res = h
        .app
        .post_form(
            &h.org,
            "/t/autumn/rounds/1/results",
            &[("board_1", "w"), ("board_2", "b")],
        )
        .await;
    assert_eq!(res.status(), 303);
    assert_eq!(h.wins_of(paired_black).await, "1");
    assert_eq!(h.wins_of(paired_white).await, "0");

    let (_, page) = h
        .app
        .get_html(&h.referee, "/t/autumn/referee/rounds/1/boards/1")
        .await;
    let log = text(&page, "[data-test=board-incidents]").unwrap();
    assert!(log.contains("colours swapped"), "{log}");

    // Round 2: the two winners meet. One had White in round 1 (the colour
    // error's winner) and the other Black, so White goes to the other.
    let (_, board2_black, _) = h.board(1, 2).await;
    h.app.post_ok(&h.org, "/t/autumn/rounds/pair", &[]).await;
    h.app
        .post_ok(&h.org, "/t/autumn/rounds/2/publish", &[])
        .await;
    let (w2, b2, _) = h.board(2, 1).await;
    assert_eq!(
        (w2, b2),
        (board2_black, paired_black),
        "round 2 balances the colours actually played"
    );
}

/// WMSG 2008 Appendix 1 through the referee's board page: the fill-in
/// count shows the result with its margin, refuses a count that cannot
/// be, and is recorded in one more tap, in the log with its margin.
#[tokio::test]
async fn a_wmsg_fill_in_count_at_the_board_gives_the_result_with_its_margin() {
    let h = hall("60").await;
    h.play_under("Wmsg2008FillIn").await;
    let path = "/t/autumn/referee/rounds/1/boards/1";
    // Game 1 of the appendix: one point left in Black's territory, Black
    // moved last: White wins by half a point (Proc. 8).
    let game_one = [
        ("owner", "black"),
        ("empty_points", "1"),
        ("losing_stones", "0"),
        ("black_last", "on"),
    ];
    let with = |act: &'static str, fields: &[(&'static str, &'static str)]| {
        let mut all = vec![("act", act)];
        all.extend_from_slice(fields);
        all
    };
    let res = h
        .app
        .post_form(&h.referee, path, &with("count", &game_one))
        .await;
    assert_eq!(res.status(), 200);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(text(&page, "[data-test=counted]").unwrap(), "W+0.5");
    assert_eq!(h.board(1, 1).await.2, "?", "counting alone records nothing");

    // Losing stones count two points each: six in Black's territory, B+12.5.
    let six = [
        ("owner", "black"),
        ("empty_points", "1"),
        ("losing_stones", "6"),
    ];
    let res = h
        .app
        .post_form(&h.referee, path, &with("count", &six))
        .await;
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(text(&page, "[data-test=counted]").unwrap(), "B+12.5");

    // Two empty points on a filled board cannot be: the check is named.
    let two = [
        ("owner", "black"),
        ("empty_points", "2"),
        ("losing_stones", "0"),
    ];
    let res = h
        .app
        .post_form(&h.referee, path, &with("count", &two))
        .await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(
        text(&page, "[data-test=referee-error]")
            .unwrap()
            .contains("recount the stones")
    );

    assert_eq!(h.act(1, 1, &with("record_count", &game_one)).await, 303);
    assert_eq!(h.board(1, 1).await.2, "w+0.5", "the margin is on the game");
    let (_, page) = h.app.get_html(&h.referee, path).await;
    let log = text(&page, "[data-test=board-incidents]").unwrap();
    assert!(log.contains("W+0.5"), "{log}");
}

/// The same count through the API (`…/boards/{b}/count`): counted alone it
/// records nothing, a count that cannot be is refused with the failed check
/// in the reader's language, and `record` puts it in the log with its margin.
#[tokio::test]
async fn a_wmsg_fill_in_count_through_the_api_is_checked_and_recorded() {
    let h = hall("60").await;
    h.play_under("Wmsg2008FillIn").await;
    let referee = h.referee_api().await.lang("ru");
    let count = |sheet: Value, record: bool| {
        let referee = referee.clone();
        let body = serde_json::json!({ "sheet": sheet, "black_stones": 179, "record": record });
        async move {
            referee
                .write("POST", "/rounds/1/boards/1/count", body)
                .await
        }
    };
    let fill_in = |empty: u32, losing: u32| {
        serde_json::json!({"FillIn": {
            "owner": "Black", "empty_points": empty, "losing_stones": losing,
            "seki_point_unfilled": false, "black_moved_last": true,
        }})
    };
    // Game 1 of the appendix: Black moved last, White wins by half a point.
    let (status, out) = count(fill_in(1, 0), false).await;
    assert_eq!(status, 200, "{out}");
    assert_eq!(out["result"], "W+0.5");
    assert_eq!(out["review"], "⚫ 179", "a stone count off 180 is noted");
    assert_eq!(h.board(1, 1).await.2, "?", "counting alone records nothing");

    let (status, out) = count(fill_in(2, 0), true).await;
    assert_eq!(status, 422, "{out}");
    let detail = out["detail"].as_str().unwrap();
    assert!(detail.contains("пересчитайте камни"), "{detail}");
    assert_eq!(
        h.board(1, 1).await.2,
        "?",
        "a refused count records nothing"
    );

    // The fill-in's cross-check by areas (WMSG Example), with the komi the
    // game was paired with: 184 − 177 − 7.5 − 1.
    let areas = serde_json::json!({"Area": {"black": 184, "white": 177, "black_moved_last": true}});
    let (status, out) = count(areas, false).await;
    assert_eq!(status, 200, "{out}");
    assert_eq!(out["result"], "W+1.5");
    let territory = serde_json::json!({"Territory": {
        "black": {"territory": 60, "prisoners": 0, "passes": 0},
        "white": {"territory": 50, "prisoners": 0, "passes": 0},
        "white_passed_last": true,
    }});
    let (status, out) = count(territory, false).await;
    assert_eq!(
        status, 422,
        "a fill-in tournament does not count territory: {out}"
    );

    let (status, out) = count(fill_in(1, 0), true).await;
    assert_eq!(status, 201, "{out}");
    assert!(out["entry"].as_u64().is_some(), "{out}");
    assert_eq!(h.board(1, 1).await.2, "w+0.5", "the margin is on the game");
    let (_, page) = h
        .app
        .get_html(&h.referee, "/t/autumn/referee/rounds/1/boards/1")
        .await;
    let log = text(&page, "[data-test=board-incidents]").unwrap();
    assert!(log.contains("W+0.5"), "{log}");
}

/// The count follows the tournament's rules of play: areas under the
/// Chinese rules, territory and prisoners with pass stones and White's last
/// pass under the GTR's area scoring with Japanese material, the referee's
/// choice under custom rules; komi is the game's.
#[tokio::test]
async fn a_count_at_the_board_follows_the_tournaments_rules_of_play() {
    let h = hall("60").await;
    let path = "/t/autumn/referee/rounds/1/boards/1";
    let count = |fields: &[(&'static str, &'static str)]| {
        let mut all = vec![("act", "count")];
        all.extend_from_slice(fields);
        all
    };
    // Custom rules: the referee picks area or territory.
    let (_, page) = h.app.get_html(&h.referee, path).await;
    assert!(text(&page, "[data-test=count-kinds]").is_some());
    let (_, page) = h
        .app
        .get_html(&h.referee, &format!("{path}?count=territory"))
        .await;
    assert!(text(&page, "[data-test=count-form]").is_some());
    let territory = Selector::parse("[data-test=black-territory]").unwrap();
    assert!(page.select(&territory).next().is_some());

    h.play_under("Chinese").await;
    let res = h
        .app
        .post_form(
            &h.referee,
            path,
            &count(&[("black_area", "185"), ("white_area", "176")]),
        )
        .await;
    assert_eq!(res.status(), 200);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    // Komi 7.5, as the game was paired: 185 − 176 − 7.5.
    assert_eq!(text(&page, "[data-test=counted]").unwrap(), "B+1.5");
    let res = h
        .app
        .post_form(
            &h.referee,
            path,
            &count(&[("black_area", "200"), ("white_area", "170")]),
        )
        .await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let error = text(&page, "[data-test=referee-error]").unwrap();
    assert!(error.contains("more than the board's 361"), "{error}");

    h.play_under("AreaJapaneseMaterial").await;
    let sheet = [
        ("black_territory", "60"),
        ("black_prisoners", "5"),
        ("black_passes", "1"),
        ("white_territory", "58"),
        ("white_prisoners", "3"),
        ("white_passes", "2"),
    ];
    let res = h.app.post_form(&h.referee, path, &count(&sheet)).await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let error = text(&page, "[data-test=referee-error]").unwrap();
    assert!(
        error.contains("White has not made the last pass"),
        "{error}"
    );
    let mut last = sheet.to_vec();
    last.push(("white_last_pass", "on"));
    let res = h.app.post_form(&h.referee, path, &count(&last)).await;
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    // 60 + 5 + White's 2 passes against 58 + 3 + Black's 1, komi 7.5.
    assert_eq!(text(&page, "[data-test=counted]").unwrap(), "W+2.5");
    let mut record = vec![("act", "record_count")];
    record.extend_from_slice(&last);
    assert_eq!(h.act(1, 1, &record).await, 303);
    assert_eq!(h.board(1, 1).await.2, "w+2.5");
}

impl Hall {
    /// The tournament's API as the referee's account.
    async fn referee_api(&self) -> Api {
        self.app
            .api_as(&self.referee)
            .await
            .at("/tournaments/autumn")
    }

    /// Logs `act` through `api`: the status and the answer.
    async fn log_by_api(&self, api: &Api, act: Value) -> (u16, Value) {
        let body = serde_json::json!({ "act": act });
        api.write("POST", "/log", body).await
    }

    /// The chief referee logs through the API that `player` left from `round`.
    async fn withdraw_by_api(&self, player: u64, round: u32) {
        let chief = self.chief_api().await;
        let act = serde_json::json!({ "Withdrawal": { "player": player, "from_round": round, "note": "" } });
        let (status, answer) = self.log_by_api(&chief, act).await;
        assert_eq!(status, 201, "{answer}");
    }

    /// `player`'s games in the published `round`.
    async fn games_of(&self, round: u32, player: u64) -> Vec<Value> {
        let json = self
            .json(&format!("/tournaments/autumn/rounds/{round}"))
            .await;
        json["games"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| g["white"]["no"] == player || g["black"]["no"] == player)
            .cloned()
            .collect()
    }
}

/// The result that gives `game` to the opponent of `leaver` by default.
fn opponent_wins(game: &Value, leaver: u64) -> &'static str {
    if game["white"]["no"] == leaver {
        "b!"
    } else {
        "w!"
    }
}

/// WMSG 2008 Appendix 1, Proc. 10: a referee refers a disputed count to the
/// chief referee; until the chief referee records it, another referee's
/// count is refused, and the chief referee's stands as the board's result.
#[tokio::test]
async fn a_disputed_count_is_referred_to_the_chief_referee_who_records_it() {
    let h = hall("60").await;
    h.play_under("Wmsg2008FillIn").await;
    let refer = [
        ("act", "count_disputed"),
        ("reason", "White says a seki point was filled"),
    ];
    assert_eq!(h.act(1, 1, &refer).await, 303);
    let path = "/t/autumn/referee/rounds/1/boards/1";
    let (_, page) = h.app.get_html(&h.referee, path).await;
    let log = text(&page, "[data-test=board-incidents]").unwrap();
    assert!(log.contains("referred to the chief referee"), "{log}");
    let status = text(&page, "[data-test=count-in-dispute]").unwrap();
    assert!(status.contains("only the chief referee"), "{status}");

    let count = [
        ("act", "record_count"),
        ("owner", "black"),
        ("empty_points", "1"),
        ("losing_stones", "0"),
        ("black_last", "on"),
    ];
    assert_eq!(h.act(1, 1, &count).await, 403, "a referee's count waits");
    assert_eq!(h.board(1, 1).await.2, "?");
    // The organiser who created the tournament is its chief referee.
    let res = h.app.post_form(&h.org, path, &count).await;
    assert_eq!(res.status(), 303);
    assert_eq!(h.board(1, 1).await.2, "w+0.5");
}

/// GTR "Referee": a case the referee closes as mediated or clarified is in
/// the log with what was settled, and no appeal can be opened against it.
#[tokio::test]
async fn a_case_settled_without_a_judgement_is_logged_and_cannot_be_appealed() {
    let h = hall("60").await;
    let note = [
        ("act", "mediated"),
        ("reason", "Komi explained; both players agreed to go on"),
    ];
    assert_eq!(h.act(1, 1, &note).await, 303);
    let (_, page) = h
        .app
        .get_html(&h.referee, "/t/autumn/referee/rounds/1/boards/1")
        .await;
    let log = text(&page, "[data-test=board-incidents]").unwrap();
    assert!(log.contains("settled without a judgement"), "{log}");
    assert!(log.contains("Komi explained"), "{log}");
    assert_eq!(h.board(1, 1).await.2, "?", "no judgement, no result");

    let referee = h.referee_api().await;
    let clarified = serde_json::json!({"Mediated": {
        "game": {"round": 1, "board": 1},
        "note": "Rule on ko explained",
    }});
    let (status, logged) = h.log_by_api(&referee, clarified).await;
    assert_eq!(status, 201, "{logged}");
    let entry = logged["entry"].clone();
    let (white, _, _) = h.board(1, 1).await;
    let appeal = serde_json::json!({
        "appellant": {"Player": white},
        "appealed": {"Entry": entry},
        "grounds": "I did not agree",
    });
    let (status, body) = referee.write("POST", "/appeals", appeal).await;
    assert_eq!(status, 422);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("cannot be appealed"),
        "{body}"
    );
}

/// EGF GTR "Clock neutralisation", "Illegal move", "Position disturbance"
/// and premature passes under territory scoring with finite thinking time,
/// from the referee's board page: each is in the board's log, the incident
/// log and the chief referee's report, and none touches the result.
#[tokio::test]
async fn incidents_at_the_board_are_recorded_from_its_page_and_leave_the_result_open() {
    let territory = [
        ("rules_profile", "JapaneseTerritory"),
        ("overtime", "sudden_death"),
    ];
    let h = hall_with("60", "egf", &territory).await;
    let path = "/t/autumn/referee/rounds/1/boards/1";
    let (status, page) = h.app.get_html(&h.referee, path).await;
    assert_eq!(status, 200);
    let reasons =
        Selector::parse("[data-test=neutralisation-reason] option:not([value=''])").unwrap();
    let reasons: Vec<String> = page
        .select(&reasons)
        .map(|o| o.text().collect::<String>())
        .collect();
    assert_eq!(
        reasons.len(),
        12,
        "the GTR's twelve circumstances: {reasons:?}"
    );
    assert!(reasons[3].contains("Toilet"), "{reasons:?}");

    let stopped = [
        ("act", "neutralisation"),
        ("neutralisation", "toilet"),
        ("player", "white"),
    ];
    assert_eq!(h.act(1, 1, &stopped).await, 303);
    assert_eq!(h.act(1, 1, &[("act", "premature_passes")]).await, 303);
    let illegal = [
        ("act", "illegal_move"),
        ("player", "black"),
        ("minutes", "+2"),
        ("time_player", "white"),
    ];
    assert_eq!(h.act(1, 1, &illegal).await, 303);
    let (_, page) = h.app.get_html(&h.referee, path).await;
    assert_eq!(text(&page, "[data-test=clock-white]").unwrap(), "⏱ 1:00");
    assert_eq!(text(&page, "[data-test=clock-black]").unwrap(), "⏱ 1:00");

    // The second remedy needs its justification, said in the reader's language.
    h.app
        .client
        .get(h.app.url("/language/uk?back=/"))
        .send()
        .await
        .unwrap();
    h.referee
        .get(h.app.url("/language/uk?back=/"))
        .send()
        .await
        .unwrap();
    let unjustified = [("act", "disturbance"), ("remedy", "2")];
    let res = h.app.post_form(&h.referee, path, &unjustified).await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let error = text(&page, "[data-test=referee-error]").unwrap();
    assert!(error.contains("Захід 2"), "{error}");
    let justified = [
        ("act", "disturbance"),
        ("remedy", "2"),
        (
            "justification",
            "the players agree on the position as it is",
        ),
    ];
    assert_eq!(h.act(1, 1, &justified).await, 303);

    assert_eq!(h.board(1, 1).await.2, "?", "the game goes on");
    let (status, log) = h.app.get_html(&h.referee, "/t/autumn/referee/log").await;
    assert_eq!(status, 200);
    let log = text(&log, "[data-test=incident-log]").unwrap();
    let (_, report) = h.app.get_html(&h.referee, "/t/autumn/referee/report").await;
    let report = text(&report, "[data-test=referee-report]").unwrap();
    for words in ["туалет", "1:00", "неприпустимий хід", "+2:00", "як є"] {
        assert!(log.contains(words), "{words} in the log: {log}");
        assert!(report.contains(words), "{words} in the report: {report}");
    }
}

/// RFG 24.7 б through the API: a referee's cut of a clock may not leave
/// less than 15 minutes, and the act records the time left.
#[tokio::test]
async fn the_api_records_a_clock_cut_only_down_to_fifteen_minutes_under_the_rfg_code() {
    let h = hall_under("60", "rfg").await;
    let referee = h.referee_api().await;
    let (white, _, _) = h.board(1, 1).await;
    let cut = |after: u32| {
        serde_json::json!({ "ClockCorrection": { "game": { "round": 1, "board": 1 },
            "player": white, "before_seconds": 2400, "after_seconds": after,
            "reason": "the clock ran fast" } })
    };
    let (status, refused) = h.log_by_api(&referee, cut(899)).await;
    assert_eq!(status, 422, "{refused}");
    let message = refused["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("14:59") && message.contains("15:00"),
        "{refused}"
    );
    let (status, logged) = h.log_by_api(&referee, cut(900)).await;
    assert_eq!(status, 201, "{logged}");
    assert_eq!(h.board(1, 1).await.2, "?");
    let (_, page) = h
        .app
        .get_html(&h.referee, "/t/autumn/referee/rounds/1/boards/1")
        .await;
    assert_eq!(text(&page, "[data-test=clock-white]").unwrap(), "⏱ 15:00");
    let (_, report) = h.app.get_html(&h.referee, "/t/autumn/referee/report").await;
    let report = text(&report, "[data-test=referee-report]").unwrap();
    assert!(
        report.contains("40:00") && report.contains("15:00"),
        "{report}"
    );
}

/// Ukrainian rules IV.4: a violation is recorded on the board page and one
/// sanction names it there; a second sanction for it, through the API, is
/// refused. The API's document describes the acts and the sanction's violation.
#[tokio::test]
async fn one_violation_takes_one_sanction_on_the_board_page_and_through_the_api() {
    let h = hall_under("60", "ukraine").await;
    let path = "/t/autumn/referee/rounds/1/boards/1";
    let (white, _, _) = h.board(1, 1).await;
    let seen = [
        ("act", "violation"),
        ("player", "white"),
        ("reason", "commented on the moves"),
    ];
    assert_eq!(h.act(1, 1, &seen).await, 303);
    let (_, page) = h.app.get_html(&h.referee, path).await;
    let choices = Selector::parse("[data-test=violation] option[value='1']").unwrap();
    assert_eq!(
        page.select(&choices).count(),
        1,
        "the violation can be named"
    );
    let warning = [
        ("act", "warning"),
        ("player", "white"),
        ("reason", "comments"),
        ("violation", "1"),
    ];
    assert_eq!(h.act(1, 1, &warning).await, 303);
    let (_, page) = h.app.get_html(&h.referee, path).await;
    let select = Selector::parse("[data-test=violation]").unwrap();
    assert_eq!(page.select(&select).count(), 0, "no violation is left open");

    let referee = h.referee_api().await;
    let game = serde_json::json!({ "round": 1, "board": 1 });
    let entry = 1;
    let time = serde_json::json!({ "Sanction": { "kind": { "TimeChange": { "game": game,
        "players": { "One": white }, "seconds": -300 } }, "reason": "comments",
        "violation": entry } });
    let (status, refused) = h.log_by_api(&referee, time).await;
    assert_eq!(status, 409, "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap_or_default()
            .contains("one violation, one sanction"),
        "{refused}"
    );
    assert_eq!(
        h.board(1, 1).await.2,
        "?",
        "one warning of three changes nothing"
    );
    let (_, page) = h.app.get_html(&h.referee, "/t/autumn/referee/log").await;
    let log = text(&page, "[data-test=incident-log]").unwrap();
    assert!(log.contains("for violation #1"), "{log}");

    let doc = h.json("/openapi.json").await;
    let schemas = &doc["components"]["schemas"];
    for name in [
        "NeutralisationReason",
        "DisturbanceRemedy",
        "TimeAdjustment",
    ] {
        assert!(schemas.get(name).is_some(), "{name} is in the document");
    }
    assert!(schemas["Sanction"]["properties"].get("violation").is_some());
    let required = schemas["Sanction"]["required"].to_string();
    assert!(
        !required.contains("violation"),
        "a sanction needs no violation"
    );
}

impl Hall {
    /// Logs `act` through the API, `replace` saying a forfeit or an absence
    /// may replace the board's result: the status and the answer.
    async fn log_by_api_replacing(&self, api: &Api, act: Value, replace: bool) -> (u16, Value) {
        let body = serde_json::json!({ "act": act, "replace": replace });
        api.write("POST", "/log", body).await
    }

    /// The tournament's API as the organiser: the creator holds the chief
    /// referee's role.
    async fn chief_api(&self) -> Api {
        self.app.api_as(&self.org).await.at("/tournaments/autumn")
    }

    /// A second referee on the staff, signed in.
    async fn second_referee(&self) -> reqwest::Client {
        self.app.account("ref2", false, false).await;
        self.app
            .post_ok(
                &self.org,
                "/t/autumn/staff",
                &[("username", "ref2"), ("role", "referee")],
            )
            .await;
        let client = self.app.new_client();
        self.app.log_in(&client, "ref2").await;
        client
    }

    /// The notice on the board page after a tap.
    async fn notice(&self, client: &reqwest::Client) -> String {
        let (_, page) = self
            .app
            .get_html(client, "/t/autumn/referee/rounds/1/boards/1")
            .await;
        text(&page, "[data-test=notice]").unwrap_or_default()
    }

    /// The incident log page: (struck-through lines' texts, effects).
    async fn log_page(&self) -> (Vec<String>, Vec<String>) {
        let (_, page) = self
            .app
            .get_html(&self.referee, "/t/autumn/referee/log")
            .await;
        let all = |css: &str| -> Vec<String> {
            page.select(&Selector::parse(css).unwrap())
                .map(|e| e.text().collect::<String>())
                .collect()
        };
        (all("tr.struck"), all("[data-test=effect]"))
    }
}

/// GTR "Arbitration", RFG 26.1 а (issue 28): Black is absent; the referee
/// mis-taps White's absence too, which the page asks about first since the
/// board already has a result; the referee's correction to 1-0! then
/// supersedes the mistapped absence, which stays in the log struck through,
/// while Black's absence, which the correction agrees with, stays in force.
#[tokio::test]
async fn gtr_arbitration_a_mistapped_absence_is_put_right_by_the_referees_correction_on_the_pages()
{
    let h = hall("0").await;
    h.app
        .post_ok(&h.referee, "/t/autumn/referee/rounds/1/start", &[])
        .await;
    let absent = |side| [("act", "absent"), ("player", side)];
    assert_eq!(h.act(1, 1, &absent("black")).await, 303);
    assert_eq!(h.board(1, 1).await.2, "w!");
    let notice = h.notice(&h.referee).await;
    assert!(notice.contains("lost by Black"), "{notice}");
    // The mis-tap asks first, and nothing is logged until confirmed.
    let path = "/t/autumn/referee/rounds/1/boards/1";
    let res = h.app.post_form(&h.referee, path, &absent("white")).await;
    assert_eq!(res.status(), 409);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let question = text(&page, "[data-test=confirm-question]").unwrap();
    assert!(
        question.contains("1-0!") && question.contains("0-0!"),
        "names the result stored and the one it would become: {question}"
    );
    assert_eq!(h.board(1, 1).await.2, "w!");
    let confirmed = [("act", "absent"), ("player", "white"), ("replace", "1")];
    assert_eq!(h.act(1, 1, &confirmed).await, 303);
    assert_eq!(h.board(1, 1).await.2, "0!");
    let correct = [
        ("act", "correct"),
        ("result", "w!"),
        ("reason", "White was at the board; tapped the wrong side"),
    ];
    assert_eq!(h.act(1, 1, &correct).await, 303);
    assert_eq!(
        h.board(1, 1).await.2,
        "w!",
        "the correction supersedes the mis-tap"
    );
    let notice = h.notice(&h.referee).await;
    assert!(
        notice.contains("corrected") && notice.contains("superseding"),
        "{notice}"
    );
    let (struck, effects) = h.log_page().await;
    assert_eq!(struck.len(), 1, "only the mis-tap: {struck:?}");
    assert!(struck[0].contains("superseded by entry #4"), "{struck:?}");
    assert!(
        effects.iter().any(|e| e.contains("superseding")),
        "{effects:?}"
    );
    let (_, report) = h.app.get_html(&h.referee, "/t/autumn/referee/report").await;
    assert_eq!(
        report
            .select(&Selector::parse("[data-test=report-act] del").unwrap())
            .count(),
        1
    );
}

/// The same mis-tap through the API, put right by the chief referee: the
/// second absence is refused with 409 until `replace` says so.
#[tokio::test]
async fn gtr_arbitration_the_chief_referee_corrects_a_mistapped_absence_through_the_api() {
    let h = hall("0").await;
    let referee = h.referee_api().await;
    let start = serde_json::json!({ "StartRound": { "round": 1, "board": null } });
    assert_eq!(h.log_by_api(&referee, start).await.0, 201);
    let (white, black, _) = h.board(1, 1).await;
    let absent = |p: u64| serde_json::json!({ "Absence": { "game": { "round": 1, "board": 1 }, "players": { "One": p } } });
    assert_eq!(h.log_by_api(&referee, absent(black)).await.0, 201);
    let (status, refused) = h.log_by_api(&referee, absent(white)).await;
    assert_eq!(status, 409, "{refused}");
    let detail = refused.to_string();
    assert!(
        detail.contains("already has a result") && detail.contains("0-0!"),
        "{detail}"
    );
    let (status, _) = h.log_by_api_replacing(&referee, absent(white), true).await;
    assert_eq!(status, 201);
    assert_eq!(h.board(1, 1).await.2, "0!");
    let chief = h.chief_api().await;
    let correct = serde_json::json!({ "Correction": { "game": { "round": 1, "board": 1 },
        "result": "WhiteWins", "origin": "ByDefault", "reason": "Black alone was absent" } });
    let (status, answer) = h.log_by_api(&chief, correct).await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(h.board(1, 1).await.2, "w!");
    assert_eq!(h.wins_of(white).await, "1");
}

/// An annulment with a blank reason is refused on the log page itself: the
/// form stays open with what was typed and why, and the act stays in force.
#[tokio::test]
async fn an_annulment_without_a_reason_is_refused_on_the_log_page_with_its_form_open() {
    let h = hall("0").await;
    h.app
        .post_ok(&h.referee, "/t/autumn/referee/rounds/1/start", &[])
        .await;
    assert_eq!(
        h.act(1, 1, &[("act", "absent"), ("player", "black")]).await,
        303
    );
    let blank = [("entry", "2"), ("reason", "   ")];
    let res = h
        .app
        .post_form(&h.referee, "/t/autumn/referee/annul", &blank)
        .await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(text(&page, "[data-test=annul-error]").is_some_and(|m| !m.trim().is_empty()));
    let open = Selector::parse("[data-test=log-entry-2] details[open]").unwrap();
    assert!(page.select(&open).next().is_some(), "the form is left open");
    assert_eq!(h.board(1, 1).await.2, "w!", "nothing was annulled");
}

/// A slip is annulled by its author or the chief referee, with a reason,
/// on the log page or through the API; another referee is refused, and an
/// annulment is not made twice, with the same refusal through both.
#[tokio::test]
async fn an_annulled_absence_leaves_the_board_without_a_result_and_refusals_match_form_and_api() {
    let h = hall("0").await;
    h.app
        .post_ok(&h.referee, "/t/autumn/referee/rounds/1/start", &[])
        .await;
    assert_eq!(
        h.act(1, 1, &[("act", "absent"), ("player", "black")]).await,
        303
    );
    assert_eq!(h.board(1, 1).await.2, "w!");
    let annul = [("entry", "2"), ("reason", "tapped the wrong board")];
    let other = h.second_referee().await;
    let res = h
        .app
        .post_form(&other, "/t/autumn/referee/annul", &annul)
        .await;
    assert_eq!(res.status(), 403);
    assert!(
        res.text()
            .await
            .unwrap()
            .contains("only they or the chief referee")
    );
    let other = h.app.api_as(&other).await.at("/tournaments/autumn");
    let act =
        serde_json::json!({ "Annulment": { "entry": 2, "reason": "tapped the wrong board" } });
    let (status, refused) = h.log_by_api(&other, act.clone()).await;
    assert_eq!(status, 403);
    assert!(
        refused
            .to_string()
            .contains("only they or the chief referee"),
        "{refused}"
    );

    h.app
        .post_ok(&h.referee, "/t/autumn/referee/annul", &annul)
        .await;
    assert_eq!(
        h.board(1, 1).await.2,
        "?",
        "the annulled absence decides nothing"
    );
    let (struck, _) = h.log_page().await;
    assert_eq!(struck.len(), 1);
    assert!(
        struck[0].contains("annulled by entry #3 (ref): tapped the wrong board"),
        "{struck:?}"
    );
    assert_eq!(h.audit("referee.annulment").await.len(), 1);

    let res = h
        .app
        .post_form(&h.org, "/t/autumn/referee/annul", &annul)
        .await;
    assert_eq!(res.status(), 409);
    assert!(res.text().await.unwrap().contains("already annulled"));
    let chief = h.chief_api().await;
    let (status, refused) = h.log_by_api(&chief, act).await;
    assert_eq!(status, 409);
    assert!(
        refused.to_string().contains("already annulled"),
        "{refused}"
    );
}

/// GTR "Sanctions > Warning": the notice after the tap, the log line, the
/// report and the player's page say the second warning lost the game.
#[tokio::test]
async fn gtr_sanctions_a_second_warning_says_it_loses_the_game_where_it_is_shown() {
    let h = hall("60").await;
    let (_, black, _) = h.board(1, 1).await;
    let warn = [
        ("act", "warning"),
        ("player", "black"),
        ("reason", "talked"),
    ];
    assert_eq!(h.act(1, 1, &warn).await, 303);
    assert_eq!(h.notice(&h.referee).await, "Recorded in the incident log.");
    assert_eq!(h.act(1, 1, &warn).await, 303);
    let notice = h.notice(&h.referee).await;
    assert!(
        notice.contains("second warning — the game is lost by Black"),
        "{notice}"
    );
    let (_, effects) = h.log_page().await;
    assert!(
        effects
            .iter()
            .any(|e| e.contains("second warning — the game is lost by Black")),
        "{effects:?}"
    );
    let (_, report) = h.app.get_html(&h.referee, "/t/autumn/referee/report").await;
    let report = text(&report, "[data-test=referee-report]").unwrap();
    assert!(
        report.contains("second warning — the game is lost by Black"),
        "{report}"
    );
    let (_, player) = h
        .app
        .get_html(
            &h.app.new_client(),
            &format!("/t/autumn/players/{black}/games"),
        )
        .await;
    let decided = text(&player, "[data-test=decided-by]").unwrap_or_default();
    assert!(decided.contains("the game is lost by Black"), "{decided}");
    let res = h
        .referee
        .get(h.app.url("/t/autumn/referee/log"))
        .header("Accept-Language", "ru")
        .send()
        .await
        .unwrap();
    let ru = scraper::Html::parse_document(&res.text().await.unwrap());
    let ru = text(&ru, "[data-test=effect]").unwrap_or_default();
    assert!(ru.contains("второе предупреждение"), "{ru}");
}

/// Issue 31: before the forfeit time the absence buttons are greyed, and
/// the page says when they open, in seconds from its rendering, for
/// `opens.js` to open them then without a reload.
#[tokio::test]
async fn the_forfeit_buttons_open_at_the_forfeit_time_without_a_reload() {
    let h = hall("60").await;
    h.app
        .post_ok(&h.referee, "/t/autumn/referee/rounds/1/start", &[])
        .await;
    let (_, page) = h
        .app
        .get_html(&h.referee, "/t/autumn/referee/rounds/1/boards/1")
        .await;
    let select = |css: &str| Selector::parse(css).unwrap();
    let button = page
        .select(&select("[data-test=absent-white]"))
        .next()
        .unwrap();
    assert!(button.attr("disabled").is_some(), "too early to forfeit");
    let opens: u64 = page
        .select(&select("section.late"))
        .next()
        .and_then(|s| s.attr("data-opens-in"))
        .expect("the section says when it opens")
        .parse()
        .unwrap();
    assert!((3500..=3600).contains(&opens), "{opens} s");
    assert!(
        page.select(&select("script[src='/static/opens.js']"))
            .next()
            .is_some(),
        "the script that opens them is loaded"
    );
    let res = h
        .app
        .new_client()
        .get(h.app.url("/static/opens.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
}

/// Issue 31: a refused committee keeps both lists as they were typed.
#[tokio::test]
async fn a_refused_committee_keeps_both_lists_as_typed() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    app.tournament(&org, "cup").called("Cup").await;
    let members = "Anna Ivanova\nBoris Petrov";
    let res = app
        .post_form(
            &org,
            "/t/cup/appeals/committee",
            &[("members", members), ("reserves", "Vera Sidorova")],
        )
        .await;
    assert_eq!(res.status(), 422, "two members are too few");
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(text(&page, "#members").unwrap(), members);
    assert_eq!(text(&page, "#reserves").unwrap(), "Vera Sidorova");
    // Every rule is said on the form, before any refusal.
    let (_, page) = app.get_html(&org, "/t/cup/appeals").await;
    let rules = text(&page, "[data-test=committee-rules]").unwrap();
    assert!(rules.contains("exactly 3 members and at least"), "{rules}");
}

/// Issue 34: lateness counts from the round's official start on the
/// programme, whether or not the referee pressed "start" (GTR "Timing
/// rules > Start"), and the board page says from what it counts.
#[tokio::test]
async fn an_absence_counts_from_the_official_start_without_the_referees_press() {
    let h = hall("60").await;
    let kyiv = jiff::tz::TimeZone::get("Europe/Kyiv").unwrap();
    let start = |minutes_ago: i64| {
        let at = jiff::Timestamp::now() - jiff::SignedDuration::from_mins(minutes_ago);
        at.to_zoned(kyiv.clone())
            .strftime("%Y-%m-%d %H:%M")
            .to_string()
    };
    let h = &h;
    let schedule = |text: String| async move {
        let res = h
            .app
            .submit(
                &h.org,
                "/t/autumn/rounds",
                "[data-test=round-start-form]",
                "/t/autumn/rounds/1/start",
                &[("start", &text)],
            )
            .await;
        assert_eq!(res.status(), 303, "schedule {text}");
    };
    let path = "/t/autumn/referee/rounds/1/boards/1";
    let absent = [("act", "absent"), ("player", "white")];
    // Announced ten minutes from now: nobody is late yet.
    schedule(start(-10)).await;
    let res = h.app.post_form(&h.referee, path, &absent).await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let error = text(&page, "[data-test=referee-error]").unwrap();
    assert!(error.contains("can be forfeited from"), "{error}");
    // Announced two hours ago and never pressed: the hour has run.
    let announced = start(120);
    schedule(announced.clone()).await;
    let (_, page) = h.app.get_html(&h.referee, path).await;
    let said = text(&page, "[data-test=late-from]").unwrap();
    let time = &announced[11..];
    assert!(
        said.contains("official start") && said.contains(time),
        "{said}"
    );
    assert_eq!(
        h.app.post_form(&h.referee, path, &absent).await.status(),
        303
    );
    assert_eq!(h.board(1, 1).await.2, "b!");
}
