//! Accounts, sessions, CSRF, rate limits, roles and languages, through HTTP
//! against a real PostgreSQL.

use crate::common;

use common::{TestApp, text};

#[tokio::test]
async fn signing_in_starts_a_session_and_signing_out_ends_it() {
    let app = TestApp::start().await;
    let client = app.organiser("anna").await;
    let (status, page) = app.get_html(&client, "/account").await;
    assert_eq!(status, 200);
    assert_eq!(text(&page, "[data-test=username]").as_deref(), Some("anna"));

    let res = app.post_form(&client, "/logout", &[]).await;
    assert_eq!(res.status(), 303);
    let res = client.get(app.url("/account")).send().await.unwrap();
    assert_eq!(
        res.status(),
        303,
        "signed out, the account page sends to the login"
    );
    assert!(
        res.headers()["location"]
            .to_str()
            .unwrap()
            .starts_with("/login")
    );
}

#[tokio::test]
async fn a_wrong_password_is_refused_with_a_message() {
    let app = TestApp::start().await;
    app.account("anna", false, true).await;
    let client = app.new_client();
    let res = app
        .post_form(
            &client,
            "/login",
            &[("username", "anna"), ("password", "not the password")],
        )
        .await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(text(&page, "[data-test=login-error]").is_some());
    let res = client.get(app.url("/account")).send().await.unwrap();
    assert_eq!(res.status(), 303, "no session after a failed login");
}

/// The peak memory of this process since the last reset, in bytes, and the
/// reset: Linux's VmHWM, reset by writing 5 to `clear_refs`.
fn peak_memory() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    let kb: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kb * 1024
}

fn reset_peak_memory() {
    std::fs::write("/proc/self/clear_refs", "5").unwrap();
}

/// Every attempt is counted before its password is checked, so parallel
/// guesses cannot all slip in before the first failure is counted; and
/// the checks run a few at a time, so memory stays bounded (each argon2
/// check takes 19 MiB: forty at once took the server from 22 to 894 MB).
#[tokio::test]
async fn forty_parallel_wrong_passwords_get_five_checks_and_the_rest_wait() {
    let app = TestApp::start().await;
    app.account("anna", false, true).await;
    let clients: Vec<reqwest::Client> = (0..40).map(|_| app.new_client()).collect();
    let mut forms = Vec::new();
    for client in &clients {
        forms.push((client, app.csrf_token(client).await));
    }
    let attempts = forms.iter().map(|(client, csrf)| async {
        client
            .post(app.url("/login"))
            .form(&[
                ("csrf", csrf.as_str()),
                ("username", "anna"),
                ("password", "guess guess guess"),
            ])
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    });
    reset_peak_memory();
    let before = peak_memory();
    let statuses = futures_util::future::join_all(attempts).await;
    let rise = peak_memory().saturating_sub(before);
    let checked = statuses.iter().filter(|s| **s == 422).count();
    let waiting = statuses.iter().filter(|s| **s == 429).count();
    assert_eq!((checked, waiting), (5, 35), "{statuses:?}");
    assert!(
        rise < 200 << 20,
        "memory rose by {} MiB during the attempts",
        rise >> 20
    );
}

#[tokio::test]
async fn repeated_failures_make_the_account_wait_even_with_the_right_password() {
    let app = TestApp::start().await;
    app.account("anna", false, true).await;
    let client = app.new_client();
    for _ in 0..5 {
        let res = app
            .post_form(
                &client,
                "/login",
                &[("username", "anna"), ("password", "guess guess guess")],
            )
            .await;
        assert_eq!(res.status(), 422);
    }
    let res = app
        .post_form(
            &client,
            "/login",
            &[("username", "anna"), ("password", common::PASSWORD)],
        )
        .await;
    assert_eq!(res.status(), 429);
    // Another account from the same address is not locked by anna's failures.
    app.account("boris", false, false).await;
    app.log_in(&app.new_client(), "boris").await;
}

