//! A small Ukrainian tournament for the final protocol: five players (so a
//! bye every round), rank differences that give handicaps, a forfeit in
//! round 1, and a referee panel named in the settings.

use super::TestApp;

/// The players, as the protocol must list them.
pub const PLAYERS: [&str; 5] = ["Іваненко", "Петренко", "Сидоренко", "Ковальчук", "Мельник"];

/// The chief referee, the chief secretary and a referee, as the settings name them.
pub const CHIEF_REFEREE: &str = "Шевченко Тарас";
pub const CHIEF_SECRETARY: &str = "Коваленко Олена";
pub const REFEREE: &str = "Бондар Ігор";

/// Creates the seven-round cup `kubok` ("Кубок Києва") with `played` rounds
/// paired, published and with every result in; returns its organiser.
pub async fn cup(app: &TestApp, played: u32) -> reqwest::Client {
    let org = app.organiser("org").await;
    let referees = format!("{REFEREE}, суддя першої категорії");
    let changes = [
        ("name", "Кубок Києва"),
        ("location", "Київ"),
        ("begin_date", "2026-05-01"),
        ("end_date", "2026-05-03"),
        ("rounds", "7"),
        ("director", "Гнатюк Марія"),
        ("chief_referee", CHIEF_REFEREE),
        ("chief_referee_category", "суддя національної категорії"),
        ("chief_secretary", CHIEF_SECRETARY),
        ("referees", referees.as_str()),
        ("rank_norms", "Іваненко — кандидат у майстри спорту"),
    ];
    let players: Vec<(&str, &str)> = PLAYERS
        .into_iter()
        .zip(["3d", "1d", "1k", "3k", "6k"])
        .collect();
    app.tournament(&org, "kubok")
        .with(&changes)
        .roster(&players)
        .player_fields(&[("first_name", "Олег")])
        .await;
    for round in 1..=played {
        play_round(app, &org, round).await;
    }
    org
}

/// Pairs and publishes `round` and enters its two results: White wins,
/// except board 2 of round 1, which Black wins by default.
pub async fn play_round(app: &TestApp, org: &reqwest::Client, round: u32) {
    app.post_ok(org, "/t/kubok/rounds/pair", &[]).await;
    app.post_ok(org, &format!("/t/kubok/rounds/{round}/publish"), &[])
        .await;
    let second = if round == 1 { "b!" } else { "w" };
    app.post_ok(
        org,
        &format!("/t/kubok/rounds/{round}/results"),
        &[("board_1", "w"), ("board_2", second)],
    )
    .await;
}
