//! `tengen serve` as a real process: started on a free port, waited for,
//! stopped with SIGTERM as an init system would.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Server {
    pub child: Child,
    pub base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

pub fn tengen(data_dir: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tengen"));
    command
        .env_remove("DATABASE_URL")
        .env("TENGEN_DATA_DIR", data_dir)
        .env("RUST_LOG", "warn");
    command
}

pub async fn start(data_dir: &std::path::Path) -> Server {
    serve(tengen(data_dir)).await
}

/// Runs `command serve` and waits until it answers.
pub async fn serve(mut command: Command) -> Server {
    let port = free_port();
    let child = command
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

pub fn terminate(mut server: Server) {
    let pid = server.child.id().to_string();
    let status = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(status.success());
    let exit = server.child.wait().unwrap();
    assert!(
        exit.success(),
        "tengen exits cleanly on SIGTERM, got {exit:?}"
    );
}

/// The URL of the database `pool` reaches, for a server process.
pub fn database_url(pool: &sqlx::PgPool) -> String {
    let options = pool.connect_options();
    let (user, db) = (options.get_username(), options.get_database().unwrap());
    match options.get_socket() {
        // A socket directory goes in `host=`; the URL still needs a host.
        Some(dir) => format!("postgres://{user}@localhost/{db}?host={}", dir.display()),
        None => format!(
            "postgres://{user}@{}:{}/{db}",
            options.get_host(),
            options.get_port()
        ),
    }
}