#[tokio::test]
async fn a_form_without_its_csrf_token_is_refused() {
    let app = TestApp::start().await;
    let client = app.organiser("anna").await;

    let res = client
        .post(app.url("/logout"))
        .form(&[("x", "1")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 403);
    let res = client
        .post(app.url("/logout"))
        .form(&[("csrf", "0".repeat(64))])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 403);
    let token = app.csrf_token(&client).await;
    let res = client
        .post(app.url("/logout"))
        .header("origin", "https://evil.example")
        .form(&[("csrf", token.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status(),
        403,
        "a cross-site origin is refused even with the token"
    );
    let (status, _) = app.get_html(&client, "/account").await;
    assert_eq!(status, 200, "still signed in: nothing was done");
}

async fn create_tournament(app: &TestApp, client: &reqwest::Client, short: &str) {
    let res = app.create_tournament(client, short, "Kyiv Open").await;
    assert_eq!(res.status(), 303);
    assert_eq!(res.headers()["location"], format!("/t/{short}").as_str());
}

#[tokio::test]
async fn a_referee_cannot_change_tournament_settings_but_a_co_organiser_can() {
    let app = TestApp::start().await;
    app.account("owner", false, true).await;
    app.account("ref", false, false).await;
    app.account("co", false, false).await;
    let owner = app.signed_in("owner").await;
    create_tournament(&app, &owner, "kyiv-open").await;
    for (user, role) in [("ref", "referee"), ("co", "co_organiser")] {
        let res = app
            .post_form(
                &owner,
                "/t/kyiv-open/staff",
                &[("username", user), ("role", role)],
            )
            .await;
        assert_eq!(res.status(), 303);
    }

    let referee = app.signed_in("ref").await;
    let (status, _) = app.get_html(&referee, "/t/kyiv-open/settings").await;
    assert_eq!(status, 403);
    let fields = [
        ("name", "Renamed"),
        ("short_name", "kyiv-open"),
        ("time_zone", "UTC"),
        ("version", "0"),
    ];
    let res = app
        .post_form(&referee, "/t/kyiv-open/settings", &fields)
        .await;
    assert_eq!(res.status(), 403);
    let (_, page) = app.get_html(&referee, "/t/kyiv-open").await;
    assert_eq!(
        text(&page, "h1").as_deref(),
        Some("Kyiv Open"),
        "the refused change left nothing behind"
    );
    assert!(
        text(&page, "[data-test=settings-link]").is_none(),
        "no settings link for a referee"
    );

    let co = app.signed_in("co").await;
    let res = app
        .change_settings(&co, "kyiv-open", &[("name", "Renamed")])
        .await;
    assert_eq!(res.status(), 303);
    let (_, page) = app.get_html(&co, "/t/kyiv-open").await;
    assert_eq!(text(&page, "h1").as_deref(), Some("Renamed"));
    let (status, page) = app.get_html(&owner, "/t/kyiv-open/audit").await;
    assert_eq!(status, 200);
    let rows = page
        .select(&scraper::Selector::parse("[data-test=audit-row]").unwrap())
        .count();
    assert_eq!(
        rows, 4,
        "creation, two staff grants and the settings change are logged"
    );
}

#[tokio::test]
async fn a_stale_settings_form_changes_nothing() {
    let app = TestApp::start().await;
    let owner = app.organiser("owner").await;
    create_tournament(&app, &owner, "cup").await;
    let form = "[data-test=tournament-form]";
    let (_, page) = app.get_html(&owner, "/t/cup/settings").await;
    let loaded = common::form_values(&page, form);
    let res = app
        .change_settings(&owner, "cup", &[("name", "First edit")])
        .await;
    assert_eq!(res.status(), 303);
    let stale: Vec<(String, String)> = loaded
        .into_iter()
        .map(|(k, v)| {
            if k == "name" {
                (k, "Stale edit".to_string())
            } else {
                (k, v)
            }
        })
        .collect();
    let res = owner
        .post(app.url("/t/cup/settings"))
        .form(&stale)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 409);
    let (_, page) = app.get_html(&owner, "/t/cup").await;
    assert_eq!(text(&page, "h1").as_deref(), Some("First edit"));
}

#[tokio::test]
async fn invalid_tournament_fields_rerender_the_form_with_messages() {
    let app = TestApp::start().await;
    let owner = app.organiser("owner").await;
    create_tournament(&app, &owner, "cup").await;
    let res = app.create_tournament(&owner, "cup", "Another").await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(text(&page, "[data-test=short_name-error]").is_some());
    let form = "[data-test=tournament-form]";
    let changes = [
        ("name", ""),
        ("short_name", "a b"),
        ("time_zone", "Mars/Olympus"),
        ("komi", "6.3"),
    ];
    let res = app
        .submit(&owner, "/tournaments/new", form, "/tournaments", &changes)
        .await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let messages = page
        .select(&scraper::Selector::parse(".field-error").unwrap())
        .count();
    assert_eq!(messages, 4);
    let kept = common::form_values(&page, form);
    assert!(
        kept.contains(&("komi".to_string(), "6.3".to_string())),
        "the refused form keeps what was typed"
    );
}

#[tokio::test]
async fn people_without_the_organiser_role_cannot_create_tournaments() {
    let app = TestApp::start().await;
    let client = app.person("player").await;
    let (status, _) = app.get_html(&client, "/tournaments/new").await;
    assert_eq!(status, 403);
}

/// The door itself refuses a tournament made for an account that may not
/// create one, whichever way it comes (form, API, file, final stage, CLI).
#[tokio::test]
async fn the_door_refuses_a_tournament_owned_by_an_account_that_may_not_create_one() {
    use tengen::core::command::{Header, Refusal, State};
    use tengen::core::{Settings, Tournament};
    use tengen::desk::{Desk, DeskError};
    let store = tengen::store::Store::on(common::fresh_database().await);
    let create = tengen::desk::accounts::create_account;
    let player = create(&store, "player", "", common::PASSWORD, false, false)
        .await
        .unwrap()
        .unwrap();
    let organiser = create(&store, "org", "", common::PASSWORD, false, true)
        .await
        .unwrap()
        .unwrap();
    let desk = Desk::new(store.clone(), None);
    let state = || {
        let mut settings = Settings::default();
        settings.general.short_name = "cup".into();
        settings.general.name = "Cup".into();
        State::new(Tournament::new(settings), Header::default())
    };
    let made = |owner| {
        desk.create(
            owner,
            state(),
            tengen::core::audit::Event::CreateTournament,
            serde_json::Value::Null,
        )
    };
    assert!(matches!(
        made(player.account_id).await,
        Err(DeskError::Refused(Refusal::Forbidden))
    ));
    assert!(made(uuid::Uuid::new_v4()).await.is_err(), "no such account");
    made(organiser.account_id)
        .await
        .expect("an organiser creates it");
}

#[tokio::test]
async fn the_language_switch_shows_russian_and_ukrainian_text() {
    let app = TestApp::start().await;
    let client = app.new_client();
    let (_, page) = app.get_html(&client, "/").await;
    assert_eq!(
        text(&page, "[data-test=login-link]").as_deref(),
        Some("Sign in")
    );

    for (code, sign_in) in [("ru", "Войти"), ("uk", "Увійти"), ("en", "Sign in")] {
        let res = client
            .get(app.url(&format!("/language/{code}?back=/login")))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 303);
        assert_eq!(res.headers()["location"], "/login");
        let (_, page) = app.get_html(&client, "/").await;
        assert_eq!(
            text(&page, "[data-test=login-link]").as_deref(),
            Some(sign_in)
        );
        let html = page
            .select(&scraper::Selector::parse("html").unwrap())
            .next()
            .unwrap();
        assert_eq!(html.value().attr("lang"), Some(code));
    }
}

