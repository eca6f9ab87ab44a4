// Each test binary uses a different subset of these helpers.
#![allow(dead_code)]
//! Test support: a real PostgreSQL (DATABASE_URL, or a throwaway embedded
//! cluster shared by the tests of one binary), a fresh database per test,
//! and the app served on a loopback port.

pub mod api;
pub mod browser;
pub mod cup;
pub mod desk;
pub mod hall;
pub mod knockout;
pub mod opening;
pub mod process;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::OnceLock;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{ConnectOptions, PgPool};
use tengen::config::WebConfig;
use tengen::store::Store;
use tengen::store::embedded::EmbeddedCluster;
use tengen::web::{self, AppState};

/// How to reach the server that holds the tests' databases.
struct Server {
    options: PgConnectOptions,
    /// Kept alive for the whole test process; a watchdog stops it after.
    _cluster: Option<EmbeddedCluster>,
}

fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| match std::env::var("DATABASE_URL") {
        Ok(url) => Server {
            options: url.parse().expect("DATABASE_URL is a PostgreSQL URL"),
            _cluster: None,
        },
        Err(_) => {
            let dir = std::env::temp_dir().join(format!("tengen-test-{}", std::process::id()));
            let cluster =
                EmbeddedCluster::start(&dir.join("pg")).expect("start the embedded test cluster");
            stop_after_exit(&dir, cluster.data_dir());
            Server {
                options: cluster.connect_options(),
                _cluster: Some(cluster),
            }
        }
    })
}

/// Statics are never dropped, so a small watchdog stops the cluster and
/// removes its files once this test process has exited.
fn stop_after_exit(dir: &std::path::Path, data_dir: &std::path::Path) {
    let script = format!(
        "while kill -0 {pid} 2>/dev/null; do sleep 0.5; done; \
         kill -INT $(head -1 '{data}/postmaster.pid') 2>/dev/null; sleep 3; rm -rf '{dir}'",
        pid = std::process::id(),
        data = data_dir.display(),
        dir = dir.display()
    );
    // Never waited for on purpose: it must outlive this process.
    #[allow(clippy::zombie_processes)]
    std::process::Command::new("sh")
        .args(["-c", &script])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start the cluster watchdog");
}

/// A new, empty, migrated database for one test.
pub async fn fresh_database() -> PgPool {
    let server = server();
    let name = format!("tengen_test_{}", uuid::Uuid::new_v4().simple());
    let mut admin = server
        .options
        .clone()
        .connect()
        .await
        .expect("connect to the test server");
    sqlx::query(&format!("create database {name}"))
        .execute(&mut admin)
        .await
        .expect("create a test database");
    let pool = PgPoolOptions::new()
        .max_connections(5)
        .connect_with(server.options.clone().database(&name))
        .await
        .expect("connect to the test database");
    Store::migrated(pool)
        .await
        .expect("migrate the test database")
        .pool
}

/// The app on a loopback port, with a browser-like client.
pub struct TestApp {
    pub base: String,
    pub pool: PgPool,
    pub client: reqwest::Client,
}

impl TestApp {
    pub async fn start() -> TestApp {
        Self::start_with(WebConfig::default()).await
    }

