//! `tengen serve` as a real process on its embedded database: it starts,
//! answers, stops cleanly on SIGTERM, and finds its data again on restart.

mod common;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Server {
    child: Child,
    base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn tengen(data_dir: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tengen"));
    command
        .env_remove("DATABASE_URL")
        .env("TENGEN_DATA_DIR", data_dir)
        .env("RUST_LOG", "warn");
    command
}

async fn start(data_dir: &std::path::Path) -> Server {
    let port = free_port();
    let child = tengen(data_dir)
        .args(["serve", "--listen", &format!("127.0.0.1:{port}")])
        .stdout(Stdio::null())
        .spawn()
        .expect("start tengen serve");
    let server = Server {
        child,
        base: format!("http://127.0.0.1:{port}"),
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Ok(res) = reqwest::get(format!("{}/healthz", server.base)).await
            && res.status() == 200
        {
            return server;
        }
        assert!(
            Instant::now() < deadline,
            "no answer on /healthz within 60 s"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

fn terminate(mut server: Server) {
    let pid = server.child.id().to_string();
    let status = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(status.success());
    let exit = server.child.wait().unwrap();
    assert!(
        exit.success(),
        "tengen exits cleanly on SIGTERM, got {exit:?}"
    );
}

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
    });

    let server = start(&data_dir).await;
    let res = reqwest::Client::new()
        .get(format!("{}/api/v1/me", server.base))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
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