#[tokio::test]
async fn the_browser_language_is_used_until_one_is_chosen() {
    let app = TestApp::start().await;
    let res = app
        .client
        .get(app.url("/"))
        .header("accept-language", "uk-UA,uk;q=0.9,en;q=0.5")
        .send()
        .await
        .unwrap();
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        text(&page, "[data-test=login-link]").as_deref(),
        Some("Увійти")
    );
}

#[tokio::test]
async fn unknown_pages_get_a_404_page_in_the_layout() {
    let app = TestApp::start().await;
    let res = app
        .client
        .get(app.url("/no/such/page"))
        .header("accept-language", "ru")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 404);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        text(&page, "[data-test=error]").as_deref(),
        Some("404 — Страница не найдена.")
    );
    assert!(text(&page, "header.site").is_some());
}

#[tokio::test]
async fn an_error_page_keeps_the_signed_in_persons_header() {
    let app = TestApp::start().await;
    let org = app.organiser("org").await;
    let (status, page) = app.get_html(&org, "/t/nowhere/players").await;
    assert_eq!(status, 404);
    assert!(text(&page, "[data-test=account-link]").is_some());
    assert!(text(&page, "[data-test=login-link]").is_none());
}

#[tokio::test]
async fn setup_creates_the_first_administrator_once() {
    let app = TestApp::start().await;
    let client = app.new_client();
    let (status, _) = app.get_html(&client, "/setup").await;
    assert_eq!(status, 200);
    let res = app
        .post_form(
            &client,
            "/setup",
            &[
                ("username", "root"),
                ("display_name", "Chief"),
                ("password", "short"),
            ],
        )
        .await;
    assert_eq!(res.status(), 422, "a short password is refused");
    let fields = [
        ("username", "root"),
        ("display_name", "Chief"),
        ("password", common::PASSWORD),
    ];
    let res = app.post_form(&client, "/setup", &fields).await;
    assert_eq!(res.status(), 303);
    let (status, _) = app.get_html(&client, "/admin/accounts").await;
    assert_eq!(status, 200, "the first account administers the site");
    let res = app.post_form(&app.new_client(), "/setup", &fields).await;
    assert_eq!(res.status(), 409, "no second first administrator");
    let (status, page) = app.get_html(&app.new_client(), "/setup").await;
    assert_eq!(status, 200);
    assert!(
        text(&page, "[data-test=already-set-up]").is_some(),
        "the page says the site is set up, not that it does not exist"
    );
}