    /// The app under a site configuration of the test's own: limits, or
    /// `trusted_proxy` set to loopback, which makes the server believe a
    /// test's `X-Forwarded-For`.
    pub async fn start_with(config: WebConfig) -> TestApp {
        let pool = fresh_database().await;
        let state = AppState::new(Store::on(pool.clone()), config);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move {
            axum::serve(
                listener,
                web::router(state).into_make_service_with_connect_info::<SocketAddr>(),
            )
            .await
            .unwrap();
        });
        TestApp {
            base: format!("http://{address}"),
            pool,
            client: browser(),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// A second person with their own cookies.
    pub fn new_client(&self) -> reqwest::Client {
        browser()
    }

    /// Creates an account directly (no HTTP), as `tengen admin create-user` would.
    pub async fn account(&self, username: &str, admin: bool, organiser: bool) {
        let store = Store::on(self.pool.clone());
        tengen::desk::accounts::create_account(&store, username, "", PASSWORD, admin, organiser)
            .await
            .unwrap()
            .unwrap();
    }

    /// Signs `client` in, and checks it worked.
    pub async fn log_in(&self, client: &reqwest::Client, username: &str) {
        let res = self
            .post_form(
                client,
                "/login",
                &[("username", username), ("password", PASSWORD)],
            )
            .await;
        assert_eq!(res.status(), 303, "login of {username} failed");
    }

    /// GETs a page and parses it.
    pub async fn get_html(&self, client: &reqwest::Client, path: &str) -> (u16, scraper::Html) {
        let res = client.get(self.url(path)).send().await.unwrap();
        let status = res.status().as_u16();
        (
            status,
            scraper::Html::parse_document(&res.text().await.unwrap()),
        )
    }

    /// GETs a page or a file as `client` and reads it as text, whatever the status.
    pub async fn get_text(&self, client: &reqwest::Client, path: &str) -> String {
        let res = client.get(self.url(path)).send().await.unwrap();
        res.text().await.unwrap()
    }

    /// GETs `path` as `client` and reads it as JSON, whatever the status.
    pub async fn get_json<T: serde::de::DeserializeOwned>(
        &self,
        client: &reqwest::Client,
        path: &str,
    ) -> T {
        let res = client.get(self.url(path)).send().await.unwrap();
        res.json().await.unwrap()
    }

    /// POSTs a form the way a browser does: with the page's CSRF token.
    pub async fn post_form(
        &self,
        client: &reqwest::Client,
        path: &str,
        fields: &[(&str, &str)],
    ) -> reqwest::Response {
        let token = self.csrf_token(client).await;
        let mut body: Vec<(&str, &str)> = fields.to_vec();
        body.push(("csrf", &token));
        client
            .post(self.url(path))
            .form(&body)
            .send()
            .await
            .unwrap()
    }

    /// POSTs a form that must succeed with a redirect (303).
    pub async fn post_ok(&self, client: &reqwest::Client, path: &str, fields: &[(&str, &str)]) {
        let res = self.post_form(client, path, fields).await;
        assert_eq!(res.status(), 303, "POST {path}");
    }

    /// A file upload as a browser's form sends it: the CSRF token first
    /// (the server reads it before the file), the other fields, then the
    /// file as `file`.
    pub async fn upload_form(
        &self,
        client: &reqwest::Client,
        fields: &[(&str, &str)],
        file_name: &str,
        bytes: Vec<u8>,
    ) -> reqwest::multipart::Form {
        let mut form = reqwest::multipart::Form::new().text("csrf", self.csrf_token(client).await);
        for (name, value) in fields {
            form = form.text(name.to_string(), value.to_string());
        }
        form.part(
            "file",
            reqwest::multipart::Part::bytes(bytes).file_name(file_name.to_owned()),
        )
    }

    /// POSTs [`TestApp::upload_form`] to `path`.
    pub async fn upload(
        &self,
        client: &reqwest::Client,
        path: &str,
        fields: &[(&str, &str)],
        file_name: &str,
        bytes: Vec<u8>,
    ) -> reqwest::Response {
        let form = self.upload_form(client, fields, file_name, bytes).await;
        client
            .post(self.url(path))
            .multipart(form)
            .send()
            .await
            .unwrap()
    }

    /// The CSRF token the server gave this client, read from a rendered form.
    pub async fn csrf_token(&self, client: &reqwest::Client) -> String {
        let (_, page) = self.get_html(client, "/login").await;
        csrf_field(&page)
    }
}

/// The password every test account gets.
pub const PASSWORD: &str = "a long test password";

/// The value of a page's `csrf` form field.
pub fn csrf_field(page: &scraper::Html) -> String {
    let selector = scraper::Selector::parse("input[name=csrf]").unwrap();
    page.select(&selector)
        .next()
        .and_then(|e| e.value().attr("value"))
        .expect("a csrf field on the page")
        .to_string()
}

/// A client that keeps cookies and shows redirects instead of following them.
pub fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// Text of the first element matching a CSS selector.
pub fn text(page: &scraper::Html, selector: &str) -> Option<String> {
    let selector = scraper::Selector::parse(selector).unwrap();
    page.select(&selector)
        .next()
        .map(|e| e.text().collect::<String>().trim().to_string())
}

/// The real MacMahon files of the shared fixtures, in name order.
pub fn macmahon_files(fixtures: &std::path::Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(fixtures.join("macmahon"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "xml"))
        .collect();
    files.sort();
    files
}

/// The project's `../shared/fixtures`, when present.
pub fn shared_fixtures() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures");
    dir.is_dir().then_some(dir)
}

