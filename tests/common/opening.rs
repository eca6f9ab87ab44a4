//! The opening most tests share, said once: an organiser signed in, a
//! tournament made through the form, its players registered through the
//! player form, officials named, round 1 paired (and published).
//!
//! ```ignore
//! let org = app.organiser("org").await;
//! app.tournament(&org, "autumn").with(&[("rounds", "3")]).players(4).paired_round().await;
//! ```

use std::future::{Future, IntoFuture};
use std::pin::Pin;

use super::TestApp;

/// The players `players(n)` registers, strongest first: two boards with
/// a clear order.
pub const PLAYERS: [(&str, &str); 4] = [
    ("Alpha", "3d"),
    ("Bravo", "1d"),
    ("Charlie", "2k"),
    ("Delta", "5k"),
];

impl TestApp {
    /// A signed-in person with an account of their own.
    pub async fn person(&self, username: &str) -> reqwest::Client {
        self.account(username, false, false).await;
        self.signed_in(username).await
    }

    /// A signed-in organiser with a new account.
    pub async fn organiser(&self, username: &str) -> reqwest::Client {
        self.account(username, false, true).await;
        self.signed_in(username).await
    }

    /// A browser of its own signed in as the existing account `username`.
    pub async fn signed_in(&self, username: &str) -> reqwest::Client {
        let client = self.new_client();
        self.log_in(&client, username).await;
        client
    }

    /// Registers `players` (name, rank) in `/t/<short>` through the player
    /// form, with the first name "Test"; each must be accepted.
    pub async fn register_players(
        &self,
        org: &reqwest::Client,
        short: &str,
        players: &[(&str, &str)],
    ) {
        let fields = [("first_name".to_string(), "Test".to_string())];
        let players: Vec<_> = players.iter().map(|p| name_and_rank(*p)).collect();
        self.register_each(org, short, &players, &fields).await;
    }

    /// Registers each of `players` (their own fields, over the `common` ones).
    async fn register_each(
        &self,
        org: &reqwest::Client,
        short: &str,
        players: &[Vec<(String, String)>],
        common: &[(String, String)],
    ) {
        for own in players {
            let mut changes = borrowed(common);
            changes.extend(borrowed(own));
            let res = self.register(org, short, &changes).await;
            assert_eq!(res.status(), 303, "register {own:?} in {short}");
        }
    }

    /// The tournament `short` that `org` creates when awaited: the form's
    /// defaults (in Kyiv's time zone) with the builder's changes.
    pub fn tournament<'a>(&'a self, org: &'a reqwest::Client, short: &str) -> Opening<'a> {
        let changes = [
            ("name", format!("{short} cup")),
            ("short_name", short.to_string()),
            ("time_zone", "Europe/Kyiv".to_string()),
        ];
        Opening {
            app: self,
            org,
            short: short.to_string(),
            changes: changes.map(|(k, v)| (k.to_string(), v)).to_vec(),
            players: Vec::new(),
            player_fields: vec![("first_name".into(), "Test".into())],
            staff: Vec::new(),
            committee: None,
            round: Round::None,
        }
    }
}

/// How far into round 1 the opening goes.
#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum Round {
    None,
    Paired,
    Published,
}

/// A tournament to set up; awaiting it does it, checking every step.
pub struct Opening<'a> {
    app: &'a TestApp,
    org: &'a reqwest::Client,
    short: String,
    changes: Vec<(String, String)>,
    players: Vec<Vec<(String, String)>>,
    player_fields: Vec<(String, String)>,
    staff: Vec<(String, String)>,
    committee: Option<(String, String)>,
    round: Round,
}

fn owned(fields: &[(&str, &str)]) -> Vec<(String, String)> {
    fields
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn name_and_rank((name, rank): (&str, &str)) -> Vec<(String, String)> {
    owned(&[("name", name), ("rank", rank)])
}

fn borrowed(fields: &[(String, String)]) -> Vec<(&str, &str)> {
    fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

impl<'a> Opening<'a> {
    /// The tournament form's `changes` on top of the defaults (later ones win).
    pub fn with(mut self, changes: &[(&str, &str)]) -> Self {
        self.changes.extend(owned(changes));
        self
    }

    /// The first `n` of [`PLAYERS`].
    pub fn players(self, n: usize) -> Self {
        self.roster(&PLAYERS[..n])
    }

    /// The tournament's name.
    pub fn called(self, name: &str) -> Self {
        self.with(&[("name", name)])
    }

    /// Players of the test's own, by name and rank.
    pub fn roster(mut self, players: &[(&str, &str)]) -> Self {
        self.players
            .extend(players.iter().map(|p| name_and_rank(*p)));
        self
    }

    /// A player of the test's own: these fields of the player form.
    pub fn player(mut self, fields: &[(&str, &str)]) -> Self {
        self.players.push(owned(fields));
        self
    }

    /// Fields every player's form gets besides their own (the first name is
    /// "Test" unless these say otherwise).
    pub fn player_fields(mut self, fields: &[(&str, &str)]) -> Self {
        self.player_fields.extend(owned(fields));
        self
    }

    /// The existing account `username` gets `role` on the staff page.
    pub fn staff(mut self, username: &str, role: &str) -> Self {
        self.staff.push((username.into(), role.into()));
        self
    }

    /// The appeals committee's members and reserves, one a line.
    pub fn committee(mut self, members: &str, reserves: &str) -> Self {
        self.committee = Some((members.into(), reserves.into()));
        self
    }

    /// Round 1 paired once the rest is done.
    pub fn paired_round(mut self) -> Self {
        self.round = Round::Paired;
        self
    }

    /// Round 1 paired and published.
    pub fn published_round(mut self) -> Self {
        self.round = Round::Published;
        self
    }

    async fn open(self) {
        let (app, org, short) = (self.app, self.org, &self.short);
        let res = app
            .create_tournament_with(org, &borrowed(&self.changes))
            .await;
        assert_eq!(res.status(), 303, "create {short}: {:?}", self.changes);
        app.register_each(org, short, &self.players, &self.player_fields)
            .await;
        for (username, role) in &self.staff {
            let fields = [("username", username.as_str()), ("role", role.as_str())];
            app.post_ok(org, &format!("/t/{short}/staff"), &fields)
                .await;
        }
        if let Some((members, reserves)) = &self.committee {
            let fields = [("members", members.as_str()), ("reserves", reserves)];
            app.post_ok(org, &format!("/t/{short}/appeals/committee"), &fields)
                .await;
        }
        if self.round >= Round::Paired {
            app.post_ok(org, &format!("/t/{short}/rounds/pair"), &[])
                .await;
        }
        if self.round >= Round::Published {
            app.post_ok(org, &format!("/t/{short}/rounds/1/publish"), &[])
                .await;
        }
    }
}

impl<'a> IntoFuture for Opening<'a> {
    type Output = ();
    type IntoFuture = Pin<Box<dyn Future<Output = ()> + 'a>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(self.open())
    }
}
