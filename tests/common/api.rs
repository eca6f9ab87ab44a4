//! One client for the JSON API, the way a program holding an account's
//! token calls it: bearer auth, the reader's language, and writes that
//! carry the tournament's current version for the optimistic check.

use reqwest::RequestBuilder;
use serde_json::{Value, json};

use super::{TestApp, text};

/// Calls to `/api/v1` as one account (or as nobody), in one language.
#[derive(Clone)]
pub struct Api {
    base: String,
    /// Put before every path: `/tournaments/<short>` for a client of one tournament.
    prefix: String,
    http: reqwest::Client,
    token: Option<String>,
    lang: Option<String>,
}

impl TestApp {
    /// The API as the account `username`, signed in on a browser of its own
    /// to mint the token.
    pub async fn api_for(&self, username: &str) -> Api {
        let client = self.new_client();
        self.log_in(&client, username).await;
        self.api_as(&client).await
    }

    /// The API with a new token minted through the account page of the
    /// signed-in `client`, as a person gives one to a program.
    pub async fn api_as(&self, client: &reqwest::Client) -> Api {
        let token = self.api_token(client).await;
        Api {
            token: Some(token),
            ..self.api()
        }
    }

    /// A new API token of the signed-in `client`, as its page shows it once.
    pub async fn api_token(&self, client: &reqwest::Client) -> String {
        let res = self
            .post_form(client, "/account/tokens", &[("label", "test")])
            .await;
        let page = scraper::Html::parse_document(&res.text().await.unwrap());
        text(&page, "[data-test=new-token]").expect("the new token is shown")
    }

    /// The API without a token: what the public reads.
    pub fn api(&self) -> Api {
        Api {
            base: self.url("/api/v1"),
            prefix: String::new(),
            http: reqwest::Client::new(),
            token: None,
            lang: None,
        }
    }
}

impl Api {
    /// The API of a server at `base` (a `tengen serve` process of a test's
    /// own) with `token` (from `tengen admin token`).
    pub fn at_server(base: &str, token: &str) -> Api {
        Api {
            base: format!("{base}/api/v1"),
            prefix: String::new(),
            http: reqwest::Client::new(),
            token: Some(token.to_string()),
            lang: None,
        }
    }

    /// The same client sending another bearer (a foreign or a bad one).
    pub fn with_token(&self, token: &str) -> Api {
        Api {
            token: Some(token.to_string()),
            ..self.clone()
        }
    }

    /// The same client with its paths under `prefix`, e.g. one
    /// tournament's `/tournaments/<short>`.
    pub fn at(&self, prefix: &str) -> Api {
        Api {
            prefix: format!("{}{prefix}", self.prefix),
            ..self.clone()
        }
    }

    /// The same client reading its answers in `lang` (`Accept-Language`).
    pub fn lang(&self, lang: &str) -> Api {
        Api {
            lang: Some(lang.to_string()),
            ..self.clone()
        }
    }

    /// A request to `/api/v1{prefix}{path}` with this client's bearer and language,
    /// for a test that needs more of the request or the raw answer.
    pub fn request(&self, method: &str, path: &str) -> RequestBuilder {
        let method = method.parse().expect("an HTTP method");
        let url = format!("{}{}{path}", self.base, self.prefix);
        let mut request = self.http.request(method, url);
        if let Some(token) = &self.token {
            request = request.bearer_auth(token);
        }
        if let Some(lang) = &self.lang {
            request = request.header("Accept-Language", lang);
        }
        request
    }

