//! `tengen serve` as a real process on its embedded database: it starts,
//! answers, stops cleanly on SIGTERM, and finds its data again on restart.

use crate::common;

use common::api::Api;
use common::process::{database_url, serve, start, tengen, terminate};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[tokio::test]
async fn the_server_keeps_its_accounts_across_a_restart_on_the_embedded_database() {
    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().join("pg");

    let server = start(&data_dir).await;
    let client = common::browser();
    let login = client
        .get(format!("{}/login", server.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let csrf = common::csrf_field(&scraper::Html::parse_document(&login));
    let fields = [
        ("username", "chief"),
        ("display_name", "Chief"),
        ("password", common::PASSWORD),
        ("csrf", &csrf),
    ];
    let res = client
        .post(format!("{}/setup", server.base))
        .form(&fields)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 303, "the first administrator is created");
    terminate(server);
    assert!(
        !data_dir.join("postmaster.pid").exists(),
        "PostgreSQL stopped with the app"
    );

    let server = start(&data_dir).await;
    let out = tengen(&data_dir)
        .args(["admin", "list-users"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("chief\tChief\tadmin,organiser"));
    let client = common::browser();
    let login = client
        .get(format!("{}/login", server.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let csrf = common::csrf_field(&scraper::Html::parse_document(&login));
    let fields = [
        ("username", "chief"),
        ("password", common::PASSWORD),
        ("csrf", &csrf),
    ];
    let res = client
        .post(format!("{}/login", server.base))
        .form(&fields)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 303, "the account survived the restart");
    terminate(server);
}

#[tokio::test]
async fn admin_commands_create_users_and_tokens() {
    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().join("pg");
    let mut child = tengen(&data_dir)
        .args(["admin", "create-user", "anna", "--organiser"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    writeln!(child.stdin.take().unwrap(), "{}", common::PASSWORD).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let out = tengen(&data_dir)
        .args(["admin", "token", "anna"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let token = String::from_utf8(out.stdout).unwrap().trim().to_string();
    assert!(token.starts_with("tgn_") && token.len() == 68);

    let imported = common::shared_fixtures().map(|dir| {
        let file = dir.join("opengotha/20200915070322_AVG11prueba.xml");
        let args = [
            "import",
            file.to_str().unwrap(),
            "--owner",
            "anna",
            "--short-name",
            "avg",
        ];
        let out = tengen(&data_dir).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let again = tengen(&data_dir).args(args).output().unwrap();
        assert!(!again.status.success(), "the short name is taken now");
        assert!(String::from_utf8_lossy(&again.stderr).contains("nothing was imported"));
        // Every real MacMahon file: imported, with what it held that Tengen has not.
        let files = common::macmahon_files(&dir);
        assert!(!files.is_empty());
        for file in &files {
            let out = tengen(&data_dir)
                .args(["import", file.to_str().unwrap(), "--owner", "anna"])
                .output()
                .unwrap();
            let said = String::from_utf8_lossy(&out.stdout);
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(said.contains("imported /t/"), "{file:?}: {said}");
            assert!(
                said.contains("not carried over") && said.contains("weaker than 30 kyu"),
                "{said}"
            );
        }
    });

    let server = start(&data_dir).await;
    let (status, _) = Api::at_server(&server.base, &token).get("/me").await;
    assert_eq!(status, 200);
    if imported.is_some() {
        let res = reqwest::get(format!("{}/t/avg/standings", server.base))
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "the imported tournament is served");
    }
    terminate(server);

    let out = tengen(&data_dir)
        .args(["admin", "token", "nobody"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no account named nobody"));
}

/// A Tengen killed outright leaves its PostgreSQL running; the next one
/// takes it over and stops it when it stops in turn, so no postmaster is
/// left behind.
#[tokio::test]
async fn after_a_kill_the_next_server_stops_the_postgresql_it_found_running() {
    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().join("pg");
    let mut killed = start(&data_dir).await;
    killed.child.kill().unwrap();
    killed.child.wait().unwrap();
    assert!(
        data_dir.join("postmaster.pid").exists(),
        "SIGKILL leaves PostgreSQL running"
    );
    let server = start(&data_dir).await;
    terminate(server);
    assert!(
        !data_dir.join("postmaster.pid").exists(),
        "the second server stopped the PostgreSQL it found"
    );
}

/// The killed server's process number may be in use again by the time the
/// next one starts (not yet reaped, or reused): the next server still sees
/// that nobody owns the cluster, because ownership is a lock that dies
/// with its process, not a number.
#[tokio::test]
async fn a_killed_servers_cluster_is_adopted_even_when_its_process_number_lives_on() {
    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().join("pg");
    let mut killed = start(&data_dir).await;
    killed.child.kill().unwrap();
    killed.child.wait().unwrap();
    // The owner file names a living process: this test's.
    std::fs::write(
        data_dir.join("tengen.owner"),
        std::process::id().to_string(),
    )
    .unwrap();
    let server = start(&data_dir).await;
    terminate(server);
    assert!(
        !data_dir.join("postmaster.pid").exists(),
        "the second server stopped the PostgreSQL it found"
    );
}

/// `tengen backup` while the server runs, then a change, then `tengen
/// restore` with the server stopped: the site is as it was at the backup.
#[tokio::test]
async fn a_restored_backup_brings_the_site_back_to_the_moment_it_was_taken() {
    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().join("pg");
    let file = dir.path().join("site.backup");
    let server = start(&data_dir).await;
    let run = |args: &[&str], input: &str| {
        let mut child = tengen(&data_dir)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    run(
        &["admin", "create-user", "chief", "--admin", "--organiser"],
        common::PASSWORD,
    );
    let token = run(&["admin", "token", "chief"], "");
    let token = token.split_whitespace().last().unwrap().to_string();
    let api = Api::at_server(&server.base, &token);
    let create = |name: &'static str, short: &'static str| {
        let api = api.clone();
        async move {
            let made = serde_json::json!({ "name": name, "short_name": short });
            assert_eq!(api.post("/tournaments", made).await.0, 201, "{name}");
        }
    };
    create("Before Cup", "before").await;
    run(&["backup", file.to_str().unwrap()], "");
    create("After Cup", "after").await;
    let refused = tengen(&data_dir)
        .args(["restore", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        !refused.status.success(),
        "no restore under a running server"
    );
    assert!(String::from_utf8_lossy(&refused.stderr).contains("stop it"));
    terminate(server);

    run(&["restore", file.to_str().unwrap()], "");
    let server = start(&data_dir).await;
    let home = reqwest::get(format!("{}/", server.base))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        home.contains("Before Cup") && !home.contains("After Cup"),
        "{home}"
    );
    let status = |path: &'static str| {
        let base = server.base.clone();
        async move {
            reqwest::get(format!("{base}{path}"))
                .await
                .unwrap()
                .status()
        }
    };
    assert_eq!(status("/t/before").await, 200);
    assert_eq!(status("/t/after").await, 404);
    terminate(server);
}

/// Two instances on one database: a page listening on the second hears of
/// a change made through the first (PostgreSQL's LISTEN/NOTIFY).
#[tokio::test]
async fn a_change_through_one_instance_reaches_a_page_open_on_another() {
    let pool = common::fresh_database().await;
    let url = database_url(&pool);
    pool.close().await;
    let instance = || {
        let mut command = Command::new(env!("CARGO_BIN_EXE_tengen"));
        command.env("DATABASE_URL", &url).env("RUST_LOG", "error");
        command
    };
    let (a, b) = (serve(instance()).await, serve(instance()).await);
    let mut create = instance();
    let mut child = create
        .args(["admin", "create-user", "chief", "--admin", "--organiser"])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(common::PASSWORD.as_bytes())
        .unwrap();
    assert!(child.wait().unwrap().success());
    let out = instance()
        .args(["admin", "token", "chief"])
        .output()
        .unwrap();
    let token = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .last()
        .unwrap()
        .to_string();
    let api = Api::at_server(&a.base, &token);
    let (_, made) = api
        .post(
            "/tournaments",
            serde_json::json!({ "name": "Two Halls", "short_name": "halls" }),
        )
        .await;

    let mut events = reqwest::get(format!("{}/t/halls/events", b.base))
        .await
        .unwrap();
    assert_eq!(events.status(), 200);
    let ann = serde_json::json!({ "version": made["version"], "name": "Ann", "rank": "1d" });
    let (status, _) = api.post("/tournaments/halls/players", ann).await;
    assert_eq!(status, 201);
    let entered = Instant::now();
    let heard = tokio::time::timeout(Duration::from_secs(5), async {
        let mut seen = String::new();
        while let Some(chunk) = events.chunk().await.unwrap() {
            seen.push_str(&String::from_utf8_lossy(&chunk));
            if seen.contains("event: changed") {
                return;
            }
        }
    })
    .await;
    assert!(
        heard.is_ok(),
        "the page on the other instance heard nothing"
    );
    let waited = entered.elapsed();
    assert!(waited < Duration::from_secs(1), "heard after {waited:?}");
    terminate(a);
    terminate(b);
}

/// `--log-format json` (or TENGEN_LOG_FORMAT) writes one JSON object a
/// line, each request's lines carrying its id: the proxy's `X-Request-Id`
/// when it sends one, also returned in the response.
#[tokio::test]
async fn json_logs_carry_the_request_id_the_response_returns() {
    let dir = tempfile::tempdir().unwrap();
    let mut command = tengen(&dir.path().join("pg"));
    command
        .env("TENGEN_LOG_FORMAT", "json")
        .env("RUST_LOG", "info")
        .stderr(Stdio::piped());
    let mut server = serve(command).await;
    let stderr = server.child.stderr.take().unwrap();
    let lines = std::thread::spawn(move || {
        std::io::read_to_string(stderr)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("a JSON line"))
            .collect::<Vec<_>>()
    });
    let client = reqwest::Client::new();
    let res = client
        .get(format!("{}/", server.base))
        .header("x-request-id", "proxy-7f3a")
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["x-request-id"], "proxy-7f3a");
    let res = client
        .get(format!("{}/", server.base))
        .send()
        .await
        .unwrap();
    let made = res.headers()["x-request-id"].to_str().unwrap().to_string();
    assert_eq!(made.len(), 36, "a UUID: {made}");
    terminate(server);
    let lines = lines.join().unwrap();
    for id in ["proxy-7f3a", made.as_str()] {
        assert!(
            lines.iter().any(|l| l["span"]["request_id"] == id
                && l["span"]["path"] == "/"
                && l["fields"]["status"] == 200),
            "no log line of request {id} in {lines:?}"
        );
    }
}

/// A server that cannot start says why in one line, with no stack trace
/// even under RUST_BACKTRACE, and exits with a failure status: here a data
/// directory too long for PostgreSQL's socket, as a missing PostgreSQL
/// would be told.
#[test]
fn a_server_that_cannot_start_says_why_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let deep = dir.path().join("d".repeat(120));
    let out = tengen(&deep)
        .env("RUST_BACKTRACE", "1")
        .arg("serve")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("tengen: ") && stderr.contains("too long"),
        "{stderr}"
    );
}
