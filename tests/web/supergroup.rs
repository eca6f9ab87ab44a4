//! The supergroup through the API and the pages: off by default and enabled
//! in the settings (RFG code App. 7 §1.3 б–в), no geography between
//! top-group players under the RFG code (App. 9 §7.4), and a supergroup ban
//! recorded in one tournament flagged on the same person in a later one
//! (RFG 21(S).2 г; EGF GTR "debarred from a supergroup").

use crate::common;

use common::api::Api;
use common::{TestApp, text};
use serde_json::{Value, json};

/// One account's calls to `/api/v1`, with the steps these tests repeat.
struct Account {
    api: Api,
}

impl Account {
    async fn of(app: &TestApp, username: &str) -> Account {
        Account {
            api: app.api_for(username).await,
        }
    }

    /// A new organiser's account and its calls.
    async fn organiser(app: &TestApp, username: &str) -> Account {
        let browser = app.organiser(username).await;
        Account {
            api: app.api_as(&browser).await,
        }
    }

    /// The client at the tournament `short`.
    fn at(&self, short: &str) -> Api {
        self.api.at(&format!("/tournaments/{short}"))
    }

    async fn tournament(&self, short: &str) -> Value {
        self.at(short).get("").await.1
    }

    async fn create(&self, short: &str, name: &str) {
        let made = json!({ "name": name, "short_name": short, "time_zone": "Europe/Moscow" });
        self.api.create(made).await;
    }

    /// Changes the settings as `change` says, the tournament public or
    /// not, under the rule text given (else as it is).
    async fn settings(
        &self,
        short: &str,
        public: bool,
        discipline: Option<Value>,
        change: impl FnOnce(&mut Value),
    ) -> (u16, Value) {
        self.at(short)
            .change_settings(|body| {
                change(&mut body["settings"]);
                body["header"]["is_public"] = json!(public);
                if let Some(discipline) = discipline {
                    body["discipline"] = discipline;
                }
            })
            .await
    }

    /// Registers a player: the status and the answer.
    async fn register(&self, short: &str, player: Value) -> (u16, Value) {
        self.at(short).register(player).await
    }

    async fn ban(&self, short: &str, player: u64, until: Option<&str>) {
        let mut kind = json!({ "player": player, "scope": "the next championship" });
        if let Some(until) = until {
            kind["until"] = json!(until);
        }
        let act = json!({ "Sanction": { "kind": { "SupergroupBan": kind },
            "reason": "left the top group without a word" } });
        let (status, logged) = self
            .at(short)
            .write("POST", "/log", json!({ "act": act }))
            .await;
        assert_eq!(status, 201, "{logged}");
    }

    async fn players(&self, short: &str) -> Vec<Value> {
        let (_, list) = self.api.get(&format!("/tournaments/{short}/players")).await;
        list["players"].as_array().unwrap().clone()
    }
}

fn rules(ruleset: tengen::core::discipline::Ruleset) -> Value {
    let settings = tengen::core::discipline::DisciplineSettings::for_ruleset(ruleset);
    serde_json::to_value(settings).unwrap()
}

#[tokio::test]
async fn the_supergroup_is_off_by_default_and_enabled_in_the_tournament_settings() {
    let app = TestApp::start().await;
    let api = Account::organiser(&app, "org").await;
    api.create("open", "Open").await;
    assert_eq!(
        api.tournament("open").await["settings"]["supergroup"],
        false
    );
    // The default bar is 4d: a 5d with a correction of 1 starts above it.
    let strong = json!({ "name": "Strong", "rank": "5d", "smms_correction": 1 });
    let (status, refused) = api.register("open", strong.clone()).await;
    assert_eq!(status, 422, "{refused}");
    assert!(
        refused["detail"].as_str().unwrap().contains("supergroup"),
        "{refused}"
    );
    let (status, _) = api
        .settings("open", true, None, |s| s["supergroup"] = json!(true))
        .await;
    assert_eq!(status, 200);
    assert_eq!(api.register("open", strong).await.0, 201);
    // …and it cannot be turned off under the player it holds.
    let (status, refused) = api
        .settings("open", true, None, |s| s["supergroup"] = json!(false))
        .await;
    assert_eq!(status, 422, "{refused}");

    // The settings form shows it, ticked now.
    let owner = app.signed_in("org").await;
    let (_, form) = app.get_html(&owner, "/t/open/settings").await;
    let ticked = scraper::Selector::parse("[data-test=supergroup][checked]").unwrap();
    assert_eq!(form.select(&ticked).count(), 1);
}

