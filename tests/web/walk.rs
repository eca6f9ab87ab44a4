//! Random walks through a small tournament: an organiser, a referee and an
//! appeals committee member click in any order (register, withdraw, delete,
//! pair, unpair, publish, lock, enter and correct results, sanctions, appeals,
//! settings). Whatever each click answers, no click may break the
//! tournament: after every step every page of it loads, for its staff and
//! for a visitor, and the API reads it.
//!
//! The walks are seeded, so a failure names the seed and the steps that led
//! to it; `TENGEN_WALK_SEEDS=100` walks more of them.

use crate::common;

use std::collections::{BTreeSet, VecDeque};

use common::TestApp;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use scraper::{Html, Selector};
use serde_json::Value;

const STEPS: usize = 45;

struct Hall<'a> {
    app: &'a TestApp,
    short: String,
    org: reqwest::Client,
    referee: reqwest::Client,
    judge: reqwest::Client,
    visitor: reqwest::Client,
}

/// The app with an organiser, a referee and a committee member's accounts.
async fn app() -> TestApp {
    let app = TestApp::start().await;
    app.account("org", false, true).await;
    app.account("ref", false, false).await;
    app.account("judge", false, false).await;
    app
}

/// A new tournament `short` on `app`, with its referee and committee member.
async fn hall<'a>(app: &'a TestApp, short: &str) -> Hall<'a> {
    let org = app.signed_in("org").await;
    let changes = [
        ("name", "Walk Open"),
        ("time_zone", "Europe/Warsaw"),
        ("rounds", "4"),
        ("registration_open", "on"),
        ("late_forfeit_minutes", "0"),
    ];
    app.tournament(&org, short)
        .with(&changes)
        .staff("ref", "referee")
        .staff("judge", "appeals_member")
        .await;
    let referee = app.signed_in("ref").await;
    let judge = app.signed_in("judge").await;
    let visitor = app.new_client();
    Hall {
        app,
        short: short.to_string(),
        org,
        referee,
        judge,
        visitor,
    }
}

/// What the walk knows of the tournament, read back from its pages.
struct Known {
    players: Vec<u32>,
    /// Each paired round with its number of boards.
    rounds: Vec<(u32, u32)>,
    appeals: u32,
}

impl Hall<'_> {
    /// A visitor's read of the tournament's API.
    async fn api(&self, path: &str) -> (u16, Value) {
        let tournament = format!("/tournaments/{}", self.short);
        self.app.api().at(&tournament).get(path).await
    }

    async fn known(&self, appeals: u32) -> Known {
        let (_, players) = self.api("/players").await;
        let players = players["players"]
            .as_array()
            .map(|ps| {
                ps.iter()
                    .filter_map(|p| p["no"].as_u64())
                    .map(|n| n as u32)
                    .collect()
            })
            .unwrap_or_default();
        let mut rounds = Vec::new();
        for n in 1..=6 {
            let path = format!("/t/{}/rounds/{n}", self.short);
            let (status, page) = self.app.get_html(&self.org, &path).await;
            if status == 200 {
                let boards = page
                    .select(&Selector::parse("[data-test=board]").unwrap())
                    .count() as u32;
                rounds.push((n, boards));
            }
        }
        Known {
            players,
            rounds,
            appeals,
        }
    }

    /// Registers a player through the organiser's form.
    async fn register(&self, name: &str, rank: &str) -> u16 {
        let fields = [("name", name), ("first_name", "W"), ("rank", rank)];
        let t = format!("/t/{}", self.short);
        self.app
            .submit(
                &self.org,
                &format!("{t}/players/new"),
                "[data-test=player-form]",
                &format!("{t}/players"),
                &fields,
            )
            .await
            .status()
            .as_u16()
    }

    async fn post(&self, who: &reqwest::Client, path: &str, fields: &[(&str, &str)]) -> u16 {
        let res = self.app.post_form(who, path, fields).await;
        let status = res.status().as_u16();
        if std::env::var("TENGEN_WALK_VERBOSE").is_ok() && status >= 400 {
            let page = Html::parse_document(&res.text().await.unwrap_or_default());
            let main = Selector::parse("main").unwrap();
            let text: String = page.select(&main).flat_map(|m| m.text()).collect();
            eprintln!(
                "    {path}: {}",
                text.split_whitespace().collect::<Vec<_>>().join(" ")
            );
        }
        status
    }
}

