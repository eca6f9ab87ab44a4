//! Tengen when its database goes away and comes back: pages answer 503
//! at once while it is away, and 200 again after, with no restart.

use crate::common;

use common::process::{free_port, serve, start, terminate};
use std::process::Command;
use std::time::{Duration, Instant};

/// A TCP proxy between Tengen and PostgreSQL that can cut the line: every
/// connection dropped and new ones refused, as when the database stops.
struct Proxy {
    port: u16,
    target: std::sync::Arc<sqlx::postgres::PgConnectOptions>,
    accepting: Option<tokio::task::JoinHandle<()>>,
    links: std::sync::Arc<std::sync::Mutex<Vec<tokio::task::AbortHandle>>>,
}

impl Proxy {
    async fn start(target: std::sync::Arc<sqlx::postgres::PgConnectOptions>) -> Proxy {
        let mut proxy = Proxy {
            port: free_port(),
            target,
            accepting: None,
            links: Default::default(),
        };
        proxy.restore();
        proxy
    }

    fn restore(&mut self) {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_reuseaddr(true).unwrap();
        socket.bind(([127, 0, 0, 1], self.port).into()).unwrap();
        let listener = socket.listen(64).unwrap();
        let (target, links) = (self.target.clone(), self.links.clone());
        self.accepting = Some(tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let target = target.clone();
                let link = tokio::spawn(async move {
                    let port = target.get_port();
                    match target.get_socket() {
                        Some(dir) => {
                            let path = dir.join(format!(".s.PGSQL.{port}"));
                            let mut out = tokio::net::UnixStream::connect(path).await.unwrap();
                            let _ = tokio::io::copy_bidirectional(&mut inbound, &mut out).await;
                        }
                        None => {
                            let address = format!("{}:{port}", target.get_host());
                            let mut out = tokio::net::TcpStream::connect(address).await.unwrap();
                            let _ = tokio::io::copy_bidirectional(&mut inbound, &mut out).await;
                        }
                    }
                });
                links.lock().unwrap().push(link.abort_handle());
            }
        }));
    }

    fn cut(&mut self) {
        if let Some(accepting) = self.accepting.take() {
            accepting.abort();
        }
        for link in self.links.lock().unwrap().drain(..) {
            link.abort();
        }
    }
}

/// While the database is away, a page answers 503 at once instead of
/// waiting and failing with 500; once it is back the same server serves
/// again, its pool reconnecting by itself.
#[tokio::test]
async fn while_the_database_is_away_pages_answer_503_and_200_again_after_without_a_restart() {
    let pool = common::fresh_database().await;
    let options = std::sync::Arc::new(pool.connect_options().as_ref().clone());
    pool.close().await;
    let mut proxy = Proxy::start(options.clone()).await;
    let url = format!(
        "postgres://{}@127.0.0.1:{}/{}",
        options.get_username(),
        proxy.port,
        options.get_database().unwrap()
    );
    let mut command = Command::new(env!("CARGO_BIN_EXE_tengen"));
    command.env("DATABASE_URL", url).env("RUST_LOG", "error");
    let server = serve(command).await;
    let home = || async { reqwest::get(format!("{}/", server.base)).await.unwrap() };
    assert_eq!(home().await.status(), 200);

    proxy.cut();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let asked = Instant::now();
    let res = home().await;
    let waited = asked.elapsed();
    assert_eq!(res.status(), 503);
    assert!(
        res.text()
            .await
            .unwrap()
            .contains("database does not answer")
    );
    assert!(waited < Duration::from_secs(5), "answered after {waited:?}");

    proxy.restore();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if home().await.status() == 200 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "no page within 20 s of the database's return"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // The proxy's links run on this test's runtime, which `terminate`
    // blocks while the server says goodbye on them: close them first.
    proxy.cut();
    tokio::time::sleep(Duration::from_millis(200)).await;
    terminate(server);
}

/// `pg_ctl` on the embedded cluster in `data_dir`, as the user that owns it
/// (a root server hands its cluster to an unprivileged user).
fn pg_ctl(data_dir: &std::path::Path, args: &[&str]) {
    use std::os::unix::fs::MetadataExt;
    use std::os::unix::process::CommandExt;
    let owner = std::fs::metadata(data_dir).unwrap();
    let program = tengen::store::embedded::postgres_program("pg_ctl").expect("pg_ctl");
    let status = Command::new(program)
        .arg("-D")
        .arg(data_dir)
        .args(args)
        .uid(owner.uid())
        .gid(owner.gid())
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "pg_ctl {args:?}");
}

/// The embedded PostgreSQL stopped under a running Tengen (an
/// administrator's `pg_ctl stop`, a package upgrade) and started again:
/// pages answer 503 while it is down and 200 after, from the same Tengen,
/// which still stops the cluster when it stops.
#[tokio::test]
async fn when_the_embedded_postgresql_stops_and_starts_again_the_same_server_serves_again() {
    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().join("pg");
    let server = start(&data_dir).await;
    let data_dir = data_dir.canonicalize().unwrap();
    let home = || async { reqwest::get(format!("{}/", server.base)).await.unwrap() };
    assert_eq!(home().await.status(), 200);

    pg_ctl(&data_dir, &["stop", "-w", "-m", "fast"]);
    let asked = Instant::now();
    let res = home().await;
    let waited = asked.elapsed();
    assert_eq!(res.status(), 503);
    assert!(waited < Duration::from_secs(5), "answered after {waited:?}");

    let log = data_dir.join("server.log");
    pg_ctl(&data_dir, &["start", "-w", "-l", log.to_str().unwrap()]);
    let deadline = Instant::now() + Duration::from_secs(20);
    while home().await.status() != 200 {
        assert!(
            Instant::now() < deadline,
            "no page within 20 s of the database's return"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    terminate(server);
    assert!(
        !data_dir.join("postmaster.pid").exists(),
        "the server stopped the PostgreSQL started again under it"
    );
}
