//! A tournament moved between servers in Tengen's own format, and the
//! snapshots kept at each publication: every page the same after the move,
//! sanctions and appeals included, and a snapshot restored in place or as a
//! new tournament.

use crate::common;

use std::collections::BTreeMap;

use common::TestApp;
use common::desk::AtDesk;
use common::hall::{crawl, running_tournament};
use scraper::{Html, Selector};

/// The text a person reads in a page's main part, blanks folded.
fn visible(html: &str) -> String {
    let page = Html::parse_document(html);
    let main = Selector::parse("main").unwrap();
    page.select(&main)
        .flat_map(|m| m.text())
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every page of the tournament its organiser reaches, as read, with the
/// server's own address (the poster's QR code link) left out.
async fn pages(app: &TestApp, client: &reqwest::Client) -> BTreeMap<String, String> {
    // The notice of the last action is shown once, on the next page.
    app.get_html(client, "/t/crawl").await;
    crawl(app, client, &["/t/crawl"])
        .await
        .into_iter()
        .filter(|(path, _)| path.starts_with("/t/crawl"))
        .map(|(path, html)| (path, visible(&html).replace(&app.url(""), "")))
        .collect()
}

#[tokio::test]
async fn a_tournament_moved_to_a_fresh_server_reads_the_same_on_every_page() {
    let old = TestApp::start().await;
    let org = running_tournament(&old).await;
    let before = pages(&old, &org).await;
    let res = org
        .get(old.url("/t/crawl/export/tournament.json"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let file = res.bytes().await.unwrap().to_vec();

    let new = TestApp::start().await;
    for (user, organiser) in [("org", true), ("referee", false), ("judge", false)] {
        new.account(user, false, organiser).await;
    }
    let org = new.new_client();
    new.log_in(&org, "org").await;
    let res = new
        .upload(&org, "/tournaments/import", &[], "crawl.tengen.json", file)
        .await;
    assert_eq!(res.status(), 303, "{}", res.text().await.unwrap());
    let after = pages(&new, &org).await;

    // Server-side history is the server's: the snapshots stay behind, and
    // the audit log gains the line saying where the tournament came from.
    let own = |path: &str| path.starts_with("/t/crawl/snapshots") || path == "/t/crawl/audit";
    let mut differ = Vec::new();
    for (path, text) in before.iter().filter(|(p, _)| !own(p)) {
        match after.get(path) {
            Some(moved) if moved == text => {}
            Some(moved) => differ.push(format!("{path}:\n  was {text}\n  now {moved}")),
            None => differ.push(format!("{path}: not reached after the move")),
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    assert!(before.len() > 40, "{} pages compared", before.len());
    assert!(
        before.keys().any(|p| p.contains("/referee")),
        "the log was compared"
    );
    assert!(
        before.keys().any(|p| p.contains("/appeals/1")),
        "an appeal was compared"
    );
    // The audit lines, from the first moment on (the heading is in the
    // language the crawl last chose, the same on both servers).
    let lines = |text: &str| text[text.find(" 20").unwrap()..].to_string();
    let (old_log, new_log) = (
        lines(&before["/t/crawl/audit"]),
        lines(&after["/t/crawl/audit"]),
    );
    assert!(
        new_log.ends_with(&old_log),
        "the old log kept whole:\n{new_log}"
    );
    assert!(new_log.len() > old_log.len() && new_log.contains("Tengen"));
}

#[tokio::test]
async fn a_file_that_is_not_a_tengen_tournament_creates_nothing_and_says_why() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    for (file, says) in [
        (
            &b"{\"name\": \"a JSON file\"}"[..],
            "not a Tengen tournament file",
        ),
        (
            &b"{\"format\": \"tengen-tournament\", \"version\": 9}"[..],
            "newer Tengen",
        ),
        (
            &b"{\"format\": \"tengen-tournament\", \"version\": 1, \"doc\""[..],
            "cannot be read whole",
        ),
    ] {
        let res = app
            .upload(&org, "/tournaments/import", &[], "t.json", file.to_vec())
            .await;
        assert_eq!(res.status(), 422);
        let text = res.text().await.unwrap();
        assert!(text.contains(says), "{says}: {text}");
    }
    let (_, home) = app.get_html(&org, "/").await;
    assert!(common::text(&home, "[data-test=tournament-link]").is_none());
}

/// A page as read once the notice of the last action has been shown.
async fn read(app: &TestApp, client: &reqwest::Client, path: &str) -> String {
    app.get_html(client, path).await;
    let (status, page) = app.get_html(client, path).await;
    assert_eq!(status, 200, "{path}");
    visible(&page.html())
}

/// Publishing round 1 kept a snapshot; a result changed after it goes away
/// when the snapshot is restored in place, and a copy opens beside it.
#[tokio::test]
async fn a_snapshot_restores_the_tournament_as_it_was_at_publication() {
    let app = TestApp::start().await;
    let org = running_tournament(&app).await;
    let (_, list) = app.get_html(&org, "/t/crawl/snapshots").await;
    let steps = Selector::parse("[data-test=restore-snapshot], [data-test=snapshot] form").unwrap();
    let actions: Vec<String> = list
        .select(&steps)
        .map(|e| {
            let v = e.value();
            v.attr("href").or(v.attr("action")).unwrap().to_string()
        })
        .collect();
    assert_eq!(actions.len(), 2, "one snapshot, round 1: restore and copy");
    // Restoring asks first, saying what it undoes.
    let (status, question) = app.get_html(&org, &actions[0]).await;
    assert_eq!(status, 200);
    assert!(common::text(&question, "[data-test=confirm-question]").is_some());
    // After the publication: results entered, the referee's warning logged.
    let now = read(&app, &org, "/t/crawl/rounds/1").await;
    assert!(now.contains("1-0"), "{now}");
    assert!(
        read(&app, &org, "/t/crawl/referee/log")
            .await
            .contains("noise")
    );
    app.post_ok(&org, &actions[0], &[]).await;
    let restored = read(&app, &org, "/t/crawl/rounds/1").await;
    assert!(
        !restored.contains("1-0"),
        "the results entered after publication are gone"
    );
    let log = read(&app, &org, "/t/crawl/referee/log").await;
    assert!(!log.contains("noise"), "so is the warning: {log}");
    let (_, audit) = app.get_html(&org, "/t/crawl/audit").await;
    assert!(
        audit
            .html()
            .contains("Restored as it was when round 1 was published")
    );

    // A copy needs an address of its own: one another tournament holds, or
    // one no address can be, is refused at the form and creates nothing.
    for taken_or_bad in ["crawl", "not an address"] {
        let res = app
            .post_form(&org, &actions[1], &[("short_name", taken_or_bad)])
            .await;
        assert_eq!(res.status(), 422, "{taken_or_bad}");
        let page = Html::parse_document(&res.text().await.unwrap());
        assert!(common::text(&page, "[data-test=snapshot-error]").is_some());
    }
    let res = app
        .post_form(&org, &actions[1], &[("short_name", "crawl-r1")])
        .await;
    assert_eq!(res.status(), 303);
    let copy = read(&app, &org, "/t/crawl-r1/rounds/1").await;
    assert_eq!(copy, restored);
}

/// Issue 29, items 1 and 4: an archive's text obeys the rule every door
/// does — a NUL in its audit log, a 100,000-character name, a role this
/// server does not know — refused with 422 and nothing created, never a
/// server error.
#[tokio::test]
async fn an_archive_with_text_no_door_takes_is_refused_whole() {
    use serde_json::{Value, json};
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    app.tournament(&org, "moved").called("Moved Cup").await;
    let file: Value = app.get_json(&org, "/t/moved/export/tournament.json").await;
    fn rename(value: &mut Value, to: &str) {
        match value {
            Value::String(s) if s == "Moved Cup" => *s = to.to_string(),
            Value::Array(items) => items.iter_mut().for_each(|v| rename(v, to)),
            Value::Object(fields) => fields.values_mut().for_each(|v| rename(v, to)),
            _ => {}
        }
    }
    let mut nul_in_log = file.clone();
    let mut line = nul_in_log["audit"][0].clone();
    line["action"] = json!("tournament.create\u{0}");
    nul_in_log["audit"].as_array_mut().unwrap().push(line);
    let mut long_name = file.clone();
    rename(&mut long_name, &"N".repeat(100_000));
    let mut unknown_role = file.clone();
    unknown_role["staff"] = json!([{ "username": "org", "display_name": "Org", "role": "bogus" }]);
    for (short, archive) in [
        ("nul", nul_in_log),
        ("long", long_name),
        ("role", unknown_role),
    ] {
        let res = app
            .upload(
                &org,
                "/tournaments/import",
                &[("short_name", short)],
                "t.json",
                archive.to_string().into_bytes(),
            )
            .await;
        assert_eq!(res.status(), 422, "{short}");
        let (status, _) = app.get_html(&org, &format!("/t/{short}")).await;
        assert_eq!(status, 404, "{short} was not created");
    }
}

/// A tournament of `players` players, every round but the last played and
/// the last paired without results.
fn field(players: usize, rounds: u32) -> tengen::core::Tournament {
    use tengen::core::*;
    let mut settings = Settings::default();
    settings.general.name = "Stored Cup".into();
    settings.general.short_name = "stored".into();
    settings.number_of_rounds = rounds;
    let mut t = Tournament::new(settings);
    let ids: Vec<PlayerId> = (0..players)
        .map(|i| {
            t.register(Player::new(
                PlayerId(0),
                &format!("P{i}"),
                "Test",
                Rank::Kyu(5),
            ))
        })
        .collect();
    let half = players / 2;
    for round in 1..=rounds {
        for k in 0..half {
            t.add_game(Game {
                round: RoundNo::new(round).unwrap(),
                board: BoardNo::new(k as u32 + 1).unwrap(),
                white: ids[k],
                black: ids[half + (k + round as usize) % half],
                handicap: 0,
                komi: HalfPoints::from_halves(13),
                result: if round == rounds {
                    GameResult::Unknown
                } else {
                    GameResult::WhiteWins
                },
                origin: ResultOrigin::Played,
                colours_known: true,
                method: None,
            })
            .unwrap();
        }
    }
    t
}

/// The door writes only the parts of the document a command changed: read
/// back from the database after each change, the tournament must be the
/// one the door holds, item for item, also when a list grows past a chunk
/// or shrinks (a round unpaired, a player deleted).
#[tokio::test]
async fn a_tournament_read_back_after_each_change_is_the_one_the_door_holds() {
    use tengen::core::command::{Command, ResultEntry, State};
    use tengen::core::*;
    // 128 players: two full chunks of players, three of games.
    let doc = field(128, 3);
    let at = AtDesk::open("org", State::new(doc, Default::default())).await;
    let extra = tengen::core::command::PlayerDraft {
        name: "Late".into(),
        first_name: "Comer".into(),
        rank: "1d".into(),
        is_final: true,
        ..Default::default()
    };
    let commands = vec![
        Command::Unpair {
            round: RoundNo::new(3).unwrap(),
        },
        Command::Register {
            draft: extra,
            confirm_duplicate: true,
        },
        Command::EnterResults {
            round: RoundNo::new(2).unwrap(),
            entries: vec![ResultEntry {
                board: BoardNo::new(40).unwrap(),
                result: GameResult::BlackWins,
                origin: ResultOrigin::Played,
                method: None,
                seen: None,
            }],
            replace: true,
        },
        Command::DeletePlayer {
            player: PlayerId(129),
        },
    ];
    for command in commands {
        let label = format!("{command:?}").chars().take(40).collect::<String>();
        at.run(command).await.expect(&label);
        let (held_version, held) = at.state().await;
        let (stored_version, stored) = at.stored().await;
        assert_eq!(held_version, stored_version, "after {label}");
        assert!(
            held.doc == stored.doc,
            "the stored document differs after {label}"
        );
        assert!(held == stored, "the stored state differs after {label}");
    }
    let (_, stored) = at.stored().await;
    assert_eq!(stored.doc.players().len(), 128, "the late comer deleted");
    assert_eq!(stored.doc.games().len(), 2 * 64, "round 3 unpaired");
    let chunks: i64 = sqlx::query_scalar("select count(*) from tournament_part where tournament_id = $1 and part in ('players', 'games')")
        .bind(at.id)
        .fetch_one(&at.store.pool)
        .await
        .unwrap();
    assert_eq!(chunks, 2 + 2, "no chunk left past a list's end");
}

/// Issue 29, item 8: an archive's audit lines keep their author's name as
/// text; an account of the same user name on this server, who may be
/// someone else, is never shown as having done them.
#[tokio::test]
async fn an_archives_audit_lines_are_attributed_to_no_local_account() {
    use serde_json::{Value, json};
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    app.account("victim", false, true).await;
    let org = app.signed_in("org").await;
    app.tournament(&org, "moved").called("Moved Cup").await;
    let mut file: Value = app.get_json(&org, "/t/moved/export/tournament.json").await;
    let lines = file["audit"].as_array_mut().unwrap();
    assert!(!lines.is_empty(), "the archive has an audit log");
    for line in lines.iter_mut() {
        line["username"] = json!("victim");
        line["who"] = json!("Mallory Original");
    }
    let res = app
        .upload(
            &org,
            "/tournaments/import",
            &[("short_name", "copy")],
            "t.json",
            file.to_string().into_bytes(),
        )
        .await;
    assert_eq!(res.status(), 303);
    let by_account: Vec<(Option<String>, String)> = sqlx::query_as(
        "select a.username, l.action from audit_log l
         join tournament t using (tournament_id) left join account a using (account_id)
         where t.short_name = 'copy' order by l.audit_log_id",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    let imported = &by_account[..by_account.len() - 1];
    assert!(!imported.is_empty());
    assert!(
        imported.iter().all(|(account, _)| account.is_none()),
        "{by_account:?}"
    );
    assert_eq!(
        by_account.last().unwrap(),
        &(Some("org".to_string()), "tournament.import".to_string()),
        "the import itself is the importer's"
    );
    let (_, audit) = app.get_html(&org, "/t/copy/audit").await;
    assert!(audit.html().contains("Mallory Original"));
}