/// One click, chosen at random among what the three people can do, with
/// numbers taken mostly from what exists (and sometimes not).
async fn step(h: &Hall<'_>, rng: &mut StdRng, known: &mut Known, serial: usize) -> (String, u16) {
    let t = format!("/t/{}", h.short);
    let player = |rng: &mut StdRng| -> String {
        match known.players.choose(rng) {
            Some(p) if rng.gen_bool(0.9) => p.to_string(),
            _ => rng.gen_range(1..20).to_string(),
        }
    };
    // A round and one of its boards; now and then one that is not there.
    let game = |rng: &mut StdRng| -> (u32, u32) {
        match known.rounds.choose(rng) {
            Some((r, boards)) if *boards > 0 && rng.gen_bool(0.9) => {
                (*r, rng.gen_range(1..=*boards))
            }
            _ => (rng.gen_range(1..6), rng.gen_range(1..8)),
        }
    };
    let round = |rng: &mut StdRng| game(rng).0;
    let code = |rng: &mut StdRng| {
        *["w", "b", "=", "w!", "b!", "0", "-", "?"]
            .choose(rng)
            .unwrap()
    };
    let choice = rng.gen_range(0..20);
    match choice {
        0..=2 => {
            let name = format!("Walker{serial}");
            let rank = *["3d", "1d", "2k", "5k", "9k", "15k"].choose(rng).unwrap();
            (
                format!("register {name} {rank}"),
                h.register(&name, rank).await,
            )
        }
        3 => {
            let p = player(rng);
            let path = format!("{t}/players/{p}/withdraw");
            (path.clone(), h.post(&h.org, &path, &[]).await)
        }
        4 => {
            let p = player(rng);
            let path = format!("{t}/players/{p}/delete");
            (path.clone(), h.post(&h.org, &path, &[]).await)
        }
        5 => {
            let path = format!("{t}/rounds/pair");
            (path.clone(), h.post(&h.org, &path, &[]).await)
        }
        7 => {
            let path = format!("{t}/rounds/{}/unpair", round(rng));
            (path.clone(), h.post(&h.org, &path, &[]).await)
        }
        8 => {
            let path = format!("{t}/rounds/{}/publish", round(rng));
            (path.clone(), h.post(&h.org, &path, &[]).await)
        }
        9 => {
            let path = format!("{t}/rounds/{}/lock", round(rng));
            (path.clone(), h.post(&h.org, &path, &[]).await)
        }
        6 | 10..=12 => {
            let (r, b) = game(rng);
            let path = format!("{t}/rounds/{r}/results");
            let mut fields = vec![(format!("board_{b}"), code(rng).to_string())];
            if rng.gen_bool(0.3) {
                let (_, other) = game(rng);
                fields.push((format!("board_{other}"), code(rng).to_string()));
            }
            // The organiser confirms replacing a result already there.
            if rng.gen_bool(0.5) {
                fields.push(("replace".into(), "on".into()));
            }
            let fields: Vec<(&str, &str)> = fields
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            let status = h.post(&h.org, &path, &fields).await;
            (format!("{path} {fields:?}"), status)
        }
        13 => {
            let r = round(rng);
            let path = format!("{t}/referee/rounds/{r}/start");
            (path.clone(), h.post(&h.referee, &path, &[]).await)
        }
        14 | 15 => {
            let (r, b) = game(rng);
            let path = format!("{t}/referee/rounds/{r}/boards/{b}");
            let side = *["white", "black", "both"].choose(rng).unwrap();
            let act = *[
                "warning",
                "forfeit",
                "absent",
                "protest",
                "removal_round",
                "violation",
                "illegal_move",
                "neutralisation",
                "disturbance",
            ]
            .choose(rng)
            .unwrap();
            // A disturbance's fourth remedy (a loss for the disturber) changes the result.
            let fields = [
                ("act", act),
                ("player", side),
                ("reason", "walk"),
                ("neutralisation", "toilet"),
                ("remedy", "4"),
                ("justification", "walk"),
            ];
            let status = h.post(&h.referee, &path, &fields).await;
            (format!("{path} {act} {side}"), status)
        }
        16 => {
            let (r, b) = game(rng);
            let path = format!("{t}/referee/rounds/{r}/boards/{b}");
            let result = code(rng);
            let fields = [
                ("act", "correction"),
                ("result", result),
                ("reason", "slip"),
            ];
            let status = h.post(&h.referee, &path, &fields).await;
            (format!("{path} correction {result}"), status)
        }
        17 => {
            let p = player(rng);
            let (r, b) = game(rng);
            let (r, b) = (r.to_string(), b.to_string());
            let appealed = *["result", "pairing"].choose(rng).unwrap();
            let fields = [
                ("player", p.as_str()),
                ("appealed", appealed),
                ("round", r.as_str()),
                ("board", b.as_str()),
                ("grounds", "walk"),
            ];
            let status = h.post(&h.referee, &format!("{t}/appeals"), &fields).await;
            if status == 303 {
                known.appeals += 1;
            }
            (format!("appeal by {p}: {appealed} {r}/{b}"), status)
        }
        18 => {
            let a = rng.gen_range(1..=known.appeals + 1);
            let review = h
                .post(&h.judge, &format!("{t}/appeals/{a}/review"), &[])
                .await;
            let outcome = *["upheld", "rejected", "modified"].choose(rng).unwrap();
            let fields = [
                ("outcome", outcome),
                ("reasons", "walk"),
                ("signed_by", "Judge One"),
                ("signed_by", "Judge Two"),
                ("signed_by", "Judge Three"),
                ("result", code(rng)),
            ];
            let status = h
                .post(&h.judge, &format!("{t}/appeals/{a}/decide"), &fields)
                .await;
            (
                format!("appeal {a}: review {review}, decide {outcome}"),
                status,
            )
        }
        _ => {
            let rounds = rng.gen_range(1..7).to_string();
            let bar = *["", "1d", "3k", "30k"].choose(rng).unwrap();
            let changes = [("rounds", rounds.as_str()), ("mcmahon_bar", bar)];
            let res = h
                .app
                .submit(
                    &h.org,
                    &format!("{t}/settings"),
                    "[data-test=tournament-form]",
                    &format!("{t}/settings"),
                    &changes,
                )
                .await;
            (
                format!("settings: {rounds} rounds, bar {bar:?}"),
                res.status().as_u16(),
            )
        }
    }
}