    /// Sends `body` (none for `Value::Null`); the status and the answer,
    /// `Value::Null` when empty and a JSON string when it is not JSON.
    pub async fn send(&self, method: &str, path: &str, body: Value) -> (u16, Value) {
        let mut request = self.request(method, path);
        if !body.is_null() {
            request = request.json(&body);
        }
        let res = request.send().await.unwrap();
        let status = res.status().as_u16();
        let raw = res.text().await.unwrap();
        let answer = if raw.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&raw).unwrap_or(Value::String(raw))
        };
        (status, answer)
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        self.send("GET", path, Value::Null).await
    }

    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        self.send("POST", path, body).await
    }

    pub async fn put(&self, path: &str, body: Value) -> (u16, Value) {
        self.send("PUT", path, body).await
    }

    pub async fn delete(&self, path: &str) -> (u16, Value) {
        self.send("DELETE", path, Value::Null).await
    }

    /// A read that must succeed, and its answer.
    pub async fn read(&self, path: &str) -> Value {
        let (status, answer) = self.get(path).await;
        assert_eq!(status, 200, "GET {path}: {answer}");
        answer
    }

    /// A call that must succeed (200 or 201), and its answer.
    pub async fn ok(&self, method: &str, path: &str, body: Value) -> Value {
        let (status, answer) = self.send(method, path, body).await;
        assert!(
            status == 200 || status == 201,
            "{method} {path}: {status} {answer}"
        );
        answer
    }

    /// The current version of the tournament `path` is under
    /// (`/tournaments/<short>/…`, after the prefix).
    pub async fn version(&self, path: &str) -> i64 {
        let full = format!("{}{path}", self.prefix);
        let tournament = full.split('/').take(3).collect::<Vec<_>>().join("/");
        let detail = self.at_root().read(&tournament).await;
        detail["version"]
            .as_i64()
            .unwrap_or_else(|| panic!("{tournament} has a version: {detail}"))
    }

    /// The same client without a prefix.
    fn at_root(&self) -> Api {
        Api {
            prefix: String::new(),
            ..self.clone()
        }
    }

    /// A write based on the tournament's current version, which it adds to
    /// `body` (an object): its status and answer.
    pub async fn write(&self, method: &str, path: &str, mut body: Value) -> (u16, Value) {
        body["version"] = json!(self.version(path).await);
        self.send(method, path, body).await
    }
}

impl Api {
    /// Creates a tournament (`made` is the body of `POST /tournaments`),
    /// which must be accepted; the client at it.
    pub async fn create(&self, made: Value) -> Api {
        let (status, answer) = self.post("/tournaments", made.clone()).await;
        assert_eq!(status, 201, "create {made}: {answer}");
        let short = made["short_name"].as_str().expect("a short name");
        self.at(&format!("/tournaments/{short}"))
    }

    /// `PUT /settings` of the tournament at the prefix: the settings and
    /// header as read, and its rule text only if `change` changed it
    /// (absent, it stays as it is); `change` edits that body.
    pub async fn change_settings(&self, change: impl FnOnce(&mut Value)) -> (u16, Value) {
        let read = self.read("").await;
        let mut body = json!({ "version": read["version"], "settings": read["settings"],
            "header": read["header"], "discipline": read["discipline"] });
        change(&mut body);
        if body["discipline"] == read["discipline"] {
            body.as_object_mut().unwrap().remove("discipline");
        }
        self.put("/settings", body).await
    }

    /// Fixes the appeals committee of the tournament at the prefix: its
    /// members and reserves by name (none a player).
    pub async fn fix_committee(&self, members: &[&str], reserves: &[&str]) -> (u16, Value) {
        let named = |names: &[&str]| -> Vec<Value> {
            (names.iter())
                .map(|n| json!({ "name": n, "player": null }))
                .collect()
        };
        let body = json!({ "members": named(members), "reserves": named(reserves) });
        self.write("PUT", "/committee", body).await
    }

    /// Registers `player` in the tournament at the prefix, on its current version.
    pub async fn register(&self, player: Value) -> (u16, Value) {
        self.write("POST", "/players", player).await
    }
}

/// The `version` of a write's answer.
pub fn version(answer: &Value) -> i64 {
    answer["version"]
        .as_i64()
        .unwrap_or_else(|| panic!("a version in {answer}"))
}