/// Least privilege: a referee's or committee member's account needs no
/// organiser role, so the new-account form does not tick it; a refused
/// form keeps what was ticked.
#[tokio::test]
async fn a_new_account_is_no_organiser_unless_ticked() {
    let app = TestApp::start().await;
    app.account("root", true, true).await;
    let admin = app.signed_in("root").await;
    let organiser_box = "form.stack input[name=organiser]";
    let ticked = |page: &scraper::Html| {
        let sel = scraper::Selector::parse(organiser_box).unwrap();
        page.select(&sel).next().unwrap().attr("checked").is_some()
    };
    let (_, page) = app.get_html(&admin, "/admin/accounts").await;
    assert!(!ticked(&page), "unticked by default");
    let mut fields = vec![
        ("username", "referee"),
        ("display_name", "Ref"),
        ("password", common::PASSWORD),
    ];
    let res = app.post_form(&admin, "/admin/accounts", &fields).await;
    assert_eq!(res.status(), 303);
    let referee = app.signed_in("referee").await;
    let (status, _) = app.get_html(&referee, "/tournaments/new").await;
    assert_eq!(
        status, 403,
        "an account made without the tick creates nothing"
    );

    fields[0] = ("username", "org2");
    fields[2] = ("password", "short");
    fields.push(("organiser", "on"));
    let res = app.post_form(&admin, "/admin/accounts", &fields).await;
    assert_eq!(res.status(), 422);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(ticked(&page), "a refused form keeps the tick");
}

