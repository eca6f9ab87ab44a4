//! Headless Chromium (Debian's `chromium` and `chromium-driver`) driven over
//! WebDriver. Tests skip with a message where they are not installed;
//! `.ci/run` installs them.

use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";

/// A browser window of a given size; the driver process ends with it.
pub struct Browser {
    pub client: Client,
    driver: Child,
    _profile: tempfile::TempDir,
}

impl Drop for Browser {
    /// Ends the driver and the browser it started: they share a process
    /// group, so a test that panics before closing its session leaves no
    /// Chromium running.
    fn drop(&mut self) {
        let group = format!("-{}", self.driver.id());
        let _ = Command::new("kill").args(["-TERM", "--", &group]).status();
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Browser {
    /// Starts Chromium with a `width`×`height` viewport, or `None` (after
    /// saying why) when Chromium or its driver is not installed.
    pub async fn start(width: u32, height: u32) -> Option<Browser> {
        if !std::path::Path::new(CHROMEDRIVER).exists() || !std::path::Path::new(CHROMIUM).exists()
        {
            eprintln!(
                "skipped: browser test needs Debian's chromium and chromium-driver (apt install chromium chromium-driver)"
            );
            return None;
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let profile = tempfile::tempdir().unwrap();
        // The network flags keep Chromium from calling home on a closed network.
        let args = vec![
            "--headless=new".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--disable-dev-shm-usage".into(),
            "--disable-quic".into(),
            "--no-first-run".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--hide-scrollbars".into(),
            format!("--window-size={width},{height}"),
            format!("--user-data-dir={}", profile.path().display()),
        ];
        // Headless Chromium never makes a window narrower than 500 px, so the
        // page's viewport is set by emulation; `mobile: false` keeps it from
        // widening to fit a page that overflows, which would hide the overflow.
        let metrics = serde_json::json!({ "width": width, "height": height, "pixelRatio": 1.0, "mobile": false });
        let mut caps = serde_json::Map::new();
        // Console messages, script exceptions and failed loads, for `log`.
        caps.insert(
            "goog:loggingPrefs".into(),
            serde_json::json!({ "browser": "ALL" }),
        );
        caps.insert(
            "goog:chromeOptions".into(),
            serde_json::json!({
                "binary": CHROMIUM,
                "args": args,
                "mobileEmulation": { "deviceMetrics": metrics },
            }),
        );
        let url = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(30);
        let client = loop {
            match ClientBuilder::new(hyper_connector())
                .capabilities(caps.clone())
                .connect(&url)
                .await
            {
                Ok(client) => break client,
                Err(e) if Instant::now() > deadline => panic!("chromedriver did not start: {e}"),
                Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
            }
        };
        client.set_window_size(width, height).await.ok();
        Some(Browser {
            client,
            driver,
            _profile: profile,
        })
    }

    pub async fn goto(&self, url: &str) {
        self.client.goto(url).await.unwrap();
    }

    /// Signs in as `username` through `app`'s sign-in page, as a person types it.
    pub async fn log_in(&self, app: &super::TestApp, username: &str) {
        self.goto(&app.url("/login")).await;
        self.fill("#username", username).await;
        self.fill("#password", super::PASSWORD).await;
        self.submit("form.stack button[type=submit]").await;
    }

    /// Text of the first element matching a CSS selector.
    pub async fn text(&self, css: &str) -> String {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    }

    /// How many elements match a CSS selector.
    pub async fn count(&self, css: &str) -> usize {
        self.client.find_all(Locator::Css(css)).await.unwrap().len()
    }

    /// The text of every element matching a CSS selector.
    pub async fn texts(&self, css: &str) -> Vec<String> {
        let mut out = Vec::new();
        for e in self.client.find_all(Locator::Css(css)).await.unwrap() {
            out.push(e.text().await.unwrap());
        }
        out
    }

    /// Clicks something that loads a new page (a link, a form's button) and
    /// waits until the new page has loaded.
    pub async fn submit(&self, css: &str) {
        self.client
            .execute("window.__tengen_old_page = true", vec![])
            .await
            .unwrap();
        self.click(css).await;
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let loaded = self
                .client
                .execute(
                    "return window.__tengen_old_page === undefined && document.readyState === 'complete'",
                    vec![],
                )
                .await;
            if matches!(loaded, Ok(serde_json::Value::Bool(true))) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "no new page after clicking {css}"
            );
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    pub async fn click(&self, css: &str) {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    }

    pub async fn fill(&self, css: &str, value: &str) {
        let field = self.client.find(Locator::Css(css)).await.unwrap();
        field.clear().await.unwrap();
        field.send_keys(value).await.unwrap();
    }

    /// Chooses `value` in the select matching `css`, as a tap on the option would.
    pub async fn select(&self, css: &str, value: &str) {
        let script = "const e = document.querySelector(arguments[0]); e.value = arguments[1]; \
                      e.dispatchEvent(new Event('change', { bubbles: true }));";
        self.client
            .execute(script, vec![css.into(), value.into()])
            .await
            .unwrap();
    }

    /// The page printed to PDF on A4 with 1 cm margins, as Chromium's print
    /// dialog would (WebDriver's Print Page).
    pub async fn print_a4(&self) -> Vec<u8> {
        self.print_on(fantoccini::wd::PrintSize::A4).await
    }

    /// The page printed to PDF on paper of `size` with 1 cm margins.
    pub async fn print_on(&self, size: fantoccini::wd::PrintSize) -> Vec<u8> {
        let config = fantoccini::wd::PrintConfiguration::builder()
            .size(size)
            .build()
            .unwrap();
        self.client.print(config).await.unwrap()
    }

    /// Saves a PNG of the viewport under the test target's tmp dir and returns its path.
    pub async fn screenshot(&self, name: &str) -> PathBuf {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, self.client.screenshot().await.unwrap()).unwrap();
        path
    }
}

impl Browser {
    /// The browser's console since the last call: failed loads, script
    /// exceptions and `console.error` come as `SEVERE`.
    pub async fn log(&self) -> Vec<(String, String)> {
        let entries = self.client.issue_cmd(BrowserLog).await.unwrap();
        entries
            .as_array()
            .into_iter()
            .flatten()
            .map(|e| {
                let field = |k: &str| e[k].as_str().unwrap_or("").to_string();
                (field("level"), field("message"))
            })
            .collect()
    }

    /// Table cells that reach past the window's right edge where no
    /// scrolling box around them lets the reader get to them: a cell cut
    /// off (issue 31: the protocol on a phone), not a wide table that
    /// scrolls sideways.
    pub async fn cells_past_the_edge(&self) -> Vec<String> {
        let found = self
            .client
            .execute(
                "const edge = document.documentElement.clientWidth + 1;
                 const scrolls = cell => {
                   for (let a = cell.parentElement; a; a = a.parentElement) {
                     const x = getComputedStyle(a).overflowX;
                     if ((x === 'auto' || x === 'scroll') && a.scrollWidth > a.clientWidth) return true;
                   }
                   return false;
                 };
                 return [...document.querySelectorAll('td, th')]
                   .filter(c => { const r = c.getBoundingClientRect();
                                  return r.width > 0 && r.right > edge && !scrolls(c); })
                   .map(c => (c.closest('table').className || 'table') + ': '
                             + c.textContent.trim().slice(0, 30));",
                vec![],
            )
            .await
            .unwrap();
        strings(found)
    }

    /// Each place where one of `names` is laid out on more than two lines
    /// of a column narrower than three quarters of the window, with the
    /// number of lines and the element holding it (issue 31: a column
    /// squeezed until a name ran a letter a line). Lines are told apart by
    /// the tops of the name's boxes, and only those the reader sees count:
    /// a box clipped away (a name cut to two lines with an ellipsis) does
    /// not. A name in a box as wide as the page is running text, wrapped
    /// where the line ends.
    pub async fn names_over_two_lines(&self, names: &[&str]) -> Vec<String> {
        let found = self
            .client
            .execute(
                "const names = arguments[0];
                 const out = [];
                 const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
                 for (let node; (node = walk.nextNode()); ) {
                   const text = node.textContent;
                   let column = node.parentElement;
                   while (getComputedStyle(column).display.startsWith('inline')) column = column.parentElement;
                   if (column.getBoundingClientRect().width >= 0.75 * window.innerWidth) continue;
                   let clip = node.parentElement;
                   while (clip && getComputedStyle(clip).overflowY === 'visible') clip = clip.parentElement;
                   const seen = clip ? clip.getBoundingClientRect() : null;
                   for (const name of names) {
                     for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
                       const range = document.createRange();
                       range.setStart(node, i);
                       range.setEnd(node, i + name.length);
                       const tops = new Set();
                       for (const r of range.getClientRects()) {
                         if (r.width > 0 && (!seen || (r.top >= seen.top - 1 && r.bottom <= seen.bottom + 1))) {
                           tops.add(Math.round(r.top));
                         }
                       }
                       if (tops.size > 2) {
                         const e = node.parentElement;
                         out.push(name + ': ' + tops.size + ' lines in <' + e.tagName.toLowerCase()
                                  + (e.className ? '.' + e.className : '') + '>');
                       }
                     }
                   }
                 }
                 return out;",
                vec![serde_json::json!(names)],
            )
            .await
            .unwrap();
        strings(found)
    }

    /// How far the page is wider than the window, in CSS pixels.
    pub async fn overflow(&self) -> i64 {
        self.client
            .execute(
                "return document.documentElement.scrollWidth - window.innerWidth",
                vec![],
            )
            .await
            .unwrap()
            .as_i64()
            .unwrap()
    }
}

/// ChromeDriver's own command for the browser's console log.
#[derive(Debug)]
struct BrowserLog;

impl fantoccini::wd::WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/se/log",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(r#"{"type":"browser"}"#.into()))
    }
}

fn hyper_connector() -> hyper_util::client::legacy::connect::HttpConnector {
    hyper_util::client::legacy::connect::HttpConnector::new()
}

/// The strings of a script's array answer.
fn strings(value: serde_json::Value) -> Vec<String> {
    value
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect()
}