#[tokio::test]
async fn the_rfg_code_pairs_the_top_group_without_geography_and_egf_tournaments_as_opengotha() {
    use tengen::core::discipline::Ruleset;
    let app = TestApp::start().await;
    let api = Account::organiser(&app, "org").await;
    api.create("rfg", "Cup of Russia").await;
    let geography = |t: &Value| t["settings"]["pairing"]["no_geography_in_top_group"].clone();
    assert_eq!(
        geography(&api.tournament("rfg").await),
        false,
        "as OpenGotha"
    );
    let (status, _) = api
        .settings("rfg", true, Some(rules(Ruleset::Rfg)), |_| {})
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        geography(&api.tournament("rfg").await),
        true,
        "RFG App. 9 §7.4"
    );
    let owner = app.signed_in("org").await;
    let (_, form) = app.get_html(&owner, "/t/rfg/settings").await;
    let ticked = "[data-test=no-geography-in-top-group][checked]";
    assert_eq!(
        form.select(&scraper::Selector::parse(ticked).unwrap())
            .count(),
        1
    );
    // The organiser may still turn it off, through the API as on the form.
    let (status, _) = api
        .settings("rfg", true, None, |s| {
            s["pairing"]["no_geography_in_top_group"] = json!(false)
        })
        .await;
    assert_eq!(status, 200);
    assert_eq!(geography(&api.tournament("rfg").await), false);
}

/// Tournament A (owned by `anna`) bans two players from the supergroup; `boris`
/// runs the later tournament B, which begins on 1 June 2099.
async fn two_tournaments(app: &TestApp, a_public: bool) -> (Account, Account) {
    let (a, b) = (
        Account::organiser(app, "anna").await,
        Account::organiser(app, "boris").await,
    );
    a.create("spring", "Spring Championship").await;
    a.settings("spring", a_public, None, |_| {}).await;
    let ivanov =
        json!({ "name": "Ivanov", "first_name": "Ivan", "rank": "3d", "egf_pin": "12345678" });
    let petrov = json!({ "name": "Petrov", "first_name": "Pyotr", "rank": "2d" });
    assert_eq!(a.register("spring", ivanov).await.0, 201);
    assert_eq!(a.register("spring", petrov).await.0, 201);
    a.ban("spring", 1, None).await;
    a.ban("spring", 2, Some("2099-05-31")).await;
    b.create("summer", "Summer Cup").await;
    let (status, _) = b
        .settings("summer", true, None, |s| {
            s["general"]["begin_date"] = json!("2099-06-01");
            s["general"]["end_date"] = json!("2099-06-03");
        })
        .await;
    assert_eq!(status, 200);
    (a, b)
}