#[tokio::test]
async fn setup_through_a_proxy_is_refused() {
    let app = TestApp::start().await;
    let res = app
        .client
        .get(app.url("/setup"))
        .header("x-forwarded-for", "203.0.113.9")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 403);
}

#[tokio::test]
async fn api_tokens_authenticate_api_calls_until_revoked() {
    let app = TestApp::start().await;
    let client = app.organiser("anna").await;
    let res = app
        .post_form(&client, "/account/tokens", &[("label", "scoreboard")])
        .await;
    assert_eq!(res.status(), 200);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let token = text(&page, "[data-test=new-token]").expect("the new token is shown once");

    let (anna, nobody) = (app.api().with_token(&token), app.api());
    let (status, me) = anna.get("/me").await;
    assert_eq!(status, 200);
    assert_eq!(me["username"], "anna");
    let (status, body) = nobody.get("/me").await;
    assert_eq!(status, 401);
    assert_eq!(body["error"], "error.unauthorized");

    let id: uuid::Uuid = sqlx::query_scalar("select api_token_id from api_token")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let res = app
        .post_form(&client, &format!("/account/tokens/{id}/delete"), &[])
        .await;
    assert_eq!(res.status(), 303);
    assert_eq!(anna.get("/me").await.0, 401);
}

#[tokio::test]
async fn healthz_says_the_process_is_up_and_readyz_that_the_database_is_migrated() {
    let app = TestApp::start().await;
    let res = app.client.get(app.url("/healthz")).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let res = app.client.get(app.url("/readyz")).send().await.unwrap();
    assert_eq!(res.status(), 200);
    sqlx::query(
        "delete from _sqlx_migrations where version = (select max(version) from _sqlx_migrations)",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let res = app.client.get(app.url("/readyz")).send().await.unwrap();
    assert_eq!(res.status(), 503, "a migration this build knows is missing");
}

#[tokio::test]
async fn the_audit_log_refuses_updates_deletes_and_truncation() {
    let app = TestApp::start().await;
    let store = tengen::store::Store::on(app.pool.clone());
    tengen::store::audit::record(
        &store.pool,
        None,
        None,
        &tengen::core::audit::Event::parse("test"),
        None,
        None,
    )
    .await
    .unwrap();
    let result = sqlx::query("update audit_log set action = 'forged'")
        .execute(&app.pool)
        .await;
    assert!(result.is_err(), "audit_log rows cannot be rewritten");
    for statement in ["delete from audit_log", "truncate audit_log"] {
        let result = sqlx::query(statement).execute(&app.pool).await;
        assert!(
            result.is_err(),
            "{statement}: audit_log rows cannot be removed"
        );
    }
    let kept: i64 = sqlx::query_scalar("select count(*) from audit_log")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(kept >= 1);
}

/// The app behind a proxy on loopback, and a sign-in as from `address`.
async fn sign_in_from(
    app: &TestApp,
    client: &reqwest::Client,
    address: &str,
    username: &str,
    password: &str,
) -> reqwest::Response {
    let csrf = app.csrf_token(client).await;
    client
        .post(app.url("/login"))
        .header("x-forwarded-for", address)
        .form(&[
            ("csrf", csrf.as_str()),
            ("username", username),
            ("password", password),
        ])
        .send()
        .await
        .unwrap()
}

fn behind_proxy() -> tengen::config::WebConfig {
    tengen::config::WebConfig {
        trusted_proxy: Some(std::net::Ipv4Addr::LOCALHOST.into()),
        ..Default::default()
    }
}

/// Issue 29, item 3: failures count per account and address, so a
/// stranger's guesses do not hold the owner elsewhere; the 429 says when
/// to try again, in `Retry-After` and in words on the sign-in page.
#[tokio::test]
async fn wrong_passwords_from_one_address_do_not_stop_the_right_one_from_another() {
    let app = TestApp::start_with(behind_proxy()).await;
    app.account("anna", false, true).await;
    let stranger = app.new_client();
    for _ in 0..5 {
        let res = sign_in_from(&app, &stranger, "203.0.113.1", "anna", "guess guess guess").await;
        assert_eq!(res.status(), 422);
    }
    let res = sign_in_from(&app, &stranger, "203.0.113.1", "anna", common::PASSWORD).await;
    assert_eq!(res.status(), 429, "the guessing address waits");
    let wait: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=900).contains(&wait), "Retry-After: {wait}");
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let said = text(&page, "[data-test=login-error]").unwrap();
    assert!(said.contains(&format!("Try again in {wait} s")), "{said}");

    let owner = app.new_client();
    let res = sign_in_from(&app, &owner, "198.51.100.7", "anna", common::PASSWORD).await;
    assert_eq!(res.status(), 303, "the owner signs in from another address");
}