/// Every page of the tournament a client reaches by its links, with the
/// status of each one that did not load.
async fn broken_pages(h: &Hall<'_>, client: &reqwest::Client) -> Vec<String> {
    let (app, links) = (h.app, Selector::parse("a[href]").unwrap());
    let prefix = format!("/t/{}", h.short);
    let mut seen = BTreeSet::from([prefix.clone()]);
    let mut queue = VecDeque::from([prefix.clone()]);
    let mut broken = Vec::new();
    while let Some(path) = queue.pop_front() {
        let res = client.get(app.url(&path)).send().await.unwrap();
        let status = res.status().as_u16();
        if status != 200 {
            broken.push(format!("{path}: {status}"));
            continue;
        }
        let is_html = res
            .headers()
            .get("content-type")
            .is_some_and(|v| v.to_str().unwrap_or("").starts_with("text/html"));
        if !is_html {
            continue;
        }
        let body = res.text().await.unwrap();
        for a in Html::parse_document(&body).select(&links) {
            let href = a.value().attr("href").unwrap().split('#').next().unwrap();
            if href.starts_with(&prefix) && seen.insert(href.to_string()) {
                queue.push_back(href.to_string());
            }
        }
    }
    broken
}

async fn walk(app: &TestApp, seed: u64) {
    let verbose = std::env::var("TENGEN_WALK_VERBOSE").is_ok();
    let h = hall(app, &format!("walk{seed}")).await;
    let mut rng = StdRng::seed_from_u64(seed);
    // A few players first, so that pairing has something to pair.
    let mut trail = Vec::new();
    let mut known = h.known(0).await;
    for serial in 0..STEPS {
        if serial < 6 {
            let name = format!("Early{serial}");
            h.register(&name, "4k").await;
            continue;
        }
        if serial == 6 {
            let committee = [
                ("members", "Judge One\nJudge Two\nJudge Three"),
                ("reserves", "Judge Four\nJudge Five"),
            ];
            h.post(
                &h.org,
                &format!("/t/{}/appeals/committee", h.short),
                &committee,
            )
            .await;
        }
        let (what, status) = step(&h, &mut rng, &mut known, serial).await;
        trail.push(format!("{what} → {status}"));
        if verbose {
            eprintln!("seed {seed}: {what} → {status}");
        }
        let context = || format!("seed {seed}, after:\n{}", trail.join("\n"));
        assert!(status < 500, "a click answered {status}; {}", context());
        for (who, client) in [("organiser", &h.org), ("visitor", &h.visitor)] {
            let broken = broken_pages(&h, client).await;
            assert!(
                broken.is_empty(),
                "pages the {who} cannot read: {broken:?}; {}",
                context()
            );
        }
        for path in ["", "/players", "/standings"] {
            let (status, _) = h.api(path).await;
            assert_eq!(status, 200, "API {path}; {}", context());
        }
        known = h.known(known.appeals).await;
        for (r, _) in &known.rounds {
            let (status, _) = h.api(&format!("/rounds/{r}")).await;
            assert!(
                status == 200 || status == 404,
                "API round {r} answered {status}; {}",
                context()
            );
        }
    }
}