#[tokio::test]
async fn a_supergroup_ban_from_an_earlier_tournament_is_flagged_on_the_same_person_in_a_later_one()
{
    let app = TestApp::start().await;
    let (_a, b) = two_tournaments(&app, true).await;
    // The same PIN under another spelling; a namesake with another PIN; a
    // player below the top group with the banned one's name.
    for player in [
        json!({ "name": "IVANOV", "first_name": "Ivan", "rank": "5d", "egf_pin": "12345678" }),
        json!({ "name": "Ivanov", "first_name": "Ivan", "rank": "5d", "egf_pin": "99999999",
            "confirm_duplicate": true }),
        json!({ "name": "Petrov", "first_name": "Pyotr", "rank": "5d" }),
    ] {
        assert_eq!(b.register("summer", player).await.0, 201);
    }
    let players = b.players("summer").await;
    let bans = |no: usize| players[no]["supergroup_bans"].as_array().unwrap().clone();
    assert_eq!(players[0]["top_group"], true);
    let found = bans(0);
    assert_eq!(found.len(), 1, "{players:?}");
    assert_eq!(found[0]["tournament"], "Spring Championship");
    assert_eq!(found[0]["scope"], "the next championship");
    let warning = found[0]["warning"].as_str().unwrap();
    assert!(warning.starts_with("Banned from the supergroup by Spring Championship, 20"));
    assert!(bans(1).is_empty(), "a namesake with another PIN");
    assert!(bans(2).is_empty(), "Petrov's ban ended before B begins");
    // Visitors are not told.
    let (_, public) = app.api().get("/tournaments/summer/players").await;
    assert!(
        public["players"][0].get("supergroup_bans").is_none(),
        "{public}"
    );

    let staff = app.signed_in("boris").await;
    let (_, list) = app.get_html(&staff, "/t/summer/players").await;
    let flagged = text(&list, "[data-test=supergroup-ban]").unwrap();
    assert!(flagged.starts_with("Banned from the supergroup by Spring Championship"));
    let marks = scraper::Selector::parse("[data-test=supergroup-ban]").unwrap();
    assert_eq!(list.select(&marks).count(), 1);
    let (_, page) = app.get_html(&staff, "/t/summer/players/1/games").await;
    assert_eq!(text(&page, "[data-test=supergroup-ban]").unwrap(), flagged);
    let (_, visitor) = app.get_html(&app.new_client(), "/t/summer/players").await;
    assert_eq!(visitor.select(&marks).count(), 0);
}

#[tokio::test]
async fn a_ban_from_a_private_tournament_is_flagged_without_naming_it_and_only_in_the_top_group() {
    let app = TestApp::start().await;
    let (a, b) = two_tournaments(&app, false).await;
    let ivanov =
        json!({ "name": "Ivanov", "first_name": "Ivan", "rank": "5d", "egf_pin": "12345678" });
    assert_eq!(b.register("summer", ivanov).await.0, 201);
    let found = b.players("summer").await[0]["supergroup_bans"].clone();
    assert!(found[0].get("tournament").is_none(), "{found}");
    assert!(
        found[0]["warning"]
            .as_str()
            .unwrap()
            .contains("a tournament you cannot see")
    );
    // Below the bar (4d by default) no supergroup is at stake: the API still
    // lists the ban, the pages warn of nothing.
    let (status, _) = b
        .settings("summer", true, None, |s| {
            s["mcmahon"]["bar"] = json!({ "Dan": 7 })
        })
        .await;
    assert_eq!(status, 200);
    let player = b.players("summer").await[0].clone();
    assert_eq!(player["top_group"], false);
    assert_eq!(player["supergroup_bans"].as_array().unwrap().len(), 1);
    let staff = app.signed_in("boris").await;
    let (_, list) = app.get_html(&staff, "/t/summer/players").await;
    assert!(text(&list, "[data-test=supergroup-ban]").is_none());
    // The staff of A see their own tournament named.
    a.create("autumn", "Autumn Cup").await;
    let ivanov =
        json!({ "name": "Ivanov", "first_name": "Ivan", "rank": "5d", "egf_pin": "12345678" });
    assert_eq!(a.register("autumn", ivanov).await.0, 201);
    let found = a.players("autumn").await[0]["supergroup_bans"].clone();
    assert_eq!(found[0]["tournament"], "Spring Championship", "{found}");
}