/// The values a browser would submit for a form: inputs (checkboxes only
/// when checked), text areas and each select's chosen option.
pub fn form_values(page: &scraper::Html, form: &str) -> Vec<(String, String)> {
    let form_sel = scraper::Selector::parse(form).unwrap();
    let form = page
        .select(&form_sel)
        .next()
        .unwrap_or_else(|| panic!("no form {form:?} on the page"));
    let mut values = Vec::new();
    for input in form.select(&scraper::Selector::parse("input[name]").unwrap()) {
        let e = input.value();
        if matches!(e.attr("type"), Some("checkbox") | Some("radio")) && e.attr("checked").is_none()
        {
            continue;
        }
        values.push((
            e.attr("name").unwrap().to_string(),
            e.attr("value").unwrap_or("").to_string(),
        ));
    }
    for area in form.select(&scraper::Selector::parse("textarea[name]").unwrap()) {
        values.push((
            area.value().attr("name").unwrap().to_string(),
            area.text().collect(),
        ));
    }
    for select in form.select(&scraper::Selector::parse("select[name]").unwrap()) {
        let options: Vec<_> = select
            .select(&scraper::Selector::parse("option").unwrap())
            .collect();
        let chosen = options
            .iter()
            .find(|o| o.value().attr("selected").is_some())
            .or(options.first());
        let value = chosen.and_then(|o| o.value().attr("value")).unwrap_or("");
        values.push((
            select.value().attr("name").unwrap().to_string(),
            value.to_string(),
        ));
    }
    values
}

impl TestApp {
    /// Loads the page at `page_path`, fills its form like a person would
    /// (changing only `changes`; `("-name", "")` unticks a box), and submits it to `action`.
    pub async fn submit(
        &self,
        client: &reqwest::Client,
        page_path: &str,
        form: &str,
        action: &str,
        changes: &[(&str, &str)],
    ) -> reqwest::Response {
        let (status, page) = self.get_html(client, page_path).await;
        assert_eq!(status, 200, "GET {page_path}");
        let mut values = form_values(&page, form);
        for (name, value) in changes {
            // "-field" unticks a box: the field is not sent at all.
            if let Some(field) = name.strip_prefix('-') {
                values.retain(|(n, _)| n != field);
                continue;
            }
            match values.iter_mut().find(|(n, _)| n == name) {
                Some(slot) => slot.1 = value.to_string(),
                None => values.push((name.to_string(), value.to_string())),
            }
        }
        client
            .post(self.url(action))
            .form(&values)
            .send()
            .await
            .unwrap()
    }

    /// Creates a tournament through the form, its defaults with `changes`.
    pub async fn create_tournament_with(
        &self,
        client: &reqwest::Client,
        changes: &[(&str, &str)],
    ) -> reqwest::Response {
        self.submit(
            client,
            "/tournaments/new",
            "[data-test=tournament-form]",
            "/tournaments",
            changes,
        )
        .await
    }

    /// Changes the settings of `/t/<short>` through its form, its values
    /// as they stand with `changes`.
    pub async fn change_settings(
        &self,
        client: &reqwest::Client,
        short: &str,
        changes: &[(&str, &str)],
    ) -> reqwest::Response {
        let path = format!("/t/{short}/settings");
        self.submit(client, &path, "[data-test=tournament-form]", &path, changes)
            .await
    }

    /// Registers a player (or a side) in `/t/<short>` through the player
    /// form, its defaults with `changes`.
    pub async fn register(
        &self,
        client: &reqwest::Client,
        short: &str,
        changes: &[(&str, &str)],
    ) -> reqwest::Response {
        let (form, list) = (
            format!("/t/{short}/players/new"),
            format!("/t/{short}/players"),
        );
        self.submit(client, &form, "[data-test=player-form]", &list, changes)
            .await
    }

    /// A person registering themselves in `/t/<short>` through the public
    /// form, its defaults with `changes`.
    pub async fn self_register(
        &self,
        client: &reqwest::Client,
        short: &str,
        changes: &[(&str, &str)],
    ) -> reqwest::Response {
        let path = format!("/t/{short}/register");
        self.submit(client, &path, "[data-test=register-form]", &path, changes)
            .await
    }

    /// Creates a tournament through the form, with its defaults.
    pub async fn create_tournament(
        &self,
        client: &reqwest::Client,
        short: &str,
        name: &str,
    ) -> reqwest::Response {
        let changes = [
            ("name", name),
            ("short_name", short),
            ("time_zone", "Europe/Kyiv"),
        ];
        self.create_tournament_with(client, &changes).await
    }
}

/// A line of the EGD rating list (`egf_db.txt`, its columns) for a
/// Ukrainian player.
pub fn egd_line(pin: &str, names: &str, club: &str, grade: &str, gor: i32) -> String {
    format!(" {pin:>8}  {names:<37} UA  {club:<4}   {grade:>3}   --   {gor:>4}     1  T171125N\n")
}

/// An EGD list of `date` in windows-1251, as a Ukrainian federation might save it.
pub fn egd_list(date: &str, lines: &[String]) -> Vec<u8> {
    let text = format!("<pre>\n({date})\n{}</pre>\n", lines.concat());
    encoding_rs::WINDOWS_1251.encode(&text).0.into_owned()
}
