use super::*;
use crate::core::{BoardNo, GameResult, PlayerId, Rank, ResultOrigin, Settings};
use serde_json::json;
use std::str::FromStr;

fn tournament() -> Tournament {
    let mut t = Tournament::new(Settings::default());
    for (name, first, rank) in [("Ivanova", "Anna", "3k"), ("Petrov", "Ivan", "1d")] {
        t.register(Player::new(
            PlayerId(0),
            name,
            first,
            Rank::from_str(rank).unwrap(),
        ));
    }
    t
}

fn game(board: u32, result: GameResult) -> Game {
    Game {
        round: RoundNo::new(2).unwrap(),
        board: BoardNo::new(board).unwrap(),
        white: PlayerId(1),
        black: PlayerId(2),
        handicap: 0,
        komi: HalfPoints::from_halves(13),
        result,
        origin: ResultOrigin::Played,
        colours_known: true,
        method: None,
    }
}

fn words(lang: Lang, action: &str, before: Option<Value>, after: Option<Value>) -> AuditWords {
    describe(
        &tournament(),
        lang,
        &Event::parse(action),
        before.as_ref(),
        after.as_ref(),
    )
}

#[test]
fn a_registration_names_the_player_with_their_rank() {
    let t = tournament();
    let anna = json!(t.player(PlayerId(1)).unwrap());
    let said: Vec<String> = Lang::ALL
        .map(|lang| words(lang, "player.add", None, Some(anna.clone())).what)
        .to_vec();
    assert_eq!(
        said,
        [
            "Registered Ivanova Anna 3K",
            "Зарегистрирован участник Ivanova Anna 3K",
            "Зареєстровано Ivanova Anna 3K"
        ]
    );
    // With her gender known, the Russian verb agrees (issue 31).
    let mut her = t.player(PlayerId(1)).unwrap().clone();
    her.gender = Some(crate::core::Gender::Female);
    let said = words(Lang::Ru, "player.add", None, Some(json!(her))).what;
    assert_eq!(said, "Зарегистрирована Ivanova Anna 3K");
}

#[test]
fn entered_results_read_board_by_board_before_and_after() {
    let before = json!([game(5, GameResult::WhiteWins)]);
    let after = json!([game(5, GameResult::BlackWins)]);
    let expected = [
        ("Results of round 2 entered", "Round 2, board 5"),
        ("Введены результаты тура 2", "Тур 2, доска 5"),
        ("Введено результати туру 2", "Тур 2, дошка 5"),
    ];
    for (lang, (what, board)) in Lang::ALL.into_iter().zip(expected) {
        let w = words(lang, "results:2", Some(before.clone()), Some(after.clone()));
        assert_eq!(w.what, what);
        assert_eq!(
            w.changes,
            [FieldChange {
                field: board.into(),
                before: "1-0".into(),
                after: "0-1".into()
            }]
        );
    }
}

#[test]
fn an_edited_player_lists_only_the_changed_fields_under_the_forms_labels() {
    let t = tournament();
    let was = t.player(PlayerId(1)).unwrap().clone();
    let is = Player {
        club: "Kyiv".into(),
        rank: Rank::from_str("2k").unwrap(),
        ..was.clone()
    };
    let (was, is) = (Some(json!(was)), Some(json!(is)));
    let fields = |lang| {
        words(lang, "player.edit", was.clone(), is.clone())
            .changes
            .into_iter()
            .map(|c| format!("{}: {} → {}", c.field, c.before, c.after))
            .collect::<Vec<_>>()
    };
    assert_eq!(fields(Lang::En), ["Rank: 3K → 2K", "Club:  → Kyiv"]);
    assert_eq!(fields(Lang::Ru)[0], "Разряд: 3K → 2K");
    assert_eq!(fields(Lang::Uk)[1], "Клуб:  → Kyiv");
}