#[tokio::test]
async fn no_sequence_of_clicks_leaves_a_tournament_unreadable() {
    let seeds: u64 = std::env::var("TENGEN_WALK_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    // One server and one database for every walk: each walk is a tournament.
    let app = app().await;
    for seed in 0..seeds {
        walk(&app, seed).await;
    }
}

#[tokio::test]
async fn a_withdrawn_player_who_never_played_can_be_deleted() {
    let app = app().await;
    let h = hall(&app, "walk").await;
    let t = format!("/t/{}", h.short);
    for name in ["Ann", "Bob", "Cid"] {
        assert_eq!(h.register(name, "5k").await, 303);
    }
    assert_eq!(
        h.post(&h.org, &format!("{t}/players/3/withdraw"), &[])
            .await,
        303
    );
    assert_eq!(
        h.post(&h.org, &format!("{t}/players/3/delete"), &[]).await,
        303
    );
    let (status, players) = h.api("/players").await;
    assert_eq!(status, 200, "the tournament still reads");
    assert_eq!(players["players"].as_array().unwrap().len(), 2);
    assert!(broken_pages(&h, &h.org).await.is_empty());
}

#[tokio::test]
async fn a_player_under_a_referees_sanction_is_not_deleted_and_the_reason_is_given() {
    let app = app().await;
    let h = hall(&app, "walk").await;
    let t = format!("/t/{}", h.short);
    for name in ["Ann", "Bob", "Cid"] {
        assert_eq!(h.register(name, "5k").await, 303);
    }
    let ban = [
        ("act", "supergroup_ban"),
        ("player", "3"),
        ("reason", "cheating"),
        ("text", "next year's championship"),
    ];
    assert_eq!(
        h.post(&h.referee, &format!("{t}/referee/players"), &ban)
            .await,
        303
    );
    let (asked, _) = h
        .app
        .get_html(&h.org, &format!("{t}/players/3/delete"))
        .await;
    assert_eq!(
        asked, 409,
        "refused before the question, as the step would be"
    );
    let res = h
        .app
        .post_form(&h.org, &format!("{t}/players/3/delete"), &[])
        .await;
    assert_eq!(res.status(), 409);
    let body = res.text().await.unwrap();
    assert!(body.contains("Withdraw the player instead"), "{body}");
    let (_, players) = h.api("/players").await;
    assert_eq!(players["players"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn the_settings_keep_at_least_as_many_rounds_as_are_paired() {
    let app = app().await;
    let h = hall(&app, "walk").await;
    let t = format!("/t/{}", h.short);
    for name in ["Ann", "Bob", "Cid", "Dan"] {
        assert_eq!(h.register(name, "5k").await, 303);
    }
    for _ in 0..3 {
        assert_eq!(h.post(&h.org, &format!("{t}/rounds/pair"), &[]).await, 303);
    }
    let res = h
        .app
        .submit(
            &h.org,
            &format!("{t}/settings"),
            "[data-test=tournament-form]",
            &format!("{t}/settings"),
            &[("rounds", "2")],
        )
        .await;
    assert_eq!(res.status(), 422);
    let body = res.text().await.unwrap();
    assert!(body.contains("Round 3 is already paired"), "{body}");
    let (_, tournament) = h.api("").await;
    assert_eq!(tournament["settings"]["number_of_rounds"], 4);
}
