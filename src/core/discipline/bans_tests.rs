use super::*;
use crate::core::discipline::{
    AppealId, Entry, EntryId, Level, Log, Official, Reason, Remedy, Sanction,
};
use crate::core::{Rank, Settings};

fn player(name: &str, first: &str, rank: Rank) -> Player {
    Player::new(PlayerId(1), name, first, rank)
}

fn day(text: &str) -> Date {
    text.parse().unwrap()
}

fn ban(person: Player, imposed: &str, until: Option<&str>) -> Ban {
    Ban {
        tournament: Some("Moscow Open".into()),
        imposed: day(imposed),
        recorded: Recorded {
            player: person,
            at: Moment::from_unix_seconds(0),
            scope: "the next championship".into(),
            until: until.map(day),
        },
    }
}

/// The bar at 2d: 2d and stronger start together.
fn mcmahon() -> Settings {
    let mut s = Settings::default();
    s.mcmahon.bar = Rank::Dan(2);
    s
}

#[test]
fn a_federation_id_decides_who_is_the_same_person_else_the_full_name_and_birth_year() {
    let mut a = player("Ivanov", "Ivan", Rank::Dan(3));
    let mut b = player("IVANOV", "Ivan", Rank::Kyu(1));
    assert!(
        same_person(&a, &b),
        "names folded; the rank may have changed"
    );
    a.egf_pin = "12345678".into();
    assert!(same_person(&a, &b), "one PIN only: the names decide");
    b.egf_pin = "87654321".into();
    assert!(!same_person(&a, &b), "two PINs: namesakes");
    b.egf_pin = "12345678".into();
    b.name = "Ivanov-Petrov".into();
    assert!(same_person(&a, &b), "the same PIN: renamed");
    let (mut c, mut d) = (
        player("Petrov", "Pavel", Rank::Dan(1)),
        player("Petrov", "Pyotr", Rank::Dan(1)),
    );
    assert!(!same_person(&c, &d), "another given name");
    d.first_name = "Pavel".into();
    (c.birth_year, d.birth_year) = (Some(1990), Some(2004));
    assert!(!same_person(&c, &d), "another birth year");
    d.birth_year = None;
    assert!(same_person(&c, &d));
}

#[test]
fn a_ban_reaches_later_tournaments_until_its_last_day() {
    let open = ban(player("A", "a", Rank::Dan(3)), "2026-03-01", None);
    assert!(
        !reaches(&open, Some(day("2026-03-01"))),
        "not the same day's"
    );
    assert!(
        !reaches(&open, Some(day("2026-02-01"))),
        "not an earlier one"
    );
    assert!(reaches(&open, Some(day("2027-05-01"))));
    assert!(reaches(&open, None), "no begin date: the staff judge");
    let ended = ban(
        player("A", "a", Rank::Dan(3)),
        "2026-03-01",
        Some("2026-12-31"),
    );
    assert!(reaches(&ended, Some(day("2026-12-31"))));
    assert!(
        !reaches(&ended, Some(day("2027-01-01"))),
        "its scope has ended"
    );
}

#[test]
fn flags_name_each_player_a_ban_reaches() {
    let mut s = mcmahon();
    s.general.begin_date = "2026-06-01".into();
    let mut t = Tournament::new(s);
    let banned = t.register(player("Sidorov", "Semyon", Rank::Dan(3)));
    t.register(player("Sidorov", "Sergei", Rank::Dan(3)));
    let bans = [
        ban(
            player("Sidorov", "Semyon", Rank::Dan(2)),
            "2026-03-01",
            None,
        ),
        ban(
            player("Sidorov", "Semyon", Rank::Dan(2)),
            "2026-07-01",
            None,
        ),
    ];
    let found = flags(&t, &bans);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].0, banned);
    assert_eq!(
        found[0].1,
        [&bans[0]],
        "the July ban is not for a June tournament"
    );
}

#[test]
fn a_ban_revoked_on_appeal_is_not_recorded() {
    let mut t = Tournament::new(mcmahon());
    let id = t.register(player("A", "a", Rank::Dan(3)));
    let referee = Official::new("Referee").unwrap();
    let sanction = |until| {
        Act::Sanction(Sanction {
            kind: SanctionKind::SupergroupBan {
                player: id,
                scope: "next season".into(),
                until,
            },
            reason: Reason::new("left the top group without a word").unwrap(),
            violation: None,
        })
    };
    let entry = |n, act| Entry {
        id: EntryId(n),
        at: Moment::from_unix_seconds(1_000 * i64::from(n)),
        by: referee.clone(),
        act,
    };
    let until = Some(day("2027-01-31"));
    let mut book = Book {
        log: Log::from_entries(vec![entry(1, sanction(None)), entry(2, sanction(until))]),
        ..Book::default()
    };
    let kept = recorded(&t, &book);
    assert_eq!(kept.len(), 2);
    assert_eq!((kept[1].until, kept[1].at.unix_seconds()), (until, 2_000));
    let decision = Act::Decision {
        appeal: AppealId(1),
        level: Level::Committee,
        remedies: vec![Remedy::Revoke(EntryId(1))],
    };
    book.log = Log::from_entries(vec![
        entry(1, sanction(None)),
        entry(2, sanction(until)),
        entry(3, decision),
    ]);
    assert_eq!(recorded(&t, &book).len(), 1);
}