#[test]
fn a_ratings_update_lists_each_players_rating_before_and_after() {
    let t = tournament();
    let was = t.player(PlayerId(1)).unwrap().clone();
    let is = Player {
        rating: crate::core::Rating::new(1960),
        rating_source: Some(crate::core::player::RatingSource {
            list: crate::core::formats::rating_list::ListKind::Egf,
            date: jiff::civil::Date::new(2018, 5, 3).ok(),
            rank: was.rank,
        }),
        ..was.clone()
    };
    let w = words(
        Lang::Uk,
        "player.ratings_update",
        Some(json!([was])),
        Some(json!([is])),
    );
    assert_eq!(w.what, "Рейтинги оновлено за рейтинг-листом: 1 учасник");
    let change = &w.changes[0];
    assert_eq!(
        (change.before.as_str(), change.after.as_str()),
        (
            format!("3K {}", was.rating.gor()).as_str(),
            "3K 1960 (EGD 2018-05-03)"
        )
    );
}

#[test]
fn round_actions_name_their_round() {
    let paired = json!([game(1, GameResult::Unknown), game(2, GameResult::Unknown)]);
    let said = |lang| words(lang, "round.pair", None, Some(paired.clone())).what;
    assert_eq!(said(Lang::En), "Round 2 paired (2 boards)");
    assert_eq!(said(Lang::Ru), "Жеребьёвка тура 2 (2 доски)");
    assert_eq!(said(Lang::Uk), "Жеребкування туру 2 (2 дошки)");
    assert_eq!(
        words(Lang::Ru, "round.publish:3", None, None).what,
        "Тур 3 опубликован"
    );
}

#[test]
fn an_unknown_action_reads_as_its_name_and_changed_fields() {
    let w = words(
        Lang::En,
        "prize.award",
        Some(json!({"place": 1, "name": "Cup", "internal": {"id": 7}})),
        Some(json!({"place": 2, "name": "Cup", "internal": {"id": 7}})),
    );
    assert_eq!(w.what, "Other change: prize award");
    assert_eq!(
        w.changes,
        [FieldChange {
            field: "place".into(),
            before: "1".into(),
            after: "2".into()
        }]
    );
}

#[test]
fn a_settings_change_names_the_forms_fields() {
    let was = json!({"general": {"name": "Open"}, "rules": {"komi": 13}, "pairing": {"random": 0}});
    let is =
        json!({"general": {"name": "Open 2026"}, "rules": {"komi": 15}, "pairing": {"random": 1}});
    let w = words(Lang::Uk, "tournament.settings", Some(was), Some(is));
    assert_eq!(w.what, "Змінено налаштування");
    let changes: Vec<(String, &str, &str)> = w
        .changes
        .iter()
        .map(|c| (c.field.clone(), c.before.as_str(), c.after.as_str()))
        .collect();
    assert_eq!(
        changes,
        [
            (Lang::Uk.t("tournament.name"), "Open", "Open 2026"),
            ("pairing.random".to_string(), "0", "1"),
            (Lang::Uk.t("settings.komi"), "6.5", "7.5"),
        ]
    );
}

/// Issue 31: the forfeit time cut from 60 minutes to 1 during a round.
#[test]
fn a_settings_change_shows_the_forfeit_time_beside_the_settings() {
    let header =
        |minutes: i32| json!({"time_zone": "Europe/Kyiv", "late_forfeit_minutes": minutes});
    let was = json!({"general": {"name": "Open"}, "header": header(60)});
    let is = json!({"general": {"name": "Open"}, "header": header(1)});
    let w = words(Lang::Ru, "tournament.settings", Some(was), Some(is));
    let changes: Vec<(String, String, String)> = w
        .changes
        .into_iter()
        .map(|c| (c.field, c.before, c.after))
        .collect();
    assert_eq!(
        changes,
        [(
            Lang::Ru.t("settings.late_forfeit_minutes"),
            "60".to_string(),
            "1".to_string()
        )]
    );
}

#[test]
fn a_change_without_an_account_names_how_it_was_made() {
    assert_eq!(
        who(Lang::En, &Event::parse("appeals.file_by_player"), None),
        "player via private link"
    );
    assert_eq!(
        who(Lang::Uk, &Event::parse("player.self_register"), None),
        "відвідувач, через форму реєстрації"
    );
    assert_eq!(
        who(Lang::Ru, &Event::parse("player.add"), Some("Anna")),
        "Anna"
    );
}