#[tokio::test]
async fn the_referees_form_records_a_ban_with_its_last_day_and_refuses_a_day_that_is_no_date() {
    let app = TestApp::start().await;
    let (a, b) = (
        Account::organiser(&app, "anna").await,
        Account::organiser(&app, "boris").await,
    );
    a.create("spring", "Spring Championship").await;
    let ivanov = json!({ "name": "Ivanov", "first_name": "Ivan", "rank": "3d" });
    assert_eq!(a.register("spring", ivanov.clone()).await.0, 201);
    let referee = app.signed_in("anna").await;
    let path = "/t/spring/referee/players";
    let ban = |until: &'static str| {
        [
            ("act", "supergroup_ban"),
            ("player", "1"),
            ("reason", "left the top group without a word"),
            ("text", "the next championship"),
            ("until", until),
        ]
    };
    let res = app
        .submit(
            &referee,
            path,
            "[data-test=player-act]",
            path,
            &ban("31 May"),
        )
        .await;
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let error = text(&page, "[data-test=referee-error]").unwrap();
    assert!(error.contains("yyyy-mm-dd"), "{error}");
    let res = app
        .submit(
            &referee,
            path,
            "[data-test=player-act]",
            path,
            &ban("2099-05-31"),
        )
        .await;
    assert!(res.status().is_success() || res.status().is_redirection());

    b.create("summer", "Summer Cup").await;
    assert_eq!(b.register("summer", ivanov).await.0, 201);
    let found = b.players("summer").await[0]["supergroup_bans"].clone();
    assert_eq!(found[0]["until"], "2099-05-31", "{found}");
}

/// A supervisor's confirmation of the supergroup through the API.
async fn confirm(api: &Account, short: &str) -> (u16, Value) {
    let body = json!({});
    api.at(short)
        .write("POST", "/supergroup/confirm", body)
        .await
}

/// GTR "Officials" (EGF testable rule 94): only a tournament supervisor
/// confirms the supergroup as formed; a member added since outdates it.
#[tokio::test]
async fn only_a_supervisor_confirms_the_supergroup_and_a_newcomer_outdates_it() {
    let app = TestApp::start().await;
    app.account("sup", false, false).await;
    let org = Account::organiser(&app, "org").await;
    org.create("open", "Open").await;
    let (status, _) = org
        .settings("open", true, None, |s| s["supergroup"] = json!(true))
        .await;
    assert_eq!(status, 200);
    let strong = json!({ "name": "Strong", "rank": "5d", "smms_correction": 1 });
    assert_eq!(org.register("open", strong).await.0, 201);
    assert_eq!(
        confirm(&org, "open").await.0,
        403,
        "the organiser is no supervisor"
    );
    let grant = json!({ "username": "sup", "role": "supervisor" });
    let (status, granted) = org.at("open").write("POST", "/staff", grant).await;
    assert!(status == 200 || status == 201, "{granted}");
    let sup = Account::of(&app, "sup").await;
    let (status, done) = confirm(&sup, "open").await;
    assert_eq!(status, 200, "{done}");
    let confirmed = &org.tournament("open").await["supergroup_confirmed"];
    assert_eq!(confirmed["current"], true, "{confirmed}");

    let client = app.signed_in("sup").await;
    let (_, page) = app.get_html(&client, "/t/open/players").await;
    let shown = text(&page, "[data-test=supergroup-confirmation]").unwrap();
    assert!(shown.contains("Supergroup confirmed by"), "{shown}");

    let stronger = json!({ "name": "Stronger", "rank": "6d", "smms_correction": 1 });
    assert_eq!(org.register("open", stronger).await.0, 201);
    let confirmed = &org.tournament("open").await["supergroup_confirmed"];
    assert_eq!(confirmed["current"], false, "{confirmed}");
    let (_, page) = app.get_html(&client, "/t/open/players").await;
    assert!(text(&page, "[data-test=confirm-supergroup]").is_some());
}