/// Guesses from many addresses reach the account's ceiling and wait; an
/// address the owner signed in from before still works.
#[tokio::test]
async fn an_address_that_signed_in_before_is_not_held_by_the_accounts_ceiling() {
    let app = TestApp::start_with(behind_proxy()).await;
    app.account("anna", false, true).await;
    let owner = app.new_client();
    let res = sign_in_from(&app, &owner, "198.51.100.7", "anna", common::PASSWORD).await;
    assert_eq!(res.status(), 303);
    let stranger = app.new_client();
    // The owner's sign-in was the account's first attempt.
    for i in 1..tengen::web::auth::FREE_PER_ACCOUNT {
        let address = format!("203.0.113.{}", i / 5 + 1);
        let res = sign_in_from(&app, &stranger, &address, "anna", "guess guess guess").await;
        assert_eq!(res.status(), 422, "attempt {i}");
    }
    let res = sign_in_from(&app, &stranger, "192.0.2.1", "anna", common::PASSWORD).await;
    assert_eq!(
        res.status(),
        429,
        "a new address waits once the ceiling is reached"
    );
    assert!(res.headers().contains_key("retry-after"));
    let res = sign_in_from(
        &app,
        &app.new_client(),
        "198.51.100.7",
        "anna",
        common::PASSWORD,
    )
    .await;
    assert_eq!(res.status(), 303, "the owner's address is not held");
}

/// Issue 29, item 2: `back` and `next` lead only to this site's paths.
#[tokio::test]
async fn redirects_stay_on_this_site() {
    let app = TestApp::start().await;
    app.account("anna", false, true).await;
    let client = app.new_client();
    for back in [
        "/%5Cevil.example/",
        "/%09/evil.example",
        "//evil.example",
        "https://evil.example/",
        "/%2F/evil.example",
    ] {
        let res = client
            .get(app.url(&format!("/language/en?back={back}")))
            .send()
            .await
            .unwrap();
        // A tab in an address is refused before any handler reads it.
        if back.contains("%09") {
            assert_eq!(res.status(), 400, "{back}");
            continue;
        }
        assert_eq!(res.status(), 303, "{back}");
        assert_eq!(res.headers()["location"], "/", "{back}");
    }
    let res = client
        .get(app.url("/language/en?back=/t/cup/standings"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["location"], "/t/cup/standings");

    let (_, page) = app
        .get_html(&client, "/login?next=%2F%5Cevil.example")
        .await;
    let next = page
        .select(&scraper::Selector::parse("input[name=next]").unwrap())
        .next()
        .and_then(|e| e.value().attr("value").map(str::to_string));
    assert_eq!(next.as_deref(), Some("/"));
    for next in ["//evil.example", "/\\evil.example", "/\t/evil.example"] {
        let res = app
            .post_form(
                &app.new_client(),
                "/login",
                &[
                    ("username", "anna"),
                    ("password", common::PASSWORD),
                    ("next", next),
                ],
            )
            .await;
        assert_eq!(res.status(), 303, "{next:?}");
        assert_eq!(res.headers()["location"], "/", "{next:?}");
    }
}
